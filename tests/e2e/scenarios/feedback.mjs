// e2e scenarios of the feedback for every moment of a game: the shake and message of a
// same-kind pair no path joins, the stuck banner's Undo and why Hint is off, the clock
// stopped by a dialog and the Pause button's icon, focus / "+points" / combo bar after a
// keyboard match, the auto-shuffle shown after its match, and a win's celebration with
// "New best" only when the shell says so (not again for the same score; no undo out of a win).
// Small boards come from a constructed save (the app's own save, patched) to keep it short.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DATA, appState, assert, assertEq, click, grid, hintPair, launch, newGame, shot, test, text, tileSel, tilesLeft, waitGone } from "../lib.mjs";

const NO_PATH = "≤ 2 turns";

/** The app's saved game file (under the e2e XDG data dir). */
function gameFile() {
  const hit = readdirSync(DATA, { recursive: true }).find((p) => String(p).endsWith("game.json"));
  assert(hit, "no saved game.json");
  return join(DATA, String(hit));
}

/**
 * Quits the app and rewrites its saved game as a small classic board (`cells`, kinds
 * numbered from 0) with `history` (the engine's undo steps), then relaunches it.
 */
async function relaunchWith(b, { cells, history = [], autoShuffle = false, ring = false, moves = 0 }) {
  await b.deleteSession();
  const file = gameFile();
  const doc = JSON.parse(readFileSync(file, "utf8"));
  const kinds = Math.max(...cells.flat().filter((k) => k !== null), ...history.map((h) => h.kind)) + 1;
  const g = doc.game;
  g.options = { ...g.options, rows: cells.length, cols: cells[0].length, kinds, ring, auto_shuffle: autoShuffle, slide: "none" };
  g.board = { cells, ring };
  g.selection = null;
  g.history = history;
  g.counters = { moves, hints: 0, shuffles: 0, undos: 0 };
  g.scoreline = { score: 10 * moves, combo: 0, last_match_ms: null };
  g.elapsed_ms = 1000;
  g.assisted = false;
  delete doc.certificate;
  doc.mode = "classic";
  writeFileSync(file, JSON.stringify(doc));
  return launch();
}

/** A match step of the engine's undo history (the pair `a`, `b` of `kind` came off). */
const matchStep = (a, b, kind) => ({ step: "match", a, b, kind, before: { score: 0, combo: 0, last_match_ms: null }, reshuffled: null });

/**
 * Relaunches on "AB/BA" walled in by a closed ring, after the C pair came off: stuck, one
 * undo back, auto-shuffle off; waits for the stuck banner.
 */
async function relaunchStuck(b) {
  const next = await relaunchWith(b, {
    cells: [
      [0, 1, null, null],
      [1, 0, null, null],
    ],
    history: [matchStep([0, 2], [0, 3], 2)],
    moves: 1,
  });
  await next.$("#stuck:not([hidden])").waitForExist({ timeout: 5000, timeoutMsg: "no stuck banner" });
  return next;
}

test("feedback: a same-kind pair with no path shakes and says why", async () => {
  const b = await launch();
  try {
    await newGame(b, { layout: "10x10", seed: "12345" });
    const g = await grid(b);
    // Two interior tiles of one kind, not side by side: on a full board no path joins them.
    let pair = null;
    for (let i = 0; i < 100 && !pair; i++) {
      for (let j = i + 1; j < 100 && !pair; j++) {
        const [r1, c1, r2, c2] = [Math.floor(i / 10), i % 10, Math.floor(j / 10), j % 10];
        const inner = (r, c) => r > 0 && r < 9 && c > 0 && c < 9;
        const touching = Math.abs(r1 - r2) + Math.abs(c1 - c2) === 1;
        if (inner(r1, c1) && inner(r2, c2) && !touching && g[r1][c1] === g[r2][c2]) pair = [[r1, c1], [r2, c2]];
      }
    }
    assert(pair, "no same-kind interior pair on the deal");
    await b.execute(() => {
      window.__shaken = [];
      new MutationObserver((list) => {
        for (const m of list)
          if (m.target.classList?.contains("no-path")) window.__shaken.push([Number(m.target.dataset.row), Number(m.target.dataset.col)]);
      }).observe(document.getElementById("board"), { subtree: true, attributes: true, attributeFilter: ["class"] });
    });
    await click(b, tileSel(pair[0]));
    await click(b, tileSel(pair[1]));
    await b.waitUntil(
      () => b.execute((p) => p.every(([r, c]) => window.__shaken.some(([x, y]) => x === r && y === c)), pair),
      { timeout: 3000, timeoutMsg: "the no-path pair did not shake" },
    );
    await shot(b, "feedback-no-path");
    assert((await text(b, "#toasts")).includes(NO_PATH), `toast: ${await text(b, "#toasts")}`);
    await b.waitUntil(async () => (await text(b, "#announcer")).includes(NO_PATH), { timeout: 2000, timeoutMsg: "not announced" });
    const pressed = await b.execute((p) => p.map((c) => document.querySelector(`button.tile[data-row="${c[0]}"][data-col="${c[1]}"]`).getAttribute("aria-pressed")), pair);
    assertEq(pressed, ["false", "true"], "the second tile is the selection");
    assertEq(await tilesLeft(b), 100, "nothing was removed");
  } finally {
    await b.deleteSession();
  }
});

test("feedback: the stuck banner offers Undo and says why Hint is off", async () => {
  let b = await launch();
  try {
    b = await relaunchStuck(b);
    const why = await text(b, "#stuck-why");
    assert(why.length > 10, `the banner says why Hint is off: ${why}`);
    assert(!(await b.$("#btn-hint").isEnabled()), "Hint is off when stuck");
    assertEq(await b.$("#btn-hint").getAttribute("title"), why, "Hint's tooltip says why");
    assert(await b.$("#stuck-undo").isEnabled(), "the banner's Undo is on");
    await shot(b, "feedback-stuck-banner");
    await click(b, "#stuck-undo");
    await b.waitUntil(async () => (await tilesLeft(b)) === 6, { timeout: 5000, timeoutMsg: "Undo did not bring the pair back" });
    await b.waitUntil(() => b.execute(() => document.getElementById("stuck").hidden), { timeout: 3000, timeoutMsg: "banner stayed" });
    await shot(b, "feedback-stuck-undone");
  } finally {
    await b.deleteSession();
  }
});

test("feedback: auto-shuffle turned on while stuck shuffles at once", async () => {
  let b = await launch();
  try {
    // Saved with auto-shuffle off (the setting's default is on: the game keeps its own).
    b = await relaunchStuck(b);
    const before = await grid(b);
    await click(b, "#btn-settings");
    await b.$("#dlg-settings[open]").waitForExist({ timeout: 5000, timeoutMsg: "no settings dialog" });
    const box = await b.$("#set-autoshuffle");
    // The setting applies as it is ticked: off first (nothing moves), then on.
    if (await box.isSelected()) await box.click();
    // once the shell has the setting, its answer (and any board it brought) has been drawn
    await b.waitUntil(
      () => b.executeAsync((done) => window.__TAURI_INTERNALS__.invoke("get_settings").then((s) => done(s.auto_shuffle === false), () => done(false))),
      { timeout: 5000, timeoutMsg: "auto-shuffle off was not saved" },
    );
    assertEq(await grid(b), before, "turning auto-shuffle off moved tiles");
    await box.click();
    assert(await box.isSelected(), "auto-shuffle ticked");
    await b.waitUntil(() => b.execute(() => document.getElementById("stuck").hidden), {
      timeout: 5000,
      timeoutMsg: "still stuck after auto-shuffle was turned on",
    });
    await b.waitUntil(async () => (await text(b, "#toasts")).length > 0, { timeout: 3000, timeoutMsg: "no toast said why the board moved" });
    await click(b, "#dlg-settings button[type=submit]");
    await b.$("#dlg-settings[open]").waitForExist({ reverse: true, timeout: 5000, timeoutMsg: "settings stayed open" });
    assertEq(await tilesLeft(b), 4, "the same four tiles");
    const after = await grid(b);
    assert(JSON.stringify(after) !== JSON.stringify(before), "the tiles were rearranged");
    assert(await b.$("#btn-hint").isEnabled(), "Hint is on again");
    await shot(b, "feedback-auto-shuffle-on-while-stuck");
    // The shuffle is undoable, back to the stuck board.
    await click(b, "#btn-undo");
    await b.$("#stuck:not([hidden])").waitForExist({ timeout: 5000, timeoutMsg: "undo did not bring the stuck board back" });
    assertEq(await grid(b), before, "undo restored the stuck arrangement");
  } finally {
    await b.deleteSession();
  }
});

test("feedback: a dialog stops the clock; Pause shows a play icon", async () => {
  const b = await launch();
  try {
    await newGame(b, { layout: "10x10", seed: "4242" });
    await b.pause(1200);
    for (const [open, close] of [
      ["#btn-settings", "#dlg-settings button[type=submit]"],
      ["#btn-new", "#new-cancel"],
    ]) {
      await click(b, open);
      await b.$("dialog[open]").waitForExist({ timeout: 5000 });
      const at = await text(b, "#timer");
      await b.pause(2600);
      assertEq(await text(b, "#timer"), at, `the clock ran while ${open}'s dialog was open`);
      await click(b, close);
      await b.pause(2300);
      assert((await text(b, "#timer")) !== at, `the clock did not resume after ${open}'s dialog`);
    }
    assertEq(await b.$("#btn-pause").getAttribute("data-icon"), "pause", "pause icon while playing");
    await click(b, "#btn-pause");
    assertEq(await b.$("#btn-pause").getAttribute("data-icon"), "play", "play icon when it resumes");
    const d = await b.execute(() => document.querySelector("#btn-pause svg path").getAttribute("d"));
    assert(d.includes("l13-8"), `a play triangle: ${d}`);
    await shot(b, "feedback-paused-play-icon");
    await click(b, "#btn-pause");
    assertEq(await b.$("#btn-pause").getAttribute("data-icon"), "pause", "pause icon again");
  } finally {
    await b.deleteSession();
  }
});

test("feedback: after a keyboard match focus goes to the nearest tile; +points, and no combo bar for a lone match", async () => {
  const b = await launch();
  try {
    await newGame(b, { layout: "10x10", seed: "12345" });
    const [a, c] = await hintPair(b);
    // Record what shows while it shows (the effects are shorter than a WebDriver round trip).
    await b.execute(() => {
      window.__fx = { float: null, pending: null };
      new MutationObserver(() => {
        const f = document.querySelector(".fx-layer .float-points");
        if (f && window.__fx.float === null) window.__fx.float = f.textContent;
        const board = document.getElementById("board");
        if (board.dataset.autoShuffle === "pending" && window.__fx.pending === null)
          window.__fx.pending = [...board.querySelectorAll("button.tile:not(.vanishing)")].map((t) => [t.dataset.row, t.dataset.col, t.dataset.kind].join(","));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    for (const cell of [a, c]) {
      await b.execute((s) => document.querySelector(s).focus(), tileSel(cell));
      await b.keys(["Enter"]);
    }
    await b.waitUntil(async () => (await tilesLeft(b)) === 98, { timeout: 5000, timeoutMsg: "the keyboard match did not happen" });
    const float = await b.execute(() => window.__fx.float);
    assert(/^\+\d+$/.test(float), `+points text: ${float}`);
    // a lone match opens the combo window but makes no combo: it reads "–", with no bar
    await b.waitUntil(async () => (await text(b, "#combo")) === "–", { timeout: 2000, timeoutMsg: "combo text" });
    assert(!(await b.execute(() => document.querySelector(".stat.combo").classList.contains("combo-live"))), "no combo bar under –");
    await shot(b, "feedback-keyboard-match");
    await waitGone(b, [a, c]);
    const g = await grid(b);
    // nearest remaining tile to the second tile (straight-line distance, reading order on ties)
    let best = null;
    let bestD = Infinity;
    g.forEach((row, r) =>
      row.forEach((k, col) => {
        const dist = (r - c[0]) ** 2 + (col - c[1]) ** 2;
        if (k !== null && dist < bestD) [best, bestD] = [[r, col], dist];
      }),
    );
    const focused = await b.execute(() => {
      const el = document.activeElement;
      return el?.matches("button.tile") ? [Number(el.dataset.row), Number(el.dataset.col)] : null;
    });
    assertEq(focused, best, "focus is on the nearest remaining tile");
    // the combo window runs out: still no bar, still no combo
    await b.pause(3500);
    assert(!(await b.execute(() => document.querySelector(".stat.combo").classList.contains("combo-live"))), "no combo bar");
    assertEq(await text(b, "#combo"), "–", "combo cleared");
  } finally {
    await b.deleteSession();
  }
});

test("feedback: an auto-shuffle shows after its match line, then says so", async () => {
  let b = await launch();
  try {
    // Matching the C pair leaves AB/BA stuck: the auto-shuffle follows the match.
    b = await relaunchWith(b, {
      cells: [
        [0, 1, 2, 2],
        [1, 0, null, null],
      ],
      autoShuffle: true,
    });
    // Record what shows while it shows (the effects are shorter than a WebDriver round trip).
    await b.execute(() => {
      window.__fx = { float: null, pending: null };
      new MutationObserver(() => {
        const f = document.querySelector(".fx-layer .float-points");
        if (f && window.__fx.float === null) window.__fx.float = f.textContent;
        const board = document.getElementById("board");
        if (board.dataset.autoShuffle === "pending" && window.__fx.pending === null)
          window.__fx.pending = [...board.querySelectorAll("button.tile:not(.vanishing)")].map((t) => [t.dataset.row, t.dataset.col, t.dataset.kind].join(","));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await click(b, tileSel([0, 2]));
    await click(b, tileSel([0, 3]));
    await b.waitUntil(async () => (await tilesLeft(b)) === 4, { timeout: 5000, timeoutMsg: "no match" });
    const during = await b.execute(() => window.__fx.pending);
    assert(during !== null, "the shuffle waits for the match line");
    const kinds = Object.fromEntries(during.map((t) => [t.split(",").slice(0, 2).join(","), Number(t.split(",")[2])]));
    assertEq([kinds["0,0"], kinds["0,1"], kinds["1,0"], kinds["1,1"]], [0, 1, 1, 0], "the board as the match left it");
    await b.waitUntil(() => b.execute(() => document.getElementById("board").dataset.autoShuffle === "shown"), {
      timeout: 3000,
      timeoutMsg: "the shuffle was not shown",
    });
    await b.waitUntil(async () => (await text(b, "#toasts")).length > 0, { timeout: 3000, timeoutMsg: "no toast after the shuffle" });
    assertEq(await grid(b), (await appState(b)).cells, "the drawn board is the game's (shuffled)");
    await shot(b, "feedback-auto-shuffle-done");
  } finally {
    await b.deleteSession();
  }
});

test("feedback: a win celebrates; Undo is refused after it; New best once, not again for the same score", async () => {
  let b = await launch();
  try {
    b = await relaunchWith(b, {
      cells: [
        [0, 0, null, null],
        [null, null, null, null],
      ],
    });
    await click(b, tileSel([0, 0]));
    await click(b, tileSel([0, 1]));
    await b.$("#dlg-won[open]").waitForExist({ timeout: 5000, timeoutMsg: "no won dialog" });
    assert(!(await b.execute(() => document.getElementById("won-new-best").hidden)), "the first win is a new best");
    assert(await b.$("#dlg-won .confetti").isExisting(), "a celebration");
    await b.pause(300);
    await shot(b, "feedback-won");
    // Escape leaves the cleared board with Undo off; Z does nothing.
    await b.keys(["Escape"]);
    await b.waitUntil(() => b.execute(() => !document.getElementById("dlg-won").open), { timeout: 3000 });
    assert(!(await b.$("#btn-undo").isEnabled()), "Undo is off after a win");
    await b.keys(["z"]);
    await b.pause(400);
    assertEq(await tilesLeft(b), 0, "Z after a win changes nothing");
    await shot(b, "feedback-won-escaped");
    // The engine refuses it too: a won board stays won.
    const refused = await b.executeAsync((done) =>
      window.__TAURI_INTERNALS__.invoke("undo").then(
        () => done(null),
        (e) => done(e?.code ?? String(e)),
      ),
    );
    assertEq(refused, "game_over", "the shell refuses an undo after a win");
    // The same position won again with the same score: no second New best.
    b = await relaunchWith(b, {
      cells: [
        [0, 0, null, null],
        [null, null, null, null],
      ],
    });
    assertEq(await tilesLeft(b), 2, "the same position again");
    await click(b, tileSel([0, 0]));
    await click(b, tileSel([0, 1]));
    await b.$("#dlg-won[open]").waitForExist({ timeout: 5000, timeoutMsg: "no won dialog" });
    assert(await b.execute(() => document.getElementById("won-new-best").hidden), "no second New best for the same score");
    await shot(b, "feedback-won-again");
  } finally {
    await b.deleteSession();
  }
});
