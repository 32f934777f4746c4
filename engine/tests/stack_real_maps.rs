//! The four captured real 羊了个羊 level-2 maps (tests/data/sheep-maps, imported with
//! `stack::import`): the current solver wins each within a fixed node budget and its
//! line replays to a win on a `StackBoard`. (The baseline search answers `unknown` on
//! captured-255 and captured-264 within the same budget; speed is measured by
//! `llk bench-stack`, not here.)

use llk_engine::classic::Budget;
use llk_engine::stack::import::import_map;
use llk_engine::stack::solver::solve_with_stats;
use llk_engine::stack::{Position, StackBoard, StackStatus, StackVerdict};

fn read(name: &str) -> String {
    let path = format!(
        "{}/tests/data/sheep-maps/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_captured_map_is_won_with_a_line_that_replays() {
    for n in [192, 255, 264, 270] {
        let file = import_map(&read(&format!("captured-{n}.json")), 7).expect("imports");
        let on_board = vec![true; file.layout.len()];
        let pos = Position {
            layout: &file.layout,
            on_board: &on_board,
            held: &[],
            tray: &[],
            capacity: file.tray,
        };
        let (verdict, stats) = solve_with_stats(&pos, Budget::nodes(4_000_000), &mut || false);
        let StackVerdict::Winnable(line) = verdict else {
            panic!("captured-{n}: {verdict:?} after {} nodes", stats.nodes);
        };
        let mut board = StackBoard::new(file.layout.clone(), file.tray).expect("a board");
        for id in line {
            board.take(id).expect("a legal take");
        }
        assert_eq!(board.status(), StackStatus::Won, "captured-{n}");
        eprintln!("captured-{n}: won after {} nodes", stats.nodes);
    }
}
