//! The `llk` binary end to end: every subcommand's output checked against the library,
//! and every kind of bad input refused with one stderr line and exit code 2.

mod common;

use std::process::{Output, Stdio};

use common::llk::{ok_json, refused, run_to as llk_to};
use common::reference::check_path;
use llk_engine::classic::{deal, hint, Board, Budget, DealOptions, Pos};
use serde_json::{json, Value};

fn llk(args: &[&str], stdin: &str) -> Output {
    llk_to(args, stdin, Stdio::piped())
}

fn board_json(board: &Board) -> String {
    serde_json::to_string(&board.to_rows()).expect("rows encode")
}

fn dealt(seed: u64, solvable: bool) -> Board {
    deal(&DealOptions {
        rows: 8,
        cols: 18,
        kinds: 36,
        seed,
        solvable,
        ring: true,
    })
    .expect("valid deal")
    .board
}

fn pos(v: &Value) -> Pos {
    let pair: (i16, i16) = serde_json::from_value(v.clone()).expect("a [r,c] point");
    Pos::from(pair)
}

fn points(v: &Value) -> Vec<Pos> {
    v.as_array()
        .expect("a list of points")
        .iter()
        .map(pos)
        .collect()
}

/// Writes `text` to a fresh file for a test and returns its path.
fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("llk-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("temp file");
    path.to_string_lossy().into_owned()
}

#[test]
fn path_matches_the_library_and_is_legal() {
    let board = dealt(11, false);
    let file = temp_file("path.json", &board_json(&board));
    let tiles: Vec<(Pos, u16)> = board.tiles().collect();
    // Every connectable pair, plus a spread of other pairs (same kind or not).
    let mut queries: Vec<(Pos, Pos)> = board.pairs().iter().map(|p| (p.a, p.b)).collect();
    for (i, &(a, _)) in tiles.iter().enumerate().step_by(9) {
        for &(b, _) in tiles[i + 1..].iter().step_by(11) {
            queries.push((a, b));
        }
    }
    queries.push((tiles[0].0, tiles[0].0));
    let mut found = 0;
    for (a, b) in queries {
        let args: Vec<String> = [a.row, a.col, b.row, b.col]
            .iter()
            .map(i16::to_string)
            .collect();
        let mut argv = vec!["path", file.as_str()];
        argv.extend(args.iter().map(String::as_str));
        let out = ok_json(&argv, "");
        match board.find_path(a, b) {
            None => assert_eq!(out, json!({ "path": null }), "{a:?} {b:?}"),
            Some(p) => {
                found += 1;
                assert_eq!(board.get(a), board.get(b));
                let pts = points(&out["path"]);
                assert_eq!(pts, p.points());
                let (turns, len) = check_path(&board, a, b, &pts).expect("legal path");
                assert_eq!(out["turns"], json!(turns));
                assert_eq!(out["length"], json!(len));
                assert_eq!((turns, len), (p.turns(), p.length()));
            }
        }
    }
    // Neighbours of one kind: a straight path, from stdin too.
    let out = ok_json(&["path", "-", "0", "0", "0", "1"], "[[3,3]]");
    assert_eq!(
        out,
        json!({ "path": [[0, 0], [0, 1]], "turns": 0, "length": 1 })
    );
    // An empty cell, the same tile twice, two kinds: no path.
    for (stdin, args) in [
        ("[[3,null]]", ["0", "0", "0", "1"]),
        ("[[3,3]]", ["0", "1", "0", "1"]),
        ("[[3,4]]", ["0", "0", "0", "1"]),
    ] {
        let mut argv = vec!["path", "-"];
        argv.extend(args);
        assert_eq!(ok_json(&argv, stdin), json!({ "path": null }));
    }
    // Around the outside, unless the border is closed.
    let around = "[[1,2,1],[2,2,2]]";
    let out = ok_json(&["path", "-", "0", "0", "0", "2"], around);
    assert_eq!(out["turns"], json!(2));
    assert_eq!(
        ok_json(&["path", "-", "0", "0", "0", "2", "--no-border"], around),
        json!({ "path": null })
    );
    assert!(found > 0);
}

#[test]
fn pairs_lists_the_library_pairs_with_legal_paths() {
    for seed in [1, 2] {
        let board = dealt(seed, false);
        let out = ok_json(&["pairs", "-"], &board_json(&board));
        assert_eq!(out, json!({ "pairs": board.pairs() }));
        for pair in out["pairs"].as_array().expect("a list") {
            let (a, b) = (pos(&pair["a"]), pos(&pair["b"]));
            assert_eq!(board.get(a), board.get(b));
            check_path(&board, a, b, &points(&pair["path"])).expect("legal path");
        }
    }
    let closed = ok_json(&["pairs", "-", "--no-border"], "[[1,2,1],[2,2,2]]");
    assert_eq!(closed["pairs"].as_array().map(Vec::len), Some(3));
}

#[test]
fn hint_is_the_library_hint_or_null_when_stuck() {
    let board = dealt(3, true);
    let out = ok_json(&["hint", "-"], &board_json(&board));
    let expected = hint(&board, Budget::DEFAULT).expect("a solvable deal has a hint");
    assert_eq!(out, json!({ "hint": expected }));
    let (a, b) = (pos(&out["hint"]["a"]), pos(&out["hint"]["b"]));
    check_path(&board, a, b, &points(&out["hint"]["path"])).expect("legal path");
    assert_eq!(
        ok_json(&["hint", "-", "--no-border"], "[[0,1],[1,0]]"),
        json!({ "hint": null })
    );
}

/// Plays `moves` on `board`, checking each links; returns whether the board ends empty.
fn replay(mut board: Board, moves: &Value) -> bool {
    for m in moves.as_array().expect("a list of moves") {
        let (a, b) = (pos(&m[0]), pos(&m[1]));
        assert!(
            board.find_path(a, b).is_some(),
            "move {a:?} {b:?} does not link"
        );
        board.set(a, None).expect("on the board");
        board.set(b, None).expect("on the board");
    }
    board.is_cleared()
}

#[test]
fn solve_moves_replay_to_an_empty_board() {
    let board = dealt(4, true);
    let text = board_json(&board);
    let out = ok_json(&["solve", "-"], &text);
    assert_eq!(out["result"], json!("solvable"));
    assert!(replay(board.clone(), &out["moves"]));
    let timed = ok_json(&["solve", "-", "--budget-ms", "5000"], &text);
    assert_eq!(timed["result"], json!("solvable"));
    assert!(replay(board, &timed["moves"]));
    // The solver is anytime: a time budget reaches the same answer after the same nodes as
    // the default node budget, and so does a budget of exactly those nodes.
    assert_eq!(timed, out);
    let nodes = out["nodes"].as_u64().expect("a node count");
    let exact = ok_json(&["solve", "-", "--nodes", &nodes.to_string()], &text);
    assert_eq!(exact, out);
    assert_eq!(
        ok_json(&["solve", "-", "--no-border"], "[[0,1],[1,0]]"),
        json!({ "result": "unsolvable", "nodes": 1 })
    );
    assert_eq!(
        ok_json(&["solve", "-"], "[[null]]"),
        json!({ "result": "solvable", "moves": [], "nodes": 0 })
    );
}

#[test]
fn deal_is_reproducible_and_solvable_when_asked() {
    let args = [
        "deal",
        "--rows",
        "8",
        "--cols",
        "18",
        "--kinds",
        "36",
        "--seed",
        "42",
        "--solvable",
    ];
    let first = ok_json(&args, "");
    assert_eq!(first, ok_json(&args, ""), "same seed, same board");
    let rows = first.as_array().expect("rows");
    assert_eq!(rows.len(), 8);
    let mut counts = [0usize; 36];
    for row in rows {
        let cells = row.as_array().expect("cells");
        assert_eq!(cells.len(), 18);
        for cell in cells {
            counts[cell.as_u64().expect("full board") as usize] += 1;
        }
    }
    assert!(counts.iter().all(|&n| n == 4), "{counts:?}");
    let text = first.to_string();
    let solved = ok_json(&["solve", "-"], &text);
    assert_eq!(solved["result"], json!("solvable"));
    let grid: Vec<Vec<Option<u64>>> = serde_json::from_value(first).expect("grid");
    assert!(replay(
        Board::from_rows(&grid, true).expect("valid"),
        &solved["moves"]
    ));

    let other = ok_json(
        &["deal", "--rows=8", "--cols=18", "--kinds=36", "--seed=43"],
        "",
    );
    assert_ne!(other.to_string(), text);
    let closed = ok_json(
        &[
            "deal",
            "--rows",
            "4",
            "--cols",
            "4",
            "--kinds",
            "4",
            "--seed",
            "1",
            "--solvable",
            "--no-border",
        ],
        "",
    );
    let solved = ok_json(&["solve", "-", "--no-border"], &closed.to_string());
    assert_eq!(solved["result"], json!("solvable"));
    // Without --seed: still a valid board.
    let unseeded = ok_json(&["deal", "--rows", "2", "--cols", "2", "--kinds", "1"], "");
    assert_eq!(unseeded, json!([[0, 0], [0, 0]]));
}

#[test]
fn help_and_version() {
    for args in [&["--help"][..], &["help"], &["-h"]] {
        let out = llk(args, "");
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).expect("utf-8");
        assert!(text.contains("llk solve BOARD") && text.contains("--budget-ms"));
    }
    let out = llk(&["--version"], "");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).expect("utf-8"),
        format!("llk {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn bad_input_is_refused_with_one_line_and_exit_2() {
    let board = "[[0,0],[1,1]]";
    let file = temp_file("ok.json", board);
    let f = file.as_str();
    let cases: &[(&[&str], &str)] = &[
        // Malformed boards.
        (&["pairs", "-"], "[[0,1]"),
        (&["pairs", "-"], ""),
        (&["pairs", "-"], "[[0,0]] trailing"),
        (&["pairs", "-"], "{\"rows\": 1}"),
        (&["pairs", "-"], "[0, 0]"),
        (&["pairs", "-"], "[[0,0],[1]]"),
        (&["pairs", "-"], "[[1.5,1.5]]"),
        (&["pairs", "-"], "[[\"a\",\"a\"]]"),
        (&["pairs", "-"], "[[true,true]]"),
        (&["pairs", "-"], "[[-1,-1]]"),
        (&["pairs", "-"], "[[1e40,1e40]]"),
        (&["pairs", "-"], "[[70000,70000]]"),
        (&["pairs", "-"], "[]"),
        (&["pairs", "-"], "[[]]"),
        (&["hint", "-"], "nope"),
        (&["solve", "-"], "[[0],[0,0]]"),
        // Coordinates.
        (&["path", f, "0", "0", "2", "0"], ""),
        (&["path", f, "0", "0", "0", "2"], ""),
        (&["path", f, "-1", "0", "0", "1"], ""),
        (&["path", f, "0", "0", "99999999999", "1"], ""),
        (&["path", f, "0", "x", "0", "1"], ""),
        (&["path", f, "0", "0.5", "0", "1"], ""),
        // Missing and extra arguments, unknown flags.
        (&[], ""),
        (&["frobnicate"], ""),
        (&["path", f, "0", "0", "0"], ""),
        (&["path", f, "0", "0", "0", "1", "7"], ""),
        (&["pairs"], ""),
        (&["pairs", f, "extra"], ""),
        (&["pairs", f, "--frobnicate"], ""),
        (&["pairs", f, "-x"], ""),
        (&["pairs", f, "--no-border", "--no-border"], ""),
        (&["hint", f, "--budget-ms", "5"], ""),
        (&["solve", f, "--budget-ms"], ""),
        (&["solve", f, "--budget-ms", "-5"], ""),
        (&["solve", f, "--budget-ms", "soon"], ""),
        (&["bench", "now"], ""),
        (&["help", "me"], ""),
        (&["--version", "2"], ""),
        // Impossible deals.
        (&["deal", "--rows", "3", "--cols", "3", "--kinds", "1"], ""),
        (&["deal", "--rows", "2", "--cols", "2", "--kinds", "0"], ""),
        (&["deal", "--rows", "2", "--cols", "2", "--kinds", "3"], ""),
        (&["deal", "--rows", "0", "--cols", "2", "--kinds", "1"], ""),
        (
            &["deal", "--rows", "300", "--cols", "2", "--kinds", "1"],
            "",
        ),
        (&["deal", "--rows", "2", "--cols", "2"], ""),
        (&["deal", "--rows", "-2", "--cols", "2", "--kinds", "1"], ""),
        (
            &[
                "deal", "--rows", "2", "--cols", "2", "--kinds", "1", "--seed", "x",
            ],
            "",
        ),
        (
            &[
                "deal", "--rows", "2", "--cols", "2", "--kinds", "1", "extra",
            ],
            "",
        ),
        // Unreadable files.
        (&["pairs", "/nonexistent/llk/board.json"], ""),
        (&["pairs", "/"], ""),
    ];
    for (args, stdin) in cases {
        refused(args, stdin);
    }
    let msg = refused(&["path", f, "0", "0", "5", "0"], "");
    assert!(msg.contains("outside"), "{msg}");
    let msg = refused(&["pairs", "-"], "[[0,0],[1]]");
    assert!(msg.contains("row 1"), "{msg}");
}

#[test]
fn a_closed_stdout_is_a_quiet_exit() {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let board = board_json(&dealt(9, false));
    let out = llk_to(&["pairs", "-"], &board, Stdio::from(writer));
    assert!(out.status.success(), "{:?}", out.status);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
