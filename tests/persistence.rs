//! Persistence through the commands: the game of either mode (with its undo history),
//! settings and best scores survive a restart; a classic save from before stack mode (no
//! `mode`) still loads; a corrupt or truncated file is set aside as `<name>.corrupt`
//! with a notice and nothing else is lost; saving never leaves a partial or temp file.

mod common;

use std::fs;
use std::path::Path;

use common::{cells, ids, tiles, TestApp};
use serde_json::{json, Value};

fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("list data dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Plays `pairs` hinted matches.
fn play(app: &TestApp, pairs: usize) {
    for i in 0..pairs {
        let hint = app.classic_hint();
        assert!(!hint.is_null());
        let t = 1000 * (i as u64 + 1);
        app.select(&hint["a"], t).expect("select a");
        let res = app.select(&hint["b"], t + 200).expect("select b");
        assert_eq!(res["outcome"]["kind"], "matched");
    }
}

#[test]
fn a_restart_resumes_the_exact_position_with_undo_history() {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    app.start();
    let settings =
        json!({ "language": "en", "auto_shuffle": false, "muted": null, "intro_seen": true });
    app.ok("set_settings", json!({ "settings": settings }));
    let dealt = app.state();
    play(&app, 3);
    // Select one more tile so the selection is part of what is resumed.
    let hint = app.classic_hint();
    app.select(&hint["a"], 9000).expect("select");
    app.ok("set_elapsed", json!({ "elapsedMs": 9876 }));
    let last = app.state();
    assert_eq!(last["selection"], hint["a"]);
    drop(app);

    let app = TestApp::new(dir.path());
    let start = app.start();
    assert_eq!(start["notice"], Value::Null);
    assert_eq!(start["game"], last);
    assert_eq!(start["game"]["elapsed_ms"], 9876);
    assert_eq!(app.ok("get_settings", json!({})), settings);
    // The undo history came back too: three undos lead to the dealt board.
    for _ in 0..3 {
        app.ok("undo", json!({}));
    }
    assert_eq!(cells(&app.state()), cells(&dealt));
    assert_eq!(app.err("undo", json!({})), "nothing_to_undo");
}

#[test]
fn a_corrupt_or_truncated_game_is_set_aside_and_nothing_else_is_lost() {
    for damage in ["garbage", "truncate", "empty", "binary"] {
        let dir = tempfile::tempdir().expect("tempdir");
        let app = TestApp::new(dir.path());
        app.start();
        let settings = json!({ "language": "zh-Hant", "auto_shuffle": true, "muted": false, "intro_seen": false });
        app.ok("set_settings", json!({ "settings": settings }));
        play(&app, 1);
        drop(app);

        let game_file = dir.path().join("game.json");
        let good = fs::read(&game_file).expect("game.json");
        let bad: Vec<u8> = match damage {
            "garbage" => b"{ this is not json".to_vec(),
            "truncate" => good[..good.len() / 2].to_vec(),
            "empty" => Vec::new(),
            _ => vec![0xff, 0xfe, 0x00, 0x80],
        };
        fs::write(&game_file, &bad).expect("damage");

        let app = TestApp::new(dir.path());
        let start = app.start();
        let notice = start["notice"]
            .as_str()
            .unwrap_or_else(|| panic!("{damage}: no notice"));
        assert!(notice.contains("game.json.corrupt"), "{damage}: {notice}");
        assert_eq!(start["game"]["status"], "playing");
        assert_eq!(start["game"]["can_undo"], false, "{damage}: a fresh game");
        // The notice is shown once.
        assert_eq!(app.start()["notice"], Value::Null);
        // The damaged bytes are kept, the settings are intact, and the new game is saved.
        assert_eq!(
            fs::read(dir.path().join("game.json.corrupt")).expect("kept"),
            bad
        );
        assert_eq!(app.ok("get_settings", json!({})), settings, "{damage}");
        app.flush();
        assert!(game_file.exists(), "{damage}: the fresh game is saved");
        drop(app);
        assert_eq!(
            file_names(dir.path()),
            // stats.json: the game played before counted in the statistics.
            [
                "game.json",
                "game.json.corrupt",
                "settings.json",
                "stats.json"
            ],
            "{damage}"
        );
    }
}

#[test]
fn corrupt_settings_and_scores_are_set_aside_too() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(dir.path().join("settings.json"), "[1, 2").expect("seed");
    fs::write(
        dir.path().join("scores.json"),
        "{\"version\": 1, \"best\": 3}",
    )
    .expect("seed");
    let app = TestApp::new(dir.path());
    let start = app.start();
    let notice = start["notice"].as_str().expect("notice");
    assert!(notice.contains("settings.json.corrupt"), "{notice}");
    assert!(notice.contains("scores.json.corrupt"), "{notice}");
    assert_eq!(
        app.ok("get_settings", json!({})),
        json!({ "language": "auto", "auto_shuffle": true, "muted": null, "intro_seen": false })
    );
    app.flush();
    assert_eq!(
        file_names(dir.path()),
        ["game.json", "scores.json.corrupt", "settings.json.corrupt"]
    );
}

#[test]
fn saves_are_atomic_and_leave_no_temp_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A temp file left by a crash mid-save is cleaned up, the real file is untouched.
    let app = TestApp::new(dir.path());
    app.start();
    app.flush();
    let saved = fs::read_to_string(dir.path().join("game.json")).expect("game.json");
    drop(app);
    fs::write(dir.path().join("game.json.4242.tmp"), "{ half a sa").expect("stale tmp");

    let app = TestApp::new(dir.path());
    let start = app.start();
    assert_eq!(start["notice"], Value::Null);
    assert_eq!(
        fs::read_to_string(dir.path().join("game.json")).expect("game.json"),
        saved
    );
    for _ in 0..20 {
        let hint = app.classic_hint();
        app.select(&hint["a"], 1).expect("a");
        app.select(&hint["b"], 2).expect("b");
        // After every command (once its background save is done) the file on disk is a
        // complete, loadable save of the state.
        app.flush();
        let on_disk = fs::read_to_string(dir.path().join("game.json")).expect("game.json");
        assert!(llk_engine::classic::game::Game::from_json(&on_disk).is_ok());
        // stats.json: the statistics count the game as played from its first match.
        assert_eq!(file_names(dir.path()), ["game.json", "stats.json"]);
    }
}

#[test]
fn an_unwritable_data_dir_does_not_stop_the_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A plain file where the data directory should be: nothing can be saved.
    let blocked = dir.path().join("not-a-dir");
    fs::write(&blocked, "").expect("file");
    let app = TestApp::new(&blocked);
    let start = app.start();
    assert_eq!(start["game"]["status"], "playing");
    play(&app, 1);
    let code = app.err(
        "set_settings",
        json!({ "settings": { "language": "en", "auto_shuffle": true, "muted": null, "intro_seen": true } }),
    );
    assert_eq!(code, "storage");
    // ...but the setting applies for this session.
    assert_eq!(app.ok("get_settings", json!({}))["language"], "en");
}

/// The saved game file as JSON.
fn saved_game(dir: &Path) -> serde_json::Map<String, Value> {
    let text = fs::read_to_string(dir.join("game.json")).expect("game.json");
    serde_json::from_str(&text).expect("game.json is a JSON object")
}

/// Takes the hinted tile.
fn take_hint(app: &TestApp, t: u64) -> Value {
    let hint = app.ok("hint", json!({}));
    let id = hint["hint"]["id"].clone();
    assert!(id.is_u64(), "no hint: {hint}");
    app.take(id, t).expect("take the hint")
}

/// Takes the first free tile on the board.
fn take_board_tile(app: &TestApp, t: u64) -> Value {
    let view = app.state();
    let tile = tiles(&view)
        .iter()
        .find(|t| t["place"] == "board" && t["free"] == true)
        .expect("a free board tile");
    app.take(tile["id"].clone(), t).expect("take a board tile")
}

#[test]
fn a_stack_game_resumes_with_tray_held_row_props_and_undo_history() {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    app.new_stack(1, 21);
    take_hint(&app, 500);
    app.ok("move_out", json!({}));
    // Two takes from the board (not the held tile), the last one to undo after restart.
    take_board_tile(&app, 1000);
    let before_last = app.state();
    take_board_tile(&app, 1500);
    app.ok("set_elapsed", json!({ "elapsedMs": 2345 }));
    let last = app.state();
    assert!(!ids(&last, "tray").is_empty(), "{last}");
    assert!(!ids(&last, "held").is_empty(), "{last}");
    assert_eq!(last["props_left"]["move_out"], 0);
    assert_eq!(last["can_undo"], true);
    app.flush();
    assert_eq!(saved_game(dir.path())["mode"], "stack");
    drop(app);

    let app = TestApp::new(dir.path());
    let start = app.start();
    assert_eq!(start["notice"], Value::Null);
    assert_eq!(
        start["game"], last,
        "tray, held row, props, counters and clock"
    );
    // The undo history came back too: the last take goes back where it was.
    let undone = app.ok("undo", json!({}));
    for key in ["tray", "held", "tiles"] {
        assert_eq!(undone[key], before_last[key], "{key} after undo");
    }
    assert_eq!(undone["props_left"]["undo"], 0);
}

#[test]
fn a_classic_save_without_a_mode_still_loads() {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    app.start();
    let dealt = app.state();
    play(&app, 2);
    let last = app.state();
    app.flush();
    drop(app);
    // A save as the app wrote it before stack mode: the engine's document alone.
    let mut doc = saved_game(dir.path());
    assert_eq!(doc.remove("mode"), Some(json!("classic")));
    let old = serde_json::to_string(&doc).expect("json");
    assert!(llk_engine::classic::game::Game::from_json(&old).is_ok());
    fs::write(dir.path().join("game.json"), old).expect("write the old save");

    let app = TestApp::new(dir.path());
    let start = app.start();
    assert_eq!(start["notice"], Value::Null);
    assert_eq!(start["game"], last);
    app.ok("undo", json!({}));
    app.ok("undo", json!({}));
    assert_eq!(cells(&app.state()), cells(&dealt));
    // Saved again, it gains its mode.
    app.flush();
    assert_eq!(saved_game(dir.path())["mode"], "classic");
}

#[test]
fn a_save_of_an_unknown_or_mismatched_mode_is_set_aside() {
    for (mode, from) in [
        ("chess", "classic"),
        ("stack", "classic"),
        ("classic", "stack"),
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        let app = TestApp::new(dir.path());
        if from == "stack" {
            app.new_stack(1, 3);
        } else {
            app.start();
        }
        app.flush();
        drop(app);
        let mut doc = saved_game(dir.path());
        doc.insert("mode".into(), json!(mode));
        fs::write(dir.path().join("game.json"), Value::Object(doc).to_string()).expect("write");

        let app = TestApp::new(dir.path());
        let start = app.start();
        let notice = start["notice"]
            .as_str()
            .unwrap_or_else(|| panic!("{mode}: no notice"));
        assert!(notice.contains("game.json.corrupt"), "{mode}: {notice}");
        assert_eq!(start["game"]["mode"], "classic", "a fresh default game");
    }
}
