//! Shuffle: keeps each tile's kind count and the occupied cells, never leaves a board
//! without a move, and in solvable mode leaves a board whose solution replays.

mod common;

use std::collections::BTreeMap;

use llk_engine::classic::shuffle::shuffle;
use llk_engine::classic::solver::{solve, Budget, Verdict};
use llk_engine::classic::{deal, Board, DealOptions, Pos};
use proptest::prelude::*;

fn census(b: &Board) -> (Vec<Pos>, BTreeMap<u16, usize>) {
    let mut counts = BTreeMap::new();
    let cells = b
        .tiles()
        .map(|(p, k)| {
            *counts.entry(k).or_default() += 1;
            p
        })
        .collect();
    (cells, counts)
}

/// A partly played board: a solvable deal with the first `played` moves of its solution made.
fn partly_played(
    rows: usize,
    cols: usize,
    kinds: usize,
    seed: u64,
    ring: bool,
    played: usize,
) -> Board {
    let d = deal(&DealOptions {
        rows,
        cols,
        kinds,
        seed,
        solvable: true,
        ring,
    })
    .expect("valid deal");
    let mut b = d.board;
    for &(x, y) in d.solution.expect("solvable").iter().take(played) {
        b.set(x, None).expect("in bounds");
        b.set(y, None).expect("in bounds");
    }
    b
}

fn replays_to_empty(board: &Board, moves: &[(Pos, Pos)]) -> bool {
    let mut b = board.clone();
    for &(x, y) in moves {
        if !b.can_link(x, y) {
            return false;
        }
        let _ = b.set(x, None);
        let _ = b.set(y, None);
    }
    b.is_cleared()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn shuffle_keeps_tiles_and_is_never_stuck(
        (rows, cols) in prop_oneof![Just((8usize, 18usize)), Just((6, 14)), Just((4, 4)), Just((2, 3))],
        seed in any::<u64>(), stream in any::<u64>(), ring in any::<bool>(), solvable in any::<bool>(), frac in 0usize..100,
    ) {
        let kinds = (rows * cols / 4).max(1);
        let played = rows * cols / 2 * frac / 100;
        let before = partly_played(rows, cols, kinds, seed, ring, played);
        let mut after = before.clone();
        let solution = shuffle(&mut after, seed, stream, solvable);
        prop_assert_eq!(census(&before), census(&after));
        if !before.is_cleared() {
            prop_assert!(!after.is_stuck(), "stuck after shuffle");
        }
        if solvable {
            let moves = solution.expect("solvable shuffle returns its solution");
            prop_assert!(replays_to_empty(&after, &moves));
        }
    }
}

#[test]
fn shuffle_unsticks_the_closed_ring_deadlock() {
    let grid = vec![vec![Some(0), Some(1), None], vec![Some(1), Some(0), None]];
    let mut b = Board::from_rows(&grid, false).unwrap();
    assert!(b.is_stuck());
    for stream in 0..50 {
        let mut c = b.clone();
        shuffle(&mut c, 9, stream, false);
        assert!(!c.is_stuck());
    }
    let moves = shuffle(&mut b, 9, 0, true).expect("solvable");
    assert!(replays_to_empty(&b, &moves));
    assert!(matches!(solve(&b, Budget::DEFAULT), Verdict::Solvable(_)));
}

#[test]
fn same_seed_and_stream_same_shuffle() {
    let b = partly_played(8, 18, 36, 5, true, 20);
    let (mut x, mut y) = (b.clone(), b.clone());
    shuffle(&mut x, 1, 2, true);
    shuffle(&mut y, 1, 2, true);
    assert_eq!(x, y);
    let mut z = b.clone();
    shuffle(&mut z, 1, 3, true);
    assert_ne!(x, z);
}

#[test]
fn odd_counts_are_kept_and_do_not_panic() {
    let grid = vec![vec![Some(0), Some(0), Some(0), Some(1)]];
    let mut b = Board::from_rows(&grid, true).unwrap();
    let before = census(&b);
    assert!(shuffle(&mut b, 3, 0, true).is_none());
    assert_eq!(census(&b), before);
}
