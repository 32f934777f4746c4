//! "A million commands": the command-layer fuzzer (see `fuzz/`). `make test` runs 10^4
//! commands; `make fuzz` runs 10^6 (`LLK_FUZZ_COMMANDS`); seeds that once failed are
//! replayed as regression tests.

mod common;
mod fuzz;

use lianliankan_lib::commands::COMMANDS;

/// Seeds (and their lengths) that once broke an invariant: each replays in `make test`.
const REGRESSIONS: &[(u64, u64)] = &[];

/// Commands per seed: long enough to reach won, lost and stuck games and deep undo.
const STEPS_PER_SEED: u64 = 2_000;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
        .unwrap_or(default)
}

#[test]
fn random_command_sequences_keep_every_invariant() {
    let commands = env("LLK_FUZZ_COMMANDS", 10_000);
    let threads = env("LLK_FUZZ_THREADS", 1);
    let first = env("LLK_FUZZ_FIRST_SEED", 1);
    let seeds = commands.div_ceil(STEPS_PER_SEED);
    let t0 = std::time::Instant::now();
    let stats = fuzz::campaign(first, seeds, STEPS_PER_SEED, threads);
    eprintln!(
        "fuzz_commands: {} commands ({} refused, {} undos compared, {} restarts) over seeds \
         {first}..{} on {threads} thread(s) in {:.1} s",
        stats.commands,
        stats.refused,
        stats.undos_checked,
        stats.restarts,
        first + seeds,
        t0.elapsed().as_secs_f64()
    );
    assert_eq!(stats.commands, seeds * STEPS_PER_SEED);
    assert!(stats.undos_checked > 0 && stats.refused > 0);
}

#[test]
fn seeds_that_once_failed_pass() {
    for &(seed, steps) in REGRESSIONS {
        fuzz::run(seed, steps);
    }
}

/// Replays one seed (`LLK_FUZZ_SEED`, `LLK_FUZZ_STEPS`): the command a failure prints.
#[test]
fn replay() {
    if let Ok(seed) = std::env::var("LLK_FUZZ_SEED") {
        let seed = seed.parse().expect("LLK_FUZZ_SEED is a number");
        fuzz::run(seed, env("LLK_FUZZ_STEPS", STEPS_PER_SEED));
    }
}

/// Every registered command has a fuzz table entry (a new command plugs in with one).
#[test]
fn every_command_is_fuzzed() {
    for name in COMMANDS {
        assert!(
            fuzz::table::entry(name).is_some(),
            "command `{name}` has no entry in tests/fuzz/table.rs"
        );
    }
}
