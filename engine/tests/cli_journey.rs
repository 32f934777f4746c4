//! `llk journey`: a journey dealt at a level in the engine's journey save format (what the
//! e2e suite writes as the app's saved game to start a journey past level 1).

mod common;

use common::llk::{ok_json as ok, refused};
use llk_engine::classic::journey::Journey;

#[test]
fn a_journey_at_a_level_is_a_save_the_engine_loads() {
    let doc = ok(
        &[
            "journey",
            "--level",
            "2",
            "--seed",
            "77",
            "--carried",
            "1234",
        ],
        "",
    );
    assert_eq!(doc["format"], "lianliankan-journey");
    let journey = Journey::from_json(&doc.to_string()).expect("the engine loads it");
    assert_eq!(journey.level_number(), 2);
    assert_eq!(journey.carried_score(), 1234);
    assert_eq!(journey.seed(), 77);
    assert_eq!(journey.game().counters().moves, 0, "a fresh deal");
    let again = ok(
        &[
            "journey",
            "--level",
            "2",
            "--seed",
            "77",
            "--carried",
            "1234",
        ],
        "",
    );
    assert_eq!(doc, again, "same seed, same journey");
    let level1 = ok(&["journey", "--level", "1", "--seed", "77"], "");
    assert_eq!(level1["carried"], 0);
    assert_ne!(
        level1["game"], doc["game"],
        "each level deals its own board"
    );
}

#[test]
fn bad_arguments_are_refused() {
    for (args, says) in [
        (&["journey"][..], "level"),
        (&["journey", "--level", "0"][..], "level"),
        (&["journey", "--level", "two"][..], "level"),
        (&["journey", "--level", "2", "--board", "x"][..], "board"),
    ] {
        let err = refused(args, "");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
