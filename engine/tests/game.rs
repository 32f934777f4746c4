//! The game state machine: a scripted game for every outcome, exact undo, save and
//! resume, and every kind of bad input refused with a typed error.

mod common;

use llk_engine::classic::game::{Game, GameOptions, Outcome, Status, SAVE_VERSION};
use llk_engine::classic::{Pos, SlideRule};
use llk_engine::EngineError;
use proptest::prelude::*;
use serde_json::{json, Value};

fn opts(rows: u16, cols: u16, kinds: u16, seed: u64) -> GameOptions {
    GameOptions {
        rows,
        cols,
        kinds,
        seed,
        ..GameOptions::default()
    }
}

/// A game whose board is `rows` (a picture: `.` empty, other chars are kinds).
fn game_with_board(rows: &[&str], ring: bool, auto_shuffle: bool) -> Game {
    let board = common::board(rows, ring);
    // The options' kinds must cover every kind on the board.
    let kinds = board
        .to_rows()
        .iter()
        .flatten()
        .flatten()
        .max()
        .map_or(1, |k| k + 1);
    let o = GameOptions {
        rows: board.rows() as u16,
        cols: board.cols() as u16,
        kinds,
        seed: 7,
        solvable: true,
        ring,
        auto_shuffle,
        slide: SlideRule::None,
    };
    Game::on_board_for_tests(o, board).expect("the options describe the board")
}

fn p(r: i16, c: i16) -> Pos {
    Pos::new(r, c)
}

#[test]
fn scripted_game_shows_every_outcome() {
    // A..A B / B . . .  : A pair links straight, B pair links around.
    let mut g = game_with_board(&["A..AB", "B...C", "....C"], true, false);
    assert_eq!(g.status(), Status::Playing);
    assert_eq!(
        g.select(p(0, 0), 0).unwrap(),
        Outcome::Selected { cell: p(0, 0) }
    );
    assert_eq!(
        g.select(p(0, 0), 10).unwrap(),
        Outcome::Deselected { cell: p(0, 0) }
    );
    g.select(p(0, 0), 20).unwrap();
    // Other kind: the new tile becomes the selection.
    assert_eq!(
        g.select(p(0, 4), 30).unwrap(),
        Outcome::Switched {
            from: p(0, 0),
            to: p(0, 4),
            no_path: false
        }
    );
    assert_eq!(g.selection(), Some(p(0, 4)));
    // Bad taps leave the selection alone.
    assert!(matches!(
        g.select(p(1, 1), 40),
        Err(EngineError::EmptyCell { .. })
    ));
    assert!(matches!(
        g.select(p(3, 0), 40),
        Err(EngineError::OutOfBounds { .. })
    ));
    assert!(matches!(
        g.select(p(-1, 0), 40),
        Err(EngineError::OutOfBounds { .. })
    ));
    assert_eq!(g.selection(), Some(p(0, 4)));
    g.select(p(0, 4), 50).unwrap();
    g.select(p(0, 0), 60).unwrap();
    match g.select(p(0, 3), 1_000).unwrap() {
        Outcome::Matched {
            path,
            removed,
            points,
            combo,
            status,
            shuffled,
            moves,
        } => {
            assert!(moves.is_empty(), "nothing slides under none");
            assert_eq!(path, vec![p(0, 0), p(0, 3)]);
            assert_eq!(removed, [p(0, 0), p(0, 3)]);
            assert_eq!(
                (points, combo, status, shuffled),
                (10, 1, Status::Playing, false)
            );
        }
        other => panic!("expected a match, got {other:?}"),
    }
    assert_eq!(g.board().tiles_left(), 4);
    // Quick second match: combo 2, through the ring above the board.
    g.select(p(0, 4), 1_500).unwrap();
    match g.select(p(1, 0), 2_000).unwrap() {
        Outcome::Matched {
            path,
            points,
            combo,
            ..
        } => {
            assert_eq!(
                path.len(),
                3,
                "one turn at the empty corner (0,0): {path:?}"
            );
            assert_eq!((points, combo), (20, 2));
        }
        other => panic!("expected a match, got {other:?}"),
    }
    g.select(p(1, 4), 9_000).unwrap();
    match g.select(p(2, 4), 9_100).unwrap() {
        Outcome::Matched { status, combo, .. } => assert_eq!((status, combo), (Status::Won, 1)),
        other => panic!("expected the winning match, got {other:?}"),
    }
    assert_eq!(g.status(), Status::Won);
    assert_eq!(g.score(), 40);
    assert_eq!(g.counters().moves, 3);
    assert!(matches!(
        g.select(p(0, 0), 9_200),
        Err(EngineError::GameOver)
    ));
    assert!(matches!(g.shuffle(), Err(EngineError::GameOver)));
    assert_eq!(g.hint(), None);
    // A won board stays won: no undo out of the win.
    assert!(!g.can_undo());
    assert!(matches!(g.undo(), Err(EngineError::GameOver)));
    assert_eq!(g.status(), Status::Won);
    assert_eq!(g.score(), 40);
}

#[test]
fn same_kind_without_a_path_switches() {
    // Closed ring: the two A's are walled in by B's.
    let mut g = game_with_board(&["AB", "BA"], false, false);
    assert_eq!(g.status(), Status::Stuck);
    g.select(p(0, 0), 0).unwrap();
    assert_eq!(
        g.select(p(1, 1), 0).unwrap(),
        Outcome::Switched {
            from: p(0, 0),
            to: p(1, 1),
            no_path: true
        }
    );
    assert_eq!(g.hint(), None);
    g.shuffle().unwrap();
    assert_eq!(g.status(), Status::Playing);
    assert_eq!(g.counters().shuffles, 1);
}

#[test]
fn a_match_that_leaves_no_move_is_stuck_or_auto_shuffled() {
    // Removing the C pair leaves AB/BA walled in by the closed ring.
    let rows = ["ABCC", "BA.."];
    let mut g = game_with_board(&rows, false, false);
    g.select(p(0, 2), 0).unwrap();
    match g.select(p(0, 3), 0).unwrap() {
        Outcome::Matched {
            status, shuffled, ..
        } => assert_eq!((status, shuffled), (Status::Stuck, false)),
        other => panic!("{other:?}"),
    }
    assert_eq!(g.status(), Status::Stuck);

    let mut auto = game_with_board(&rows, false, true);
    let before: Vec<_> = auto.board().tiles().collect();
    auto.select(p(0, 2), 0).unwrap();
    match auto.select(p(0, 3), 0).unwrap() {
        Outcome::Matched {
            status, shuffled, ..
        } => assert_eq!((status, shuffled), (Status::Playing, true)),
        other => panic!("{other:?}"),
    }
    assert_eq!(auto.counters().shuffles, 1);
    // Undo restores the arrangement from before the auto-shuffle and the pair.
    auto.undo().unwrap();
    assert_eq!(auto.board().tiles().collect::<Vec<_>>(), before);
}

/// Turning auto-shuffle on mid-game applies from the next match that leaves no move,
/// and is saved with the game.
#[test]
fn auto_shuffle_set_mid_game_applies_to_the_next_match() {
    let rows = ["ABCC", "BA.."];
    let mut g = game_with_board(&rows, false, false);
    assert!(
        !g.set_auto_shuffle(true),
        "not stuck: nothing to shuffle yet"
    );
    assert!(g.options().auto_shuffle);
    let g2 = Game::from_json(&g.to_json().unwrap()).unwrap();
    assert!(g2.options().auto_shuffle);
    g.select(p(0, 2), 0).unwrap();
    match g.select(p(0, 3), 0).unwrap() {
        Outcome::Matched {
            status, shuffled, ..
        } => assert_eq!((status, shuffled), (Status::Playing, true)),
        other => panic!("{other:?}"),
    }
    assert!(!g.set_auto_shuffle(false));
    assert!(!g.options().auto_shuffle);
}

/// Turning auto-shuffle on while the board is already stuck shuffles at once (no match
/// could ever trigger it), as an undoable shuffle; turning it off, or on while playing,
/// changes nothing on the board.
#[test]
fn auto_shuffle_turned_on_while_stuck_shuffles_at_once() {
    let rows = ["ABCC", "BA.."];
    let mut g = game_with_board(&rows, false, false);
    g.select(p(0, 2), 0).unwrap();
    g.select(p(0, 3), 0).unwrap();
    assert_eq!(g.status(), Status::Stuck);
    let stuck: Vec<_> = g.board().tiles().collect();
    assert!(!g.set_auto_shuffle(false));
    assert_eq!(g.status(), Status::Stuck);

    assert!(g.set_auto_shuffle(true));
    assert_eq!(g.status(), Status::Playing);
    assert_eq!(g.counters().shuffles, 1);
    let mut kinds: Vec<_> = g.board().tiles().map(|(_, k)| k).collect();
    let mut before: Vec<_> = stuck.iter().map(|&(_, k)| k).collect();
    kinds.sort();
    before.sort();
    assert_eq!(kinds, before, "the same tiles, rearranged");
    assert!(g.can_undo());
    g.undo().unwrap();
    assert_eq!(g.board().tiles().collect::<Vec<_>>(), stuck);
    assert_eq!(g.status(), Status::Stuck);
    assert!(!g.set_auto_shuffle(false));
}

#[test]
fn combo_deadline_follows_the_last_match_and_a_hint_clears_it() {
    let mut g = game_with_board(&["AABB"], true, false);
    assert_eq!(g.combo_until_ms(), None);
    g.select(p(0, 0), 1_000).unwrap();
    g.select(p(0, 1), 1_000).unwrap();
    assert_eq!(
        g.combo_until_ms(),
        Some(1_000 + llk_engine::classic::game::score::COMBO_WINDOW_MS)
    );
    g.undo().unwrap();
    assert_eq!(g.combo_until_ms(), None);
    g.hint();
    assert_eq!(g.combo_until_ms(), None);
}

#[test]
fn hint_counts_and_breaks_the_combo() {
    let mut g = Game::new(opts(6, 14, 21, 3)).unwrap();
    let h = g.hint().expect("a fresh solvable deal has a move");
    assert_eq!(g.counters().hints, 1);
    assert_eq!(g.combo(), 0);
    g.select(h.a, 0).unwrap();
    assert!(matches!(g.select(h.b, 0).unwrap(), Outcome::Matched { .. }));
}

/// Takes the hint's pair at game time `t`: it must match (a solvable game's hints never
/// run into a dead end).
fn match_hint(g: &mut Game, t: u64) {
    let h = g
        .hint()
        .expect("solvable game: hints never run into a dead end");
    g.select(h.a, t).unwrap();
    assert!(matches!(g.select(h.b, t).unwrap(), Outcome::Matched { .. }));
}

#[test]
fn whole_game_by_hints_ends_won() {
    for seed in 0..20 {
        let mut g = Game::new(opts(10, 10, 25, seed)).unwrap();
        let mut t = 0;
        while g.status() == Status::Playing {
            t += 700;
            match_hint(&mut g, t);
        }
        assert_eq!(g.status(), Status::Won, "seed {seed}");
        assert_eq!(g.counters().shuffles, 0);
    }
}

#[test]
fn hints_after_shuffles_and_undos_still_win() {
    // The kept plan is seeded by a solvable shuffle's certificate and carried across
    // undos: following the hints from there still clears the board.
    for seed in 0..10 {
        let mut g = Game::new(opts(8, 18, 36, seed)).unwrap();
        let mut t = 0;
        let mut turn = 0u64;
        while g.status() == Status::Playing {
            turn += 1;
            if turn % 17 == 5 {
                g.shuffle().unwrap();
            } else if turn % 11 == 3 && turn > 3 {
                g.undo().unwrap();
            }
            t += 700;
            match_hint(&mut g, t);
        }
        assert_eq!(g.status(), Status::Won, "seed {seed}");
        assert!(g.counters().shuffles > 0, "seed {seed}");
    }
}

#[test]
fn save_round_trip_keeps_everything() {
    let mut g = Game::new(opts(8, 18, 36, 11)).unwrap();
    for _ in 0..5 {
        let h = g.hint().unwrap();
        g.select(h.a, 100).unwrap();
        g.select(h.b, 200).unwrap();
    }
    g.shuffle().unwrap();
    let h = g.hint().unwrap();
    g.select(h.a, 300).unwrap();
    g.set_elapsed(12_345);
    let text = g.to_json().unwrap();
    let back = Game::from_json(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.status(), g.status());
    assert_eq!(back.selection(), Some(h.a));
    // Undo history survives: undo all the way back after resuming.
    let mut back = back;
    while back.can_undo() {
        back.undo().unwrap();
    }
    assert_eq!(
        back.board(),
        Game::new(opts(8, 18, 36, 11)).unwrap().board()
    );
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["version"], json!(SAVE_VERSION));
    assert_eq!(value["game"]["options"]["seed"], json!("11"));
}

#[test]
fn bad_saves_are_typed_errors() {
    let good: Value =
        serde_json::from_str(&Game::new(opts(4, 4, 4, 1)).unwrap().to_json().unwrap()).unwrap();
    let with = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        Game::from_json(&v.to_string())
    };
    let text = good.to_string();
    for broken in ["", "{", "null", "[1,2]", &text[..text.len() / 2]] {
        assert!(
            matches!(Game::from_json(broken), Err(EngineError::BadSave(_))),
            "{broken:?}"
        );
    }
    assert!(matches!(
        with(&|v| v["format"] = json!("other")),
        Err(EngineError::BadSave(_))
    ));
    assert!(matches!(
        with(&|v| v["version"] = json!(SAVE_VERSION + 1)),
        Err(EngineError::UnsupportedSaveVersion { .. })
    ));
    assert!(matches!(
        with(&|v| v["version"] = Value::Null),
        Err(EngineError::BadSave(_))
    ));
    assert!(matches!(
        with(&|v| v["game"]["options"]["rows"] = json!(5)),
        Err(EngineError::BadSave(_))
    ));
    assert!(matches!(
        with(&|v| v["game"]["board"]["cells"][0] = json!([0])),
        Err(EngineError::BadSave(_))
    ));
    assert!(matches!(
        with(&|v| v["game"]["board"]["cells"][0][0] = json!(-3)),
        Err(EngineError::BadSave(_))
    ));
    assert!(matches!(
        with(&|v| v["game"]["options"]["seed"] = json!("x")),
        Err(EngineError::BadSave(_))
    ));
    assert!(matches!(
        with(&|v| {
            v["game"]["board"]["cells"][0][0] = Value::Null;
            v["game"]["selection"] = json!([0, 0]);
        }),
        Err(EngineError::BadSave(_))
    ));
    assert!(matches!(
        with(
            &|v| v["game"]["history"] = json!([{"step": "shuffle", "arrangement": [[[9, 9], 1]], "before": {"score": 0, "combo": 0, "last_match_ms": null}}])
        ),
        Err(EngineError::BadSave(_))
    ));
}

#[test]
fn bad_options_and_undo_are_typed_errors() {
    assert!(matches!(
        Game::new(opts(3, 3, 2, 0)),
        Err(EngineError::BadDealOptions(_))
    ));
    assert!(matches!(
        Game::new(opts(0, 4, 2, 0)),
        Err(EngineError::BadDealOptions(_))
    ));
    assert!(matches!(
        Game::new(opts(2, 2, 5, 0)),
        Err(EngineError::BadDealOptions(_))
    ));
    assert!(matches!(
        Game::new(opts(300, 2, 5, 0)),
        Err(EngineError::BadDealOptions(_))
    ));
    let mut g = Game::new(opts(2, 2, 1, 0)).unwrap();
    assert_eq!(g.undo(), Err(EngineError::NothingToUndo));
    assert_eq!(EngineError::NothingToUndo.code(), "nothing_to_undo");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any sequence of taps, hints and shuffles, undone step by step, passes back
    /// through exactly the same boards and scores.
    #[test]
    fn undo_restores_exactly(seed in any::<u64>(), solvable in any::<bool>(), ring in any::<bool>(), auto_shuffle in any::<bool>(), actions in prop::collection::vec((0u8..10, any::<u16>()), 1..120)) {
        let mut g = Game::new(GameOptions { rows: 6, cols: 8, kinds: 6, seed, solvable, ring, auto_shuffle, slide: SlideRule::None }).unwrap();
        let snap = |g: &Game| (g.board().clone(), g.score(), g.combo(), g.status(), g.counters().moves);
        let mut seen = vec![snap(&g)];
        let mut t = 0u64;
        for (what, n) in actions {
            t += u64::from(n % 4000);
            match what {
                0 => {
                    // A hint breaks the combo: undo returns to the position after it.
                    if g.hint().is_some() {
                        if let Some(top) = seen.last_mut() { *top = snap(&g); }
                    }
                }
                1 => { if g.shuffle().is_ok() { seen.push(snap(&g)); } }
                _ => {
                    let tiles: Vec<Pos> = g.board().tiles().map(|(p, _)| p).collect();
                    if tiles.is_empty() { continue; }
                    let before = g.board().clone();
                    if let Ok(Outcome::Matched { removed, .. }) = g.select(tiles[usize::from(n) % tiles.len()], t) {
                        // Tiles only leave in a legal matched pair.
                        prop_assert!(before.can_link(removed[0], removed[1]));
                        seen.push(snap(&g));
                    }
                }
            }
        }
        seen.pop();
        while let Some(want) = seen.pop() {
            g.undo().unwrap();
            prop_assert_eq!(snap(&g), want);
        }
        prop_assert!(!g.can_undo());
    }
}
