// App benchmark (not pass/fail), run by bench-app.sh against the RELEASE build:
//  - launch → first board painted: the view stamps window.__llkMetrics.firstBoardEpochMs
//    (performance.timeOrigin + performance.now() two frames after the first board render);
//    compared with Date.now() just before the WebDriver session (which spawns the app).
//  - `select` IPC round trip: performance.now() around 200 invokes in the page.
// WebKit rounds performance.now() to whole milliseconds, so figures are quantised.
// Prints p50/p95 against the targets (first board < 1 s, select p95 < 4 ms).
import { rmSync, mkdirSync } from "node:fs";
import { remote } from "webdriverio";

const APP = process.env.LLK_APP;
const DATA = process.env.LLK_E2E_DATA;
const PORT = Number(process.env.LLK_DRIVER_PORT ?? 4444);
const LAUNCHES = Number(process.env.LLK_BENCH_LAUNCHES ?? 5);
const SELECTS = Number(process.env.LLK_BENCH_SELECTS ?? 200);

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const fmt = (x) => x.toFixed(2);

const firstBoard = [];
let selects = [];
let baseline = [];
for (let i = 0; i < LAUNCHES; i++) {
  // the first launch starts without a save (new default game), later ones resume it
  if (i === 0) {
    rmSync(DATA, { recursive: true, force: true });
    mkdirSync(DATA, { recursive: true });
  }
  const t0 = Date.now();
  const b = await remote({
    hostname: "127.0.0.1",
    port: PORT,
    logLevel: "error",
    capabilities: { "tauri:options": { application: APP }, "wdio:enforceWebDriverClassic": true },
  });
  try {
    let m = null;
    await b.waitUntil(
      async () => {
        m = await b.execute(() => window.__llkMetrics ?? null);
        return m && m.firstBoardEpochMs !== null;
      },
      { timeout: 30_000, interval: 20 },
    );
    firstBoard.push(m.firstBoardEpochMs - t0);
    const marks = Object.entries(m.marks ?? {})
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(", ");
    console.log(
      `launch ${i + 1}: first board ${(m.firstBoardEpochMs - t0).toFixed(0)} ms after launch; ` +
        `in the page (ms since navigation start): ${marks}, first board ${m.firstBoardMs.toFixed(0)}`,
    );
    if (i === LAUNCHES - 1) {
      selects = await b.execute(async (n) => {
        const inv = window.__TAURI_INTERNALS__.invoke;
        const t = document.querySelector("#board button.tile");
        const row = Number(t.dataset.row);
        const col = Number(t.dataset.col);
        const out = [];
        try {
          for (let k = 0; k < 10; k++) await inv("select", { row, col, elapsedMs: 1000 }); // warm-up
          for (let k = 0; k < n; k++) {
            const s = performance.now();
            await inv("select", { row, col, elapsedMs: 1000 + k }); // select / deselect in turn
            out.push(performance.now() - s);
          }
          // baseline: a command that does no engine work and writes nothing
          const base = [];
          for (let k = 0; k < n; k++) {
            const s = performance.now();
            await inv("presets", {});
            base.push(performance.now() - s);
          }
          return { select: out, presets: base };
        } catch (e) {
          return { error: String(e?.message ?? JSON.stringify(e)) };
        }
      }, SELECTS);
      if (!selects || selects.error) throw new Error(`select loop failed: ${JSON.stringify(selects)}`);
      baseline = selects.presets;
      selects = selects.select;
    }
  } finally {
    await b.deleteSession();
  }
}

console.log("");
console.log(`first board after launch (${LAUNCHES} launches): p50 ${pct(firstBoard, 50).toFixed(0)} ms, p95 ${pct(firstBoard, 95).toFixed(0)} ms, max ${Math.max(...firstBoard).toFixed(0)} ms (target < 1000 ms)`);
console.log(`presets round trip, IPC baseline (${baseline.length} invokes): p50 ${fmt(pct(baseline, 50))} ms, p95 ${fmt(pct(baseline, 95))} ms`);
console.log(`select round trip (${selects.length} invokes): p50 ${fmt(pct(selects, 50))} ms, p95 ${fmt(pct(selects, 95))} ms, max ${fmt(Math.max(...selects))} ms (target p95 < 4 ms)`);
