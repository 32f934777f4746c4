//! A saved game that no longer loads, seen by the player: `start` reports it as a code and
//! a file name the view translates (the parser's reason and the path stay in the English
//! `notice`, for the log), and the fresh game keeps the player's settings and the layout
//! and rules the damaged save still showed.

mod common;

use std::fs;

use common::TestApp;
use serde_json::{json, Value};

/// A 6×14 game without border paths, settings in Traditional Chinese without automatic
/// shuffles, then `damage` applied to the saved game's JSON.
fn damaged_start(damage: impl FnOnce(&mut Value)) -> (TestApp, Value, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    app.start();
    let settings =
        json!({ "language": "zh-Hant", "auto_shuffle": false, "muted": true, "intro_seen": true });
    app.ok("set_settings", json!({ "settings": settings }));
    let mut options = common::options(6, 14, 21, 5);
    options["ring"] = json!(false);
    app.ok("new_game", json!({ "options": options }));
    app.flush();
    drop(app);
    let file = dir.path().join("game.json");
    let mut doc: Value =
        serde_json::from_slice(&fs::read(&file).expect("game.json")).expect("saved json");
    damage(&mut doc);
    fs::write(&file, doc.to_string()).expect("damage");
    let app = TestApp::new(dir.path());
    let start = app.start();
    assert_eq!(
        app.ok("get_settings", json!({})),
        settings,
        "settings survive"
    );
    (app, start, dir)
}

#[test]
fn the_notice_is_a_code_and_the_fresh_game_keeps_the_last_layout() {
    let (_app, start, _dir) = damaged_start(|doc| doc["game"]["board"] = json!("scribbled"));
    assert_eq!(
        start["notices"],
        json!([{ "code": "file_set_aside", "file": "game", "kept_as": "game.json.corrupt" }])
    );
    // The English notice (for the log) names the parser's reason; the codes do not.
    assert!(start["notice"].as_str().expect("notice").contains("game"));
    let game = &start["game"];
    assert_eq!(
        (&game["rows"], &game["cols"], &game["options"]["kinds"]),
        (&json!(6), &json!(14), &json!(21)),
        "{game}"
    );
    assert_eq!(game["options"]["ring"], false);
    assert_eq!(game["options"]["auto_shuffle"], false, "from the settings");
    assert_eq!(game["can_undo"], false, "a fresh deal");
}

#[test]
fn options_the_engine_refuses_give_the_default_layout() {
    let (_app, start, _dir) = damaged_start(|doc| doc["game"]["options"]["kinds"] = json!(0));
    assert_eq!(start["notices"][0]["code"], "file_set_aside");
    let game = &start["game"];
    assert_eq!((&game["rows"], &game["cols"]), (&json!(8), &json!(18)));
    assert_eq!(game["options"]["auto_shuffle"], false, "from the settings");
}
