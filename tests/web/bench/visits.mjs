// What the first-visit benchmarks (load-tasks.mjs, first-visit.mjs) share: a fresh page at
// Lighthouse's phone size with no cache and no saved game, and builds loaded in turns.
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { serve } from "../../../web/serve.mjs";
import { CHROMIUM_ARGS } from "../lib.mjs";
import { watchBoard } from "./first-board.mjs";

const require = createRequire(new URL("../../../ui/package.json", import.meta.url));
/** @type {import("playwright-core")} */
const { chromium } = require("playwright-core");

/** Lighthouse's mobile preset's screen (a moto g power). */
export const LIGHTHOUSE_PHONE = { width: 412, height: 823 };

/**
 * A fresh context (no cache, no saved game) and its page at Lighthouse's phone size, with
 * `watchBoard` and `scripts` installed before the page's own; the page's DevTools session has
 * the network domain on and the cache off. Close `context` when done.
 */
export async function freshPage(browser, scripts = []) {
  const context = await browser.newContext({ viewport: LIGHTHOUSE_PHONE, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true, locale: "en-US" });
  for (const s of [watchBoard, ...scripts]) await context.addInitScript(s);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  return { context, page, cdp };
}

/**
 * Serves each of `dists` and calls `visit(browser, url)` `loads` times for each, in turns (one
 * load of each first, not counted, to warm the browser). Resolves with the results per dist.
 */
export async function inTurns(dists, loads, visit) {
  const servers = await Promise.all(dists.map((d) => serve(resolve(d), 0, { gzip: true })));
  const urls = servers.map((s) => `http://127.0.0.1:${s.address().port}/`);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    for (const url of urls) await visit(browser, url);
    const runs = urls.map(() => []);
    for (let i = 0; i < loads; i++) for (const [k, url] of urls.entries()) runs[k].push(await visit(browser, url));
    return runs;
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }
}
