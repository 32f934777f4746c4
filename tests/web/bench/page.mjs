// The web build's page benchmark (make bench-web-page): in headless Debian Chromium as a
// 390x844 phone (device scale factor 3, touch) with the CPU slowed down 4x by the DevTools
// protocol, the built site's transfer size, (a) the first board after a cold load, over 20 loads,
// and (b) the main thread's script time per tap over a whole classic game. Prints p50/p95 tables; the goals are a first
// board p95 under 1.5 s and a tap's script p95 under 16 ms. Not a test: numbers to compare.
//   node tests/web/bench/page.mjs [--dist web/dist]... [--loads 20] [--throttle 4] [--pairs 200]
//                                 [--games 1] [--only size|first|taps] [--detail]
// Several --dist (e.g. a copy of an earlier build) are measured side by side: loads interleaved,
// and the taps' games played in turns, one game at a time. `--games N` plays N rounds of games
// (one game of each build per round) and pools their taps: a p95 over more taps moves less with the host.
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { serve } from "../../../web/serve.mjs";
import { CHROMIUM_ARGS, DIST, PHONES } from "../lib.mjs";
import { firstBoard } from "./first-board.mjs";
import { siteSizes } from "./size.mjs";
import { printTable, summary } from "./stats.mjs";
import { tapsOfGame } from "./taps.mjs";

const require = createRequire(new URL("../../../ui/package.json", import.meta.url));
/** @type {import("playwright-core")} */
const { chromium } = require("playwright-core");

const { values: opt } = parseArgs({
  options: {
    dist: { type: "string", multiple: true, default: [DIST] },
    loads: { type: "string", default: "20" },
    throttle: { type: "string", default: "4" },
    pairs: { type: "string", default: "200" },
    games: { type: "string", default: "1" },
    only: { type: "string" },
    detail: { type: "boolean", default: false },
  },
});
const loads = Number(opt.loads);
const throttle = Number(opt.throttle);
const viewport = PHONES.portrait;

const servers = await Promise.all(opt.dist.map((d) => serve(resolve(d), 0)));
const urls = servers.map((s) => `http://127.0.0.1:${s.address().port}/`);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
const row = (what, xs) => {
  const s = summary(xs);
  return { what, n: s.n, p50: s.p50, p95: s.p95, max: s.max };
};
/** The label of build `k` in the tables: its folder. */
const label = (k) => (opt.dist.length > 1 ? `${opt.dist[k]}: ` : "");
try {
  console.log(`page benchmark: ${opt.dist.join(", ")}; ${viewport.width}x${viewport.height} DSF 3 touch, CPU throttled ${throttle}x`);
  if (opt.only === undefined || opt.only === "size") {
    for (const [k, dir] of opt.dist.entries()) {
      console.log(`\n${label(k)}transfer size (kB; goal: the site < 600 gzip, the wasm module < 300 gzip)`);
      printTable(siteSizes(resolve(dir)));
    }
  }
  if (opt.only === undefined || opt.only === "first") {
    const all = await firstBoard(browser, urls, { loads, viewport, throttle });
    console.log(`\nfirst board after a cold load, ${loads} loads (ms from navigation start; goal p95 < 1500)`);
    printTable(
      all.flatMap((rows, k) => [
        row(`${label(k)}scripts loaded`, rows.map((r) => r.js)),
        row(`${label(k)}first contentful paint`, rows.map((r) => r.fcp)),
        // the view's start-up marks, in the order the first load set them
        ...Object.keys(rows[0]?.marks ?? {}).map((m) => row(`${label(k)}view mark "${m}"`, rows.map((r) => r.marks[m] ?? NaN))),
        row(`${label(k)}board painted`, rows.map((r) => r.board)),
      ]),
    );
  }
  if (opt.only === undefined || opt.only === "taps") {
    const games = Number(opt.games);
    // One game open at a time (tapsOfGame: with two builds' games open side by side, every
    // build's script per tap came out ~2x that of a game played alone). The builds take turns
    // game by game, in A B B A order, so that a drift of the host's speed weighs on each alike.
    const all = urls.map(() => []);
    for (let g = 0; g < games; g++) {
      const order = g % 2 === 0 ? urls.map((_, k) => k) : urls.map((_, k) => urls.length - 1 - k);
      for (const k of order) {
        all[k].push(...(await tapsOfGame(browser, urls[k], { viewport, throttle, maxPairs: Number(opt.pairs) })));
      }
    }
    const over = games === 1 ? "a classic game" : `${games} classic games`;
    for (const [k, taps] of all.entries()) {
      console.log(`\n${label(k)}per tile tap over ${over}, ${taps.length} taps (ms, throttled; goal script p95 < 16)`);
      const rows = [];
      for (const kind of ["select", "match", "all"]) {
        const of = taps.filter((t) => kind === "all" || t.kind === kind);
        if (of.length === 0) continue;
        rows.push(row(`${kind}: script`, of.map((t) => t.scriptMs)));
        rows.push(row(`${kind}: script, page's own`, of.map((t) => t.pageScriptMs)));
        rows.push(row(`${kind}: style, layout, paint`, of.map((t) => t.renderMs)));
        rows.push(row(`${kind}: main thread`, of.map((t) => t.mainMs)));
        rows.push(row(`${kind}: elements restyled (count)`, of.map((t) => t.restyled)));
        rows.push(row(`${kind}: touch to frame`, of.map((t) => t.wallMs)));
        // how long a move waits to be stored: what a page killed meanwhile would lose
        const saving = of.filter((t) => t.savedMs !== null);
        if (saving.length > 0) {
          rows.push(row(`${kind}: touch to game saved`, saving.map((t) => t.savedMs)));
          rows.push(row(`${kind}: frame end to game saved`, saving.map((t) => t.shownToSavedMs)));
        }
      }
      printTable(rows);
      if (opt.detail) {
        // where a tap's main-thread time goes: mean ms per tap of each kind of trace slice
        const names = {};
        for (const t of taps) for (const [n, ms] of Object.entries(t.byName)) names[n] = (names[n] ?? 0) + ms / taps.length;
        const top = Object.entries(names).sort((a, b) => b[1] - a[1]).slice(0, 25);
        printTable(top.map(([slice, ms]) => ({ slice, "ms per tap": ms })));
      }
    }
  }
} finally {
  await browser.close();
  for (const s of servers) s.close();
}
