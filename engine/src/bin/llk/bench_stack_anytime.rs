//! `llk bench-stack --anytime MS,MS,...`: the current stack solver on the same maps under
//! each CPU budget in turn (say 1 s, 10 s and 60 s), as a table: per budget the answers,
//! the CPU to decide (median and worst over the maps it decides), and how many maps answer
//! otherwise, or after other nodes, than under the smallest budget that decided them (0
//! when the solver is anytime: its schedule is a fixed sequence of nodes, a budget only
//! says where it stops); then each given file's and seed 244's answer and nodes per
//! budget. Every winnable answer is replayed and must win (as in the rest of the bench).

use std::fmt::Write as _;
use std::time::Duration;

use llk_engine::stack::solver::Strategy;
use llk_engine::stack::StackVerdict;

use crate::args::{self, Spec};
use crate::bench_stack::{ms, read_maps, solve_one, Map};
use crate::fail::{CliError, CliResult};
use crate::io::emit_text;

const BENCH: Spec = Spec {
    command: "bench-stack --anytime",
    positional: &[],
    switches: &[],
    options: &["maps", "from", "anytime"],
};

/// The known hard real-style map: a win found after seconds (`engine/BENCHMARKS.md`).
const HARD_SEED: &str = "seed 244";

/// One map's answer under one budget: the answer's word, the nodes spent, the CPU.
#[derive(Clone)]
struct Run {
    word: &'static str,
    nodes: u64,
    cpu: Duration,
}

/// `llk bench-stack [--maps N] [--from SEED] --anytime MS,MS,... [FILE...]`: the maps as
/// for `llk bench-stack` (real-style ones, then the files), the table under each budget.
pub fn run(argv: &[String]) -> CliResult<()> {
    let a = args::parse_with_rest(&BENCH, argv)?;
    let budgets = anytime_budgets(a.option("anytime").unwrap_or_default())?;
    let (mut maps, files) = read_maps(&a)?;
    maps.extend(files);
    emit_text(&table(&maps, &budgets)?)
}

/// The CPU budgets of `--anytime MS,MS,...`, in milliseconds, ascending.
fn anytime_budgets(list: &str) -> CliResult<Vec<Duration>> {
    let mut budgets = Vec::new();
    for item in list.split(',') {
        let ms: u64 = item.trim().parse().map_err(|_| {
            CliError::usage(format!(
                "bench-stack: --anytime: not a number of milliseconds: '{}'",
                args::printable(item)
            ))
        })?;
        budgets.push(Duration::from_millis(ms));
    }
    if !budgets.is_sorted() {
        return Err(CliError::usage(
            "bench-stack: --anytime: the budgets must be in ascending order",
        ));
    }
    Ok(budgets)
}

/// The table for `maps` (real-style ones first, then the given files) under `budgets`.
fn table(maps: &[Map], budgets: &[Duration]) -> CliResult<String> {
    // runs[b][m]: map m under budget b
    let mut runs: Vec<Vec<Run>> = Vec::new();
    for &budget in budgets {
        let mut row = Vec::new();
        for map in maps {
            let (verdict, cpu, nodes) = solve_one(map, Strategy::Current, budget)?;
            let word = match verdict {
                StackVerdict::Winnable(_) => "winnable",
                StackVerdict::Unwinnable => "unwinnable",
                StackVerdict::Unknown => "unknown",
            };
            row.push(Run { word, nodes, cpu });
        }
        runs.push(row);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "stack solver (current) on {} maps under each budget of this thread's CPU; cpu in ms\n",
        maps.len()
    );
    let _ = writeln!(
        out,
        "| budget | winnable / unwinnable / unknown | cpu to decide p50 | cpu to decide worst (map) | other answer or nodes than the first budget that decided |"
    );
    let _ = writeln!(out, "|{}", "---|".repeat(5));
    for (b, budget) in budgets.iter().enumerate() {
        let row = &runs[b];
        let count = |w: &str| row.iter().filter(|r| r.word == w).count();
        let mut decided: Vec<(Duration, &str)> = row
            .iter()
            .zip(maps)
            .filter(|(r, _)| r.word != "unknown")
            .map(|(r, m)| (r.cpu, m.name.as_str()))
            .collect();
        decided.sort_unstable();
        let p50 = decided.get(decided.len() / 2).map_or(0.0, |d| ms(d.0));
        let (worst, worst_map) = decided.last().map_or((0.0, "-"), |d| (ms(d.0), d.1));
        // against the smallest budget before this one that decided the map
        let differ = (0..maps.len())
            .filter(|&m| {
                let first = (0..b).find(|&e| runs[e][m].word != "unknown");
                first.is_some_and(|e| {
                    runs[e][m].word != row[m].word || runs[e][m].nodes != row[m].nodes
                })
            })
            .count();
        let _ = writeln!(
            out,
            "| {} ms | {} / {} / {} | {p50:.1} | {worst:.1} ({worst_map}) | {differ} |",
            budget.as_millis(),
            count("winnable"),
            count("unwinnable"),
            count("unknown"),
        );
    }
    let _ = writeln!(out, "\n| map | budget | answer | nodes | cpu |");
    let _ = writeln!(out, "|---|---|---|---|---|");
    for (m, map) in maps.iter().enumerate() {
        if !(map.given || map.name == HARD_SEED) {
            continue;
        }
        for (b, budget) in budgets.iter().enumerate() {
            let r = &runs[b][m];
            let _ = writeln!(
                out,
                "| {} | {} ms | {} | {} | {:.1} |",
                map.name,
                budget.as_millis(),
                r.word,
                r.nodes,
                ms(r.cpu)
            );
        }
    }
    Ok(out)
}
