// e2e scenarios of the extras: the first-launch card (shown once), the statistics
// dialog counting a won game, and the sound toggle kept across a relaunch.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  DATA,
  appState,
  assert,
  assertEq,
  click,
  grid,
  launch,
  llkBins,
  llkJson,
  matchPair,
  shot,
  test,
  text,
  tilesLeft,
} from "../lib.mjs";

const settingsOf = (b) =>
  b.executeAsync((done) => {
    window.__TAURI_INTERNALS__.invoke("get_settings").then(done, (e) => done({ error: e }));
  });

test("first launch: the rule and a match demo on an empty data dir, never again", async () => {
  let b = await launch({ width: 390, height: 844, keepIntro: true });
  try {
    await b.$("#dlg-intro[open]").waitForExist({ timeout: 5000 });
    // The first game was dealt for the window the app opens (1024x720) or the size set at
    // once, where the 18x8 default fits with a mouse either way: not for a window still
    // hidden (no size yet) when the page asked, which picked the smallest layout.
    assertEq(await tilesLeft(b), 144, "a new install's first game is the 18x8 default (it fits)");
    const card = await b.execute(() => ({
      rule: document.getElementById("intro-rule").textContent,
      pair: document.querySelectorAll("#dlg-intro .intro-pair").length,
      tiles: document.querySelectorAll("#dlg-intro .intro-tile").length,
      path: document.querySelector("#dlg-intro .intro-path polyline")?.getAttribute("points"),
      animated: getComputedStyle(document.querySelector("#dlg-intro .intro-path polyline")).animationName,
      overflow: document.scrollingElement.scrollWidth - innerWidth,
    }));
    assert(card.rule.includes("two turns"), `the rule in one line: ${card.rule}`);
    assertEq(card.pair, 2, "the demo's pair");
    assert(card.tiles >= 6, "a small board around the pair");
    assert(card.path && card.path.split(" ").length === 4, `a two-turn path: ${card.path}`);
    assert(card.animated === "intro-path" || card.animated === "none", `path animation: ${card.animated}`);
    assert(card.overflow <= 0, "no sideways scroll on a phone");
    await b.pause(1500); // mid-demo: both tiles selected, the path drawn
    await shot(b, "intro-390x844");
    // It holds the game back until dismissed, then the board takes taps.
    await click(b, "#intro-ok");
    await b.waitUntil(async () => (await settingsOf(b)).intro_seen === true, { timeout: 5000, timeoutMsg: "dismissal not saved" });
    assert(!(await b.$("#dlg-intro[open]").isExisting()), "dismissed");
    await click(b, "#board button.tile");
    await b.waitUntil(async () => (await b.$$("#board button.tile.selected")).length === 1, { timeout: 5000, timeoutMsg: "a tap selects after the card" });
  } finally {
    await b.deleteSession();
  }
  b = await launch({ width: 1280, height: 800, keepIntro: true });
  try {
    await b.pause(500);
    assert(!(await b.$("#dlg-intro[open]").isExisting()), "not shown after a relaunch");
    // The desktop look of the card, reopened by hand for the screenshot only.
    await b.execute(() => document.getElementById("dlg-intro").showModal());
    await b.pause(1500);
    await shot(b, "intro-1280x800");
  } finally {
    await b.deleteSession();
  }
});

test("statistics: a won 4x4 game counts as played and won, with its time and date", async () => {
  const b = await launch({ width: 1280, height: 800 });
  try {
    const { hint } = llkBins();
    assert(hint, "no llk binary (LLK_BIN)");
    // A small board, dealt through the shell, then shown by reloading the view.
    await b.executeAsync((done) => {
      const options = { mode: "classic", rows: 4, cols: 4, kinds: 4, seed: "5", solvable: true, ring: true, auto_shuffle: false, slide: "none" };
      window.__TAURI_INTERNALS__.invoke("new_game", { options }).then(done, done);
    });
    await b.refresh();
    await b.waitUntil(async () => (await b.$$("#board button.tile")).length === 16, { timeout: 30_000, timeoutMsg: "4x4 board not shown" });
    const file = join(DATA, "..", "extras-e2e.json");
    for (let step = 0; step < 8; step++) {
      if (await b.execute(() => document.getElementById("dlg-won").open)) break;
      const cells = await grid(b);
      if (cells.flat().every((k) => k === null)) break;
      writeFileSync(file, JSON.stringify(cells));
      const h = llkJson(hint, ["hint", file]).hint;
      assert(h, "llk hint found no pair");
      await matchPair(b, [h.a, h.b]);
    }
    await b.$("#dlg-won[open]").waitForExist({ timeout: 5000 });
    const state = await appState(b);
    assertEq(state.status, "won", "won");
    assertEq(state.counters.hints, 0, "no hint asked of the app");
    const played = await b.execute(() => document.documentElement.dataset.sound);
    assert(played === "win" || played === "win-muted", `the win sounds: ${played}`);
    await b.execute(() => document.getElementById("dlg-won").close());

    await click(b, "#btn-settings");
    await click(b, "#set-stats");
    await b.$("#dlg-stats[open]").waitForExist({ timeout: 5000 });
    const shown = await b.execute(() => ({
      group: document.getElementById("stats-group").value,
      label: document.getElementById("stats-group").selectedOptions[0]?.textContent,
      played: document.getElementById("stats-played").textContent,
      won: document.getElementById("stats-won").textContent,
      rows: [...document.querySelectorAll("#stats-best tbody tr")].map((r) => [...r.cells].map((c) => c.textContent)),
      marks: document.querySelectorAll("#stats-best .assisted-mark").length,
    }));
    assertEq(shown.group, "classic/4x4/4", "the current game's group is shown");
    assertEq([shown.played, shown.won], ["1", "1"], "one played, one won");
    assertEq(shown.rows.length, 1, "one best time");
    assertEq(shown.rows[0][0], "1", "rank");
    assert(/^\d\d:\d\d$/.test(shown.rows[0][1]), `a time: ${shown.rows[0][1]}`);
    assertEq(shown.rows[0][2], String(state.score), "its score");
    assert(/\d/.test(shown.rows[0][3]), `a date: ${shown.rows[0][3]}`);
    assertEq(shown.marks, 0, "not assisted");
    await shot(b, "stats-1280x800");
    await b.setWindowSize(390, 844);
    await b.pause(300);
    const overflow = await b.execute(() => document.scrollingElement.scrollWidth - innerWidth);
    assert(overflow <= 0, `no sideways scroll at 390 px (${overflow})`);
    await shot(b, "stats-390x844");
    const total = await text(b, "#stats-total");
    assert(/1\D+1/.test(total), `the totals line: ${total}`);
  } finally {
    await b.deleteSession();
  }
});

test("sound: the mute toggle is saved and survives a relaunch", async () => {
  let b = await launch({ width: 390, height: 844 });
  try {
    const before = await settingsOf(b);
    assertEq(before.muted, null, "follows the system until chosen");
    await click(b, "#btn-settings");
    const on = await b.execute(() => document.getElementById("set-sound").checked);
    const reduced = await b.execute(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
    assertEq(on, !reduced, "on unless the system prefers reduced motion");
    if (on) await click(b, "#set-sound");
    await b.waitUntil(async () => (await settingsOf(b)).muted === true, { timeout: 5000, timeoutMsg: "mute not saved" });
    await shot(b, "settings-muted-390x844");
    await b.keys("Escape");
    await click(b, "#board button.tile");
    await b.waitUntil(async () => (await b.execute(() => document.documentElement.dataset.sound)) === "select-muted", {
      timeout: 5000,
      timeoutMsg: "a tap while muted plays nothing",
    });
  } finally {
    await b.deleteSession();
  }
  b = await launch({ width: 390, height: 844 });
  try {
    assertEq((await settingsOf(b)).muted, true, "still muted after a relaunch");
    await click(b, "#btn-settings");
    assertEq(await b.execute(() => document.getElementById("set-sound").checked), false, "the toggle shows it");
    await click(b, "#set-sound");
    await b.waitUntil(async () => (await settingsOf(b)).muted === false, { timeout: 5000, timeoutMsg: "unmute not saved" });
    await b.keys("Escape");
    // the tile tapped before the relaunch is still selected (tapping it again deselects, in
    // silence): tap another one, which selects, switches or matches — with a sound
    await click(b, "#board button.tile:not(.selected)");
    await b.waitUntil(async () => /^(select|match|nopath)$/.test((await b.execute(() => document.documentElement.dataset.sound)) ?? ""), {
      timeout: 5000,
      timeoutMsg: "a tap with sound on plays a sound",
    });
  } finally {
    await b.deleteSession();
  }
});
