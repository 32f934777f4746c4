//! Unit tests of the search's restarts and conflict activity, which the public API
//! cannot reach: the verdict must not depend on when the search restarts, and a dead
//! end's conflict must name the kinds its proof is about.

use std::collections::HashMap;

use super::dead::DeadTest;
use super::nogood::Nogoods;
use super::position::Position;
use super::search::{Outcome, Search};
use super::Budget;
use crate::classic::board::{Board, Kind, Pos};
use crate::classic::repair::replays;
use crate::rng::Rng;

/// Whether every tile can go, by trying every linkable pair (small boards only).
fn exhaustive(board: &Board, seen: &mut HashMap<Vec<Vec<Option<Kind>>>, bool>) -> bool {
    if board.is_cleared() {
        return true;
    }
    let key = board.to_rows();
    if let Some(&known) = seen.get(&key) {
        return known;
    }
    let tiles: Vec<(Pos, Kind)> = board.tiles().collect();
    let mut result = false;
    'all: for (i, &(a, ka)) in tiles.iter().enumerate() {
        for &(b, kb) in &tiles[i + 1..] {
            if ka == kb && board.can_link(a, b) {
                let mut next = board.clone();
                next.clear(a);
                next.clear(b);
                if exhaustive(&next, seen) {
                    result = true;
                    break 'all;
                }
            }
        }
    }
    seen.insert(key, result);
    result
}

/// A full board of kinds of four (no ring: many are stuck, so both answers come up).
fn full_board_of_fours(seed: u64) -> Board {
    let (rows, cols) = [(4, 5), (3, 6), (4, 4), (5, 4)][seed as usize % 4];
    let mut rng = Rng::new(seed, 7);
    let mut cells: Vec<Option<u64>> = (0..(rows * cols) as u64 / 4)
        .flat_map(|k| [Some(k); 4])
        .collect();
    cells.resize(rows * cols, None);
    rng.shuffle(&mut cells);
    let grid: Vec<Vec<Option<u64>>> = cells.chunks(cols).map(<[_]>::to_vec).collect();
    match Board::from_rows(&grid, false) {
        Ok(b) => b,
        Err(e) => panic!("seed {seed}: {e:?}"),
    }
}

fn decide(board: &Board, restart_first: u64) -> bool {
    let mut never = || false;
    let mut s = Search::new(board, Budget::DEFAULT, &mut never).with_restart_first(restart_first);
    match s.run() {
        Outcome::Solved => {
            let moves = s.certificate();
            assert!(
                replays(board, &moves),
                "certificate {moves:?} does not clear {board:?}"
            );
            true
        }
        Outcome::Dead => false,
        Outcome::OutOfBudget => panic!("undecided {board:?}"),
    }
}

#[test]
fn restarts_never_change_the_verdict() {
    let (mut yes, mut no) = (0, 0);
    for seed in 0..4_000 {
        let b = full_board_of_fours(seed);
        let expected = exhaustive(&b, &mut HashMap::new());
        // Restarting after every dead end, after a few, and never.
        for first in [1, 3, 0] {
            assert_eq!(
                decide(&b, first),
                expected,
                "seed {seed}, restart_first {first}"
            );
        }
        if expected {
            yes += 1;
        } else {
            no += 1;
        }
    }
    assert!(yes > 1000 && no > 25, "solvable {yes}, unsolvable {no}");
}

/// One row of kinds 0 0 0 0 1 1, no ring.
fn zeros_then_ones() -> Board {
    match Board::from_rows(&[[0, 0, 0, 0, 1, 1].map(Some).to_vec()], false) {
        Ok(b) => b,
        Err(e) => panic!("{e:?}"),
    }
}

#[test]
fn a_dead_end_names_the_kinds_of_its_proof() {
    // With 0s paired (first, third) and (second, fourth) neither pair can ever link, so
    // only kind 0 is stuck; the 1s go.
    let b = zeros_then_ones();
    let mut p = Position::new(&b);
    let mut test = DeadTest::new(&p);
    assert!(!test.provably_dead(&mut p));
    assert!(test.conflict().is_empty());
    let zeros = p.tiles_of(0).to_vec();
    p.set_level(1);
    p.commit(zeros[0], zeros[2]);
    p.commit(zeros[1], zeros[3]);
    assert!(test.provably_dead(&mut p));
    assert_eq!(test.conflict(), &[0]);
    assert_eq!(test.reason(), Some(&[1, 1, 1, 1, 1, 1][..]));
}

#[test]
fn a_kept_core_covers_positions_where_its_pairs_stay_disallowed() {
    // The 0s paired (first, third), (second, fourth).
    let b = zeros_then_ones();
    let mut p = Position::new(&b);
    let mut test = DeadTest::new(&p);
    let zeros = p.tiles_of(0).to_vec();
    let ones = p.tiles_of(1).to_vec();
    p.set_level(1);
    p.commit(zeros[0], zeros[2]);
    p.commit(zeros[1], zeros[3]);
    assert!(test.provably_dead(&mut p));
    let (core, pairs) = test.proof();
    // The core is the four 0s; its pairs are the neighbours (both ways).
    assert_eq!(core, &[0b1111 << zeros[0]]);
    assert_eq!(pairs.len(), 6);
    let mut kept = Nogoods::default();
    kept.learn(core.into(), pairs.into());
    assert_eq!(kept.covering(&p).map(|c| c.levels), Some(vec![1; 6]));
    // Other tiles gone: still covered, the proof rests on the same changes.
    p.set_level(2);
    p.apply(ones[0], ones[1]);
    assert_eq!(kept.covering(&p).map(|c| c.levels), Some(vec![1; 6]));
    // The pairings undone: not covered.
    p.undo_to(0, 0);
    assert!(kept.covering(&p).is_none());
}
