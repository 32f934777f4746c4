// Where a first board's time goes (not part of make bench-web-page): one cold load of a build
// under a DevTools trace, as the page benchmark's phone (390x844, DSF 3, touch, CPU slowed 4x);
// prints a timeline of the load (the view's start-up marks and every task over 10 ms on the page's
// main thread and in its workers, from navigation start), the longest main-thread slices, the
// image work per kind of slice, and what runs inside the longest style recalculation
// (UpdateLayoutTree) of the load.
//   node tests/web/bench/first-detail.mjs [web/dist] [--save trace.json]
// (--save writes the whole trace, with the marks, for a closer look in DevTools or a script)
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { serve } from "../../../web/serve.mjs";
import { CHROMIUM_ARGS, DIST, PHONES } from "../lib.mjs";
import { boardPainted, watchBoard } from "./first-board.mjs";
import { printTable } from "./stats.mjs";

const require = createRequire(new URL("../../../ui/package.json", import.meta.url));
/** @type {import("playwright-core")} */
const { chromium } = require("playwright-core");

const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "blink.user_timing", "v8"];

/** Per slice name: how many complete slices and their total ms, of the events `evs`. */
function byName(evs) {
  const out = {};
  for (const e of evs) {
    const a = (out[e.name] ??= { slice: e.name, n: 0, ms: 0 });
    a.n++;
    a.ms += e.dur / 1000;
  }
  return Object.values(out).sort((a, b) => b.ms - a.ms);
}

/** The names of the threads of the trace, by `pid:tid`. */
function threadNames(events) {
  const names = new Map();
  for (const e of events) if (e.ph === "M" && e.name === "thread_name") names.set(`${e.pid}:${e.tid}`, e.args.name);
  return names;
}

/**
 * The load as a timeline (ms from navigation start): the view's marks, and each top-level task
 * over 10 ms of the page's main thread and of its workers, with the three largest slices inside.
 */
function timeline(events, slices, marks) {
  const nav = events.find((e) => e.name === "navigationStart");
  if (!nav) return;
  const names = threadNames(events);
  const rows = Object.entries(marks).map(([m, at]) => ({ at: at, thread: "mark", ms: NaN, what: m }));
  const wanted = (t) => t === "CrRendererMain" || /Worker/.test(t ?? "");
  for (const task of slices.filter((e) => e.name === "RunTask" && e.dur > 10_000)) {
    const thread = names.get(`${task.pid}:${task.tid}`);
    if (!wanted(thread) || task.pid !== nav.pid) continue;
    const inside = byName(slices.filter((e) => e !== task && e.tid === task.tid && e.pid === task.pid && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && !/^(RunTask|ThreadControllerImpl|EventDispatch|FunctionCall|v8\.callFunction|V8\.Execute)/.test(e.name)));
    const what = inside.slice(0, 3).map((a) => `${a.slice} ${a.ms.toFixed(0)}`).join(", ");
    rows.push({ at: (task.ts - nav.ts) / 1000, thread: thread === "CrRendererMain" ? "main" : "worker", ms: task.dur / 1000, what });
  }
  console.log("timeline (ms from navigation start, throttled)");
  printTable(rows.sort((a, b) => a.at - b.at));
  console.log("");
}

const args = process.argv.slice(2);
const saveAt = args.indexOf("--save");
const saveTo = saveAt >= 0 ? args.splice(saveAt, 2)[1] : null;
const server = await serve(resolve(args[0] ?? DIST), 0);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: PHONES.portrait, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: "en-US" });
  await context.addInitScript(watchBoard);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await browser.startTracing(page, { categories: CATEGORIES });
  const painted = boardPainted(page);
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await painted;
  await page.waitForTimeout(1500); // the board's frames
  const events = JSON.parse((await browser.stopTracing()).toString("utf8")).traceEvents;
  const slices = events.filter((e) => e.ph === "X" && e.dur !== undefined);
  const marks = await page.evaluate(() => window.__llkMetrics?.marks ?? {});
  if (saveTo) writeFileSync(saveTo, JSON.stringify({ marks, traceEvents: events }));
  timeline(events, slices, marks);
  console.log("longest slices (ms, throttled)");
  printTable(slices.sort((a, b) => b.dur - a.dur).slice(0, 15).map((e) => ({ slice: e.name, ms: e.dur / 1000 })));
  console.log("\nimage work");
  printTable(byName(slices.filter((e) => /SVG|Image|requestResource|Decode/.test(e.name))));
  const style = slices.filter((e) => e.name === "UpdateLayoutTree").sort((a, b) => b.dur - a.dur)[0];
  if (style) {
    const inside = slices.filter((e) => e !== style && e.tid === style.tid && e.ts >= style.ts && e.ts + e.dur <= style.ts + style.dur);
    console.log(`\ninside the longest style recalculation: ${(style.dur / 1000).toFixed(1)} ms, ${style.args?.elementCount} elements`);
    printTable(byName(inside));
  }
} finally {
  await browser.close();
  server.close();
}
