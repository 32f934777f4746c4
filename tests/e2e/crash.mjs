// The kill -9 campaign (saves must survive the app being killed at any moment), run by crash.sh: launch
// the REAL app (tauri-driver, private XDG_DATA_HOME), play through the same IPC the view
// uses (window.__TAURI_INTERNALS__.invoke: hint, then select the pair, new games when a
// game ends), SIGKILL the app at a random moment while commands and saves are in flight,
// look at the data directory, relaunch, and check every time:
//   - the save is whole JSON and loads: `start` brings no notice, no *.corrupt file;
//   - the resumed game is a state the player reached: one a command answered with, or
//     the answer of the command in flight at the kill (one step further);
//   - loss: no state answered more than LLK_CRASH_BOUND_MS (200) before the kill is missing;
//   - temp files: at most one per file right after a kill, none after the relaunch.
// Env: LLK_CRASH_KILLS (30), LLK_CRASH_SEED (1), LLK_CRASH_MAX_MS (1500: longest play
// before a kill). Prints a summary line and one JSON line (CRASH_RESULT) for the docs.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync, realpathSync, existsSync } from "node:fs";
import { join } from "node:path";
import { remote } from "webdriverio";

const APP = realpathSync(process.env.LLK_APP);
const DATA = join(process.env.LLK_E2E_DATA, "io.github.lianliankan");
const PORT = Number(process.env.LLK_DRIVER_PORT ?? 4444);
const KILLS = Number(process.env.LLK_CRASH_KILLS ?? 30);
const MAX_MS = Number(process.env.LLK_CRASH_MAX_MS ?? 1500);
const BOUND_MS = Number(process.env.LLK_CRASH_BOUND_MS ?? 200);
let seed = Number(process.env.LLK_CRASH_SEED ?? 1) >>> 0;

/** A small seeded generator (mulberry32), so a campaign replays its choices. */
function rand() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// A state without its mode tag and the clock (the view saves its clock every 15 s on its
// own: not a move), nor what the solver has learnt about it (`solvable`,
// `can_undo_to_solvable`: a cache rebuilt after a relaunch, by design not saved).
const strip = (v) => {
  const { mode, elapsed_ms, solvable, can_undo_to_solvable, ...rest } = v;
  return JSON.stringify(rest);
};

/** The pid of our app copy (the only process running that file). */
function appPid() {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readlinkSync(`/proc/${name}/exe`) === APP) return Number(name);
    } catch {
      // not ours, or gone
    }
  }
  return null;
}

async function launch() {
  const b = await remote({
    hostname: "127.0.0.1",
    port: PORT,
    logLevel: "error",
    connectionRetryCount: 1,
    connectionRetryTimeout: 60_000,
    capabilities: { "tauri:options": { application: APP }, "wdio:enforceWebDriverClassic": true },
  });
  // The view has called `start` and drawn the game (it shows `start`'s notice, if any).
  try {
    // (the seed shows once a game is drawn, also a won one without tiles)
    await b.waitUntil(() => b.execute(() => !["", "–"].includes(document.getElementById("seed")?.textContent ?? "")), {
      timeout: 60_000,
    });
  } catch (e) {
    const page = await b.execute(() => document.body?.innerText?.slice(0, 300)).catch((x) => String(x));
    await b.deleteSession().catch(() => {});
    throw new Error(`no board after 60 s; page: ${JSON.stringify(page)}`);
  }
  return b;
}

const invoke = (b, cmd, args) =>
  b.executeAsync(
    (cmd, args, done) => {
      window.__TAURI_INTERNALS__.invoke(cmd, args).then(
        (v) => done({ ok: v }),
        (e) => done({ err: e }),
      );
    },
    cmd,
    args ?? {},
  );

/** One instance at a time: a second launch (same user, display, session bus and data
 * directory as the running app `pid`) must hand over and exit 0 within 15 s, and the
 * first must still answer with the same game. Returns a problem, or null. */
async function secondLaunch(b, pid) {
  const env = {};
  for (const kv of readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")) {
    const i = kv.indexOf("=");
    if (i > 0) env[kv.slice(0, i)] = kv.slice(i + 1);
  }
  const before = await invoke(b, "game_state");
  const child = spawn(APP, [], { env, stdio: "ignore" });
  const code = await new Promise((res) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      res("still running after 15 s");
    }, 15_000);
    child.on("exit", (c, sig) => {
      clearTimeout(timer);
      res(c ?? sig);
    });
  });
  const after = await invoke(b, "game_state");
  if (code !== 0) return `second launch: exit ${code}`;
  if (appPid() !== pid) return "second launch: the first app is gone";
  if (JSON.stringify(after) !== JSON.stringify(before)) return "second launch changed the game";
  return null;
}

const files = () => (existsSync(DATA) ? readdirSync(DATA) : []);

/** Plays until `run.stop`: records each answered state with the time its answer came. */
async function play(b, run) {
  let pair = null;
  let clock = run.states[run.states.length - 1].game.elapsed_ms ?? 0;
  while (!run.stop) {
    const g = run.states[run.states.length - 1].game;
    let cmd;
    let args = {};
    if (g.mode !== "classic" || g.status !== "playing" || rand() < 0.02) {
      cmd = "new_game";
      args = {
        options: {
          mode: "classic", rows: 6, cols: 8, kinds: 8, seed: String(Math.floor(rand() * 1e9)),
          solvable: true, ring: true, auto_shuffle: true, slide: "none",
        },
      };
      pair = null;
    } else if (!pair) {
      cmd = "hint";
    } else {
      const [r, c] = pair.shift();
      clock += 300;
      cmd = "select";
      args = { row: r, col: c, elapsedMs: clock };
      if (pair.length === 0) pair = null;
    }
    run.inflight = { cmd, args, sent: Date.now() };
    let res;
    try {
      res = await invoke(b, cmd, args);
    } catch (e) {
      if (run.stop) return;
      throw e;
    }
    const t = Date.now();
    if (res.err) {
      if (run.stop) return;
      throw new Error(`${cmd} ${JSON.stringify(args)} refused: ${JSON.stringify(res.err)}`);
    }
    const v = res.ok;
    const game = v.game ? { ...v.game, mode: v.mode ?? v.game.mode ?? "classic" } : v;
    if (cmd === "hint") {
      pair = v.hint ? [v.hint.a, v.hint.b] : null;
      if (v.hint === null) pair = null;
    }
    if (cmd === "new_game") clock = 0;
    // A first tap that did not just select (a resumed game had a tile selected: it matched
    // or toggled it) spoils the hinted pair: ask again.
    if (cmd === "select" && pair && !["selected", "switched"].includes(v.outcome?.kind)) pair = null;
    // A tap that only moves the selection is no move and the session does not save it
    // (docs/ipc.md): a resume may show the state before it, which loses nothing.
    const unsaved = cmd === "select" && v.outcome?.kind !== "matched";
    run.states.push({ t, game, unsaved });
    run.inflight = null;
  }
}

/** Whether `r` can be the answer of `inflight` applied to `last` (one step further). */
function oneStepFurther(last, r, inflight) {
  if (!inflight) return false;
  if (inflight.cmd === "new_game") return r.options.seed === inflight.args.options.seed && r.counters.moves === 0;
  // what one step may change (`links` follows the selection and the board)
  const moved = { counters: 0, score: 0, combo: 0, selection: 0, links: 0, cells: 0, tiles_left: 0, elapsed_ms: 0, status: 0, can_undo: 0, best_score: 0, combo_until_ms: 0 };
  if (strip({ ...r, ...moved }) !== strip({ ...last, ...moved })) return false;
  if (inflight.cmd === "hint") return JSON.stringify(r.cells) === JSON.stringify(last.cells) && r.counters.hints === last.counters.hints + 1;
  // select: the same board, or the board without the selected tile and the tapped one
  const diff = [];
  last.cells.forEach((row, i) => row.forEach((k, j) => { if (r.cells[i][j] !== k) diff.push([i, j, k, r.cells[i][j]]); }));
  if (diff.length === 0) return true;
  const { row, col } = inflight.args;
  return diff.length === 2 && diff.every(([, , , now]) => now === null) && diff.some(([i, j]) => i === row && j === col);
}

async function main() {
  const result = { kills: 0, launches: 0, corrupt: 0, notices: 0, killsWithTemp: 0, tempAfterRelaunch: 0,
    resumedInFlight: 0, resumedAnswered: 0, worstLossMs: 0, overBound: 0, commands: 0, errors: [] };
  let prev = null; // the previous run: states, inflight, killedAt
  const t0 = Date.now();
  // A long campaign stopped early (SIGTERM, Ctrl-C) still reports what it saw so far.
  const report = () => {
    result.seconds = Math.round((Date.now() - t0) / 1000);
    console.log(`[crash] ${result.kills} kills, ${result.launches} launches, ${result.commands} answered commands in ${result.seconds} s: ` +
      `${result.corrupt} corrupt, ${result.notices} notices, resumed ${result.resumedAnswered} answered / ${result.resumedInFlight} in-flight states, ` +
      `worst loss ${result.worstLossMs} ms (bound ${BOUND_MS}), ${result.killsWithTemp} kills left a temp file, ${result.tempAfterRelaunch} relaunches kept one`);
    console.log(`CRASH_RESULT ${JSON.stringify({ ...result, errors: result.errors.length })}`);
    for (const e of result.errors.slice(0, 20)) console.log(`[crash] PROBLEM ${e}`);
  };
  for (const sig of ["SIGTERM", "SIGINT"]) {
    process.on(sig, () => {
      console.log(`[crash] stopped by ${sig}`);
      report();
      process.exit(result.errors.length === 0 ? 3 : 1);
    });
  }
  for (let i = 0; i <= KILLS; i++) {
    const b = await launch();
    result.launches++;
    const started = await invoke(b, "start");
    if (started.err) throw new Error(`start refused: ${JSON.stringify(started.err)}`);
    const resumed = started.ok.game;
    const names = files();
    const notice = await b.execute(() => (document.getElementById("notice")?.hidden === false ? document.getElementById("notice-text")?.textContent : null));
    if (notice) { result.notices++; result.errors.push(`launch ${i}: notice ${notice}`); }
    if (names.some((n) => n.endsWith(".corrupt"))) { result.corrupt++; result.errors.push(`launch ${i}: ${names}`); }
    if (names.some((n) => n.endsWith(".tmp"))) { result.tempAfterRelaunch++; result.errors.push(`launch ${i}: temp files ${names}`); }
    if (prev) {
      // Which reached state is this?
      const key = strip(resumed);
      let j = -1;
      for (let k = prev.states.length - 1; k >= 0; k--) if (strip(prev.states[k].game) === key) { j = k; break; }
      const last = prev.states[prev.states.length - 1];
      let loss = 0;
      if (j >= 0) {
        result.resumedAnswered++;
        const firstLost = prev.states.slice(j + 1).find((s) => s.t <= prev.killedAt && !s.unsaved);
        if (firstLost) loss = prev.killedAt - firstLost.t;
      } else if (oneStepFurther(last.game, resumed, prev.inflight)) {
        result.resumedInFlight++;
      } else {
        result.errors.push(`launch ${i}: resumed a state never reached: ${key.slice(0, 300)} (last ${strip(last.game).slice(0, 300)}, in flight ${JSON.stringify(prev.inflight)})`);
      }
      result.worstLossMs = Math.max(result.worstLossMs, loss);
      if (loss > BOUND_MS) { result.overBound++; result.errors.push(`launch ${i}: lost ${loss} ms of answered moves`); }
    }
    if (i === KILLS) { await b.deleteSession().catch(() => {}); break; }
    const run = { states: [{ t: Date.now(), game: { ...resumed, mode: resumed.mode ?? "classic" } }], inflight: null, stop: false };
    const pid = appPid();
    if (!pid) throw new Error("cannot find the app's process");
    if (i === 0 && process.env.LLK_CRASH_SINGLE_INSTANCE === "1") {
      const problem = await secondLaunch(b, pid);
      result.singleInstance = problem ?? "ok";
      if (problem) result.errors.push(problem);
    }
    const playing = play(b, run).catch((e) => { if (!run.stop) result.errors.push(`play: ${e.message}`); });
    await sleep(Math.floor(rand() * MAX_MS));
    run.killedAt = Date.now();
    run.stop = true;
    process.kill(pid, "SIGKILL");
    result.kills++;
    // The command in flight fails once WebKitWebDriver sees the app gone.
    await Promise.race([playing, sleep(20_000)]);
    result.commands += run.states.length - 1;
    // Right after the kill: the save is whole JSON; a temp file shows the kill hit a save.
    const after = files();
    if (after.some((n) => n.endsWith(".tmp"))) result.killsWithTemp++;
    if (after.filter((n) => n.endsWith(".tmp")).length > 3) result.errors.push(`kill ${i}: temp files pile up: ${after}`);
    if (after.includes("game.json")) {
      try { JSON.parse(readFileSync(join(DATA, "game.json"), "utf8")); } catch (e) { result.errors.push(`kill ${i}: game.json is not whole JSON: ${e.message}`); }
    }
    await Promise.race([b.deleteSession().catch(() => {}), sleep(10_000)]);
    prev = run;
    if ((i + 1) % 25 === 0) {
      console.log(`[crash] ${i + 1} kills, ${result.commands} commands, ${Math.round((Date.now() - t0) / 1000)} s: ` +
        `${result.corrupt} corrupt, worst loss ${result.worstLossMs} ms, ${result.killsWithTemp} kills inside a save, ` +
        `${result.tempAfterRelaunch} temp files kept, ${result.errors.length} problems`);
    }
    if (result.errors.length > 20) break;
  }
  report();
  process.exit(result.errors.length === 0 ? 0 : 1);
}

main().catch((e) => {
  console.error(`[crash] ${e.stack ?? e}`);
  process.exit(2);
});
