//! Stack files (`stack::file`): parse, validate and replay `taken`; every bad input is a
//! typed error; a dealt file round-trips.

mod common;

use common::stack::level;
use llk_engine::stack::deal::deal;
use llk_engine::stack::file::{parse, play_state, replay, to_json};
use llk_engine::stack::StackStatus;
use llk_engine::EngineError;

/// Three tiles of kind 0 in a column (0 under 1 under 2) and three of kind 1 apart.
const SMALL: &str = r#"{"tray": 7, "tiles": [
  {"x":0,"y":0,"z":0,"kind":0}, {"x":2,"y":2,"z":1,"kind":0}, {"x":1,"y":1,"z":2,"kind":0},
  {"x":8,"y":0,"z":0,"kind":1}, {"x":12,"y":0,"z":0,"kind":1}, {"x":16,"y":0,"z":0,"kind":1}]"#;

fn small(taken: &str) -> String {
    format!("{SMALL}, \"taken\": [{taken}]}}")
}

#[test]
fn replays_taken_into_tray_free_and_status() {
    let f = parse(&format!("{SMALL}}}")).unwrap();
    assert!(f.taken.is_empty() && f.tray == 7);
    let s = play_state(&replay(&f).unwrap());
    assert_eq!(
        (s.tray, s.free, s.status),
        (vec![], vec![2, 3, 4, 5], StackStatus::Playing)
    );
    let s = play_state(&replay(&parse(&small("3, 2")).unwrap()).unwrap());
    assert_eq!((s.tray, s.free), (vec![3, 2], vec![1, 4, 5]));
    let s = play_state(&replay(&parse(&small("3, 2, 1, 4")).unwrap()).unwrap());
    assert_eq!(s.tray, vec![3, 4, 2, 1]);
    let s = play_state(&replay(&parse(&small("2, 1, 0, 3, 4, 5")).unwrap()).unwrap());
    assert_eq!(
        (s.tray.len(), s.free.len(), s.status),
        (0, 0, StackStatus::Won)
    );
}

#[test]
fn a_full_tray_is_lost() {
    // Seven kinds, three each, side by side: seven different takes fill the tray.
    let tiles: Vec<String> = (0..21)
        .map(|i| format!("{{\"x\":{},\"y\":0,\"z\":0,\"kind\":{}}}", 4 * i, i % 7))
        .collect();
    let text = format!(
        "{{\"tray\":7,\"tiles\":[{}],\"taken\":[0,1,2,3,4,5,6]}}",
        tiles.join(",")
    );
    let b = replay(&parse(&text).unwrap()).unwrap();
    assert_eq!(play_state(&b).status, StackStatus::Lost);
    let more = text.replace("5,6]", "5,6,7]");
    assert_eq!(replay(&parse(&more).unwrap()), Err(EngineError::GameOver));
}

#[test]
fn bad_files_are_typed_errors() {
    let stack = |t: &str| matches!(parse(t), Err(EngineError::BadStack(_)));
    assert!(stack(""));
    assert!(stack("[]"));
    assert!(stack(r#"{"tiles": []}"#), "tray is required");
    assert!(stack(r#"{"tray": 7, "tiles": [], "extra": 1}"#));
    assert!(stack(r#"{"tray": 4, "tiles": []}"#));
    assert!(stack(r#"{"tray": 10, "tiles": []}"#));
    assert!(stack(r#"{"tray": 300, "tiles": []}"#));
    assert!(stack(r#"{"tray": 7, "tiles": [{"x":0,"y":0,"z":0}]}"#));
    assert!(stack(
        r#"{"tray": 7, "tiles": [{"x":0,"y":0,"z":0,"kind":0,"w":1}]}"#
    ));
    assert!(stack(
        r#"{"tray": 7, "tiles": [{"x":0,"y":0,"z":0,"kind":-1}]}"#
    ));
    assert!(stack(
        r#"{"tray": 7, "tiles": [{"x":-4,"y":0,"z":0,"kind":0}]}"#
    ));
    // Overlap within a layer; kinds not in threes.
    assert!(stack(
        &SMALL
            .replace(r#""x":8,"y":0,"z":0"#, r#""x":3,"y":0,"z":0"#)
            .replace("]", "]}")
    ));
    assert!(stack(
        &SMALL
            .replace(r#""z":0,"kind":1}]"#, r#""z":0,"kind":2}]"#)
            .replace("]", "]}")
    ));
    assert!(matches!(
        parse(&small("6")),
        Err(EngineError::UnknownTile { id: 6, count: 6 })
    ));
    assert!(matches!(parse(&small("-1")), Err(EngineError::BadStack(_))));
    assert_eq!(
        replay(&parse(&small("0")).unwrap()),
        Err(EngineError::TileCovered { id: 0 })
    );
    assert_eq!(
        replay(&parse(&small("3, 3")).unwrap()),
        Err(EngineError::TileNotAvailable { id: 3 })
    );
}

#[test]
fn a_dealt_file_round_trips() {
    let d = deal(&level(2, 5)).unwrap();
    let text = to_json(7, &d.layout, None).unwrap();
    assert!(!text.contains("taken"));
    let f = parse(&text).unwrap();
    assert_eq!(f.layout, d.layout);
    let with = to_json(7, &d.layout, Some(&d.certificate)).unwrap();
    let b = replay(&parse(&with).unwrap()).unwrap();
    assert_eq!(b.status(), StackStatus::Won);
}
