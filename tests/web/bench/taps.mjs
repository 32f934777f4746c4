// The page benchmark's second part: the main thread's script time per tap. A whole classic
// game is played by finger taps (each pair found with the view's Hint, whose taps are not
// counted) on a phone with the CPU slowed down, each pair under a DevTools trace. Per tile
// tap the window is from the touch (the trace's `touchstart` dispatch) to the end of the first
// frame after the view showed the engine's answer (a change of the board's DOM, marked with
// `performance.mark` by an observer installed before the page's scripts); in it the union of
// the renderer main thread's script slices is the tap's script time, and of all its tasks the
// tap's main-thread time.
import { tap } from "../phone/touch.mjs";
import { unionLength } from "./stats.mjs";

/** Trace categories: the timeline's slices, the tasks, and the page's performance marks. */
export const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "toplevel", "v8.execute"];
/**
 * Slices that are the page's script running: handlers, timers, frames' callbacks, promise
 * continuations (microtasks), and a worker's message handed to the page (its structured-clone
 * copy and the handler, with what the handler's promises run).
 */
export const SCRIPT = new Set([
  "EvaluateScript", "FunctionCall", "EventDispatch", "TimerFire", "FireAnimationFrame", "FireIdleCallback",
  "RunMicrotasks", "V8.Execute", "v8.callFunction", "HandlePostMessage",
]);
/**
 * Whether main-thread slice `e` is the benchmark's own script, not the page's: a DevTools
 * message (playwright-core's `evaluate`, whose promises run in the page), the callback of
 * `whenDone`'s observer (`benchWait`), or a frame callback of playwright-core's polling
 * (`waitForFunction` polls every frame with a function named `next` of its injected script,
 * which has no URL: the Hint's wait does, before a tap's window).
 */
function harness(e, main) {
  if (e.name === "Receive mojo message") return e.args?.chrome_mojo_event_info?.mojo_interface_tag === "blink.mojom.DevToolsSession";
  if (e.name === "FunctionCall") return e.args?.data?.functionName === "benchWait" && !e.args?.data?.url;
  if (e.name !== "FireAnimationFrame") return false;
  const end = e.ts + (e.dur ?? 0);
  return main.some((c) => c.name === "FunctionCall" && c.ts >= e.ts && c.ts < end && c.args?.data?.functionName === "next" && !c.args?.data?.url);
}

/** The length of the part of `a`'s union that `b`'s union covers, within [lo, hi]. */
function overlapLength(a, b, lo, hi) {
  const pieces = [];
  for (const [s, e] of a) for (const [s2, e2] of b) if (Math.min(e, e2) > Math.max(s, s2)) pieces.push([Math.max(s, s2), Math.min(e, e2)]);
  return unionLength(pieces, lo, hi);
}

/** Slices of style, layout and paint work. */
const RENDER = new Set(["UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit", "HitTest"]);
/** Slices that end a frame's rendering on the main thread. */
const FRAME_END = new Set(["Commit", "Paint", "Layerize"]);

/**
 * Runs in the page before its own scripts: once armed by `window.__llkArm()`, the next change
 * of a tile (its pressed state or class) or of the board's children marks `llk-answer`; every
 * write of the saved game to `localStorage` marks `llk-saved` (a mark costs a few µs).
 */
function watchAnswers() {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    setItem.call(this, key, value);
    if (key === "llk/game.json") performance.mark("llk-saved");
  };
  let armed = false;
  window.__llkArm = () => {
    armed = true;
    performance.mark("llk-arm");
  };
  const obs = new MutationObserver(() => {
    if (!armed) return;
    armed = false;
    performance.mark("llk-answer");
  });
  const start = () => {
    const board = document.getElementById("board");
    if (!board) return requestAnimationFrame(start);
    obs.observe(board, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-pressed", "class"] });
  };
  addEventListener("DOMContentLoaded", start);
}

export const sel = ([r, c]) => `#board button.tile[data-row="${r}"][data-col="${c}"]`;
const tilesLeft = (page) => page.evaluate(() => Number(document.getElementById("tiles-left").textContent));

/**
 * Runs in the page, sent by `tapTile` before its touch: arms the answer observer, then resolves
 * once `done(arg)` holds, checked at each change of the page's DOM by an observer (its callback
 * named `benchWait`, which `harness` counts as the benchmark's) and not by polling: playwright-
 * core's `waitForFunction` ran a check in every frame of the tap's window and answered through a
 * DevTools message each time, script on the page's main thread that the page itself never runs.
 */
function whenDone(done, arg) {
  // `done` may wait for this tap's announcement
  const announcer = document.getElementById("announcer");
  if (announcer) announcer.textContent = "";
  window.__llkArm();
  return new Promise((resolve, reject) => {
    const obs = new MutationObserver(function benchWait() {
      if (!done(arg)) return;
      obs.disconnect();
      clearTimeout(timer);
      resolve(true);
    });
    const timer = setTimeout(() => {
      obs.disconnect();
      reject(new Error(`no answer within 10 s (${done.name} ${JSON.stringify(arg)})`));
    }, 10_000);
    obs.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/**
 * Taps tile `cell` with the answer observer armed; waits until `done` holds in the page. One
 * DevTools message before the touch and its answer after: `whenDone`'s source with `done`'s
 * (evaluated by DevTools, so the page's Content-Security-Policy does not apply to it).
 */
export async function tapTile(page, cell, done, arg) {
  const answered = page.evaluate(`(${whenDone})(${done}, ${JSON.stringify(arg)})`);
  await tap(page, sel(cell));
  await answered;
}

/** The two cells the view's Hint marks. */
export async function hint(page) {
  await tap(page, "#btn-hint");
  const h = await page.waitForFunction(() => {
    const t = [...document.querySelectorAll("#board button.tile[data-hint]:not(.vanishing)")];
    return t.length === 2 ? t.map((e) => [Number(e.dataset.row), Number(e.dataset.col)]) : null;
  });
  return h.jsonValue();
}

/**
 * Per tile tap of one trace: { kind, restyled, byName, wallMs, scriptMs, pageScriptMs, renderMs, mainMs,
 * savedMs, shownToSavedMs } (trace times are µs). `pageScriptMs` is `scriptMs` less the
 * benchmark's own script in the window (see `harness`). `savedMs` is the time from the touch to the saved game's
 * write (null when the tap wrote none), `shownToSavedMs` from the end of the frame that showed
 * the answer to that write (negative: written before it was shown).
 */
export function tapsOfTrace(events, kinds) {
  const arms = events.filter((e) => e.name === "llk-arm");
  if (arms.length === 0) return [];
  const { pid, tid } = arms[0];
  const main = events.filter((e) => e.pid === pid && e.tid === tid);
  const slices = (pred) => main.filter((e) => e.ph === "X" && pred(e)).map((e) => [e.ts, e.ts + (e.dur ?? 0)]);
  const script = slices((e) => SCRIPT.has(e.name));
  const ours = slices((e) => harness(e, main));
  const render = slices((e) => RENDER.has(e.name));
  const tasks = slices((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
  const touches = main.filter((e) => e.name === "EventDispatch" && e.args?.data?.type === "touchstart").map((e) => e.ts);
  const answers = main.filter((e) => e.name === "llk-answer").map((e) => e.ts);
  const saves = main.filter((e) => e.name === "llk-saved").map((e) => e.ts);
  const frames = main.filter((e) => e.ph === "X" && FRAME_END.has(e.name)).map((e) => e.ts + (e.dur ?? 0));
  const out = [];
  arms.forEach((arm, i) => {
    const next = arms[i + 1]?.ts ?? Infinity;
    const touch = touches.find((t) => t > arm.ts && t < next);
    const answer = answers.find((t) => t > arm.ts && t < next);
    if (touch === undefined || answer === undefined) return;
    const end = frames.find((t) => t > answer && t < next) ?? answer;
    const saved = saves.find((t) => t > touch && t < next);
    // per slice name, the time inside the window (nested slices counted in each), for --detail
    const byName = {};
    for (const e of main) {
      if (e.ph !== "X" || e.ts >= end || e.ts + (e.dur ?? 0) <= touch) continue;
      const d = Math.min(end, e.ts + (e.dur ?? 0)) - Math.max(touch, e.ts);
      byName[e.name] = (byName[e.name] ?? 0) + d / 1000;
    }
    // elements whose style the window's style recalculations computed (a count, not a time:
    // the machine's load does not move it)
    let restyled = 0;
    for (const e of main) {
      if (e.ph === "X" && e.name === "UpdateLayoutTree" && e.ts >= touch && e.ts < end) restyled += e.args?.elementCount ?? 0;
    }
    out.push({
      kind: kinds[i],
      restyled,
      byName,
      wallMs: (end - touch) / 1000,
      scriptMs: unionLength(script, touch, end) / 1000,
      pageScriptMs: (unionLength(script, touch, end) - overlapLength(script, ours, touch, end)) / 1000,
      renderMs: unionLength(render, touch, end) / 1000,
      mainMs: unionLength(tasks, touch, end) / 1000,
      savedMs: saved === undefined ? null : (saved - touch) / 1000,
      shownToSavedMs: saved === undefined ? null : (saved - end) / 1000,
    });
  });
  return out;
}

/**
 * A phone context on `url` with the answer observer installed, the intro card closed and the
 * CPU throttled: `{ context, page }` (the caller closes the context).
 */
export async function openGame(browser, url, { viewport, throttle }) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: "en-US" });
  try {
    await context.addInitScript(watchAnswers);
    const page = await context.newPage();
    await page.goto(url);
    await page.locator("#board button.tile").first().waitFor({ timeout: 60_000 });
    // the first-launch card opens in the task that records the first paint
    await page.waitForFunction(() => document.documentElement.dataset.firstBoardMs !== undefined, null, { timeout: 60_000 });
    if (await page.evaluate(() => document.getElementById("dlg-intro")?.open === true)) {
      await tap(page, "#intro-ok");
      await page.waitForFunction(() => !document.getElementById("dlg-intro").open);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
    return { context, page, cdp };
  } catch (e) {
    await context.close();
    throw e;
  }
}

/**
 * The next pair to play, found with the view's Hint: `[a, b, left]`, or null when the game is
 * over. A stuck board is shuffled first.
 */
export async function nextPair(page) {
  for (;;) {
    const state = await page.evaluate(() => ({
      won: document.getElementById("dlg-won").open,
      stuck: !document.getElementById("stuck").hidden,
    }));
    if (state.won) return null;
    if (state.stuck) {
      await tap(page, "#stuck-shuffle");
      await page.waitForFunction(() => document.getElementById("stuck").hidden);
      continue;
    }
    const left = await tilesLeft(page);
    if (left === 0) {
      await page.waitForSelector("#dlg-won[open]");
      return null;
    }
    const [a, b] = await hint(page);
    return [a, b, left];
  }
}

/**
 * Plays pairs until the win (or `maxPairs`); `pair(a, b, left)` taps the two cells (its own
 * measurement around them).
 */
export async function playPairs(page, maxPairs, pair) {
  for (let pairs = 0; pairs < maxPairs; pairs++) {
    const next = await nextPair(page);
    if (!next) break;
    await pair(...next);
  }
}

/**
 * The page's wait for the first tap's answer: the tile pressed and the engine's answer
 * announced. The view draws a tap's answer in the tap's own frame from what the engine told it
 * before (`GameView.links`), and draws the next tap ahead only once the engine has answered;
 * a player's second tap comes well after that (150 ms at the quickest, the replay's bound).
 */
export const pressed = (s) =>
  document.querySelector(s)?.getAttribute("aria-pressed") === "true" && document.getElementById("announcer")?.textContent !== "";
/** The page's wait for the second tap's answer (two tiles fewer). */
export const fewer = (n) => Number(document.getElementById("tiles-left").textContent) === n;

/** One traced pair on `page`: its two taps' figures. */
async function tracedPair(browser, page, [a, b, left]) {
  await browser.startTracing(page, { categories: CATEGORIES });
  await tapTile(page, a, pressed, sel(a));
  await tapTile(page, b, fewer, left - 2);
  // two frames, so that the frame after the answer is in the trace
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const trace = JSON.parse((await browser.stopTracing()).toString("utf8"));
  return tapsOfTrace(trace.traceEvents ?? trace, ["select", "match"]);
}

/**
 * Plays one classic game at `url` to the win (or `maxPairs` pairs), every tile tap measured:
 * the list of taps. One game is open at a time (a second page open beside it would run its
 * clock, timers and animations on the same cores as the measured tap).
 */
export async function tapsOfGame(browser, url, { viewport, throttle, maxPairs }) {
  const { context, page } = await openGame(browser, url, { viewport, throttle });
  try {
    const taps = [];
    for (let pairs = 0; pairs < maxPairs; pairs++) {
      const next = await nextPair(page);
      if (!next) break;
      taps.push(...(await tracedPair(browser, page, next)));
    }
    return taps;
  } finally {
    await context.close();
  }
}
