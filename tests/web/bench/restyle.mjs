// What each restyle of a tap costs, without the taps around it: on each build's classic board
// (phone, CPU slowed down), the time of one change and the style recalculation (or style and
// layout) it forces, each change made after a frame and undone after the next: a class on a
// span outside the board (the floor: a style update with nothing to match), a tile's
// aria-pressed, a tile selected (its ring, shadow and ✓ badge) and hinted (its badge and the
// pulsing ring), a tile's fade starting, a HUD number, a segment of the link's overlay, and a
// custom property changed on the board (every tile and face restyled: what the first board
// pays for its 144 tiles), and the board's cells all replaced by new copies (a new game's
// board before its paint). p50 and p95 over the rounds, the builds measured in turn. Not a
// test: numbers to compare (docs/WEB.md, "What a restyle costs").
//   node tests/web/bench/restyle.mjs --dist /tmp/old-dist --dist web/dist [--rounds 4] [--throttle 4]
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
  options: {
    dist: { type: "string", multiple: true, default: [DIST] },
    rounds: { type: "string", default: "4" },
    throttle: { type: "string", default: "4" },
  },
});

/** Runs in the page: each change 6 times, timed with the style (or style and layout) it forces. */
async function measure() {
  const tiles = [...document.querySelectorAll("#board button.tile")];
  const board = document.getElementById("board");
  const cells = [...board.children];
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  /** `getComputedStyle(el).color` brings the style up to date, `offsetHeight` the layout too. */
  const style = (el) => void getComputedStyle(el).color;
  const layout = () => void document.body.offsetHeight;
  const tile = (i) => tiles[(i * 23 + 7) % tiles.length];
  const span = document.body.appendChild(document.createElement("span"));
  const score = document.getElementById("score");
  const shown = score.textContent;
  const overlay = document.querySelector(".path-overlay") ?? board.parentElement;
  const seg = () => {
    const s = document.createElement("div");
    s.className = "seg h fwd";
    s.style.cssText = "--x: 10px; --y: 10px; --len: 80px; --dur: 200ms; --delay: 0ms";
    return s;
  };
  const cases = [
    ["a span's class (the floor): style", (i, on) => span.classList.toggle("x", on), () => style(span)],
    ["a tile's aria-pressed: style", (i, on) => tile(i).setAttribute("aria-pressed", String(on)), (i) => style(tile(i))],
    ["a tile selected: style", (i, on) => tile(i).classList.toggle("selected", on), (i) => style(tile(i))],
    ["a tile selected: style and layout", (i, on) => tile(i).classList.toggle("selected", on), layout],
    ["a tile hinted: style and layout", (i, on) => tile(i).classList.toggle("hinted", on), layout],
    ["a tile's fade starts: style", (i, on) => tile(i).classList.toggle("vanishing", on), (i) => style(tile(i))],
    ["a HUD number: style and layout", (i, on) => (score.textContent = on ? String(1000 + 37 * i) : shown), layout],
    ["a link segment added: style and layout", (i, on) => (on ? overlay.append(seg()) : overlay.lastElementChild?.remove()), layout],
    ["the whole board (a custom property): style", (i, on) => board.style.setProperty("--restyle-probe", on ? String(i) : ""), () => style(tiles[tiles.length - 1])],
    // what a new game's board costs before its paint: every cell new (copies of the board's)
    ["a new board's cells: style and layout", (i, on) => board.replaceChildren(...(on ? cells.map((c) => c.cloneNode(true)) : cells)), layout],
  ];
  const out = {};
  for (const [name, change, force] of cases) {
    out[name] = [];
    for (let i = 0; i < 6; i++) {
      await frame();
      const t0 = performance.now();
      change(i, true);
      force(i);
      out[name].push(performance.now() - t0);
      await frame();
      change(i, false);
    }
  }
  span.remove();
  return out;
}

const servers = await Promise.all(opt.dist.map((d) => serve(resolve(d), 0)));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  const got = opt.dist.map(() => ({}));
  // a fresh game of each build per round, the builds in turn (A B, B A, ...)
  for (let round = 0; round < Number(opt.rounds); round++) {
    const order = round % 2 === 0 ? servers.map((_, k) => k) : servers.map((_, k) => servers.length - 1 - k);
    for (const k of order) {
      const url = `http://127.0.0.1:${servers[k].address().port}/`;
      const { context, page } = await openGame(browser, url, { viewport: PHONES.portrait, throttle: Number(opt.throttle) });
      for (const [name, ms] of Object.entries(await page.evaluate(measure))) (got[k][name] ??= []).push(...ms);
      await context.close();
    }
  }
  console.log(`forced restyles, ms (CPU throttled ${opt.throttle}x)`);
  printTable(
    Object.keys(got[0]).flatMap((name) =>
      got.map((g, k) => {
        const s = summary(g[name]);
        return { what: opt.dist.length > 1 ? `${opt.dist[k]}: ${name}` : name, n: s.n, p50: s.p50, p95: s.p95, max: s.max };
      }),
    ),
  );
} finally {
  await browser.close();
  for (const s of servers) s.close();
}
