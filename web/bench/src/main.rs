//! `llk-wasm-bench`: the native side of the WebAssembly comparison, running the same
//! workload code as the module (`llk_wasm_bench::workloads`) with `std::time::Instant`.
//!
//! * `llk-wasm-bench list`: the workloads as JSON (`[{"id", "name", "op", "samples"}]`);
//! * `llk-wasm-bench run ID [SAMPLES]`: one run, one JSON line
//!   `{"checksum": "<16 hex digits>", "samples": [ns per operation, ...]}`;
//! * `llk-wasm-bench serve`: the same for every line `ID SAMPLES` read from stdin, so one
//!   warm process serves a whole interleaved comparison (`web/bench/compare.mjs`).
//!
//! A refused request answers `{"error": "..."}` (exit code 2 outside `serve`).

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use llk_wasm_bench::workloads::{self, Clock, WORKLOADS};
use serde_json::{json, Value};

const USAGE: &str = "usage: llk-wasm-bench list | run ID [SAMPLES] | serve";

struct Monotonic(Instant);

impl Clock for Monotonic {
    fn now_ns(&mut self) -> f64 {
        self.0.elapsed().as_nanos() as f64
    }
}

fn list() -> Value {
    Value::Array(
        WORKLOADS
            .iter()
            .enumerate()
            .map(|(id, w)| json!({"id": id, "name": w.name, "op": w.op, "samples": w.samples}))
            .collect(),
    )
}

/// Parses `ID [SAMPLES]` (SAMPLES defaults to the workload's own) and runs it.
fn answer(words: &[&str], clock: &mut Monotonic) -> Result<Value, String> {
    let (id, samples) = match words {
        [id] => (*id, None),
        [id, samples] => (*id, Some(*samples)),
        _ => return Err(format!("expected ID [SAMPLES], got {words:?}")),
    };
    let id: u32 = id
        .parse()
        .map_err(|_| format!("workload id {id:?} is not a number"))?;
    let default = WORKLOADS.get(id as usize).map_or(1, |w| w.samples);
    let samples: u32 = match samples {
        None => default,
        Some(s) => s
            .parse()
            .map_err(|_| format!("sample count {s:?} is not a number"))?,
    };
    let mut out = Vec::with_capacity(samples as usize);
    let sum = workloads::run(id, samples as usize, clock, &mut out).map_err(|e| e.to_string())?;
    Ok(json!({"checksum": format!("{sum:016x}"), "samples": out}))
}

fn reply(result: Result<Value, String>) -> String {
    match result {
        Ok(v) => v.to_string(),
        Err(e) => json!({ "error": e }).to_string(),
    }
}

fn serve(clock: &mut Monotonic) -> ExitCode {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            return ExitCode::from(1);
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let text = reply(answer(&words, clock));
        if writeln!(stdout, "{text}")
            .and_then(|()| stdout.flush())
            .is_err()
        {
            // The reader went away: nothing more to serve.
            return ExitCode::SUCCESS;
        }
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut clock = Monotonic(Instant::now());
    match words.as_slice() {
        ["list"] => {
            println!("{}", list());
            ExitCode::SUCCESS
        }
        ["serve"] => serve(&mut clock),
        ["run", rest @ ..] => {
            let result = answer(rest, &mut clock);
            let failed = result.is_err();
            println!("{}", reply(result));
            ExitCode::from(if failed { 2 } else { 0 })
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
