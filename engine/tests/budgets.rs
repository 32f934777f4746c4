//! Every solver honours its interrupt on the inputs where one search node is huge: boards
//! of 1-3 kinds up to the largest the CLI accepts (256×256 classic and slide boards,
//! stack files of about a thousand free tiles). The engine has no clock, so these are
//! deterministic checks that the interrupt is *polled* often enough (work between polls
//! is bounded), not timings: the CLI's `--budget-ms` is one such interrupt, and its
//! elapsed times are measured in `engine/BENCHMARKS.md`.
//!
//! The classic and slide solvers poll every 2,048 link checks (and on the first node and
//! every 1,024 nodes); the stack solver every 1,024 nodes and every 2^20 candidate
//! comparisons (a node compares its free tiles pairwise).

use llk_engine::classic::slide::{solve_with_stats as slide_solve, SlideRule};
use llk_engine::classic::solver::solve_with_stats;
use llk_engine::classic::{Board, Budget, SolveStats, Verdict, MAX_SIDE};
use llk_engine::stack::solver::solve_with_stats as stack_solve;
use llk_engine::stack::{Layout, Position, StackVerdict, Tile};
use proptest::prelude::*;

/// Link checks between two polls of the classic and slide solvers.
const POLL_WORK: u64 = 2048;

/// A full `rows`×`cols` board of `kinds` kinds, every kind an even number of times (one
/// cell left empty when the area is odd), shuffled by `seed`.
fn board(rows: usize, cols: usize, kinds: u64, seed: u64, border: bool) -> Board {
    let n = rows * cols / 2 * 2;
    let mut cells: Vec<Option<u64>> = (0..n).map(|i| Some((i as u64 / 2) % kinds)).collect();
    cells.resize(rows * cols, None);
    let mut x = seed | 1;
    for i in (1..cells.len()).rev() {
        // xorshift64: a plain shuffle, enough to scatter the kinds.
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        cells.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let grid: Vec<Vec<Option<u64>>> = cells.chunks(cols).map(<[_]>::to_vec).collect();
    Board::from_rows(&grid, border).expect("a valid board")
}

/// Runs `solve` with an interrupt that fires on its fifth poll: the search must stop
/// within a poll's worth of work of it (plus the loops winding down: about a pass over
/// the tiles for each part of a node), and not poll again. The node budget only ends
/// the search if polling is broken (then the work check fails) on the smaller boards.
fn check_polling(
    tiles: u64,
    mut solve: impl FnMut(Budget, &mut dyn FnMut() -> bool) -> (Verdict, SolveStats),
) {
    const FIRES_ON: u64 = 5;
    let mut calls = 0u64;
    let (_, st) = solve(Budget::nodes(50), &mut || {
        calls += 1;
        calls >= FIRES_ON
    });
    assert!(
        calls <= FIRES_ON,
        "polled {calls} times: again after it fired"
    );
    assert!(
        st.link_checks <= FIRES_ON * POLL_WORK + 8 * tiles,
        "{st:?} for {tiles} tiles, {calls} polls: too much work between polls"
    );
}

/// Board sides: the largest the CLI accepts, and some smaller (where a broken poll fails
/// the check quickly instead of running for minutes).
fn side() -> impl Strategy<Value = usize> {
    prop_oneof![Just(MAX_SIDE), Just(200), 1..=MAX_SIDE, 20..=60usize]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn classic_solver_polls_on_huge_boards_of_few_kinds(
        rows in side(), cols in side(), kinds in 1..=3u64, seed: u64, border: bool,
    ) {
        let b = board(rows, cols, kinds, seed, border);
        let tiles = (rows * cols) as u64;
        check_polling(tiles, |budget, interrupt| solve_with_stats(&b, budget, interrupt));
    }

    #[test]
    fn slide_solver_polls_on_huge_boards_of_few_kinds(
        rows in side(), cols in side(), kinds in 1..=3u64, seed: u64, border: bool,
        rule in 1..SlideRule::ALL.len(),
    ) {
        let b = board(rows, cols, kinds, seed, border);
        let rule = SlideRule::ALL[rule];
        let tiles = (rows * cols) as u64;
        check_polling(tiles, |budget, interrupt| slide_solve(&b, rule, budget, interrupt));
    }
}

/// A stack layout of `n` tiles on `layers` layers (a 32-wide grid each, every other
/// layer offset by half a tile), kinds in triples: 1-3 kinds, or 64 (the most allowed).
fn stack_layout(n: usize, layers: usize, kinds: usize) -> Layout {
    let per_layer = n.div_ceil(layers);
    let tiles = (0..n)
        .map(|i| {
            let (z, j) = (i / per_layer, i % per_layer);
            let shift = 4 * (z % 2) as i32;
            Tile {
                x: 8 * (j % 32) as i32 + shift,
                y: 8 * (j / 32) as i32 + shift,
                z: z as i32,
                kind: ((i / 3) % kinds) as u16,
            }
        })
        .collect();
    Layout::new(tiles).expect("a valid layout")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every node of these compares about a million pairs of free tiles: the interrupt,
    /// firing on its second poll, stops the search within a few nodes (polling by nodes
    /// alone would run 2,048 of them, seconds of work).
    #[test]
    fn stack_solver_polls_on_a_thousand_free_tiles(
        triples in 334..=341usize, layers in 1..=2usize, kinds in prop_oneof![1..=3usize, Just(64)],
    ) {
        let layout = stack_layout(3 * triples, layers, kinds);
        let on_board = vec![true; layout.len()];
        let pos = Position { layout: &layout, on_board: &on_board, held: &[], tray: &[], capacity: 7 };
        let mut calls = 0;
        let (verdict, st) = stack_solve(&pos, Budget::nodes(u64::MAX), &mut || {
            calls += 1;
            calls >= 2
        });
        prop_assert_eq!(verdict, StackVerdict::Unknown);
        prop_assert!(st.nodes <= 16, "{:?}: {} polls", st, calls);
    }
}
