// Smoke test of the built web site (web/dist/) in Chromium as a 390×844 phone: a first visit
// shows the rule card before the view's script runs, and the view takes it over; the first board
// comes from the real engine (WebAssembly in a worker), two taps match a pair, each drawn in
// its own task before the engine answers it, Chromium
// reports no installability error, and with the network off a reload still resumes the game
// from the service worker's cache and the saved state, its tiles' face images too.
import {
  boardCells,
  check,
  dismissIntro,
  launchPhone,
  LOAD_MS,
  serviceWorkerInControl,
  startServer,
  tap,
} from "./lib.mjs";

/**
 * Every distinct face image of the board's tiles (their CSS background images), loaded and
 * decoded in the page: a face missing from the service worker's cache, or refused by the
 * Content-Security-Policy, fails. Returns how many there were.
 */
async function facesDecoded(page) {
  const urls = await page.$$eval("#board button.tile .face", (fs) => [
    ...new Set(fs.map((f) => getComputedStyle(f).backgroundImage)),
  ]);
  check(urls.length > 0 && urls.every((u) => u.startsWith("url(")), `face images: ${urls.join(", ")}`);
  const failed = await page.evaluate(async (css) => {
    const bad = [];
    for (const u of css) {
      const img = new Image();
      img.src = u.slice(5, -2);
      await img.decode().catch(() => bad.push(img.src));
    }
    return bad;
  }, urls);
  check(failed.length === 0, `face images that did not load: ${failed.join(", ")}`);
  return urls.length;
}

/**
 * Runs in the page before its scripts: records whether the boot script marked a first visit
 * (`<html data-intro>`, which shows the page's own copy of the rule card until the view takes
 * it over and clears the mark).
 */
function watchIntroMark() {
  window.__introMarked = false;
  // the document, as its root element may not be parsed yet
  new MutationObserver(() => {
    if (document.documentElement?.dataset.intro !== undefined) window.__introMarked = true;
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-intro"] });
}

/** The rule card in the page itself: its visible language block's rule, or null if hidden. */
const staticRule = (page) =>
  page.evaluate(() => {
    const card = document.getElementById("intro-static");
    if (!card || getComputedStyle(card).display === "none") return null;
    const shown = [...card.querySelectorAll(".intro-rule")].filter((p) => p.offsetParent !== null);
    return shown.length === 1 ? { lang: shown[0].parentElement.lang, text: shown[0].textContent, inert: card.inert } : { shown: shown.length };
  });

const server = await startServer();
const phone = await launchPhone();
const { page, context } = phone;
try {
  await context.addInitScript(watchIntroMark);
  // A first visit shows the rule card in the page's first paint, before the view's script: here
  // that script never arrives, and the card is there, in the browser's language, inert.
  const viewScript = /\/assets\/index-[\w-]+\.js$/;
  await page.route(viewScript, (route) => route.abort());
  await page.goto(server.url);
  const early = await staticRule(page);
  check(
    early?.lang === "en" && early.text.startsWith("Tap two matching tiles") && early.inert === true,
    `the first visit's card before the view: ${JSON.stringify(early)}`,
  );
  await page.unroute(viewScript);
  // with the view, the card it opens takes the page's copy's place
  await page.reload();
  await page.waitForSelector("#dlg-intro[open].adopted", { timeout: LOAD_MS });
  check(await page.evaluate(() => window.__introMarked === true), "the first visit was not marked");
  // the copy stays under the card until the card has been on screen (first-launch.ts)
  await page.waitForFunction(() => !document.getElementById("intro-static") && document.documentElement.dataset.intro === undefined, null, {
    timeout: 5_000,
  });
  await page.waitForSelector("#board button.tile", { timeout: LOAD_MS });
  await dismissIntro(page);
  const shown = await page.evaluate(() => performance.now());
  const first = await boardCells(page);
  check(first.length > 0, "no tiles on the first board");
  console.log(`first board: ${first.length} tiles, ${shown.toFixed(0)} ms after navigation (cold, unthrottled)`);

  // a pair the engine says joins: its hint marks two tiles, two taps match them
  await tap(page, "#btn-hint");
  await page.waitForSelector("#board button.tile[data-hint]");
  const hinted = await page.$$eval("#board button.tile[data-hint]", (ts) =>
    ts.map((t) => `#board button.tile[data-row="${t.dataset.row}"][data-col="${t.dataset.col}"]`),
  );
  check(hinted.length === 2, `the hint marked ${hinted.length} tiles`);
  // each hinted tile shows its pulsing dashed ring (its face's ::after, board.css)
  const rings = await page.$$eval("#board button.tile[data-hint] .face", (fs) =>
    fs.map((f) => {
      const ring = getComputedStyle(f, "::after");
      return `${ring.animationName} ${ring.borderTopStyle}`;
    }),
  );
  check(rings.length === 2 && rings.every((r) => r === "hint-pulse dashed"), `the hinted tiles' rings: ${rings.join(", ")}`);
  // A tap's answer is drawn in the tap's own task, from what the engine said before it
  // (GameView.links): the first tile is selected, and the second vanishes with it along its
  // line, before the worker has answered either tap (a click and a read in one task).
  const clickAndLook = (sel) =>
    page.evaluate(
      ([s, pair]) => {
        document.getElementById("announcer").textContent = "";
        document.querySelector(s).click();
        return pair.map((p) => {
          const tile = document.querySelector(p);
          return { pressed: tile.getAttribute("aria-pressed"), vanishing: tile.classList.contains("vanishing") };
        });
      },
      [sel, hinted],
    );
  const firstTap = await clickAndLook(hinted[0]);
  check(firstTap[0].pressed === "true" && firstTap[1].pressed !== "true", `the pair in the first tap's task: ${JSON.stringify(firstTap)}`);
  // the engine's answer: its announcement (after the frame that showed it)
  await page.waitForFunction(() => document.getElementById("announcer").textContent !== "");
  const secondTap = await clickAndLook(hinted[1]);
  check(secondTap.every((t) => t.vanishing), `the pair in the second tap's task: ${JSON.stringify(secondTap)}`);
  await page.waitForFunction((n) => document.querySelectorAll("#board button.tile").length === n - 2, first.length);
  const played = await boardCells(page);
  console.log(`after two taps: ${played.length} tiles`);

  // the match's save is stored after the frame that shows it (ui/src/web/save-queue.ts)
  await page.waitForFunction(() => window.__llkWeb?.unsaved === 0);
  const saved = await page.evaluate(() => localStorage.getItem("llk/game.json"));
  check(saved !== null && saved.length > 0, "the game was not saved to llk/game.json");

  // a returning visit (a game saved) is no first visit: no card in the page
  await page.reload();
  await page.waitForSelector("#board button.tile", { timeout: LOAD_MS });
  check(await page.evaluate(() => window.__introMarked === false), "a returning visit was marked as a first visit");

  await serviceWorkerInControl(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  check(
    installabilityErrors.length === 0,
    `installability errors: ${JSON.stringify(installabilityErrors)}`,
  );
  console.log("installability errors: none");

  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector("#board button.tile", { timeout: LOAD_MS });
  await page.waitForFunction((n) => document.querySelectorAll("#board button.tile").length === n, played.length);
  const resumed = await boardCells(page);
  check(JSON.stringify(resumed) === JSON.stringify(played), "offline reload did not resume the same board");
  console.log("offline reload: resumed the same board");
  const faces = await facesDecoded(page);
  console.log(`offline reload: ${faces} face images decoded`);

  check(phone.problems.length === 0, `page problems:\n${phone.problems.join("\n")}`);
  console.log("smoke: ok");
} finally {
  await phone.close();
  await server.close();
}
