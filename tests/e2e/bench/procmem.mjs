// Memory and start time of a running app, read from /proc (Linux): the app process found by
// its executable, its descendants (WebKitWebProcess, WebKitNetworkProcess, and any sandbox
// helpers), and for each USS (Private_Clean + Private_Dirty) and PSS from smaps_rollup.
import { readFileSync, readdirSync, readlinkSync } from "node:fs";

const pids = () => readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map(Number);

function stat(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = s.lastIndexOf(")");
    const comm = s.slice(s.indexOf("(") + 1, close);
    const f = s.slice(close + 2).split(" "); // f[0] is field 3 (state)
    return { pid, comm, ppid: Number(f[1]), startTicks: Number(f[19]) };
  } catch {
    return null;
  }
}

/** The pid of the process running `exe` (an absolute path), or null. */
export function findByExe(exe) {
  for (const pid of pids()) {
    try {
      if (readlinkSync(`/proc/${pid}/exe`) === exe) return pid;
    } catch {
      // not ours or gone
    }
  }
  return null;
}

/** `pid` and all its descendants, with their names. */
export function tree(pid) {
  const all = pids().map(stat).filter(Boolean);
  const out = [all.find((p) => p.pid === pid)].filter(Boolean);
  for (let i = 0; i < out.length; i++) for (const p of all) if (p.ppid === out[i].pid) out.push(p);
  return out;
}

/** USS and PSS in MB of one process (null once it is gone). */
export function memOf(pid) {
  try {
    const kb = {};
    for (const line of readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").split("\n")) {
      const m = /^(\w+):\s+(\d+) kB/.exec(line);
      if (m) kb[m[1]] = Number(m[2]);
    }
    return { uss: ((kb.Private_Clean ?? 0) + (kb.Private_Dirty ?? 0)) / 1024, pss: (kb.Pss ?? 0) / 1024 };
  } catch {
    return null;
  }
}

/** The process's role in a table row: app, web, network, or other (sandbox helpers). */
export function role(p, rootPid) {
  if (p.pid === rootPid) return "app";
  if (/^WebKitWeb/.test(p.comm)) return "web"; // comm is cut at 15 characters
  if (/^WebKitNet/.test(p.comm)) return "network";
  return "other";
}

/** Memory of the app `pid` and its descendants, summed per role and in total (MB). */
export function sample(pid) {
  const rows = { app: { uss: 0, pss: 0 }, web: { uss: 0, pss: 0 }, network: { uss: 0, pss: 0 }, other: { uss: 0, pss: 0 } };
  for (const p of tree(pid)) {
    const m = memOf(p.pid);
    if (!m) continue;
    const r = rows[role(p, pid)];
    r.uss += m.uss;
    r.pss += m.pss;
  }
  const total = { uss: 0, pss: 0 };
  for (const r of Object.values(rows)) {
    total.uss += r.uss;
    total.pss += r.pss;
  }
  return { ...rows, total };
}

const TICK = 100; // USER_HZ on Linux

/** When `pid` started, as a Unix epoch in ms (10 ms resolution). */
export function startEpochMs(pid) {
  const s = stat(pid);
  if (!s) return null;
  const uptime = Number(readFileSync("/proc/uptime", "utf8").split(" ")[0]);
  const bootEpochMs = Date.now() - uptime * 1000;
  return bootEpochMs + (s.startTicks / TICK) * 1000;
}

/** The load averages (1, 5, 15 min) as `uptime` prints them. */
export const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
