//! `llk bench-stack`: the stack solver on real-style maps (the generator of
//! `stack::real_style`) and on stack files given on the command line (the captured real
//! maps, imported), today's search, today's plus the tray-pressure test and the
//! baseline side by side in one run (or those `--solvers` names, which may also name
//! "unrefuted": today's search without its refutation search), as a table:
//! decided share, winnable / unwinnable / unknown, and this thread's CPU time per map
//! (p50, p99, worst) under a per-map CPU budget. Every winnable answer is replayed on a
//! [`StackBoard`] and must end in a win (the bench fails otherwise).

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use llk_engine::classic::Budget;
use llk_engine::stack::file;
use llk_engine::stack::game::STACK_HINT_BUDGET;
use llk_engine::stack::hint;
use llk_engine::stack::real_style::real_style;
use llk_engine::stack::solver::props::{plan_with_move_outs, PropLine};
use llk_engine::stack::solver::{solve, solve_with_strategy, Strategy};
use llk_engine::stack::{Layout, Position, StackBoard, StackStatus, StackVerdict};
use llk_engine::EngineError;

use crate::args::{self, Parsed, Spec};
use crate::cpu::thread_cpu;
use crate::fail::{CliError, CliResult};
use crate::io::{emit_text, name, read_source};

const BENCH: Spec = Spec {
    command: "bench-stack",
    positional: &[],
    switches: &[],
    options: &["maps", "from", "budget-ms", "solvers"],
};

/// The solvers the bench can run, in the order of its rows, by their `--solvers` names.
const SOLVERS: [(&str, Strategy); 4] = [
    ("baseline", Strategy::Baseline),
    ("current", Strategy::Current),
    ("unrefuted", Strategy::Unrefuted),
    ("pressure", Strategy::Pressure),
];

/// The rows without `--solvers` (the table's columns and rows as before the refutation
/// search: "unrefuted" runs only when named).
const DEFAULT_SOLVERS: [&str; 3] = ["baseline", "current", "pressure"];

/// The solvers `--solvers a,b` names ([`DEFAULT_SOLVERS`] without the option), in [`SOLVERS`]
/// order; an unknown or missing name is refused.
fn chosen_solvers(list: Option<&str>) -> CliResult<Vec<(&'static str, Strategy)>> {
    let Some(list) = list else {
        return Ok(SOLVERS
            .into_iter()
            .filter(|(label, _)| DEFAULT_SOLVERS.contains(label))
            .collect());
    };
    let names: Vec<&str> = list.split(',').map(str::trim).collect();
    for name in &names {
        if !SOLVERS.iter().any(|(label, _)| label == name) {
            return Err(CliError::usage(format!(
                "bench-stack: --solvers: unknown solver '{}' (a comma-separated list of: baseline, current, unrefuted, pressure)",
                args::printable(name)
            )));
        }
    }
    Ok(SOLVERS
        .into_iter()
        .filter(|(label, _)| names.contains(label))
        .collect())
}

/// One map to solve: a name, the layout and the tray; `given`: from a file.
pub(crate) struct Map {
    pub name: String,
    layout: Layout,
    tray: u8,
    pub given: bool,
}

/// What one solver did on one set of maps.
#[derive(Default)]
struct Tally {
    verdicts: [usize; 3],
    cpu: Vec<Duration>,
    /// Maps not won without props that a line with at most 1 / 2 move-outs wins
    /// (current solver only).
    move_outs: [usize; 2],
    /// Hints: CPU of the first hint (the start position), whether its search found a
    /// winning line, and the CPU of hints along the winning line (current solver only).
    first_hint: Vec<Duration>,
    first_known: usize,
    line_hints: Vec<Duration>,
}

/// `llk bench-stack [--maps N] [--from SEED] [--budget-ms MS] [--solvers LIST] [FILE...]`:
/// N real-style maps (default 1,000, seeds FROM..FROM+N), then each FILE (a stack file,
/// its `taken` ignored), each solved by the baseline, the current search and the current
/// search plus the tray-pressure test ("pressure") with MS milliseconds of CPU each
/// (default 1,000). `--solvers current` (or `baseline,current`, `current,unrefuted`, …)
/// runs only those ("unrefuted", the current search without its refutation search, runs
/// only when named): their rows, and the move-out and hint table only when `current` is
/// among them.
pub fn run(argv: &[String]) -> CliResult<()> {
    let a = args::parse_with_rest(&BENCH, argv)?;
    let maps: u64 = a.number("maps")?.unwrap_or(1_000);
    let from: u64 = a.number("from")?.unwrap_or(0);
    let budget = Duration::from_millis(a.number("budget-ms")?.unwrap_or(1_000));
    let solvers = chosen_solvers(a.option("solvers"))?;
    let (generated, files) = read_maps(&a)?;
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
    let mut extra = String::new();
    for (set, list) in [("real-style", &generated), ("given", &files)] {
        if list.is_empty() {
            continue;
        }
        for &(label, strategy) in &solvers {
            let mut tally = Tally::default();
            for map in list.iter() {
                let (verdict, cpu, _) = solve_one(map, strategy, budget)?;
                let v = match verdict {
                    StackVerdict::Winnable(_) => 0,
                    StackVerdict::Unwinnable => 1,
                    StackVerdict::Unknown => 2,
                };
                tally.verdicts[v] += 1;
                tally.cpu.push(cpu);
                if strategy == Strategy::Current {
                    extras(map, &verdict, budget, &mut tally);
                }
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
            if strategy == Strategy::Current {
                let [one, two] = tally.move_outs;
                let _ = writeln!(
                    extra,
                    "| {set} ({}) | {one} | {two} | {} | {:.1} % | {} |",
                    tally.cpu.len(),
                    percentiles(&mut tally.first_hint),
                    100.0 * tally.first_known as f64 / tally.cpu.len().max(1) as f64,
                    percentiles(&mut tally.line_hints),
                );
            }
        }
    }
    if solvers.iter().any(|&(_, s)| s == Strategy::Current) {
        extras_table(&mut out, &extra);
    }
    if !per_file.is_empty() {
        let _ = writeln!(out, "\n| file | solver | answer | cpu |");
        let _ = writeln!(out, "|---|---|---|---|");
        out.push_str(&per_file);
    }
    emit_text(&out)
}

/// The maps `--maps` and `--from` name (real-style) and the stack files given, for [`run`]
/// and `bench_stack_anytime::run`.
pub(crate) fn read_maps(a: &Parsed) -> CliResult<(Vec<Map>, Vec<Map>)> {
    let maps: u64 = a.number("maps")?.unwrap_or(1_000);
    let from: u64 = a.number("from")?.unwrap_or(0);
    let mut generated = Vec::new();
    for seed in from..from.saturating_add(maps) {
        let m = real_style(seed)?;
        generated.push(Map {
            name: format!("seed {seed}"),
            layout: m.layout,
            tray: m.tray,
            given: false,
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
            given: true,
        });
    }
    Ok((generated, files))
}

/// The table of the current solver's extras (move-outs and hints), its rows `extra`.
fn extras_table(out: &mut String, extra: &str) {
    let _ = writeln!(
        out,
        "\nNot won without props, won with at most 1 / 2 move-outs (same CPU budget each); \
         hints (stack::hint, no props, STACK_HINT_BUDGET nodes): the first at the start, then \
         every 10th position along the winning line; cpu p50 / p99 / worst in ms\n"
    );
    let _ = writeln!(
        out,
        "| maps | won with 1 move-out | with 2 | first hint | first hint knows a win | hints along the line |"
    );
    let _ = writeln!(out, "|{}", "---|".repeat(6));
    out.push_str(extra);
}

/// Solves `map` from its start with `strategy` under a CPU `budget`; a winnable line is
/// replayed and must win. The answer, the CPU and the nodes of all the searches.
pub(crate) fn solve_one(
    map: &Map,
    strategy: Strategy,
    budget: Duration,
) -> CliResult<(StackVerdict, Duration, u64)> {
    let on_board = vec![true; map.layout.len()];
    let pos = Position {
        layout: &map.layout,
        on_board: &on_board,
        held: &[],
        tray: &[],
        capacity: map.tray,
    };
    let c = thread_cpu();
    let (verdict, stats) = timed(budget, |stop| {
        solve_with_strategy(&pos, Budget::nodes(u64::MAX), stop, strategy)
    });
    let cpu = thread_cpu().saturating_sub(c);
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
    Ok((verdict, cpu, stats.total_nodes()))
}

/// The current solver's extras on `map`: move-out plans when no prop-free line was
/// found, and hint timings.
fn extras(map: &Map, verdict: &StackVerdict, budget: Duration, tally: &mut Tally) {
    let mut on_board = vec![true; map.layout.len()];
    let pos = |on_board: &[bool], tray: &[u16], f: &mut dyn FnMut(&Position)| {
        f(&Position {
            layout: &map.layout,
            on_board,
            held: &[],
            tray,
            capacity: map.tray,
        })
    };
    if !matches!(verdict, StackVerdict::Winnable(_)) {
        for (i, n) in [1u8, 2].into_iter().enumerate() {
            let won = timed(budget, |stop| {
                let mut won = false;
                pos(&on_board, &[], &mut |p| {
                    won = matches!(
                        plan_with_move_outs(p, &[], n, u64::MAX, stop),
                        PropLine::Winnable(_)
                    );
                });
                won
            });
            if won {
                tally.move_outs[i] += 1;
                if i == 0 {
                    tally.move_outs[1] += 1;
                }
                break;
            }
        }
    }
    let c = thread_cpu();
    let mut known = false;
    pos(&on_board, &[], &mut |p| {
        std::hint::black_box(hint(p, 0, 0, STACK_HINT_BUDGET));
    });
    tally.first_hint.push(thread_cpu().saturating_sub(c));
    pos(&on_board, &[], &mut |p| {
        known = matches!(solve(p, STACK_HINT_BUDGET), StackVerdict::Winnable(_));
    });
    tally.first_known += usize::from(known);
    let StackVerdict::Winnable(line) = verdict else {
        return;
    };
    let Ok(mut board) = StackBoard::new(map.layout.clone(), map.tray) else {
        return;
    };
    for (i, &id) in line.iter().enumerate() {
        if i % 10 == 5 {
            on_board = board.on_board();
            let tray = board.tray_kinds();
            let c = thread_cpu();
            pos(&on_board, &tray, &mut |p| {
                std::hint::black_box(hint(p, 0, 0, STACK_HINT_BUDGET));
            });
            tally.line_hints.push(thread_cpu().saturating_sub(c));
        }
        if board.take(id).is_err() {
            return;
        }
    }
}

/// Runs `f` with an interrupt that fires after `budget` of this thread's CPU.
fn timed<T>(budget: Duration, f: impl FnOnce(&mut dyn FnMut() -> bool) -> T) -> T {
    let (t, c) = (Instant::now(), thread_cpu());
    let mut stop = || match thread_cpu() {
        Duration::ZERO => t.elapsed() >= budget,
        now => now.saturating_sub(c) >= budget,
    };
    f(&mut stop)
}

/// `p50 / p99 / worst` of `d` in ms.
fn percentiles(d: &mut [Duration]) -> String {
    d.sort_unstable();
    let n = d.len().max(1);
    let at = |q: usize| d.get((n * q / 100).min(n - 1)).copied().unwrap_or_default();
    format!(
        "{:.2} / {:.2} / {:.2}",
        ms(at(50)),
        ms(at(99)),
        ms(d.last().copied().unwrap_or_default())
    )
}

pub(crate) fn ms(d: Duration) -> f64 {
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
