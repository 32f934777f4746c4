//! The fixture the view's browser mock replays (ui/scripts/mock-tauri.js, used by
//! `npm run shoot`): the preset layouts, one classic deal with a whole winning line (each
//! match's path as `llk play` draws it), and stack levels 1 and 2 with a winning line (the
//! tray and free tiles after each take, from `llk stack play`), all produced by `llk` here. The committed file
//! must be exactly what this produces; `make mock-fixture` (LLK_UPDATE_FIXTURES=1) rewrites it.

mod common;

use std::fs;
use std::path::PathBuf;

use common::llk::ok_json as llk;
use llk_engine::classic::layout::PRESETS;
use serde_json::{json, Value};

/// The deal the mock starts with (the view's default 10×10 screenshots).
const ROWS: &str = "10";
const COLS: &str = "10";
const KINDS: &str = "25";
const SEED: &str = "20240601";

fn committed() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ui/scripts/mock-fixture.json")
}

/// Runs `llk command.. FILE args..` with `input` written to FILE.
fn llk_on(input: &Value, command: &[&str], args: &[&str]) -> Value {
    let dir = tempfile_dir();
    let file = dir.join("input.json");
    fs::write(&file, input.to_string()).expect("write input");
    let file = file.to_string_lossy().into_owned();
    let mut all = command.to_vec();
    all.push(file.as_str());
    all.extend_from_slice(args);
    llk(&all, "")
}

/// Stack `level` dealt from seed 7, a winning line, and after 0, 1, 2, ... of its takes
/// the tray, the free tiles and the status.
fn stack_fixture(level: &str) -> Value {
    let deal = llk(&["stack", "deal", "--level", level, "--seed", "7"], "");
    let solved = llk_on(&deal, &["stack", "solve"], &[]);
    assert_eq!(solved["result"], "winnable", "{solved}");
    let line: Vec<String> = solved["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|id| id.to_string())
        .collect();
    let after: Vec<Value> = (0..=line.len())
        .map(|k| {
            let ids: Vec<&str> = line[..k].iter().map(String::as_str).collect();
            llk_on(&deal, &["stack", "play"], &ids)
        })
        .collect();
    assert_eq!(after[line.len()]["status"], "won");
    json!({ "deal": deal, "line": solved["moves"], "after": after })
}

fn tempfile_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("llk-mock-fixture-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn fixture() -> Value {
    let board = llk(
        &[
            "deal",
            "--rows",
            ROWS,
            "--cols",
            COLS,
            "--kinds",
            KINDS,
            "--seed",
            SEED,
            "--solvable",
        ],
        "",
    );
    let solved = llk_on(&board, &["solve"], &[]);
    assert_eq!(solved["result"], "solvable", "{solved}");
    let mut now = board.clone();
    let mut steps = Vec::new();
    for m in solved["moves"].as_array().expect("moves") {
        let (a, b) = (&m[0], &m[1]);
        let cell = |p: &Value, i: usize| p[i].to_string();
        let played = llk_on(
            &now,
            &["play"],
            &[&cell(a, 0), &cell(a, 1), &cell(b, 0), &cell(b, 1)],
        );
        steps.push(json!({ "a": a, "b": b, "path": played["path"] }));
        now = played["board"].clone();
    }
    assert!(now.as_array().expect("rows").iter().all(|r| r
        .as_array()
        .expect("row")
        .iter()
        .all(Value::is_null)));
    let presets: Vec<Value> = PRESETS
        .iter()
        .map(|p| json!({ "name": p.name, "rows": p.rows, "cols": p.cols, "kinds": p.kinds }))
        .collect();
    json!({
        "generated_by": "make mock-fixture (engine/tests/mock_fixture.rs, from llk): do not edit",
        "presets": presets,
        "classic": {
            "options": {
                "rows": 10, "cols": 10, "kinds": 25, "seed": SEED,
                "solvable": true, "ring": true, "auto_shuffle": true, "slide": "none",
            },
            "board": board,
            "steps": steps,
        },
        "stack": { "1": stack_fixture("1"), "2": stack_fixture("2") },
    })
}

#[test]
fn the_mock_fixture_is_what_llk_produces() {
    // One line per top-level field: small, and a drift shows which part moved.
    let doc = fixture();
    let fields: Vec<String> = doc
        .as_object()
        .expect("object")
        .iter()
        .map(|(k, v)| format!("  {}: {}", json!(k), v))
        .collect();
    let fresh = format!("{{\n{}\n}}\n", fields.join(",\n"));
    let _ = fs::remove_dir_all(tempfile_dir());
    let path = committed();
    if std::env::var_os("LLK_UPDATE_FIXTURES").is_some() {
        fs::write(&path, &fresh).expect("write the fixture");
        return;
    }
    let old = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        old == fresh,
        "{} differs from what llk produces now: run `make mock-fixture` and commit it",
        path.display()
    );
}
