//! The slide solver against a plain exhaustive search (2,000+ small boards per rule),
//! its certificates replayed with the plain slide, and hints that keep solvable boards
//! solvable (re-solving, and with a plan kept across a game), and deciding a board from
//! an earlier board's certificate, under every rule.

mod common;

use common::exhaustive::{replay_under, solvable_under};
use common::slide::small_board;
use llk_engine::classic::slide::{self, play, SlidePlan, SlideRule};
use llk_engine::classic::{Board, Budget, Pos, Verdict};
use llk_engine::rng::Rng;
use std::collections::HashMap;

#[test]
fn solver_agrees_with_exhaustive_search() {
    for rule in SlideRule::ALL {
        let mut rng = Rng::new(2026, rule as u64);
        let (mut yes, mut no) = (0, 0);
        for case in 0..2_500 {
            let board = small_board(&mut rng, 4, 16, 8);
            let want = solvable_under(&board, rule);
            match slide::solve(&board, rule, Budget::DEFAULT) {
                Verdict::Solvable(moves) => {
                    assert!(want, "{rule} case {case}: solver says solvable\n{board:?}");
                    if let Err(e) = replay_under(&board, rule, &moves) {
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

/// A plan to try first changes only the order of the search, never its answer: the
/// solver guided by plans right, nearly right (the certificate with pairs crossed and
/// moves swapped, as a kept plan is after the player strays) and wrong (random cells,
/// empty ones and tiles of two kinds among them) agrees with the exhaustive search, and
/// its certificates replay.
#[test]
fn guided_solver_agrees_with_exhaustive_search() {
    for rule in SlideRule::ALL.into_iter().skip(1) {
        let mut rng = Rng::new(2027, rule as u64);
        for case in 0..1_200 {
            let board = small_board(&mut rng, 4, 16, 8);
            let want = solvable_under(&board, rule);
            let cert = match slide::solve(&board, rule, Budget::DEFAULT) {
                Verdict::Solvable(moves) => Some(moves),
                _ => None,
            };
            let plan = match (case % 3, cert.as_ref()) {
                (0, Some(moves)) => at_start(&board, rule, moves),
                (1, Some(moves)) => {
                    let mut moves = at_start(&board, rule, moves);
                    let n = moves.len();
                    for _ in 0..2 {
                        let (i, j) = (rng.below(n), rng.below(n));
                        moves.swap(i, j);
                        let (x, y) = (moves[i].0, moves[j].1);
                        moves[i].0 = y;
                        moves[j].1 = x;
                    }
                    moves
                }
                _ => {
                    let (rows, cols) = (board.rows(), board.cols());
                    let mut cell = || Pos::new(rng.below(rows) as i16, rng.below(cols) as i16);
                    (0..8).map(|_| (cell(), cell())).collect()
                }
            };
            let (v, _) = slide::solve_guided(&board, rule, Budget::DEFAULT, &plan, &mut || false);
            if case % 3 == 0 {
                // Guided by a certificate, the search follows it move for move.
                if let (Some(cert), Verdict::Solvable(moves)) = (&cert, &v) {
                    assert_eq!(moves, cert, "{rule} case {case}: the plan was not followed");
                }
            }
            match v {
                Verdict::Solvable(moves) => {
                    assert!(want, "{rule} case {case}: guided solver says solvable");
                    if let Err(e) = replay_under(&board, rule, &moves) {
                        panic!("{rule} case {case}: bad certificate: {e}");
                    }
                }
                Verdict::Unsolvable => assert!(!want, "{rule} case {case}: says unsolvable"),
                Verdict::Unknown => panic!("{rule} case {case}: unknown on a small board"),
            }
            let tiny = slide::solve_guided(&board, rule, Budget::nodes(3), &plan, &mut || false);
            match tiny.0 {
                Verdict::Solvable(moves) => assert!(replay_under(&board, rule, &moves).is_ok()),
                Verdict::Unsolvable => assert!(!want, "{rule} case {case}: tiny budget"),
                Verdict::Unknown => {}
            }
        }
    }
}

/// The certificate `moves` (positions at the time of each move) as positions on `board`
/// as given: each tile followed through the matches and slides before its move.
fn at_start(board: &Board, rule: SlideRule, moves: &[(Pos, Pos)]) -> Vec<(Pos, Pos)> {
    let mut b = board.clone();
    let mut home: HashMap<Pos, Pos> = b.tiles().map(|(p, _)| (p, p)).collect();
    let mut out = Vec::new();
    for &(x, y) in moves {
        out.push((home[&x], home[&y]));
        let played = play(&mut b, rule, x, y).expect("a certificate replays");
        home.remove(&x);
        home.remove(&y);
        let slid: Vec<(Pos, Pos)> = played
            .moves
            .iter()
            .map(|&[from, to]| (to, home.remove(&from).expect("a tile slid")))
            .collect();
        home.extend(slid);
    }
    out
}

/// Deciding a board from an earlier board's certificate (as the dead-end judgement does
/// after a match that left the certificate) agrees with the exhaustive search under every
/// rule, whether the repair works or the search decides, and its certificates replay;
/// a certificate for another board, or a wrong history, changes nothing.
#[test]
fn solving_from_a_stale_certificate_agrees_with_exhaustive_search() {
    for rule in SlideRule::ALL {
        let mut rng = Rng::new(2028, rule as u64);
        let mut solved = 0;
        for case in 0..1_000 {
            let old = small_board(&mut rng, 4, 16, 8);
            let Verdict::Solvable(cert) = slide::solve(&old, rule, Budget::DEFAULT) else {
                continue;
            };
            let pairs = old.linkable_pairs();
            let (x, y) = pairs[rng.below(pairs.len())];
            let mut board = old.clone();
            play(&mut board, rule, x, y).expect("a linkable pair");
            let want = solvable_under(&board, rule);
            let played = match case % 4 {
                3 => vec![],
                _ => vec![(x, y)],
            };
            let seed = match case % 5 {
                4 => (&board, cert.clone()),
                _ => (&old, cert.clone()),
            };
            let v =
                slide::solve_from_plan(&board, rule, Budget::DEFAULT, seed, &played, &mut || false);
            match v {
                Verdict::Solvable(moves) => {
                    assert!(want, "{rule} case {case}: says solvable");
                    if let Err(e) = replay_under(&board, rule, &moves) {
                        panic!("{rule} case {case}: bad certificate: {e}");
                    }
                    solved += 1;
                }
                Verdict::Unsolvable => assert!(!want, "{rule} case {case}: says unsolvable"),
                Verdict::Unknown => panic!("{rule} case {case}: unknown on a small board"),
            }
        }
        assert!(solved > 300, "{rule}: {solved} solvable");
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
            Verdict::Solvable(moves) => assert!(replay_under(&board, rule, &moves).is_ok()),
            Verdict::Unsolvable => assert!(!solvable_under(&board, rule), "case {case}"),
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
            if !solvable_under(&board, rule) {
                continue;
            }
            games += 1;
            while !board.is_cleared() {
                let h = slide::hint(&board, rule, Budget::DEFAULT)
                    .expect("a solvable board has a hint");
                assert_eq!(board.find_path(h.a, h.b), Some(h.path));
                play(&mut board, rule, h.a, h.b).expect("the hint can be played");
                assert!(
                    solvable_under(&board, rule),
                    "{rule}: a hint spoiled the board"
                );
            }
        }
    }
}

/// The same with a plan kept across the game (`hint_with_plan`, as the game asks): on
/// small boards under every rule the player alternates between the hint and a random
/// pair (in half the games one that keeps the board solvable, so that the plan must be
/// repaired; in the others any pair, so that "cannot be cleared" is carried too). Every
/// hint on a solvable board keeps it solvable (checked by the exhaustive search), and a
/// hint is `None` only when the board is stuck.
#[test]
fn kept_plan_hints_keep_solvable_boards_solvable() {
    for rule in SlideRule::ALL {
        let mut rng = Rng::new(78, rule as u64);
        let mut games = 0;
        while games < 300 {
            let mut board = small_board(&mut rng, 4, 14, 3);
            if !solvable_under(&board, rule) {
                continue;
            }
            games += 1;
            let careful = games % 2 == 0;
            let mut plan = SlidePlan::default();
            let mut played: Vec<(Pos, Pos)> = Vec::new();
            let mut turn = 0;
            while !board.is_cleared() {
                let was = solvable_under(&board, rule);
                let hint = slide::hint_with_plan(&board, rule, Budget::DEFAULT, &mut plan, &played);
                let Some(h) = hint else {
                    assert!(board.is_stuck(), "{rule} game {games}: no hint, not stuck");
                    break;
                };
                assert_eq!(board.find_path(h.a, h.b), Some(h.path));
                let mut after = board.clone();
                play(&mut after, rule, h.a, h.b).expect("the hint can be played");
                if was {
                    assert!(
                        solvable_under(&after, rule),
                        "{rule} game {games}: plan hint spoiled the board"
                    );
                }
                let (x, y) = if turn % 2 == 0 {
                    (h.a, h.b)
                } else {
                    let mut pairs = board.linkable_pairs();
                    rng.shuffle(&mut pairs);
                    pairs
                        .into_iter()
                        .find(|&(x, y)| {
                            let mut next = board.clone();
                            play(&mut next, rule, x, y);
                            !careful || solvable_under(&next, rule)
                        })
                        .unwrap_or((h.a, h.b))
                };
                play(&mut board, rule, x, y).expect("a linkable pair");
                played.push((x, y));
                turn += 1;
            }
        }
    }
}

/// A plan is never trusted: given matches that do not lead from its board to the board
/// asked about (or none), the hint is still one that keeps a solvable board solvable.
#[test]
fn kept_plan_survives_wrong_histories() {
    for rule in SlideRule::ALL.into_iter().skip(1) {
        let mut rng = Rng::new(79, rule as u64);
        for case in 0..300 {
            let first = small_board(&mut rng, 4, 12, 3);
            let board = small_board(&mut rng, 4, 12, 3);
            let mut plan = SlidePlan::default();
            let _ = slide::hint_with_plan(&first, rule, Budget::DEFAULT, &mut plan, &[]);
            let lies: Vec<(Pos, Pos)> = first.linkable_pairs().into_iter().take(2).collect();
            let Some(h) = slide::hint_with_plan(&board, rule, Budget::DEFAULT, &mut plan, &lies)
            else {
                assert!(board.is_stuck(), "{rule} case {case}");
                continue;
            };
            if solvable_under(&board, rule) {
                let mut after = board.clone();
                play(&mut after, rule, h.a, h.b).expect("the hint can be played");
                assert!(solvable_under(&after, rule), "{rule} case {case}");
            }
        }
    }
}
