// What the shipped module costs per call, through its own protocol (`llk_call`, as the web
// shell's worker calls it), in Node: classic games played by hints under two slide rules
// (new game, hint, the matching select, judge) and stack games (new game, winning line,
// hint, select), each call timed by the process's CPU time (user + system, steadier than
// wall time on a shared host). Several modules side by side (`--wasm label=path`), in turns,
// a warm-up round first; each call keeps its minimum over the rounds. The answers' checksum
// must be the same for every module (the same games, the same answers), or it says so.
// Not a test: numbers to compare (docs/WEB.md, "Size").
//   node web/bench/calls.mjs --wasm before=/tmp/old.wasm --wasm after=target/wasm/llk.wasm [--rounds 5] [--games 5] [--only classic|stack]
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values: opt } = parseArgs({
  options: {
    wasm: { type: "string", multiple: true, default: ["llk=target/wasm/llk.wasm"] },
    rounds: { type: "string", default: "3" },
    games: { type: "string", default: "5" },
    only: { type: "string" },
  },
});
const modules = opt.wasm.map((w) => {
  const at = w.indexOf("=");
  return at > 0 ? { label: w.slice(0, at), path: w.slice(at + 1) } : { label: w, path: w };
});
const ROUNDS = Number(opt.rounds);
const GAMES = Number(opt.games);
/** The page's clock, fixed: the same deals and answers in every round. */
const NOW_MS = 1765000000000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A fresh instance of the module at `path`: `call(request)` answers the protocol's `ok`, or throws its `err`. */
function instance(path) {
  const { exports: e } = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(path)), {});
  return (request) => {
    const bytes = encoder.encode(JSON.stringify(request));
    const at = e.llk_alloc(bytes.length);
    new Uint8Array(e.memory.buffer, at, bytes.length).set(bytes);
    const n = e.llk_call(at, bytes.length);
    const answer = JSON.parse(decoder.decode(new Uint8Array(e.memory.buffer, e.llk_out(), n)));
    if (answer.err) throw new Error(JSON.stringify(answer.err));
    return answer.ok;
  };
}

/** Plays the workloads on `call`, each call's CPU ms pushed to `times[name]`, its answer into `hash`. */
function play(call, times, hash) {
  const timed = (name, fn) => {
    const start = process.cpuUsage();
    const answer = fn();
    const used = process.cpuUsage(start);
    (times[name] ??= []).push((used.user + used.system) / 1000);
    hash.update(JSON.stringify(answer));
    return answer;
  };
  const invoke = (command, args = null) => call({ op: "invoke", command, args, now_ms: NOW_MS });
  call({ op: "init", files: {}, random: "7".repeat(64), now_ms: NOW_MS });
  invoke("start", {});
  let elapsedMs = 1000;
  if (opt.only !== "stack") {
    for (const slide of ["left", "together-h"]) {
      for (let g = 0; g < GAMES; g++) {
        const options = { mode: "classic", rows: 9, cols: 16, kinds: 24, seed: String(100 + g), solvable: false, ring: true, auto_shuffle: false, slide };
        timed(`classic new game 16x9 ${slide}`, () => invoke("new_game", { options }));
        for (;;) {
          const { hint } = timed(`classic hint ${slide}`, () => invoke("hint"));
          if (!hint) break;
          elapsedMs += 500;
          invoke("select", { row: hint.a[0], col: hint.a[1], elapsedMs });
          elapsedMs += 500;
          const answer = timed(`classic tap (a match) ${slide}`, () => invoke("select", { row: hint.b[0], col: hint.b[1], elapsedMs }));
          if (answer.game.status !== "playing") break;
          timed(`classic judge ${slide}`, () => invoke("judge"));
        }
      }
    }
  }
  if (opt.only !== "classic") {
    for (let g = 0; g < GAMES; g++) {
      const options = { mode: "stack", level: 2, tiles: 0, kinds: 0, layers: 0, peak: null, seed: String(200 + g), random_fill: false, tray: 7, props: { move_out: 0, shuffle: 0, undo: 0 } };
      timed("stack new game level 2", () => invoke("new_game", { options }));
      timed("stack winning line level 2", () => invoke("winning_line"));
      for (let k = 0; k < 400; k++) {
        const { hint } = timed("stack hint level 2", () => invoke("hint"));
        if (hint.id == null) break;
        elapsedMs += 300;
        const answer = timed("stack tap level 2", () => invoke("select", { id: hint.id, elapsedMs }));
        if (answer.game.status !== "playing") break;
      }
    }
  }
}

const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

const best = modules.map(() => ({}));
const checksums = modules.map(() => "");
for (let round = 0; round <= ROUNDS; round++) {
  const order = round % 2 ? [...modules.keys()].reverse() : [...modules.keys()];
  for (const k of order) {
    const times = {};
    const hash = createHash("sha256");
    play(instance(modules[k].path), times, hash);
    const sum = hash.digest("hex").slice(0, 12);
    if (round === 0) {
      checksums[k] = sum; // the warm-up round
      continue;
    }
    if (sum !== checksums[k]) console.error(`${modules[k].label}: the answers changed between rounds`);
    for (const [name, ms] of Object.entries(times)) best[k][name] = best[k][name]?.map((x, i) => Math.min(x, ms[i])) ?? ms;
  }
}

console.log(`CPU ms per call (the minimum over ${ROUNDS} rounds), p50 / p90 over the calls, and their total`);
const same = checksums.every((c) => c === checksums[0]);
console.log(`answers' checksums: ${modules.map((m, k) => `${m.label} ${checksums[k]}`).join(", ")}${same ? " (the same)" : " (DIFFERENT)"}`);
const head = ["call", "n", ...modules.flatMap((m) => [`${m.label} p50`, `${m.label} p90`, `${m.label} total`])];
const tail = modules.slice(1).map((m) => `total ${m.label} / ${modules[0].label}`);
console.log(`| ${[...head, ...tail].join(" | ")} |`);
for (const name of Object.keys(best[0])) {
  const totals = best.map((b) => b[name].reduce((a, x) => a + x, 0));
  const cells = best.flatMap((b, k) => [quantile(b[name], 0.5).toFixed(3), quantile(b[name], 0.9).toFixed(3), totals[k].toFixed(1)]);
  const ratios = totals.slice(1).map((t) => (t / totals[0]).toFixed(3));
  console.log(`| ${[name, best[0][name].length, ...cells, ...ratios].join(" | ")} |`);
}
if (!same) process.exitCode = 1;
