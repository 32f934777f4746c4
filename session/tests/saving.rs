//! When the session saves the game: after every change, except a tap that only moves the
//! selection (a tile selected, deselected, or switched for another), which is transient.
//! A resume therefore shows the game as of its last saved change. Checked against a plain
//! reference: the save is the game as it stood after the last tap that matched (or the
//! last other command), whatever taps came since.

mod common;

use common::{options, Shell};
use llk_session::memory::MemoryStore;
use proptest::prelude::*;
use serde_json::{json, Value};

/// A tap on (`row`, `col`) at game time `t`, as the view sends it.
fn tap(row: u64, col: u64, t: u64) -> Value {
    json!({ "row": row, "col": col, "elapsedMs": t })
}

/// The cells that hold a tile, in row order.
fn tiles(game: &Value) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for (r, row) in game["cells"].as_array().into_iter().flatten().enumerate() {
        for (c, cell) in row.as_array().into_iter().flatten().enumerate() {
            if !cell.is_null() {
                out.push((r as u64, c as u64));
            }
        }
    }
    out
}

/// The game a fresh session resumes from `store`, without what the solver learnt about the
/// position (a cache that is not saved).
fn resumed(store: &MemoryStore) -> Value {
    settled(Shell::load(store, 99).ok("start", json!({}))["game"].clone())
}

/// The current game as `start` shows it, without what the solver learnt.
fn current(shell: &mut Shell) -> Value {
    settled(shell.ok("game_state", json!({})))
}

fn settled(mut view: Value) -> Value {
    if let Value::Object(map) = &mut view {
        map.remove("solvable");
        map.remove("can_undo_to_solvable");
    }
    view
}

#[test]
fn a_selection_is_not_saved_and_a_match_is() {
    let store = MemoryStore::new();
    let mut shell = Shell::load(&store, 1);
    shell.ok("new_game", json!({ "options": options(6, 6, 6, 11) }));
    let dealt = store.get("game.json").expect("the new game is saved");
    let hint = shell.ok("hint", json!({}))["hint"].clone();
    let after_hint = store.get("game.json").expect("saved");
    assert_ne!(after_hint, dealt, "a hint is saved (it counts)");
    let (a, b) = (&hint["a"], &hint["b"]);
    let cell = |p: &Value, i: usize| p[i].as_u64().expect("a cell");

    // selected, deselected, selected again: none of it is saved
    for (want, t) in [("selected", 100), ("deselected", 200), ("selected", 300)] {
        let res = shell.ok("select", tap(cell(a, 0), cell(a, 1), t));
        assert_eq!(res["outcome"]["kind"], want);
        assert_eq!(store.get("game.json").as_ref(), Some(&after_hint), "{want}");
    }
    // a resume shows the game of the last save: no selection, the hint's clock
    let back = resumed(&store);
    assert_eq!(back["selection"], Value::Null);
    assert_eq!(back["elapsed_ms"], 0);

    // a switch to another tile that does not match is no move either
    let other = tiles(&shell.ok("game_state", json!({})))
        .into_iter()
        .find(|&(r, c)| {
            let kind = |r: u64, c: u64, g: &Value| g["cells"][r as usize][c as usize].clone();
            let g = shell.ok("game_state", json!({}));
            kind(r, c, &g) != kind(cell(a, 0), cell(a, 1), &g)
        })
        .expect("a tile of another kind");
    let res = shell.ok("select", tap(other.0, other.1, 400));
    assert_eq!(res["outcome"]["kind"], "switched");
    assert_eq!(store.get("game.json").as_ref(), Some(&after_hint));

    // the match is saved at once, and resumes exactly
    shell.ok("select", tap(cell(a, 0), cell(a, 1), 500));
    let res = shell.ok("select", tap(cell(b, 0), cell(b, 1), 600));
    assert_eq!(res["outcome"]["kind"], "matched");
    assert_eq!(resumed(&store), current(&mut shell));
}

#[test]
fn a_journey_tap_after_the_time_ran_out_is_saved() {
    let store = MemoryStore::new();
    let mut shell = Shell::load(&store, 3);
    let level = shell.ok("journey_start", json!({}));
    let (r, c) = tiles(&level["game"])[0];
    let before = store.get("game.json").expect("saved");
    let res = shell.ok("select", tap(r, c, 1_000));
    assert_eq!(res["outcome"]["kind"], "selected");
    assert_eq!(store.get("game.json"), Some(before), "a journey selection");
    // far past any level's clock: the tap does nothing but the level is lost, and saved
    let res = shell.ok("select", tap(r, c, 100_000_000));
    assert_eq!(res["outcome"], Value::Null, "{res}");
    assert_eq!(resumed(&store), current(&mut shell));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any sequence of taps on a small board (any cell, tile or not): after each, the saved
    /// game is the game as it stood after the last tap that matched, or the deal.
    #[test]
    fn the_save_is_the_game_after_its_last_match(
        seed in 0u64..1_000,
        taps in proptest::collection::vec((0u64..4, 0u64..4), 1..60),
    ) {
        let store = MemoryStore::new();
        let mut shell = Shell::load(&store, seed);
        shell.ok("new_game", json!({ "options": options(4, 4, 4, seed) }));
        let mut last_saved = current(&mut shell);
        for (i, (r, c)) in taps.into_iter().enumerate() {
            let Ok(res) = shell.invoke("select", tap(r, c, 100 * i as u64)) else {
                continue; // an empty cell or a won game: refused, nothing changed
            };
            if res["outcome"]["kind"] == "matched" {
                last_saved = current(&mut shell);
            }
            prop_assert_eq!(&resumed(&store), &last_saved);
        }
    }
}
