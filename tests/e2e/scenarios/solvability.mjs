// e2e scenarios of the dead-end warning and Show me (the solver playing the game).
import {
  appState,
  assert,
  assertEq,
  callsAnswered,
  click,
  countCalls,
  grid,
  launch,
  matchPair,
  newGame,
  shot,
  test,
  text,
  tilesLeft,
} from "../lib.mjs";

// 10x10, seed 8, no ring: following the deal's certificate for these 34 matches keeps the
// board solvable, then (1,3)-(3,4) makes it unsolvable (found with the engine: the
// certificate's moves from the deal, checking every linkable pair with the exact solver;
// tests/solvability_commands.rs does the same search on a small board).
const DEAD_END_PREFIX = [
  [[6, 8], [6, 9]], [[0, 5], [0, 6]], [[7, 2], [7, 3]], [[7, 9], [6, 7]], [[0, 0], [0, 1]], [[3, 9], [2, 9]],
  [[8, 3], [6, 3]], [[7, 4], [6, 2]], [[4, 5], [4, 6]], [[7, 6], [6, 6]], [[4, 4], [4, 3]], [[5, 9], [5, 8]],
  [[3, 5], [5, 6]], [[2, 6], [2, 5]], [[1, 9], [4, 9]], [[9, 6], [9, 7]], [[8, 8], [8, 7]], [[1, 5], [0, 7]],
  [[1, 8], [1, 7]], [[6, 4], [5, 4]], [[9, 4], [9, 5]], [[3, 7], [3, 6]], [[0, 9], [2, 7]], [[8, 2], [8, 1]],
  [[9, 9], [9, 8]], [[8, 6], [7, 5]], [[6, 5], [9, 3]], [[1, 4], [1, 6]], [[9, 2], [8, 0]], [[6, 1], [0, 4]],
  [[2, 4], [9, 1]], [[7, 1], [8, 5]], [[2, 3], [8, 4]], [[0, 2], [1, 0]],
];
const DEAD_END_MOVE = [[1, 3], [3, 4]];

const deadEndShown = (b) => b.execute(() => !document.getElementById("dead-end").hidden);

test("dead end: a bad move is warned about at once, and its undo clears the warning", async () => {
  const b = await launch();
  try {
    await newGame(b, { layout: "10x10", seed: "8", ring: false });
    for (const pair of DEAD_END_PREFIX) {
      await matchPair(b, pair);
      assert(!(await deadEndShown(b)), `no warning while the board is solvable (after ${JSON.stringify(pair)})`);
    }
    assertEq(await tilesLeft(b), 32, "the prefix played");
    const before = await grid(b);
    const t0 = Date.now();
    await matchPair(b, DEAD_END_MOVE);
    await b.waitUntil(() => deadEndShown(b), { timeout: 5000, interval: 25, timeoutMsg: "no dead-end warning after the bad move" });
    console.log(`     dead-end warning ${Date.now() - t0} ms after the second tap was sent`);
    const label = await text(b, "#dead-end-undo");
    assert(label.length > 0, "the undo button is labelled");
    await shot(b, "dead-end-warning");
    await click(b, "#dead-end-undo");
    await b.waitUntil(async () => (await tilesLeft(b)) === 32, { timeout: 5000, timeoutMsg: "undo to solvable did not restore the tiles" });
    await b.waitUntil(async () => !(await deadEndShown(b)), { timeout: 5000, timeoutMsg: "the warning stayed after the undo" });
    await b.waitUntil(async () => (await b.$$("button.tile.vanishing")).length === 0, { timeout: 5000 });
    assertEq(await grid(b), before, "back on the board before the bad move");
    await shot(b, "dead-end-undone");
  } finally {
    await b.deleteSession();
  }
});

test("show me: Solve plays the game to the end, stops on a key, and the end is not a win", async () => {
  const b = await launch();
  try {
    await newGame(b, { layout: "10x10", seed: "2468" });
    // count the calls on their way to the shell: a key may stop the run while a step is
    await countCalls(b);
    await click(b, "#btn-demo");
    await b.waitUntil(async () => (await tilesLeft(b)) <= 96, { timeout: 10_000, timeoutMsg: "Solve did not play" });
    const path = await b.execute(() => JSON.parse(document.getElementById("path-overlay").dataset.path ?? "null"));
    assert(Array.isArray(path) && path.length >= 2, "a computer match draws its path");
    await shot(b, "show-me-running");
    await b.keys(["x"]);
    // a step sent before the key is answered and drawn (the engine made that match); then the
    // board and the engine agree, and nothing more happens
    await callsAnswered(b);
    const stopped = await tilesLeft(b);
    assertEq(stopped, (await appState(b)).tiles_left, "the board shows every match the engine made");
    await b.pause(1500);
    assertEq(await tilesLeft(b), stopped, "a key stops the computer");
    assert(await b.execute(() => document.getElementById("solve-stop").hidden), "the stop bar is gone");
    const t0 = Date.now();
    await click(b, "#btn-demo");
    await b.$("#dlg-won[open]").waitForExist({ timeout: 120_000, timeoutMsg: "Solve did not clear the board" });
    const took = (Date.now() - t0) / 1000;
    console.log(`     Show me cleared ${stopped} tiles in ${took.toFixed(1)} s`);
    assert(took >= (stopped / 2) * 0.5, `watchable pace: ${took} s for ${stopped / 2} matches`);
    assertEq(await tilesLeft(b), 0, "every tile gone");
    assert(await b.execute(() => !document.getElementById("won-assisted").hidden), "the end says the computer did it");
    assert(await b.execute(() => document.getElementById("won-new-best").hidden), "no new best score");
    assertEq(await text(b, "#won-best"), "–", "no best score recorded");
    await shot(b, "show-me-end");
  } finally {
    await b.deleteSession();
  }
});
