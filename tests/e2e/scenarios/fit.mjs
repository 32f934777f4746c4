// e2e scenarios of boards that fit the screen (phones and laptops): 18x8 drawn transposed on a
// portrait phone and played by tapping, phone landscape, rotation mid-game, a board that
// pans vertically (never sideways) with the hint scrolled into view, 30x16 on a laptop.
import {
  assert,
  assertEq,
  checkPath,
  click,
  grid,
  hintPair,
  launch,
  matchPair,
  newGame,
  shot,
  test,
  tileSel,
} from "../lib.mjs";

/** What the player sees of the board: orientation, tile sizes, scrolling, visibility. */
const measure = (b) =>
  b.execute(() => {
    const board = document.getElementById("board");
    const sc = document.getElementById("board-scroll");
    const view = sc.getBoundingClientRect();
    const tiles = [...board.querySelectorAll("button.tile:not(.vanishing)")].map((t) => t.getBoundingClientRect());
    const inside = (r, box) => r.left >= box.left - 0.5 && r.top >= box.top - 0.5 && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5;
    const win = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    const se = document.scrollingElement;
    // layout positions (offsets ignore the lift of a selected tile)
    const at = (r, c) => {
      const e = document.querySelector(`#board [data-row="${r}"][data-col="${c}"]`);
      return { left: e.offsetLeft, top: e.offsetTop };
    };
    const a = at(0, 0);
    const down = at(1, 0);
    const right = at(0, 1);
    const fr = board.getBoundingClientRect();
    return {
      transposed: board.dataset.transposed === "true",
      // engine (0,1) is drawn below (0,0) on a transposed board, to its right upright
      drawnTransposed: Math.abs(right.left - a.left) < 1 && right.top > a.top && Math.abs(down.top - a.top) < 1,
      drawnUpright: Math.abs(right.top - a.top) < 1 && right.left > a.left && Math.abs(down.left - a.left) < 1,
      minW: Math.min(...tiles.map((r) => r.width)),
      minH: Math.min(...tiles.map((r) => r.height)),
      tile: [tiles[0]?.width ?? 0, tiles[0]?.height ?? 0],
      sideways: se.scrollWidth > innerWidth,
      docScrollW: se.scrollWidth,
      innerW: innerWidth,
      pans: sc.scrollHeight > sc.clientHeight + 0.5,
      pansX: sc.scrollWidth > sc.clientWidth + 0.5,
      allVisible: tiles.every((r) => inside(r, win) && inside(r, view)),
      boardVisible: inside(fr, win) && inside(fr, view),
    };
  });

/** The selected cell, as the board shows it. */
const selected = (b) =>
  b.execute(() => {
    const t = document.querySelector("#board button.tile.selected");
    return t ? [Number(t.dataset.row), Number(t.dataset.col)] : null;
  });

/** Whether the hinted tiles are on screen in the board's view: both when they fit together, else the first. */
const hintInView = (b) =>
  b.execute(() => {
    const sc = document.getElementById("board-scroll").getBoundingClientRect();
    const hinted = [...document.querySelectorAll("#board button.tile[data-hint]")].map((t) => t.getBoundingClientRect());
    if (hinted.length !== 2) return false;
    const shown = (r) => r.top >= sc.top - 0.5 && r.bottom <= sc.bottom + 0.5 && r.left >= sc.left - 0.5 && r.right <= sc.right + 0.5;
    const span = Math.max(hinted[0].bottom, hinted[1].bottom) - Math.min(hinted[0].top, hinted[1].top);
    return span <= sc.height ? hinted.every(shown) : hinted.some(shown);
  });

/**
 * Plays by tapping: takes a hint (checks it is scrolled into view before any tap), taps the
 * two tiles, checks the path and that nothing scrolls sideways. Stops after `cap` matches
 * or at the win; returns the number of matches.
 */
async function playTapping(b, { cap = Infinity, name }) {
  let matches = 0;
  for (let step = 0; step < 400 && matches < cap; step++) {
    const state = await b.execute(() => ({
      won: document.getElementById("dlg-won").open,
      stuck: !document.getElementById("stuck").hidden,
      left: Number(document.getElementById("tiles-left").textContent),
    }));
    if (state.won) return matches;
    if (state.stuck) {
      await click(b, "#stuck-shuffle");
      continue;
    }
    if (state.left === 0) {
      await b.$("#dlg-won[open]").waitForExist({ timeout: 5000 });
      continue;
    }
    const pair = await hintPair(b);
    await b.waitUntil(() => hintInView(b), { timeout: 3000, timeoutMsg: `hint ${JSON.stringify(pair)} not scrolled into view` });
    const { path } = await matchPair(b, pair);
    checkPath(path, pair[0], pair[1]);
    matches++;
    if (matches % 12 === 1) {
      const m = await measure(b);
      assert(!m.sideways, `${name}: the page scrolls sideways (${m.docScrollW} > ${m.innerW})`);
      assert(!m.pansX, `${name}: the board pans sideways`);
    }
    if (matches === 4) await shot(b, `${name}-midgame`);
  }
  return matches;
}

test("fit: 18x8 at 390x844 portrait is drawn transposed, 40 px tiles, a whole game by tapping, rotation keeps it", async () => {
  const t0 = Date.now();
  const b = await launch({ width: 390, height: 844 });
  try {
    await newGame(b, { layout: "18x8", seed: "2024" });
    let m = await measure(b);
    assert(m.transposed && m.drawnTransposed, `18x8 drawn transposed in portrait: ${JSON.stringify(m)}`);
    assert(m.minW >= 40 && m.minH >= 40, `tiles ≥ 40 px: ${m.minW}x${m.minH}`);
    assert(!m.sideways && !m.pans, `no scrolling: ${JSON.stringify(m)}`);
    assert(m.allVisible, "every tile visible");
    console.log(`    390x844: tile ${m.tile.join("x")} px, transposed, pans: ${m.pans}`);
    await shot(b, "fit-390x844-start");

    await playTapping(b, { cap: 10, name: "fit-390x844" });
    // rotate mid-game with a tile selected: same tiles, same selection, drawn upright
    const tap = await b.execute(() => {
      const t = document.querySelector("#board button.tile:not(.vanishing)");
      return [Number(t.dataset.row), Number(t.dataset.col)];
    });
    await click(b, tileSel(tap));
    await b.waitUntil(async () => JSON.stringify(await selected(b)) === JSON.stringify(tap), { timeout: 5000, timeoutMsg: "no selection" });
    const before = await grid(b);
    // the last match's path and "+points" are placed in portrait pixels: mark them
    const effects = await b.execute(() => {
      const els = document.querySelectorAll(".fx-layer > *, #path-overlay > *");
      for (const e of els) e.dataset.beforeRotation = "";
      return els.length;
    });
    await b.setWindowSize(844, 390);
    await b.waitUntil(async () => !(await measure(b)).transposed, { timeout: 5000, timeoutMsg: "not upright after rotating to landscape" });
    assert((await b.execute(() => innerHeight)) <= 400, "the rotated window is phone-landscape short");
    assertEq(await grid(b), before, "rotating to landscape keeps the tiles");
    assertEq(await selected(b), tap, "rotating to landscape keeps the selection");
    m = await measure(b);
    assert(m.drawnUpright, "drawn upright in landscape");
    assert(m.minW >= 40 && m.minH >= 40 && m.boardVisible && !m.pans, `landscape: whole board, 40 px tiles: ${JSON.stringify(m)}`);
    const stale = await b.execute(() => document.querySelectorAll("[data-before-rotation]").length);
    assertEq(stale, 0, `the rotation drops the effects drawn in the old geometry (${effects} were showing)`);
    await shot(b, "fit-rotated-844x390");
    await b.setWindowSize(390, 844);
    await b.waitUntil(async () => (await measure(b)).transposed, { timeout: 5000, timeoutMsg: "not transposed after rotating back" });
    assertEq(await grid(b), before, "rotating back keeps the tiles");
    assertEq(await selected(b), tap, "rotating back keeps the selection");
    await click(b, tileSel(tap)); // deselect
    await b.waitUntil(async () => (await selected(b)) === null, { timeout: 5000, timeoutMsg: "not deselected" });

    const n = await playTapping(b, { name: "fit-390x844-rest" });
    await b.$("#dlg-won[open]").waitForExist({ timeout: 10_000 });
    m = await measure(b);
    assert(!m.sideways, "no sideways scroll at the end");
    await shot(b, "fit-390x844-won");
    console.log(`    390x844: whole game by tapping (10 + ${n} matches) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await b.deleteSession();
  }
});

test("fit: 360x640 pans 18x8 vertically only; the hint is scrolled into view; a whole game by tapping", async () => {
  const t0 = Date.now();
  const b = await launch({ width: 360, height: 640 });
  try {
    await newGame(b, { layout: "18x8", seed: "2025" });
    const m = await measure(b);
    assert(m.transposed && m.drawnTransposed, "transposed at 360x640");
    assert(m.minW >= 40 && m.minH >= 40, `tiles ≥ 40 px: ${m.minW}x${m.minH}`);
    assert(m.pans && !m.pansX && !m.sideways, `pans vertically only: ${JSON.stringify(m)}`);
    console.log(`    360x640: tile ${m.tile.join("x")} px, pans vertically`);
    // the dialog says this layout will scroll here
    await click(b, "#btn-new");
    await b.$("#dlg-new[open]").waitForExist({ timeout: 5000 });
    const note = await b.execute(() => !document.getElementById("opt-layout-scrolls").hidden);
    assert(note, "the New game dialog says 18x8 scrolls on this screen");
    await shot(b, "fit-360x640-dialog");
    await click(b, "#new-cancel");
    // a hint off-screen: scroll the board so that neither hinted tile shows, ask again
    let pair = null;
    for (let i = 0; i < 10 && !pair; i++) {
      const p = await hintPair(b);
      const hidden = await b.execute((p) => {
        const sc = document.getElementById("board-scroll");
        for (const top of [0, sc.scrollHeight]) {
          sc.scrollTo({ top, behavior: "auto" });
          const v = sc.getBoundingClientRect();
          const off = p.every(([r, c]) => {
            const t = document.querySelector(`#board [data-row="${r}"][data-col="${c}"]`).getBoundingClientRect();
            return t.bottom <= v.top || t.top >= v.bottom;
          });
          if (off) return true;
        }
        return false;
      }, p);
      if (hidden) pair = p;
      else await matchPair(b, p);
    }
    assert(pair, "no hint could be scrolled off-screen in 10 tries");
    assert(!(await hintInView(b)), "the hinted pair is off-screen before asking again");
    const again = await hintPair(b);
    assertEq(again, pair, "the same hint");
    await b.waitUntil(() => hintInView(b), { timeout: 3000, timeoutMsg: "hint not scrolled into view" });
    await shot(b, "fit-360x640-hint");
    const n = await playTapping(b, { name: "fit-360x640" });
    await b.$("#dlg-won[open]").waitForExist({ timeout: 10_000 });
    assert(!(await measure(b)).sideways, "no sideways scroll");
    await shot(b, "fit-360x640-won");
    console.log(`    360x640: whole game by tapping (${n} matches after the hint check) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await b.deleteSession();
  }
});

test("fit: 844x390 landscape shows the whole 18x8 board beside a compact header; a whole game by tapping", async () => {
  const t0 = Date.now();
  const b = await launch({ width: 844, height: 390 });
  try {
    const inner = await b.execute(() => [innerWidth, innerHeight]);
    assert(inner[1] <= 400, `the window is phone-landscape short: ${inner}`);
    await newGame(b, { layout: "18x8", seed: "2026" });
    const m = await measure(b);
    assert(!m.transposed && m.drawnUpright, "upright in landscape");
    assert(m.minW >= 40 && m.minH >= 40, `tiles ≥ 40 px: ${m.minW}x${m.minH}`);
    assert(m.allVisible && !m.pans && !m.sideways, `the whole board visible: ${JSON.stringify(m)}`);
    const buttons = await b.execute(() =>
      [...document.querySelectorAll(".actions .btn:not([hidden])")].map((e) => {
        const r = e.getBoundingClientRect();
        return { id: e.id, ok: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight && r.width >= 39.5 && r.height >= 39.5 };
      }),
    );
    for (const x of buttons) assert(x.ok, `button ${x.id} visible at ≥ 40 px`);
    console.log(`    844x390: tile ${m.tile.join("x")} px, whole board visible`);
    await shot(b, "fit-844x390-start");
    const n = await playTapping(b, { name: "fit-844x390" });
    await b.$("#dlg-won[open]").waitForExist({ timeout: 10_000 });
    assert(!(await measure(b)).sideways, "no sideways scroll at the end");
    await shot(b, "fit-844x390-won");
    console.log(`    844x390: whole game by tapping (${n} matches) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await b.deleteSession();
  }
});

test("fit: 30x16 at 1280x800 is fully visible, ring paths too", async () => {
  const b = await launch({ width: 1280, height: 800 });
  try {
    await newGame(b, { layout: "30x16", seed: "77" });
    const m = await measure(b);
    assert(m.allVisible && m.boardVisible && !m.pans && !m.sideways, `30x16 fully visible: ${JSON.stringify(m)}`);
    console.log(`    1280x800 30x16: tile ${m.tile.join("x")} px, nothing scrolls`);
    // play until a hint's path runs around the board (the hint preview stays drawn about
    // a second): every segment of it is on screen
    let ring = null;
    for (let i = 0; i < 15 && !ring; i++) {
      const pair = await hintPair(b);
      const drawn = await b.execute(() => {
        const o = document.getElementById("path-overlay");
        return {
          path: JSON.parse(o.dataset.path ?? "null"),
          segs: [...o.querySelectorAll(".seg")].map((s) => {
            const r = s.getBoundingClientRect();
            return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
          }),
        };
      });
      if (drawn.path && drawn.segs.length > 0 && drawn.path.some(([r, c]) => r < 0 || c < 0 || r >= 16 || c >= 30)) {
        ring = drawn.segs;
        await shot(b, "fit-1280x800-30x16-ring");
      }
      const { path } = await matchPair(b, pair);
      checkPath(path, pair[0], pair[1]);
    }
    if (ring) assert(ring.every(Boolean), `ring path on screen: ${JSON.stringify(ring)}`);
    else console.log("    (no ring path hinted in 15 matches; the board rect check covers the ring margin)");
    await shot(b, "fit-1280x800-30x16");
  } finally {
    await b.deleteSession();
  }
});
