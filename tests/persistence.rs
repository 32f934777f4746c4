//! Persistence through the commands: the game (with its undo history), settings and best
//! scores survive a restart; a corrupt or truncated file is set aside as `<name>.corrupt`
//! with a notice and nothing else is lost; saving never leaves a partial or temp file.

mod common;

use std::fs;
use std::path::Path;

use common::{cells, TestApp};
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
        let hint = app.ok("hint", json!({}));
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
    let settings = json!({ "language": "en", "auto_shuffle": false });
    app.ok("set_settings", json!({ "settings": settings }));
    let dealt = app.state();
    play(&app, 3);
    // Select one more tile so the selection is part of what is resumed.
    let hint = app.ok("hint", json!({}));
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
        let settings = json!({ "language": "zh-Hant", "auto_shuffle": true });
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
            ["game.json", "game.json.corrupt", "settings.json"],
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
        json!({ "language": "auto", "auto_shuffle": true })
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
        let hint = app.ok("hint", json!({}));
        app.select(&hint["a"], 1).expect("a");
        app.select(&hint["b"], 2).expect("b");
        // After every command (once its background save is done) the file on disk is a
        // complete, loadable save of the state.
        app.flush();
        let on_disk = fs::read_to_string(dir.path().join("game.json")).expect("game.json");
        assert!(llk_engine::classic::game::Game::from_json(&on_disk).is_ok());
        assert_eq!(file_names(dir.path()), ["game.json"]);
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
        json!({ "settings": { "language": "en", "auto_shuffle": true } }),
    );
    assert_eq!(code, "storage");
    // ...but the setting applies for this session.
    assert_eq!(app.ok("get_settings", json!({}))["language"], "en");
}
