// A first visit as a player on a slow phone network sees it: the network *applied* (slow 4G as
// Lighthouse's mobile preset models it: 150 ms round trips, 1.6 Mbps down, 750 kbps up) and the
// CPU slowed 4x, a fresh context each load (no cache, no saved game: the first-launch card
// shows). Lighthouse only *simulates* its throttling, from the page's main-thread tasks and
// network requests, and leaves out the engine worker's fetch of the WebAssembly module, the
// longest download of the page: here it counts. Per build, over the loads (interleaved):
// p50 / p95 of first contentful paint, largest contentful paint (and which element), the card
// opened, the first board painted, and the ends of the view's script and the faces' sheet.
//   node tests/web/bench/first-visit.mjs [--dist web/dist]... [--loads 6]
import { parseArgs } from "node:util";
import { DIST } from "../lib.mjs";
import { boardPainted } from "./first-board.mjs";
import { printTable, summary } from "./stats.mjs";
import { freshPage, inTurns, LIGHTHOUSE_PHONE } from "./visits.mjs";

const { values: opt } = parseArgs({
  options: {
    dist: { type: "string", multiple: true, default: [DIST] },
    loads: { type: "string", default: "6" },
  },
});
/** Slow 4G as Lighthouse models it, with its 0.9 factor for a real link's overhead. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };

/** Runs in the page before its scripts: records LCP candidates and when the card opened. */
function watchVisit() {
  window.__llkLcp = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__llkLcp.push({ t: e.startTime, el: e.element?.id || e.element?.tagName || "?" });
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new MutationObserver(() => {
    if (window.__llkCardAt === undefined && document.getElementById("dlg-intro")?.open) window.__llkCardAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["open"] });
}

/** One first visit of `url`: its timings (ms from navigation). */
async function visit(browser, url) {
  const { context, page, cdp } = await freshPage(browser, [watchVisit]);
  try {
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const painted = boardPainted(page);
    await page.goto(url);
    await painted;
    // LCP stops at the first input; none comes, so wait for the card's fade to end
    await page.waitForTimeout(1000);
    return await page.evaluate(() => {
      const res = performance.getEntriesByType("resource");
      const end = (re) => res.find((r) => re.test(r.name))?.responseEnd ?? NaN;
      const lcp = window.__llkLcp.at(-1);
      return {
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
        lcp: lcp?.t ?? NaN,
        lcpElement: lcp?.el ?? "none",
        card: window.__llkCardAt ?? NaN,
        board: window.__llkBoardPainted,
        script: end(/\/assets\/index-[\w-]+\.js$/),
        faces: end(/\/assets\/faces-[\w-]+\.css$/),
      };
    });
  } finally {
    await context.close();
  }
}

const runs = await inTurns(opt.dist, Number(opt.loads), visit);
console.log(`\nfirst visit, slow 4G applied, CPU 4x, ${LIGHTHOUSE_PHONE.width}x${LIGHTHOUSE_PHONE.height}, ${opt.loads} loads each: p50 / p95 ms from navigation`);
const rows = [];
for (const [k, dist] of opt.dist.entries()) {
  for (const key of ["fcp", "lcp", "card", "board", "script", "faces"]) {
    const s = summary(runs[k].map((r) => r[key]).filter((x) => Number.isFinite(x)));
    rows.push({ build: dist, "": key, n: s.n, p50: s.p50, p95: s.p95 });
  }
  const els = [...new Set(runs[k].map((r) => r.lcpElement))].join(", ");
  rows.push({ build: dist, "": `LCP element: ${els}`, n: runs[k].length, p50: NaN, p95: NaN });
}
printTable(rows);
