// e2e scenarios of the journey (slide levels): a level won by tapping and checked against
// `llk play` (started at level 2 from a save `llk journey` deals), time up, phone size.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  appState,
  assert,
  assertEq,
  click,
  DATA,
  grid,
  hintPair,
  launch,
  layoutProblems,
  llkBins,
  llkJson,
  matchPair,
  multiset,
  shot,
  test,
  text,
  writeJourneySave,
} from "../lib.mjs";

/** Opens the New game dialog on Journey and starts (or continues) the journey. */
async function startJourney(b, { restart = false, name = "" } = {}) {
  await click(b, "#btn-new");
  await b.$("#dlg-new[open]").waitForExist({ timeout: 5000 });
  await click(b, "#opt-mode-journey");
  await b.$("#journey-opts").waitForDisplayed({ timeout: 3000 });
  await b.execute((on) => (document.getElementById("opt-journey-restart").checked = on), restart);
  if (name) await shot(b, name);
  await click(b, "#new-start");
  await b.waitUntil(async () => (await b.execute(() => document.documentElement.dataset.mode)) === "journey", {
    timeout: 20_000,
    timeoutMsg: "the journey did not start",
  });
  await b.$("#journey-bar").waitForDisplayed({ timeout: 5000 });
}

const barState = (b) =>
  b.execute(() => {
    const bar = document.getElementById("journey-bar");
    return {
      level: Number(bar.dataset.level),
      rule: bar.dataset.rule,
      icon: document.getElementById("journey-rule-icon").dataset.rule,
      label: document.getElementById("journey-level").textContent,
      left: Number(document.getElementById("journey-timer").dataset.left),
      fill: Number(document.getElementById("journey-fill").style.getPropertyValue("--fill")),
      total: Number(document.getElementById("journey-total").textContent),
    };
  });

/**
 * Clears the current journey level by tapping, one pair at a time from `llk hint` under
 * the level's rule. With `check`, every match's path, board and slide are compared with
 * `llk play` on the board before it. Returns the number of matches.
 */
async function tapLevel(b, { check = false, name = "" } = {}) {
  const { play, hint } = llkBins();
  assert(play, "no llk binary (LLK_BIN)");
  const file = join(DATA, "..", "journey-e2e.json");
  let matches = 0;
  let slid = 0;
  let rule = "none";
  for (let step = 0; step < 200; step++) {
    const state = await appState(b);
    assertEq(state.mode, "journey", "still a journey");
    if (state.journey.status !== "playing") break;
    rule = state.journey.rule;
    const before = await grid(b);
    assertEq(before, state.game.cells, "the DOM board is the app's board");
    writeFileSync(file, JSON.stringify(before));
    const h = llkJson(hint, ["hint", file, "--slide", rule]).hint;
    assert(h, `llk hint found no pair under ${rule}`);
    const expect = check ? llkJson(play, ["play", file, ...h.a.map(String), ...h.b.map(String), "--slide", rule]) : null;
    const refillBefore = await b.execute(() => document.getElementById("journey-refill").textContent);
    const { path } = await matchPair(b, [h.a, h.b]);
    matches++;
    if (check) {
      assertEq(path, expect.path, `match ${matches}: the drawn path is llk play's`);
      const moves = await b.execute(() => JSON.parse(document.getElementById("board").dataset.moves ?? "null"));
      assertEq(moves, expect.moves, `match ${matches}: the slide is llk play's`);
      const after = await appState(b);
      const shuffled = multiset(after.game.cells).length === multiset(expect.board).length && JSON.stringify(after.game.cells) !== JSON.stringify(expect.board);
      if (!shuffled || after.journey.status === "won") assertEq(after.game.cells, expect.board, `match ${matches}: the board after the slide is llk play's`);
      else assertEq(multiset(after.game.cells), multiset(expect.board), `match ${matches}: an auto-shuffle keeps the tiles`);
      assertEq(await grid(b), after.game.cells, `match ${matches}: the DOM shows the board after the slide`);
      if (expect.moves.length > 0) slid++;
      if (matches === 1) {
        const refill = await b.execute(() => document.getElementById("journey-refill").textContent);
        assert(refill.startsWith("+"), `the refill is shown: ${refill} (before: ${refillBefore})`);
      }
      if (matches === 6 && name) await shot(b, `${name}-mid-level`);
    }
  }
  if (check && rule !== "none") assert(slid > matches / 4, `tiles slid after only ${slid} of ${matches} matches under ${rule}`);
  return matches;
}

test("journey: a whole down level won by tapping, path and slide checked against llk play, then level 3", async () => {
  // Start at level 2 (down): the saved game is a journey `llk journey` dealt there, with
  // points carried from level 1, so no time goes into tapping through level 1.
  const carried = 1000;
  writeJourneySave(llkJson(llkBins().play, ["journey", "--level", "2", "--seed", "20261130", "--carried", String(carried)]));
  const b = await launch();
  try {
    let bar = await barState(b);
    assertEq([bar.level, bar.rule, bar.icon], [2, "down", "down"], "level 2 is down, with its arrow");
    assertEq(bar.total, carried, "the score from level 1 is carried");
    assert(bar.fill > 0.99, `the bar starts full: ${bar.fill}`);
    assertEq(multiset(await grid(b)).length, 144, "16x9 has 144 tiles");
    assert(await b.execute(() => document.querySelector(".stat.seed").hidden), "a journey shows no seed");
    const n2 = await tapLevel(b, { check: true, name: "journey-down" });
    assertEq(n2, 72, "the down level is 72 matches");
    await b.$("#dlg-journey-won[open]").waitForExist({ timeout: 5000 });
    const won2 = await appState(b);
    const bonus = await text(b, "#journey-won-bonus");
    assertEq(bonus, `+${won2.journey.bonus}`, "the dialog shows the time bonus");
    assert(won2.journey.bonus > 0, "time was left");
    assertEq(Number(await text(b, "#journey-won-total")), won2.journey.total_score, "the dialog shows the total");
    assert(won2.journey.total_score > carried, "the level's points are added");
    await shot(b, "journey-level2-won");
    assertEq(won2.highest_level, 2, "progress: level 2 reached");
    assertEq(won2.best_score, won2.journey.total_score, "best journey score recorded");
    await click(b, "#journey-won-next-btn");
    await b.waitUntil(async () => (await barState(b)).level === 3, { timeout: 15_000, timeoutMsg: "level 3 not shown" });
    bar = await barState(b);
    assertEq([bar.rule, bar.icon], ["up", "up"], "level 3 is up, with its arrow");
    assertEq(bar.total, won2.journey.total_score, "the score is carried");
  } finally {
    await b.deleteSession();
  }
});

test("journey: time up (the view's clock runs out) offers to retry the level", async () => {
  const b = await launch();
  try {
    await startJourney(b);
    const bar0 = await barState(b);
    assertEq([bar0.level, bar0.rule, bar0.icon], [1, "none", "none"], "level 1 keeps the tiles still");
    assert(bar0.fill > 0.99, `the bar starts full: ${bar0.fill}`);
    await shot(b, "journey-level1-start");
    const s0 = await appState(b);
    // Put the level's clock 2.5 s before its budget and reload: the view resumes its clock
    // from the saved time and the bar runs out by itself.
    await b.executeAsync((ms, done) => {
      window.__TAURI_INTERNALS__.invoke("set_elapsed", { elapsedMs: ms }).then(done, (e) => done({ error: e }));
    }, s0.journey.time_limit_ms - 2500);
    await b.execute(() => location.reload());
    await b.$("#journey-bar").waitForDisplayed({ timeout: 20_000 });
    const bar = await barState(b);
    // (the clock runs while the page loads: on a slow machine the 2.5 s may be gone already)
    assert(bar.left <= 2600 && bar.left >= 0, `the bar resumes nearly empty: ${bar.left} ms`);
    await b.$("#dlg-journey-lost[open]").waitForExist({ timeout: 10_000, timeoutMsg: "no time-up dialog" });
    assertEq((await appState(b)).journey.status, "lost", "the engine decided the level is lost");
    assert((await text(b, "#journey-lost-body")).length > 10, "the dialog says what happened");
    await shot(b, "journey-time-up");
    await click(b, "#journey-lost-retry");
    await b.waitUntil(async () => (await appState(b)).journey.status === "playing", { timeout: 10_000, timeoutMsg: "retry did not restart" });
    const s1 = await appState(b);
    assertEq(s1.game.cells, s0.game.cells, "retry deals the same board");
    assertEq(s1.journey.level, 1, "same level");
    const after = await barState(b);
    assert(after.fill > 0.95, `the bar is full again: ${after.fill}`);
  } finally {
    await b.deleteSession();
  }
});

test("journey at phone size: the bar, the rule's arrow and a slide in free play", async () => {
  const b = await launch({ width: 390, height: 844 });
  try {
    await startJourney(b);
    const pair = await hintPair(b);
    await matchPair(b, pair);
    await shot(b, "journey-phone");
    // free play with a slide rule: the dialog's option reaches the game
    await click(b, "#btn-new");
    await b.$("#dlg-new[open]").waitForExist({ timeout: 5000 });
    await click(b, "#opt-mode-classic");
    await b.execute(() => {
      document.getElementById("opt-layout").value = "10x10";
      document.getElementById("opt-slide").value = "left";
    });
    await (await b.$("#opt-seed")).setValue("4242");
    await click(b, "#new-start");
    await b.waitUntil(async () => (await text(b, "#seed")) === "4242", { timeout: 15_000 });
    const s = await appState(b);
    assertEq([s.mode, s.options.slide], ["classic", "left"], "free play under left");
    assert(!(await b.execute(() => document.querySelector(".stat.seed").hidden)), "free play shows its seed again");
    assert(await b.execute(() => document.getElementById("journey-bar").hidden), "no journey bar in free play");
    const p2 = await hintPair(b);
    await matchPair(b, p2);
    const moves = await b.execute(() => JSON.parse(document.getElementById("board").dataset.moves ?? "null"));
    assert(Array.isArray(moves), "the slide's moves are drawn");
    assertEq(await grid(b), (await appState(b)).cells, "the board after the slide");
    await shot(b, "free-play-slide-phone");
    // the journey was kept aside: the Journey entry continues it
    await startJourney(b, { name: "journey-dialog-phone" });
    assert((await text(b, "#journey-progress")).includes("1"), "the entry shows the progress");
    assertEq((await appState(b)).game.counters.moves, 1, "the journey continues where it was");
  } finally {
    await b.deleteSession();
  }
});

test("journey at 360x640 and 844x390: the bar and every control fit, a match by tapping", async () => {
  for (const [width, height] of [[360, 640], [844, 390]]) {
    // held sideways: level 7, whose rule has the longest name, resumed from a save
    if (width > height) writeJourneySave(llkJson(llkBins().play, ["journey", "--level", "7", "--seed", "20261203"]));
    const b = await launch({ width, height });
    try {
      if (width > height) assertEq((await barState(b)).rule, "together-h", "level 7 resumed");
      else await startJourney(b, { restart: true });
      assertEq(await layoutProblems(b), [], `${width}x${height}: layout`);
      const tile = await b.execute(() => {
        const rects = [...document.querySelectorAll("#board button.tile:not(.vanishing)")].map((t) => t.getBoundingClientRect());
        const sc = document.getElementById("board-scroll");
        return {
          w: Math.min(...rects.map((r) => r.width)),
          h: Math.min(...rects.map((r) => r.height)),
          pans: sc.scrollHeight > sc.clientHeight + 0.5 || sc.scrollWidth > sc.clientWidth + 0.5,
          stage: [document.getElementById("stage").clientWidth, document.getElementById("stage").clientHeight],
        };
      });
      console.log(`    ${width}x${height}: tiles ${tile.w}x${tile.h} px, stage ${tile.stage.join("x")}, pans: ${tile.pans}`);
      // held sideways, the 16x9 level fits whole beside the two rails at the touch size
      if (width > height) assert(tile.w >= 40 && tile.h >= 40 && !tile.pans, `${width}x${height}: the whole board, tiles ≥ 40 px: ${JSON.stringify(tile)}`);
      const before = (await appState(b)).game.counters.moves;
      await matchPair(b, await hintPair(b));
      assertEq((await appState(b)).game.counters.moves, before + 1, "the tapped pair matched");
      assertEq(await grid(b), (await appState(b)).game.cells, "the board after the match (and its slide)");
      assertEq(await layoutProblems(b), [], `${width}x${height}: layout after a match`);
      await shot(b, `journey-${width}x${height}`);
    } finally {
      await b.deleteSession();
    }
  }
});
