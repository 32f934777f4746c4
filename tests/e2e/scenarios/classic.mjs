// e2e scenarios of the classic game: matching, hints, shuffle, undo, keyboard, a whole game,
// resume after relaunch, the phone window, languages.
import { join } from "node:path";
import {
  assert,
  assertEq,
  checkPath,
  click,
  grid,
  hintPair,
  launch,
  matchPair,
  multiset,
  newGame,
  playToWin,
  shot,
  test,
  text,
  tilesLeft,
  waitGone,
  waitSaved,
} from "../lib.mjs";

test("seeded deal: select a pair, path and removal; retry gives the same board", async () => {
  const b = await launch();
  try {
    await newGame(b, { layout: "10x10", seed: "12345" });
    const g0 = await grid(b);
    assertEq(multiset(g0).length, 100, "a 10x10 deal has 100 tiles");
    // every tile is a real button with data attributes and a label
    const label = await b.execute(() => document.querySelector("button.tile").getAttribute("aria-label"));
    assert(/row \d+, column \d+/.test(label), `tile label: ${label}`);
    const pair = await hintPair(b);
    const { path } = await matchPair(b, pair);
    checkPath(path, pair[0], pair[1]);
    await waitGone(b, pair);
    const g1 = await grid(b);
    assertEq(g1[pair[0][0]][pair[0][1]], null, "first tile removed");
    assertEq(g1[pair[1][0]][pair[1][1]], null, "second tile removed");
    assertEq(multiset(g1).length, 98, "98 tiles left");
    await shot(b, "seeded-after-match");
    // retry this board: same seed and options → the same deal
    await click(b, "#btn-new");
    await b.$("#dlg-new[open]").waitForExist({ timeout: 5000 });
    await click(b, "#new-retry");
    await b.waitUntil(async () => (await tilesLeft(b)) === 100, { timeout: 10_000 });
    assertEq(await grid(b), g0, "retry deals the same board");
    assertEq(await text(b, "#seed"), "12345", "seed kept");
    // the same seed dealt again after a match: the seed shown does not change, so newGame
    // waits for the view's next game number; the board is whole as soon as it returns
    const again = await hintPair(b);
    await matchPair(b, again);
    await waitGone(b, again);
    await newGame(b, { layout: "10x10", seed: "12345" });
    assertEq(await grid(b), g0, "the same seed dealt again: the whole board at once");
  } finally {
    await b.deleteSession();
  }
});

test("hint, shuffle keeps the tiles, undo brings them back", async () => {
  const b = await launch();
  try {
    await newGame(b, { layout: "14x6", seed: "777" });
    const g0 = await grid(b);
    // shuffle: same multiset, same count
    await click(b, "#btn-shuffle");
    // the shuffle's board (read before its answer the old board would pass the check below)
    let g1 = g0;
    await b.waitUntil(
      async () => {
        g1 = await grid(b);
        return JSON.stringify(g1) !== JSON.stringify(g0);
      },
      { timeout: 10_000, timeoutMsg: "the shuffle moved no tile" },
    );
    assertEq(multiset(g1), multiset(g0), "shuffle keeps the tile multiset");
    // undo after a match
    const pair = await hintPair(b);
    const before = await grid(b);
    await matchPair(b, pair);
    await waitGone(b, pair);
    const undo = await b.$("#btn-undo");
    assert(await undo.isEnabled(), "undo enabled after a match");
    await undo.click();
    await b.waitUntil(async () => (await tilesLeft(b)) === multiset(before).length, {
      timeout: 5000,
      timeoutMsg: "undo did not restore the tile count",
    });
    const after = await grid(b);
    assertEq(after[pair[0][0]][pair[0][1]], before[pair[0][0]][pair[0][1]], "first tile back");
    assertEq(after[pair[1][0]][pair[1][1]], before[pair[1][0]][pair[1][1]], "second tile back");
    assertEq(multiset(after), multiset(before), "undo restores the multiset");
    await shot(b, "after-undo");
  } finally {
    await b.deleteSession();
  }
});

test("keyboard: arrows move focus, Enter selects, P pauses and hides the board", async () => {
  const b = await launch();
  try {
    await newGame(b, { layout: "10x10", seed: "4242" });
    await b.execute(() => document.querySelector("button.tile[tabindex='0']").focus());
    const pos = () => b.execute(() => [document.activeElement?.dataset.row, document.activeElement?.dataset.col].join(","));
    const p0 = await pos();
    await b.keys(["ArrowRight"]);
    const p1 = await pos();
    assert(p1 !== p0, `ArrowRight moved focus (${p0} → ${p1})`);
    await b.keys(["ArrowDown"]);
    await b.keys(["Enter"]);
    await b.waitUntil(() => b.execute(() => document.activeElement?.getAttribute("aria-pressed") === "true"), {
      timeout: 5000,
      timeoutMsg: "Enter did not select the focused tile",
    });
    const t0 = await text(b, "#timer");
    await b.keys(["p"]);
    await b.waitUntil(() => b.execute(() => !document.getElementById("paused").hidden), { timeout: 3000 });
    const boardShown = await (await b.$("#board .tile")).isDisplayed();
    assert(!boardShown, "board hidden while paused");
    await shot(b, "paused");
    const tp = await text(b, "#timer");
    await b.pause(1300);
    assertEq(await text(b, "#timer"), tp, "clock stopped while paused");
    await click(b, "#btn-resume");
    await b.waitUntil(() => b.execute(() => document.getElementById("paused").hidden), { timeout: 3000 });
    assert(t0 !== undefined, "timer read");
    await b.keys(["h"]);
    await b.waitUntil(async () => (await b.$$("button.tile[data-hint]")).length === 2, {
      timeout: 5000,
      timeoutMsg: "H did not show a hint",
    });
  } finally {
    await b.deleteSession();
  }
});

test("plays a whole 10x10 deal to the win summary by taking hints", async () => {
  const b = await launch();
  try {
    await newGame(b, { layout: "10x10", seed: "2024" });
    const steps = await playToWin(b, "win-10x10");
    const summary = await b.execute(() => ({
      time: document.getElementById("won-time").textContent,
      score: document.getElementById("won-score").textContent,
      best: document.getElementById("won-best").textContent,
    }));
    assert(/^\d\d:\d\d$/.test(summary.time), `won time ${summary.time}`);
    assertEq(summary.score, await text(b, "#score"), "won score equals the HUD score");
    assert(summary.best !== "–", "best score shown");
    await shot(b, "won-10x10");
    const csp = await b.execute(() => window.__llkMetrics?.cspViolations ?? ["no metrics"]);
    assertEq(csp, [], "no Content-Security-Policy violations during a whole game");
    console.log(`    won in ${steps} hinted matches, ${JSON.stringify(summary)}`);
  } finally {
    await b.deleteSession();
  }
});

test("quit and relaunch resumes the same board", async () => {
  let b = await launch();
  let saved;
  try {
    await newGame(b, { layout: "14x6", seed: "99" });
    for (let i = 0; i < 2; i++) {
      const pair = await hintPair(b);
      await matchPair(b, pair);
      await waitGone(b, pair);
    }
    saved = { grid: await grid(b), left: await tilesLeft(b), seed: await text(b, "#seed"), score: await text(b, "#score") };
    await waitSaved(b, (doc) => doc.game?.counters?.moves === 2, "the two matches");
  } finally {
    await b.deleteSession();
  }
  b = await launch();
  try {
    await b.waitUntil(async () => (await text(b, "#seed")) === saved.seed, { timeout: 10_000, timeoutMsg: "seed not resumed" });
    assertEq(await tilesLeft(b), saved.left, "same tiles left");
    assertEq(await grid(b), saved.grid, "same board");
    assertEq(await text(b, "#score"), saved.score, "same score");
    await shot(b, "resumed");
  } finally {
    await b.deleteSession();
  }
});

test("phone window 390x844: 10x10 with 40 px tall tiles and no sideways scrolling, every button reachable", async () => {
  const b = await launch({ width: 390, height: 844 });
  try {
    const inner = await b.execute(() => [window.innerWidth, window.innerHeight]);
    assert(inner[0] <= 420, `window is narrow (${inner})`);
    await newGame(b, { layout: "10x10", seed: "31337" });
    const m = await b.execute(() => {
      const t = document.querySelector("button.tile").getBoundingClientRect();
      const s = document.getElementById("board-scroll");
      const buttons = [...document.querySelectorAll(".actions .btn:not([hidden])")].map((e) => {
        const r = e.getBoundingClientRect();
        return { id: e.id, inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5 && r.width >= 40 - 0.5 && r.height >= 40 - 0.5 };
      });
      return {
        tile: [t.width, t.height],
        scrollable: s.scrollWidth > s.clientWidth || s.scrollHeight > s.clientHeight,
        sideways: document.scrollingElement.scrollWidth > innerWidth || s.scrollWidth > s.clientWidth,
        buttons,
      };
    });
    // ten columns of 40 px do not fit 390 px: the cells (the tap targets) keep 40 px of
    // height and give up width (at least 32 px) rather than pan sideways
    assert(m.tile[1] >= 39.5 && m.tile[0] >= 31.5, `tiles ${m.tile}`);
    assert(!m.sideways, "nothing scrolls sideways");
    for (const btn of m.buttons) assert(btn.inside, `button ${btn.id} not fully visible at ≥40 px`);
    for (let i = 0; i < 3; i++) {
      const pair = await hintPair(b);
      const { path } = await matchPair(b, pair);
      checkPath(path, pair[0], pair[1]);
    }
    await shot(b, "phone-390x844");
    console.log(`    tile ${m.tile.map((x) => x.toFixed(1)).join("x")} px, board scrolls: ${m.scrollable}`);
  } finally {
    await b.deleteSession();
  }
});

test("language switch to 简体中文 and 繁體中文 relabels the view", async () => {
  const b = await launch();
  try {
    await click(b, "#btn-settings");
    await b.$("#dlg-settings[open]").waitForExist({ timeout: 5000 });
    await (await b.$("#set-language")).selectByAttribute("value", "zh-Hans");
    await b.waitUntil(async () => (await text(b, ".title")) === "连连看", { timeout: 5000, timeoutMsg: "no zh-Hans title" });
    const label = await b.execute(() => document.querySelector("button.tile").getAttribute("aria-label"));
    assert(/第 \d+ 行，第 \d+ 列/.test(label), `zh-Hans tile label: ${label}`);
    await (await b.$("#set-language")).selectByAttribute("value", "zh-Hant");
    await b.waitUntil(async () => (await text(b, ".title")) === "連連看", { timeout: 5000, timeoutMsg: "no zh-Hant title" });
    await shot(b, "zh-hant-settings");
    await b.keys(["Escape"]);
  } finally {
    await b.deleteSession();
  }
});
