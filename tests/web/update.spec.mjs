// A new deployment of the web build replaces the old one cleanly: the service worker's precache
// list is exactly the site's files with their SHA-256; a page open while the new version
// installs keeps working on the old one (both caches kept meanwhile); the next load runs the new
// version alone (old cache deleted) and the game resumes where it was.
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { serve } from "../../web/serve.mjs";
import {
  boardCells,
  check,
  dismissIntro,
  DIST,
  launchPhone,
  LOAD_MS,
  serviceWorkerInControl,
  tap,
} from "./lib.mjs";

/** The list the build writes into sw.js (web/vite/precache-plugin.ts), recomputed from the files. */
function precacheList(dir) {
  const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
  return walk(dir)
    .map((f) => relative(dir, f).split(sep).join("/"))
    .filter((n) => n !== "sw.js" && !/\.(br|gz)$/.test(n))
    .sort()
    .map((n) => ({ url: `./${n}`, sha256: createHash("sha256").update(readFileSync(join(dir, n))).digest("hex") }));
}
const versionOf = (list) =>
  createHash("sha256").update(list.map((e) => `${e.url} ${e.sha256}\n`).join("")).digest("hex").slice(0, 16);

const site = mkdtempSync(join(tmpdir(), "llk-site-"));
cpSync(DIST, site, { recursive: true });
const sw = readFileSync(join(site, "sw.js"), "utf8");
const oldList = precacheList(site);
check(sw.includes(JSON.stringify(oldList)), "sw.js's precache list is not the site's files with their hashes");
check(sw.includes(JSON.stringify(versionOf(oldList))), "sw.js's version is not the list's hash");

const server = await serve(site, 0);
const url = `http://127.0.0.1:${server.address().port}/`;
const phone = await launchPhone();
const { page } = phone;
const cacheNames = () => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith("llk-")).sort());
try {
  await page.goto(url);
  await page.waitForSelector("#board button.tile", { timeout: LOAD_MS });
  await dismissIntro(page);
  await serviceWorkerInControl(page);
  const before = await boardCells(page);
  check(JSON.stringify(await cacheNames()) === JSON.stringify([`llk-${versionOf(oldList)}`]), "first version's cache missing");

  // deploy a new version: a changed page, and the service worker that lists it
  const html = readFileSync(join(site, "index.html"), "utf8");
  writeFileSync(join(site, "index.html"), html.replace("</head>", '<meta name="llk-test-version" content="2">\n</head>'));
  const newList = precacheList(site);
  writeFileSync(
    join(site, "sw.js"),
    sw.replace(JSON.stringify(oldList), JSON.stringify(newList)).replace(JSON.stringify(versionOf(oldList)), JSON.stringify(versionOf(newList))),
  );
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    await reg?.update();
  });
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null, null, {
    timeout: LOAD_MS,
  });
  check((await cacheNames()).length === 2, "the old version's cache went while its page is open");
  // the open page still plays on the old version
  await tap(page, "#btn-hint");
  await page.waitForSelector("#board button.tile[data-hint]");

  await page.reload();
  await page.waitForSelector('meta[name="llk-test-version"]', { state: "attached", timeout: LOAD_MS });
  await page.waitForSelector("#board button.tile", { timeout: LOAD_MS });
  await page.waitForFunction(async (v) => {
    const keys = (await caches.keys()).filter((k) => k.startsWith("llk-"));
    return keys.length === 1 && keys[0] === v;
  }, `llk-${versionOf(newList)}`);
  check(JSON.stringify(await boardCells(page)) === JSON.stringify(before), "the game did not resume after the update");
  check(phone.problems.length === 0, `page problems:\n${phone.problems.join("\n")}`);
  console.log("update: old page kept working, next load is the new version alone");
} finally {
  await phone.close();
  await new Promise((r) => server.close(r));
  rmSync(site, { recursive: true, force: true });
}
