//! Command-layer tests of the journey on Tauri's mock runtime: start and continue, a level
//! cleared by taps (score carried, bonus, next level under its slide rule), time-up from
//! the passed clock and retry, props per level, the mode checks, and progress and best
//! score saved across restarts; a journey set aside for another mode is continued.

mod common;

use common::{cells, TestApp};
use llk_engine::classic::slide::{self, SlideRule};
use llk_engine::classic::{Board, Budget};
use serde_json::{json, Value};

fn fresh() -> (tempfile::TempDir, TestApp) {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    (dir, app)
}

fn start(app: &TestApp, restart: bool) -> Value {
    let v = app.ok("journey_start", json!({ "restart": restart }));
    assert_eq!(v["mode"], "journey", "{v}");
    assert_eq!(v, app.state(), "journey_start returns the current game");
    v
}

fn info(v: &Value) -> &Value {
    &v["journey"]
}

/// A pair that keeps the level winnable, from the engine (outside the shell).
fn good_pair(v: &Value) -> (Value, Value) {
    let board = Board::from_rows(&cells(&v["game"]), true).expect("board");
    let rule: SlideRule = serde_json::from_value(info(v)["rule"].clone()).expect("rule");
    let p = slide::hint(&board, rule, Budget::nodes(200_000)).expect("a pair");
    (json!([p.a.row, p.a.col]), json!([p.b.row, p.b.col]))
}

fn tap(app: &TestApp, cell: &Value, t: u64) -> Value {
    let res = app.select(cell, t).expect("select");
    assert_eq!(res["mode"], "journey", "{res}");
    res
}

/// Clears the level with a match every `step` ms; returns the last select result.
fn clear(app: &TestApp, step: u64) -> Value {
    let mut v = app.state();
    let mut t = 0;
    loop {
        let (a, b) = good_pair(&v);
        t += step;
        tap(app, &a, t);
        let res = tap(app, &b, t);
        assert_eq!(res["outcome"]["kind"], "matched", "{res}");
        v = res["game"].clone();
        if info(&v)["status"] != "playing" {
            return res;
        }
    }
}

#[test]
fn a_journey_starts_at_level_one_on_16x9() {
    let (_dir, app) = fresh();
    let v = start(&app, false);
    let j = info(&v);
    assert_eq!(
        (j["level"].as_u64(), j["rule"].as_str()),
        (Some(1), Some("none"))
    );
    assert_eq!(j["status"], "playing");
    assert_eq!(j["time_limit_ms"], 180_000);
    assert_eq!(
        j["props_left"],
        json!({"hints": 3, "shuffles": 2, "undos": 3})
    );
    assert_eq!(
        (v["game"]["rows"].as_u64(), v["game"]["cols"].as_u64()),
        (Some(9), Some(16))
    );
    assert_eq!(v["game"]["options"]["slide"], "none");
    assert_eq!(v["highest_level"], 1);
    assert_eq!(v["best_score"], Value::Null);
    // Calling again continues the same journey.
    assert_eq!(start(&app, false), v);
}

#[test]
fn a_cleared_level_carries_its_score_to_the_next_and_is_saved() {
    let (dir, app) = fresh();
    start(&app, false);
    let res = clear(&app, 800);
    let v = &res["game"];
    let j = info(v);
    assert_eq!(j["status"], "won");
    let bonus = j["bonus"].as_u64().expect("a bonus");
    assert!(bonus > 0);
    let total = j["total_score"].as_u64().unwrap();
    assert_eq!(total, j["level_score"].as_u64().unwrap() + bonus);
    assert_eq!(v["best_score"], total, "the best journey score is recorded");
    assert_eq!(
        app.err("select", json!({"row": 0, "col": 0, "elapsedMs": 1})),
        "game_over"
    );
    let next = app.ok("journey_next", json!({}));
    let n = info(&next);
    assert_eq!(
        (n["level"].as_u64(), n["rule"].as_str()),
        (Some(2), Some("down"))
    );
    assert_eq!(n["carried_score"], total);
    assert_eq!(n["status"], "playing");
    assert_eq!(next["game"]["options"]["slide"], "down");
    assert_eq!(next["highest_level"], 2);
    assert_eq!(app.err("journey_next", json!({})), "level_not_cleared");
    // A match under `down` reports its slide.
    let (a, b) = good_pair(&next);
    tap(&app, &a, 100);
    let m = tap(&app, &b, 100);
    assert!(m["outcome"]["moves"].is_array(), "{m}");
    let last = app.state();
    drop(app);
    let again = TestApp::new(dir.path());
    let resumed = again.start();
    assert_eq!(resumed["game"], last, "the journey resumes");
    assert_eq!(resumed["game"]["highest_level"], 2);
    // A new journey keeps the progress and the best score.
    let new = start(&again, true);
    assert_eq!(info(&new)["level"], 1);
    assert_eq!(new["highest_level"], 2);
    assert_eq!(new["best_score"], total);
}

#[test]
fn time_up_comes_from_the_clock_and_retry_plays_the_level_again() {
    let (_dir, app) = fresh();
    let v = start(&app, false);
    let board = cells(&v["game"]);
    let (a, b) = good_pair(&v);
    tap(&app, &a, 1_000);
    let m = tap(&app, &b, 1_000);
    assert_eq!(
        info(&m["game"])["time_limit_ms"],
        182_000,
        "a match refills 2 s"
    );
    // The clock passed by set_elapsed alone ends the level (the view's time bar ran out).
    app.ok("set_elapsed", json!({"elapsedMs": 181_999}));
    assert_eq!(info(&app.state())["status"], "playing");
    assert_eq!(info(&app.state())["time_left_ms"], 1);
    app.ok("set_elapsed", json!({"elapsedMs": 182_000}));
    let lost = app.state();
    assert_eq!(info(&lost)["status"], "lost");
    assert_eq!(info(&lost)["time_left_ms"], 0);
    assert_eq!(
        app.err("select", json!({"row": 0, "col": 0, "elapsedMs": 1})),
        "game_over"
    );
    assert_eq!(app.err("hint", json!({})), "game_over");
    assert_eq!(app.err("journey_next", json!({})), "level_not_cleared");
    let retry = app.ok("journey_retry", json!({}));
    assert_eq!(info(&retry)["status"], "playing");
    assert_eq!(info(&retry)["level"], 1);
    assert_eq!(cells(&retry["game"]), board, "the same board again");
    assert_eq!(retry["game"]["elapsed_ms"], 0);

    // A tap after the budget: nothing happens, the level is lost.
    let late = tap(&app, &a, 180_000);
    assert_eq!(late["outcome"], Value::Null);
    assert_eq!(info(&late["game"])["status"], "lost");
}

#[test]
fn props_are_limited_per_level() {
    let (_dir, app) = fresh();
    start(&app, false);
    for left in (0..3).rev() {
        let h = app.ok("hint", json!({}));
        assert_eq!(h["mode"], "journey");
        assert!(h["hint"].is_object());
        assert_eq!(info(&h["game"])["props_left"]["hints"], left);
    }
    assert_eq!(app.err("hint", json!({})), "no_prop_left");
    for _ in 0..2 {
        let v = app.ok("shuffle", json!({}));
        assert_eq!(v["mode"], "journey");
    }
    assert_eq!(app.err("shuffle", json!({})), "no_prop_left");
    let v = app.ok("undo", json!({}));
    assert_eq!(info(&v)["props_left"]["undos"], 2);
}

#[test]
fn mode_checks_and_bad_arguments() {
    let (_dir, app) = fresh();
    app.start();
    assert_eq!(app.err("journey_next", json!({})), "wrong_mode");
    assert_eq!(app.err("journey_retry", json!({})), "wrong_mode");
    assert_eq!(
        app.err("journey_start", json!({"restart": "yes"})),
        "bad_argument"
    );
    start(&app, false);
    assert_eq!(app.err("move_out", json!({})), "wrong_mode");
    assert_eq!(app.err("winning_line", json!({})), "wrong_mode");
    assert_eq!(
        app.err("select", json!({"id": 3, "elapsedMs": 0})),
        "bad_argument"
    );
    assert_eq!(
        app.err("select", json!({"row": 99, "col": 0, "elapsedMs": 0})),
        "out_of_bounds"
    );
    assert_eq!(
        app.err("select", json!({"row": 1e12, "col": 0, "elapsedMs": 0})),
        "out_of_bounds"
    );
}

#[test]
fn a_journey_set_aside_for_another_mode_is_continued() {
    let (dir, app) = fresh();
    let v = start(&app, false);
    let (a, b) = good_pair(&v);
    tap(&app, &a, 500);
    tap(&app, &b, 600);
    let journey = app.state();
    let classic = app.new_game(4, 4, 4, 1);
    assert_eq!(classic["mode"], "classic");
    assert_eq!(start(&app, false), journey, "continued where it was");
    app.new_game(4, 4, 4, 2);
    drop(app);
    // Across a restart too.
    let again = TestApp::new(dir.path());
    assert_eq!(again.start()["game"]["mode"], "classic");
    assert_eq!(start(&again, false), journey);
    let fresh = start(&again, true);
    assert_eq!(info(&fresh)["level"], 1);
    assert_eq!(info(&fresh)["level_score"], 0);
    assert_ne!(cells(&fresh["game"]), cells(&journey["game"]));
}

#[test]
fn a_corrupt_set_aside_journey_is_set_aside_with_a_notice() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("journey.json"),
        "{\"format\":\"lianliankan-journey\"}",
    )
    .expect("seed");
    let app = TestApp::new(dir.path());
    let s = app.start();
    assert!(
        s["notice"].as_str().is_some_and(|n| n.contains("journey")),
        "{s}"
    );
    assert!(dir.path().join("journey.json.corrupt").exists());
    assert_eq!(info(&start(&app, false))["level"], 1);
}
