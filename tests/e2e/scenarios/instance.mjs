// e2e scenario of "one instance at a time" (tauri-plugin-single-instance): a second
// launch of the app, with the running app's own environment (display, D-Bus session bus that
// run.sh starts with dbus-run-session, data directory), hands over to the running app and
// exits 0; the running app keeps its window and game, and the data directory is untouched
// (the second process never loads, cleans or writes the save).
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { appPids } from "../driver.mjs";
import {
  APP,
  DATA,
  appState,
  assert,
  assertEq,
  callsAnswered,
  click,
  countCalls,
  hintPair,
  launch,
  matchPair,
  newGame,
  test,
  waitGone,
  waitSaved,
} from "../lib.mjs";

/** Every file the app writes in its data directory (the saves: WebKit's own `storage/`
 * directory is the webview's) with its size, mtime and bytes. */
function snapshot() {
  const dir = join(DATA, "io.github.lianliankan");
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((n) => [n, statSync(join(dir, n))])
      .filter(([, s]) => s.isFile())
      .map(([n, s]) => [n, { size: s.size, mtime: s.mtimeMs, text: readFileSync(join(dir, n), "utf8") }]),
  );
}

test("one instance: a second launch hands over and exits, the first keeps its game and save", async () => {
  const b = await launch();
  try {
    await newGame(b, { layout: "10x10", seed: "4242" });
    const pair = await hintPair(b);
    await matchPair(b, pair);
    await waitGone(b, pair);
    // Paused, the game writes nothing more (a running clock is saved every 15 s, which would
    // change the files under the check below): once the pause's save is answered and on
    // disk, the data directory holds still.
    await countCalls(b);
    await click(b, "#btn-pause");
    await callsAnswered(b);
    const paused = await appState(b);
    await waitSaved(b, (doc) => doc.game?.elapsed_ms === paused.elapsed_ms && doc.game?.counters?.moves === 1, "the paused game");
    const pids = appPids();
    assertEq(pids.length, 1, "one app process");
    const [pid] = pids;
    const env = {};
    for (const kv of readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")) {
      const i = kv.indexOf("=");
      if (i > 0) env[kv.slice(0, i)] = kv.slice(i + 1);
    }
    assert(env.DBUS_SESSION_BUS_ADDRESS, "the app runs on a session bus (run.sh's dbus-run-session)");
    const before = { state: await appState(b), files: snapshot() };
    assert(before.files["game.json"], "the game is saved");

    const t0 = Date.now();
    const second = spawn(APP, [], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    second.stderr.on("data", (d) => (stderr += d));
    const exit = await new Promise((res) => {
      const timer = setTimeout(() => {
        second.kill("SIGKILL");
        res("still running after 20 s");
      }, 20_000);
      second.on("exit", (code, sig) => {
        clearTimeout(timer);
        res(code ?? sig);
      });
    });
    console.log(`    second launch exited ${exit} after ${Date.now() - t0} ms`);
    assertEq(exit, 0, `the second launch exits 0 (stderr: ${stderr.slice(0, 300)})`);
    assertEq(appPids(), [pid], "only the first app runs");
    assertEq(await appState(b), before.state, "the first app keeps its game");
    assertEq(snapshot(), before.files, "the data directory is untouched");
    // and it still plays
    await click(b, "#btn-resume");
    const next = await hintPair(b);
    await matchPair(b, next);
  } finally {
    await b.deleteSession();
  }
});
