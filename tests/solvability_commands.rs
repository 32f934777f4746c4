//! Command-layer tests of the dead-end warning and "Show me" on the mock runtime: the
//! `solvable` flag in the classic payload, `judge` deciding off the tap, a deliberately
//! bad move warned about and taken back by `undo_to_solvable`, `solve_step` playing a
//! game to the end without recording a best score, and the refusals.

mod common;

use common::{options, TestApp};
use llk_engine::classic::game::{Game, GameOptions, Outcome, Solvability, Status, JUDGE_BUDGET};
use llk_engine::classic::Pos;
use serde_json::{json, Value};

fn fresh() -> (tempfile::TempDir, TestApp) {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    (dir, app)
}

fn cell(p: Pos) -> Value {
    json!([p.row, p.col])
}

/// Options of a small solvable deal: 4×4, four tiles a kind, where a few seeds have a
/// fatal move early.
fn small(seed: u64) -> Value {
    options(4, 4, 4, seed)
}

/// A `small` deal, moves that keep it solvable, then a move that makes it unsolvable.
struct BadMove {
    seed: u64,
    prefix: Vec<(Pos, Pos)>,
    a: Pos,
    b: Pos,
}

/// Finds a [`BadMove`] with the engine (the same deal the app makes from these options):
/// the deal's certificate is followed until some linkable pair is fatal.
fn bad_move() -> BadMove {
    for seed in 0..200 {
        let o: GameOptions = serde_json::from_value(small(seed)).expect("options");
        let mut game = Game::new(o).expect("deal");
        let mut prefix = Vec::new();
        while game.status() == Status::Playing {
            for (a, b) in game.board().linkable_pairs() {
                let mut g = game.clone();
                g.select(a, 0).expect("tap");
                g.select(b, 0).expect("tap");
                if g.judge(JUDGE_BUDGET) == Solvability::No {
                    return BadMove { seed, prefix, a, b };
                }
            }
            match game.solve_step(0, JUDGE_BUDGET) {
                Ok(Outcome::Matched { removed, .. }) => prefix.push((removed[0], removed[1])),
                other => panic!("the certificate did not play: {other:?}"),
            }
        }
    }
    panic!("no small deal has a fatal move");
}

/// Deals the bad move's game in `app` and taps its prefix; returns the view.
fn deal_and_play_prefix(app: &TestApp, bad: &BadMove) -> Value {
    let dealt = app.ok("new_game", json!({ "options": small(bad.seed) }));
    assert_eq!(dealt["solvable"], "yes", "a solvable deal is known at once");
    for (i, &(a, b)) in bad.prefix.iter().enumerate() {
        app.select(&cell(a), 100 * i as u64).expect("tap");
        let res = app.select(&cell(b), 100 * i as u64).expect("tap");
        assert_eq!(res["outcome"]["kind"], "matched");
        assert_eq!(
            res["game"]["solvable"], "yes",
            "the certificate keeps it known"
        );
    }
    app.state()
}

#[test]
fn a_bad_move_is_judged_unsolvable_and_undone_to_the_last_solvable_position() {
    let (_dir, app) = fresh();
    let bad = bad_move();
    let played = deal_and_play_prefix(&app, &bad);
    assert_eq!(
        played["can_undo_to_solvable"], false,
        "the current position is"
    );
    assert_eq!(played["assisted"], false);
    app.select(&cell(bad.a), 10_000).expect("first tap");
    let tap = app.select(&cell(bad.b), 10_100).expect("second tap");
    assert_eq!(tap["outcome"]["kind"], "matched");
    // The tap answers before any search (unless the dead end is plain: a stuck board).
    let after = &tap["game"];
    if after["status"] == "stuck" {
        assert_eq!(after["solvable"], "no");
    } else {
        assert_eq!(after["solvable"], "unknown", "{after}");
    }
    let judged = app.ok("judge", json!({}));
    assert_eq!(judged["mode"], "classic");
    assert_eq!(judged["solvable"], "no");
    assert_eq!(judged["can_undo_to_solvable"], true);
    assert_eq!(app.state(), judged, "the verdict is stored with the game");
    let back = app.ok("undo_to_solvable", json!({}));
    assert_eq!(back["solvable"], "yes");
    assert_eq!(back["counters"]["undos"], 1);
    assert_eq!(back["counters"]["moves"], bad.prefix.len());
    assert_eq!(back["cells"], played["cells"], "back before the bad move");
    assert_eq!(back["can_undo_to_solvable"], false);
    // Already there: nothing to undo, and a second judge is instant and the same.
    assert_eq!(
        app.ok("undo_to_solvable", json!({}))["counters"]["undos"],
        1
    );
    assert_eq!(app.ok("judge", json!({})), back);
}

#[test]
fn solve_step_plays_the_game_to_the_end_and_sets_no_best_score() {
    let (_dir, app) = fresh();
    for slide in ["none", "down", "together-h"] {
        let mut o = options(6, 8, 8, 5);
        o["slide"] = json!(slide);
        let view = app.ok("new_game", json!({ "options": o }));
        let pairs = view["tiles_left"].as_u64().expect("tiles") / 2;
        // A tile selected first is dropped: the computer taps both tiles itself.
        let any = view["cells"][0][0].clone();
        assert!(!any.is_null());
        app.select(&json!([0, 0]), 0).expect("select");
        for step in 0..pairs {
            let res = app.ok("solve_step", json!({ "elapsedMs": 600 * step }));
            assert_eq!(res["mode"], "classic");
            let outcome = &res["outcome"];
            assert_eq!(outcome["kind"], "matched", "{slide} step {step}: {res}");
            assert!(outcome["path"].as_array().is_some_and(|p| p.len() >= 2));
            assert!(outcome["moves"].is_array());
            assert_eq!(res["game"]["assisted"], true);
            assert_eq!(res["game"]["solvable"], "yes");
            assert_eq!(res["game"]["counters"]["moves"], step + 1);
        }
        let end = app.state();
        assert_eq!(end["status"], "won", "{slide}");
        assert_eq!(
            end["best_score"],
            Value::Null,
            "{slide}: an assisted win is not scored"
        );
        assert_eq!(
            app.err("solve_step", json!({ "elapsedMs": 0 })),
            "game_over"
        );
    }
}

#[test]
fn solve_step_refuses_an_unsolvable_position_and_bad_arguments() {
    let (_dir, app) = fresh();
    let bad = bad_move();
    deal_and_play_prefix(&app, &bad);
    app.select(&cell(bad.a), 0).expect("tap");
    app.select(&cell(bad.b), 0).expect("tap");
    let before = app.state();
    assert_eq!(
        app.err("solve_step", json!({ "elapsedMs": 0 })),
        "not_solvable"
    );
    let mut after = app.state();
    // The refusal learnt the verdict, nothing else changed.
    assert_eq!(after["solvable"], "no");
    after["solvable"] = before["solvable"].clone();
    after["can_undo_to_solvable"] = before["can_undo_to_solvable"].clone();
    assert_eq!(after, before);
    assert_eq!(app.err("solve_step", json!({})), "bad_argument");
    assert_eq!(
        app.err("solve_step", json!({ "elapsedMs": -1 })),
        "bad_argument"
    );
}

#[test]
fn verdicts_are_not_resumed_from_the_save() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = bad_move();
    {
        let app = TestApp::new(dir.path());
        deal_and_play_prefix(&app, &bad);
        app.select(&cell(bad.a), 0).expect("tap");
        app.select(&cell(bad.b), 0).expect("tap");
        assert_eq!(app.ok("judge", json!({}))["solvable"], "no");
    }
    let app = TestApp::new(dir.path());
    let resumed = app.start()["game"].clone();
    assert_eq!(resumed["solvable"], "unknown");
    // The deal is dealt again from the saved options: known solvable.
    assert_eq!(resumed["can_undo_to_solvable"], true);
    // Judged again from the board, not from the file.
    assert_eq!(app.ok("judge", json!({}))["solvable"], "no");
    assert_eq!(app.ok("undo_to_solvable", json!({}))["solvable"], "yes");
}

#[test]
fn undo_to_solvable_refuses_when_no_position_is_known_solvable() {
    let (_dir, app) = fresh();
    let mut o = options(4, 4, 4, 9);
    o["solvable"] = json!(false);
    let view = app.ok("new_game", json!({ "options": o }));
    if view["status"] != "playing" {
        return;
    }
    assert_eq!(view["solvable"], "unknown", "a random deal is not known");
    assert_eq!(
        app.err("undo_to_solvable", json!({})),
        "no_solvable_position"
    );
    assert_eq!(app.state()["counters"]["undos"], 0);
}

#[test]
fn stack_games_have_no_solvability() {
    let (_dir, app) = fresh();
    let view = app.new_stack(1, 3);
    assert_eq!(app.ok("judge", json!({})), view);
    assert_eq!(app.err("undo_to_solvable", json!({})), "wrong_mode");
    assert_eq!(
        app.err("solve_step", json!({ "elapsedMs": 0 })),
        "wrong_mode"
    );
}

#[test]
fn judge_needs_a_game() {
    let (_dir, app) = fresh();
    assert_eq!(app.err("judge", json!({})), "no_game");
    assert_eq!(app.err("undo_to_solvable", json!({})), "no_game");
    assert_eq!(app.err("solve_step", json!({ "elapsedMs": 0 })), "no_game");
}
