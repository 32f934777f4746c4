//! The refutation search inside the solver: a position the main search cannot decide
//! within its budget (a pile of four kinds that can never be cleared, beside many free
//! tiles of other kinds whose take orders the main search would have to exhaust) is
//! proven lost by it, within the same budget, while the search without it answers
//! unknown; `llk stack solve` gives that proof as its usual `unwinnable` answer.

mod common;

use common::llk::ok_json;
use llk_engine::classic::Budget;
use llk_engine::stack::game::LEVEL_JUDGE_BUDGET;
use llk_engine::stack::solver::{solve_with_strategy, Strategy};
use llk_engine::stack::{file, Layout, Position, StackVerdict, Tile};

/// One column of 12 tiles, kinds 0 1 2 3 0 1 2 3 0 1 2 3 from the top, and 60 free tiles
/// of 10 other kinds, six each, side by side on layer 1, each on a tile of its kind. With a 7-slot tray
/// the column cannot be taken down: its first six tiles fill six slots without a triple,
/// and the seventh (a second kind-2 tile) would fill the last one; free tiles taken in
/// between only add to the tray. (Six of a kind, not three: a kind whose last three tiles
/// are all free is taken at once by the search's exposed-triple rule, which would leave
/// the main search nothing to exhaust.)
fn lost_pile_beside_free_tiles() -> Layout {
    let mut tiles: Vec<Tile> = (0..12)
        .map(|i| Tile {
            x: 0,
            y: 0,
            z: 11 - i,
            kind: (i % 4) as u16,
        })
        .collect();
    // Each free tile lies on a tile of its kind: a free tile that covered nothing (a
    // leaf) would be taken only to complete a triple ("Leaves wait for their triple" in
    // the solver's module doc), which leaves the main search few orders to exhaust.
    for z in [0, 1] {
        tiles.extend((0..60).map(|i| Tile {
            x: 8 + 4 * (i % 20),
            y: 8 + 4 * (i / 20),
            z,
            kind: 4 + (i % 10) as u16,
        }));
    }
    Layout::new(tiles).expect("no two tiles of a layer overlap")
}

#[test]
fn the_refutation_proves_what_the_main_search_cannot_decide() {
    let layout = lost_pile_beside_free_tiles();
    let on_board = vec![true; layout.len()];
    let pos = Position {
        layout: &layout,
        on_board: &on_board,
        held: &[],
        tray: &[],
        capacity: 7,
    };
    let budget = Budget::nodes(400_000);
    let (plain, _) = solve_with_strategy(&pos, budget, &mut || false, Strategy::Unrefuted);
    assert_eq!(plain, StackVerdict::Unknown);
    let (verdict, stats) = solve_with_strategy(&pos, budget, &mut || false, Strategy::Current);
    assert_eq!(verdict, StackVerdict::Unwinnable);
    assert!(stats.refute_nodes > 0);
    assert!(stats.nodes + stats.refute_nodes <= budget.max_nodes);
    // The app judges a brought level with this budget (the refutation has the 38,368
    // nodes left after the main search's probe): the proof fits.
    let (judged, _) =
        solve_with_strategy(&pos, LEVEL_JUDGE_BUDGET, &mut || false, Strategy::Current);
    assert_eq!(judged, StackVerdict::Unwinnable);
}

#[test]
fn stack_solve_answers_unwinnable_from_the_refutation() {
    let text = file::to_json(7, &lost_pile_beside_free_tiles(), None).expect("serializes");
    let plain = ok_json(&["stack", "solve", "-"], &text);
    assert_eq!(plain["result"], "unwinnable", "{plain}");
    // a time budget: the same proof after the same nodes
    let timed = ok_json(&["stack", "solve", "-", "--budget-ms", "5000"], &text);
    assert_eq!(timed, plain);
}
