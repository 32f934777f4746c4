//! `llk stack solve` and `llk stack hint` end to end: winning lines that replay (through
//! the library and through `llk stack play`), a proven unwinnable file, hints, and every
//! refusal as one stderr line with exit code 2.

mod common;

use common::llk::{ok_json, refused};
use llk_engine::stack::{deal, file, StackOptions, StackStatus, TileId};
use serde_json::{json, Value};

fn level_file(level: u32, seed: u64) -> String {
    let options = StackOptions {
        level: Some(level),
        seed,
        ..StackOptions::default()
    };
    let dealt = deal(&options).expect("level deals");
    file::to_json(options.tray, &dealt.layout, None).expect("serializes")
}

fn ids(v: &Value) -> Vec<TileId> {
    serde_json::from_value(v.clone()).expect("an array of ids")
}

/// Replays `moves` after the file's `taken` with the library: the status at the end.
fn status_after(text: &str, moves: &[TileId]) -> StackStatus {
    let parsed = file::parse(text).expect("valid file");
    let mut board = file::replay(&parsed).expect("taken replays");
    for &m in moves {
        board.take(m).expect("every move is a legal take");
    }
    board.status()
}

/// Twelve tiles in one column (so one order only), kinds top-down 0 1 2 3 0 0 …: the
/// fifth take fills a 5-slot tray.
fn column_file() -> String {
    let kinds = [3, 3, 2, 2, 1, 1, 0, 0, 3, 2, 1, 0];
    let tiles: Vec<Value> = kinds
        .iter()
        .enumerate()
        .map(|(z, k)| json!({"x": 0, "y": 0, "z": z, "kind": k}))
        .collect();
    json!({"tray": 5, "tiles": tiles}).to_string()
}

#[test]
fn solve_gives_a_line_that_wins_from_the_start_and_mid_game() {
    for level in [1, 3] {
        let text = level_file(level, 5);
        let v = ok_json(&["stack", "solve", "-"], &text);
        assert_eq!(v["result"], "winnable", "{v}");
        let moves = ids(&v["moves"]);
        assert_eq!(status_after(&text, &moves), StackStatus::Won);
        // The same line through `llk stack play`.
        let args: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let mut argv = vec!["stack", "play", "-"];
        argv.extend(args.iter().map(String::as_str));
        assert_eq!(ok_json(&argv, &text)["status"], "won");
        // Mid-game: the first half taken in the file.
        let mut file_json: Value = serde_json::from_str(&text).expect("json");
        file_json["taken"] = json!(moves[..moves.len() / 2]);
        let mid = file_json.to_string();
        let v = ok_json(&["stack", "solve", "-", "--budget-ms", "5000"], &mid);
        assert_eq!(v["result"], "winnable");
        let rest = ids(&v["moves"]);
        assert_eq!(rest.len(), moves.len() - moves.len() / 2);
        assert_eq!(status_after(&mid, &rest), StackStatus::Won);
    }
}

#[test]
fn an_unwinnable_file_is_proven_and_its_hint_says_lost() {
    let text = column_file();
    let v = ok_json(&["stack", "solve", "-"], &text);
    assert_eq!(v["result"], "unwinnable", "{v}");
    // The node count comes with every answer, the same with a time budget (the solver is
    // anytime) and with a budget of exactly those nodes; one node fewer does not decide.
    let nodes = v["nodes"].as_u64().expect("a node count");
    assert_eq!(
        ok_json(&["stack", "solve", "-", "--budget-ms", "10000"], &text),
        v
    );
    assert_eq!(
        ok_json(
            &["stack", "solve", "-", "--nodes", &nodes.to_string()],
            &text
        ),
        v
    );
    assert_eq!(
        ok_json(
            &["stack", "solve", "-", "--nodes", &(nodes - 1).to_string()],
            &text
        ),
        json!({"result": "unknown", "nodes": nodes - 1})
    );
    assert_eq!(
        ok_json(&["stack", "hint", "-"], &text),
        json!({"hint": null, "lost": true})
    );
}

#[test]
fn a_hint_keeps_the_file_winnable() {
    let text = level_file(2, 3);
    let v = ok_json(&["stack", "hint", "-"], &text);
    let id: TileId = serde_json::from_value(v["hint"].clone()).expect("a tile id");
    assert_eq!(v.as_object().map(|o| o.len()), Some(1), "{v}");
    let mut file_json: Value = serde_json::from_str(&text).expect("json");
    file_json["taken"] = json!([id]);
    let after = file_json.to_string();
    assert_eq!(
        ok_json(&["stack", "solve", "-"], &after)["result"],
        "winnable"
    );
}

#[test]
fn bad_input_is_refused() {
    let text = level_file(1, 1);
    refused(&["stack", "solve"], "");
    refused(&["stack", "hint"], "");
    refused(&["stack", "solve", "-", "--budget-ms", "soon"], &text);
    refused(&["stack", "solve", "-", "--fast"], &text);
    refused(&["stack", "hint", "-", "--budget-ms", "5"], &text);
    refused(&["stack", "solve", "-"], "{\"tray\": 7}");
    refused(&["stack", "hint", "-"], "not json");
    refused(&["stack", "solve", "/no/such/file.json"], "");
    // A covered tile in `taken`, and kinds not in threes.
    let mut covered: Value = serde_json::from_str(&column_file()).expect("json");
    covered["taken"] = json!([0]);
    refused(&["stack", "solve", "-"], &covered.to_string());
    let odd = json!({"tray": 7, "tiles": [{"x": 0, "y": 0, "z": 0, "kind": 1}]});
    refused(&["stack", "hint", "-"], &odd.to_string());
}

#[test]
fn solve_with_move_outs_marks_them_in_a_line_that_wins() {
    let text = column_file();
    let plain = ok_json(&["stack", "solve", "-"], &text);
    let none = ok_json(&["stack", "solve", "-", "--move-outs", "0"], &text);
    assert_eq!(none, plain);
    assert_eq!(none["result"], "unwinnable");
    let v = ok_json(&["stack", "solve", "-", "--move-outs", "1"], &text);
    assert_eq!(v["result"], "winnable", "{v}");
    // The same plan after the same nodes with a time budget, and with exactly those nodes.
    let nodes = v["nodes"].as_u64().expect("a node count");
    assert!(
        nodes > plain["nodes"].as_u64().expect("a node count"),
        "{v}"
    );
    let timed = [
        "stack",
        "solve",
        "-",
        "--move-outs",
        "1",
        "--budget-ms",
        "10000",
    ];
    assert_eq!(ok_json(&timed, &text), v);
    let exact = nodes.to_string();
    let counted = ["stack", "solve", "-", "--move-outs", "1", "--nodes", &exact];
    assert_eq!(ok_json(&counted, &text), v);
    let line = v["line"].as_array().expect("a line");
    let parsed = file::parse(&text).expect("valid file");
    let mut board = file::replay(&parsed).expect("taken replays");
    let mut move_outs = 0;
    for step in line {
        if step == &json!({"move_out": true}) {
            move_outs += 1;
            board.move_out().expect("a legal move-out");
        } else {
            let id: TileId = serde_json::from_value(step["take"].clone()).expect("an id");
            board.take(id).expect("a legal take");
        }
    }
    assert_eq!(move_outs, 1);
    assert_eq!(board.status(), StackStatus::Won);
    refused(&["stack", "solve", "-", "--move-outs", "x"], &text);
    refused(&["stack", "solve", "-", "--nodes", "many"], &text);
}
