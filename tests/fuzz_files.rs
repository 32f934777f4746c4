//! Parser fuzzing of the shell's files (`game.json` of either mode, `settings.json`,
//! `scores.json`, `stats.json`): mutants of valid files and random bytes never panic, answer within a
//! time bound, and a file that loads is a game that keeps every invariant of the command
//! fuzzer's checks (so a save that is valid JSON but breaks the rules is refused, not
//! played). `LLK_FUZZ_INPUTS` sets the number per file (default 2,000).

mod common;
mod fuzz;
#[path = "../engine/tests/common/mutate.rs"]
mod mutate;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use llk_engine::classic::game::GameOptions;
use llk_engine::stack::StackOptions;
use llk_session::mode::{AnyGame, NewGameOptions};
use llk_session::scores::BestScores;
use llk_session::settings::Settings;
use llk_session::view::AnyView;
use mutate::{mutant, Rand};

const BOUND: Duration = Duration::from_secs(2);

/// The time bound for an input of `len` bytes: `BOUND`, plus 4 s per MB (parsing is
/// linear; mutants grow arrays to a few MB, and tests run unoptimised on a busy machine).
fn bound(len: usize) -> Duration {
    BOUND + Duration::from_secs_f64(4.0 * len as f64 / 1e6)
}

fn inputs(default: usize) -> usize {
    std::env::var("LLK_FUZZ_INPUTS")
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
        .unwrap_or(default)
}

/// Feeds mutants of `valid` to `parse` (`Ok` when accepted); returns how many were
/// accepted of how many tried.
fn fuzz(
    name: &str,
    seed: u64,
    valid: &[String],
    parse: impl Fn(&str) -> Result<(), String>,
) -> (usize, usize) {
    let mut r = Rand::new(seed);
    let (mut tried, mut accepted, mut slowest) = (0, 0, Duration::ZERO);
    for i in 0..inputs(2_000) {
        let Ok(text) = String::from_utf8(mutant(&mut r, &valid[i % valid.len()])) else {
            continue;
        };
        let t0 = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| parse(&text)));
        let took = t0.elapsed();
        let input = || text.chars().take(400).collect::<String>();
        match result {
            Err(_) => panic!("{name} #{i} panicked on {}", input()),
            Ok(Err(why)) => assert!(!why.is_empty(), "{name} #{i}: empty error"),
            Ok(Ok(())) => accepted += 1,
        }
        if took >= bound(text.len()) {
            let _ = std::fs::write(std::env::temp_dir().join("llk-fuzz-slow.json"), &text);
        }
        assert!(
            took < bound(text.len()),
            "{name} #{i} took {took:?} on {}",
            input()
        );
        slowest = slowest.max(took);
        tried += 1;
    }
    eprintln!("fuzz_files {name}: {tried} inputs, {accepted} accepted, slowest {slowest:?}");
    (tried, accepted)
}

fn saves() -> Vec<String> {
    let mut out = Vec::new();
    for seed in 1..4u64 {
        let classic = NewGameOptions::Classic(GameOptions {
            rows: 4 + seed as u16,
            cols: 6,
            kinds: 5,
            seed,
            ..GameOptions::default()
        });
        let mut game = AnyGame::new(classic).expect("deal");
        out.push(game.to_json().expect("save"));
        if let AnyGame::Classic(g) = &mut game {
            if let Some(h) = g.hint() {
                let _ = g.select(h.a, 100);
                let _ = g.select(h.b, 200);
            }
        }
        out.push(game.to_json().expect("save"));
        let stack = NewGameOptions::Stack(StackOptions {
            seed,
            ..StackOptions::default()
        });
        let mut game = AnyGame::new(stack).expect("deal");
        if let AnyGame::Stack(g) = &mut game {
            for t in 0..seed {
                if let Some(id) = g.hint().id {
                    let _ = g.take(id, t * 300);
                }
            }
        }
        out.push(game.to_json().expect("save"));
    }
    out
}

#[test]
fn saved_games_that_load_keep_every_invariant() {
    let (tried, accepted) = fuzz("game.json", 11, &saves(), |text| {
        let game = AnyGame::from_json(text)?;
        let view = serde_json::to_value(AnyView::of(&game, None)).map_err(|e| e.to_string())?;
        if let Err(why) = fuzz::check::game(&view) {
            panic!("a save that breaks the rules loaded: {why}\n{text}");
        }
        let again = AnyGame::from_json(&game.to_json()?)?;
        assert_eq!(again.to_json()?, game.to_json()?, "re-saves to itself");
        Ok(())
    });
    assert!(accepted > 0 && accepted < tried);
}

#[test]
fn settings_and_scores_never_panic() {
    let settings = [Settings::default().to_json()];
    fuzz("settings.json", 12, &settings, |t| {
        Settings::from_json(t).map(|_| ())
    });
    let mut scores = BestScores::new();
    scores.record("8x12/16".into(), 1234);
    scores.record("stack/L1".into(), 99);
    let scores = [scores.to_json()];
    let (tried, accepted) = fuzz("scores.json", 13, &scores, |t| {
        let s = BestScores::from_json(t)?;
        assert_eq!(
            BestScores::from_json(&s.to_json()),
            Ok(s),
            "re-saves to itself"
        );
        Ok(())
    });
    assert!(accepted > 0 && accepted < tried);
}

#[test]
fn statistics_never_panic() {
    use llk_session::stats::{Assist, Snapshot, Stats};
    let mut stats = Stats::new();
    for (i, assists) in [vec![], vec![Assist::Hint, Assist::Undo]]
        .into_iter()
        .enumerate()
    {
        let snapshot = Snapshot {
            group: "classic/8x18/36".into(),
            deal: format!("deal {i}"),
            journey: false,
            moved: true,
            won: true,
            ms: 60_000,
            score: 1234,
            assists,
        };
        stats.observe(&snapshot, 1_790_000_000);
    }
    let valid = [stats.to_json()];
    let (tried, accepted) = fuzz("stats.json", 14, &valid, |t| {
        let s = Stats::from_json(t)?;
        assert_eq!(Stats::from_json(&s.to_json()), Ok(s), "re-saves to itself");
        Ok(())
    });
    assert!(accepted > 0 && accepted < tried);
}
