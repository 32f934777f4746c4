// e2e scenarios of what the player reads: a damaged saved game is reported in
// the player's language, without the parser's reason or a file path, in a notice that
// wraps on a 360 px phone with its Dismiss button on screen; the fresh game keeps the
// player's settings and the layout the damaged save still showed.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { APP_DATA, appState, assert, assertEq, click, launch, shot, test, text } from "../lib.mjs";

test("damaged save: a translated notice wraps at 360 px, and the fresh game keeps the layout", async () => {
  mkdirSync(APP_DATA, { recursive: true });
  writeFileSync(join(APP_DATA, "settings.json"), JSON.stringify({ language: "zh-Hans", auto_shuffle: false }));
  // A classic save whose board was scribbled over: its options still read.
  const options = { rows: 6, cols: 14, kinds: 21, seed: "5", solvable: true, ring: false, auto_shuffle: false, slide: "none" };
  writeFileSync(
    join(APP_DATA, "game.json"),
    JSON.stringify({ format: "lianliankan-save", version: 1, mode: "classic", game: { options, board: "scribbled" } }),
  );
  const b = await launch({ width: 360, height: 640 });
  try {
    await b.$("#notice").waitForDisplayed({ timeout: 5000 });
    const notice = await text(b, "#notice-text");
    assert(notice.includes("保存的游戏无法使用"), `the notice is in the player's language: ${notice}`);
    assert(notice.includes("game.json.corrupt"), `it names the kept file: ${notice}`);
    assert(!/[/\\]|line \d|expected/.test(notice), `no path or parser error: ${notice}`);
    const fit = await b.execute(() => {
      const n = document.getElementById("notice").getBoundingClientRect();
      const d = document.getElementById("notice-close").getBoundingClientRect();
      return { width: innerWidth, notice: [n.left, n.right], dismiss: [d.left, d.right, d.width] };
    });
    assert(fit.notice[0] >= 0 && fit.notice[1] <= fit.width, `the notice fits: ${JSON.stringify(fit)}`);
    assert(fit.dismiss[0] >= 0 && fit.dismiss[1] <= fit.width && fit.dismiss[2] > 0, `Dismiss is on screen: ${JSON.stringify(fit)}`);
    await shot(b, "damaged-save-notice-360");
    const s = await appState(b);
    assertEq([s.rows, s.cols, s.options.kinds, s.options.ring], [6, 14, 21, false], "the fresh game keeps the layout");
    assertEq(s.options.auto_shuffle, false, "and the settings");
    assertEq(s.counters.moves, 0, "a fresh deal");
    await click(b, "#notice-close");
    await b.waitUntil(() => b.execute(() => document.getElementById("notice").hidden), { timeout: 3000, timeoutMsg: "Dismiss did not close the notice" });
  } finally {
    await b.deleteSession();
  }
});
