//! `llk` under slide rules: `play`'s exact format and board, `--slide` on the board
//! commands and `deal`, and refusals (unknown rule, tiles that cannot be matched) as one
//! stderr line with exit code 2.

mod common;

use common::llk::{ok_json as ok, refused, run as llk};
use llk_engine::classic::deal::DealOptions;
use llk_engine::classic::slide::{self, SlideRule};
use llk_engine::classic::{Budget, Pos};
use serde_json::json;

#[test]
fn play_prints_path_board_and_moves_exactly() {
    // The 0s link straight through the gap (nothing slides: column 0 is packed); then
    // the adjacent 2s go and the 0 in column 2 falls to the bottom.
    let board = "[[0,null,0],[1,2,null],[1,2,null]]";
    let v = ok(&["play", "-", "0", "0", "0", "2", "--slide", "down"], board);
    assert_eq!(
        v,
        json!({
            "path": [[0, 0], [0, 2]],
            "board": [[null, null, null], [1, 2, null], [1, 2, null]],
            "moves": []
        })
    );
    let v = ok(&["play", "-", "1", "1", "2", "1", "--slide", "down"], board);
    assert_eq!(
        v,
        json!({
            "path": [[1, 1], [2, 1]],
            "board": [[0, null, null], [1, null, null], [1, null, 0]],
            "moves": [[[0, 2], [2, 2]]]
        })
    );
    // The fields in the contract's order.
    let raw =
        String::from_utf8(llk(&["play", "-", "1", "1", "2", "1", "--slide", "down"], board).stdout)
            .unwrap();
    assert_eq!(
        raw,
        "{\"path\":[[1,1],[2,1]],\"board\":[[0,null,null],[1,null,null],[1,null,0]],\"moves\":[[[0,2],[2,2]]]}\n"
    );
}

/// `play` agrees with the engine's match and slide on dealt boards under every rule.
#[test]
fn play_matches_the_engine_under_every_rule() {
    for rule in SlideRule::ALL {
        let d = slide::deal(
            &DealOptions {
                rows: 6,
                cols: 8,
                kinds: 6,
                seed: 4,
                solvable: true,
                ring: rule != SlideRule::Up,
            },
            rule,
        )
        .unwrap();
        let (a, b) = d.solution.unwrap()[0];
        let json = serde_json::to_string(&d.board.to_rows()).unwrap();
        let (r1, c1, r2, c2) = (
            a.row.to_string(),
            a.col.to_string(),
            b.row.to_string(),
            b.col.to_string(),
        );
        let mut args = vec!["play", "-", &r1, &c1, &r2, &c2, "--slide", rule.name()];
        if rule == SlideRule::Up {
            args.push("--no-border");
        }
        let v = ok(&args, &json);
        let mut board = d.board.clone();
        let played = slide::play(&mut board, rule, a, b).unwrap();
        assert_eq!(v["path"], serde_json::to_value(played.path).unwrap());
        assert_eq!(v["board"], serde_json::to_value(board.to_rows()).unwrap());
        assert_eq!(v["moves"], serde_json::to_value(&played.moves).unwrap());
        let mut removed = d.board.clone();
        removed.set(a, None).unwrap();
        removed.set(b, None).unwrap();
        let plain = common::slide::slide(&removed.to_rows(), rule);
        assert_eq!(v["board"], serde_json::to_value(plain).unwrap(), "{rule}");
    }
}

#[test]
fn slide_option_on_hint_solve_and_deal() {
    for rule in [SlideRule::Down, SlideRule::TogetherH] {
        let name = rule.name();
        let deal = ok(
            &[
                "deal",
                "--rows",
                "6",
                "--cols",
                "8",
                "--kinds",
                "6",
                "--seed",
                "9",
                "--solvable",
                "--slide",
                name,
            ],
            "",
        );
        let expect = slide::deal(
            &DealOptions {
                rows: 6,
                cols: 8,
                kinds: 6,
                seed: 9,
                solvable: true,
                ring: true,
            },
            rule,
        )
        .unwrap();
        assert_eq!(deal, serde_json::to_value(expect.board.to_rows()).unwrap());
        let text = deal.to_string();
        let solved = ok(&["solve", "-", "--slide", name], &text);
        assert_eq!(solved["result"], "solvable");
        let moves: Vec<(Pos, Pos)> = serde_json::from_value(solved["moves"].clone()).unwrap();
        assert!(common::exhaustive::replay_under(&expect.board, rule, &moves).is_ok());
        let h = ok(&["hint", "-", "--slide", name], &text);
        let want = slide::hint(&expect.board, rule, Budget::DEFAULT).unwrap();
        assert_eq!(h["hint"], serde_json::to_value(want).unwrap());
        // path and pairs accept the option and answer on the board as it is.
        let pairs = ok(&["pairs", "-", "--slide", name], &text);
        assert_eq!(pairs, ok(&["pairs", "-"], &text));
    }
}

#[test]
fn refusals_are_one_line_with_exit_2() {
    let board = "[[0,1],[1,0]]";
    let e = refused(&["play", "-", "0", "0", "1", "1", "--no-border"], board);
    assert!(e.contains("cannot be matched"), "{e}");
    refused(&["play", "-", "0", "0", "0", "1"], board);
    refused(&["play", "-", "0", "0", "5", "5"], board);
    let e = refused(&["solve", "-", "--slide", "sideways"], board);
    assert!(
        e.contains("unknown slide rule") && e.contains("together-v"),
        "{e}"
    );
    refused(
        &[
            "deal", "--rows", "2", "--cols", "2", "--kinds", "1", "--slide", "x",
        ],
        "",
    );
    refused(&["path", "-", "0", "0", "1", "1", "--slide"], board);
}
