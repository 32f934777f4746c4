// Which of the page's functions a tap's script runs: plays a classic game like the page
// benchmark (pairs from the view's Hint, phone, CPU slowed down) under V8's sampling profiler,
// switched on only for the two taps of each pair (not the Hint), and prints, for the selecting
// and the matching taps apart, the functions with the most self time and the page's functions
// with the most total time (ms per tap, throttled; bundled names as built). The profile spans
// the whole tap, so it also holds the benchmark's own script and what runs after the frame.
//   node tests/web/bench/tap-profile.mjs [--dist web/dist] [--pairs 30] [--top 25] [--throttle 4]
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { serve } from "../../../web/serve.mjs";
import { CHROMIUM_ARGS, DIST, PHONES } from "../lib.mjs";
import { fewer, nextPair, openGame, pressed, sel, tapTile } from "./taps.mjs";

const require = createRequire(new URL("../../../ui/package.json", import.meta.url));
/** @type {import("playwright-core")} */
const { chromium } = require("playwright-core");

const { values: opt } = parseArgs({
  options: {
    dist: { type: "string", default: DIST },
    pairs: { type: "string", default: "30" },
    top: { type: "string", default: "25" },
    throttle: { type: "string", default: "4" },
  },
});

/** A profile node's name: function, file and line (bundled). */
const nameOf = (f) => `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`;

/** Adds one profile's self and total time (µs) per function name into the two maps. */
function addProfile(profile, self, total) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const dt = new Map();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  for (const [id, us] of dt) {
    const node = byId.get(id);
    const up = parent.get(id);
    // a native function is named with its caller, so that "(anonymous)" says whose it was
    const name = node.callFrame.url || up === undefined ? nameOf(node.callFrame) : `${nameOf(node.callFrame)} < ${nameOf(byId.get(up).callFrame)}`;
    self.set(name, (self.get(name) ?? 0) + us);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const n = nameOf(byId.get(at).callFrame);
      if (seen.has(n)) continue;
      seen.add(n);
      total.set(n, (total.get(n) ?? 0) + us);
    }
  }
}

const server = await serve(resolve(opt.dist), 0);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
const self = new Map();
const total = new Map();
// the second tap of each pair (the match) apart
const matchSelf = new Map();
const matchTotal = new Map();
let taps = 0;
try {
  const url = `http://127.0.0.1:${server.address().port}/`;
  const { context, page, cdp } = await openGame(browser, url, { viewport: PHONES.portrait, throttle: Number(opt.throttle) });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  for (let p = 0; p < Number(opt.pairs); p++) {
    const next = await nextPair(page);
    if (!next) break;
    const [a, b, left] = next;
    await cdp.send("Profiler.start");
    await tapTile(page, a, pressed, sel(a));
    addProfile((await cdp.send("Profiler.stop")).profile, self, total);
    await cdp.send("Profiler.start");
    await tapTile(page, b, fewer, left - 2);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    addProfile((await cdp.send("Profiler.stop")).profile, matchSelf, matchTotal);
    taps += 2;
  }
  await context.close();
} finally {
  await browser.close();
  server.close();
}
const skip = new Set(["(idle)", "(program)", "(root)"]);
const show = (title, map) => {
  console.log(`${title} (ms per tap, ${taps / 2} taps, throttled ${opt.throttle}x)`);
  [...map]
    .filter(([n]) => !skip.has(n.split(" ")[0]))
    .sort((x, y) => y[1] - x[1])
    .slice(0, Number(opt.top))
    .forEach(([n, us]) => console.log(`${(us / 1000 / taps).toFixed(2).padStart(7)}  ${n}`));
};
const pageOnly = (map) => new Map([...map].filter(([n]) => /\.js:/.test(n.split(" < ")[0]) || /\.js:/.test(n.split(" < ")[1] ?? "")));
show("selecting tap: self time", self);
show("selecting tap: the page's scripts (and the natives they call), total time", pageOnly(total));
show("matching tap: self time", matchSelf);
show("matching tap: the page's scripts (and the natives they call), total time", pageOnly(matchTotal));
