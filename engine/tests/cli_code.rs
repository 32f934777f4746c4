//! `llk code encode|decode|daily` and `llk deal --code`: exact output formats, the deal of
//! a code equals the deal of its options, refusals as one stderr line with exit code 2.

mod common;

use common::llk::{ok_json as ok, refused, run as llk};
use serde_json::json;

fn code_of(args: &[&str]) -> String {
    ok(args, "")["code"].as_str().expect("a code").to_string()
}

#[test]
fn encode_and_decode_classic_and_stack() {
    let code = code_of(&[
        "code",
        "encode",
        "--rows",
        "9",
        "--cols",
        "16",
        "--kinds",
        "30",
        "--seed",
        "12345",
        "--no-border",
        "--slide",
        "apart-v",
    ]);
    assert_eq!(code.len(), 14);
    let v = ok(&["code", "decode", &code.to_lowercase()], "");
    assert_eq!(
        v,
        json!({"code": code, "version": 1, "mode": "classic", "rows": 9, "cols": 16,
               "kinds": 30, "seed": 12345, "solvable": false, "ring": false, "slide": "apart-v"})
    );
    let code = code_of(&["code", "encode", "--level", "7", "--seed", "34359738367"]);
    let v = ok(&["code", "decode", &code], "");
    assert_eq!(
        v,
        json!({"code": code, "version": 1, "mode": "stack", "level": 7, "seed": 34359738367u64})
    );
}

#[test]
fn daily_names_the_date_and_its_deal() {
    let v = ok(&["code", "daily", "2026-11-30"], "");
    assert_eq!(v["date"], "2026-11-30");
    assert_eq!(v["code"], "4E7G-12F1-2FX7");
    assert_eq!(v["seed"], 1_156_614_653u64);
    assert_eq!(
        (v["rows"].clone(), v["cols"].clone()),
        (json!(8), json!(18))
    );
}

#[test]
fn deal_by_code_is_the_deal_of_its_options() {
    let by_options = llk(
        &[
            "deal",
            "--rows",
            "8",
            "--cols",
            "18",
            "--kinds",
            "36",
            "--seed",
            "1156614653",
            "--solvable",
            "--slide",
            "down",
        ],
        "",
    );
    let code = code_of(&[
        "code",
        "encode",
        "--rows",
        "8",
        "--cols",
        "18",
        "--kinds",
        "36",
        "--seed",
        "1156614653",
        "--solvable",
        "--slide",
        "down",
    ]);
    let by_code = llk(&["deal", "--code", &code], "");
    assert!(by_code.status.success());
    assert_eq!(by_code.stdout, by_options.stdout);

    let stack = llk(&["stack", "deal", "--level", "2", "--seed", "41"], "");
    let code = code_of(&["code", "encode", "--level", "2", "--seed", "41"]);
    let by_code = llk(&["deal", "--code", &code], "");
    assert!(by_code.status.success());
    assert_eq!(by_code.stdout, stack.stdout);
}

#[test]
fn refusals_are_one_line() {
    let good = code_of(&["code", "encode", "--level", "1", "--seed", "0"]);
    let mut typo: Vec<char> = good.chars().collect();
    typo.swap(0, 1);
    let typo: String = typo.into_iter().collect();
    for (args, says) in [
        (vec!["code"], "missing subcommand"),
        (vec!["code", "what"], "unknown subcommand"),
        (vec!["code", "decode"], "missing argument CODE"),
        (vec!["code", "decode", &typo], "mistyped"),
        (
            vec!["code", "decode", "ABCD-EFGH-JKUU"],
            "not a code character",
        ),
        (vec!["code", "decode", "4E7G"], "mistyped"),
        (
            vec!["code", "encode", "--level", "1"],
            "missing required option --seed",
        ),
        (
            vec!["code", "encode", "--level", "1", "--seed", "34359738368"],
            "no code",
        ),
        (
            vec![
                "code", "encode", "--rows", "4", "--cols", "4", "--kinds", "2", "--seed", "1",
            ],
            "preset",
        ),
        (
            vec![
                "code", "encode", "--level", "1", "--rows", "4", "--seed", "1",
            ],
            "cannot be combined",
        ),
        (vec!["code", "daily", "2026-02-30"], "bad date"),
        (
            vec!["deal", "--code", &good, "--seed", "3"],
            "cannot be combined with --code",
        ),
        (
            vec!["deal", "--code", &good, "--solvable"],
            "cannot be combined with --code",
        ),
        (vec!["deal", "--code", "zzzz"], "mistyped"),
    ] {
        let err = refused(&args, "");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
