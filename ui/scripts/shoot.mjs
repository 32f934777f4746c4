// Screenshots of the built view (ui/dist) with a mocked backend, in headless Debian
// Chromium through playwright-core. Usage: npm run build && npm run shoot [-- outdir]
// Writes PNGs for phone (360×640) and desktop (1920×1080), light and dark, classic and
// stack mode. The mock replays mock-fixture.json (deals and winning lines from llk,
// `make mock-fixture`).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { mkdirSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = fileURLToPath(new URL(".", import.meta.url));
const dist = resolve(here, "../dist");
const out = resolve(process.argv[2] ?? resolve(here, "../../tests/e2e/artifacts/ui-shots"));
mkdirSync(out, { recursive: true });
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:";
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  const file = url.pathname === "/" ? "index.html" : url.pathname.slice(1);
  try {
    const body = file === "mock-tauri.js" ? await readFile(join(here, "mock-tauri.js")) : await readFile(join(dist, file));
    res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream", "content-security-policy": CSP });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const port = server.address().port;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const cspErrors = [];
// the mock, after the fixture it replays
const mock = `window.__MOCK_FIXTURE__ = ${readFileSync(join(here, "mock-fixture.json"), "utf8")};\n${readFileSync(join(here, "mock-tauri.js"), "utf8")}`;
async function shot(name, { width, height, scheme = "light", lang = "en", play = 0, query = "", takes = 0 }) {
  const page = await browser.newPage({ viewport: { width, height }, colorScheme: scheme, locale: lang });
  page.on("console", (m) => {
    if (/Content Security Policy|Refused/.test(m.text())) cspErrors.push(`${name}: ${m.text()}`);
  });
  page.on("pageerror", (e) => cspErrors.push(`${name}: pageerror ${e.message}`));
  await page.addInitScript({ content: mock });
  await page.goto(`http://127.0.0.1:${port}/?lang=${lang}${query}`);
  await page.waitForSelector("button.tile, button.stile");
  for (let i = 0; i < takes; i++) {
    // the mock takes the fixture's winning line only
    const id = await page.evaluate(() => window.__mockStackNext());
    await page.click(`#stack-board button.stile[data-id="${id}"]`);
    await page.waitForTimeout(120);
  }
  for (let i = 0; i < play; i++) {
    await page.click("#btn-hint");
    await page.waitForSelector("button.tile[data-hint]");
    const hinted = await page.$$("button.tile[data-hint]");
    await hinted[0].click();
    await hinted[1].click();
    await page.waitForTimeout(60);
  }
  if (play) {
    await page.click("#btn-hint");
    await page.waitForSelector("button.tile[data-hint]");
    await (await page.$("button.tile[data-hint]")).click();
    await page.waitForTimeout(300);
  }
  await page.screenshot({ path: join(out, `${name}.png`) });
  const info = await page.evaluate(() => {
    const stack = document.documentElement.dataset.mode === "stack";
    const t = document.querySelector(stack ? "#stack-board button.stile" : "button.tile").getBoundingClientRect();
    const s = document.getElementById(stack ? "stack-scroll" : "board-scroll");
    return { tile: [t.width, t.height], scroll: [s.scrollWidth, s.clientWidth, s.scrollHeight, s.clientHeight] };
  });
  console.log(name, JSON.stringify(info));
  return page;
}

await shot("desktop-light", { width: 1920, height: 1080, play: 6 });
await shot("desktop-dark", { width: 1920, height: 1080, scheme: "dark", lang: "zh-Hans", play: 3 });
await shot("phone-light", { width: 360, height: 640, play: 4 });
await shot("phone-dark-zh-hant", { width: 360, height: 640, scheme: "dark", lang: "zh-Hant" });
await shot("stack-phone-light", { width: 360, height: 640, query: "&mode=stack&level=2", takes: 4 });
await shot("stack-phone-dark-zh-hans", { width: 390, height: 844, scheme: "dark", lang: "zh-Hans", query: "&mode=stack&level=1", takes: 2 });
await shot("stack-desktop", { width: 1920, height: 1080, query: "&mode=stack&level=2", takes: 5 });
await shot("laptop-sparse", { width: 1280, height: 800, query: "&sparse=1&notice=1" });
await shot("phone-notice-zh-hans", { width: 360, height: 640, lang: "zh-Hans", query: "&notice=1" });
const p = await shot("path-frame", { width: 1280, height: 800, query: "&sparse=1" });
// freeze a path mid-animation for a look at the drawing
await p.click("#btn-hint");
await p.waitForSelector("button.tile[data-hint]");
const h = await p.$$("button.tile[data-hint]");
await h[0].click();
await h[1].click();
await p.waitForTimeout(120);
await p.screenshot({ path: join(out, "path-mid.png") });
await p.click("#btn-new");
await p.waitForTimeout(250);
await p.screenshot({ path: join(out, "dialog-new.png") });

await browser.close();
server.close();
if (cspErrors.length) {
  console.error("CSP/page errors:\n" + cspErrors.join("\n"));
  process.exit(1);
}
console.log(`screenshots in ${out}`);
