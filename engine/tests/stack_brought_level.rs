//! Games of levels the player brought (`StackGame::from_level`): known by the level's
//! fingerprint whatever the file's spacing, never dealt from their options, restarted
//! from the start they keep (also after a save and a load), and a save that claims a
//! brought level without its start (or a start without the claim) is refused.

use llk_engine::stack::file;
use llk_engine::stack::game::{level_fingerprint, Place, Props, StackGame, StackOptions};
use llk_engine::stack::import::{read_level, DEFAULT_TRAY};
use llk_engine::EngineError;
use serde_json::{json, Value};

fn captured_192() -> String {
    let path = format!(
        "{}/tests/data/sheep-maps/captured-192.json",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Six side-by-side tiles of `kinds`, with `taken` taken already.
fn file_of(kinds: [u16; 6], taken: &[u16]) -> String {
    let tiles: Vec<Value> = (0..6)
        .map(|i| json!({"x": 4 * (i % 3), "y": 4 * (i / 3), "z": 0, "kind": kinds[i]}))
        .collect();
    json!({"tray": 7, "taken": taken, "tiles": tiles}).to_string()
}

/// Six tiles, three of kind 0 and three of kind 1.
fn small_file(taken: &[u16]) -> String {
    file_of([0, 1, 0, 1, 0, 1], taken)
}

fn places(g: &StackGame) -> Vec<Place> {
    (0..g.layout().len())
        .map(|id| g.place(u16::try_from(id).expect("small")))
        .collect()
}

#[test]
fn a_brought_level_is_known_by_its_fingerprint() {
    let text = captured_192();
    let level = read_level(&text, DEFAULT_TRAY).expect("the captured map");
    let game = StackGame::from_level(&level, Props::default()).expect("opens");
    let o = *game.options();
    assert!(o.imported && o.random_fill && o.level.is_none());
    assert_eq!(o.seed, level_fingerprint(&level));
    assert_ne!(o.seed, 0);

    // the same map with other spacing and field order is the same level
    let v: Value = serde_json::from_str(&text).expect("JSON");
    let pretty = serde_json::to_string_pretty(&v).expect("text");
    let again = read_level(&pretty, DEFAULT_TRAY).expect("the same map");
    assert_eq!(level_fingerprint(&again), o.seed);
    // another tray, another start or one kind swapped is another level
    let tray6 = read_level(&text, 6).expect("tray 6");
    assert_ne!(level_fingerprint(&tray6), o.seed);
    let a = file::parse(&small_file(&[])).expect("file");
    let b = file::parse(&small_file(&[0])).expect("file");
    assert_ne!(level_fingerprint(&a), level_fingerprint(&b));
    let swapped = file::parse(&file_of([1, 0, 0, 1, 0, 1], &[])).expect("file");
    assert_ne!(level_fingerprint(&swapped), level_fingerprint(&a));
}

#[test]
fn a_brought_level_is_not_dealt_from_its_options() {
    let level = file::parse(&small_file(&[])).expect("file");
    let game = StackGame::from_level(&level, Props::default()).expect("opens");
    match StackGame::new(*game.options()) {
        Err(EngineError::BadDealOptions(m)) => assert!(m.contains("open it from its file"), "{m}"),
        other => panic!("dealt from a brought level's options: {other:?}"),
    }
    // dealt games keep restarting from their options: the same deal
    let dealt = StackGame::new(StackOptions::default()).expect("deal");
    let again = dealt.restart().expect("restart");
    assert_eq!(again.layout(), dealt.layout());
}

#[test]
fn a_brought_level_restarts_from_its_start_also_after_a_save() {
    let level = file::parse(&small_file(&[0])).expect("file");
    let start = StackGame::from_level(&level, Props::default()).expect("opens");
    assert_eq!(start.place(0), Place::Tray, "the file's take is replayed");
    let mut game = start.clone();
    game.take(1, 500).expect("take");
    game.take(2, 900).expect("take");
    game.shuffle().expect("a shuffle changes the faces");
    let restarted = game.restart().expect("restart");
    assert_eq!(restarted.layout(), start.layout(), "the level's own faces");
    assert_eq!(places(&restarted), places(&start));
    assert_eq!(restarted.options(), start.options());
    assert_eq!(restarted.props_left(), Props::default());

    let text = game.to_json().expect("save");
    let loaded = StackGame::from_json(&text).expect("load");
    assert_eq!(loaded, game);
    let after = loaded.restart().expect("restart after a load");
    assert_eq!(after.layout(), start.layout());
    assert_eq!(places(&after), places(&start));

    // a dealt game's save has no start in it (saves of deals are unchanged)
    let dealt = StackGame::new(StackOptions::default()).expect("deal");
    let saved: Value = serde_json::from_str(&dealt.to_json().expect("save")).expect("JSON");
    assert!(saved.get("start_kinds").is_none() && saved.get("start_taken").is_none());
    assert!(saved["options"].get("imported").is_none());
}

#[test]
fn a_save_whose_start_and_claim_disagree_is_refused() {
    let level = file::parse(&small_file(&[])).expect("file");
    let game = StackGame::from_level(&level, Props::default()).expect("opens");
    let saved: Value = serde_json::from_str(&game.to_json().expect("save")).expect("JSON");

    let mut no_start = saved.clone();
    no_start
        .as_object_mut()
        .expect("object")
        .remove("start_kinds");
    let mut not_imported = saved.clone();
    not_imported["options"]["imported"] = json!(false);
    let mut bad_take = saved.clone();
    bad_take["start_taken"] = json!([6]);
    let mut short = saved.clone();
    short["start_kinds"]
        .as_array_mut()
        .expect("kinds")
        .truncate(3);
    let mut other_faces = saved.clone();
    other_faces["start_kinds"] = json!([0, 0, 0, 0, 0, 0]);
    for (what, v) in [
        ("no start", no_start),
        ("a start without the claim", not_imported),
        ("a take outside", bad_take),
        ("another size", short),
        ("other faces", other_faces),
    ] {
        match StackGame::from_json(&v.to_string()) {
            Err(EngineError::BadSave(m)) => assert!(!m.contains('\n'), "{what}: {m}"),
            other => panic!("{what}: {other:?}"),
        }
    }
}
