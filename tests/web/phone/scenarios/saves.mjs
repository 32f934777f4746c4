// The save in the browser's storage, as a phone meets it: a reload mid-game resumes exactly
// (board, score, counters, undo history), a reload with the network off resumes from the
// service worker's cache, a damaged save is set aside with the desktop's notice, and a full
// storage quota gives a clear notice while play goes on.
import { check, serviceWorkerInControl } from "../../lib.mjs";
import { checkEq, scenario } from "../harness.mjs";
import { board, hintPair, hud, matchPair, newGame, openGame, saved, viewNotice, waitForBoard, webNotice } from "../game.mjs";
import { tap } from "../touch.mjs";

/** What must survive a reload: the board and the HUD's numbers. */
const shown = async (page) => ({ board: await board(page), hud: await hud(page) });

/** Seconds on the HUD's clock ("mm:ss"). */
const clockSeconds = async (page) => {
  const [m, s] = (await page.textContent("#timer")).split(":").map(Number);
  return m * 60 + s;
};

scenario("reload mid-game resumes exactly, undo history included", "portrait", async (t) => {
  const { page } = t;
  await openGame(page, t.url);
  await newGame(page, { mode: "classic", layout: "18x8", seed: 4242 });
  // before each of five matches: what the page showed
  const before = [];
  // the game clock cannot run faster than the wall clock: from here on it gains at most the
  // seconds this test takes (a bound that holds however slow the machine)
  let lastMatchAt = 0;
  for (let i = 0; i < 5; i++) {
    before.push(await shown(page));
    lastMatchAt = Date.now();
    await matchPair(page, await hintPair(page));
  }
  const last = await shown(page);
  const save = (await saved(page)).game;
  checkEq(save.counters, { hints: 5, moves: 5, shuffles: 0, undos: 0 }, "the saved counters before the reload");
  checkEq(save.history.length, 5, "the saved undo history before the reload");

  await openGame(page, t.url, { reload: true });
  checkEq(await shown(page), last, "board and HUD after the reload");
  const clock = await clockSeconds(page);
  const savedSeconds = Math.floor(save.elapsed_ms / 1000);
  // saved at the last match; since then the clock ran at most as long as the wall clock did
  const most = Math.floor((save.elapsed_ms + (Date.now() - lastMatchAt)) / 1000);
  check(clock >= savedSeconds && clock <= most, `the clock resumes at ${clock} s (saved ${save.elapsed_ms} ms, at most ${most} s by now)`);
  checkEq((await saved(page)).game.counters, save.counters, "the counters after the reload");
  await t.shot("resumed-after-reload");

  // the undo history came back with the game: two undos walk back over the last two matches
  for (const [n, want] of [[1, before[4]], [2, before[3]]]) {
    await tap(page, "#btn-undo");
    await page.waitForFunction((left) => Number(document.getElementById("tiles-left").textContent) === left, want.hud.left);
    checkEq(await shown(page), want, `board and HUD after undo ${n}`);
    const now = (await saved(page)).game;
    checkEq(now.counters, { ...save.counters, moves: save.counters.moves - n, undos: n }, `the counters after undo ${n}`);
    checkEq(now.history.length, save.history.length - n, `the history after undo ${n}`);
  }
  t.log(`5 matches, reload, same board and HUD ${JSON.stringify(last.hud)}, two undos went back`);
});

scenario("a move the page has not stored yet is stored when the page hides", "portrait", async (t) => {
  const { page } = t;
  await openGame(page, t.url);
  const moves = (await saved(page)).game.counters.moves;
  // the moment the match shows (the HUD's count of tiles changes, before the frame is drawn),
  // the page goes away: its `pagehide` must store the save before the handler returns
  await page.evaluate(() => {
    const left = document.getElementById("tiles-left");
    const obs = new MutationObserver(() => {
      obs.disconnect();
      const waiting = window.__llkWeb.unsaved;
      window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false }));
      const text = localStorage.getItem("llk/game.json");
      window.__llkHidden = { waiting, after: window.__llkWeb.unsaved, moves: JSON.parse(text).game.counters.moves };
    });
    obs.observe(left, { childList: true, characterData: true, subtree: true });
  });
  await matchPair(page, await hintPair(page));
  const hidden = await page.waitForFunction(() => window.__llkHidden ?? null).then((h) => h.jsonValue());
  check(hidden.waiting > 0, `the match's save waited for the frame (${hidden.waiting} ops waiting)`);
  checkEq([hidden.after, hidden.moves], [0, moves + 1], "ops waiting and the saved moves right after pagehide");
  // closed at once, the tab keeps the move
  const shown = await board(page);
  const second = await t.newPage();
  await page.close();
  await openGame(second, t.url);
  checkEq(await board(second), shown, "the board in a new tab after the first was closed");
  t.log(`the match's ${hidden.waiting} storage op(s) waited for the frame; pagehide stored them`);
});

scenario("offline reload resumes from the service worker", "landscape", async (t) => {
  const { page, context } = t;
  await openGame(page, t.url);
  await serviceWorkerInControl(page);
  for (let i = 0; i < 2; i++) await matchPair(page, await hintPair(page));
  const before = await shown(page);

  await context.setOffline(true);
  check(!(await page.evaluate(() => navigator.onLine)), "the page is offline");
  await page.reload();
  await waitForBoard(page);
  checkEq(await shown(page), before, "board and HUD after the offline reload");
  check(await page.evaluate(() => navigator.serviceWorker.controller !== null), "the service worker serves the page");
  // the engine runs offline too: a match, saved
  const moves = (await saved(page)).game.counters.moves;
  await matchPair(page, await hintPair(page));
  checkEq((await saved(page)).game.counters.moves, moves + 1, "the offline match is saved");
  await t.shot("offline-resumed");
  t.log(`offline reload: same ${before.board.length} tiles, then a match offline`);
});

const GARBAGE = '{"format":"lianliankan-save","game":{"board": this is not JSON \u0000';

scenario("a damaged save is set aside with a notice, and a fresh game plays", "small", async (t) => {
  const { page, context } = t;
  // garbage in the save before the page's first load (once: a reload keeps what was saved)
  await context.addInitScript((garbage) => {
    if (sessionStorage.getItem("llk-test/damaged") === null) {
      sessionStorage.setItem("llk-test/damaged", "1");
      localStorage.setItem("llk/game.json", garbage);
    }
  }, GARBAGE);
  await openGame(page, t.url);
  const notice = await viewNotice(page);
  check(
    notice !== null && notice.includes("saved game could not be used") && notice.includes("game.json.corrupt"),
    `the set-aside notice: ${JSON.stringify(notice)}`,
  );
  checkEq(await page.evaluate(() => localStorage.getItem("llk/game.json.corrupt")), GARBAGE, "the damaged save kept aside");
  await t.shot("damaged-save-notice");
  const fresh = await shown(page);
  check(fresh.board.length > 0 && fresh.board.length === fresh.hud.left, `a fresh game: ${fresh.board.length} tiles, HUD ${fresh.hud.left}`);
  await tap(page, "#notice-close");
  await page.waitForFunction(() => document.getElementById("notice").hidden);
  await matchPair(page, await hintPair(page));
  checkEq((await saved(page)).format, "lianliankan-save", "the fresh game is saved");
  const played = await shown(page);
  await openGame(page, t.url, { reload: true });
  checkEq(await viewNotice(page), null, "no notice once the save is whole");
  checkEq(await shown(page), played, "the fresh game resumes");
  t.log(`notice: ${notice}`);
});

scenario("a full storage quota gives a notice and play goes on", "landscape", async (t) => {
  const { page } = t;
  await openGame(page, t.url);
  await matchPair(page, await hintPair(page));
  // Fill the origin's storage until not one more character fits: whole keys of 1 MB, then
  // the last key grows by halving steps (a new key's name would leave room for a few chars).
  // The page writes on its own too (the match's save after its frame, the clock's every 15 s:
  // a save one digit longer would not fit), so the filling starts once nothing waits to be
  // stored, and the notice is read in the same task: no write of the page's comes between.
  const filled = await page.evaluate(async () => {
    const until = Date.now() + 10_000;
    while (window.__llkWeb.unsaved > 0) {
      if (Date.now() > until) throw new Error(`${window.__llkWeb.unsaved} storage op(s) still wait after 10 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const fits = (key, value) => {
      try {
        localStorage.setItem(key, value);
        return true;
      } catch (e) {
        if (e instanceof DOMException && e.name === "QuotaExceededError") return false;
        throw e;
      }
    };
    const chunk = "x".repeat(1 << 20);
    let keys = 0;
    while (fits(`filler/${keys}`, chunk)) keys++;
    const last = `filler/${keys}`;
    let value = "";
    for (let size = 1 << 20; size >= 1; size >>= 1) {
      const more = "x".repeat(size);
      while (fits(last, value + more)) value += more;
    }
    const notice = document.getElementById("llk-web-notice-text")?.textContent ?? null;
    return { keys: keys + 1, chars: keys * chunk.length + value.length, notice, problems: [...window.__llkWeb.problems] };
  });
  checkEq([filled.notice, filled.problems], [null, []], "no notice (nor storage problem) before the storage is needed");

  // the hint's own save may already not fit (the file grew a digit); else the match's does
  const pair = await hintPair(page);
  let notice = await webNotice(page);
  if (notice === null) {
    await matchPair(page, pair);
    notice = await webNotice(page);
  }
  check(notice !== null && notice.includes("storage for this site is full"), `the storage-full notice: ${JSON.stringify(notice)}`);
  checkEq(await page.evaluate(() => window.__llkWeb.problems), ["full"], "the shell's storage problems");
  await t.shot("storage-full-notice");
  // the banner lies over the board's bottom rows: the player dismisses it and plays on,
  // unsaved (the save only grows from here: nothing more fits), and it does not come back
  await tap(page, "#llk-web-notice-close");
  await page.waitForFunction(() => !document.getElementById("llk-web-notice"));
  const stale = await page.evaluate(() => localStorage.getItem("llk/game.json"));
  for (let i = 0; i < 3; i++) await matchPair(page, await hintPair(page));
  checkEq(await webNotice(page), null, "the notice, once (dismissed, it stays away)");
  checkEq(await page.evaluate(() => localStorage.getItem("llk/game.json")), stale, "nothing more was saved");
  t.log(`filled ${filled.chars} characters in ${filled.keys} keys; notice: ${notice}`);
});
