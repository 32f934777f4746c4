// What a tile's style costs, without the taps around it: on each build's classic board (phone,
// CPU slowed down), the time of a style recalculation forced right after (a) a tile selected or
// deselected (its class and aria-pressed) and (b) a custom property changed on the board (every
// tile and face restyled: what the first board pays for its 144 tiles). Medians over the runs,
// the builds measured in turn. Not a test: numbers to compare.
//   node tests/web/bench/restyle.mjs --dist /tmp/old-dist --dist web/dist [--rounds 4]
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { serve } from "../../../web/serve.mjs";
import { CHROMIUM_ARGS, DIST, PHONES } from "../lib.mjs";
import { printTable, summary } from "./stats.mjs";
import { openGame } from "./taps.mjs";

const require = createRequire(new URL("../../../ui/package.json", import.meta.url));
/** @type {import("playwright-core")} */
const { chromium } = require("playwright-core");

const { values: opt } = parseArgs({
  options: { dist: { type: "string", multiple: true, default: [DIST] }, rounds: { type: "string", default: "4" } },
});

/** Runs in the page: 8 of each change, each after a frame, timed to the forced style. */
async function measure() {
  const tiles = [...document.querySelectorAll("#board button.tile")];
  const board = document.getElementById("board");
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const timed = (change, probe) => {
    const t0 = performance.now();
    change();
    void getComputedStyle(probe).transform; // brings the style up to date (no layout)
    return performance.now() - t0;
  };
  const tile = [];
  const all = [];
  for (let i = 0; i < 8; i++) {
    const t = tiles[(i * 17) % tiles.length];
    for (const on of [true, false]) {
      await frame();
      tile.push(timed(() => (t.classList.toggle("selected", on), t.setAttribute("aria-pressed", String(on))), t));
    }
    await frame();
    all.push(timed(() => board.style.setProperty("--restyle-probe", String(i)), tiles[tiles.length - 1]));
  }
  return { tile, all };
}

const servers = await Promise.all(opt.dist.map((d) => serve(resolve(d), 0)));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  const games = [];
  for (const s of servers) games.push(await openGame(browser, `http://127.0.0.1:${s.address().port}/`, { viewport: PHONES.portrait, throttle: 4 }));
  const got = games.map(() => ({ tile: [], all: [] }));
  for (let round = 0; round < Number(opt.rounds); round++) {
    for (const [k, { page }] of games.entries()) {
      const r = await page.evaluate(measure);
      got[k].tile.push(...r.tile);
      got[k].all.push(...r.all);
    }
  }
  console.log("forced style recalculation, ms (CPU throttled 4x)");
  printTable(
    got.flatMap((g, k) => [
      { what: `${opt.dist[k]}: a tile (de)selected`, ...pick(summary(g.tile)) },
      { what: `${opt.dist[k]}: the whole board`, ...pick(summary(g.all)) },
    ]),
  );
  for (const { context } of games) await context.close();
} finally {
  await browser.close();
  for (const s of servers) s.close();
}

function pick(s) {
  return { n: s.n, p50: s.p50, p95: s.p95, max: s.max };
}
