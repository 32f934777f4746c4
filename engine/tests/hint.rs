//! The smart hint: keeps a solvable board solvable (checked with the exhaustive reference),
//! prefers safe moves, is deterministic, returns a legal pair with its best path, and
//! gives nothing on a stuck or cleared board. The same with a plan kept between hints,
//! whatever the boards it is handed.

mod common;

use common::exhaustive::solvable;
use common::reference::{best_cost, check_path};
use common::{board, p};
use llk_engine::classic::hint::{hint_with_plan, Plan};
use llk_engine::classic::{
    deal, hint, solve, Board, Budget, DealOptions, Game, GameOptions, Pos, Verdict,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Checks that `board`'s hint is a legal pair with an optimal legal path; returns the
/// board after playing it.
fn play_hint(b: &Board, budget: Budget) -> Option<Board> {
    let h = hint(b, budget)?;
    assert_eq!(hint(b, budget), Some(h), "hint must be deterministic");
    assert_ne!(h.a, h.b);
    assert!(b.get(h.a).is_some() && b.get(h.a) == b.get(h.b), "{h:?}");
    let cost = check_path(b, h.a, h.b, h.path.points()).unwrap();
    assert_eq!(
        Some(cost),
        best_cost(b, h.a, h.b),
        "hint path is not the best"
    );
    let mut next = b.clone();
    next.set(h.a, None).unwrap();
    next.set(h.b, None).unwrap();
    Some(next)
}

#[test]
fn avoids_the_greedy_dead_end() {
    // Kind A has four tiles; the first connectable pair (the top two A's) leaves the
    // crossed A/B deadlock of rows 1–2.
    let b = board(&["AA", "BA", "AB"], false);
    let (x, y) = b.linkable_pairs()[0];
    let mut greedy = b.clone();
    greedy.set(x, None).unwrap();
    greedy.set(y, None).unwrap();
    assert!(solvable(&b) && !solvable(&greedy));

    let h = hint(&b, Budget::DEFAULT).unwrap();
    assert_eq!((h.a, h.b), (p(0, 1), p(1, 1)));
    let next = play_hint(&b, Budget::DEFAULT).unwrap();
    assert!(solvable(&next));
}

#[test]
fn following_hints_clears_solvable_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut cleared = 0;
    for _ in 0..2_000 {
        let rows = rng.random_range(2..=4usize);
        let cols = rng.random_range(2..=5usize);
        let n = (rows * cols).min(14) & !1;
        let mut cells: Vec<Option<u64>> = (0..n as u64).map(|i| Some(i / 2 % 5)).collect();
        cells.resize(rows * cols, None);
        cells.shuffle(&mut rng);
        let grid: Vec<Vec<Option<u64>>> = cells.chunks(cols).map(<[_]>::to_vec).collect();
        let mut b = Board::from_rows(&grid, rng.random_bool(0.3)).unwrap();
        if !solvable(&b) {
            // Unsolvable but not stuck: still a legal pair.
            if !b.is_stuck() {
                play_hint(&b, Budget::DEFAULT).unwrap();
            }
            continue;
        }
        while !b.is_cleared() {
            b = play_hint(&b, Budget::DEFAULT).expect("a solvable board has a hint");
            assert!(solvable(&b), "hint lost solvability");
        }
        cleared += 1;
    }
    assert!(cleared > 500, "{cleared}");
}

#[test]
fn stuck_board_has_no_hint() {
    let b = board(&["AB", "BA"], false);
    assert!(b.is_stuck());
    assert_eq!(hint(&b, Budget::DEFAULT), None);
}

#[test]
fn cleared_board_has_no_hint() {
    let b = board(&["..", ".."], true);
    assert_eq!(hint(&b, Budget::DEFAULT), None);
}

#[test]
fn out_of_budget_gives_a_legal_pair() {
    // No kind can go as a whole, so the hint needs the solver; with no budget it falls
    // back to the first connectable pair.
    let b = board(&["AA", "BA", "AB"], false);
    let h = hint(&b, Budget::nodes(0)).unwrap();
    assert_eq!((h.a, h.b), b.linkable_pairs()[0]);
    play_hint(&b, Budget::nodes(0)).unwrap();
}

#[test]
fn prefers_a_safe_move() {
    // B's last two tiles connect: removing them can never hurt, and it is found without search.
    let b = board(&["ABA", "CBC"], false);
    let h = hint(&b, Budget::nodes(0)).unwrap();
    assert_eq!((h.a, h.b), (p(0, 1), p(1, 1)));
}

/// A random small board (2..=4 × 2..=5, up to 14 tiles of 5 kinds), ring sometimes on.
fn random_board(rng: &mut ChaCha8Rng) -> Board {
    let rows = rng.random_range(2..=4usize);
    let cols = rng.random_range(2..=5usize);
    let n = (rows * cols).min(14) & !1;
    let mut cells: Vec<Option<u64>> = (0..n as u64).map(|i| Some(i / 2 % 5)).collect();
    cells.resize(rows * cols, None);
    cells.shuffle(rng);
    let grid: Vec<Vec<Option<u64>>> = cells.chunks(cols).map(<[_]>::to_vec).collect();
    Board::from_rows(&grid, rng.random_bool(0.3)).unwrap()
}

/// Two tiles of one kind chosen at random (connectable or not).
fn random_same_kind(b: &Board, rng: &mut ChaCha8Rng) -> Option<(Pos, Pos)> {
    let groups = b.tiles_by_kind();
    let (_, ps) = groups.get(rng.random_range(0..groups.len().max(1)))?;
    let i = rng.random_range(0..ps.len());
    let j = (i + 1 + rng.random_range(0..ps.len() - 1)) % ps.len();
    Some((ps[i], ps[j]))
}

/// Checks a planned hint on `b`: a legal pair with its best path that keeps a solvable
/// board solvable (the exhaustive reference), and nothing only when stuck or cleared.
fn check_planned(b: &Board, plan: &mut Plan) {
    let Some(h) = hint_with_plan(b, Budget::DEFAULT, plan) else {
        assert!(b.is_stuck() || b.is_cleared(), "no hint on {b:?}");
        return;
    };
    let cost = check_path(b, h.a, h.b, h.path.points()).unwrap();
    assert_eq!(
        Some(cost),
        best_cost(b, h.a, h.b),
        "hint path is not the best"
    );
    if solvable(b) {
        let mut next = b.clone();
        next.set(h.a, None).unwrap();
        next.set(h.b, None).unwrap();
        assert!(solvable(&next), "planned hint {h:?} spoils {b:?}");
    }
}

#[test]
fn a_kept_plan_survives_any_moves_and_any_boards() {
    // Along each game the player makes a random move: the hint's, any connectable pair,
    // or two tiles of one kind taken off whether they connect or not (as no legal move
    // does: the plan must not trust that the board was reached legally). Now and then
    // the plan is handed an unrelated board.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut plan = Plan::default();
    let mut carried_unsolvable = 0;
    for _ in 0..1_500 {
        let mut b = random_board(&mut rng);
        while !b.is_cleared() {
            let was_solvable = solvable(&b);
            check_planned(&b, &mut plan);
            let pick = rng.random_range(0..10);
            let m = if pick < 4 {
                hint_with_plan(&b, Budget::DEFAULT, &mut plan).map(|h| (h.a, h.b))
            } else if pick < 9 {
                let pairs = b.linkable_pairs();
                (!pairs.is_empty()).then(|| pairs[rng.random_range(0..pairs.len())])
            } else {
                random_same_kind(&b, &mut rng)
            };
            let Some((x, y)) = m.or_else(|| random_same_kind(&b, &mut rng)) else {
                break;
            };
            b.set(x, None).unwrap();
            b.set(y, None).unwrap();
            if !was_solvable && !solvable(&b) {
                carried_unsolvable += 1;
            }
        }
    }
    assert!(carried_unsolvable > 100, "{carried_unsolvable}");
}

#[test]
fn a_plan_follows_its_own_hints_to_the_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut cleared = 0;
    for _ in 0..500 {
        let mut b = random_board(&mut rng);
        if !solvable(&b) {
            continue;
        }
        let mut plan = Plan::default();
        while let Some(h) = hint_with_plan(&b, Budget::DEFAULT, &mut plan) {
            b.set(h.a, None).unwrap();
            b.set(h.b, None).unwrap();
        }
        assert!(b.is_cleared(), "stuck following the plan: {b:?}");
        cleared += 1;
    }
    assert!(cleared > 100, "{cleared}");
}

#[test]
fn a_plan_seeded_with_a_certificate_gives_its_first_move() {
    for seed in 0..20 {
        let opts = DealOptions {
            rows: 8,
            cols: 18,
            kinds: 36,
            seed,
            solvable: true,
            ring: true,
        };
        let dealt = deal(&opts).unwrap();
        let moves = dealt
            .solution
            .clone()
            .expect("a solvable deal has its solution");
        let mut plan = Plan::with_certificate(&dealt.board, moves.clone());
        let h = hint_with_plan(&dealt.board, Budget::nodes(0), &mut plan)
            .expect("the seeded plan answers without a search");
        assert_eq!((h.a, h.b), moves[0], "seed {seed}");
        // A game dealt with the same options hints the same move first.
        let mut g = Game::new(GameOptions {
            rows: 8,
            cols: 18,
            kinds: 36,
            seed,
            ..GameOptions::default()
        })
        .unwrap();
        let gh = g.hint().unwrap();
        assert_eq!((gh.a, gh.b), moves[0], "seed {seed}");
    }
}

#[test]
fn a_plan_seeded_with_wrong_moves_is_not_trusted() {
    // A certificate of another board (or of none) gives the empty plan: the hints still
    // keep solvable boards solvable.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..500 {
        let b = random_board(&mut rng);
        let other = random_board(&mut rng);
        let moves = match solve(&other, Budget::DEFAULT) {
            Verdict::Solvable(m) => m,
            _ => b.linkable_pairs(),
        };
        let mut plan = Plan::with_certificate(&b, moves);
        check_planned(&b, &mut plan);
    }
}

#[test]
fn a_seeded_plan_is_repaired_along_random_moves() {
    // From a solvable board's certificate, the player plays random connectable pairs
    // (mostly off the plan): every hint is checked against the exhaustive reference.
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut games = 0;
    for _ in 0..1_500 {
        let mut b = random_board(&mut rng);
        let Verdict::Solvable(moves) = solve(&b, Budget::DEFAULT) else {
            continue;
        };
        games += 1;
        let mut plan = Plan::with_certificate(&b, moves);
        while !b.is_cleared() {
            check_planned(&b, &mut plan);
            let pairs = b.linkable_pairs();
            if pairs.is_empty() {
                break;
            }
            let (x, y) = pairs[rng.random_range(0..pairs.len())];
            b.set(x, None).unwrap();
            b.set(y, None).unwrap();
        }
    }
    assert!(games > 300, "{games}");
}
