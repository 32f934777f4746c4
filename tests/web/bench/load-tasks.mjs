// The main thread's long tasks of a first visit, by CPU time: Lighthouse's Total Blocking Time
// as a 2-core host can measure it. Lighthouse multiplies each task's *wall* time by 4 (its
// simulated phone), so on a busy host a task that lost the CPU to another process for 20 ms
// counts 80 ms more; here each top-level task of the renderer's main thread counts by its own
// thread time (`tdur`, which a descheduled thread does not accumulate), times the slow-down.
// Each load: a fresh context (no cache, no saved game: the first-launch card shows) at
// Lighthouse's phone size, unthrottled (Lighthouse simulates the slow-down), traced from the
// navigation until 3 s after the first board is painted (the idle work after it included).
//   node tests/web/bench/load-tasks.mjs [--dist web/dist]... [--loads 5] [--slowdown 4]
// Per build: the median over loads of the blocking time after FCP (sum over tasks of
// max(0, slowdown x CPU ms - 50)), the tasks' count and CPU, and its costliest tasks.
import { parseArgs } from "node:util";
import { DIST } from "../lib.mjs";
import { boardPainted } from "./first-board.mjs";
import { percentile, printTable } from "./stats.mjs";
import { freshPage, inTurns, LIGHTHOUSE_PHONE } from "./visits.mjs";

const { values: opt } = parseArgs({
  options: {
    dist: { type: "string", multiple: true, default: [DIST] },
    loads: { type: "string", default: "5" },
    slowdown: { type: "string", default: "4" },
  },
});
const SLOWDOWN = Number(opt.slowdown);
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "blink.user_timing"];
/** The names a top-level task of the main thread is traced under. */
const TASK = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

/** The top-level tasks of the renderer's main thread in `events`: [{ ts, cpu, wall, what }]. */
function mainTasks(events) {
  const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain");
  if (!main) throw new Error("no renderer main thread in the trace");
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
  // a task is traced as nested slices of both names: the outermost counts
  const tasks = [];
  for (const t of own.filter((e) => TASK.has(e.name)).sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    const last = tasks.at(-1);
    if (!last || t.ts >= last.ts + last.dur) tasks.push(t);
  }
  return tasks.map((t) => {
    const end = t.ts + t.dur;
    const inside = own.filter((e) => !TASK.has(e.name) && e.ts >= t.ts && e.ts < end);
    const by = new Map();
    for (const e of inside) by.set(e.name, (by.get(e.name) ?? 0) + (e.tdur ?? e.dur ?? 0));
    const what = [...by].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([n, us]) => `${n} ${(us / 1000).toFixed(0)}`).join(", ");
    return { ts: t.ts, cpu: (t.tdur ?? t.dur) / 1000, wall: t.dur / 1000, what };
  });
}

/** One first visit of `url`: its FCP, first board and main-thread tasks (ms from navigation). */
async function load(browser, url) {
  const { context, page } = await freshPage(browser);
  try {
    await browser.startTracing(page, { categories: CATEGORIES });
    const painted = boardPainted(page);
    await page.goto(url);
    await painted;
    await page.waitForTimeout(3000);
    const { fcp, board } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      board: window.__llkBoardPainted,
    }));
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    // trace clock to page clock: the navigation's own mark
    const nav = events.find((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith(url));
    const t0 = nav ? nav.ts : Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
    const tasks = mainTasks(events).map((t) => ({ ...t, at: (t.ts - t0) / 1000 }));
    return { fcp, board, tasks };
  } finally {
    await context.close();
  }
}

/** Lighthouse's blocking time of `tasks` after `fcp`, from CPU time (or wall time). */
function blocking(tasks, fcp, key) {
  return tasks.filter((t) => t.at >= fcp).reduce((sum, t) => sum + Math.max(0, SLOWDOWN * t[key] - 50), 0);
}

const runs = await inTurns(opt.dist, Number(opt.loads), load);
const rows = [];
for (const [k, dist] of opt.dist.entries()) {
  const r = runs[k];
  const med = (f) => percentile(r.map(f), 50);
  rows.push({
    build: dist,
    "FCP ms": med((x) => x.fcp),
    "board ms": med((x) => x.board),
    [`blocking ${SLOWDOWN}x CPU ms`]: med((x) => blocking(x.tasks, x.fcp, "cpu")),
    [`blocking ${SLOWDOWN}x wall ms`]: med((x) => blocking(x.tasks, x.fcp, "wall")),
    "tasks > 12.5 ms CPU": med((x) => x.tasks.filter((t) => t.at >= x.fcp && t.cpu > 50 / SLOWDOWN).length),
  });
}
console.log(`\nfirst visit at ${LIGHTHOUSE_PHONE.width}x${LIGHTHOUSE_PHONE.height}, ${opt.loads} loads each (median), blocking after FCP, slow-down ${SLOWDOWN}x`);
printTable(rows);
for (const [k, dist] of opt.dist.entries()) {
  console.log(`\n${dist}: tasks after FCP over ${50 / SLOWDOWN} ms CPU, median load's (ms from navigation; CPU / wall; what)`);
  const r = [...runs[k]].sort((a, b) => blocking(a.tasks, a.fcp, "cpu") - blocking(b.tasks, b.fcp, "cpu"));
  const mid = r[Math.floor((r.length - 1) / 2)];
  printTable(mid.tasks.filter((t) => t.at >= mid.fcp && t.cpu > 50 / SLOWDOWN).map((t) => ({ at: t.at, cpu: t.cpu, wall: t.wall, what: t.what })));
}
