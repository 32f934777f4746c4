//! The stack-mode distribution figures as a table (one run, plain timings): per level
//! 1–10, the solver on constructed deals from the start (p50 / p99 / worst, every one
//! must be proven winnable), a hint mid-game (half the certificate taken), and, as
//! information, the share of the seed document's random fills that are winnable,
//! unwinnable, or unknown within 1 s.
//!
//! `cargo bench -p lianliankan-engine --bench stack_table` (STACK_DEALS, default 1000
//! deals per level; STACK_FILLS, default 50 random fills per level).

use std::time::{Duration, Instant};

use llk_engine::classic::Budget;
use llk_engine::stack::solver::solve_with_interrupt;
use llk_engine::stack::{deal, hint, solve, Position, StackBoard, StackOptions, StackVerdict};

// The stack deals and start positions the other benches use.
#[allow(dead_code)]
#[path = "support/workload.rs"]
mod workload;

use workload::{stack_options, stack_start};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn pct(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let deals = env("STACK_DEALS", 1000);
    let fills = env("STACK_FILLS", 50);
    println!("| level | tiles | deals | proven winnable | solve p50 | solve p99 | worst (seed) | hint p99 (mid-game) | fills winnable / unwinnable / unknown 1 s |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut all_hints = Vec::new();
    for level in 1..=10u32 {
        let (mut times, mut hints) = (Vec::new(), Vec::new());
        let (mut proven, mut worst, mut tiles) = (0, (Duration::ZERO, 0), 0);
        for seed in 0..deals {
            let options = stack_options(level, seed);
            let dealt = deal(&options).expect("levels deal");
            tiles = dealt.layout.len();
            let on = vec![true; tiles];
            let start = stack_start(&dealt.layout, &on, options.tray);
            let t0 = Instant::now();
            let verdict = solve(&start, Budget::DEFAULT);
            let took = t0.elapsed();
            times.push(took);
            if took > worst.0 {
                worst = (took, seed);
            }
            if matches!(verdict, StackVerdict::Winnable(_)) {
                proven += 1;
            }
            if seed % 10 == 0 {
                hints.push(mid_game_hint(
                    &dealt.layout,
                    &dealt.certificate,
                    options.tray,
                ));
            }
        }
        times.sort();
        hints.sort();
        let shares = fill_shares(level, fills);
        println!(
            "| {level} | {tiles} | {deals} | {proven} | {:.3?} | {:.3?} | {:.3?} ({}) | {:.3?} | {shares} |",
            pct(&times, 0.5),
            pct(&times, 0.99),
            worst.0,
            worst.1,
            pct(&hints, 0.99)
        );
        all_hints.extend(hints);
    }
    all_hints.sort();
    println!(
        "\nhint mid-game over all levels: p50 {:.3?}, p99 {:.3?}, worst {:.3?} ({} hints)",
        pct(&all_hints, 0.5),
        pct(&all_hints, 0.99),
        pct(&all_hints, 1.0),
        all_hints.len()
    );
}

/// Times a hint (one move-out and one shuffle left) after half the certificate.
fn mid_game_hint(
    layout: &llk_engine::stack::Layout,
    line: &[llk_engine::stack::TileId],
    tray: u8,
) -> Duration {
    let mut board = StackBoard::new(layout.clone(), tray).expect("tray size");
    for &id in &line[..line.len() / 2] {
        board.take(id).expect("the certificate plays");
    }
    let on_board = board.on_board();
    let kinds = board.tray_kinds();
    let pos = Position {
        layout: board.layout(),
        on_board: &on_board,
        held: board.held(),
        tray: &kinds,
        capacity: tray,
    };
    let t0 = Instant::now();
    let h = hint(&pos, 1, 1, Budget::DEFAULT);
    let took = t0.elapsed();
    assert!(
        h.id.is_some() && !h.lost,
        "a certificate position is winnable"
    );
    took
}

/// Random fills of `level`: winnable / unwinnable / unknown within 1 s, as percentages.
fn fill_shares(level: u32, fills: u64) -> String {
    let (mut win, mut lose, mut unknown) = (0, 0, 0);
    for seed in 0..fills {
        let options = StackOptions {
            random_fill: true,
            ..stack_options(level, seed)
        };
        let dealt = deal(&options).expect("levels deal");
        let on = vec![true; dealt.layout.len()];
        let pos = stack_start(&dealt.layout, &on, options.tray);
        let t0 = Instant::now();
        let mut out_of_time = || t0.elapsed() > Duration::from_secs(1);
        match solve_with_interrupt(&pos, Budget::nodes(u64::MAX), &mut out_of_time) {
            StackVerdict::Winnable(_) => win += 1,
            StackVerdict::Unwinnable => lose += 1,
            StackVerdict::Unknown => unknown += 1,
        }
    }
    let share = |n: u64| 100.0 * n as f64 / fills.max(1) as f64;
    format!(
        "{:.0} % / {:.0} % / {:.0} % (of {fills})",
        share(win),
        share(lose),
        share(unknown)
    )
}
