//! `llk deal`: a new board from the engine's seeded dealer.

use std::time::{SystemTime, UNIX_EPOCH};

use llk_engine::classic::deal::{deal, DealOptions};

use crate::args::{self, Spec};
use crate::fail::CliResult;
use crate::io::emit;

const DEAL: Spec = Spec {
    command: "deal",
    positional: &[],
    switches: &["solvable", "no-border"],
    options: &["rows", "cols", "kinds", "seed"],
};

/// `llk deal --rows R --cols C --kinds K [--seed S] [--solvable] [--no-border]`
pub fn run(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&DEAL, argv)?;
    let options = DealOptions {
        rows: a.required_number(&DEAL, "rows")?,
        cols: a.required_number(&DEAL, "cols")?,
        kinds: a.required_number(&DEAL, "kinds")?,
        seed: a.number("seed")?.unwrap_or_else(clock_seed),
        solvable: a.switch("solvable"),
        ring: !a.switch("no-border"),
    };
    let dealt = deal(&options)?;
    emit(&dealt.board.to_rows())
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
