//! `llk bench-stack`: the stack solver on real-style maps (the generator of
//! `stack::real_style`) and on stack files given on the command line (the captured real
//! maps, imported), today's search and the baseline side by side in one run, as a table:
//! decided share, winnable / unwinnable / unknown, and this thread's CPU time per map
//! (p50, p99, worst) under a per-map CPU budget. Every winnable answer is replayed on a
//! [`StackBoard`] and must end in a win (the bench fails otherwise).

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use llk_engine::classic::Budget;
use llk_engine::stack::file;
use llk_engine::stack::real_style::real_style;
use llk_engine::stack::solver::{solve_with_strategy, Strategy};
use llk_engine::stack::{Layout, Position, StackBoard, StackStatus, StackVerdict};
use llk_engine::EngineError;

use crate::args::{self, Spec};
use crate::cpu::thread_cpu;
use crate::fail::{CliError, CliResult};
use crate::io::{emit_text, name, read_source};

const BENCH: Spec = Spec {
    command: "bench-stack",
    positional: &[],
    switches: &[],
    options: &["maps", "from", "budget-ms"],
};

/// One map to solve: a name, the layout and the tray.
struct Map {
    name: String,
    layout: Layout,
    tray: u8,
}

/// What one solver did on one set of maps.
#[derive(Default)]
struct Tally {
    verdicts: [usize; 3],
    cpu: Vec<Duration>,
}

/// `llk bench-stack [--maps N] [--from SEED] [--budget-ms MS] [FILE...]`: N real-style
/// maps (default 1,000, seeds FROM..FROM+N), then each FILE (a stack file, its `taken`
/// ignored), each solved by the baseline and the current search with MS milliseconds of
/// CPU each (default 1,000).
pub fn run(argv: &[String]) -> CliResult<()> {
    let a = args::parse_with_rest(&BENCH, argv)?;
    let maps: u64 = a.number("maps")?.unwrap_or(1_000);
    let from: u64 = a.number("from")?.unwrap_or(0);
    let budget = Duration::from_millis(a.number("budget-ms")?.unwrap_or(1_000));
    let mut generated = Vec::new();
    for seed in from..from.saturating_add(maps) {
        let m = real_style(seed)?;
        generated.push(Map {
            name: format!("seed {seed}"),
            layout: m.layout,
            tray: m.tray,
        });
    }
    let mut files = Vec::new();
    for source in &a.positional {
        let text = read_source(source)?;
        let in_file = |e: EngineError| CliError::usage(format!("{}: {e}", name(source)));
        let parsed = file::parse(&text).map_err(in_file)?;
        files.push(Map {
            name: name(source).to_string(),
            layout: parsed.layout,
            tray: parsed.tray,
        });
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "stack solver on {maps} real-style maps (seeds {from}..{}) and {} given file(s); \
         budget {} ms of this thread's CPU per map and solver; cpu in ms\n",
        from.saturating_add(maps),
        files.len(),
        budget.as_millis()
    );
    let _ = writeln!(
        out,
        "| maps | solver | decided | winnable / unwinnable / unknown | cpu p50 | cpu p99 | cpu worst |"
    );
    let _ = writeln!(out, "|{}", "---|".repeat(7));
    let mut per_file = String::new();
    for (set, list) in [("real-style", &generated), ("given", &files)] {
        if list.is_empty() {
            continue;
        }
        for (label, strategy) in [
            ("baseline", Strategy::Baseline),
            ("current", Strategy::Current),
        ] {
            let mut tally = Tally::default();
            for map in list.iter() {
                let (verdict, cpu) = solve_one(map, strategy, budget)?;
                let v = match verdict {
                    StackVerdict::Winnable(_) => 0,
                    StackVerdict::Unwinnable => 1,
                    StackVerdict::Unknown => 2,
                };
                tally.verdicts[v] += 1;
                tally.cpu.push(cpu);
                if set == "given" {
                    let word = ["winnable", "unwinnable", "unknown"][v];
                    let _ = writeln!(
                        per_file,
                        "| {} | {label} | {word} | {:.1} |",
                        map.name,
                        ms(cpu)
                    );
                }
            }
            row(&mut out, set, label, &mut tally);
        }
    }
    if !per_file.is_empty() {
        let _ = writeln!(out, "\n| file | solver | answer | cpu |");
        let _ = writeln!(out, "|---|---|---|---|");
        out.push_str(&per_file);
    }
    emit_text(&out)
}

/// Solves `map` from its start with `strategy` under a CPU `budget`; a winnable line is
/// replayed and must win.
fn solve_one(
    map: &Map,
    strategy: Strategy,
    budget: Duration,
) -> CliResult<(StackVerdict, Duration)> {
    let on_board = vec![true; map.layout.len()];
    let pos = Position {
        layout: &map.layout,
        on_board: &on_board,
        held: &[],
        tray: &[],
        capacity: map.tray,
    };
    let (t, c) = (Instant::now(), thread_cpu());
    let mut out_of_time = || match thread_cpu() {
        Duration::ZERO => t.elapsed() >= budget,
        now => now.saturating_sub(c) >= budget,
    };
    let (verdict, _) =
        solve_with_strategy(&pos, Budget::nodes(u64::MAX), &mut out_of_time, strategy);
    let cpu = match thread_cpu() {
        Duration::ZERO => t.elapsed(),
        now => now.saturating_sub(c),
    };
    if let StackVerdict::Winnable(line) = &verdict {
        let mut board = StackBoard::new(map.layout.clone(), map.tray)?;
        for &id in line {
            board.take(id)?;
        }
        if board.status() != StackStatus::Won {
            return Err(CliError::usage(format!(
                "bench-stack: {}: the winning line does not win",
                map.name
            )));
        }
    }
    Ok((verdict, cpu))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// One table row for `tally`.
fn row(out: &mut String, set: &str, label: &str, tally: &mut Tally) {
    tally.cpu.sort_unstable();
    let n = tally.cpu.len().max(1);
    let at = |q: usize| {
        tally
            .cpu
            .get((n * q / 100).min(n - 1))
            .copied()
            .unwrap_or_default()
    };
    let [w, u, k] = tally.verdicts;
    let _ = writeln!(
        out,
        "| {set} ({n}) | {label} | {:.1} % | {w} / {u} / {k} | {:.1} | {:.1} | {:.1} |",
        100.0 * (w + u) as f64 / n as f64,
        ms(at(50)),
        ms(at(99)),
        ms(tally.cpu.last().copied().unwrap_or_default()),
    );
}
