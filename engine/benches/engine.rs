//! Criterion benchmarks of the engine, each side by side with its baselines in one run:
//! path queries on 18×8 boards (engine vs the reference BFS vs the classic full scan),
//! path queries on square boards up to 256×256, all pairs of a full 18×8 board, the
//! solver on random 18×8 boards, and solvable deals. After the run a summary prints
//! per-operation medians and the ratios (see `engine/BENCHMARKS.md`).
//!
//! `cargo bench -p lianliankan-engine` (or `--bench engine -- <filter>`).

// The reference search of the tests, used here as "the reference BFS" baseline.
#[allow(dead_code)]
#[path = "../tests/common/reference.rs"]
mod reference;
// The workloads `llk bench` measures too.
#[path = "baselines/scan.rs"]
mod scan;
#[path = "support/summary.rs"]
mod summary;
#[allow(dead_code)]
#[path = "support/workload.rs"]
mod workload;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion};
use llk_engine::classic::deal::deal;
use llk_engine::classic::{solve, Board, Budget, Pos, Verdict};

use scan::ScanBoard;
use workload::{PathSet, DENSITIES};

/// Square board sides of the scaling benchmark.
const SIDES: [usize; 6] = [10, 16, 32, 64, 128, 256];

/// The solver subset: every `SUBSET_STEP`-th board of the 1,000-board set.
const SUBSET_STEP: u64 = 10;

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    let mut report = summary::Report::default();
    path_18x8(&mut c, &mut report);
    path_scaling(&mut c, &mut report);
    pairs_18x8(&mut c, &mut report);
    solver_18x8(&mut c, &mut report);
    deal_18x8(&mut c, &mut report);
    c.final_summary();
    report.print();
}

/// Checks, before timing anything, that both baselines agree with the engine on every
/// query: the scan on whether a path exists, the reference on its (turns, length).
fn verify(board: &Board, scan: &ScanBoard, a: Pos, b: Pos) {
    let fast = board.find_path(a, b);
    assert_eq!(
        scan.check_link(a, b),
        fast.is_some(),
        "scan disagrees on {a:?} {b:?}"
    );
    assert_eq!(
        reference::best_cost(board, a, b),
        fast.map(|p| (p.turns(), p.length())),
        "reference disagrees on {a:?} {b:?}"
    );
}

fn path_18x8(c: &mut Criterion, report: &mut summary::Report) {
    let mut group = c.benchmark_group("path_18x8");
    for density in DENSITIES {
        let set: PathSet = workload::path_set(density);
        let scans: Vec<ScanBoard> = set.boards.iter().map(ScanBoard::new).collect();
        for &(i, a, b) in &set.queries {
            verify(&set.boards[i], &scans[i], a, b);
        }
        let n = set.queries.len();
        let param = format!("{density}pct");
        report.path_set(density, n, set.connectable());
        group.sample_size(100);
        group.bench_function(BenchmarkId::new("engine", &param), |bench| {
            bench.iter(|| {
                for &(i, a, b) in &set.queries {
                    black_box(set.boards[i].find_path(black_box(a), black_box(b)));
                }
            })
        });
        group.bench_function(BenchmarkId::new("engine_can_link", &param), |bench| {
            bench.iter(|| {
                for &(i, a, b) in &set.queries {
                    black_box(set.boards[i].can_link(black_box(a), black_box(b)));
                }
            })
        });
        group.bench_function(BenchmarkId::new("scan", &param), |bench| {
            bench.iter(|| {
                for &(i, a, b) in &set.queries {
                    black_box(scans[i].check_link(black_box(a), black_box(b)));
                }
            })
        });
        group.sample_size(10);
        group.bench_function(BenchmarkId::new("reference_bfs", &param), |bench| {
            bench.iter(|| {
                for &(i, a, b) in &set.queries {
                    black_box(reference::best_cost(
                        &set.boards[i],
                        black_box(a),
                        black_box(b),
                    ));
                }
            })
        });
    }
    group.finish();
}

fn path_scaling(c: &mut Criterion, report: &mut summary::Report) {
    let mut group = c.benchmark_group("path_scaling");
    for n in SIDES {
        let (board, a, b) = workload::detour_case(n);
        let scan = ScanBoard::new(&board);
        let path = board.find_path(a, b).expect("the detour case links");
        assert_eq!(path.turns(), 2);
        assert!(scan.check_link(a, b));
        if n <= 32 {
            verify(&board, &scan, a, b);
        }
        report.scaling(n, path.length());
        group.bench_function(BenchmarkId::new("engine", n), |bench| {
            bench.iter(|| black_box(board.find_path(black_box(a), black_box(b))))
        });
        group.bench_function(BenchmarkId::new("scan", n), |bench| {
            bench.iter(|| black_box(scan.check_link(black_box(a), black_box(b))))
        });
    }
    group.finish();
}

fn pairs_18x8(c: &mut Criterion, report: &mut summary::Report) {
    let boards: Vec<Board> = (0..16).map(workload::random_board).collect();
    let found: usize = boards.iter().map(|b| b.pairs().len()).sum();
    report.pairs(boards.len(), found);
    let mut group = c.benchmark_group("pairs_18x8");
    group.bench_function("full", |bench| {
        bench.iter(|| {
            for board in &boards {
                black_box(black_box(board).pairs());
            }
        })
    });
    group.finish();
}

fn solver_18x8(c: &mut Criterion, report: &mut summary::Report) {
    // One timed pass over the subset to find its median and slowest boards.
    let mut runs: Vec<(Duration, u64, bool)> = Vec::new();
    let mut unknown = 0;
    for seed in (0..workload::SOLVER_BOARDS).step_by(SUBSET_STEP as usize) {
        let board = workload::random_board(seed);
        let t = Instant::now();
        let verdict = solve(&board, Budget::DEFAULT);
        let dt = t.elapsed();
        unknown += usize::from(verdict == Verdict::Unknown);
        runs.push((dt, seed, matches!(verdict, Verdict::Solvable(_))));
    }
    runs.sort();
    let median = runs[runs.len() / 2];
    let worst = runs[runs.len() - 1];
    let solvable = runs.iter().filter(|r| r.2).count();
    report.solver_subset(runs.len(), solvable, unknown, median, worst);

    let mut group = c.benchmark_group("solver_18x8");
    group.sample_size(20);
    let board = workload::random_board(median.1);
    group.bench_function(BenchmarkId::new("subset_median_board", median.1), |bench| {
        bench.iter(|| black_box(solve(black_box(&board), Budget::DEFAULT)))
    });
    // The slowest board of the subset, when timing it repeatedly is affordable.
    if worst.0 < Duration::from_millis(100) {
        let board = workload::random_board(worst.1);
        group.bench_function(BenchmarkId::new("subset_worst_board", worst.1), |bench| {
            bench.iter(|| black_box(solve(black_box(&board), Budget::DEFAULT)))
        });
    }
    group.finish();
}

fn deal_18x8(c: &mut Criterion, _report: &mut summary::Report) {
    let mut group = c.benchmark_group("deal_18x8");
    let mut seed = 0u64;
    group.bench_function("solvable", |bench| {
        bench.iter(|| {
            seed = (seed + 1) % 200;
            black_box(deal(&workload::options(black_box(seed), true)).expect("valid deal"))
        })
    });
    group.finish();
}
