//! The slide solver against a plain exhaustive search (2,000+ small boards per rule),
//! its certificates replayed with the plain slide, and hints that keep solvable boards
//! solvable, under every rule.

mod slide_common;

use llk_engine::classic::slide::{self, play, SlideRule};
use llk_engine::classic::{Budget, Verdict};
use llk_engine::rng::Rng;
use slide_common::{replay, small_board, solvable};

#[test]
fn solver_agrees_with_exhaustive_search() {
    for rule in SlideRule::ALL {
        let mut rng = Rng::new(2026, rule as u64);
        let (mut yes, mut no) = (0, 0);
        for case in 0..2_500 {
            let board = small_board(&mut rng, 4, 16, 8);
            let want = solvable(&board, rule);
            match slide::solve(&board, rule, Budget::DEFAULT) {
                Verdict::Solvable(moves) => {
                    assert!(want, "{rule} case {case}: solver says solvable\n{board:?}");
                    if let Err(e) = replay(&board, rule, &moves) {
                        panic!("{rule} case {case}: bad certificate: {e}");
                    }
                    yes += 1;
                }
                Verdict::Unsolvable => {
                    assert!(!want, "{rule} case {case}: solver says unsolvable");
                    no += 1;
                }
                Verdict::Unknown => panic!("{rule} case {case}: unknown on a small board"),
            }
        }
        // Both answers must be common for the comparison to mean something (about 7 %
        // of these boards are unsolvable).
        assert!(
            yes > 1_000 && no > 100,
            "{rule}: {yes} solvable, {no} unsolvable"
        );
    }
}

/// A budget too small gives unknown, never a wrong answer.
#[test]
fn tiny_budget_gives_unknown_or_a_right_answer() {
    let mut rng = Rng::new(3, 0);
    for case in 0..300 {
        let board = small_board(&mut rng, 5, 16, 3);
        let rule = SlideRule::ALL[1 + case % 8];
        match slide::solve(&board, rule, Budget::nodes(3)) {
            Verdict::Solvable(moves) => assert!(replay(&board, rule, &moves).is_ok()),
            Verdict::Unsolvable => assert!(!solvable(&board, rule), "case {case}"),
            Verdict::Unknown => {}
        }
    }
}

/// On solvable boards a hint is a legal pair, and playing it (match, then slide)
/// leaves a board that is still solvable, all the way to the end.
#[test]
fn hints_keep_solvable_boards_solvable() {
    for rule in SlideRule::ALL {
        let mut rng = Rng::new(77, rule as u64);
        let mut games = 0;
        while games < 250 {
            let mut board = small_board(&mut rng, 4, 12, 3);
            if !solvable(&board, rule) {
                continue;
            }
            games += 1;
            while !board.is_cleared() {
                let h = slide::hint(&board, rule, Budget::DEFAULT)
                    .expect("a solvable board has a hint");
                assert_eq!(board.find_path(h.a, h.b), Some(h.path));
                play(&mut board, rule, h.a, h.b).expect("the hint can be played");
                assert!(solvable(&board, rule), "{rule}: a hint spoiled the board");
            }
        }
    }
}
