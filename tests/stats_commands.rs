//! Command-layer tests of the player's statistics on Tauri's mock runtime: a deal counts
//! as played at its first move and as won when cleared, once each; best times are kept
//! per group (classic layout, stack level, journey level, daily deal), assisted wins
//! marked and ranked last; the file survives a restart and a damaged one is set aside
//! with a notice.

mod common;

use common::{cells, TestApp};
use llk_engine::classic::slide::{self, SlideRule};
use llk_engine::classic::{Board, Budget};
use serde_json::{json, Value};

fn fresh() -> (tempfile::TempDir, TestApp) {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    app.start();
    (dir, app)
}

fn stats(app: &TestApp) -> Value {
    app.ok("statistics", json!({}))
}

fn group<'a>(stats: &'a Value, key: &str) -> &'a Value {
    &stats["groups"][key]
}

/// A connectable pair of a classic view, found by the engine outside the shell (a hint
/// from the shell would make the game assisted).
fn pair(view: &Value) -> Option<(Value, Value)> {
    let board = Board::from_rows(&cells(view), true).expect("board");
    let p = slide::hint(&board, SlideRule::None, Budget::nodes(200_000))?;
    Some((json!([p.a.row, p.a.col]), json!([p.b.row, p.b.col])))
}

/// Matches one pair at game time `t`; returns the game after it.
fn match_one(app: &TestApp, t: u64) -> Value {
    let (a, b) = pair(&app.state()).expect("a pair");
    app.select(&a, t).expect("select a");
    let res = app.select(&b, t).expect("select b");
    assert_eq!(res["outcome"]["kind"], "matched", "{res}");
    res["game"].clone()
}

/// One match in the current journey level at level time `t`.
fn journey_match(app: &TestApp, t: u64) {
    let (a, b) = pair(&app.state()["game"]).expect("a pair");
    app.select(&a, t).expect("select a");
    let res = app.select(&b, t).expect("select b");
    assert_eq!(res["outcome"]["kind"], "matched", "{res}");
}

/// Clears the board, a match every second from `t`; returns the last game time.
fn win(app: &TestApp, mut t: u64) -> u64 {
    loop {
        t += 1000;
        if match_one(app, t)["status"] == "won" {
            return t;
        }
    }
}

#[test]
fn a_classic_deal_counts_once_as_played_and_once_as_won() {
    let (dir, app) = fresh();
    let first = stats(&app);
    assert_eq!(first["groups"], json!({}), "nothing played yet: {first}");
    assert!(first["current"]
        .as_str()
        .is_some_and(|k| k.starts_with("classic/")));

    app.new_game(4, 4, 4, 5);
    assert_eq!(stats(&app)["current"], "classic/4x4/4");
    assert_eq!(stats(&app)["groups"], json!({}), "dealt, no move yet");
    match_one(&app, 1000);
    match_one(&app, 2000);
    let g = stats(&app);
    assert_eq!(group(&g, "classic/4x4/4")["played"], 1, "{g}");
    assert_eq!(group(&g, "classic/4x4/4")["won"], 0, "{g}");

    let t = win(&app, 2000);
    let g = stats(&app);
    let classic = group(&g, "classic/4x4/4");
    assert_eq!(
        (classic["played"].as_u64(), classic["won"].as_u64()),
        (Some(1), Some(1))
    );
    let best = classic["best"].as_array().expect("best");
    assert_eq!(best.len(), 1);
    assert_eq!(best[0]["ms"], t);
    assert_eq!(best[0]["score"], app.state()["score"]);
    assert_eq!(best[0]["assists"], json!([]));
    assert!(best[0]["at"].as_u64().expect("at") > 1_700_000_000, "{g}");

    // Undo the last match and clear the board again (where the engine allows an undo
    // after a win): still one game, one win.
    if app.invoke("undo", json!({})).is_ok() {
        win(&app, t);
    }
    assert_eq!(group(&stats(&app), "classic/4x4/4"), classic);

    // The same board again, unplayed: not counted; one match: played again.
    app.new_game(4, 4, 4, 5);
    assert_eq!(group(&stats(&app), "classic/4x4/4")["played"], 1);
    match_one(&app, 500);
    assert_eq!(group(&stats(&app), "classic/4x4/4")["played"], 2);

    // Kept across a restart.
    let before = stats(&app);
    drop(app);
    let app = TestApp::new(dir.path());
    assert_eq!(app.start()["notice"], Value::Null);
    assert_eq!(stats(&app), before);
}

#[test]
fn assisted_wins_are_marked_and_ranked_after_the_others() {
    let (_dir, app) = fresh();
    // A slow unassisted win, then a fast one with a hint and an undo.
    app.new_game(4, 4, 4, 5);
    win(&app, 60_000);
    app.new_game(4, 4, 4, 6);
    assert!(!app.classic_hint().is_null());
    match_one(&app, 100);
    app.ok("undo", json!({}));
    win(&app, 0);
    let g = stats(&app);
    let best = group(&g, "classic/4x4/4")["best"]
        .as_array()
        .expect("best")
        .clone();
    assert_eq!(best.len(), 2, "{g}");
    assert_eq!(best[0]["assists"], json!([]));
    assert_eq!(best[1]["assists"], json!(["hint", "undo"]));
    assert!(best[1]["ms"].as_u64() < best[0]["ms"].as_u64(), "{g}");
    assert_eq!(group(&g, "classic/4x4/4")["won"], 2);
}

#[test]
fn stack_journey_and_daily_games_have_their_own_groups() {
    let (_dir, app) = fresh();
    // Stack level 1, won along the solver's line.
    app.new_stack(1, 7);
    let line = app.ok("winning_line", json!({}));
    let moves = line["moves"].as_array().expect("a winning line").clone();
    for (i, id) in moves.iter().enumerate() {
        app.take(id.clone(), 100 * (i as u64 + 1)).expect("take");
    }
    assert_eq!(app.state()["status"], "won");
    let g = stats(&app);
    assert_eq!(g["current"], "stack/L1");
    assert_eq!(group(&g, "stack/L1")["played"], 1, "{g}");
    assert_eq!(group(&g, "stack/L1")["won"], 1, "{g}");

    // A journey level: played at its first match; retried, it counts again.
    app.ok("journey_start", json!({ "restart": true }));
    assert_eq!(stats(&app)["current"], "journey/L1");
    journey_match(&app, 100);
    assert_eq!(group(&stats(&app), "journey/L1")["played"], 1);
    // Another mode in between does not make the continued level a new one.
    app.new_game(4, 4, 4, 5);
    app.ok("journey_start", json!({}));
    journey_match(&app, 200);
    assert_eq!(group(&stats(&app), "journey/L1")["played"], 1);
    app.ok("journey_retry", json!({}));
    journey_match(&app, 100);
    assert_eq!(group(&stats(&app), "journey/L1")["played"], 2);

    // The daily deal.
    app.ok("daily_deal", json!({ "date": "2026-11-30" }));
    assert_eq!(stats(&app)["current"], "daily");
    match_one(&app, 1000);
    let g = stats(&app);
    assert_eq!(group(&g, "daily")["played"], 1, "{g}");
    assert!(g["groups"].get("classic/8x18/36").is_none(), "{g}");
}

#[test]
fn a_damaged_statistics_file_is_set_aside_with_a_notice() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("stats.json"),
        "{\"version\": 1, \"groups\": [",
    )
    .expect("seed");
    let app = TestApp::new(dir.path());
    let start = app.start();
    assert_eq!(
        start["notices"],
        json!([{ "code": "file_set_aside", "file": "stats", "kept_as": "stats.json.corrupt" }])
    );
    assert_eq!(stats(&app)["groups"], json!({}));
    app.new_game(4, 4, 4, 5);
    match_one(&app, 1000);
    app.flush();
    let saved = std::fs::read_to_string(dir.path().join("stats.json")).expect("stats.json");
    assert!(saved.contains("classic/4x4/4"), "{saved}");
    // The command takes no arguments; extra ones are ignored like every command's.
    assert_eq!(stats(&app), app.ok("statistics", json!({ "x": 1 })));
}
