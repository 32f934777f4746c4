// The view as a phone player drives it, for the phone suite: opening the game, the New game
// dialog, what the HUD and the boards show, and playing by taps (classic pairs from the view's
// Hint or from a deal's certificate, stack tiles from the Hint). Every tap is a finger's
// (touch.mjs); form fields are filled as a phone keyboard would (no pointer). The selectors
// are the view's, as the desktop end-to-end suite (tests/e2e/lib.mjs) uses them.
import { check, LOAD_MS, waitForFirstPaint } from "../lib.mjs";
import { tap } from "./touch.mjs";

/** Loads the site (or reloads it) and waits for a board; dismisses the first-launch card. */
export async function openGame(page, url, { reload = false, keepIntro = false } = {}) {
  if (reload) await page.reload();
  else await page.goto(url);
  await waitForBoard(page);
  await waitForFirstPaint(page);
  if (!keepIntro && (await page.evaluate(() => document.getElementById("dlg-intro")?.open === true))) {
    await tap(page, "#intro-ok");
    await page.waitForFunction(() => !document.getElementById("dlg-intro").open);
  }
}

/** A classic board or a stack board drawn by the engine's answer (the other one is hidden). */
export async function waitForBoard(page) {
  await page.locator("#board button.tile:visible, #stack-board button.stile:visible").first().waitFor({ timeout: LOAD_MS });
}

/** The HUD: tiles left, score, combo, seed, mode. */
export const hud = (page) =>
  page.evaluate(() => {
    const text = (id) => document.getElementById(id)?.textContent ?? "";
    return {
      mode: document.documentElement.dataset.mode,
      left: Number(text("tiles-left")),
      score: Number(text("score")),
      combo: text("combo"),
      seed: text("seed"),
    };
  });

/** The classic board the page draws: "row,col:kind" of every tile (fading ones not counted). */
export const board = (page) =>
  page.$$eval("#board button.tile:not(.vanishing)", (tiles) =>
    tiles.map((t) => `${t.dataset.row},${t.dataset.col}:${t.dataset.kind}`).sort(),
  );

/**
 * Waits until the web shell has stored every answer's writes: they wait for the frame that
 * shows the answer (ui/src/web/save-queue.ts).
 */
export const stored = (page) => page.waitForFunction(() => (window.__llkWeb?.unsaved ?? 0) === 0, null, { timeout: 10_000 });

/** The saved file `name` of the page's storage (`llk/<name>`), parsed; null when absent. */
export async function saved(page, name = "game.json") {
  await stored(page);
  const text = await page.evaluate((key) => localStorage.getItem(key), `llk/${name}`);
  return text === null ? null : JSON.parse(text);
}

export const tileSel = ([r, c]) => `#board button.tile[data-row="${r}"][data-col="${c}"]`;
export const stackSel = (id) => `#stack-board button.stile[data-id="${id}"], #stack-held button.stile[data-id="${id}"]`;

/**
 * A new game through the New game dialog: `mode` classic (with `layout`), stack (with
 * `level`) or journey (continued, or restarted with `restart`); `seed` for classic and stack.
 */
export async function newGame(page, { mode = "classic", layout, seed, level, restart = false }) {
  await tap(page, "#btn-new");
  await page.waitForSelector("#dlg-new[open]");
  // the mode switch is a row of labels around radio inputs: a finger taps the label
  await tap(page, `label:has(> #opt-mode-${mode})`);
  if (mode === "classic" && layout) {
    await page.selectOption("#opt-layout", layout);
    check((await page.inputValue("#opt-layout")) === layout, `no layout ${layout} in the dialog`);
  }
  if (mode === "stack" && level) {
    await page.waitForSelector("#opt-level", { state: "visible" });
    await page.fill("#opt-level", String(level));
  }
  if (mode === "journey" && (await page.isChecked("#opt-journey-restart")) !== restart) await tap(page, "#opt-journey-restart");
  if (seed !== undefined && mode !== "journey") await page.fill("#opt-seed", String(seed));
  // the view numbers every game it draws (<html data-game>): the next number says a new game
  // is on screen even when its seed is the one shown before
  const before = await page.evaluate(() => document.documentElement.dataset.game ?? null);
  await tap(page, "#new-start");
  await page.waitForFunction(
    ([m, s, was]) =>
      !document.getElementById("dlg-new").open &&
      document.documentElement.dataset.game !== was &&
      document.documentElement.dataset.mode === m &&
      (s === null || document.getElementById("seed").textContent === s),
    [mode, seed === undefined || mode === "journey" ? null : String(seed), before],
    { timeout: 20_000 },
  );
  await waitForBoard(page);
}

/** Taps Hint and returns the two cells the view marks. */
export async function hintPair(page) {
  await tap(page, "#btn-hint");
  const marked = await page.waitForFunction(
    () => {
      const tiles = [...document.querySelectorAll("#board button.tile[data-hint]:not(.vanishing)")];
      return tiles.length === 2 ? tiles.map((t) => [Number(t.dataset.row), Number(t.dataset.col)]) : null;
    },
    null,
    { timeout: 10_000 },
  );
  return marked.jsonValue();
}

/**
 * Taps the two cells and waits until the tiles-left count drops by two. On a board that pans,
 * the second tap waits until the view shows the first tile selected (as a player sees it
 * before moving on): the view may then pan to it, and the second tap waits for that too.
 */
export async function matchPair(page, [a, b]) {
  const before = (await hud(page)).left;
  let step = `tapping ${JSON.stringify(a)} selected nothing`;
  try {
    const { pans } = await tap(page, tileSel(a));
    if (pans) await page.waitForSelector(`${tileSel(a)}[aria-pressed="true"]`, { timeout: 10_000 });
    step = `tapping ${JSON.stringify(a)} then ${JSON.stringify(b)} made no match`;
    await tap(page, tileSel(b));
    await page.waitForFunction((n) => Number(document.getElementById("tiles-left").textContent) === n, before - 2, {
      timeout: 10_000,
    });
  } catch (e) {
    const seen = await page
      .evaluate(
        ([s1, s2]) => ({
          left: document.getElementById("tiles-left").textContent,
          a: document.querySelector(s1)?.outerHTML.slice(0, 200) ?? null,
          b: document.querySelector(s2)?.outerHTML.slice(0, 200) ?? null,
        }),
        [tileSel(a), tileSel(b)],
      )
      .catch(() => "(unreadable)");
    throw new Error(`${step} (${String(e.message ?? e).split("\n")[0]}); page: ${JSON.stringify(seen)}`);
  }
}

/** Whether the classic won dialog is open, the board is stuck, and how many tiles are left. */
const classicState = (page) =>
  page.evaluate(() => ({
    won: document.getElementById("dlg-won").open || document.getElementById("dlg-journey-won").open,
    stuck: !document.getElementById("stuck").hidden,
    left: Number(document.getElementById("tiles-left").textContent),
  }));

/**
 * Plays the classic game shown to the win, each pair from the view's Hint (a solvable
 * board's hint is the first move of a way to clear it). `onMatch(n)` runs after match n.
 * Returns the number of matches.
 */
export async function playClassicByHints(page, onMatch = async () => {}) {
  let matches = 0;
  for (let step = 0; step < 400; step++) {
    const s = await classicState(page);
    if (s.won) return matches;
    if (s.stuck) {
      // the banner goes with the shuffle's answer: read the state again only then (read
      // before it, the board still says stuck and a second tap would find no button)
      await tap(page, "#stuck-shuffle");
      await page.waitForFunction(() => document.getElementById("stuck").hidden, null, { timeout: 10_000 });
    } else if (s.left === 0) await page.waitForSelector("#dlg-won[open], #dlg-journey-won[open]", { timeout: 10_000 });
    else {
      await matchPair(page, await hintPair(page));
      await onMatch(++matches);
    }
  }
  throw new Error(`the game was not won after 400 steps (${matches} matches)`);
}

/**
 * Clears the journey level shown by tapping the pairs of its deal's certificate (kept in the
 * save), in order: without a slide rule the tiles stay put, so each pair links in its turn.
 * A journey's hints are few; the certificate needs none. Returns the number of matches.
 */
export async function playLevelByCertificate(page, onMatch = async () => {}) {
  const save = await saved(page);
  const moves = save?.game?.certificate;
  check(Array.isArray(moves) && moves.length > 0, `the journey save has no certificate: ${JSON.stringify(save)?.slice(0, 200)}`);
  let matches = 0;
  for (const pair of moves) {
    await matchPair(page, pair);
    await onMatch(++matches);
  }
  return matches;
}

/** What the stack view shows: board tiles [id, kind, free], tray and held ids, tiles left. */
export const stackDom = (page) =>
  page.evaluate(() => {
    const ids = (sel) => [...document.querySelectorAll(sel)].map((e) => Number(e.dataset.id));
    return {
      board: [...document.querySelectorAll("#stack-board button.stile")]
        .map((e) => [Number(e.dataset.id), Number(e.dataset.kind), e.dataset.free === "true"])
        .sort((p, q) => p[0] - q[0]),
      tray: ids("#stack-tray .slot .stile"),
      trayKinds: [...document.querySelectorAll("#stack-tray .slot .stile")].map((e) => Number(e.dataset.kind)),
      held: ids("#stack-held .stile"),
      slots: document.querySelectorAll("#stack-tray .slot").length,
      left: Number(document.getElementById("tiles-left").textContent),
    };
  });

/** Taps stack tile `id` and waits until it has left the board (or the holding row). */
export async function takeStack(page, id) {
  await tap(page, stackSel(id));
  await page.waitForFunction((sel) => !document.querySelector(sel), stackSel(id), { timeout: 10_000 });
}

/** Taps Hint in stack mode and returns the id of the tile the view marks. */
export async function stackHint(page) {
  await tap(page, "#btn-hint");
  const marked = await page.waitForFunction(
    () => {
      const t = document.querySelector("#stack-board .stile[data-hint], #stack-held .stile[data-hint]");
      // an object, so that tile 0 is an answer too
      return t ? { id: Number(t.dataset.id) } : null;
    },
    null,
    { timeout: 10_000 },
  );
  return (await marked.jsonValue()).id;
}

/** Plays the stack game shown to the win, each tile from the view's Hint. Returns the taps. */
export async function playStackByHints(page, onTake = async () => {}) {
  let takes = 0;
  for (let step = 0; step < 1000; step++) {
    if (await page.evaluate(() => document.getElementById("dlg-won").open)) return takes;
    if ((await stackDom(page)).left === 0) {
      await page.waitForSelector("#dlg-won[open]", { timeout: 10_000 });
      continue;
    }
    await takeStack(page, await stackHint(page));
    await onTake(++takes);
  }
  throw new Error(`the stack game was not won after 1000 takes`);
}

/** The text of the web shell's banner (storage problems), or null when none shows. */
export const webNotice = async (page) => {
  await stored(page); // a failed write is reported when it is tried
  return page.evaluate(() => document.getElementById("llk-web-notice-text")?.textContent ?? null);
};

/** The text of the view's start-up notice (a saved file set aside), or null when hidden. */
export const viewNotice = (page) =>
  page.evaluate(() => (document.getElementById("notice").hidden ? null : document.getElementById("notice-text").textContent));
