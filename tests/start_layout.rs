//! `start`'s optional `layout`: the view asks for the layout that fits its screen; the
//! shell deals it only for a new default game (a resumed game stays), and refuses a name
//! that is not a preset.

mod common;

use common::TestApp;
use serde_json::json;

#[test]
fn a_first_game_uses_the_layout_the_view_asks_for() {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    let game = app.ok("start", json!({ "layout": "14x6" }))["game"].clone();
    assert_eq!(game["rows"], 6);
    assert_eq!(game["cols"], 14);
    assert_eq!(game["options"]["kinds"], 21);
    assert_eq!(game["tiles_left"], 84);
    // a second start (or a relaunch) resumes it, whatever the view asks now
    assert_eq!(app.ok("start", json!({ "layout": "30x16" }))["game"], game);
    drop(app);
    let again = TestApp::new(dir.path());
    assert_eq!(
        again.ok("start", json!({ "layout": "10x10" }))["game"],
        game
    );
}

#[test]
fn without_a_layout_the_first_game_is_the_default_preset() {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    let game = app.ok("start", json!({ "layout": null }))["game"].clone();
    assert_eq!(
        (game["rows"].clone(), game["cols"].clone()),
        (json!(8), json!(18))
    );
}

#[test]
fn an_unknown_or_mistyped_layout_is_refused_and_deals_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    for bad in [json!("18x9"), json!(""), json!(18), json!({ "rows": 8 })] {
        assert_eq!(
            app.err("start", json!({ "layout": bad })),
            "bad_argument",
            "{bad}"
        );
        assert_eq!(app.err("game_state", json!({})), "no_game", "{bad}");
    }
    assert_eq!(
        app.ok("start", json!({ "layout": "10x10" }))["game"]["rows"],
        10
    );
}
