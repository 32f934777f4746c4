// Where a tap's script time goes, by function: plays a classic game like the page benchmark's
// taps (pairs from the view's Hint, phone, CPU slowed down) with the DevTools CPU profiler
// sampling each tile tap from just before the touch until two frames after the answer, and
// prints the self time per function summed over the selecting and the matching taps
// (ms per tap, throttled). Function names are readable on a build without minification:
//   (cd ui && npx vite build --config ../web/vite.config.ts --minify false --outDir /tmp/prof-dist)
//   node tests/web/bench/tap-profile.mjs [--dist /tmp/prof-dist] [--pairs 20] [--top 30] [--total]
// A profile, not a benchmark: sampling (every 100 µs) misses short calls, and the window is
// longer than the page benchmark's (it ends two frames after the answer, not one).
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { serve } from "../../../web/serve.mjs";
import { CHROMIUM_ARGS, DIST, PHONES } from "../lib.mjs";
import { printTable } from "./stats.mjs";
import { fewer, openGame, playPairs, pressed, sel, tapTile } from "./taps.mjs";

const require = createRequire(new URL("../../../ui/package.json", import.meta.url));
/** @type {import("playwright-core")} */
const { chromium } = require("playwright-core");

const { values: opt } = parseArgs({
  options: {
    dist: { type: "string", default: DIST },
    throttle: { type: "string", default: "4" },
    pairs: { type: "string", default: "20" },
    top: { type: "string", default: "30" },
    total: { type: "boolean", default: false },
  },
});

/** "name file:line" of a profile node's frame ("name" alone for the browser's own functions). */
function frameName(node) {
  const f = node.callFrame;
  const file = f.url.split("/").pop() ?? "";
  return `${f.functionName || "(anonymous)"}${file ? ` ${file}:${f.lineNumber + 1}` : ""}`;
}

/**
 * Self time (ms) per function of one profile. A function of the browser's own (a DOM call,
 * no script file) is keyed with the nearest caller that has one, so that `focus` says who
 * focused; samples with no page script on the stack at all (the test driver's) are dropped.
 * With `inclusive`, also "[total] f": the time with page function f anywhere on the stack.
 */
function selfTimes(profile, ours, inclusive) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const out = {};
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    let caller = node;
    while (caller && !ours(caller.callFrame.url)) caller = parent.get(caller.id);
    if (!caller && !node.callFrame.functionName.startsWith("(")) return;
    const key = caller === node || !caller ? frameName(node) : `${frameName(node)} <- ${frameName(caller)}`;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    out[key] = (out[key] ?? 0) + ms;
    if (!inclusive) return;
    // every page function on the stack, once each
    const seen = new Set();
    for (let n = caller; n; n = parent.get(n.id)) {
      if (!ours(n.callFrame.url)) continue;
      const k = `[total] ${frameName(n)}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out[k] = (out[k] ?? 0) + ms;
    }
  });
  return out;
}

const server = await serve(resolve(opt.dist), 0);
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  const { context, page, cdp } = await openGame(browser, url, { viewport: PHONES.portrait, throttle: Number(opt.throttle) });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  const sums = { select: {}, match: {} };
  const counts = { select: 0, match: 0 };
  const profiled = async (kind, run) => {
    await cdp.send("Profiler.start");
    await run();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { profile } = await cdp.send("Profiler.stop");
    counts[kind]++;
    for (const [k, ms] of Object.entries(selfTimes(profile, (u) => u.startsWith(url), opt.total))) sums[kind][k] = (sums[kind][k] ?? 0) + ms;
  };
  await playPairs(page, Number(opt.pairs), async (a, b, left) => {
    await profiled("select", () => tapTile(page, a, pressed, sel(a)));
    await profiled("match", () => tapTile(page, b, fewer, left - 2));
  });
  await context.close();
  for (const kind of ["select", "match"]) {
    const skip = new Set(["(idle) ", "(program) "]);
    const rows = Object.entries(sums[kind])
      .filter(([k]) => !skip.has(k))
      .map(([fn, ms]) => ({ fn: fn.slice(0, 110), "ms per tap": ms / counts[kind] }))
      .sort((x, y) => y["ms per tap"] - x["ms per tap"]);
    const total = rows.reduce((s, r) => s + r["ms per tap"], 0);
    console.log(`\n${kind}: ${counts[kind]} taps, ${total.toFixed(1)} ms of samples per tap outside idle/program`);
    printTable(rows.slice(0, Number(opt.top)));
  }
} finally {
  await browser.close();
  server.close();
}
