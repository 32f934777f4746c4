//! Tests of the classic replay: the daily deal's certificate wins, each refusal, random
//! legal lines replay to the same game, and mutated winning lines are accepted exactly
//! when a plain reference (written here, on the board alone) says they still win.

use proptest::prelude::*;

use super::{play, replay};
use crate::classic::deal::deal;
use crate::classic::game::{Game, GameOptions, Outcome, Status};
use crate::classic::{Board, Pos};
use crate::code::daily::{daily_options, UtcDate};
use crate::line::ClassicStep;
use crate::replay::{
    test_support::{self, code},
    CLASSIC_MIN_GAP_MS,
};
use crate::rng::Rng;

fn date(text: &str) -> UtcDate {
    UtcDate::parse(text).expect("a date")
}

fn daily(text: &str) -> Game {
    Game::new(daily_options(date(text))).expect("the daily deal")
}

/// The deal's own winning line (its certificate), checked to be dealt on `game`'s board.
fn certificate(game: &Game) -> Vec<(Pos, Pos)> {
    let o = game.options();
    let dealt = deal(&o.deal_options()).expect("deals");
    assert_eq!(&dealt.board, game.board());
    dealt.solution.expect("a solvable deal has its solution")
}

/// Game times a person could reach: 0.6 to 2.6 s between moves.
fn timed(pairs: &[(Pos, Pos)], seed: u64) -> Vec<ClassicStep> {
    let mut rng = Rng::new(seed, 77);
    let mut t = 0;
    pairs
        .iter()
        .map(|&(a, b)| {
            t += 600 + rng.below(2000) as u64;
            ClassicStep::matched(t, a, b)
        })
        .collect()
}

fn retimed(steps: &[ClassicStep]) -> (Vec<ClassicStep>, u64) {
    test_support::retimed(steps, |s, t| s.t = t)
}

#[test]
fn the_certificate_wins_the_daily_deal() {
    let start = daily("2026-12-04");
    let steps = timed(&certificate(&start), 1);
    assert_eq!(steps.len(), 72);
    let last = steps[71].t;
    let r = replay(&start, &steps, last).expect("wins");
    assert_eq!((r.time_ms, r.props, r.moves), (last, false, 72));
    // The start is untouched: many lines replay on one dealt game.
    assert_eq!(start, daily("2026-12-04"));
    assert_eq!(replay(&start, &steps, last), Ok(r));
    // Each pair's tiles may come in either order.
    let flipped: Vec<ClassicStep> = steps
        .iter()
        .map(|s| match s.pair {
            Some([a, b]) => ClassicStep::matched(s.t, b, a),
            None => *s,
        })
        .collect();
    assert_eq!(replay(&start, &flipped, last), Ok(r));
}

#[test]
fn each_refusal() {
    let start = daily("2026-12-04");
    let pairs = certificate(&start);
    let steps = timed(&pairs, 2);
    let last = steps[71].t;
    let check = |s: &[ClassicStep], claimed| code(replay(&start, s, claimed));

    // Illegal: two tiles of different kinds, an empty cell, a cell off the board.
    let kind = |p: Pos| start.board().get(p);
    let (a, _) = pairs[0];
    let other = start
        .board()
        .tiles()
        .find(|&(_, k)| Some(k) != kind(a))
        .map(|(p, _)| p)
        .expect("another kind");
    let mut bad = steps.clone();
    bad[0] = ClassicStep::matched(bad[0].t, a, other);
    assert_eq!(check(&bad, last), "illegal_move");
    let mut bad = steps.clone();
    bad[1] = ClassicStep::matched(bad[1].t, pairs[0].0, pairs[1].1);
    assert_eq!(check(&bad, last), "illegal_move", "a tile already gone");
    let mut bad = steps.clone();
    bad[0] = ClassicStep::matched(bad[0].t, Pos::new(8, 0), a);
    assert_eq!(check(&bad, last), "illegal_move", "off the board");
    let mut bad = steps.clone();
    bad[0] = ClassicStep::matched(bad[0].t, a, a);
    assert_eq!(check(&bad, last), "illegal_move", "one tile twice");

    // Another day's deal.
    assert_eq!(
        code(replay(&daily("2026-12-05"), &steps, last)),
        "illegal_move"
    );

    // Lines that do not win: shortened at the end, or stopping anywhere.
    assert_eq!(check(&steps[..71], steps[70].t), "not_won");
    assert_eq!(check(&steps[..10], steps[9].t), "not_won");
    // Shortened in the middle: a later pair no longer connects, or the board stays.
    let mut dropped = steps.clone();
    dropped.remove(30);
    assert_ne!(check(&dropped, last), "ok");

    // Reordered: a pair of the end played first, where it does not connect.
    let j = (1..72)
        .rev()
        .find(|&j| !start.board().can_link(pairs[j].0, pairs[j].1))
        .expect("a pair blocked on the full board");
    let mut moved = pairs.clone();
    let pair = moved.remove(j);
    moved.insert(0, pair);
    let moved = timed(&moved, 2);
    assert_eq!(check(&moved, moved[71].t), "illegal_move");

    // Times: falling, too fast (between moves, and the first), the claim's time.
    let mut falling = steps.clone();
    falling[5].t = falling[4].t - 1;
    assert_eq!(check(&falling, last), "bad_times");
    let mut fast = steps.clone();
    fast[5].t = fast[4].t + CLASSIC_MIN_GAP_MS - 1;
    assert_eq!(check(&fast, last), "too_fast");
    fast[5].t = fast[4].t + CLASSIC_MIN_GAP_MS;
    assert_eq!(check(&fast, last), "ok");
    let mut first = steps.clone();
    first[0].t = CLASSIC_MIN_GAP_MS - 1;
    assert_eq!(check(&first, last), "too_fast");
    assert_eq!(check(&steps, last + 1), "time_mismatch");
    assert_eq!(check(&steps, last - 1), "time_mismatch");
    assert_eq!(check(&[], 0), "not_won");

    // Not exactly one action in a step.
    for (shuffle, undo, pair) in [
        (true, false, true),
        (false, true, true),
        (true, true, false),
        (false, false, false),
    ] {
        let mut two = steps.clone();
        two[3] = ClassicStep {
            t: two[3].t,
            pair: pair.then_some([pairs[3].0, pairs[3].1]),
            shuffle,
            undo,
        };
        assert_eq!(check(&two, last), "illegal_move", "{:?}", two[3]);
    }

    // Nothing to undo at the start; nothing after the win.
    let mut undo_first = steps.clone();
    undo_first.insert(0, ClassicStep::undone(200));
    let (undo_first, t) = retimed(&undo_first);
    assert_eq!(check(&undo_first, t), "illegal_move");
    let mut after = steps.clone();
    after.push(ClassicStep::shuffled(last + 1000));
    assert_eq!(check(&after, last + 1000), "illegal_move");
}

#[test]
fn props_shuffles_and_undos_still_win() {
    let start = daily("2026-12-04");
    let pairs = certificate(&start);
    // Undo a match and play it again.
    let mut line = timed(&pairs[..20], 3);
    line.push(ClassicStep::undone(0));
    line.extend(timed(&pairs[19..], 3));
    let (line, t) = retimed(&line);
    let r = replay(&start, &line, t).expect("wins");
    assert!(r.props);
    assert_eq!(r.moves, 74);
    // Shuffle after ten matches, then the solver's line on the shuffled board.
    let mut game = start.clone();
    let mut line = timed(&pairs[..10], 4);
    play(&mut game, &line).expect("legal");
    game.shuffle().expect("shuffles");
    line.push(ClassicStep::shuffled(0));
    let rest = solved(game.board());
    line.extend(timed(&rest, 4));
    let (line, t) = retimed(&line);
    let r = replay(&start, &line, t).expect("wins after a shuffle");
    assert!(r.props);
    // The replay shuffles as the player's game did: another stream would not fit.
    assert_ne!(
        game.board(),
        &shuffled_by_other_stream(&start, &pairs[..10])
    );
}

/// The board after `pairs` and a shuffle in a game that had shuffled once before.
fn shuffled_by_other_stream(start: &Game, pairs: &[(Pos, Pos)]) -> Board {
    let mut game = start.clone();
    game.shuffle().expect("shuffles");
    game.undo().expect("undoes");
    play(&mut game, &timed(pairs, 5)).expect("legal");
    game.shuffle().expect("shuffles");
    game.board().clone()
}

fn solved(board: &Board) -> Vec<(Pos, Pos)> {
    match crate::classic::solve(board, crate::classic::Budget::DEFAULT) {
        crate::classic::Verdict::Solvable(moves) => moves,
        other => panic!("a solvable shuffle: {other:?}"),
    }
}

#[test]
fn automatic_shuffles_follow_the_start_games_setting() {
    // Random play on random fills until a match leaves no move and auto-shuffle acts.
    for seed in 0..400 {
        let options = GameOptions {
            rows: 4,
            cols: 6,
            kinds: 6,
            seed,
            solvable: false,
            auto_shuffle: true,
            ..GameOptions::default()
        };
        let Ok(start) = Game::new(options) else {
            continue;
        };
        let mut game = start.clone();
        let mut steps = Vec::new();
        let mut rng = Rng::new(seed, 5);
        let mut auto = false;
        while game.status() == Status::Playing && steps.len() < 40 {
            let pairs = game.board().linkable_pairs();
            let (a, b) = pairs[rng.below(pairs.len())];
            let t = 1000 * (steps.len() as u64 + 1);
            game.select(a, t).expect("selects");
            if let Ok(Outcome::Matched { shuffled, .. }) = game.select(b, t) {
                auto |= shuffled;
            }
            steps.push(ClassicStep::matched(t, a, b));
        }
        if !auto {
            continue;
        }
        let mut again = start.clone();
        assert_eq!(play(&mut again, &steps), Ok(false));
        assert_eq!(again, game, "seed {seed}");
        let mut off = Game::new(GameOptions {
            auto_shuffle: false,
            ..options
        })
        .expect("deals");
        let replayed_off = play(&mut off, &steps);
        assert!(replayed_off.is_err() || off != game, "seed {seed}");
        return;
    }
    panic!("no random game shuffled by itself");
}

/// A plain reference: whether `steps` (matches only) clear `board`, each pair two
/// distinct tiles of one kind joined by a path.
fn reference_wins(board: &Board, steps: &[ClassicStep]) -> bool {
    let mut b = board.clone();
    for s in steps {
        let (Some([x, y]), false, false) = (s.pair, s.shuffle, s.undo) else {
            return false;
        };
        if !b.contains(x) || !b.contains(y) || x == y {
            return false;
        }
        match (b.get(x), b.get(y)) {
            (Some(k), Some(l)) if k == l && b.find_path(x, y).is_some() => {}
            _ => return false,
        }
        if b.set(x, None).is_err() || b.set(y, None).is_err() {
            return false;
        }
    }
    b.is_cleared()
}

/// One random mutation of a line: drop a move, swap two, change a cell, swap a pair's
/// tiles.
fn mutate(steps: &mut Vec<ClassicStep>, what: usize, i: usize, j: usize, d: i16) {
    let n = steps.len();
    let (i, j) = (i % n, j % n);
    match what % 4 {
        0 => {
            steps.remove(i);
        }
        1 => steps.swap(i, j),
        2 => {
            if let Some([a, b]) = steps[i].pair {
                let a = if d % 2 == 0 {
                    Pos::new(a.row + d / 2, a.col)
                } else {
                    Pos::new(a.row, a.col + d / 2)
                };
                steps[i].pair = Some([a, b]);
            }
        }
        _ => {
            if let Some([a, b]) = steps[i].pair {
                steps[i].pair = Some([b, a]);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Random legal lines (matches, shuffles, undos; auto-shuffle on or off), played on
    /// a game and recorded, replay to exactly the same game.
    #[test]
    fn random_legal_lines_replay_to_the_same_game(
        seed in 0u64..10_000,
        shape in 0usize..3,
        solvable: bool,
        auto_shuffle: bool,
        choices in proptest::collection::vec(0usize..1000, 1..90),
    ) {
        let (rows, cols, kinds) = [(8, 18, 36), (4, 6, 6), (6, 8, 12)][shape];
        let start = Game::new(GameOptions {
            rows, cols, kinds, seed, solvable, auto_shuffle,
            ..GameOptions::default()
        }).expect("deals");
        let mut game = start.clone();
        let mut steps = Vec::new();
        for (i, c) in choices.into_iter().enumerate() {
            let t = 700 * (i as u64 + 1);
            if game.status() == Status::Won {
                break;
            }
            let pairs = game.board().linkable_pairs();
            let step = if c % 12 == 0 || pairs.is_empty() {
                game.shuffle().expect("shuffles");
                ClassicStep::shuffled(t)
            } else if c % 12 == 1 && game.can_undo() {
                game.undo().expect("undoes");
                ClassicStep::undone(t)
            } else {
                let (a, b) = pairs[c % pairs.len()];
                game.select(a, t).expect("selects");
                let matched = game.select(b, t).expect("selects");
                let is_match = matches!(matched, Outcome::Matched { .. });
                prop_assert!(is_match, "a linkable pair matches");
                ClassicStep::matched(t, a, b)
            };
            steps.push(step);
        }
        let mut again = start.clone();
        let props = play(&mut again, &steps).expect("a recorded line is legal");
        prop_assert_eq!(props, steps.iter().any(|s| s.shuffle || s.undo));
        prop_assert_eq!(&again, &game);
        let last = steps.last().map_or(0, |s| s.t);
        let verdict = replay(&start, &steps, last);
        prop_assert_eq!(verdict.is_ok(), game.status() == Status::Won);
    }

    /// Mutated winning lines are accepted exactly when the reference says they win.
    #[test]
    fn mutated_lines_win_only_when_the_reference_agrees(
        day in 0i64..3000,
        mutations in proptest::collection::vec((0usize..4, 0usize..72, 0usize..72, -9i16..9), 1..4),
    ) {
        let start = Game::new(daily_options(
            UtcDate::from_day_number(20_000 + day).expect("a date"),
        )).expect("deals");
        let mut steps = timed(&certificate(&start), day as u64);
        for (what, i, j, d) in mutations {
            mutate(&mut steps, what, i, j, d);
        }
        let (steps, last) = retimed(&steps);
        let wins = reference_wins(start.board(), &steps);
        let verdict = replay(&start, &steps, last);
        prop_assert_eq!(verdict.is_ok(), wins, "{:?}", verdict);
        if let Err(e) = verdict {
            prop_assert!(matches!(e.code(), "illegal_move" | "not_won"), "{}", e);
        }
    }
}
