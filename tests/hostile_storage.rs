//! Saves that survive anything, through the commands: a full disk, a read-only data
//! directory, a data directory that is a file, a save from a newer version, a 100 MB
//! `game.json`, and saves that are valid JSON but break the rules (odd counts, a kind out
//! of range, the wrong size). Each time the game starts and stays playable, a file that
//! cannot be used is told about once (`start`'s notice) and kept, and nothing already
//! saved is destroyed.

mod common;

use std::fs;
use std::path::Path;

use common::{options, TestApp};
use lianliankan_lib::storage::Storage;
use serde_json::{json, Value};

fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("list data dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Plays `pairs` hinted matches: the game is playable.
fn play(app: &TestApp, pairs: usize) {
    for i in 0..pairs {
        let hint = app.classic_hint();
        assert!(!hint.is_null(), "a hint while playing");
        let t = 1000 * (i as u64 + 1);
        app.select(&hint["a"], t).expect("select a");
        let res = app.select(&hint["b"], t + 200).expect("select b");
        assert_eq!(res["outcome"]["kind"], "matched");
    }
}

/// A data directory holding a saved 6×6 game after two matches; returns its save.
fn saved_game(dir: &Path) -> String {
    let app = TestApp::new(dir);
    app.ok("new_game", json!({ "options": options(6, 6, 6, 11) }));
    play(&app, 2);
    drop(app);
    fs::read_to_string(dir.join("game.json")).expect("saved")
}

/// Starts an app on `dir` whose `game.json` is `contents`: it must start with a fresh
/// game, say so once, keep the file aside byte for byte, and play on.
fn starts_fresh_and_keeps(dir: &Path, contents: &[u8], why: &str) {
    fs::write(dir.join("game.json"), contents).expect("seed the save");
    let app = TestApp::new(dir);
    let start = app.start();
    let notice = start["notice"]
        .as_str()
        .unwrap_or_else(|| panic!("{why}: no notice"));
    assert!(notice.contains("game.json.corrupt"), "{why}: {notice}");
    assert_eq!(start["game"]["status"], "playing", "{why}");
    assert_eq!(app.start()["notice"], Value::Null, "{why}: told once");
    play(&app, 2);
    drop(app);
    let kept = fs::read(dir.join("game.json.corrupt")).expect("kept aside");
    assert!(
        kept == contents,
        "{why}: the unusable file is kept unchanged"
    );
    // The next launch resumes the new game without a word.
    let again = TestApp::new(dir).start();
    assert_eq!(again["notice"], Value::Null, "{why}");
    fs::remove_file(dir.join("game.json.corrupt")).expect("clean");
}

#[test]
fn saves_that_break_the_rules_are_set_aside_and_a_fresh_game_starts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let valid: Value = serde_json::from_str(&saved_game(dir.path())).expect("json");
    let cells = valid["game"]["board"]["cells"].clone();
    let (r, c) = (0..6)
        .flat_map(|r| (0..6).map(move |c| (r, c)))
        .find(|&(r, c)| !cells[r][c].is_null())
        .expect("a tile");
    let kind = cells[r][c].as_u64().expect("kind");
    let mut cases: Vec<(&str, Value)> = Vec::new();
    let mut v = valid.clone();
    v["game"]["board"]["cells"][r][c] = json!((kind + 1) % 6);
    cases.push(("odd counts", v));
    let mut v = valid.clone();
    v["game"]["board"]["cells"][r][c] = json!(60);
    cases.push(("a kind out of range", v));
    let mut v = valid.clone();
    v["game"]["options"]["rows"] = json!(7);
    cases.push(("the wrong size", v));
    let mut v = valid.clone();
    v["game"]["board"]["cells"][0] = json!([0, 0]);
    cases.push(("ragged rows", v));
    let mut v = valid.clone();
    v["version"] = json!(99);
    cases.push(("a newer version", v));
    let mut v = valid.clone();
    v["mode"] = json!("journey-of-the-future");
    cases.push(("a mode this build does not know", v));
    for (why, v) in cases {
        starts_fresh_and_keeps(dir.path(), v.to_string().as_bytes(), why);
    }
    starts_fresh_and_keeps(dir.path(), &[0xff, 0xfe, 0, 1], "bytes that are not text");
}

#[test]
fn a_100_mb_save_is_set_aside_unread() {
    let dir = tempfile::tempdir().expect("tempdir");
    let big = vec![b' '; 100 << 20];
    let t0 = std::time::Instant::now();
    starts_fresh_and_keeps(dir.path(), &big, "100 MB of spaces");
    eprintln!("100 MB game.json: started and played in {:?}", t0.elapsed());
}

#[test]
fn a_full_disk_keeps_the_last_save_and_the_game_goes_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let before = saved_game(dir.path());
    // The disk fills up: no save fits any more.
    let app = TestApp::with_storage(Storage::new(dir.path()).with_free_space(16));
    let start = app.start();
    assert_eq!(start["notice"], Value::Null, "the old save loads");
    play(&app, 3);
    app.ok("new_game", json!({ "options": options(4, 4, 4, 5) }));
    play(&app, 1);
    let code = app.err(
        "set_settings",
        json!({ "settings": { "language": "en", "auto_shuffle": false, "muted": true, "intro_seen": true } }),
    );
    assert_eq!(code, "storage", "a settings change says it was not saved");
    assert_eq!(app.ok("get_settings", json!({}))["language"], "en");
    drop(app);
    // Nothing already saved was destroyed, and no temp file is left.
    assert_eq!(
        fs::read_to_string(dir.path().join("game.json")).expect("kept"),
        before
    );
    // stats.json: the statistics written by the healthy session that made the save.
    assert_eq!(file_names(dir.path()), ["game.json", "stats.json"]);
    // Space again: the next launch resumes the last save and saves again.
    let app = TestApp::new(dir.path());
    assert_eq!(app.start()["notice"], Value::Null);
    play(&app, 1);
    drop(app);
    assert_ne!(
        fs::read_to_string(dir.path().join("game.json")).expect("saved"),
        before
    );
}

#[test]
fn a_data_dir_that_is_a_file_is_left_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let blocked = dir.path().join("data");
    fs::write(&blocked, "the player's own file").expect("file");
    let app = TestApp::new(&blocked);
    assert_eq!(app.start()["game"]["status"], "playing");
    play(&app, 3);
    drop(app);
    assert_eq!(
        fs::read_to_string(&blocked).expect("still a file"),
        "the player's own file"
    );
    assert_eq!(file_names(dir.path()), ["data"]);
}

/// Makes `dir` read-only: `chmod 555`, and for root (whom modes do not stop) the
/// immutable attribute. Returns whether writing into it now fails.
fn make_read_only(dir: &Path, on: bool) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let mode = if on { 0o555 } else { 0o755 };
    let chattr = || {
        let _ = std::process::Command::new("chattr")
            .arg(if on { "+i" } else { "-i" })
            .arg(dir)
            .stderr(std::process::Stdio::null())
            .status();
    };
    // An immutable directory refuses chmod too: lift the attribute first, set it last.
    if !on {
        chattr();
    }
    fs::set_permissions(dir, fs::Permissions::from_mode(mode)).expect("chmod");
    if on {
        chattr();
    }
    let probe = dir.join("probe");
    let writable = fs::write(&probe, "x").is_ok();
    let _ = fs::remove_file(&probe);
    !writable
}

#[test]
fn a_read_only_data_dir_keeps_its_save_and_the_game_goes_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    let before = saved_game(&data);
    let read_only = make_read_only(&data, true);
    let outcome = std::panic::catch_unwind(|| {
        let app = TestApp::new(&data);
        let start = app.start();
        assert_eq!(start["notice"], Value::Null, "the save still loads");
        play(&app, 3);
        app.ok("new_game", json!({ "options": options(4, 4, 4, 5) }));
        play(&app, 1);
    });
    make_read_only(&data, false);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
    assert!(
        read_only,
        "this machine cannot make a directory read-only (chmod, chattr)"
    );
    assert_eq!(
        fs::read_to_string(data.join("game.json")).expect("kept"),
        before
    );
    // stats.json: the statistics written by the session that made the save.
    assert_eq!(file_names(&data), ["game.json", "stats.json"]);
}
