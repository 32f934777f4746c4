// Starts a real llk-server for the page and app tests (tests/web/online.spec.mjs,
// tests/e2e/scenarios/online.mjs): on 127.0.0.1, a free port, a new SQLite file in a
// temporary directory, the given web build (or that empty directory: the API only).
// Resolves once the server says where it listens; `stop()` ends it with SIGTERM and removes
// the directory. A server that exits, cannot start or stays silent rejects, cleaned up too.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * `bin`: the llk-server binary; `webDir`: the site it serves (default: none); `env`: more
 * environment; `timeoutMs`: how long it may take to say where it listens.
 * Returns `{ origin, log, stop }` (`origin` without a trailing slash, `log()` its stderr).
 */
export async function startLlkServer({ bin, webDir = null, env = {}, timeoutMs = 30_000, prefix = "llk-server-" }) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const proc = spawn(bin, [], {
    env: {
      ...process.env,
      LLK_DB: `sqlite://${join(dir, "llk.db")}`,
      LLK_ADDR: "127.0.0.1:0",
      LLK_WEB_DIR: webDir ?? dir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  proc.stderr.on("data", (d) => (log += d));
  const exited = () => proc.exitCode !== null || proc.signalCode !== null;
  const stop = async () => {
    if (!exited()) {
      proc.kill("SIGTERM");
      await new Promise((r) => (exited() ? r() : proc.on("exit", r)));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const origin = await new Promise((resolve, reject) => {
      let out = "";
      const timer = setTimeout(
        () => reject(new Error(`llk-server did not say where it listens in ${timeoutMs} ms: ${out}${log}`)),
        timeoutMs,
      );
      proc.stdout.on("data", (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1].replace(/\/$/, ""));
        }
      });
      proc.on("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
      proc.on("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`llk-server exited (${code}): ${out}${log}`));
      });
    });
    return { origin, log: () => log, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
