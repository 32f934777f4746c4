// Screenshots of the view against the real engine: the web build (web/dist, the engine as
// WebAssembly in a worker) served on 127.0.0.1 and opened in headless Debian Chromium through
// playwright-core. Usage: make web && npm run shoot [-- outdir]
// Writes PNGs for phones (360×640, 390×844) and desktops (1920×1080, 1280×800), light and dark,
// the three languages, classic and stack mode, a part-played board, a path mid-drawing, the
// New game dialog and the damaged-save notice. Every move is one the engine answered: pairs
// come from the view's Hint, stack tiles too. Fails on a page error or a CSP refusal.
import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "../../web/serve.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const dist = resolve(here, "../../web/dist");
const out = resolve(process.argv[2] ?? resolve(here, "../../tests/e2e/artifacts/ui-shots"));
mkdirSync(out, { recursive: true });

if (!existsSync(resolve(dist, "index.html"))) {
  console.error(`${dist} is not built: run make web first`);
  process.exit(2);
}
const server = await serve(dist, 0);
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const problems = [];
/** The browser locale that makes the view's "follow the system" language pick `lang`. */
const LOCALES = { en: "en-US", "zh-Hans": "zh-CN", "zh-Hant": "zh-TW" };

/** Hint, then the hinted pair; waits until the tiles-left count dropped by two. */
async function playPair(page) {
  const left = Number(await page.textContent("#tiles-left"));
  await page.click("#btn-hint");
  await page.waitForSelector("#board button.tile[data-hint]:not(.vanishing)");
  const cells = await page.$$eval("#board button.tile[data-hint]:not(.vanishing)", (ts) =>
    ts.map((t) => `#board button.tile[data-row="${t.dataset.row}"][data-col="${t.dataset.col}"]`));
  await page.click(cells[0]);
  await page.click(cells[1]);
  await page.waitForFunction((n) => Number(document.getElementById("tiles-left").textContent) === n, left - 2);
}

/** Hint in stack mode, then the hinted tile; waits until it has left the board. */
async function takeTile(page) {
  await page.click("#btn-hint");
  const sel = await page.waitForFunction(() => {
    const t = document.querySelector("#stack-board .stile[data-hint], #stack-held .stile[data-hint]");
    return t ? `#stack-board button.stile[data-id="${t.dataset.id}"], #stack-held button.stile[data-id="${t.dataset.id}"]` : null;
  });
  const s = await sel.jsonValue();
  await page.click(s);
  await page.waitForFunction((q) => !document.querySelector(q), s);
}

/** A stack game at `level` (seed 7) through the New game dialog. */
async function newStack(page, level) {
  await page.click("#btn-new");
  await page.waitForSelector("#dlg-new[open]");
  await page.click("label:has(> #opt-mode-stack)");
  await page.waitForSelector("#opt-level", { state: "visible" });
  await page.fill("#opt-level", String(level));
  await page.fill("#opt-seed", "7");
  await page.click("#new-start");
  await page.waitForFunction(() => !document.getElementById("dlg-new").open && document.documentElement.dataset.mode === "stack");
  await page.waitForSelector("#stack-board button.stile");
}

/**
 * Opens the game in a fresh context (its own storage) and takes screenshot `name` after
 * `pairs` classic pairs (or, with `stack`, a stack game at that level and `takes` tiles).
 * `damaged` leaves an unreadable save behind first, for the notice.
 */
async function shot(name, { width, height, scheme = "light", lang = "en", pairs = 0, stack = 0, takes = 0, damaged = false }) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, locale: LOCALES[lang] });
  const page = await context.newPage();
  page.on("console", (m) => {
    if (/Content Security Policy|Refused/.test(m.text())) problems.push(`${name}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${name}: page error ${e.message}`));
  if (damaged) {
    await page.goto(`${origin}/manifest.webmanifest`);
    await page.evaluate(() => localStorage.setItem("llk/game.json", "{ not a saved game"));
  }
  await page.goto(`${origin}/`);
  await page.waitForSelector("#board button.tile");
  if (await page.evaluate(() => document.getElementById("dlg-intro")?.open === true)) {
    await page.click("#intro-ok");
    await page.waitForFunction(() => !document.getElementById("dlg-intro").open);
  }
  if (stack) {
    await newStack(page, stack);
    for (let i = 0; i < takes; i++) await takeTile(page);
  }
  for (let i = 0; i < pairs; i++) await playPair(page);
  // the last move's fade and path are over
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}.png` });
  const info = await page.evaluate(() => {
    const st = document.documentElement.dataset.mode === "stack";
    const t = document.querySelector(st ? "#stack-board button.stile" : "#board button.tile").getBoundingClientRect();
    const s = document.getElementById(st ? "stack-scroll" : "board-scroll");
    return { tile: [t.width, t.height], scroll: [s.scrollWidth, s.clientWidth, s.scrollHeight, s.clientHeight] };
  });
  console.log(name, JSON.stringify(info));
  return { page, context };
}

const close = async ({ context }) => context.close();
await close(await shot("desktop-light", { width: 1920, height: 1080, pairs: 6 }));
await close(await shot("desktop-dark", { width: 1920, height: 1080, scheme: "dark", lang: "zh-Hans", pairs: 3 }));
await close(await shot("phone-light", { width: 360, height: 640, pairs: 4 }));
await close(await shot("phone-dark-zh-hant", { width: 360, height: 640, scheme: "dark", lang: "zh-Hant" }));
await close(await shot("stack-phone-light", { width: 360, height: 640, stack: 2, takes: 4 }));
await close(await shot("stack-phone-dark-zh-hans", { width: 390, height: 844, scheme: "dark", lang: "zh-Hans", stack: 1, takes: 2 }));
await close(await shot("stack-desktop", { width: 1920, height: 1080, stack: 2, takes: 5 }));
await close(await shot("laptop-sparse", { width: 1280, height: 800, pairs: 30 }));
await close(await shot("phone-notice-zh-hans", { width: 360, height: 640, lang: "zh-Hans", damaged: true }));
const p = await shot("path-frame", { width: 1280, height: 800, pairs: 30 });
// a path mid-drawing, for a look at it
await p.page.click("#btn-hint");
await p.page.waitForSelector("#board button.tile[data-hint]:not(.vanishing)");
const h = await p.page.$$("#board button.tile[data-hint]:not(.vanishing)");
await h[0].click();
await h[1].click();
await p.page.waitForTimeout(120);
await p.page.screenshot({ path: `${out}/path-mid.png` });
await p.page.waitForTimeout(400);
await p.page.click("#btn-new");
await p.page.waitForSelector("#dlg-new[open]");
await p.page.waitForTimeout(250);
await p.page.screenshot({ path: `${out}/dialog-new.png` });
await close(p);

await browser.close();
server.close();
if (problems.length) {
  console.error("CSP/page errors:\n" + problems.join("\n"));
  process.exit(1);
}
console.log(`screenshots in ${out}`);
