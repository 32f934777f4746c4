//! Option and argument readers several subcommands share: the `--slide RULE` option, a
//! board cell from its row and column arguments, the clock seed used when `--seed`
//! is absent, and what `--budget-ms` means for a search. They sit below the subcommands, which each use them one way.

use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use llk_engine::classic::slide::SlideRule;
use llk_engine::classic::{Board, Budget, Pos};

use crate::args::{printable, Parsed};
use crate::fail::{CliError, CliResult};

/// The `--slide RULE` option's rule (`none` when absent).
pub fn slide_rule(a: &Parsed) -> CliResult<SlideRule> {
    match a.option("slide") {
        None => Ok(SlideRule::None),
        Some(name) => name.parse().map_err(|_| {
            let names: Vec<&str> = SlideRule::ALL.iter().map(|r| r.name()).collect();
            CliError::usage(format!(
                "--slide: unknown slide rule '{}' (one of: {})",
                printable(name),
                names.join(", ")
            ))
        }),
    }
}

/// A board cell from its row and column arguments; refuses non-numbers and cells off the board.
pub fn cell(board: &Board, row: &str, col: &str) -> CliResult<Pos> {
    let num = |s: &str| {
        s.parse::<i64>().map_err(|_| {
            CliError::usage(format!(
                "path: coordinates must be integers, got '{}'",
                printable(s)
            ))
        })
    };
    Ok(board.pos_at(num(row)?, num(col)?)?)
}

/// A seed from the system clock, for `llk deal` without `--seed` (not reproducible:
/// pass `--seed` to get the same board again).
pub fn clock_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // Fold the 128-bit nanosecond count and the process id into 64 bits.
    (nanos as u64) ^ ((nanos >> 64) as u64) ^ (u64::from(std::process::id()) << 32)
}

/// When the command started (set first thing in `main`).
static START: OnceLock<Instant> = OnceLock::new();

/// Records the command's start, from which `--budget-ms` counts.
pub fn mark_start() {
    let _ = START.set(Instant::now());
}

/// A search's limits from `--budget-ms` and `--nodes`: `--nodes N` bounds it by N nodes
/// (deterministic: the same answer and node count on every machine); `--budget-ms N` by N
/// milliseconds of wall time from the command's start (see [`mark_start`]), so that reading
/// and parsing a large input count too and the whole command answers within the budget
/// (plus the search's last poll and its way out), with no node limit unless `--nodes` is
/// given too; neither: `Budget::DEFAULT` nodes and an interrupt that never fires. The
/// solvers are anytime (their schedule is a fixed sequence of nodes), so a time budget only
/// says where that sequence stops: the answer's node count says how far it got.
pub fn search_limits(budget_ms: Option<u64>, nodes: Option<u64>) -> (Budget, impl FnMut() -> bool) {
    let start = START.get().copied().unwrap_or_else(Instant::now);
    let deadline = budget_ms.map(|ms| start + Duration::from_millis(ms));
    let budget = match (nodes, deadline) {
        (Some(n), _) => Budget::nodes(n),
        (None, None) => Budget::DEFAULT,
        (None, Some(_)) => Budget::nodes(u64::MAX),
    };
    (budget, move || {
        deadline.is_some_and(|d| Instant::now() >= d)
    })
}
