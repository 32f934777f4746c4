// Where the slowest taps' script goes: plays a classic game like the page benchmark (pairs from
// the view's Hint, phone, CPU slowed down), traces each pair, and prints for the slowest taps
// (by the page's own script, as `page.mjs` counts it) their top-level script slices in order
// (event dispatches by type, the worker's answer, timers, frames' callbacks, with ms), and the
// style and layout forced inside script. A tail is often one slice: a timer that landed in the
// tap's window, a garbage collection, the host taking the CPU away (a slice with nothing in it).
//   node tests/web/bench/tap-tail.mjs [--dist web/dist] [--pairs 30] [--top 10] [--throttle 4]
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { serve } from "../../../web/serve.mjs";
import { CHROMIUM_ARGS, DIST, PHONES } from "../lib.mjs";
import { fewer, nextPair, openGame, pressed, sel, tapTile, tapsOfTrace, CATEGORIES, SCRIPT } from "./taps.mjs";

const require = createRequire(new URL("../../../ui/package.json", import.meta.url));
/** @type {import("playwright-core")} */
const { chromium } = require("playwright-core");

const { values: opt } = parseArgs({
  options: {
    dist: { type: "string", default: DIST },
    pairs: { type: "string", default: "30" },
    top: { type: "string", default: "10" },
    throttle: { type: "string", default: "4" },
  },
});

/** A slice's label: its name, with the event type or function name when it has one. */
const label = (s) => [s.name, s.args?.data?.type, s.args?.data?.functionName].filter(Boolean).join(":");

/** One tap's top-level script slices (in order, ms) and the style/layout forced inside them. */
function slicesOfTap(main, start, end) {
  const script = main.filter((e) => SCRIPT.has(e.name) && e.ts >= start && e.ts < end);
  const inside = (e, s) => e !== s && e.ts >= s.ts && e.ts + (e.dur ?? 0) <= s.ts + (s.dur ?? 0);
  const top = script.filter((s) => !script.some((o) => inside(s, o) && (o.dur ?? 0) > (s.dur ?? 0)));
  const forced = main
    .filter((e) => (e.name === "UpdateLayoutTree" || e.name === "Layout") && e.ts >= start && e.ts < end)
    .filter((e) => script.some((s) => e.ts >= s.ts && e.ts < s.ts + (s.dur ?? 0)))
    .reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0);
  return { top: top.filter((s) => (s.dur ?? 0) >= 50).map((s) => `${label(s)} ${((s.dur ?? 0) / 1000).toFixed(1)}`), forced };
}

const server = await serve(resolve(opt.dist), 0);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
const rows = [];
try {
  const url = `http://127.0.0.1:${server.address().port}/`;
  const { context, page } = await openGame(browser, url, { viewport: PHONES.portrait, throttle: Number(opt.throttle) });
  for (let p = 0; p < Number(opt.pairs); p++) {
    const next = await nextPair(page);
    if (!next) break;
    const [a, b, left] = next;
    await browser.startTracing(page, { categories: CATEGORIES });
    await tapTile(page, a, pressed, sel(a));
    await tapTile(page, b, fewer, left - 2);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8"));
    const events = trace.traceEvents ?? trace;
    const taps = tapsOfTrace(events, ["select", "match"]);
    const arm = events.find((e) => e.name === "llk-arm");
    if (!arm) continue;
    const main = events.filter((e) => e.pid === arm.pid && e.tid === arm.tid && e.ph === "X");
    const touches = main.filter((e) => e.name === "EventDispatch" && e.args?.data?.type === "touchstart").map((e) => e.ts);
    taps.forEach((t, i) => {
      const start = touches[i];
      if (start !== undefined) rows.push({ kind: t.kind, ms: t.pageScriptMs, ...slicesOfTap(main, start, start + t.wallMs * 1000) });
    });
  }
  await context.close();
} finally {
  await browser.close();
  server.close();
}
rows.sort((x, y) => y.ms - x.ms);
const ascending = rows.map((r) => r.ms).reverse();
const q = (f) => ascending[Math.min(ascending.length - 1, Math.floor(ascending.length * f))]?.toFixed(1);
console.log(`${rows.length} taps, the page's own script per tap p50 ${q(0.5)} / p95 ${q(0.95)} ms (throttled ${opt.throttle}x)`);
for (const r of rows.slice(0, Number(opt.top))) {
  console.log(`${r.kind.padEnd(6)} ${r.ms.toFixed(1).padStart(6)} ms, forced style/layout ${r.forced.toFixed(1)}: ${r.top.join(", ")}`);
}
