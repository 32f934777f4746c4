// One launch of an app under tauri-driver for the app benchmark: opens the session, waits for
// the first paint the page stamps (window.__llkMetrics.firstBoardEpochMs), and finds the app
// process to time and measure it (procmem.mjs).
import { existsSync } from "node:fs";
import { remote } from "webdriverio";
import { findByExe, startEpochMs } from "./procmem.mjs";

const PORT = Number(process.env.LLK_DRIVER_PORT ?? 4444);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Launches `exe` and waits for its first paint. Returns the session, the app pid and the
 * launch split in ms: from the WebDriver request (t0) to the app's process start, to the
 * page's navigation start (performance.timeOrigin), the page's marks, and the first paint.
 */
export async function open(exe) {
  const t0 = Date.now();
  const b = await remote({
    hostname: "127.0.0.1",
    port: PORT,
    logLevel: "error",
    connectionRetryCount: 1,
    connectionRetryTimeout: 60_000,
    capabilities: { "tauri:options": { application: exe }, "wdio:enforceWebDriverClassic": true },
  });
  let m = null;
  try {
    await b.waitUntil(
      async () => {
        m = await b.execute(() => {
          const x = window.__llkMetrics;
          if (!x) return null;
          // the document answered, from the page's navigation timing (WebKit lists no
          // resource timing for the custom protocol's style sheet and script)
          const nav = performance.getEntriesByType("navigation")[0];
          const fetched = nav ? { html: nav.responseEnd } : {};
          return { first: x.firstBoardEpochMs, firstMs: x.firstBoardMs, origin: performance.timeOrigin, marks: { ...fetched, ...(x.marks ?? {}) } };
        });
        return m && m.first !== null;
      },
      { timeout: 30_000, interval: 20 },
    );
  } catch (e) {
    await b.deleteSession().catch(() => {});
    throw e;
  }
  const pid = findByExe(exe);
  const proc = pid === null ? null : startEpochMs(pid);
  const split = {
    total: m.first - t0,
    process: proc === null ? null : proc - t0,
    navigation: m.origin - t0,
    marks: Object.fromEntries(Object.entries(m.marks).map(([k, v]) => [k, m.origin + v - t0])),
    paint: m.first - t0,
  };
  return { b, pid, split };
}

export async function close(s) {
  await s.b.deleteSession().catch(() => {});
  // the app and its WebKit processes end with the session; wait so that the next launch
  // does not share the machine with a dying one
  for (let i = 0; i < 100 && s.pid !== null && existsSync(`/proc/${s.pid}`); i++) await sleep(50);
  await sleep(300);
}
