// e2e scenarios of stack mode (seed 003): a whole level won by tapping a solver's line, a lost
// tray, props and their counts, resume after relaunch.
import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  assert,
  assertEq,
  AssertionError,
  click,
  DATA,
  launch,
  layoutProblems,
  ROOT,
  shot,
  stackState,
  test,
  text,
  waitSaved,
} from "../lib.mjs";
import { stackDom, tapStack, trayKinds } from "../stack-page.mjs";

/** Starts a seeded stack game through the New game dialog (mode switch → Stack). */
async function newStackGame(b, { level = 2, seed = "12345", randomFill = false } = {}) {
  await click(b, "#btn-new");
  await b.$("#dlg-new[open]").waitForExist({ timeout: 5000 });
  await click(b, "#opt-mode-stack");
  const lv = await b.$("#opt-level");
  await lv.waitForDisplayed({ timeout: 3000 });
  await lv.setValue(String(level));
  await b.execute((on) => (document.getElementById("opt-random-fill").checked = on), randomFill);
  await (await b.$("#opt-seed")).setValue(seed);
  await click(b, "#new-start");
  await b.waitUntil(
    async () => (await text(b, "#seed")) === seed && (await b.execute(() => document.documentElement.dataset.mode)) === "stack",
    { timeout: 20_000, timeoutMsg: `stack game ${level}/${seed} not shown` },
  );
}

/** A winning line from the current position: `llk stack solve` on the dealt layout, else the app's `winning_line`. */
async function winningLine(b) {
  const state = await stackState(b);
  const llk = [process.env.LLK_BIN, join(ROOT, "target/debug/llk"), join(ROOT, "target/release/llk")].find((p) => p && existsSync(p));
  if (llk && state.tiles.every((t) => t.place === "board")) {
    const file = join(DATA, "..", "stack-e2e.json");
    writeFileSync(file, JSON.stringify({ tray: state.tray_size, tiles: state.tiles.map(({ x, y, z, kind }) => ({ x, y, z, kind })) }));
    try {
      const out = JSON.parse(execFileSync(llk, ["stack", "solve", file, "--budget-ms", "20000"], { encoding: "utf8" }));
      if (out.result === "winnable") return { moves: out.moves, by: "llk stack solve", tiles: state.tiles.length };
      throw new AssertionError(`llk stack solve says ${out.result} for a constructed deal`);
    } catch (e) {
      if (e instanceof AssertionError) throw e;
      console.log(`    (llk stack solve unavailable: ${String(e.message ?? e).split("\n")[0]}; using winning_line)`);
    }
  }
  const line = await b.executeAsync((done) => {
    window.__TAURI_INTERNALS__.invoke("winning_line").then(done, (e) => done({ error: e }));
  });
  assert(Array.isArray(line.moves), `winning_line: ${JSON.stringify(line)}`);
  return { moves: line.moves, by: "winning_line", tiles: state.tiles.length };
}

test("stack: wins a whole level-2 deal by tapping a solver's line", async () => {
  const b = await launch({ width: 390, height: 844 });
  try {
    await newStackGame(b, { level: 2, seed: "2026" });
    const dom = await stackDom(b);
    assertEq(dom.slots, 7, "seven tray slots");
    assert(dom.board.length >= 200, `level 2 has ≥ 200 tiles (${dom.board.length})`);
    const covered = dom.board.filter((t) => t[2] === "false");
    assert(covered.length > 0, "some tiles are covered");
    const aria = await b.execute(() => document.querySelector('#stack-board .stile[data-free="false"]').getAttribute("aria-disabled"));
    assertEq(aria, "true", "covered tiles are aria-disabled");
    // a covered tile does not react to a tap
    const c = covered[0][0];
    await b.execute((id) => document.querySelector(`#stack-board .stile[data-id="${id}"]`).click(), c);
    await b.pause(300);
    assertEq((await stackDom(b)).left, dom.left, "tapping a covered tile takes nothing");
    const m = await b.execute(() => {
      const t = document.querySelector('#stack-board button.stile[data-free="true"]').getBoundingClientRect();
      const s = document.getElementById("stack-scroll");
      const inside = (e) => {
        const r = e.getBoundingClientRect();
        return r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5 && r.width >= 39.5 && r.height >= 39.5;
      };
      const buttons = [...document.querySelectorAll(".actions .btn:not([hidden]), .props .btn")].map((e) => ({ id: e.id, ok: inside(e) }));
      const slots = [...document.querySelectorAll("#stack-tray .slot")].every((e) => { const r = e.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth + 0.5; });
      return { tile: [t.width, t.height], scrolls: s.scrollHeight > s.clientHeight + 1 || s.scrollWidth > s.clientWidth + 1, buttons, slots };
    });
    // every prop's label is read whole, never cut to "Move o…"
    assertEq(await layoutProblems(b), [], "390x844: layout");
    for (const btn of m.buttons) assert(btn.ok, `button ${btn.id} not fully visible at ≥ 40 px`);
    assert(m.slots, "every tray slot inside the window");
    assert(m.tile[0] >= 27.5, `tiles readable (${m.tile})`);
    console.log(`    390x844: tile ${m.tile.map((x) => x.toFixed(1)).join("x")} px, board scrolls: ${m.scrolls}`);
    await shot(b, "stack-390x844-start");
    const { moves, by, tiles } = await winningLine(b);
    assertEq(moves.length, tiles, "the line takes every tile");
    const t0 = Date.now();
    for (let i = 0; i < moves.length; i++) {
      await tapStack(b, moves[i]);
      if (i === 40) await shot(b, "stack-390x844-midgame");
    }
    await b.$("#dlg-won[open]").waitForExist({ timeout: 10_000 });
    const summary = await b.execute(() => ({
      time: document.getElementById("won-time").textContent,
      score: document.getElementById("won-score").textContent,
      props: document.getElementById("won-props").textContent,
      propsShown: !document.getElementById("won-props-row").hidden,
    }));
    assert(/^\d\d:\d\d$/.test(summary.time), `won time ${summary.time}`);
    assert(summary.propsShown && summary.props === "0", `props used: ${JSON.stringify(summary)}`);
    await shot(b, "stack-won");
    const csp = await b.execute(() => window.__llkMetrics?.cspViolations ?? ["no metrics"]);
    assertEq(csp, [], "no CSP violations");
    console.log(`    ${moves.length} taps following ${by} in ${((Date.now() - t0) / 1000).toFixed(1)} s, ${JSON.stringify(summary)}`);
  } finally {
    await b.deleteSession();
  }
});

test("stack at 360x640 and 844x390: the board, tray and props fit, labels whole, taps work", async () => {
  for (const [width, height] of [[360, 640], [844, 390]]) {
    const b = await launch({ width, height });
    try {
      await newStackGame(b, { level: 2, seed: "2026" });
      const m = await b.execute(() => {
        const inside = (e) => {
          const r = e.getBoundingClientRect();
          return r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
        };
        const t = document.querySelector('#stack-board button.stile[data-free="true"]').getBoundingClientRect();
        const s = document.getElementById("stack-scroll");
        return {
          slots: [...document.querySelectorAll("#stack-tray .slot")].every(inside),
          tile: Math.min(t.width, t.height),
          scrolls: s.scrollHeight > s.clientHeight + 1 || s.scrollWidth > s.clientWidth + 1,
          side: document.getElementById("stack-area").classList.contains("side-dock"),
        };
      });
      // held sideways, the dock stands beside the board and the whole stack shows
      if (width > height) assert(m.side && !m.scrolls, `${width}x${height}: ${JSON.stringify(m)}`);
      assert(m.slots, `${width}x${height}: every tray slot inside the window`);
      assert(m.tile >= 24, `${width}x${height}: tiles readable (${m.tile.toFixed(1)} px)`);
      assertEq(await layoutProblems(b), [], `${width}x${height}: layout`);
      // a few taps of a winning line reach the tray and clear a triple
      const { moves } = await winningLine(b);
      for (const id of moves.slice(0, 6)) await tapStack(b, id);
      assertEq((await stackDom(b)).left, (await stackState(b)).tiles_left, "the view and the engine agree");
      assertEq(await layoutProblems(b), [], `${width}x${height}: layout after taps`);
      console.log(`    ${width}x${height}: tile ${m.tile.toFixed(1)} px, dock ${m.side ? "beside" : "below"}, board scrolls: ${m.scrolls}`);
      await shot(b, `stack-${width}x${height}`);
    } finally {
      await b.deleteSession();
    }
  }
});

// ---- dead-end warning and Show me (classic) --------------------------------------------

// 10x10, seed 8, no ring: following the deal's certificate for these 34 matches keeps the
// board solvable, then (1,3)-(3,4) makes it unsolvable (found with the engine: the
// certificate's moves from the deal, checking every linkable pair with the exact solver;

test("stack: filling the tray on purpose loses; the lost dialog offers undo, retry, new deal", async () => {
  const b = await launch();
  try {
    await newStackGame(b, { level: 2, seed: "99" });
    const first = await stackDom(b);
    for (let step = 0; step < 60; step++) {
      const d = await stackDom(b);
      if (d.tray.length >= d.slots) break;
      const count = new Map();
      for (const k of await trayKinds(b)) count.set(k, (count.get(k) ?? 0) + 1);
      const free = d.board.filter((t) => t[2] === "true");
      // a kind the tray lacks, else one it holds once: never a third
      const pick = free.find((t) => !count.has(t[1])) ?? free.find((t) => (count.get(t[1]) ?? 0) < 2) ?? free[0];
      await tapStack(b, pick[0]);
    }
    await b.$("#dlg-lost[open]").waitForExist({ timeout: 5000, timeoutMsg: "no lost dialog" });
    const lost = await stackDom(b);
    assertEq(lost.tray.length, 7, "the tray is full");
    const buttons = await b.execute(() => ["lost-undo", "lost-retry", "lost-new"].map((id) => !document.getElementById(id).hidden));
    assertEq(buttons, [true, true, true], "undo, retry and new deal offered");
    await shot(b, "stack-lost");
    // undo from the dialog: the last tile goes back, the game goes on
    await click(b, "#lost-undo");
    await b.waitUntil(async () => (await stackDom(b)).tray.length === 6, { timeout: 5000, timeoutMsg: "undo did not take the tile back" });
    assert(!(await b.execute(() => document.getElementById("dlg-lost").open)), "dialog closed");
    assertEq(await text(b, "#prop-undo-n"), "0", "the undo prop is spent");
    // lose again, then retry the same deal
    const d = await stackDom(b);
    const kinds = await trayKinds(b);
    const free = d.board.filter((t) => t[2] === "true" && kinds.filter((k) => k === t[1]).length < 2);
    await tapStack(b, free[0][0]);
    await b.$("#dlg-lost[open]").waitForExist({ timeout: 5000 });
    assert(!(await b.execute(() => !document.getElementById("lost-undo").hidden)), "no undo offered when none is left");
    await click(b, "#lost-retry");
    await b.waitUntil(async () => (await stackDom(b)).left === first.left, { timeout: 10_000, timeoutMsg: "retry did not re-deal" });
    assertEq((await stackDom(b)).board, first.board, "retry deals the same board");
  } finally {
    await b.deleteSession();
  }
});

test("stack: hint, move-out, taking a held tile back, undo and shuffle, with their counts", async () => {
  const b = await launch();
  try {
    await newStackGame(b, { level: 2, seed: "4242" });
    for (const id of ["#prop-moveout-n", "#prop-undo-n", "#prop-shuffle-n"]) assertEq(await text(b, id), "1", `${id} starts at 1`);
    // hint: one tile marked
    await click(b, "#btn-hint");
    await b.waitUntil(async () => (await b.$$("#stack-board .stile[data-hint]")).length === 1, { timeout: 10_000, timeoutMsg: "no hinted tile" });
    const hinted = await b.execute(() => Number(document.querySelector("#stack-board .stile[data-hint]").dataset.id));
    await tapStack(b, hinted);
    // two more takes, by hint, then move out
    for (let i = 0; i < 2; i++) {
      await click(b, "#btn-hint");
      await b.waitUntil(async () => (await b.$$("#stack-board .stile[data-hint]")).length === 1, { timeout: 10_000 });
      await tapStack(b, await b.execute(() => Number(document.querySelector("#stack-board .stile[data-hint]").dataset.id)));
    }
    const before = await stackDom(b);
    assert(before.tray.length > 0, "tiles in the tray");
    await click(b, "#prop-moveout");
    await b.waitUntil(async () => (await stackDom(b)).held.length > 0, { timeout: 5000, timeoutMsg: "move-out did not fill the holding row" });
    const moved = await stackDom(b);
    assertEq(moved.held, before.tray.slice(0, 3), "the first three tray tiles are held");
    assertEq(await text(b, "#prop-moveout-n"), "0", "move-out count spent");
    assert(!(await (await b.$("#prop-moveout")).isEnabled()), "move-out disabled with none left");
    await shot(b, "stack-moved-out");
    // a held tile goes back into the tray; undo returns it
    const back = moved.held[0];
    await tapStack(b, back);
    assert((await stackDom(b)).tray.includes(back), "held tile back in the tray");
    await click(b, "#prop-undo");
    await b.waitUntil(async () => !(await stackDom(b)).tray.includes(back), { timeout: 5000, timeoutMsg: "undo did not take it back" });
    assertEq(await text(b, "#prop-undo-n"), "0", "undo count spent");
    // shuffle: same tiles on the board, kinds re-dealt among them
    const b0 = (await stackDom(b)).board;
    await click(b, "#prop-shuffle");
    await b.waitUntil(async () => (await text(b, "#prop-shuffle-n")) === "0", { timeout: 5000, timeoutMsg: "shuffle not spent" });
    const b1 = (await stackDom(b)).board;
    assertEq(b1.map((t) => t[0]), b0.map((t) => t[0]), "shuffle keeps the tiles in place");
    const ks = (x) => x.map((t) => t[1]).sort((p, q) => p - q);
    assertEq(ks(b1), ks(b0), "shuffle keeps the kinds");
    assert(JSON.stringify(b1) !== JSON.stringify(b0), "shuffle changed something");
    // keyboard: arrows move among free tiles, Enter takes
    await b.execute(() => document.querySelector('#stack-board .stile[tabindex="0"]')?.focus());
    const f0 = await b.execute(() => document.activeElement?.dataset?.id ?? null);
    assert(f0 !== null, "a free tile has the focus");
    await b.keys(["ArrowRight"]);
    await b.keys(["ArrowDown"]);
    const f1 = await b.execute(() => [document.activeElement?.dataset?.id, document.activeElement?.dataset?.free]);
    assertEq(f1[1], "true", "focus stays on free tiles");
    const left = (await stackDom(b)).left;
    await b.keys(["Enter"]);
    await b.waitUntil(async () => (await stackDom(b)).tray.includes(Number(f1[0])) || (await stackDom(b)).left < left, { timeout: 5000, timeoutMsg: "Enter did not take the focused tile" });
  } finally {
    await b.deleteSession();
  }
});

test("stack: quit and relaunch resumes the same stack game", async () => {
  let b = await launch();
  let saved;
  try {
    await newStackGame(b, { level: 1, seed: "77" });
    for (let i = 0; i < 4; i++) {
      const d = await stackDom(b);
      await tapStack(b, d.board.find((t) => t[2] === "true")[0]);
    }
    saved = { dom: await stackDom(b), seed: await text(b, "#seed"), level: await text(b, "#level") };
    await waitSaved(b, (doc) => doc.mode === "stack" && doc.history?.length === 4, "the four takes");
  } finally {
    await b.deleteSession();
  }
  b = await launch({ width: 1920, height: 1080 });
  try {
    await b.waitUntil(async () => (await text(b, "#seed")) === saved.seed, { timeout: 10_000, timeoutMsg: "seed not resumed" });
    assertEq(await b.execute(() => document.documentElement.dataset.mode), "stack", "resumed in stack mode");
    assertEq(await stackDom(b), saved.dom, "same board, tray and holding row");
    assertEq(await text(b, "#level"), saved.level, "same level");
    await newStackGame(b, { level: 2, seed: "8" });
    await shot(b, "stack-1920x1080");
  } finally {
    await b.deleteSession();
  }
});

// ---- journey (timed levels, tiles sliding after each match) ---------------------------
