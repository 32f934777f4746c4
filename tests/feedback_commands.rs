//! The commands' side of the feedback on a win: `select` says `new_best` exactly when a win
//! beats the best stored in `scores.json` (not again for the same score after an undo or a
//! replay), and the auto-shuffle setting applies to the current classic game at once.

mod common;

use common::{options, TestApp};
use serde_json::{json, Value};

/// Plays the current classic game to its end by hints, a match every `gap_ms` of game
/// time; returns the last `select` result and the pairs played.
fn play_out(app: &TestApp, gap_ms: u64) -> (Value, Vec<(Value, Value)>) {
    let mut pairs = Vec::new();
    loop {
        let hint = app.classic_hint();
        assert!(!hint.is_null(), "a solvable deal always has a hint");
        pairs.push((hint["a"].clone(), hint["b"].clone()));
        let res = replay(
            app,
            &pairs[pairs.len() - 1..],
            gap_ms * pairs.len() as u64,
            gap_ms,
        );
        if res["game"]["status"] == "won" {
            return (res, pairs);
        }
    }
}

/// Plays `pairs` from game time `t0`, a match every `gap_ms` (no hint: a combo can build);
/// returns the last `select` result.
fn replay(app: &TestApp, pairs: &[(Value, Value)], t0: u64, gap_ms: u64) -> Value {
    let mut last = Value::Null;
    for (i, (a, b)) in pairs.iter().enumerate() {
        let t = t0 + gap_ms * i as u64;
        app.select(a, t).expect("select a");
        last = app.select(b, t).expect("select b");
        assert_eq!(last["outcome"]["kind"], "matched", "{last}");
        if last["game"]["status"] != "won" {
            assert_eq!(
                last["new_best"], false,
                "only a win can be a new best: {last}"
            );
        }
    }
    last
}

#[test]
fn new_best_only_when_a_win_beats_the_stored_best() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = TestApp::new(dir.path());
    app.start();
    let opts = options(4, 4, 4, 11);
    app.ok("new_game", json!({ "options": opts }));

    // Slow play: no combo. The first win on a layout is a new best.
    let (won, pairs) = play_out(&app, 10_000);
    assert_eq!(won["new_best"], true, "{won}");
    let first = won["game"]["score"].as_u64().expect("score");
    assert_eq!(won["game"]["best_score"].as_u64(), Some(first));

    // The won board stays won: its undo is refused, so it cannot be won twice.
    assert_eq!(won["game"]["can_undo"], false, "{won}");
    assert_eq!(app.err("undo", json!({})), "game_over");

    // The same deal replayed at the same pace: equal score, no new best.
    app.ok("new_game", json!({ "options": opts }));
    let again = replay(&app, &pairs, 10_000, 10_000);
    assert_eq!(again["game"]["score"].as_u64(), Some(first));
    assert_eq!(again["new_best"], false, "{again}");

    // Fast play builds combos: a higher score is a new best again.
    app.ok("new_game", json!({ "options": opts }));
    let fast = replay(&app, &pairs, 0, 100);
    assert!(fast["game"]["score"].as_u64() > Some(first), "{fast}");
    assert_eq!(fast["new_best"], true, "{fast}");

    // Other outcomes say false.
    app.ok("new_game", json!({ "options": opts }));
    let hint = app.classic_hint();
    let sel = app.select(&hint["a"], 0).expect("select");
    assert_eq!(sel["new_best"], false);
}

#[test]
fn stack_new_best_follows_the_stored_best() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = TestApp::new(dir.path());
    app.start();
    let win = |seed: u64| -> Value {
        app.new_stack(1, seed);
        let line = app.ok("winning_line", json!({}));
        let moves = line["moves"]
            .as_array()
            .expect("level 1 has a winning line")
            .clone();
        let mut last = Value::Null;
        for (i, id) in moves.iter().enumerate() {
            last = app.take(id.clone(), 1_000 * i as u64).expect("take");
            if i + 1 < moves.len() {
                assert_eq!(last["new_best"], false, "{last}");
            }
        }
        assert_eq!(last["game"]["status"], "won", "{last}");
        last
    };
    let first = win(5);
    assert_eq!(first["new_best"], true, "{first}");
    let again = win(5);
    assert_eq!(again["game"]["score"], first["game"]["score"]);
    assert_eq!(again["new_best"], false, "{again}");
}

#[test]
fn auto_shuffle_setting_applies_to_the_current_game_and_is_saved() {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let app = TestApp::new(dir.path());
        app.start();
        app.new_game(4, 6, 6, 3);
        assert_eq!(app.state()["options"]["auto_shuffle"], false);
        let on =
            json!({ "language": "en", "auto_shuffle": true, "muted": null, "intro_seen": true });
        app.ok("set_settings", json!({ "settings": on }));
        assert_eq!(app.state()["options"]["auto_shuffle"], true);
        // The deal is the same: only the player's setting changed.
        assert_eq!(app.state()["options"]["seed"], "3");
    }
    // Saved with the game.
    let app = TestApp::new(dir.path());
    let resumed = app.start();
    assert_eq!(resumed["game"]["options"]["auto_shuffle"], true);
    let off = json!({ "language": "en", "auto_shuffle": false, "muted": null, "intro_seen": true });
    app.ok("set_settings", json!({ "settings": off }));
    assert_eq!(app.state()["options"]["auto_shuffle"], false);

    // A journey level's auto-shuffle is its own rule: the setting leaves it alone.
    let journey = app.ok("journey_start", json!({ "restart": true }));
    let before = journey["game"]["options"]["auto_shuffle"].clone();
    app.ok("set_settings", json!({ "settings": off }));
    assert_eq!(app.state()["game"]["options"]["auto_shuffle"], before);
}

/// Auto-shuffle turned on while the board is stuck shuffles it at once: `set_settings`
/// hands the view the changed game, and the shuffle is saved and undoable.
#[test]
fn auto_shuffle_turned_on_while_stuck_shuffles_at_once() {
    use llk_engine::classic::board::Board;
    use llk_engine::classic::game::{Game, GameOptions};
    use llk_engine::classic::slide::SlideRule;

    let dir = tempfile::tempdir().expect("temp dir");
    // AB/BA walled in by a closed ring: no pair links, the board is stuck.
    let grid = vec![
        vec![Some(0), Some(1), None, None],
        vec![Some(1), Some(0), None, None],
    ];
    let board = Board::from_rows(&grid, false).expect("board");
    let o = GameOptions {
        rows: 2,
        cols: 4,
        kinds: 2,
        seed: 7,
        solvable: true,
        ring: false,
        auto_shuffle: false,
        slide: SlideRule::None,
    };
    let game = Game::on_board_for_tests(o, board).expect("game");
    std::fs::write(dir.path().join("game.json"), game.to_json().expect("json")).expect("save");
    let app = TestApp::new(dir.path());
    assert_eq!(app.start()["game"]["status"], "stuck");

    let off = json!({ "language": "en", "auto_shuffle": false, "muted": null, "intro_seen": true });
    let reply = app.ok("set_settings", json!({ "settings": off }));
    assert_eq!(reply["settings"], off);
    assert_eq!(reply["game"], Value::Null, "nothing changed on the board");

    let on = json!({ "language": "en", "auto_shuffle": true, "muted": null, "intro_seen": true });
    let reply = app.ok("set_settings", json!({ "settings": on }));
    assert_eq!(reply["settings"], on);
    let game = &reply["game"];
    assert_eq!(game["mode"], "classic", "{reply}");
    assert_eq!(game["status"], "playing", "{reply}");
    assert_eq!(game["counters"]["shuffles"], 1);
    assert_eq!(game["can_undo"], true);
    assert_eq!(app.state()["status"], "playing");
    // Setting it on again changes nothing more.
    assert_eq!(
        app.ok("set_settings", json!({ "settings": on }))["game"],
        Value::Null
    );

    app.ok("undo", json!({}));
    assert_eq!(app.state()["status"], "stuck");
}

#[test]
fn combo_window_travels_with_the_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = TestApp::new(dir.path());
    app.start();
    let view = app.new_game(4, 4, 4, 11);
    assert_eq!(view["combo_until_ms"], Value::Null);
    let window = view["combo_window_ms"].as_u64().expect("window");
    assert!(window > 0);
    let hint = app.classic_hint();
    app.select(&hint["a"], 5_000).expect("select a");
    let res = app.select(&hint["b"], 5_000).expect("select b");
    assert_eq!(res["game"]["combo_until_ms"].as_u64(), Some(5_000 + window));
}
