//! Deals: solvable deals replay their own solution to an empty board for every preset,
//! kind counts are even, the same seed gives the same board (golden board), and bad
//! options are refused with a typed error.

mod common;

use std::collections::BTreeMap;

use llk_engine::classic::layout::PRESETS;
use llk_engine::classic::{deal, Board, DealOptions, Pos};
use llk_engine::EngineError;

/// Replays `moves` on a copy of `board`: each must be a same-kind pair that connects at
/// that moment. Returns the board afterwards.
fn replay(board: &Board, moves: &[(Pos, Pos)]) -> Result<Board, String> {
    let mut b = board.clone();
    for (i, &(x, y)) in moves.iter().enumerate() {
        if !b.can_link(x, y) {
            return Err(format!("move {i} {x:?}-{y:?} does not connect"));
        }
        b.set(x, None).map_err(|e| e.to_string())?;
        b.set(y, None).map_err(|e| e.to_string())?;
    }
    Ok(b)
}

fn kind_counts(b: &Board) -> BTreeMap<u16, usize> {
    let mut m = BTreeMap::new();
    for (_, k) in b.tiles() {
        *m.entry(k).or_default() += 1;
    }
    m
}

fn opts(
    rows: usize,
    cols: usize,
    kinds: usize,
    seed: u64,
    solvable: bool,
    ring: bool,
) -> DealOptions {
    DealOptions {
        rows,
        cols,
        kinds,
        seed,
        solvable,
        ring,
    }
}

/// 10,000 solvable deals of one preset, ring on and off alternating: each replays its
/// solution to an empty board and has an even count of every kind.
fn check_preset(name: &str) {
    let preset = PRESETS
        .iter()
        .find(|p| p.name == name)
        .expect("known preset");
    for seed in 0..10_000u64 {
        let o = opts(
            preset.rows,
            preset.cols,
            preset.kinds,
            seed,
            true,
            seed % 2 == 0,
        );
        let d = deal(&o).expect("preset deals");
        assert_eq!(d.board.tiles_left(), preset.rows * preset.cols);
        let counts = kind_counts(&d.board);
        assert!(counts.values().all(|n| n % 2 == 0));
        assert_eq!(counts.len(), preset.kinds);
        let solution = d.solution.expect("solvable deal keeps its solution");
        let end = replay(&d.board, &solution).unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
        assert!(end.is_cleared(), "{name} seed {seed}");
    }
}

#[test]
fn solvable_deals_replay_10x10() {
    check_preset("10x10");
}
#[test]
fn solvable_deals_replay_14x6() {
    check_preset("14x6");
}
#[test]
fn solvable_deals_replay_16x9() {
    check_preset("16x9");
}
#[test]
fn solvable_deals_replay_18x8() {
    check_preset("18x8");
}
#[test]
fn solvable_deals_replay_24x12() {
    check_preset("24x12");
}
#[test]
fn solvable_deals_replay_26x14() {
    check_preset("26x14");
}
#[test]
fn solvable_deals_replay_30x16() {
    check_preset("30x16");
}

#[test]
fn random_deals_are_permutations_with_even_counts() {
    for seed in 0..200 {
        let d = deal(&opts(8, 18, 36, seed, false, true)).unwrap();
        assert!(d.solution.is_none());
        let counts = kind_counts(&d.board);
        assert_eq!(counts.len(), 36);
        assert!(counts.values().all(|&n| n == 4));
    }
}

#[test]
fn same_seed_same_board_and_seeds_differ() {
    let a = deal(&opts(8, 18, 36, 42, true, true)).unwrap();
    let b = deal(&opts(8, 18, 36, 42, true, true)).unwrap();
    let c = deal(&opts(8, 18, 36, 43, true, true)).unwrap();
    assert_eq!(a, b);
    assert_ne!(a.board, c.board);
}

/// Pins the exact boards for fixed seeds: a change here breaks every shared seed.
#[test]
fn golden_boards() {
    let show = |b: &Board| -> Vec<String> {
        b.to_rows()
            .iter()
            .map(|r| {
                r.iter()
                    .map(|c| c.map_or(" .".to_string(), |k| format!("{k:2}")))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    let solvable = deal(&opts(4, 6, 6, 2026, true, true)).unwrap();
    let random = deal(&opts(4, 6, 6, 2026, false, true)).unwrap();
    assert_eq!(
        show(&solvable.board),
        GOLDEN_SOLVABLE,
        "solvable golden board changed"
    );
    assert_eq!(
        show(&random.board),
        GOLDEN_RANDOM,
        "random golden board changed"
    );
}

const GOLDEN_SOLVABLE: [&str; 4] = [
    " 4  1  2  1  5  2",
    " 2  3  0  0  3  1",
    " 4  0  0  1  4  4",
    " 5  3  2  5  5  3",
];
const GOLDEN_RANDOM: [&str; 4] = [
    " 2  1  2  4  3  1",
    " 2  5  1  0  0  5",
    " 3  5  2  1  4  5",
    " 4  4  0  3  3  0",
];

#[test]
fn refuses_impossible_options() {
    for o in [
        opts(0, 4, 2, 0, true, true),
        opts(3, 3, 2, 0, true, true),
        opts(2, 2, 3, 0, false, true),
        opts(2, 2, 0, 0, false, true),
        opts(257, 2, 2, 0, false, true),
    ] {
        assert!(
            matches!(deal(&o), Err(EngineError::BadDealOptions(_))),
            "{o:?}"
        );
    }
}
