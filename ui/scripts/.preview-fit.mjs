// scratch (not committed): look at the fit in Chromium with the mock backend
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
const here = fileURLToPath(new URL(".", import.meta.url));
const dist = resolve(here, "../dist");
const out = "/tmp/fitprev";
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };
const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  const file = url.pathname === "/" ? "index.html" : url.pathname.slice(1);
  try {
    const body = file === "mock-tauri.js" ? await readFile(join(here, "mock-tauri.js")) : await readFile(join(dist, file));
    res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
    res.end(body);
  } catch { res.writeHead(404).end(); }
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const port = server.address().port;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const sizes = (process.argv[2] ?? "390x844,360x640,844x390,1280x800").split(",");
const layout = process.argv[3] ?? "18x8";
for (const s of sizes) {
  const [width, height] = s.split("x").map(Number);
  const page = await browser.newPage({ viewport: { width, height } });
  page.on("pageerror", (e) => console.log("pageerror", e.message));
  await page.addInitScript({ path: join(here, "mock-tauri.js") });
  await page.goto(`http://127.0.0.1:${port}/?lang=en`);
  await page.waitForSelector("button.tile");
  await page.click("#btn-new");
  await page.evaluate((l) => { document.getElementById("opt-layout").value = l; document.getElementById("opt-layout").dispatchEvent(new Event("change")); }, layout);
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(out, `${s}-${layout}-dialog.png`) });
  await page.click("#new-start");
  await page.waitForTimeout(300);
  for (let i = 0; i < 3; i++) {
    await page.click("#btn-hint");
    await page.waitForSelector("button.tile[data-hint]");
    const h = await page.$$("button.tile[data-hint]");
    await h[0].click(); await h[1].click();
    await page.waitForTimeout(400);
  }
  await page.click("#btn-hint");
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(out, `${s}-${layout}.png`) });
  const info = await page.evaluate(() => {
    const t = document.querySelector("button.tile").getBoundingClientRect();
    const s = document.getElementById("board-scroll");
    const st = document.getElementById("stage").getBoundingClientRect();
    const hud = document.querySelector(".hud").getBoundingClientRect();
    return { tile: [t.width, t.height], transposed: document.getElementById("board").dataset.transposed, scroll: [s.scrollWidth, s.clientWidth, s.scrollHeight, s.clientHeight], stage: [st.width, st.height], hud: [hud.width, hud.height], doc: [document.scrollingElement.scrollWidth, innerWidth, document.scrollingElement.scrollHeight, innerHeight] };
  });
  console.log(s, layout, JSON.stringify(info));
  await page.close();
}
await browser.close(); server.close();
