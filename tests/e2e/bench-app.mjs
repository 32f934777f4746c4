// App benchmark (not pass/fail), run by bench-app.sh against the RELEASE build of the game
// and of the smallest Tauri window (tests/e2e/baseline), launched alternately in one run so
// that both meet the same machine load:
//  - launch → first board painted, over LLK_BENCH_LAUNCHES cold launches of each, with the
//    split: process start (/proc), navigation start (performance.timeOrigin), the document
//    answered (navigation timing), the view's marks (init: script running; started: first IPC
//    answered) and the paint (two frames after the first board is in the DOM); p50/p95.
//    The game resumes an 18×8 save. Twice: through WebDriver (from the session request), and
//    as a player starts it (spawned directly, the page's report read from LLK_LAUNCH_REPORT).
//  - memory of each process (USS and PSS, /proc/PID/smaps_rollup; app + WebKit web and
//    network processes): after the first paint (every launch above), and in
//    LLK_BENCH_ROUNDS sessions per layout (18×8, 30×16): after the first paint, after 50
//    matches, after 20 and after 100 new games in the same process.
//  - the `select` IPC round trip: 200 invokes in the page (and `presets`, an IPC baseline).
// LLK_BENCH_WEBDRIVER_LAUNCHES (default LLK_BENCH_LAUNCHES) sets the WebDriver launches
// apart: 0 leaves only the player's launches (an A/B of two builds of the game: give the
// other one as LLK_BENCH_BASELINE; it resumes the same save).
// WebKit rounds performance.now() to whole milliseconds, so figures are quantised.
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { load, sample } from "./bench/procmem.mjs";
import { matchOnce, newGameOnce, newLayout, returningPlayer } from "./bench/play.mjs";
import { launchDirect } from "./bench/direct.mjs";
import { close, open, sleep } from "./bench/session.mjs";

const APP = process.env.LLK_APP;
const BASE = process.env.LLK_BASELINE;
const DATA = process.env.LLK_E2E_DATA;
const LAUNCHES = Number(process.env.LLK_BENCH_LAUNCHES ?? 10);
const WD_LAUNCHES = Number(process.env.LLK_BENCH_WEBDRIVER_LAUNCHES ?? LAUNCHES);
const ROUNDS = Number(process.env.LLK_BENCH_ROUNDS ?? 2);
const MATCHES = Number(process.env.LLK_BENCH_MATCHES ?? 50);
const GAMES = Number(process.env.LLK_BENCH_GAMES ?? 100);
const SETTLE = Number(process.env.LLK_BENCH_SETTLE_MS ?? 2000);
const SELECTS = Number(process.env.LLK_BENCH_SELECTS ?? 200);
const SAVE = join(DATA, "io.github.lianliankan", "game.json");
const saves = join(DATA, "bench-saves");

const pct = (xs, p) => {
  const s = [...xs].filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
};
const med = (xs) => pct(xs, 50);
const mb = (x) => (Number.isFinite(x) ? x.toFixed(0) : "–");
const log = (s) => console.log(s);

async function withSession(exe, fn) {
  const s = await open(exe);
  try {
    return await fn(s);
  } finally {
    await close(s);
  }
}

async function settledSample(s) {
  await sleep(SETTLE);
  return sample(s.pid);
}

// ---- saves to resume: an 18×8 and a 30×16 game -------------------------------------------
rmSync(DATA, { recursive: true, force: true });
mkdirSync(saves, { recursive: true });
returningPlayer(DATA);
for (const layout of ["18x8", "30x16"]) {
  await withSession(APP, async (s) => {
    const err = await newLayout(s.b, layout);
    if (err) throw new Error(`preparing the ${layout} save: ${err}`);
    await sleep(800); // the background writer saves at once; leave it time under load
  });
  if (!existsSync(SAVE)) throw new Error(`no save at ${SAVE}`);
  copyFileSync(SAVE, join(saves, `${layout}.json`));
}
const resume = (layout) => copyFileSync(join(saves, `${layout}.json`), SAVE);

// ---- cold launches, game and baseline in turn ---------------------------------------------
log(`load at start: ${load()}`);
const launches = { game: [], base: [] };
const painted18 = { game: [], base: [] };
let ipc = null;
for (let i = 0; i < WD_LAUNCHES; i++) {
  for (const who of ["game", "base"]) {
    if (who === "game") resume("18x8");
    await withSession(who === "game" ? APP : BASE, async (s) => {
      launches[who].push(s.split);
      const m = await settledSample(s);
      painted18[who].push(m);
      const marks = Object.entries(s.split.marks)
        .sort((a, b) => a[1] - b[1])
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(", ");
      log(
        `launch ${i + 1} ${who}: process ${s.split.process?.toFixed(0)}, navigation ${s.split.navigation.toFixed(0)}, ` +
          `${marks ? marks + ", " : ""}painted ${s.split.paint.toFixed(0)} ms after the request; ` +
          `USS ${mb(m.total.uss)} MB (web ${mb(m.web.uss)}), load ${load()}`,
      );
      if (who === "game" && i === WD_LAUNCHES - 1) ipc = await roundTrips(s.b);
    });
  }
}

// ---- cold launches as a player starts the app: no WebDriver --------------------------------
const direct = { game: [], base: [] };
const REPORT = join(DATA, "launch-report.jsonl");
for (let i = 0; i < LAUNCHES; i++) {
  for (const who of ["game", "base"]) {
    if (who === "game") resume("18x8");
    const s = await launchDirect(who === "game" ? APP : BASE, REPORT);
    direct[who].push(s);
    const marks = Object.entries(s.marks)
      .sort((a, b) => a[1] - b[1])
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(", ");
    log(`player launch ${i + 1} ${who}: process ${s.process?.toFixed(0)}, navigation ${s.navigation.toFixed(0)}, ${marks ? marks + ", " : ""}painted ${s.paint.toFixed(0)} ms after the spawn; load ${load()}`);
  }
}

// ---- long sessions: matches and new games in one process ----------------------------------
const phases = ["painted", `${MATCHES} matches`, "20 new games", `${GAMES} new games`];
const mem = { "18x8": { game: {}, base: [] }, "30x16": { game: {}, base: [] } };
for (let r = 0; r < ROUNDS; r++) {
  for (const layout of ["18x8", "30x16"]) {
    resume(layout);
    await withSession(APP, async (s) => {
      const at = (phase, m) => {
        (mem[layout].game[phase] ??= []).push(m);
        log(`${layout} round ${r + 1} game ${phase}: USS ${mb(m.total.uss)} MB (web ${mb(m.web.uss)}), load ${load()}`);
      };
      at(phases[0], await settledSample(s));
      for (let k = 0; k < MATCHES; k++) {
        const err = await matchOnce(s.b);
        if (err) throw new Error(`match ${k + 1}: ${err}`);
      }
      at(phases[1], await settledSample(s));
      for (let k = 1; k <= GAMES; k++) {
        const err = await newGameOnce(s.b);
        if (err) throw new Error(`new game ${k}: ${err}`);
        if (k === 20) at(phases[2], await settledSample(s));
      }
      at(phases[3], await settledSample(s));
    });
    await withSession(BASE, async (s) => {
      const m = await settledSample(s);
      mem[layout].base.push(m);
      log(`${layout} round ${r + 1} baseline: USS ${mb(m.total.uss)} MB (web ${mb(m.web.uss)}), load ${load()}`);
    });
  }
}

// ---- report -------------------------------------------------------------------------------
log("");
log(`load at end: ${load()}`);
const split = (xs) => {
  const f = (k) => med(xs.map((x) => x[k]));
  const marks = [...new Set(xs.flatMap((x) => Object.keys(x.marks)))]
    .map((k) => [k, med(xs.filter((x) => k in x.marks).map((x) => x.marks[k]))])
    .sort((a, b) => a[1] - b[1]);
  const mk = marks.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(" | ");
  return `process ${f("process").toFixed(0)} | navigation ${f("navigation").toFixed(0)} | ${mk ? mk + " | " : ""}painted ${f("paint").toFixed(0)}`;
};
const fromProcess = (xs) => xs.map((x) => x.paint - x.process);
log("");
if (WD_LAUNCHES > 0) {
  log(`### Launch → first board painted through WebDriver (${WD_LAUNCHES} cold launches each, ms)`);
  log("| window | p50 from request | p95 from request | max | p50 from process start | p95 from process start | median split (ms after the request) |");
  log("|---|---|---|---|---|---|---|");
  for (const [who, name] of [["game", "game (18×8 save)"], ["base", "smallest Tauri window"]]) {
    const xs = launches[who];
    const tot = xs.map((x) => x.paint);
    log(
      `| ${name} | ${pct(tot, 50).toFixed(0)} | ${pct(tot, 95).toFixed(0)} | ${Math.max(...tot).toFixed(0)} | ` +
        `${pct(fromProcess(xs), 50).toFixed(0)} | ${pct(fromProcess(xs), 95).toFixed(0)} | ${split(xs)} |`,
    );
  }
}

log("");
log(`### Launch → first board painted as a player starts it, no WebDriver (${LAUNCHES} cold launches each, ms)`);
log("| window | p50 from spawn | p95 from spawn | max | median split (ms after the spawn) |");
log("|---|---|---|---|---|");
for (const [who, name] of [["game", "game (18×8 save)"], ["base", "smallest Tauri window"]]) {
  const tot = direct[who].map((x) => x.paint);
  log(`| ${name} | ${pct(tot, 50).toFixed(0)} | ${pct(tot, 95).toFixed(0)} | ${Math.max(...tot).toFixed(0)} | ${split(direct[who])} |`);
}

const row = (label, ms, base) => {
  const f = (role, k) => med(ms.map((m) => m[role][k]));
  const ratio = base ? ` | ${(f("total", "uss") / med(base.map((m) => m.total.uss))).toFixed(2)}×` : " | ";
  return (
    `| ${label} | ${mb(f("app", "uss"))} / ${mb(f("app", "pss"))} | ${mb(f("web", "uss"))} / ${mb(f("web", "pss"))} | ` +
    `${mb(f("network", "uss"))} / ${mb(f("network", "pss"))} | ${mb(f("other", "uss"))} / ${mb(f("other", "pss"))} | ` +
    `**${mb(f("total", "uss"))}** / ${mb(f("total", "pss"))}${ratio} | ${ms.length} |`
  );
};
log("");
log("### Memory, USS / PSS in MB (medians)");
log("| window, moment | app | WebKit web | WebKit network | other | total | game ÷ baseline USS | samples |");
log("|---|---|---|---|---|---|---|---|");
if (WD_LAUNCHES > 0) {
  log(row("game 18×8, first board (launches)", painted18.game, painted18.base));
  log(row("smallest Tauri window (launches)", painted18.base));
}
for (const layout of ["18x8", "30x16"]) {
  const L = layout.replace("x", "×");
  for (const ph of phases) if (mem[layout].game[ph]) log(row(`game ${L}, ${ph}`, mem[layout].game[ph], mem[layout].base));
  if (mem[layout].base.length) log(row(`smallest Tauri window (beside ${L})`, mem[layout].base));
}
if (ipc) {
  log("");
  log(`presets round trip, IPC baseline (${ipc.presets.length} invokes): p50 ${pct(ipc.presets, 50).toFixed(2)} ms, p95 ${pct(ipc.presets, 95).toFixed(2)} ms`);
  log(`select round trip (${ipc.select.length} invokes): p50 ${pct(ipc.select, 50).toFixed(2)} ms, p95 ${pct(ipc.select, 95).toFixed(2)} ms, max ${Math.max(...ipc.select).toFixed(2)} ms (target p95 < 4 ms)`);
}

async function roundTrips(b) {
  const res = await b.execute(async (n) => {
    const inv = window.__TAURI_INTERNALS__.invoke;
    const t = document.querySelector("#board button.tile");
    const row = Number(t.dataset.row);
    const col = Number(t.dataset.col);
    const out = { select: [], presets: [] };
    try {
      for (let k = 0; k < 10; k++) await inv("select", { row, col, elapsedMs: 1000 }); // warm-up
      for (let k = 0; k < n; k++) {
        const s = performance.now();
        await inv("select", { row, col, elapsedMs: 1000 + k }); // select / deselect in turn
        out.select.push(performance.now() - s);
      }
      for (let k = 0; k < n; k++) {
        const s = performance.now();
        await inv("presets", {}); // no engine work, nothing written
        out.presets.push(performance.now() - s);
      }
      return out;
    } catch (e) {
      return { error: String(e?.message ?? JSON.stringify(e)) };
    }
  }, SELECTS);
  if (!res || res.error) throw new Error(`round trips failed: ${JSON.stringify(res)}`);
  return res;
}
