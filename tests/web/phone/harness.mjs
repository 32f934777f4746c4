// The phone suite's harness: scenarios register with `scenario(name, phone, fn)`; `runAll`
// serves web/dist/, starts one headless Chromium and gives each scenario a fresh browser
// context emulating its phone (viewport, device scale factor 3, touch, mobile) with the
// touch-only guard installed. A scenario fails when it throws, when a mouse event reached a
// page, when a page threw, broke the Content-Security-Policy or asked for anything beyond its
// own origin, or when it overruns its time. A failure prints the scenario, the phone, the
// reason and what each page showed, and leaves a screenshot of each page in
// tests/web/artifacts/ (ignored by git), where scenarios also put the screenshots they take.
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CHROMIUM_ARGS, PHONES, startServer } from "../lib.mjs";
import { installTouchGuard } from "./touch.mjs";

const require = createRequire(new URL("../../../ui/package.json", import.meta.url));
/** @type {import("playwright-core")} */
const { chromium } = require("playwright-core");

export const ART = fileURLToPath(new URL("../artifacts/", import.meta.url));

/** Every scenario, in the order the scenario modules register them. */
const scenarios = [];

/**
 * Registers a scenario on a phone of `PHONES` ("portrait" 390×844, "small" 360×640,
 * "landscape" 844×390). `fn(t)` gets the scenario's handle (see `Run`). `timeoutMs` guards
 * against a hang only (every wait inside has its own limit): a whole game of 72 matches
 * takes 30-40 s on a busy machine and over 90 s with two more processes spinning, so the
 * guard leaves room for that.
 */
export function scenario(name, phone, fn, { timeoutMs = 300_000 } = {}) {
  if (!PHONES[phone]) throw new Error(`scenario ${name}: no phone ${phone}`);
  scenarios.push({ name, phone, fn, timeoutMs });
}

export function checkEq(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
const size = (phone) => `${PHONES[phone].width}x${PHONES[phone].height}`;

/** What a scenario gets: its context, first page, the site's address, screenshots, problems. */
class Run {
  constructor(context, page, url, phone, name) {
    this.context = context;
    this.page = page;
    this.url = url;
    this.phone = phone;
    this.name = name;
    /** Mouse events the guard saw (the guard's own test empties it). */
    this.mouseEvents = [];
    /** Page errors, CSP refusals, requests beyond the site's origin. */
    this.problems = [];
    this.shots = [];
  }

  /** Another tab of the same browser profile (shares storage and Web Locks). */
  async newPage() {
    return this.context.newPage();
  }

  /** A screenshot `<phone size>-<name>.png` in the artifacts folder. */
  async shot(name, page = this.page) {
    const file = join(ART, `${size(this.phone)}-${name}.png`);
    await page.screenshot({ path: file });
    this.shots.push(file);
  }

  log(line) {
    console.log(`    ${line}`);
  }
}

async function newPhoneContext(browser, phone, origin, run) {
  const context = await browser.newContext({
    viewport: PHONES[phone],
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
    serviceWorkers: "allow",
  });
  await installTouchGuard(context, (line) => run.mouseEvents.push(line));
  const watch = (page) => {
    page.on("pageerror", (e) => run.problems.push(`page error: ${e.message}`));
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) run.problems.push(`CSP: ${m.text()}`);
    });
  };
  context.on("page", watch);
  context.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith(origin) && !/^(data|blob):/.test(u)) run.problems.push(`a request beyond the site: ${u}`);
  });
  return context;
}

/** What a page shows that explains a failure: open dialogs, notices, covers, toasts. */
async function pageSummary(page) {
  return page
    .evaluate(() => {
      const text = (id) => document.getElementById(id)?.textContent?.trim() ?? null;
      const shown = (id) => {
        const e = document.getElementById(id);
        return e && !e.hidden ? text(id) : null;
      };
      return {
        url: location.href,
        mode: document.documentElement.dataset.mode ?? null,
        tilesLeft: text("tiles-left"),
        dialogs: [...document.querySelectorAll("dialog[open]")].map((d) => d.id),
        notice: shown("notice"),
        webNotice: text("llk-web-notice-text"),
        cover: text("llk-web-cover-text"),
        toasts: text("toasts"),
        shell: window.__llkWeb ?? null,
      };
    })
    .catch((e) => `(page unreadable: ${String(e.message ?? e).split("\n")[0]})`);
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runOne(browser, origin, s) {
  const run = new Run(null, null, `${origin}/`, s.phone, s.name);
  const context = await newPhoneContext(browser, s.phone, origin, run);
  run.context = context;
  run.page = await context.newPage();
  const t0 = Date.now();
  let error = null;
  try {
    await withTimeout(s.fn(run), s.timeoutMs, "the scenario");
    if (run.mouseEvents.length) throw new Error(`mouse events reached the page:\n      ${run.mouseEvents.join("\n      ")}`);
    if (run.problems.length) throw new Error(`page problems:\n      ${run.problems.join("\n      ")}`);
  } catch (e) {
    error = e;
  }
  const seconds = (Date.now() - t0) / 1000;
  if (error) {
    console.log(`FAIL  ${s.name} [${size(s.phone)}] after ${seconds.toFixed(1)} s`);
    console.log(`    why: ${String(error.stack ?? error).split("\n").slice(0, 8).join("\n      ")}`);
    const pages = context.pages();
    for (let i = 0; i < pages.length; i++) {
      console.log(`    page ${i + 1} shows: ${JSON.stringify(await pageSummary(pages[i]))}`);
      const file = join(ART, `fail-${slug(s.name)}-${i + 1}.png`);
      await pages[i].screenshot({ path: file, timeout: 5000 }).then(
        () => console.log(`    screenshot: ${file}`),
        (e) => console.log(`    (no screenshot: ${String(e.message ?? e).split("\n")[0]})`),
      );
    }
  } else {
    console.log(`ok    ${s.name} [${size(s.phone)}] ${seconds.toFixed(1)} s`);
  }
  await context.close().catch(() => {});
  return { name: s.name, phone: size(s.phone), seconds, ok: !error };
}

/**
 * Runs every registered scenario (those whose name matches $LLK_PHONE_ONLY, a regular
 * expression, when set), each in its own context of one browser; prints the durations and
 * exits non-zero when any failed.
 */
export async function runAll() {
  mkdirSync(ART, { recursive: true });
  // this run's screenshots only
  for (const f of readdirSync(ART)) if (f.endsWith(".png")) rmSync(join(ART, f));
  const only = process.env.LLK_PHONE_ONLY ? new RegExp(process.env.LLK_PHONE_ONLY, "i") : null;
  const chosen = scenarios.filter((s) => !only || only.test(s.name));
  const server = await startServer();
  const origin = server.url.replace(/\/$/, "");
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const t0 = Date.now();
  const results = [];
  try {
    for (const s of chosen) results.push(await runOne(browser, origin, s));
  } finally {
    await browser.close();
    await server.close();
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`phone scenarios: ${results.length - failed.length} passed, ${failed.length} failed, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  for (const r of results) console.log(`  ${r.ok ? "ok  " : "FAIL"} ${r.seconds.toFixed(1).padStart(5)} s  ${r.phone.padEnd(7)}  ${r.name}`);
  console.log(`screenshots: ${ART}`);
  if (failed.length || results.length === 0) process.exitCode = 1;
}
