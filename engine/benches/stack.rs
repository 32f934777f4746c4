//! Criterion benchmarks of stack mode: a level-2 deal (≥ 200 tiles), the solver proving
//! a level-2 deal winnable from the start, and a hint mid-game (half the certificate
//! taken). The per-level distributions (1,000 deals per level, random fills) are printed
//! by the `stack_table` bench instead (see `engine/BENCHMARKS.md`).
//!
//! `cargo bench -p lianliankan-engine --bench stack`.

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use llk_engine::classic::Budget;
use llk_engine::stack::{deal, hint, solve, Position, StackBoard, StackVerdict};

// The stack deals the WebAssembly comparison times too.
#[allow(dead_code)]
#[path = "support/workload.rs"]
mod workload;

use workload::{stack_options, stack_start, STACK_LEVEL};

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let mut seed = 0u64;
    c.bench_function("stack_deal_level2", |b| {
        b.iter(|| {
            seed += 1;
            black_box(deal(&stack_options(STACK_LEVEL, seed)).expect("level 2 deals"))
        })
    });
    let dealt = deal(&stack_options(STACK_LEVEL, 1)).expect("level 2 deals");
    let on = vec![true; dealt.layout.len()];
    let start = stack_start(&dealt.layout, &on, 7);
    assert!(matches!(
        solve(&start, Budget::DEFAULT),
        StackVerdict::Winnable(_)
    ));
    c.bench_function("stack_solve_level2_start", |b| {
        b.iter(|| black_box(solve(black_box(&start), Budget::DEFAULT)))
    });
    let mut board = StackBoard::new(dealt.layout.clone(), 7).expect("tray 7");
    for &id in &dealt.certificate[..dealt.certificate.len() / 2] {
        board.take(id).expect("the certificate plays");
    }
    let on_board = board.on_board();
    let tray = board.tray_kinds();
    let mid = Position {
        layout: board.layout(),
        on_board: &on_board,
        held: board.held(),
        tray: &tray,
        capacity: 7,
    };
    c.bench_function("stack_hint_level2_midgame", |b| {
        b.iter(|| black_box(hint(black_box(&mid), 1, 1, Budget::DEFAULT)))
    });
    c.final_summary();
}
