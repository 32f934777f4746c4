#!/usr/bin/env node
// The engine in WebAssembly beside the native engine, on the same workloads
// (web/bench/src/workloads.rs): runs the native runner (`llk-wasm-bench serve`, one warm
// process) and the wasm module(s) in this Node process, interleaved workload by workload
// and round by round (the order alternating), so load on a shared machine falls on both
// alike. Prints a Markdown table: per workload the median and p99 time per operation of
// each, their ratio, the ratio's range over the rounds, and whether the checksums agree.
//
// Each sample's time: for seeded workloads (deals, solves) sample i is seed i, and its
// figure is the median over the rounds of seed i's time; the table's p50/p99 are then
// over seeds (boards). For batches (path queries, pairs) the same over batch samples.
//
// usage: node web/bench/compare.mjs --native [LABEL=]PATH --wasm [LABEL=]PATH [--wasm ...]
//          [--rounds N] [--warmup N] [--scale F] [--only ID,ID]
//   --native, --wasm  may repeat (A/B of builds, e.g. with and without a target feature);
//             the first --native is the reference every ratio divides by
//   --rounds  measured rounds (default 5), after --warmup rounds not counted (default 1:
//             V8 compiles wasm with its baseline compiler first and optimises hot
//             functions later)
//   --scale   multiplies every workload's sample count (e.g. 0.1 for a quick look)

import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { basename } from 'node:path';
import os from 'node:os';

function parseArgs(argv) {
  const opts = { native: [], wasm: [], rounds: 5, warmup: 1, scale: 1, only: null };
  const labelled = (value, label) => {
    const eq = value.indexOf('=');
    return eq > 0 ? { label: value.slice(0, eq), path: value.slice(eq + 1) } : { label, path: value };
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    i++;
    if (flag === '--native') opts.native.push(labelled(value, 'native'));
    else if (flag === '--wasm') opts.wasm.push(labelled(value, 'wasm'));
    else if (flag === '--rounds') opts.rounds = positiveInt(flag, value);
    else if (flag === '--warmup') opts.warmup = positiveInt(flag, value, 0);
    else if (flag === '--scale') {
      opts.scale = Number(value);
      if (!(opts.scale > 0)) throw new Error('--scale must be a positive number');
    } else if (flag === '--only') opts.only = value.split(',').map((v) => positiveInt(flag, v, 0));
    else throw new Error(`unknown option ${flag}`);
  }
  if (opts.native.length === 0 || opts.wasm.length === 0) {
    throw new Error('usage: compare.mjs --native PATH --wasm [LABEL=]PATH [--rounds N] [--warmup N] [--scale F] [--only IDS]');
  }
  return opts;
}

function positiveInt(flag, value, min = 1) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${flag}: ${value} is not an integer >= ${min}`);
  return n;
}

// The native runner as a request/response pair over its stdin/stdout lines.
function startNative({ label, path }) {
  const child = spawn(path, ['serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    label,
    path,
    async run(id, samples) {
      child.stdin.write(`${id} ${samples}\n`);
      const { value, done } = await lines.next();
      if (done) throw new Error('the native runner exited');
      const answer = JSON.parse(value);
      if (answer.error) throw new Error(`${label}: ${answer.error}`);
      return { checksum: answer.checksum, samples: answer.samples };
    },
    close() {
      child.stdin.end();
    },
  };
}

async function startWasm({ label, path }) {
  const bytes = readFileSync(path);
  const imports = { env: { now_ns: () => performance.now() * 1e6 } };
  const { instance } = await WebAssembly.instantiate(bytes, imports);
  const x = instance.exports;
  return {
    label,
    path,
    bytes: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    async run(id, samples) {
      const sum = BigInt.asUintN(64, x.llk_bench_run(id, samples));
      const len = x.llk_bench_samples_len();
      if (len !== samples) throw new Error(`${label}: workload ${id} failed`);
      const times = new Float64Array(x.memory.buffer, x.llk_bench_samples_ptr(), len);
      return { checksum: sum.toString(16).padStart(16, '0'), samples: Array.from(times) };
    },
    close() {},
  };
}

function sorted(values) {
  return Float64Array.from(values).sort();
}

// Nearest rank on sorted values, as `llk bench` takes its p99.
function pct(sortedValues, p) {
  if (sortedValues.length === 0) return NaN;
  return sortedValues[Math.round((sortedValues.length - 1) * p)];
}

// The median of a few values (the rounds): the mean of the middle two when they are even.
function median(values) {
  const s = sorted(values);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function formatNs(ns) {
  if (ns < 1e3) return `${ns.toFixed(1)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toFixed(2)} us`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(2)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}

function ratio(a, b) {
  return `${(b / a).toFixed(2)}x`;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const catalog = JSON.parse(execFileSync(opts.native[0].path, ['list'], { encoding: 'utf8' }));
  const workloads = catalog.filter((w) => opts.only === null || opts.only.includes(w.id));
  const engines = [...opts.native.map(startNative), ...(await Promise.all(opts.wasm.map(startWasm)))];
  // results[engine][workload] = { rounds: [[ns per sample]], checksums: Set }
  const results = engines.map(() => workloads.map(() => ({ rounds: [], checksums: new Set() })));
  const started = performance.now();
  const load = [os.loadavg()[0]];
  try {
    for (let round = 0; round < opts.warmup + opts.rounds; round++) {
      for (const [w, workload] of workloads.entries()) {
        const samples = Math.max(1, Math.round(workload.samples * opts.scale));
        // Rotate who goes first, so neither always runs on a warmer (or busier) machine.
        for (let k = 0; k < engines.length; k++) {
          const e = (k + round + w) % engines.length;
          const { checksum, samples: times } = await engines[e].run(workload.id, samples);
          const r = results[e][w];
          r.checksums.add(checksum);
          if (round >= opts.warmup) r.rounds.push(times);
        }
      }
      load.push(os.loadavg()[0]);
      process.stderr.write(`round ${round + 1}/${opts.warmup + opts.rounds} done` +
        `${round < opts.warmup ? ' (warm-up)' : ''}, load ${os.loadavg()[0].toFixed(1)}\n`);
    }
  } finally {
    for (const e of engines) e.close();
  }
  const took = (performance.now() - started) / 1e3;

  // Per sample index, the median over rounds; then p50 / p99 / mean over the indices.
  const stats = (r) => {
    const perIndex = r.rounds[0].map((_, i) => median(r.rounds.map((times) => times[i])));
    const s = sorted(perIndex);
    return {
      p50: pct(s, 0.5),
      p99: pct(s, 0.99),
      mean: perIndex.reduce((a, b) => a + b, 0) / perIndex.length,
      roundP50: r.rounds.map((times) => median(times)),
    };
  };

  const base = engines[0].label;
  const header = ['workload', 'one operation', `${base} p50`];
  for (const e of engines.slice(1)) header.push(`${e.label} p50`, 'ratio');
  header.push(`${base} p99`);
  for (const e of engines.slice(1)) header.push(`${e.label} p99`, 'ratio');
  for (const e of engines.slice(1)) header.push(`${e.label} p50 ratio by round`);
  for (const e of engines.slice(1)) header.push(`${e.label} mean ratio`);
  header.push('checksums');
  const rows = [];
  let allAgree = true;
  for (const [w, workload] of workloads.entries()) {
    const st = engines.map((_, e) => stats(results[e][w]));
    const sums = new Set(engines.flatMap((_, e) => [...results[e][w].checksums]));
    const agree = sums.size === 1;
    allAgree &&= agree;
    const row = [workload.name, workload.op, formatNs(st[0].p50)];
    for (let e = 1; e < engines.length; e++) row.push(formatNs(st[e].p50), ratio(st[0].p50, st[e].p50));
    row.push(formatNs(st[0].p99));
    for (let e = 1; e < engines.length; e++) row.push(formatNs(st[e].p99), ratio(st[0].p99, st[e].p99));
    for (let e = 1; e < engines.length; e++) {
      const byRound = st[e].roundP50.map((v, i) => v / st[0].roundP50[i]);
      row.push(`${Math.min(...byRound).toFixed(2)}-${Math.max(...byRound).toFixed(2)}x`);
    }
    for (let e = 1; e < engines.length; e++) row.push(ratio(st[0].mean, st[e].mean));
    row.push(agree ? `agree (${[...sums][0]})` : `DIFFER: ${[...sums].join(' ')}`);
    rows.push(row);
  }

  const line = (cells) => `| ${cells.join(' | ')} |`;
  console.log(line(header));
  console.log(line(header.map(() => '---')));
  for (const row of rows) console.log(line(row));
  console.log();
  for (const e of engines.filter((x) => x.bytes !== undefined)) {
    console.log(`${e.label}: ${basename(e.path)}, ${(e.bytes / 1024).toFixed(1)} KiB ` +
      `(${(e.gzip / 1024).toFixed(1)} KiB gzip -9)`);
  }
  console.log(`${opts.rounds} rounds after ${opts.warmup} warm-up, scale ${opts.scale}, ` +
    `${took.toFixed(1)} s; Node ${process.version}; load average ` +
    `${Math.min(...load).toFixed(1)} to ${Math.max(...load).toFixed(1)}`);
  if (!allAgree) {
    console.error('checksums differ: the engines did not do the same work');
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(`compare.mjs: ${e.message}`);
  process.exitCode = 2;
});
