// The WebDriver servers under the e2e suite (tauri-driver and the WebKitWebDriver it starts)
// and their recovery. WebKitWebDriver on a loaded machine has been seen to stop answering
// new-session requests: every later scenario then waited for its own timeout. harness.sh
// runs tauri-driver in a loop of its own session (LLK_DRIVER_SID) that starts it again
// whenever it ends, so recovering is: kill every process of that session but the loop
// (tauri-driver, WebKitWebDriver, their D-Bus session, the app and its WebKit processes),
// kill any app copy left elsewhere, and wait until a fresh tauri-driver answers.
import { readdirSync, readFileSync, readlinkSync, realpathSync } from "node:fs";
import { basename } from "node:path";

const PORT = Number(process.env.LLK_DRIVER_PORT ?? 4444);
const SID = Number(process.env.LLK_DRIVER_SID ?? 0);

/** A new session that has not answered in this time is taken for a hung driver (a normal
 * launch answers in 1–3 s, the debug app on a loaded machine in under 10 s). */
export const SESSION_TIMEOUT_MS = Number(process.env.LLK_E2E_SESSION_TIMEOUT_MS ?? 30_000);

/** The WebDriver servers did not give a session: the environment, not the app. */
export class DriverError extends Error {}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** True when tauri-driver answers /status (which it forwards to WebKitWebDriver) in time. */
export async function driverAnswers(timeoutMs = 5000) {
  try {
    const r = await fetch(`http://127.0.0.1:${PORT}/status`, { signal: AbortSignal.timeout(timeoutMs) });
    return r.ok;
  } catch {
    return false;
  }
}

/** Every live process: pid, session id and executable path (null when unreadable). */
function processes() {
  const out = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // /proc/PID/stat: "pid (comm) state ppid pgrp session ..."; comm may hold spaces
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      let exe = null;
      try {
        exe = readlinkSync(`/proc/${name}/exe`);
      } catch {
        // a kernel thread, or not ours to read
      }
      // a zombie (state Z) has ended already: only its parent's wait is missing
      if (fields[0] !== "Z") out.push({ pid: Number(name), session: Number(fields[3]), exe });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** The pids running our private copy of the app (LLK_APP), wherever they were started. */
export function appPids() {
  const app = process.env.LLK_APP ? realpathSync(process.env.LLK_APP) : null;
  return app ? processes().filter((p) => p.exe === app).map((p) => p.pid) : [];
}

/** Waits up to `ms` for every app process to end (a closed session's app takes a moment). */
export async function appsGone(ms = 3000) {
  const t0 = Date.now();
  while (appPids().length > 0) {
    if (Date.now() - t0 > ms) return false;
    await sleep(100);
  }
  return true;
}

/** The driver's processes to end: its session but the restart loop, and every app copy. */
function driverPids() {
  const app = process.env.LLK_APP ? realpathSync(process.env.LLK_APP) : null;
  return processes()
    .filter((p) => p.pid !== SID && p.pid !== process.pid && ((SID > 0 && p.session === SID) || (app !== null && p.exe === app)))
    .map((p) => p.pid);
}

function signal(pid, sig) {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/**
 * Ends tauri-driver, WebKitWebDriver and every app process (SIGKILL: a stopped or hung
 * process ignores anything gentler), then waits until the restarted tauri-driver answers.
 * Throws when there is no restart loop to rely on or the new driver does not come up.
 */
export async function restartDriver(why) {
  if (!(SID > 0)) throw new Error("LLK_DRIVER_SID is not set (run tests/e2e/run.sh): cannot restart tauri-driver");
  const t0 = Date.now();
  const pids = driverPids();
  console.log(`...  restarting tauri-driver (${why}): ending ${pids.length} process(es)`);
  for (const pid of pids) signal(pid, "SIGKILL");
  // (the loop starts new ones meanwhile: wait for the ones killed only)
  const alive = () => {
    const now = new Set(driverPids());
    return pids.filter((p) => now.has(p));
  };
  while (alive().length > 0 && Date.now() - t0 < 10_000) await sleep(100);
  const left = alive();
  if (left.length > 0) console.log(`...  still running after SIGKILL: ${left.join(", ")}`);
  // the loop starts tauri-driver again half a second after the old one ended
  while (!(await driverAnswers(2000))) {
    if (Date.now() - t0 > 60_000) throw new Error("tauri-driver did not come back within 60 s");
    await sleep(200);
  }
  console.log(`...  tauri-driver answers again after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** For the recovery's own test (LLK_E2E_HANG): stops WebKitWebDriver as a hang would. */
export function stopNativeDriver() {
  const native = processes().filter((p) => p.session === SID && p.exe !== null && basename(p.exe) === "WebKitWebDriver");
  for (const p of native) signal(p.pid, "SIGSTOP");
  console.log(`...  LLK_E2E_HANG: stopped WebKitWebDriver (${native.map((p) => p.pid).join(", ") || "none found"})`);
  return native.length;
}
