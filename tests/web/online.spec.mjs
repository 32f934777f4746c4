// The online daily challenge end to end (issue 29): llk-server (target/release/llk-server,
// `cargo build -p lianliankan-server --release`) serving the web build (web/dist/, `make web`)
// and the API side by side on 127.0.0.1, over a fresh SQLite file. Two players, each in their
// own browser context (their own storage, so their own key), on a 390×844 phone by finger taps:
// each turns "Post my daily results" on with a name, deals today's daily classic from the New
// game dialog, and clears it by tapping the pairs of the deal's certificate (kept in the save:
// no hint, so the win is posted) at a person's pace (the server refuses matches less than
// 150 ms of game time apart). The win dialog must show "Posting…" then the player's rank and the day's top lines;
// the second player's board lists both names; the first player's New game dialog then shows
// both too. Then the same for today's stack challenge: each deals Daily stack from the New game
// dialog and clears it by tapping the tiles of the deal's certificate (kept in the save) at a
// person's pace (the server refuses stack moves less than 100 ms of game time apart); the win
// dialogs show "Rank 1 of 1" then "Rank … of 2", the first player's New game dialog on its Stack
// board lists both names, as does GET /api/v1/leaderboard/{today}/stack. Skipped (with a note)
// when either build is missing.
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startLlkServer } from "../server/llk-server.mjs";
import { CHROMIUM_ARGS, check, DIST, LOAD_MS, PHONES } from "./lib.mjs";
import { openGame, saved, stackSel, tileSel } from "./phone/game.mjs";
import { installTouchGuard, tap } from "./phone/touch.mjs";

const require = createRequire(new URL("../../ui/package.json", import.meta.url));
/** @type {import("playwright-core")} */
const { chromium } = require("playwright-core");

const BIN = fileURLToPath(new URL("../../target/release/llk-server", import.meta.url));
const ART = fileURLToPath(new URL("./artifacts/", import.meta.url));
/**
 * The wait between two taps, well above the server's human bound between two classic matches
 * (150 ms of game time, the first match's counted from 0): the game clock starts at the first
 * tap and is the view's (it may run behind the wall clock around a match).
 */
const TAP_GAP_MS = 250;
/**
 * The wait between stack taps: from the moment the view has drawn a take (the game time of a
 * take is read before it is sent, so before the tile leaves the board) to the next tap, above
 * the server's 100 ms between two stack moves (and before the first, counted from 0).
 */
const STACK_GAP_MS = 160;

for (const [what, path] of [
  ["llk-server (cargo build -p lianliankan-server --release)", BIN],
  ["the web build (make web)", join(DIST, "index.html")],
]) {
  if (!existsSync(path)) {
    // make test builds both (tests/web/run.sh): in CI a missing one is a failure, not a skip
    console.log(`online.spec: ${process.env.CI ? "FAILED" : "skipped"}, ${what} is not built (${path})`);
    process.exit(process.env.CI ? 1 : 0);
  }
}

/** Starts llk-server on a free port over a new SQLite file, serving this web build. */
const startServer = () => startLlkServer({ bin: BIN, webDir: DIST, timeoutMs: LOAD_MS, prefix: "llk-online-" });

const problems = [];
/** The pages' console lines about online play, printed when the run fails. */
const consoleLines = [];

async function phone(browser, origin, who) {
  const context = await browser.newContext({
    viewport: PHONES.portrait,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
  });
  await installTouchGuard(context, (line) => problems.push(`${who}: mouse: ${line}`));
  context.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith(origin) && !/^(data|blob):/.test(u)) problems.push(`${who}: a request beyond the site: ${u}`);
  });
  const page = await context.newPage();
  page.on("pageerror", (e) => problems.push(`${who}: page error: ${e.message}`));
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/.test(m.text())) problems.push(`${who}: CSP: ${m.text()}`);
    if (/online|command refused/.test(m.text())) consoleLines.push(`${who}: ${m.type()}: ${m.text()}`);
  });
  await openGame(page, `${origin}/`);
  return { context, page };
}

/** Settings: posting on, under `name` (typed as a phone keyboard would, then the switch tapped). */
async function turnPostingOn(page, name) {
  await tap(page, "#btn-settings");
  await page.waitForSelector("#set-online:not([hidden])");
  check(await page.isHidden("#set-online-server-field"), "the web build shows no server address field");
  await page.fill("#set-online-name", name);
  await tap(page, "label:has(> #set-online-post)");
  await page.waitForFunction(() => document.getElementById("set-online-post").checked, null, { timeout: 10_000 });
  // the session kept it: the switch stays on, no error under the fields
  await page.waitForTimeout(300);
  check(await page.isHidden("#set-online-error"), `set_online refused: ${await page.textContent("#set-online-error")}`);
  check(await page.isChecked("#set-online-post"), "posting stayed on");
  await tap(page, "#dlg-settings button[type=submit]");
  await page.waitForFunction(() => !document.getElementById("dlg-settings").open);
}

/** New game → Daily classic; waits for the daily deal on screen. */
async function dealDailyClassic(page) {
  await tap(page, "#btn-new");
  await page.waitForSelector("#dlg-new[open]");
  // posting is on: today's board (empty or not) instead of the invitation
  await page.waitForSelector("#daily-board-body .lb", { timeout: 20_000 });
  const before = await page.evaluate(() => document.documentElement.dataset.game);
  await tap(page, "#new-daily");
  await page.waitForFunction(
    (was) => !document.getElementById("dlg-new").open && document.documentElement.dataset.game !== was && !document.getElementById("daily-label").hidden,
    before,
    { timeout: 20_000 },
  );
}

/** Clears the board by its certificate at a person's pace (a tap every TAP_GAP_MS at least); returns the matches. */
async function playCertificate(page) {
  const save = await saved(page);
  const moves = save?.certificate ?? save?.game?.certificate;
  check(Array.isArray(moves) && moves.length > 0, `no certificate in the save: ${JSON.stringify(save)?.slice(0, 200)}`);
  let n = 0;
  for (const [a, b] of moves) {
    const left = Number(await page.textContent("#tiles-left"));
    await tap(page, tileSel(a));
    await page.waitForSelector(`${tileSel(a)}[aria-pressed="true"]`, { timeout: 10_000 });
    await page.waitForTimeout(TAP_GAP_MS);
    await tap(page, tileSel(b));
    await page.waitForFunction((x) => Number(document.getElementById("tiles-left").textContent) === x, left - 2, { timeout: 10_000 });
    await page.waitForTimeout(TAP_GAP_MS);
    n++;
  }
  return n;
}

/**
 * Clears the stack deal shown by its certificate (tile ids in order) at a person's pace; returns
 * the taps. `beforeLast` is awaited before the last tap (the win).
 */
async function playStackCertificate(page, beforeLast = async () => {}) {
  const save = await saved(page);
  const ids = save?.game?.certificate ?? save?.certificate;
  check(
    Array.isArray(ids) && ids.length > 0 && ids.every((id) => Number.isInteger(id)),
    `no stack certificate in the save: ${JSON.stringify(save)?.slice(0, 200)}`,
  );
  // the game clock runs from the moment the deal shows: the first take comes at a person's pace too
  await page.waitForTimeout(STACK_GAP_MS);
  let n = 0;
  for (const id of ids) {
    if (n === ids.length - 1) {
      await beforeLast();
      await page.waitForTimeout(STACK_GAP_MS);
    }
    try {
      await tap(page, stackSel(id));
      await page.waitForFunction((sel) => !document.querySelector(sel), stackSel(id), { timeout: 10_000 });
    } catch (e) {
      const seen = await page.evaluate((sel) => document.querySelector(sel)?.outerHTML.slice(0, 200) ?? null, stackSel(id)).catch(() => null);
      throw new Error(`stack take ${n + 1} of ${ids.length} (tile ${id}) failed: ${String(e.message ?? e).split("\n")[0]}; tile: ${seen}`);
    }
    n++;
    if (n < ids.length) await page.waitForTimeout(STACK_GAP_MS);
  }
  return n;
}

/** New game → Daily stack (the dialog open, its Stack board shown); waits for the stack deal on screen. */
async function dealDailyStack(page) {
  const before = await page.evaluate(() => document.documentElement.dataset.game);
  await tap(page, "#new-daily-stack");
  await page.waitForFunction(
    (was) =>
      !document.getElementById("dlg-new").open &&
      document.documentElement.dataset.game !== was &&
      document.documentElement.dataset.mode === "stack" &&
      !document.getElementById("daily-label").hidden,
    before,
    { timeout: 30_000 },
  );
  await page.locator("#stack-board button.stile").first().waitFor({ timeout: 20_000 });
}

/**
 * The New game dialog's board of `mode` until it lists `want` names: the tab is tapped again
 * every few seconds, as a player would, since a board read is kept for 30 s (KEEP_MS).
 */
async function dialogBoardNames(page, mode, want) {
  const deadline = Date.now() + 60_000;
  let names = [];
  for (;;) {
    await tap(page, `#daily-board-${mode}`);
    await page
      .waitForFunction(
        ([m, n]) =>
          document.getElementById(`daily-board-${m}`).getAttribute("aria-selected") === "true" &&
          document.querySelectorAll("#daily-board-body td.lb-name").length >= n,
        [mode, want],
        { timeout: 4_000 },
      )
      .catch(() => {});
    names = await page.$$eval("#daily-board-body td.lb-name", (tds) => tds.map((td) => td.textContent));
    if (names.length >= want) return names;
    if (Date.now() > deadline) throw new Error(`the New game dialog's ${mode} board lists ${JSON.stringify(names)}, not ${want} names`);
  }
}

/** Scrolls the New game dialog to its end (the board above the sticky buttons), at once. */
async function scrollDialogToEnd(page) {
  await page.evaluate(() => {
    for (let p = document.getElementById("daily-board"); p; p = p.parentElement) {
      if (p.scrollHeight > p.clientHeight + 1) p.scrollTo({ top: p.scrollHeight, behavior: "instant" });
    }
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The win dialog after the post: the status line and the board's names. */
async function wonBoard(page) {
  await page.waitForSelector("#dlg-won[open]", { timeout: 20_000 });
  await page
    .waitForFunction(() => /^Rank \d+ of \d+/.test(document.getElementById("won-online-status").textContent ?? ""), null, {
      timeout: 30_000,
    })
    .catch(async (e) => {
      const seen = await page.evaluate(() => ({
        section: document.getElementById("won-online").hidden ? "(hidden)" : document.getElementById("won-online").textContent,
        toasts: document.getElementById("toasts").textContent,
        daily: document.getElementById("daily-label").textContent,
      }));
      throw new Error(`no rank in the win dialog: ${JSON.stringify(seen)} (${e.message.split("\n")[0]})`);
    });
  await page.waitForSelector("#won-online-board .lb-table");
  return page.evaluate(() => ({
    status: document.getElementById("won-online-status").textContent,
    names: [...document.querySelectorAll("#won-online-board td.lb-name")].map((td) => td.textContent),
    mine: document.querySelector("#won-online-board tr.me td.lb-name")?.textContent ?? null,
  }));
}

mkdirSync(ART, { recursive: true });
const server = await startServer();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
let failed = null;
try {
  const a = await phone(browser, server.origin, "Ada");
  await turnPostingOn(a.page, "Ada <b>");
  await dealDailyClassic(a.page);
  console.log(`  Ada: ${await playCertificate(a.page)} matches`);
  const wonA = await wonBoard(a.page);
  console.log(`  Ada: ${wonA.status}; board ${JSON.stringify(wonA.names)}`);
  check(wonA.status.startsWith("Rank 1 of 1"), `Ada is first of one: ${wonA.status}`);
  check(JSON.stringify(wonA.names) === JSON.stringify(["Ada <b>"]) && wonA.mine === "Ada <b>", `Ada's board: ${JSON.stringify(wonA)}`);
  await a.page.screenshot({ path: join(ART, "online-ada-won.png") });

  const b = await phone(browser, server.origin, "Bo");
  await turnPostingOn(b.page, "Bo 李");
  await dealDailyClassic(b.page);
  console.log(`  Bo: ${await playCertificate(b.page)} matches`);
  const wonB = await wonBoard(b.page);
  console.log(`  Bo: ${wonB.status}; board ${JSON.stringify(wonB.names)}`);
  check(/^Rank [12] of 2/.test(wonB.status), `Bo is ranked of two: ${wonB.status}`);
  check(wonB.names.length === 2 && wonB.names.includes("Ada <b>") && wonB.names.includes("Bo 李"), `Bo's board: ${JSON.stringify(wonB)}`);
  check(wonB.mine === "Bo 李", `Bo's own line is marked: ${JSON.stringify(wonB)}`);
  await b.page.screenshot({ path: join(ART, "online-bo-won.png") });

  // Ada's New game dialog: both names on today's classic board
  await tap(a.page, "#won-new");
  await a.page.waitForSelector("#dlg-new[open]");
  const adaSees = await dialogBoardNames(a.page, "classic", 2);
  await scrollDialogToEnd(a.page);
  console.log(`  Ada's New game dialog: ${JSON.stringify(adaSees)}`);
  check(adaSees.includes("Ada <b>") && adaSees.includes("Bo 李"), `Ada's classic board: ${JSON.stringify(adaSees)}`);
  await a.page.screenshot({ path: join(ART, "online-ada-newgame.png") });

  // the stack challenge: nobody has finished it yet. Both play it at once (two phones), Bo's
  // last tap waiting until Ada's win dialog shows her rank: she is first of one, he is ranked of two.
  await tap(a.page, "#daily-board-stack");
  await a.page.waitForFunction(() => /Nobody/.test(document.getElementById("daily-board-body").textContent), null, { timeout: 20_000 });
  await dealDailyStack(a.page);
  await a.page.screenshot({ path: join(ART, "online-ada-daily-stack.png") });
  const t0 = Date.now();
  const adaStack = (async () => {
    console.log(`  Ada: ${await playStackCertificate(a.page)} stack taps (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    const won = await wonBoard(a.page);
    console.log(`  Ada (stack): ${won.status}; board ${JSON.stringify(won.names)}`);
    check(won.status.startsWith("Rank 1 of 1"), `Ada is first of one on the stack board: ${won.status}`);
    check(JSON.stringify(won.names) === JSON.stringify(["Ada <b>"]) && won.mine === "Ada <b>", `Ada's stack board: ${JSON.stringify(won)}`);
    await a.page.screenshot({ path: join(ART, "online-ada-stack-won.png") });
    return won;
  })();
  // Bo: from the classic win dialog to the New game dialog's Stack board, then Daily stack
  const boStack = (async () => {
    await tap(b.page, "#won-new");
    await b.page.waitForSelector("#dlg-new[open]");
    await tap(b.page, "#daily-board-stack");
    await b.page.waitForFunction(
      () => document.getElementById("daily-board-stack").getAttribute("aria-selected") === "true" && document.querySelector("#daily-board-body .lb"),
      null,
      { timeout: 20_000 },
    );
    await dealDailyStack(b.page);
    console.log(`  Bo: ${await playStackCertificate(b.page, () => adaStack)} stack taps (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    const won = await wonBoard(b.page);
    console.log(`  Bo (stack): ${won.status}; board ${JSON.stringify(won.names)}`);
    check(/^Rank [12] of 2/.test(won.status), `Bo is ranked of two on the stack board: ${won.status}`);
    check(won.names.length === 2 && won.names.includes("Ada <b>") && won.names.includes("Bo 李"), `Bo's stack board: ${JSON.stringify(won)}`);
    check(won.mine === "Bo 李", `Bo's own stack line is marked: ${JSON.stringify(won)}`);
    await b.page.screenshot({ path: join(ART, "online-bo-stack-won.png") });
    return won;
  })();
  await Promise.all([adaStack, boStack]);

  // Ada's New game dialog, switched to the Stack board: both names
  await tap(a.page, "#won-new");
  await a.page.waitForSelector("#dlg-new[open]");
  const adaSeesStack = await dialogBoardNames(a.page, "stack", 2);
  console.log(`  Ada's New game dialog (Stack): ${JSON.stringify(adaSeesStack)}`);
  check(adaSeesStack.length === 2 && adaSeesStack.includes("Ada <b>") && adaSeesStack.includes("Bo 李"), `Ada sees on the stack board: ${JSON.stringify(adaSeesStack)}`);
  await scrollDialogToEnd(a.page);
  await a.page.screenshot({ path: join(ART, "online-ada-newgame-stack.png") });

  // the server's own word
  const today = await a.page.evaluate(() => new Date().toISOString().slice(0, 10));
  const api = await (await fetch(`${server.origin}/api/v1/leaderboard/${today}/stack`)).json();
  const apiNames = api.top.map((l) => l.name);
  console.log(`  GET /api/v1/leaderboard/${today}/stack: ${api.finishers} finishers ${JSON.stringify(apiNames)}`);
  check(api.finishers === 2 && apiNames.includes("Ada <b>") && apiNames.includes("Bo 李"), `the server's stack board: ${JSON.stringify(api)}`);
  check(problems.length === 0, problems.join("\n"));
  console.log("online.spec: ok");
} catch (e) {
  failed = e;
} finally {
  await browser.close();
  await server.stop();
}
if (failed) {
  console.error(`online.spec: FAILED: ${failed.stack ?? failed}\n${problems.join("\n")}\n${consoleLines.join("\n")}\nserver log:\n${server.log().slice(-2000)}`);
  process.exit(1);
}
