//! The summary printed after a criterion run: per-operation medians read back from
//! criterion's `estimates.json` files (only those written by this run), the ratios
//! against the baselines and the targets, as Markdown tables for `BENCHMARKS.md`.

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

/// What the benchmarks set up, needed to turn criterion's per-iteration times into
/// per-operation figures.
pub struct Report {
    started: SystemTime,
    path_sets: Vec<(u32, usize, usize)>,
    scaling: Vec<(usize, u32)>,
    pairs: (usize, usize),
    solver: Option<SolverSubset>,
}

pub struct SolverSubset {
    boards: usize,
    solvable: usize,
    unknown: usize,
    median: (Duration, u64),
    worst: (Duration, u64),
}

impl Default for Report {
    fn default() -> Report {
        Report {
            started: SystemTime::now(),
            path_sets: Vec::new(),
            scaling: Vec::new(),
            pairs: (1, 0),
            solver: None,
        }
    }
}

impl Report {
    pub fn path_set(&mut self, density: u32, queries: usize, connectable: usize) {
        self.path_sets.push((density, queries, connectable));
    }

    pub fn scaling(&mut self, side: usize, path_length: u32) {
        self.scaling.push((side, path_length));
    }

    pub fn pairs(&mut self, boards: usize, pairs_found: usize) {
        self.pairs = (boards, pairs_found);
    }

    pub fn solver_subset(
        &mut self,
        boards: usize,
        solvable: usize,
        unknown: usize,
        median: (Duration, u64, bool),
        worst: (Duration, u64, bool),
    ) {
        self.solver = Some(SolverSubset {
            boards,
            solvable,
            unknown,
            median: (median.0, median.1),
            worst: (worst.0, worst.1),
        });
    }

    /// Criterion's median time per iteration (ns) of `id`, if this run measured it.
    fn median_ns(&self, id: &str) -> Option<f64> {
        let file = criterion_home().join(id).join("new").join("estimates.json");
        let modified = std::fs::metadata(&file).and_then(|m| m.modified()).ok()?;
        if modified < self.started {
            return None;
        }
        let text = std::fs::read_to_string(&file).ok()?;
        let v: serde_json::Value = serde_json::from_str(&text).ok()?;
        v["median"]["point_estimate"].as_f64()
    }

    pub fn print(&self) {
        println!("\n## Summary (criterion medians, per operation)\n");
        println!("### Path query, 18x8\n");
        println!("| density | queries (connect) | engine `find_path` | engine `can_link` | scan | reference BFS | scan / engine | BFS / engine |");
        println!("|---|---|---|---|---|---|---|---|");
        for &(density, n, connect) in &self.path_sets {
            let per = |f: &str| {
                self.median_ns(&format!("path_18x8/{f}/{density}pct"))
                    .map(|t| t / n as f64)
            };
            let (engine, link, scan, bfs) = (
                per("engine"),
                per("engine_can_link"),
                per("scan"),
                per("reference_bfs"),
            );
            println!(
                "| {density}% | {n} ({connect}) | {} | {} | {} | {} | {} | {} |",
                ns(engine),
                ns(link),
                ns(scan),
                ns(bfs),
                ratio(scan, engine),
                ratio(bfs, engine)
            );
        }
        println!("\n### Path query scaling (detour around a wall, square boards)\n");
        println!("| side n | path length | engine | engine / (2n) | scan | scan / (2n) |");
        println!("|---|---|---|---|---|---|");
        for &(n, len) in &self.scaling {
            let engine = self.median_ns(&format!("path_scaling/engine/{n}"));
            let scan = self.median_ns(&format!("path_scaling/scan/{n}"));
            println!(
                "| {n} | {len} | {} | {} | {} | {} |",
                ns(engine),
                ns(engine.map(|t| t / (2 * n) as f64)),
                ns(scan),
                ns(scan.map(|t| t / (2 * n) as f64)),
            );
        }
        let (boards, found) = self.pairs;
        let pairs = self.median_ns("pairs_18x8/full").map(|t| t / boards as f64);
        println!("\n### Other figures\n");
        println!("| measurement | median | target |");
        println!("|---|---|---|");
        println!(
            "| all pairs, full 18x8 ({boards} boards, {:.1} pairs each) | {} | < 20 us |",
            found as f64 / boards as f64,
            ns(pairs)
        );
        if let Some(s) = &self.solver {
            let id = format!("solver_18x8/subset_median_board/{}", s.median.1);
            let worst_id = format!("solver_18x8/subset_worst_board/{}", s.worst.1);
            println!(
                "| solve, median board of the subset (seed {}) | {} | < 1 ms |",
                s.median.1,
                ns(self.median_ns(&id))
            );
            println!(
                "| solve, slowest board of the subset (seed {}) | {} (one run: {}) | < 1 s |",
                s.worst.1,
                ns(self.median_ns(&worst_id)),
                ns(Some(s.worst.0.as_nanos() as f64))
            );
            println!(
                "| solver subset: {} boards (every 10th seed) | {} solvable ({:.1}%), {} unknown | 0 unknown |",
                s.boards,
                s.solvable,
                100.0 * s.solvable as f64 / s.boards as f64,
                s.unknown
            );
        }
        println!(
            "| solvable deal, 18x8 | {} | < 2 ms |",
            ns(self.median_ns("deal_18x8/solvable"))
        );
    }
}

/// Where criterion writes its results (the same rule as criterion's own, with the
/// workspace's `target/` as the fallback).
fn criterion_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(target).join("criterion");
    }
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../target/criterion"))
}

fn ns(t: Option<f64>) -> String {
    match t {
        None => "-".into(),
        Some(t) if t < 1e3 => format!("{t:.1} ns"),
        Some(t) if t < 1e6 => format!("{:.2} us", t / 1e3),
        Some(t) if t < 1e9 => format!("{:.2} ms", t / 1e6),
        Some(t) => format!("{:.2} s", t / 1e9),
    }
}

fn ratio(slow: Option<f64>, fast: Option<f64>) -> String {
    match (slow, fast) {
        (Some(s), Some(f)) if f > 0.0 => format!("{:.1}x", s / f),
        _ => "-".into(),
    }
}
