//! Property test: the fast link search agrees with the reference search on random
//! boards of every size up to 12×16 and every density, with and without the ring, and on
//! boards whose padded rows or columns need more than one word of occupancy bits.

mod common;

use common::reference::{best_cost, check_path};
use llk_engine::classic::{Board, Pos};
use proptest::prelude::*;

/// (rows, cols, ring, cells, pair picks): cells hold `None` or a kind in 0..kinds.
fn arb_case() -> impl Strategy<Value = (Board, Vec<(usize, usize)>)> {
    arb_sized(1..=12, 1..=16)
}

/// As [`arb_case`], with the sides drawn from `rows` and `cols`.
fn arb_sized(
    rows: std::ops::RangeInclusive<usize>,
    cols: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = (Board, Vec<(usize, usize)>)> {
    (rows, cols, any::<bool>(), 0u32..=100, 1u64..=4).prop_flat_map(
        |(rows, cols, ring, density, kinds)| {
            (
                Just((rows, cols, ring)),
                prop::collection::vec((0u32..100, 0..kinds), rows * cols),
                prop::collection::vec((any::<usize>(), any::<usize>()), 24),
            )
                .prop_map(move |((rows, cols, ring), cells, picks)| {
                    let grid: Vec<Vec<Option<u64>>> = cells
                        .chunks(cols)
                        .map(|row| {
                            row.iter()
                                .map(|&(roll, kind)| (roll < density).then_some(kind))
                                .collect()
                        })
                        .collect();
                    debug_assert_eq!(grid.len(), rows);
                    (Board::from_rows(&grid, ring).unwrap(), picks)
                })
        },
    )
}

fn check_pair(board: &Board, a: Pos, b: Pos) -> Result<(), TestCaseError> {
    let fast = board.find_path(a, b);
    prop_assert_eq!(
        board.can_link(a, b),
        fast.is_some(),
        "can_link vs find_path at {:?} {:?}",
        a,
        b
    );
    let same_kind = a != b && board.get(a).is_some() && board.get(a) == board.get(b);
    if !same_kind {
        prop_assert!(
            fast.is_none(),
            "path between non-matching cells {:?} {:?}",
            a,
            b
        );
        return Ok(());
    }
    let want = best_cost(board, a, b);
    match (fast, want) {
        (None, None) => {}
        (Some(path), Some(cost)) => {
            let got = check_path(board, a, b, path.points()).map_err(|e| {
                TestCaseError::fail(format!("illegal path {:?}: {e}", path.points()))
            })?;
            prop_assert_eq!(got, cost, "not optimal: {:?}", path.points());
            prop_assert_eq!((path.turns(), path.length()), cost);
        }
        (f, w) => prop_assert!(
            false,
            "disagree at {:?} {:?}: fast {:?}, reference {:?}",
            a,
            b,
            f.map(|p| p.points().to_vec()),
            w
        ),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fast_search_matches_reference((board, picks) in arb_case()) {
        let tiles: Vec<Pos> = board.tiles().map(|(p, _)| p).collect();
        if tiles.len() >= 2 {
            for (i, j) in picks {
                check_pair(&board, tiles[i % tiles.len()], tiles[j % tiles.len()])?;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Small boards: every pair of cells, so no pair of positions goes untried.
    #[test]
    fn every_pair_on_small_boards((board, _) in arb_case().prop_filter("small", |(b, _)| b.rows() * b.cols() <= 30)) {
        let tiles: Vec<Pos> = board.tiles().map(|(p, _)| p).collect();
        for &a in &tiles {
            for &b in &tiles {
                check_pair(&board, a, b)?;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Boards around the one-word limit (padded sides 63 to 68): the multi-word bit lines
    /// and the general search they fall back to.
    #[test]
    fn wide_and_tall_boards_match_reference(
        (board, picks) in prop_oneof![arb_sized(1..=4, 61..=66), arb_sized(61..=66, 1..=4)]
    ) {
        let tiles: Vec<Pos> = board.tiles().map(|(p, _)| p).collect();
        if tiles.len() >= 2 {
            for (i, j) in picks {
                check_pair(&board, tiles[i % tiles.len()], tiles[j % tiles.len()])?;
            }
        }
    }
}
