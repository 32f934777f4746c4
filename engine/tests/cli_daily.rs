//! `llk daily stack` and `llk daily verify`: the day's stack level deals and its
//! certificate verifies; a classic claim built from the daily deal's solution verifies;
//! refusals print `ok: false` with the API code and exit 1; malformed claims exit 2.

mod common;

use common::llk::{ok_json as ok, refused, run as llk};
use llk_engine::classic::game::Game;
use llk_engine::classic::{solve, Budget, Verdict};
use llk_engine::code::daily::{daily_options, UtcDate};
use serde_json::{json, Value};

const DATE: &str = "2026-12-04";

/// Runs `llk daily verify -` on `claim`: the answer and the exit code.
fn verify(claim: &Value) -> (Value, Option<i32>) {
    let out = llk(&["daily", "verify", "-"], &claim.to_string());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(text.lines().count(), 1, "{text}");
    (
        serde_json::from_str(&text).expect("JSON"),
        out.status.code(),
    )
}

fn stack_claim() -> Value {
    let day = ok(&["daily", "stack", DATE], "");
    assert_eq!(day["date"], json!(DATE));
    assert_eq!(day["tray"], json!(7));
    assert!(day["seed"].is_string());
    assert_eq!(day["options"]["real_style"], json!(true));
    let moves: Vec<Value> = day["certificate"]
        .as_array()
        .expect("a certificate")
        .iter()
        .enumerate()
        .map(|(i, id)| json!({"t": 400 * (i + 1), "take": id}))
        .collect();
    assert_eq!(Some(moves.len() as u64), day["tiles"].as_u64());
    let time = 400 * moves.len();
    json!({"v": 1, "key": "ab", "name": "Ada", "date": DATE, "mode": "stack",
           "time_ms": time, "moves": moves})
}

#[test]
fn the_days_stack_level_and_its_certificate() {
    let day = ok(&["daily", "stack", DATE], "");
    assert_eq!(
        day,
        ok(&["daily", "stack", DATE], ""),
        "the same every time"
    );
    // Its stack file is the plain real-style deal of its seed.
    let seed = day["seed"].as_str().expect("a seed");
    let file = ok(&["stack", "deal", "--real-style", "--seed", seed], "");
    assert_eq!(
        file["tiles"].as_array().map(Vec::len) as Option<usize>,
        day["tiles"].as_u64().map(|n| n as usize)
    );
    let claim = stack_claim();
    let (answer, code) = verify(&claim);
    let n = claim["moves"].as_array().map_or(0, Vec::len);
    assert_eq!(
        answer,
        json!({"ok": true, "time_ms": claim["time_ms"], "props": false, "moves": n})
    );
    assert_eq!(code, Some(0));
}

#[test]
fn a_classic_claim_verifies_and_refusals_exit_1() {
    let date = UtcDate::parse(DATE).expect("a date");
    let game = Game::new(daily_options(date)).expect("deals");
    let Verdict::Solvable(pairs) = solve(game.board(), Budget::DEFAULT) else {
        panic!("solvable");
    };
    let moves: Vec<Value> = pairs
        .iter()
        .enumerate()
        .map(|(i, (a, b))| json!({"t": 1000 * (i + 1), "match": [[a.row, a.col], [b.row, b.col]]}))
        .collect();
    let claim = json!({"date": DATE, "mode": "classic", "auto_shuffle": false,
                       "time_ms": 72_000, "moves": moves, "extra": [1, 2]});
    assert_eq!(
        verify(&claim),
        (
            json!({"ok": true, "time_ms": 72_000, "props": false, "moves": 72}),
            Some(0)
        )
    );
    let refusal = |claim: &Value| {
        let (answer, code) = verify(claim);
        assert_eq!(code, Some(1), "{answer}");
        assert_eq!(answer["ok"], json!(false));
        assert!(answer["message"].as_str().is_some_and(|m| !m.is_empty()));
        answer["error"].as_str().expect("a code").to_string()
    };
    let mut c = claim.clone();
    c["time_ms"] = json!(71_999);
    assert_eq!(refusal(&c), "time_mismatch");
    let mut c = claim.clone();
    c["moves"][3]["t"] = json!(3_000);
    assert_eq!(refusal(&c), "too_fast");
    let mut c = claim.clone();
    c["moves"][3]["t"] = json!(2_000);
    assert_eq!(refusal(&c), "bad_times");
    c["moves"][10]["t"] = json!(10_100);
    assert_eq!(
        refusal(&c),
        "too_fast",
        "too fast is checked before falling"
    );
    let mut c = claim.clone();
    c["moves"][3]["t"] = json!(1_500);
    c["moves"][2]["t"] = json!(1_200);
    assert_eq!(refusal(&c), "bad_times");
    let mut c = claim.clone();
    c["moves"].as_array_mut().expect("moves").pop();
    c["time_ms"] = json!(71_000);
    assert_eq!(refusal(&c), "not_won");
    let mut c = claim.clone();
    c["date"] = json!("2026-12-05");
    assert_eq!(refusal(&c), "illegal_move");
    let mut c = claim.clone();
    c["moves"] = json!((1..=4001)
        .map(|i| json!({"t": i * 1000, "shuffle": true}))
        .collect::<Vec<_>>());
    assert_eq!(refusal(&c), "too_many_moves");
    let mut s = stack_claim();
    s["moves"][0]["shuffle"] = json!(true);
    assert_eq!(refusal(&s), "illegal_move");
}

#[test]
fn malformed_claims_exit_2() {
    for claim in [
        "",
        "[]",
        r#"{"date":"2026-12-04","mode":"classic","time_ms":1}"#,
        r#"{"date":"2026-13-04","mode":"classic","time_ms":1,"moves":[]}"#,
        r#"{"date":"2026-12-04","mode":"journey","time_ms":1,"moves":[]}"#,
        r#"{"date":"2026-12-04","mode":"classic","time_ms":1,"moves":[{"t":1,"take":3}]}"#,
        r#"{"date":"2026-12-04","mode":"stack","time_ms":-1,"moves":[]}"#,
    ] {
        refused(&["daily", "verify", "-"], claim);
    }
    refused(&["daily", "stack", "2026-02-30"], "");
    refused(&["daily", "stack"], "");
    refused(&["daily"], "");
    refused(&["daily", "verify", "/nonexistent/claim.json"], "");
}
