//! `llk bench`: the headline measurements in well under a minute, as a table. Plain
//! timing with `std::time::Instant`: each figure is the median over many samples of a
//! sample's time divided by the operations it ran.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use llk_engine::classic::deal::deal;
use llk_engine::classic::{solve_with_interrupt, Budget, Verdict};

use crate::args::{self, Spec};
use crate::fail::CliResult;
use crate::io::emit_text;
use crate::workload::{self, DENSITIES, SOLVER_BOARDS};

const BENCH: Spec = Spec {
    command: "bench",
    positional: &[],
    switches: &[],
    options: &[],
};

/// Samples per figure, and the least time one sample should take.
const SAMPLES: usize = 101;
const SAMPLE_TIME: Duration = Duration::from_millis(1);

/// Wall-clock caps on each solve and on the whole solver pass, so that pathological
/// boards cannot hold the bench up: a capped solve counts as unknown, and when the pass
/// runs out the figures cover the boards done so far (the table says so).
const SOLVE_CAP: Duration = Duration::from_secs(15);
const SOLVER_PASS_CAP: Duration = Duration::from_secs(40);

/// Boards of `llk sweep --preset 18x8` (the same generator as the solver set) that took
/// over 2 s before the fail-first branch choice.
const SLOW_SEEDS: [u64; 4] = [248, 144, 3614, 4919];

/// Solvable deals timed one by one (seeds `0..DEALS`).
const DEALS: u64 = 200;

/// `llk bench`
pub fn run(argv: &[String]) -> CliResult<()> {
    args::parse(&BENCH, argv)?;
    let started = Instant::now();
    let mut rows: Vec<(String, String, String)> = Vec::new();

    for density in DENSITIES {
        let set = workload::path_set(density);
        let ns = per_op_p50(set.queries.len(), || {
            for &(i, a, b) in &set.queries {
                black_box(set.boards[i].find_path(black_box(a), black_box(b)));
            }
        });
        rows.push((
            format!("path query, 18x8 at {density}%"),
            format_ns(ns),
            format!(
                "target < 200 ns; {} same-kind queries, {} connect",
                set.queries.len(),
                set.connectable()
            ),
        ));
    }

    let full: Vec<_> = (0..16).map(workload::random_board).collect();
    let pairs_found: usize = full.iter().map(|b| b.pairs().len()).sum();
    let ns = per_op_p50(full.len(), || {
        for b in &full {
            black_box(black_box(b).pairs());
        }
    });
    rows.push((
        "all pairs, full 18x8".into(),
        format_ns(ns),
        format!(
            "target < 20 us; {} boards, {:.1} pairs each",
            full.len(),
            pairs_found as f64 / full.len() as f64
        ),
    ));

    solver_rows(&mut rows);

    let mut deal_times = Vec::with_capacity(DEALS as usize);
    for seed in 0..DEALS {
        let t = Instant::now();
        let dealt = deal(&workload::options(seed, true));
        deal_times.push(t.elapsed().as_nanos() as f64);
        black_box(dealt)?;
    }
    let deal_worst = deal_times.iter().copied().fold(0.0, f64::max);
    rows.push((
        "solvable deal, 18x8".into(),
        format_ns(median(&mut deal_times)),
        format!(
            "target < 2 ms; median of seeds 0..{DEALS}, worst {}",
            format_ns(deal_worst)
        ),
    ));

    emit_text(&table(&rows, started.elapsed()))
}

/// The solver over the 1,000-board set: median, worst, mean, verdicts.
fn solver_rows(rows: &mut Vec<(String, String, String)>) {
    let pass = Instant::now();
    let mut times = Vec::with_capacity(SOLVER_BOARDS as usize);
    let (mut solvable, mut unknown) = (0u64, 0u64);
    let mut worst = (Duration::ZERO, 0u64);
    for seed in 0..SOLVER_BOARDS {
        if pass.elapsed() >= SOLVER_PASS_CAP {
            break;
        }
        let board = workload::random_board(seed);
        let t = Instant::now();
        let mut capped = || t.elapsed() >= SOLVE_CAP || pass.elapsed() >= SOLVER_PASS_CAP;
        let verdict = solve_with_interrupt(black_box(&board), Budget::DEFAULT, &mut capped);
        let dt = t.elapsed();
        match verdict {
            Verdict::Solvable(_) => solvable += 1,
            Verdict::Unsolvable => {}
            Verdict::Unknown => unknown += 1,
        }
        if dt > worst.0 {
            worst = (dt, seed);
        }
        times.push(dt.as_nanos() as f64);
    }
    let done = times.len() as u64;
    let set = if done == SOLVER_BOARDS {
        format!("seeds 0..{SOLVER_BOARDS}")
    } else {
        format!(
            "ONLY seeds 0..{done}: the pass hit its {} s cap",
            SOLVER_PASS_CAP.as_secs()
        )
    };
    let total: f64 = times.iter().sum();
    rows.push((
        "solve, random 18x8 (median)".into(),
        format_ns(median(&mut times)),
        format!("target < 1 ms; {set}, 36 kinds x 4, ring on"),
    ));
    // `median` sorted the times.
    let p99 = times
        .get(((times.len().max(1) - 1) as f64 * 0.99).round() as usize)
        .copied()
        .unwrap_or(0.0);
    rows.push((
        "solve, random 18x8 (p99)".into(),
        format_ns(p99),
        "target < 20 ms".into(),
    ));
    rows.push((
        "solve, random 18x8 (worst)".into(),
        format_ns(worst.0.as_nanos() as f64),
        format!("target < 200 ms (was < 1 s); seed {}", worst.1),
    ));
    rows.push((
        "solve, random 18x8 (mean)".into(),
        format_ns(total / done.max(1) as f64),
        format!("{done} boards in {}", format_ns(total)),
    ));
    let (mut slow, mut slow_unknown) = ((Duration::ZERO, 0u64), 0);
    for seed in SLOW_SEEDS {
        let board = workload::random_board(seed);
        let t = Instant::now();
        let mut capped = || t.elapsed() >= SOLVE_CAP;
        let verdict = solve_with_interrupt(black_box(&board), Budget::DEFAULT, &mut capped);
        if verdict == Verdict::Unknown {
            slow_unknown += 1;
        }
        slow = slow.max((t.elapsed(), seed));
    }
    rows.push((
        "solve, slow sweep 18x8 boards (worst)".into(),
        format_ns(slow.0.as_nanos() as f64),
        format!(
            "target < 200 ms; seeds {SLOW_SEEDS:?}, worst seed {}, {slow_unknown} unknown",
            slow.1
        ),
    ));
    rows.push((
        "solvable fraction".into(),
        format!("{:.1}%", 100.0 * solvable as f64 / done.max(1) as f64),
        format!(
            "{solvable} solvable, {} unsolvable, {unknown} unknown (target 0; \
             Budget::DEFAULT, each solve capped at {} s)",
            done - solvable - unknown,
            SOLVE_CAP.as_secs()
        ),
    ));
}

/// The rows as an aligned table with a header and a footer.
fn table(rows: &[(String, String, String)], took: Duration) -> String {
    let w0 = rows.iter().map(|r| r.0.len()).max().unwrap_or(0).max(11);
    let w1 = rows.iter().map(|r| r.1.len()).max().unwrap_or(0).max(6);
    let mut out = String::new();
    let build = if cfg!(debug_assertions) {
        "debug assertions on: prefer `cargo run --release -p lianliankan-engine --bin llk -- bench`"
    } else {
        "release build"
    };
    let _ = writeln!(out, "llk bench ({build})");
    let _ = writeln!(out, "{:<w0$}  {:>w1$}  notes", "measurement", "result");
    let _ = writeln!(out, "{}", "-".repeat(w0 + w1 + 40));
    for (name, value, notes) in rows {
        let _ = writeln!(out, "{name:<w0$}  {value:>w1$}  {notes}");
    }
    let _ = writeln!(out, "(took {:.1} s)", took.as_secs_f64());
    out
}

/// The median over `SAMPLES` samples of one operation's time, in ns: `batch` runs `ops`
/// operations and is repeated enough times per sample to take at least `SAMPLE_TIME`.
fn per_op_p50(ops: usize, mut batch: impl FnMut()) -> f64 {
    let mut reps: u32 = 1;
    loop {
        let t = Instant::now();
        for _ in 0..reps {
            batch();
        }
        if t.elapsed() >= SAMPLE_TIME || reps >= 1 << 20 {
            break;
        }
        reps *= 2;
    }
    let mut samples: Vec<f64> = (0..SAMPLES)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..reps {
                batch();
            }
            t.elapsed().as_nanos() as f64 / (f64::from(reps) * ops.max(1) as f64)
        })
        .collect();
    median(&mut samples)
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Nanoseconds in the most readable unit.
fn format_ns(ns: f64) -> String {
    if ns < 1e3 {
        format!("{ns:.0} ns")
    } else if ns < 1e6 {
        format!("{:.2} us", ns / 1e3)
    } else if ns < 1e9 {
        format!("{:.2} ms", ns / 1e6)
    } else {
        format!("{:.2} s", ns / 1e9)
    }
}
