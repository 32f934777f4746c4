//! The dead-end warning and "Show me" under every slide rule: the game's solvability
//! verdicts agree with a plain exhaustive search along random play, a `yes` position
//! stays `yes` after a computer move, undoing to the last solvable position lands on a
//! solvable board, the computer wins every solvable deal, and verdicts are never read
//! from a save.

mod common;

use common::exhaustive::solvable_under as solvable;
use llk_engine::classic::game::{Game, GameOptions, Outcome, Solvability, Status, JUDGE_BUDGET};
use llk_engine::classic::slide::SlideRule;
use llk_engine::EngineError;
use proptest::prelude::*;

fn opts(rule: SlideRule, rows: u16, cols: u16, kinds: u16, seed: u64) -> GameOptions {
    GameOptions {
        rows,
        cols,
        kinds,
        seed,
        slide: rule,
        ..GameOptions::default()
    }
}

/// Plays the `pick`-th linkable pair (modulo their number) by two taps; false when stuck.
fn play_some_pair(g: &mut Game, pick: usize, t: u64) -> bool {
    let pairs = g.board().linkable_pairs();
    if pairs.is_empty() {
        return false;
    }
    let (a, b) = pairs[pick % pairs.len()];
    g.select(a, t).unwrap();
    assert!(matches!(g.select(b, t).unwrap(), Outcome::Matched { .. }));
    true
}

/// The reference verdict of the game's current board.
fn reference(g: &Game) -> Solvability {
    if solvable(g.board(), g.options().slide) {
        Solvability::Yes
    } else {
        Solvability::No
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Along random play on small boards (often into dead ends), every verdict the game
    /// knows (cheaply or by judging) is the exhaustive search's; from a `yes` position a
    /// computer move plays what two taps would and leaves a `yes` position.
    #[test]
    fn verdicts_are_exact_and_a_computer_move_keeps_yes(
        rule in 0usize..9,
        seed in any::<u64>(),
        picks in prop::collection::vec(any::<usize>(), 8),
        ring in any::<bool>(),
    ) {
        let rule = SlideRule::ALL[rule];
        let mut g = Game::new(GameOptions { ring, ..opts(rule, 4, 4, 4, seed) }).unwrap();
        prop_assert_eq!(g.solvable(), Solvability::Yes, "a solvable deal is known solvable");
        for (i, &pick) in picks.iter().enumerate() {
            let known = g.solvable();
            if known != Solvability::Unknown {
                prop_assert_eq!(known, reference(&g), "cheap verdict at move {}", i);
            }
            prop_assert_eq!(g.judge(JUDGE_BUDGET), reference(&g), "judged at move {}", i);
            if g.solvable() == Solvability::Yes && g.status() != Status::Won {
                let mut taps = g.clone();
                let step = g.solve_step(1_000, JUDGE_BUDGET).unwrap();
                let Outcome::Matched { removed: [a, b], .. } = step.clone() else {
                    panic!("solve_step did not match: {step:?}");
                };
                taps.select(a, 1_000).unwrap();
                prop_assert_eq!(taps.select(b, 1_000).unwrap(), step);
                prop_assert_eq!(taps.board(), g.board());
                prop_assert!(g.is_assisted());
                prop_assert_eq!(g.solvable(), Solvability::Yes, "followed the certificate");
                prop_assert_eq!(reference(&g), Solvability::Yes);
            }
            if g.status() == Status::Won || !play_some_pair(&mut g, pick, 2_000 + i as u64) {
                break;
            }
        }
    }

    /// Judging only now and then (the positions between stay undecided, as when the
    /// player is quicker than the judgement): every verdict is still the exhaustive
    /// search's, and a `yes` comes with a certificate the computer can play.
    #[test]
    fn verdicts_are_exact_when_judged_now_and_then(
        rule in 0usize..9,
        seed in any::<u64>(),
        picks in prop::collection::vec(any::<usize>(), 10),
        every in 1usize..4,
    ) {
        let rule = SlideRule::ALL[rule];
        let mut g = Game::new(opts(rule, 4, 5, 5, seed)).unwrap();
        for (i, &pick) in picks.iter().enumerate() {
            if i % every == 0 {
                prop_assert_eq!(g.judge(JUDGE_BUDGET), reference(&g), "judged at move {}", i);
                if g.solvable() == Solvability::Yes && g.status() != Status::Won {
                    let mut next = g.clone();
                    next.solve_step(0, JUDGE_BUDGET).unwrap();
                    prop_assert_eq!(reference(&next), Solvability::Yes);
                }
            }
            if g.status() == Status::Won || !play_some_pair(&mut g, pick, i as u64) {
                break;
            }
        }
        prop_assert_eq!(g.judge(JUDGE_BUDGET), reference(&g));
    }

    /// After random play that judged every position, undoing to the last solvable
    /// position lands on a board the exhaustive search can clear, counted as undos.
    #[test]
    fn undo_to_last_solvable_lands_on_a_solvable_board(
        rule in 0usize..9,
        seed in any::<u64>(),
        picks in prop::collection::vec(any::<usize>(), 8),
    ) {
        let rule = SlideRule::ALL[rule];
        let mut g = Game::new(opts(rule, 4, 5, 5, seed)).unwrap();
        for (i, &pick) in picks.iter().enumerate() {
            g.judge(JUDGE_BUDGET);
            if !play_some_pair(&mut g, pick, i as u64 * 100) {
                break;
            }
        }
        g.judge(JUDGE_BUDGET);
        let moves = g.counters().moves;
        let undos = g.counters().undos;
        let steps = g.undo_to_last_solvable().unwrap();
        prop_assert_eq!(g.counters().undos, undos + steps as u32);
        prop_assert_eq!(g.counters().moves, moves - steps as u32);
        prop_assert_eq!(g.solvable(), Solvability::Yes);
        prop_assert_eq!(reference(&g), Solvability::Yes);
        prop_assert_eq!(g.undos_to_last_solvable(), Some(0));
    }

    /// From a solvable deal, and from any solvable position reached by random play, the
    /// computer plays the game to a win, one match per step.
    #[test]
    fn solve_step_from_a_solvable_position_wins(
        rule in 0usize..9,
        seed in any::<u64>(),
        random_moves in 0usize..6,
        picks in prop::collection::vec(any::<usize>(), 6),
    ) {
        let rule = SlideRule::ALL[rule];
        let mut g = Game::new(opts(rule, 6, 8, 8, seed)).unwrap();
        for &pick in &picks[..random_moves] {
            if !play_some_pair(&mut g, pick, 0) {
                break;
            }
        }
        if g.judge(JUDGE_BUDGET) != Solvability::Yes {
            prop_assert_eq!(g.solve_step(0, JUDGE_BUDGET), Err(EngineError::NotSolvable));
            return Ok(());
        }
        let pairs = g.board().tiles_left() / 2;
        for step in 0..pairs {
            let outcome = g.solve_step(step as u64 * 600, JUDGE_BUDGET).unwrap();
            let Outcome::Matched { status, .. } = outcome else {
                panic!("step {step}: {outcome:?}");
            };
            prop_assert_eq!(status == Status::Won, step + 1 == pairs);
            prop_assert_eq!(g.solvable(), Solvability::Yes);
        }
        prop_assert_eq!(g.status(), Status::Won);
        prop_assert!(g.is_assisted());
        prop_assert_eq!(g.solve_step(0, JUDGE_BUDGET), Err(EngineError::GameOver));
    }
}

/// A judgement is stored only at the position it judged; a second store, or one after
/// the game moved on, is refused.
#[test]
fn a_judgement_is_stored_only_at_its_position() {
    for rule in SlideRule::ALL {
        let mut g = Game::new(opts(rule, 6, 8, 8, 7)).unwrap();
        assert!(g.judge_task().is_none(), "{rule}: a solvable deal is known");
        let pair = g.board().linkable_pairs()[0];
        g.select(pair.0, 0).unwrap();
        g.select(pair.1, 0).unwrap();
        let Some(task) = g.judge_task() else {
            // The move followed the deal's certificate: still known.
            assert_eq!(g.solvable(), Solvability::Yes);
            continue;
        };
        let judged = task.run(JUDGE_BUDGET, &mut || false);
        let mut moved_on = g.clone();
        let next = moved_on.board().linkable_pairs()[0];
        moved_on.select(next.0, 0).unwrap();
        if moved_on.select(next.1, 0).is_ok() && moved_on.solvable() == Solvability::Unknown {
            assert!(
                !moved_on.store_judgement(judged.clone()),
                "{rule}: moved on"
            );
        }
        assert!(g.store_judgement(judged.clone()), "{rule}");
        assert_eq!(g.solvable(), judged.verdict());
        assert!(!g.store_judgement(judged), "{rule}: already known");
    }
}

/// Verdicts are not read from a save: the current position's certificate is, only when
/// it clears the board, and the deal is known when dealing its options again gives it;
/// "assisted" is saved.
#[test]
fn a_save_keeps_only_a_certificate_that_replays_and_assisted() {
    for rule in SlideRule::ALL {
        let mut g = Game::new(opts(rule, 6, 8, 8, 3)).unwrap();
        g.solve_step(0, JUDGE_BUDGET).unwrap();
        assert_eq!(g.solvable(), Solvability::Yes);
        let json = g.to_json().unwrap();
        let loaded = Game::from_json(&json).unwrap();
        assert!(loaded.is_assisted());
        assert_eq!(
            loaded.solvable(),
            Solvability::Yes,
            "{rule}: certificate replays"
        );
        assert_eq!(loaded.undos_to_last_solvable(), Some(0));
        // A tampered certificate (its moves reversed) proves nothing.
        let mut doc: serde_json::Value = serde_json::from_str(&json).unwrap();
        let moves = doc["certificate"]
            .as_array_mut()
            .expect("a certificate is saved");
        moves.reverse();
        let mut tampered = Game::from_json(&doc.to_string()).unwrap();
        assert_eq!(tampered.solvable(), Solvability::Unknown, "{rule}");
        // The deal is dealt again from the options and matches: known solvable.
        assert_eq!(tampered.undo_to_last_solvable(), Ok(1), "{rule}");
        assert_eq!(tampered.solvable(), Solvability::Yes);
        // With a seed that does not give this deal, nothing is known.
        doc["game"]["options"]["seed"] = serde_json::json!("12345");
        let mut foreign = Game::from_json(&doc.to_string()).unwrap();
        assert_eq!(foreign.solvable(), Solvability::Unknown, "{rule}");
        assert_eq!(
            foreign.undo_to_last_solvable(),
            Err(EngineError::NoSolvablePosition),
            "{rule}: no earlier verdict is read from the file"
        );
        assert_eq!(foreign.counters().undos, 0);
        assert!(!Game::new(opts(rule, 6, 8, 8, 3)).unwrap().is_assisted());
    }
}

/// A random (not solvable) deal starts unknown, and a stuck position is known dead.
#[test]
fn random_deals_start_unknown_and_stuck_is_no() {
    let mut g = Game::new(GameOptions {
        solvable: false,
        ..opts(SlideRule::None, 4, 4, 4, 11)
    })
    .unwrap();
    if g.status() == Status::Playing {
        assert_eq!(g.solvable(), Solvability::Unknown);
    }
    let mut i = 0;
    while play_some_pair(&mut g, i, 0) {
        i += 1;
    }
    match g.status() {
        Status::Won => assert_eq!(g.solvable(), Solvability::Yes),
        Status::Stuck => assert_eq!(g.solvable(), Solvability::No),
        Status::Playing => unreachable!("played until no pair"),
    }
}
