// Shared helpers of the web build's page tests: serve web/dist/ on 127.0.0.1, start Debian's
// Chromium through playwright-core (from ui/node_modules) as a phone, tap like a finger, and
// collect every page error and Content-Security-Policy refusal so a test can fail on them.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../../web/serve.mjs";

const require = createRequire(new URL("../../ui/package.json", import.meta.url));
/** @type {import("playwright-core")} */
const { chromium } = require("playwright-core");

export const DIST = fileURLToPath(new URL("../../web/dist/", import.meta.url));

/** Flags Debian's Chromium needs here: headless as root, and no attempts to reach the network. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * How long a page may take to load and show its first board (or a service worker to take
 * control). A guard against a hang, not a speed check: a cold start takes 1-2 s on an idle
 * machine, but far longer when the machine is busy, and a tight guard fails a correct build.
 */
export const LOAD_MS = 60_000;

/** Phones the tests emulate (portrait, landscape), with touch and device scale factor 3. */
export const PHONES = {
  portrait: { width: 390, height: 844 },
  small: { width: 360, height: 640 },
  landscape: { width: 844, height: 390 },
};

/** web/dist/ on a free port: `{ url, close }`. */
export async function startServer() {
  const server = await serve(DIST, 0);
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * A persistent Chromium profile (so Chromium judges installability: an incognito-like context
 * always reports `in-incognito`) emulating a phone. `close()` also removes the profile.
 */
export async function launchPhone(viewport = PHONES.portrait) {
  const profile = mkdtempSync(join(tmpdir(), "llk-web-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    viewport,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
  });
  const problems = [];
  const watch = (page) => {
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) problems.push(`CSP: ${m.text()}`);
    });
  };
  context.pages().forEach(watch);
  context.on("page", watch);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    problems,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A finger's tap at the centre of `selector`'s first match (no mouse events). */
export async function tap(page, selector) {
  // A finger lands where the element is now: wait until it has stopped moving (the view pans a
  // scrolling board smoothly to a hint or selection) and nothing lies over its centre.
  const target = page.locator(selector).first();
  const deadline = Date.now() + 10000;
  let last = null;
  for (;;) {
    const box = await target.boundingBox();
    if (box && last && box.x === last.x && box.y === last.y) {
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      const onTop = await target.evaluate((el, [px, py]) => {
        const hit = document.elementFromPoint(px, py);
        return hit !== null && (hit === el || el.contains(hit));
      }, [x, y]);
      if (onTop) {
        await page.touchscreen.tap(x, y);
        return;
      }
    }
    if (Date.now() > deadline) {
      throw new Error(`tap: ${selector} is ${box ? "covered or still moving" : "not on screen"}`);
    }
    last = box;
    await page.waitForTimeout(50);
  }
}

/** Waits until the page has painted its first board: the first-launch card, when it shows,
 * opens in that same task (`data-first-board-ms` is set there), so a check after this sees it. */
export async function waitForFirstPaint(page) {
  await page.waitForFunction(() => document.documentElement.dataset.firstBoardMs !== undefined, null, { timeout: LOAD_MS });
}

/** Dismisses the first-launch card when it shows (once the first board is painted). */
export async function dismissIntro(page) {
  await waitForFirstPaint(page);
  const ok = page.locator("#intro-ok");
  if (await ok.isVisible().catch(() => false)) await tap(page, "#intro-ok");
}

/** The classic board as the page draws it: "row,col:kind" of every tile, sorted. */
export async function boardCells(page) {
  return page.$$eval("#board button.tile", (tiles) =>
    tiles.map((t) => `${t.dataset.row},${t.dataset.col}:${t.dataset.kind}`).sort(),
  );
}

/** Resolves once a service worker controls the page. */
export async function serviceWorkerInControl(page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: LOAD_MS });
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}
