//! `llk sweep`: the solver (or the hint) over many random boards of one preset, with
//! per-board time and nodes, percentiles and the slowest seeds. Boards are `deal` with
//! `solvable: false` (a seeded random permutation of the preset's tiles, ring on unless
//! `--no-border`), the boards nobody constructed for the solver.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use llk_engine::classic::deal::{deal, Deal, DealOptions};
use llk_engine::classic::game::HINT_BUDGET;
use llk_engine::classic::hint::{hint, hint_with_plan_traced, HintSource, Plan};
use llk_engine::classic::layout::{preset, Preset, PRESETS};
use llk_engine::classic::solver::solve_with_stats;
use llk_engine::classic::{Board, Budget, Pos, Verdict};
use llk_engine::rng::Rng;

use crate::args::{self, Spec};
use crate::fail::{CliError, CliResult};
use crate::io::emit_text;

const SWEEP: Spec = Spec {
    command: "sweep",
    positional: &[],
    switches: &["no-border", "per-board", "hints", "plan-only"],
    options: &["preset", "boards", "from", "cap-ms", "slowest", "every"],
};

/// One board's figures.
struct Row {
    seed: u64,
    verdict: &'static str,
    nodes: u64,
    time: Duration,
    /// Time on the CPU (this thread's, from /proc), less disturbed by other load.
    cpu: Duration,
}

/// `llk sweep --preset NAME [--boards N] [--from SEED] [--cap-ms MS] [--slowest K]
/// [--no-border] [--per-board] [--hints [--plan-only] [--every N]]`
pub fn run(argv: &[String]) -> CliResult<()> {
    let parsed = args::parse(&SWEEP, argv)?;
    let name = parsed.option("preset").unwrap_or("18x8");
    let Some(layout) = preset(name) else {
        let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
        return Err(CliError::usage(format!(
            "sweep: unknown preset '{}' (one of {})",
            args::printable(name),
            names.join(", ")
        )));
    };
    let boards: u64 = parsed.number("boards")?.unwrap_or(1000);
    let from: u64 = parsed.number("from")?.unwrap_or(0);
    let cap = Duration::from_millis(parsed.number("cap-ms")?.unwrap_or(10_000));
    let slowest: usize = parsed.number("slowest")?.unwrap_or(5);
    let ring = !parsed.switch("no-border");
    let seeds = from..from.saturating_add(boards);
    if parsed.switch("hints") {
        let every: usize = parsed.number("every")?.unwrap_or(1).max(1);
        return hints(
            layout,
            ring,
            seeds,
            slowest,
            parsed.switch("plan-only"),
            every,
        );
    }
    let started = Instant::now();
    let mut out = String::new();
    if parsed.switch("per-board") {
        out.push_str("seed,verdict,nodes,us,cpu_us\n");
    }
    let mut rows = Vec::with_capacity(boards as usize);
    for seed in seeds {
        let board = random_board(layout, seed, ring, false)?;
        let c = crate::cpu::thread_cpu();
        let t = Instant::now();
        let mut capped = || t.elapsed() >= cap;
        let (verdict, stats) = solve_with_stats(black_box(&board), Budget::DEFAULT, &mut capped);
        let time = t.elapsed();
        let cpu = crate::cpu::thread_cpu().saturating_sub(c);
        let verdict = match verdict {
            Verdict::Solvable(_) => "solvable",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Unknown => "unknown",
        };
        if parsed.switch("per-board") {
            let _ = writeln!(
                out,
                "{seed},{verdict},{},{},{}",
                stats.nodes,
                time.as_micros(),
                cpu.as_micros()
            );
        }
        rows.push(Row {
            seed,
            verdict,
            nodes: stats.nodes,
            time,
            cpu,
        });
    }
    let count = |v: &str| rows.iter().filter(|r| r.verdict == v).count();
    let mut times: Vec<Duration> = rows.iter().map(|r| r.time).collect();
    let mut cpus: Vec<Duration> = rows.iter().map(|r| r.cpu).collect();
    let mut nodes: Vec<u64> = rows.iter().map(|r| r.nodes).collect();
    cpus.sort_unstable();
    times.sort_unstable();
    nodes.sort_unstable();
    let _ = writeln!(
        out,
        "sweep {} ({}x{} cells, {} kinds, ring {}): {} boards, seeds {}..{}, cap {} ms per solve",
        layout.name,
        layout.rows,
        layout.cols,
        layout.kinds,
        if ring { "on" } else { "off" },
        rows.len(),
        from,
        from + rows.len() as u64,
        cap.as_millis()
    );
    let _ = writeln!(
        out,
        "verdicts: {} solvable, {} unsolvable, {} unknown",
        count("solvable"),
        count("unsolvable"),
        count("unknown")
    );
    let _ = writeln!(
        out,
        "time:  p50 {}  p90 {}  p99 {}  worst {}  total {}",
        ms(pct(&times, 0.5)),
        ms(pct(&times, 0.9)),
        ms(pct(&times, 0.99)),
        ms(times.last().copied().unwrap_or_default()),
        ms(times.iter().sum())
    );
    let _ = writeln!(
        out,
        "cpu:   p50 {}  p90 {}  p99 {}  worst {}  (this thread's CPU time; 0 where the clock is unavailable)",
        ms(pct(&cpus, 0.5)),
        ms(pct(&cpus, 0.9)),
        ms(pct(&cpus, 0.99)),
        ms(cpus.last().copied().unwrap_or_default()),
    );
    let _ = writeln!(
        out,
        "nodes: p50 {}  p90 {}  p99 {}  max {}",
        pct(&nodes, 0.5),
        pct(&nodes, 0.9),
        pct(&nodes, 0.99),
        nodes.last().copied().unwrap_or(0)
    );
    rows.sort_by_key(|r| std::cmp::Reverse(r.time));
    let slow: Vec<String> = rows
        .iter()
        .take(slowest)
        .map(|r| {
            format!(
                "{} ({}, {} nodes, {})",
                r.seed,
                r.verdict,
                r.nodes,
                ms(r.time)
            )
        })
        .collect();
    let _ = writeln!(out, "slowest: {}", slow.join(", "));
    let _ = writeln!(out, "(took {:.1} s)", started.elapsed().as_secs_f64());
    emit_text(&out)
}

/// Hints along games: on each seed's solvable deal a player plays a random connectable
/// pair every turn (seeded), asking for a hint before every `every`-th move (and when
/// stuck or done); every hint is timed
/// twice, re-solving the board (`hint`, the game's budget) and keeping a plan across the
/// game (`hint_with_plan`); with `plan_only`, only the latter (the re-solve column is
/// then empty, and the kept plan's hint is checked against the board being stuck).
fn hints(
    layout: Preset,
    ring: bool,
    seeds: std::ops::Range<u64>,
    slowest: usize,
    plan_only: bool,
    every: usize,
) -> CliResult<()> {
    let started = Instant::now();
    let (from, to) = (seeds.start, seeds.end);
    let mut plain: Vec<(Duration, u64, usize)> = Vec::new();
    let mut kept: Vec<(Duration, u64, usize)> = Vec::new();
    let mut kept_cpu: Vec<Duration> = Vec::new();
    // Per source of the kept plan's hint: count and CPU times.
    let mut by_source: Vec<(HintSource, Vec<Duration>)> = [
        HintSource::Carried,
        HintSource::Repaired,
        HintSource::SolvedLocally,
        HintSource::Solved,
        HintSource::Unsolvable,
        HintSource::Undecided,
        HintSource::Cleared,
    ]
    .into_iter()
    .map(|s| (s, Vec::new()))
    .collect();
    for seed in seeds {
        let dealt = dealt(layout, seed, ring, true)?;
        let mut board = dealt.board.clone();
        let mut rng = Rng::new(seed, 7);
        // As a game does: the deal's solution is the first plan.
        let mut plan = dealt
            .solution
            .map(|moves| Plan::with_certificate(&board, moves))
            .unwrap_or_default();
        let mut turn = 0;
        loop {
            let pairs = board.linkable_pairs();
            if turn % every == 0 || pairs.is_empty() {
                let a_none = if plan_only {
                    board.is_stuck() || board.is_cleared()
                } else {
                    let t = Instant::now();
                    let a = hint(black_box(&board), HINT_BUDGET);
                    plain.push((t.elapsed(), seed, turn));
                    a.is_none()
                };
                let (c, t) = (crate::cpu::thread_cpu(), Instant::now());
                let (b, source) = hint_with_plan_traced(black_box(&board), HINT_BUDGET, &mut plan);
                kept.push((t.elapsed(), seed, turn));
                let cpu = crate::cpu::thread_cpu().saturating_sub(c);
                kept_cpu.push(cpu);
                if let Some((_, v)) = by_source.iter_mut().find(|(s, _)| *s == source) {
                    v.push(cpu);
                }
                if a_none != b.is_none() {
                    return Err(CliError::usage(format!(
                        "sweep: seed {seed} turn {turn}: the two hints disagree on whether a pair exists"
                    )));
                }
            }
            if pairs.is_empty() {
                break;
            }
            let (x, y) = pairs[rng.below(pairs.len())];
            remove(&mut board, x, y)?;
            turn += 1;
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "hint sweep {} ({}x{} cells, {} kinds, ring {}): solvable deals, seeds {from}..{to}, \
         a random connectable pair played each turn, a hint asked before each",
        layout.name,
        layout.rows,
        layout.cols,
        layout.kinds,
        if ring { "on" } else { "off" },
    );
    for (label, samples) in [("re-solve", &mut plain), ("kept plan", &mut kept)] {
        samples.sort_unstable_by_key(|s| s.0);
        let times: Vec<Duration> = samples.iter().map(|s| s.0).collect();
        let slow: Vec<String> = samples
            .iter()
            .rev()
            .take(slowest)
            .map(|s| format!("seed {} turn {} ({})", s.1, s.2, ms(s.0)))
            .collect();
        let _ = writeln!(
            out,
            "{label:>9}: {} hints, p50 {}  p99 {}  worst {}; slowest: {}",
            times.len(),
            ms(pct(&times, 0.5)),
            ms(pct(&times, 0.99)),
            ms(times.last().copied().unwrap_or_default()),
            slow.join(", ")
        );
    }
    kept_cpu.sort_unstable();
    let _ = writeln!(
        out,
        "kept plan cpu: p50 {}  p99 {}  worst {}  (this thread's CPU time)",
        ms(pct(&kept_cpu, 0.5)),
        ms(pct(&kept_cpu, 0.99)),
        ms(kept_cpu.last().copied().unwrap_or_default()),
    );
    for (source, cpus) in &mut by_source {
        cpus.sort_unstable();
        let _ = writeln!(
            out,
            "  {:>13}: {} hints, cpu p50 {}  p99 {}  worst {}  total {}",
            format!("{source:?}").to_lowercase(),
            cpus.len(),
            ms(pct(cpus, 0.5)),
            ms(pct(cpus, 0.99)),
            ms(cpus.last().copied().unwrap_or_default()),
            ms(cpus.iter().sum()),
        );
    }
    let _ = writeln!(out, "(took {:.1} s)", started.elapsed().as_secs_f64());
    emit_text(&out)
}

fn random_board(layout: Preset, seed: u64, ring: bool, solvable: bool) -> CliResult<Board> {
    Ok(dealt(layout, seed, ring, solvable)?.board)
}

fn dealt(layout: Preset, seed: u64, ring: bool, solvable: bool) -> CliResult<Deal> {
    let opts = DealOptions {
        rows: layout.rows,
        cols: layout.cols,
        kinds: layout.kinds,
        seed,
        solvable,
        ring,
    };
    Ok(deal(&opts)?)
}

fn remove(board: &mut Board, a: Pos, b: Pos) -> CliResult<()> {
    board.set(a, None)?;
    board.set(b, None)?;
    Ok(())
}

/// The nearest-rank `q` quantile of sorted values.
fn pct<T: Copy + Default>(sorted: &[T], q: f64) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}
