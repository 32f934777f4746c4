// Whole games played by tapping against the real engine (WebAssembly in the page's worker):
// a classic 18×8 deal won from the view's hints (390×844), a stack level 1 won and a level 2
// lost (360×640), a journey's first level cleared (844×390).
import { readFileSync } from "node:fs";
import { check } from "../../lib.mjs";
import { checkEq, scenario } from "../harness.mjs";
import {
  board,
  hud,
  newGame,
  openGame,
  playClassicByHints,
  playLevelByCertificate,
  playStackByHints,
  saved,
  stackDom,
  takeStack,
} from "../game.mjs";
import { tap } from "../touch.mjs";

scenario("classic 18x8 won by tapping the view's hints", "portrait", async (t) => {
  const { page } = t;
  await openGame(page, t.url);
  await newGame(page, { mode: "classic", layout: "18x8", seed: 20261201 });
  checkEq((await board(page)).length, 144, "an 18x8 deal's tiles");
  const options = (await saved(page)).game.options;
  checkEq([options.rows, options.cols, options.seed], [8, 18, "20261201"], "the saved game's layout and seed");
  await t.shot("classic-start");
  const matches = await playClassicByHints(page, async (n) => {
    if (n === 20) await t.shot("classic-midgame");
  });
  checkEq(matches, 72, "matches to clear 144 tiles");
  const won = await page.evaluate(() => ({
    left: document.getElementById("tiles-left").textContent,
    time: document.getElementById("won-time").textContent,
    score: Number(document.getElementById("won-score").textContent),
  }));
  check(won.left === "0" && /^\d\d:\d\d$/.test(won.time) && won.score > 0, `the won dialog: ${JSON.stringify(won)}`);
  checkEq((await saved(page)).game.counters.moves, 72, "the saved game's matches");
  await bestLabelFitsOneLine(page);
  await t.shot("classic-won");
  t.log(`72 matches by hint, score ${won.score}, time ${won.time}`);
});

/** The view's "won.best" sentence in every language, from its table in ui/src/lang/. */
const BEST_LABELS = ["en", "zh-hans", "zh-hant"]
  .flatMap((lang) => [
    ...readFileSync(new URL(`../../../../ui/src/lang/${lang}.ts`, import.meta.url), "utf8").matchAll(/"won\.best": "([^"]+)"/g),
  ])
  .map((m) => m[1].replace("{layout}", "18 × 8"));

/** The won dialog's best label ("Best on 18 × 8") stays on one line, in all three languages. */
async function bestLabelFitsOneLine(page) {
  checkEq(BEST_LABELS.length, 3, "won.best in each language");
  checkEq(await page.textContent("#won-best-label"), "Best on 18 × 8", "the won dialog's best label");
  for (const label of BEST_LABELS) {
    const [line, height] = await page.evaluate((text) => {
      const dt = document.getElementById("won-best-label");
      const kept = dt.textContent;
      dt.textContent = text;
      const one = document.querySelector("#dlg-won .summary dt").getBoundingClientRect().height;
      const h = dt.getBoundingClientRect().height;
      dt.textContent = kept;
      return [one, h];
    }, label);
    check(height < line * 1.5, `"${label}" wraps in the won dialog: ${height}px tall, a line is ${line}px`);
  }
}

scenario("stack level 1 won by tapping the hinted tiles", "small", async (t) => {
  const { page } = t;
  await openGame(page, t.url);
  await newGame(page, { mode: "stack", level: 1, seed: 77 });
  const start = await stackDom(page);
  checkEq(start.slots, 7, "tray slots");
  check(start.board.length >= 12, `a level-1 layout (${start.board.length} tiles)`);
  await t.shot("stack-level1-start");
  const takes = await playStackByHints(page, async (n) => {
    if (n !== 9) return;
    await t.shot("stack-level1-midgame");
    // a reload mid-game resumes the same board, tray and score
    const before = [await stackDom(page), await hud(page)];
    await openGame(page, t.url, { reload: true });
    checkEq([await stackDom(page), await hud(page)], before, "the stack game after a reload");
  });
  checkEq(takes, start.board.length, "one take per tile");
  const summary = await page.evaluate(() => ({
    score: Number(document.getElementById("won-score").textContent),
    props: document.getElementById("won-props").textContent,
  }));
  check(summary.score > 0 && summary.props === "0", `the won dialog: ${JSON.stringify(summary)}`);
  const doc = await saved(page);
  checkEq([doc.mode, doc.tray.length, doc.held.length, doc.history.length], ["stack", 0, 0, takes], "the saved stack game (mode, tray, held, takes)");
  await t.shot("stack-level1-won");
  t.log(`${takes} tiles taken by hint, ${JSON.stringify(summary)}`);
});

scenario("stack level 2 lost by filling the tray", "small", async (t) => {
  const { page } = t;
  await openGame(page, t.url);
  await newGame(page, { mode: "stack", level: 2, seed: 99 });
  for (let step = 0; step < 40; step++) {
    const d = await stackDom(page);
    if (d.tray.length === d.slots) break;
    const count = new Map();
    for (const k of d.trayKinds) count.set(k, (count.get(k) ?? 0) + 1);
    const free = d.board.filter((tile) => tile[2]);
    // a kind the tray lacks, else one it holds once: never a third, so nothing clears
    const pick = free.find((tile) => !count.has(tile[1])) ?? free.find((tile) => count.get(tile[1]) < 2) ?? free[0];
    await takeStack(page, pick[0]);
  }
  await page.waitForSelector("#dlg-lost[open]", { timeout: 10_000 });
  const lost = await stackDom(page);
  checkEq(lost.tray.length, lost.slots, "a full tray");
  const offered = await page.evaluate(() => ["lost-undo", "lost-retry", "lost-new"].filter((id) => !document.getElementById(id).hidden));
  checkEq(offered, ["lost-undo", "lost-retry", "lost-new"], "what the lost dialog offers");
  await t.shot("stack-level2-lost");
  // the lost dialog's Undo takes the last tile back and the game goes on
  await tap(page, "#lost-undo");
  await page.waitForFunction((n) => document.querySelectorAll("#stack-tray .slot .stile").length === n - 1, lost.tray.length);
  check(!(await page.evaluate(() => document.getElementById("dlg-lost").open)), "the lost dialog closed after undo");
  t.log(`tray full after ${lost.tray.length} takes; undo from the dialog took one back`);
});

scenario("journey level 1 cleared by tapping", "landscape", async (t) => {
  const { page } = t;
  await openGame(page, t.url);
  await newGame(page, { mode: "journey", restart: true });
  const bar = await page.evaluate(() => ({
    level: document.getElementById("journey-bar").dataset.level,
    rule: document.getElementById("journey-bar").dataset.rule,
    hidden: document.getElementById("journey-bar").hidden,
  }));
  checkEq(bar, { level: "1", rule: "none", hidden: false }, "the journey bar");
  // The 16 × 9 board fits the landscape phone upright, as a classic board does: 16 tiles a
  // row across the screen (engine columns left to right), no panning, the bar beside it.
  const fit = await page.evaluate(() => {
    const scroll = document.getElementById("board-scroll");
    const tiles = [...document.querySelectorAll("#board button.tile")];
    const first = tiles.find((b) => b.dataset.row === "0" && b.dataset.col === "0").getBoundingClientRect();
    const next = tiles.find((b) => b.dataset.row === "0" && b.dataset.col === "1").getBoundingClientRect();
    const barBox = document.getElementById("journey-bar").getBoundingClientRect();
    const stage = document.getElementById("stage").getBoundingClientRect();
    const apart = barBox.right <= stage.left || barBox.left >= stage.right || barBox.bottom <= stage.top;
    return {
      pans: scroll.scrollWidth > scroll.clientWidth || scroll.scrollHeight > scroll.clientHeight,
      upright: next.left > first.left && next.top === first.top,
      apart,
    };
  });
  checkEq(fit, { pans: false, upright: true, apart: true }, "the journey board on a landscape phone");
  await t.shot("journey-start");
  const matches = await playLevelByCertificate(page, async (n) => {
    if (n === 30) await t.shot("journey-midlevel");
  });
  checkEq(matches, 72, "matches to clear the 16x9 level");
  await page.waitForSelector("#dlg-journey-won[open]", { timeout: 10_000 });
  const won = await page.evaluate(() => ({
    bonus: document.getElementById("journey-won-bonus").textContent,
    total: Number(document.getElementById("journey-won-total").textContent),
  }));
  check(/^\+\d+$/.test(won.bonus) && won.total > 0, `the level's won dialog: ${JSON.stringify(won)}`);
  await t.shot("journey-won");
  await tap(page, "#journey-won-next-btn");
  await page.waitForFunction(() => document.getElementById("journey-bar").dataset.level === "2", null, { timeout: 15_000 });
  checkEq((await hud(page)).left, 144, "level 2's tiles");
  checkEq(Number(await page.textContent("#journey-total")), won.total, "the journey score carried to level 2");
  t.log(`72 matches, ${JSON.stringify(won)}, then level 2`);
});
