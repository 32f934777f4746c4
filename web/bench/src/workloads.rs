//! The workloads the native and WebAssembly engines are compared on, and how each is timed.
//! `run(id, samples, clock, out)` runs workload `id`, writes one time per sample to `out`
//! (nanoseconds per operation) and returns the checksum of everything it computed.
//!
//! Two kinds of workload:
//! * batches (path queries, all pairs): the operation takes nanoseconds, so a sample is a
//!   batch of many (every query of the set `PATH_PASSES` times; all 16 boards) and its time
//!   is divided by the operations it ran;
//! * one operation per sample (deals, solves): sample `i` is seed `i`, so the distribution
//!   over samples is the distribution over boards (the median and p99 over the 1,000-board
//!   solver set, as `llk bench` reports them).
//!
//! Setup (dealing the boards a solver pass solves, thinning the path-query boards) is not
//! timed; folding results into the checksum is, for the batches only, and costs a multiply
//! and a rotate per result.

use std::fmt;
use std::hint::black_box;

use llk_engine::classic::deal::deal;
use llk_engine::classic::{self, Board, Budget, Verdict};
use llk_engine::stack::{self, StackDeal, StackVerdict};

use crate::checksum::Checksum;

// The engine's bench workloads (shared with `llk bench` and the criterion benches).
#[allow(dead_code)]
#[path = "../../../engine/benches/support/workload.rs"]
mod workload;

/// Passes over a path-query set per sample (one sample is then about 100 us natively).
pub const PATH_PASSES: usize = 32;

/// Full random 18×8 boards of the all-pairs workload (seeds `0..PAIRS_BOARDS`).
pub const PAIRS_BOARDS: u64 = 16;

/// One workload as the comparison table names it.
#[derive(Clone, Copy, Debug)]
pub struct Workload {
    /// The table's row label.
    pub name: &'static str,
    /// What one operation is (the unit of the times).
    pub op: &'static str,
    /// Samples of one round by default (for the seeded ones: seeds `0..samples`).
    pub samples: u32,
}

/// Every workload, by id (the index).
pub const WORKLOADS: [Workload; 8] = [
    Workload {
        name: "path query, 18x8 at 100%",
        op: "find_path query",
        samples: 101,
    },
    Workload {
        name: "path query, 18x8 at 60%",
        op: "find_path query",
        samples: 101,
    },
    Workload {
        name: "path query, 18x8 at 20%",
        op: "find_path query",
        samples: 101,
    },
    Workload {
        name: "all pairs, full 18x8",
        op: "board's pairs()",
        samples: 101,
    },
    Workload {
        name: "solvable deal, 18x8",
        op: "deal (seeds 0..200)",
        samples: 200,
    },
    Workload {
        name: "solve, 1,000-board set",
        op: "solve (seeds 0..1000)",
        samples: workload::SOLVER_BOARDS as u32,
    },
    Workload {
        name: "stack deal, level 2",
        op: "deal (seeds 0..100)",
        samples: 100,
    },
    Workload {
        name: "stack solve, level 2 start",
        op: "solve (seeds 0..100)",
        samples: 100,
    },
];

/// A monotonic clock in nanoseconds (natively `Instant`, in WebAssembly the host's
/// `performance.now()`).
pub trait Clock {
    fn now_ns(&mut self) -> f64;
}

/// Why a run could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BenchError {
    /// No workload has this id.
    UnknownWorkload(u32),
    /// The engine refused a workload's fixed options (a bug in the workload).
    Engine(String),
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BenchError::UnknownWorkload(id) => write!(
                f,
                "no workload {id} (there are {}: 0..{})",
                WORKLOADS.len(),
                WORKLOADS.len() - 1
            ),
            BenchError::Engine(e) => write!(f, "the engine refused a workload: {e}"),
        }
    }
}

impl std::error::Error for BenchError {}

/// Runs workload `id` for `samples` samples, appending each sample's time per operation
/// (ns) to `out`; returns the checksum of the results.
pub fn run(
    id: u32,
    samples: usize,
    clock: &mut dyn Clock,
    out: &mut Vec<f64>,
) -> Result<u64, BenchError> {
    let mut sum = Checksum::default();
    match id {
        0..=2 => path_queries(
            workload::DENSITIES[id as usize],
            samples,
            clock,
            out,
            &mut sum,
        ),
        3 => all_pairs(samples, clock, out, &mut sum),
        4 => solvable_deals(samples, clock, out, &mut sum),
        5 => solver_set(samples, clock, out, &mut sum),
        6 => stack_deals(samples, clock, out, &mut sum)?,
        7 => stack_solves(samples, clock, out, &mut sum)?,
        _ => return Err(BenchError::UnknownWorkload(id)),
    }
    Ok(sum.value())
}

fn path_queries(
    density: u32,
    samples: usize,
    clock: &mut dyn Clock,
    out: &mut Vec<f64>,
    sum: &mut Checksum,
) {
    let set = workload::path_set(density);
    let ops = (PATH_PASSES * set.queries.len()).max(1) as f64;
    for _ in 0..samples {
        let t = clock.now_ns();
        for _ in 0..PATH_PASSES {
            for &(i, a, b) in &set.queries {
                let path = set.boards[i].find_path(black_box(a), black_box(b));
                sum.add(path.map_or(u64::MAX, |p| {
                    (u64::from(p.turns()) << 32) | u64::from(p.length())
                }));
            }
        }
        out.push((clock.now_ns() - t) / ops);
    }
}

fn all_pairs(samples: usize, clock: &mut dyn Clock, out: &mut Vec<f64>, sum: &mut Checksum) {
    let boards: Vec<Board> = (0..PAIRS_BOARDS).map(workload::random_board).collect();
    for _ in 0..samples {
        let t = clock.now_ns();
        for board in &boards {
            for pair in black_box(board).pairs() {
                sum.add_pos(pair.a.row, pair.a.col);
                sum.add_pos(pair.b.row, pair.b.col);
                sum.add(u64::from(pair.path.length()));
            }
        }
        out.push((clock.now_ns() - t) / boards.len() as f64);
    }
}

fn add_board(sum: &mut Checksum, board: &Board) {
    for (p, kind) in board.tiles() {
        sum.add_pos(p.row, p.col);
        sum.add(u64::from(kind));
    }
}

fn solvable_deals(samples: usize, clock: &mut dyn Clock, out: &mut Vec<f64>, sum: &mut Checksum) {
    for seed in 0..samples as u64 {
        let options = workload::options(black_box(seed), true);
        let t = clock.now_ns();
        let dealt = deal(&options);
        out.push(clock.now_ns() - t);
        match dealt {
            Ok(d) => add_board(sum, &d.board),
            Err(_) => sum.add(u64::MAX),
        }
    }
}

fn solver_set(samples: usize, clock: &mut dyn Clock, out: &mut Vec<f64>, sum: &mut Checksum) {
    let boards: Vec<Board> = (0..samples as u64).map(workload::random_board).collect();
    for board in &boards {
        let t = clock.now_ns();
        let verdict = classic::solve(black_box(board), Budget::DEFAULT);
        out.push(clock.now_ns() - t);
        match verdict {
            Verdict::Solvable(moves) => {
                sum.add(1);
                for (a, b) in moves {
                    sum.add_pos(a.row, a.col);
                    sum.add_pos(b.row, b.col);
                }
            }
            Verdict::Unsolvable => sum.add(2),
            Verdict::Unknown => sum.add(3),
        }
    }
}

fn stack_deal(seed: u64) -> Result<StackDeal, BenchError> {
    stack::deal(&workload::stack_options(workload::STACK_LEVEL, seed))
        .map_err(|e| BenchError::Engine(e.to_string()))
}

fn add_stack_deal(sum: &mut Checksum, dealt: &StackDeal) {
    for tile in dealt.layout.tiles() {
        sum.add(u64::from(tile.x as u32) << 32 | u64::from(tile.y as u32));
        sum.add(u64::from(tile.z as u32) << 32 | u64::from(tile.kind));
    }
    for &id in &dealt.certificate {
        sum.add(u64::from(id));
    }
}

fn stack_deals(
    samples: usize,
    clock: &mut dyn Clock,
    out: &mut Vec<f64>,
    sum: &mut Checksum,
) -> Result<(), BenchError> {
    for seed in 0..samples as u64 {
        let t = clock.now_ns();
        let dealt = stack_deal(black_box(seed));
        out.push(clock.now_ns() - t);
        add_stack_deal(sum, &dealt?);
    }
    Ok(())
}

fn stack_solves(
    samples: usize,
    clock: &mut dyn Clock,
    out: &mut Vec<f64>,
    sum: &mut Checksum,
) -> Result<(), BenchError> {
    let options = workload::stack_options(workload::STACK_LEVEL, 0);
    let deals = (0..samples as u64)
        .map(stack_deal)
        .collect::<Result<Vec<_>, _>>()?;
    for dealt in &deals {
        let on = vec![true; dealt.layout.len()];
        let start = workload::stack_start(&dealt.layout, &on, options.tray);
        let t = clock.now_ns();
        let verdict = stack::solve(black_box(&start), Budget::DEFAULT);
        out.push(clock.now_ns() - t);
        match verdict {
            StackVerdict::Winnable(order) => {
                sum.add(1);
                for id in order {
                    sum.add(u64::from(id));
                }
            }
            StackVerdict::Unwinnable => sum.add(2),
            StackVerdict::Unknown => sum.add(3),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A clock that advances 1 us per reading, so times are known.
    struct Ticks(f64);

    impl Clock for Ticks {
        fn now_ns(&mut self) -> f64 {
            self.0 += 1000.0;
            self.0
        }
    }

    fn run_small(id: u32, samples: usize) -> (u64, Vec<f64>) {
        let mut out = Vec::new();
        let sum = run(id, samples, &mut Ticks(0.0), &mut out).expect("the workload runs");
        (sum, out)
    }

    #[test]
    fn every_workload_gives_one_time_per_sample_and_repeats_its_checksum() {
        for id in 0..WORKLOADS.len() as u32 {
            let samples = if id == 5 { 20 } else { 3 };
            let (sum, out) = run_small(id, samples);
            assert_eq!(out.len(), samples, "workload {id}");
            assert!(out.iter().all(|&t| t > 0.0), "workload {id}: {out:?}");
            assert_eq!(
                run_small(id, samples).0,
                sum,
                "workload {id} is not deterministic"
            );
        }
    }

    #[test]
    fn checksums_tell_the_workloads_and_their_sizes_apart() {
        let sums: Vec<u64> = (0..WORKLOADS.len() as u32)
            .map(|id| run_small(id, 2).0)
            .collect();
        for (i, a) in sums.iter().enumerate() {
            for b in &sums[i + 1..] {
                assert_ne!(a, b, "{sums:?}");
            }
        }
        // Seeded workloads: one seed more is more work.
        for id in [4, 5, 6, 7] {
            assert_ne!(run_small(id, 2).0, run_small(id, 3).0, "workload {id}");
        }
    }

    #[test]
    fn batch_times_are_per_operation() {
        // Each sample reads the clock twice: 1 us per sample, over 16 boards.
        let (_, out) = run_small(3, 2);
        assert_eq!(out, vec![1000.0 / PAIRS_BOARDS as f64; 2]);
    }

    #[test]
    fn an_unknown_workload_is_refused() {
        let mut out = Vec::new();
        let err = run(WORKLOADS.len() as u32, 1, &mut Ticks(0.0), &mut out);
        assert_eq!(
            err,
            Err(BenchError::UnknownWorkload(WORKLOADS.len() as u32))
        );
        assert!(out.is_empty());
    }
}
