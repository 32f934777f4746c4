//! Loading a session from a store that holds damaged, foreign, oversized or unreadable
//! files: each is set aside (never overwritten by the next save) and told about once, as
//! an English notice for the log and as a code the view translates; the damaged classic
//! save's layout and rules survive into the fresh game. The web shell relies on exactly
//! this, over browser storage.

mod common;

use common::{options, Shell};
use llk_session::memory::MemoryStore;
use llk_session::MAX_FILE_BYTES;
use serde_json::{json, Value};

/// A store holding a 6×14 game without border paths after two matches.
fn saved_game() -> MemoryStore {
    let store = MemoryStore::new();
    let mut shell = Shell::load(&store, 1);
    let mut o = options(6, 14, 21, 5);
    o["ring"] = json!(false);
    shell.ok("new_game", json!({ "options": o }));
    shell.match_hinted(1000);
    shell.match_hinted(2000);
    shell.session.flush();
    store
}

#[test]
fn a_damaged_save_is_set_aside_with_the_notice_and_its_layout_survives() {
    let store = saved_game();
    let mut doc: Value = serde_json::from_str(&store.get("game.json").expect("saved")).unwrap();
    doc["game"]["board"] = json!("scribbled");
    let damaged = doc.to_string();
    store.put("game.json", &damaged);

    let mut shell = Shell::load(&store, 2);
    let start = shell.ok("start", json!({}));
    assert_eq!(
        start["notices"],
        json!([{ "code": "file_set_aside", "file": "game", "kept_as": "game.json.corrupt" }])
    );
    let notice = start["notice"].as_str().expect("an English notice");
    assert!(
        notice.starts_with("The saved game could not be used (")
            && notice.ends_with("); it was kept as game.json.corrupt and a fresh one was started."),
        "{notice}"
    );
    assert_eq!(shell.host.logged(), [notice], "and it went to the log");
    assert_eq!(
        store.get("game.json.corrupt"),
        Some(damaged),
        "kept unchanged"
    );
    let game = &start["game"];
    assert_eq!((&game["rows"], &game["cols"]), (&json!(6), &json!(14)));
    assert_eq!(
        (&game["options"]["kinds"], &game["options"]["ring"]),
        (&json!(21), &json!(false))
    );
    assert_eq!(game["can_undo"], false, "a fresh deal");

    let again = shell.ok("start", json!({}));
    assert_eq!(
        (&again["notice"], &again["notices"]),
        (&Value::Null, &json!([]))
    );
    // The fresh game was saved: the next load resumes it without a word.
    let mut next = Shell::load(&store, 3);
    let resumed = next.ok("start", json!({}));
    assert_eq!(resumed["notice"], Value::Null);
    assert_eq!(resumed["game"], again["game"]);
}

#[test]
fn every_damaged_file_is_set_aside_and_earlier_ones_are_kept() {
    let store = MemoryStore::with_files([
        ("settings.json", "{"),
        ("scores.json", "[]"),
        ("daily.json", "x"),
        ("stats.json", "{\"version\":9,\"groups\":{}}"),
        ("game.json", ""),
        ("journey.json", "nope"),
        ("game.json.corrupt", "an older one"),
    ]);
    let mut shell = Shell::load(&store, 1);
    let start = shell.ok("start", json!({}));
    let files: Vec<&str> = ["settings", "scores", "daily", "stats", "game", "journey"].into();
    let expected: Vec<Value> = files
        .iter()
        .map(|f| {
            let name = if *f == "game" {
                "game.json.1.corrupt".to_string()
            } else {
                format!("{f}.json.corrupt")
            };
            json!({ "code": "file_set_aside", "file": f, "kept_as": name })
        })
        .collect();
    assert_eq!(start["notices"], Value::Array(expected));
    let lines = start["notice"].as_str().expect("notice").lines().count();
    assert_eq!(lines, 6, "one line per file");
    assert_eq!(
        store.get("game.json.corrupt").as_deref(),
        Some("an older one")
    );
    assert_eq!(
        store.get("stats.json.corrupt").as_deref(),
        Some("{\"version\":9,\"groups\":{}}")
    );
    assert_eq!(start["game"]["status"], "playing");
    assert_eq!(
        shell.ok("get_settings", json!({})),
        json!({ "language": "auto", "auto_shuffle": true, "muted": null, "intro_seen": false }),
        "default settings"
    );
}

#[test]
fn a_file_that_cannot_be_read_nor_set_aside_is_unusable() {
    let store = MemoryStore::new();
    store.make_unreadable("game.json");
    let mut shell = Shell::load(&store, 1);
    let start = shell.ok("start", json!({}));
    assert_eq!(
        start["notices"],
        json!([{ "code": "file_unusable", "file": "game", "kept_as": null }])
    );
    let notice = start["notice"].as_str().expect("notice");
    assert!(notice.contains("could not be set aside"), "{notice}");
    assert_eq!(start["game"]["status"], "playing", "the game goes on");
}

#[test]
fn a_file_larger_than_any_save_is_set_aside() {
    let big = " ".repeat(MAX_FILE_BYTES as usize + 1);
    let store = MemoryStore::with_files([("game.json", big.as_str())]);
    let mut shell = Shell::load(&store, 1);
    let start = shell.ok("start", json!({}));
    assert_eq!(start["notices"][0]["kept_as"], "game.json.corrupt");
    let notice = start["notice"].as_str().expect("notice");
    assert!(notice.contains("more than any save"), "{notice}");
    assert_eq!(
        store.get("game.json.corrupt").map(|t| t.len()),
        Some(big.len())
    );
}
