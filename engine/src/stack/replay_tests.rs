//! Tests of the stack replay: a deal's certificate wins, each refusal, random legal lines
//! (props included) replay to the same game, and mutated winning lines are accepted
//! exactly when a plain reference (covers and tray counted here) says they still win.

use proptest::prelude::*;

use super::{play, replay};
use crate::line::StackStep;
use crate::replay::{
    test_support::{self, code},
    STACK_MIN_GAP_MS,
};
use crate::rng::Rng;
use crate::stack::game::{StackGame, StackOptions, StackStatus};
use crate::stack::geometry::{Layout, TileId};

fn level(level: u32, seed: u64) -> StackGame {
    StackGame::new(StackOptions {
        level: Some(level),
        seed,
        ..StackOptions::default()
    })
    .expect("deals")
}

/// Takes at times a person could reach: 0.3 to 1.5 s apart.
fn timed(ids: &[TileId], seed: u64) -> Vec<StackStep> {
    let mut rng = Rng::new(seed, 78);
    let mut t = 0;
    ids.iter()
        .map(|&id| {
            t += 300 + rng.below(1200) as u64;
            StackStep::took(t, id)
        })
        .collect()
}

fn retimed(steps: &[StackStep]) -> (Vec<StackStep>, u64) {
    test_support::retimed(steps, |s, t| s.t = t)
}

#[test]
fn the_certificate_wins() {
    for seed in 0..5 {
        let start = level(2, seed);
        let steps = timed(start.certificate(), seed);
        let last = steps.last().expect("moves").t;
        let r = replay(&start, &steps, last).expect("wins");
        assert_eq!((r.time_ms, r.props, r.moves), (last, false, steps.len()));
        assert_eq!(start, level(2, seed), "the start is untouched");
    }
}

#[test]
fn each_refusal() {
    let start = level(2, 7);
    let cert = start.certificate().to_vec();
    let steps = timed(&cert, 7);
    let n = steps.len();
    let last = steps[n - 1].t;
    let check = |s: &[StackStep], claimed| code(replay(&start, s, claimed));
    assert_eq!(check(&steps, last), "ok");

    // Illegal: a covered tile, an unknown id, a tile taken twice.
    let covered = (0..start.layout().len() as TileId)
        .find(|&id| !start.is_free(id))
        .expect("a covered tile");
    let mut bad = steps.clone();
    bad[0].take = Some(covered);
    assert_eq!(check(&bad, last), "illegal_move");
    let mut bad = steps.clone();
    bad[0].take = Some(TileId::MAX);
    assert_eq!(check(&bad, last), "illegal_move");
    let mut bad = steps.clone();
    bad[1].take = bad[0].take;
    assert_eq!(check(&bad, last), "illegal_move");

    // Another deal's line (as another day's).
    assert_eq!(code(replay(&level(2, 8), &steps, last)), "illegal_move");

    // Not won: shortened at the end; a line that fills the tray.
    assert_eq!(check(&steps[..n - 1], steps[n - 2].t), "not_won");
    assert_eq!(check(&steps[..n / 2], steps[n / 2 - 1].t), "not_won");
    let mut fill = Vec::new();
    let mut game = start.clone();
    while game.status() == StackStatus::Playing {
        // Takes of free tiles of kinds the tray does not hold yet fill it.
        let tray: Vec<u16> = game.tray().iter().map(|&t| kind(&game, t)).collect();
        let Some(id) = game
            .board()
            .free_on_board()
            .into_iter()
            .find(|&id| tray.iter().filter(|&&k| k == kind(&game, id)).count() < 2)
        else {
            break;
        };
        game.take(id, 0).expect("takes");
        fill.push(id);
    }
    assert_eq!(game.status(), StackStatus::Lost);
    let fill = timed(&fill, 1);
    assert_eq!(check(&fill, fill[fill.len() - 1].t), "not_won");
    // A take after the loss is illegal.
    let mut more = fill.clone();
    more.push(StackStep::took(fill[fill.len() - 1].t + 500, cert[0]));
    assert_eq!(check(&more, more[more.len() - 1].t), "illegal_move");

    // Reordered: the last take of the certificate first (it is covered at the start).
    let mut moved = cert.clone();
    let end = moved.pop().expect("a take");
    moved.insert(0, end);
    let moved = timed(&moved, 7);
    assert_eq!(check(&moved, moved[n - 1].t), "illegal_move");

    // Times.
    let mut falling = steps.clone();
    falling[9].t = falling[8].t - 1;
    assert_eq!(check(&falling, last), "bad_times");
    let mut fast = steps.clone();
    fast[9].t = fast[8].t + STACK_MIN_GAP_MS - 1;
    assert_eq!(check(&fast, last), "too_fast");
    fast[9].t = fast[8].t + STACK_MIN_GAP_MS;
    assert_eq!(check(&fast, last), "ok");
    let mut first = steps.clone();
    first[0].t = STACK_MIN_GAP_MS - 1;
    assert_eq!(check(&first, last), "too_fast");
    assert_eq!(check(&steps, last + 1), "time_mismatch");

    // Not exactly one action in a step.
    for (take, move_out, shuffle, undo) in [
        (true, true, false, false),
        (true, false, true, false),
        (true, false, false, true),
        (false, true, true, false),
        (false, false, true, true),
        (false, false, false, false),
    ] {
        let mut two = steps.clone();
        two[3] = StackStep {
            t: two[3].t,
            take: take.then_some(cert[3]),
            move_out,
            shuffle,
            undo,
        };
        assert_eq!(check(&two, last), "illegal_move", "{:?}", two[3]);
    }
}

fn kind(game: &StackGame, id: TileId) -> u16 {
    game.layout().tile(id).map_or(u16::MAX, |t| t.kind)
}

#[test]
fn move_out_and_the_held_tile_taken_back() {
    let start = level(2, 7);
    let cert = start.certificate().to_vec();
    // Take one tile, move it out, take it back: the certificate then goes on.
    let mut line = vec![StackStep::took(0, cert[0]), StackStep::moved_out(0)];
    line.push(StackStep::took(0, cert[0]));
    line.extend(cert[1..].iter().map(|&id| StackStep::took(0, id)));
    let (ok, t) = retimed(&line);
    let r = replay(&start, &ok, t).expect("wins with a move-out");
    assert!(r.props);
    // The held tile taken back twice.
    let mut twice = line.clone();
    twice.insert(3, StackStep::took(0, cert[0]));
    let (twice, t) = retimed(&twice);
    assert_eq!(code(replay(&start, &twice, t)), "illegal_move");
    // A second move-out (one allowed), and an undo across the move-out.
    let mut again = line.clone();
    again.insert(3, StackStep::moved_out(0));
    let (again, t) = retimed(&again);
    assert_eq!(code(replay(&start, &again, t)), "illegal_move");
    let mut undo = line.clone();
    undo.insert(2, StackStep::undone(0));
    let (undo, t) = retimed(&undo);
    assert_eq!(code(replay(&start, &undo, t)), "illegal_move");
    // An undo of a take, then the take again: a prop, and a win.
    let mut redo = vec![StackStep::took(0, cert[0]), StackStep::undone(0)];
    redo.extend(cert.iter().map(|&id| StackStep::took(0, id)));
    let (redo, t) = retimed(&redo);
    assert!(replay(&start, &redo, t).expect("wins").props);
}

#[test]
fn a_shuffle_replays_as_the_player_saw_it() {
    let start = level(2, 3);
    let cert = start.certificate().to_vec();
    let mut game = start.clone();
    let mut line = timed(&cert[..30], 3);
    play(&mut game, &line).expect("legal");
    game.shuffle().expect("shuffles");
    line.push(StackStep::shuffled(0));
    let rest = game.winning_line().expect("a shuffle keeps it winnable");
    line.extend(rest.iter().map(|&id| StackStep::took(0, id)));
    let (line, t) = retimed(&line);
    let r = replay(&start, &line, t).expect("wins after a shuffle");
    assert!(r.props);
}

/// A plain reference: whether `steps` (takes only) win `layout` with a tray of
/// `capacity`: each take a tile still on the board with nothing on the board above it;
/// three alike vanish; a full tray without a triple loses.
fn reference_wins(layout: &Layout, capacity: usize, steps: &[StackStep]) -> bool {
    let mut on_board = vec![true; layout.len()];
    let mut tray: Vec<u16> = Vec::new();
    for s in steps {
        let (Some(id), false, false, false) = (s.take, s.move_out, s.shuffle, s.undo) else {
            return false;
        };
        let i = usize::from(id);
        if i >= layout.len() || !on_board[i] || tray.len() >= capacity {
            return false;
        }
        let covered = layout
            .tiles()
            .iter()
            .enumerate()
            .any(|(j, t)| on_board[j] && j != i && t.covers(&layout.tiles()[i]));
        if covered {
            return false;
        }
        on_board[i] = false;
        let k = layout.tiles()[i].kind;
        tray.push(k);
        if tray.iter().filter(|&&x| x == k).count() == 3 {
            tray.retain(|&x| x != k);
        }
    }
    tray.is_empty() && on_board.iter().all(|&b| !b)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random legal lines (takes, move-outs, shuffles, undos, after a loss too), played
    /// on a game and recorded, replay to exactly the same game.
    #[test]
    fn random_legal_lines_replay_to_the_same_game(
        seed in 0u64..10_000,
        lvl in 1u32..4,
        choices in proptest::collection::vec(0usize..1000, 1..250),
    ) {
        let start = level(lvl, seed);
        let mut game = start.clone();
        let mut steps = Vec::new();
        for (i, c) in choices.into_iter().enumerate() {
            let t = 400 * (i as u64 + 1);
            let props = game.props_left();
            let playing = game.status() == StackStatus::Playing;
            let mut free = game.board().free_on_board();
            free.extend_from_slice(game.held());
            let step = if c % 15 == 0 && playing && props.move_out > 0 && !game.tray().is_empty() {
                game.move_out().expect("moves out");
                StackStep::moved_out(t)
            } else if c % 15 == 1 && playing && props.shuffle > 0 {
                game.shuffle().expect("shuffles");
                StackStep::shuffled(t)
            } else if (c % 15 == 2 || !playing) && game.can_undo() {
                game.undo().expect("undoes");
                StackStep::undone(t)
            } else if playing && !free.is_empty() {
                let id = free[c % free.len()];
                game.take(id, t).expect("takes");
                StackStep::took(t, id)
            } else {
                break;
            };
            steps.push(step);
        }
        let mut again = start.clone();
        let props = play(&mut again, &steps).expect("a recorded line is legal");
        prop_assert_eq!(props, steps.iter().any(|s| s.move_out || s.shuffle || s.undo));
        prop_assert_eq!(&again, &game);
        let last = steps.last().map_or(0, |s| s.t);
        prop_assert_eq!(replay(&start, &steps, last).is_ok(), game.status() == StackStatus::Won);
    }

    /// Mutated winning lines are accepted exactly when the reference says they win.
    #[test]
    fn mutated_lines_win_only_when_the_reference_agrees(
        seed in 0u64..10_000,
        lvl in 1u32..3,
        mutations in proptest::collection::vec((0usize..3, 0usize..300, 0usize..300, 0u16..300), 1..4),
    ) {
        let start = level(lvl, seed);
        let mut steps = timed(start.certificate(), seed);
        for (what, i, j, id) in mutations {
            let n = steps.len();
            let (i, j) = (i % n, j % n);
            match what {
                0 => { steps.remove(i); }
                1 => steps.swap(i, j),
                _ => steps[i].take = Some(id),
            }
        }
        let (steps, last) = retimed(&steps);
        let wins = reference_wins(start.layout(), usize::from(start.board().capacity()), &steps);
        let verdict = replay(&start, &steps, last);
        prop_assert_eq!(verdict.is_ok(), wins, "{:?}", verdict);
        if let Err(e) = verdict {
            prop_assert!(matches!(e.code(), "illegal_move" | "not_won"), "{}", e);
        }
    }
}
