// The e2e harness shared by every scenario module: the app, its data directory, launching a
// session, screenshots, and page helpers (board grid, clicks, hints, matches, paths). Started
// by run.sh through suite.mjs; scenarios live in scenarios/*.mjs and register with `test`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { remote } from "webdriverio";
import { DriverError, SESSION_TIMEOUT_MS } from "./driver.mjs";

export const here = fileURLToPath(new URL(".", import.meta.url));
export const APP = resolve(process.env.LLK_APP ?? join(here, "../../target/debug/lianliankan"));
export const DATA = process.env.LLK_E2E_DATA;
export const ART = resolve(here, "artifacts");
export const PORT = Number(process.env.LLK_DRIVER_PORT ?? 4444);
if (!DATA) throw new Error("LLK_E2E_DATA is not set (run tests/e2e/run.sh)");
mkdirSync(ART, { recursive: true });

// ---- harness -------------------------------------------------------------------------

/** Every scenario, in the order the scenario modules register them (suite.mjs imports them). */
export const tests = [];
export const test = (name, fn) => tests.push({ name, fn });

export class AssertionError extends Error {}
export function assert(cond, msg) {
  if (!cond) throw new AssertionError(msg);
}
export function assertEq(a, b, msg) {
  const ja = JSON.stringify(a);
  const jb = JSON.stringify(b);
  if (ja !== jb) throw new AssertionError(`${msg}: expected ${jb}, got ${ja}`);
}

let retired = 0;
/**
 * Empties the app's data directory. The last session's web process may still be writing
 * its storage there while it shuts down (rmSync then meets ENOTEMPTY): move the directory
 * aside first (atomic), so the next launch starts empty whatever it does, then remove it.
 */
export function freshData() {
  const old = `${DATA}.old-${process.pid}-${retired++}`;
  try {
    renameSync(DATA, old);
  } catch (e) {
    if (e?.code !== "ENOENT") throw e;
  }
  mkdirSync(DATA, { recursive: true });
  try {
    rmSync(old, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch (e) {
    console.log(`    (could not remove ${old} yet: ${e?.code ?? e})`);
  }
}

/** Opens the app (a new process); waits for the first board. The first-launch card (shown
 * on an empty data dir) is dismissed unless `keepIntro`. */
export async function launch({ width, height, keepIntro = false } = {}) {
  // The new-session request alone has a short timeout and no retry: one that does not
  // answer is a hung WebDriver server (suite.mjs restarts it and runs the scenario again),
  // and a retry could open a second app on the restarted server.
  const t0 = Date.now();
  let b;
  try {
    b = await remote({
      hostname: "127.0.0.1",
      port: PORT,
      logLevel: "error",
      connectionRetryCount: 0,
      connectionRetryTimeout: SESSION_TIMEOUT_MS,
      capabilities: {
        "tauri:options": { application: APP },
        "wdio:enforceWebDriverClassic": true,
      },
    });
  } catch (e) {
    const took = ((Date.now() - t0) / 1000).toFixed(1);
    throw new DriverError(`no WebDriver session after ${took} s: ${String(e?.message ?? e).split("\n")[0]}`);
  }
  // every later command: a minute, no retry (a hung server does not recover by itself, and
  // a click sent twice is not the same as once; suite.mjs runs the scenario again instead)
  b.options.connectionRetryTimeout = 60_000;
  b.options.connectionRetryCount = 0;
  try {
    if (width && height) await b.setWindowSize(width, height);
    // a classic board or a stack board (a resumed stack game)
    await b.$("#board button.tile, #stack-board button.stile").waitForExist({ timeout: 30_000 });
  } catch (e) {
    // say what the page shows, then close the session so the next test can open one
    const page = await b
      .execute(() => ({ toasts: document.getElementById("toasts")?.textContent, body: document.body?.innerText?.slice(0, 300) }))
      .catch((x) => String(x));
    console.log(`    launch failed; page: ${JSON.stringify(page)}`);
    await shot(b, `launch-failure-${Date.now()}`).catch(() => {});
    await b.deleteSession().catch(() => {});
    throw e;
  }
  if (!keepIntro) await dismissIntro(b);
  return b;
}

export async function shot(b, name) {
  // WebKitWebDriver's screenshot waits for the next paint, which never comes on a page at
  // rest (paused, a dialog open, the clock stopped): keep a 1-px mark repainting meanwhile.
  await b.execute(() => {
    const d = document.createElement("div");
    d.className = "llk-e2e-repaint";
    d.style.setProperty("position", "fixed");
    d.style.setProperty("left", "0");
    d.style.setProperty("top", "0");
    d.style.setProperty("width", "1px");
    d.style.setProperty("height", "1px");
    d.style.setProperty("pointer-events", "none");
    document.body.append(d);
    let n = 0;
    const tick = () => {
      d.style.setProperty("opacity", n % 2 ? "0.02" : "0.03");
      if (++n < 90) requestAnimationFrame(tick);
      else d.remove();
    };
    tick();
  });
  await b.saveScreenshot(join(ART, `${name}.png`));
}

// ---- page helpers --------------------------------------------------------------------

/** The board as the DOM shows it: kinds, null for empty (vanishing tiles count as empty). */
export const grid = (b) =>
  b.execute(() => {
    const board = document.getElementById("board");
    const rows = Number(board.style.getPropertyValue("--rows"));
    const cols = Number(board.style.getPropertyValue("--cols"));
    const g = Array.from({ length: rows }, () => Array(cols).fill(null));
    for (const t of board.querySelectorAll("button.tile:not(.vanishing)"))
      g[Number(t.dataset.row)][Number(t.dataset.col)] = Number(t.dataset.kind);
    return g;
  });

export const text = (b, sel) => b.execute((s) => document.querySelector(s)?.textContent ?? "", sel);
export const tilesLeft = async (b) => Number(await text(b, "#tiles-left"));
export const multiset = (g) => g.flat().filter((k) => k !== null).sort((x, y) => x - y);

export async function click(b, sel) {
  const el = await b.$(sel);
  await el.waitForClickable({ timeout: 10_000 });
  await el.click();
}

export const tileSel = ([r, c]) => `button.tile[data-row="${r}"][data-col="${c}"]`;

/** The view's number for the game on screen (`<html data-game>`, set by the app's showGame). */
export const gameShown = (b) => b.execute(() => document.documentElement.dataset.game ?? null);

/** Starts a seeded game through the New game dialog. */
export async function newGame(b, { layout = "10x10", seed = "12345", solvable = true, ring = true } = {}) {
  await click(b, "#btn-new");
  await b.$("#dlg-new[open]").waitForExist({ timeout: 5000 });
  await b.execute(
    (layout, solvable, ring) => {
      const sel = document.getElementById("opt-layout");
      sel.value = layout;
      if (sel.value !== layout) throw new Error(`no layout ${layout}`);
      document.getElementById("opt-solvable").checked = solvable;
      document.getElementById("opt-ring").checked = ring;
    },
    layout,
    solvable,
    ring,
  );
  const seedInput = await b.$("#opt-seed");
  await seedInput.setValue(seed);
  // the view numbers every game it draws (<html data-game>): wait for the next number, which
  // changes even when the same seed is dealt twice in a row, then for the seed it shows
  const before = await gameShown(b);
  await click(b, "#new-start");
  await b.waitUntil(async () => (await gameShown(b)) !== before && (await text(b, "#seed")) === seed, {
    timeout: 15_000,
    timeoutMsg: `no new game with seed ${seed} shown`,
  });
  await b.waitUntil(async () => (await b.$$("button.tile.vanishing")).length === 0, { timeout: 5000 });
}

/** Clicks Hint and returns the two highlighted cells. */
export async function hintPair(b) {
  await click(b, "#btn-hint");
  let pair = null;
  await b.waitUntil(
    async () => {
      pair = await b.execute(() =>
        [...document.querySelectorAll("button.tile[data-hint]")].map((t) => [Number(t.dataset.row), Number(t.dataset.col)]),
      );
      return pair.length === 2;
    },
    { timeout: 10_000, timeoutMsg: "hint did not highlight two tiles" },
  );
  return pair;
}

/** Selects two cells and waits for the match: returns the overlay's data-path. */
export async function matchPair(b, [a, c]) {
  // A tile still gliding to its cell after the last match (a slide rule) is not where its
  // cell is: a click aimed at it as it moves can land beside it. Wait for the glides.
  await b.waitUntil(() => b.execute(() => document.querySelector("#board .gliding") === null), {
    timeout: 5000,
    timeoutMsg: "tiles still gliding",
  });
  const before = await tilesLeft(b);
  const prevPath = await b.execute(() => document.getElementById("path-overlay").dataset.path ?? null);
  await click(b, tileSel(a));
  await click(b, tileSel(c));
  try {
    await b.waitUntil(async () => (await tilesLeft(b)) === before - 2, { timeout: 10_000 });
  } catch {
    // say what the page shows: the toasts, the selection, the two tiles
    const seen = await b
      .execute(
        (s1, s2) => ({
          toasts: document.getElementById("toasts")?.textContent,
          left: document.getElementById("tiles-left")?.textContent,
          a: document.querySelector(s1)?.outerHTML.slice(0, 200),
          c: document.querySelector(s2)?.outerHTML.slice(0, 200),
          errors: window.__llkErrors ?? null,
        }),
        tileSel(a),
        tileSel(c),
      )
      .catch((e) => String(e));
    throw new AssertionError(`no match for ${JSON.stringify([a, c])}; page: ${JSON.stringify(seen)}`);
  }
  const path = await b.execute(() => JSON.parse(document.getElementById("path-overlay").dataset.path ?? "null"));
  return { path, prevPath };
}

export function checkPath(path, a, c) {
  assert(Array.isArray(path), "overlay has no data-path");
  assert(path.length >= 2 && path.length <= 4, `path has ${path.length} points`);
  assertEq(path[0], a, "path starts at the first tile");
  assertEq(path[path.length - 1], c, "path ends at the second tile");
  for (let i = 1; i < path.length; i++) {
    const [p, q] = [path[i - 1], path[i]];
    assert(p[0] === q[0] || p[1] === q[1], `segment ${i} is not straight`);
  }
}

/** Waits until the two cells show placeholders (the fade finished). */
export async function waitGone(b, cells) {
  await b.waitUntil(
    () =>
      b.execute(
        (cells) => cells.every(([r, c]) => document.querySelector(`#board .empty[data-row="${r}"][data-col="${c}"]`)),
        cells,
      ),
    { timeout: 5000, timeoutMsg: "matched tiles did not vanish" },
  );
}

/** Plays the current game to the end by always taking the hint. */
export async function playToWin(b, name) {
  for (let step = 0; step < 400; step++) {
    const state = await b.execute(() => ({
      won: document.getElementById("dlg-won").open,
      stuck: !document.getElementById("stuck").hidden,
      left: Number(document.getElementById("tiles-left").textContent),
    }));
    if (state.won) return step;
    if (state.stuck) {
      await click(b, "#stuck-shuffle");
      continue;
    }
    if (state.left === 0) {
      await b.$("#dlg-won[open]").waitForExist({ timeout: 5000 });
      continue;
    }
    const pair = await hintPair(b);
    const { path } = await matchPair(b, pair);
    checkPath(path, pair[0], pair[1]);
    if (step === 3) await shot(b, `${name}-midgame`);
  }
  throw new AssertionError("game not won after 400 steps");
}

// ---- the app's state and llk ----------------------------------------------------------

export const ROOT = resolve(here, "../..");

/** The app's own state (the same command the view draws). */
export const appState = (b) =>
  b.executeAsync((done) => {
    window.__TAURI_INTERNALS__.invoke("game_state").then(done, (e) => done({ error: e }));
  });
/** The stack game's state (the same command). */
export const stackState = appState;

/** llk for the checks: $LLK_BIN (run.sh builds it); hints may use a faster release build. */
export function llkBins() {
  const play = [process.env.LLK_BIN, join(ROOT, "target/debug/llk"), join(ROOT, "target/release/llk")].find((p) => p && existsSync(p));
  const rel = join(ROOT, "target/release/llk");
  return { play, hint: existsSync(rel) ? rel : play };
}

export function llkJson(bin, args) {
  return JSON.parse(execFileSync(bin, args, { encoding: "utf8", maxBuffer: 1 << 24 }));
}

// ---- the first-launch card ------------------------------------------------------------

/** Closes the first-launch card if it is open, once the first board is painted (saved: it
 * does not come back), and waits until the shell has the setting. */
export async function dismissIntro(b) {
  // the card opens in the task that records the first paint (`data-first-board-ms`)
  await b.waitUntil(() => b.execute(() => document.documentElement.dataset.firstBoardMs !== undefined), {
    timeout: 30_000,
    timeoutMsg: "the first board was not painted",
  });
  const open = await b.execute(() => {
    const d = document.getElementById("dlg-intro");
    if (!d?.open) return false;
    document.getElementById("intro-ok").click();
    return true;
  });
  if (!open) return;
  await b.waitUntil(
    () =>
      b.executeAsync((done) => {
        window.__TAURI_INTERNALS__.invoke("get_settings").then((s) => done(s.intro_seen === true), () => done(false));
      }),
    { timeout: 5000, timeoutMsg: "the first-launch card's dismissal was not saved" },
  );
}

// ---- saved games written before launch --------------------------------------------------

/** The app's data directory under the e2e's XDG_DATA_HOME. */
export const APP_DATA = join(DATA, "io.github.lianliankan");

/**
 * Writes `journey` (the engine's journey save, e.g. from `llk journey`) as the app's saved
 * game, which is the engine's document with the shell's `mode` added; the next launch
 * resumes it.
 */
export function writeJourneySave(journey) {
  mkdirSync(APP_DATA, { recursive: true });
  writeFileSync(join(APP_DATA, "game.json"), JSON.stringify({ ...journey, mode: "journey" }));
}

// ---- what the app has written ------------------------------------------------------------

/** The saved game as on disk (`{mode, ...the engine's save}`), or null while absent or not whole. */
export function savedGame() {
  try {
    return JSON.parse(readFileSync(join(APP_DATA, "game.json"), "utf8"));
  } catch {
    return null;
  }
}

/**
 * Waits until the saved game on disk passes `ok(doc)`. The app writes in the background
 * (src-tauri/saver.rs: the command answers first, the file follows a moment later), so a test
 * that quits the app or reads its files waits for the exact save it expects, not for a time.
 */
export async function waitSaved(b, ok, what) {
  let doc = null;
  await b.waitUntil(
    () => {
      doc = savedGame();
      return doc !== null && ok(doc);
    },
    { timeout: 10_000, timeoutMsg: `the save on disk never held ${what}: ${JSON.stringify(doc)?.slice(0, 300)}` },
  );
  return doc;
}

/**
 * Counts the view's calls to the shell still waiting for their answer (`pendingCalls`): a
 * wrapper around the invoke Tauri's API reads at each call, installed in the page now (a
 * call made before is not counted).
 */
export const countCalls = (b) =>
  b.execute(() => {
    const internals = window.__TAURI_INTERNALS__;
    const invoke = internals.invoke;
    window.__e2ePending = 0;
    internals.invoke = (...args) => {
      window.__e2ePending++;
      return invoke(...args).finally(() => window.__e2ePending--);
    };
  });

/** Waits until every call counted since `countCalls` has been answered (and drawn). */
export const callsAnswered = (b) =>
  b.waitUntil(() => b.execute(() => window.__e2ePending === 0), { timeout: 10_000, timeoutMsg: "a call to the shell was never answered" });

// ---- phone-size layout checks -------------------------------------------------------------

/**
 * What a phone player would notice in the current view: a page that scrolls sideways,
 * a visible control outside the window or smaller than a 40 px touch target, a button
 * label cut short. Returns the problems found (none: []).
 */
export function layoutProblems(b) {
  return b.execute(() => {
    const problems = [];
    const se = document.scrollingElement;
    if (se.scrollWidth > innerWidth + 0.5) {
      const over = [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5);
      const name = (e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}${e.classList.length ? "." + [...e.classList].join(".") : ""}`;
      problems.push(`the page scrolls sideways (${se.scrollWidth} > ${innerWidth}: ${over.slice(0, 3).map(name).join(", ")})`);
    }
    const visible = (e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
    };
    for (const e of document.querySelectorAll(".actions .btn, .props .btn, #journey-bar")) {
      if (!visible(e)) continue;
      const r = e.getBoundingClientRect();
      const name = e.id || e.textContent.trim().slice(0, 20);
      if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) problems.push(`${name} outside the window`);
      if (e.matches(".btn") && (r.width < 39.5 || r.height < 39.5)) problems.push(`${name} is ${r.width.toFixed(0)}×${r.height.toFixed(0)} px`);
    }
    const bar = document.getElementById("journey-bar");
    if (visible(bar) && bar.scrollWidth > bar.clientWidth + 0.5) problems.push(`the journey bar is cut short (${bar.scrollWidth} > ${bar.clientWidth})`);
    for (const e of document.querySelectorAll(".props .btn > span[data-i18n], .actions .btn span")) {
      if (visible(e) && e.scrollWidth > e.clientWidth + 0.5) problems.push(`label "${e.textContent}" cut short`);
    }
    return problems;
  });
}
