// One launch as a player starts the game: the app spawned directly, without WebDriver and its
// automation session, its first paint read from the report its page sends through the
// `launch_report` command to the file named by LLK_LAUNCH_REPORT (docs/RELIABILITY.md).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { startEpochMs } from "./procmem.mjs";
import { sleep } from "./session.mjs";

/**
 * Spawns `exe`, waits for its page's report, ends it (SIGTERM, then SIGKILL) and returns the
 * launch split in ms from the spawn (t0), shaped like session.mjs's: process start, navigation
 * start (performance.timeOrigin), the page's marks and the first paint.
 */
export async function launchDirect(exe, reportFile, timeoutMs = 30_000) {
  rmSync(reportFile, { force: true });
  const t0 = Date.now();
  const child = spawn(exe, [], { env: { ...process.env, LLK_LAUNCH_REPORT: reportFile }, stdio: "ignore" });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let report = null;
  try {
    while (Date.now() - t0 < timeoutMs && child.exitCode === null) {
      const text = existsSync(reportFile) ? readFileSync(reportFile, "utf8") : "";
      if (text.endsWith("\n")) {
        report = JSON.parse(text.split("\n")[0]);
        break;
      }
      await sleep(10);
    }
    const proc = child.pid === undefined ? null : startEpochMs(child.pid);
    if (!report) throw new Error(`${exe}: no launch report within ${timeoutMs} ms (exit code ${child.exitCode})`);
    return {
      total: report.origin + report.firstBoardMs - t0,
      process: proc === null ? null : proc - t0,
      navigation: report.origin - t0,
      marks: Object.fromEntries(Object.entries(report.marks ?? {}).map(([k, v]) => [k, report.origin + v - t0])),
      paint: report.origin + report.firstBoardMs - t0,
    };
  } finally {
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(killer);
    // let WebKit's processes go before the next launch
    await sleep(500);
  }
}
