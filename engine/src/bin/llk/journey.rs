//! `llk journey`: a journey (the timed slide levels) dealt at a level, written in the
//! engine's journey save format, for tools and tests that start past level 1.

use llk_engine::classic::journey::Journey;

use crate::args::{self, Spec};
use crate::fail::CliResult;
use crate::io::emit_text;
use crate::options::clock_seed;

const JOURNEY: Spec = Spec {
    command: "journey",
    positional: &[],
    switches: &[],
    options: &["level", "seed", "carried"],
};

/// `llk journey --level N [--seed S] [--carried POINTS]`.
pub fn run(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&JOURNEY, argv)?;
    let level = a.required_number(&JOURNEY, "level")?;
    let seed = a.number("seed")?.unwrap_or_else(clock_seed);
    let carried = a.number("carried")?.unwrap_or(0);
    let journey = Journey::at(seed, level, carried)?;
    emit_text(&format!("{}\n", journey.to_json()?))
}
