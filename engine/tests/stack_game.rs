//! The stack game state machine: playing the certificate wins, undo restores exactly
//! (proptest, a vanished triple included), shuffle keeps the position winnable
//! (proptest: its line replays to a win), props and their allowances, every refused
//! move a typed error, saves round-trip and bad saves are refused.

mod common;

use common::stack::{level, replay};
use llk_engine::stack::{Place, Props, StackGame, StackOptions, StackStatus, TileId};
use llk_engine::EngineError;
use proptest::prelude::*;

fn game(lvl: u32, seed: u64) -> StackGame {
    StackGame::new(level(lvl, seed)).expect("level deals")
}

fn with_props(lvl: u32, seed: u64, props: Props) -> StackGame {
    StackGame::new(StackOptions {
        props,
        ..level(lvl, seed)
    })
    .expect("level deals")
}

fn kind(g: &StackGame, id: TileId) -> u16 {
    g.layout().tiles()[usize::from(id)].kind
}

/// Free board tiles now.
fn free(g: &StackGame) -> Vec<TileId> {
    g.board().free_on_board()
}

/// Takes free tiles of kinds the tray does not hold until the game is lost.
fn lose(g: &mut StackGame) {
    while g.status() == StackStatus::Playing {
        let tray: Vec<u16> = g.tray().iter().map(|&t| kind(g, t)).collect();
        let f = free(g);
        let id = f
            .iter()
            .copied()
            .find(|&id| !tray.contains(&kind(g, id)))
            .unwrap_or(f[0]);
        g.take(id, 0).unwrap();
    }
}

#[test]
fn playing_the_certificate_wins() {
    for lvl in 1..=3 {
        let mut g = game(lvl, 11);
        let line = g.certificate().to_vec();
        assert_eq!(line.len(), g.layout().len());
        assert_eq!(g.winning_line().as_deref(), Some(&line[..]));
        for (i, &id) in line.iter().enumerate() {
            assert!(g.is_free(id), "level {lvl}: move {i} tile {id} is covered");
            assert_eq!(g.hint().id, Some(id));
            g.take(id, i as u64 * 100)
                .expect("certificate move is legal");
        }
        assert_eq!(g.status(), StackStatus::Won);
        assert!((0..line.len() as u16).all(|id| g.place(id) == Place::Gone));
        assert!(g.score() > 0 && g.tiles_left() == 0);
        assert_eq!(g.counters().takes as usize, line.len());
        assert_eq!(g.take(line[0], 0), Err(EngineError::GameOver));
        assert_eq!(g.undo(), Err(EngineError::GameOver));
        assert!(!g.can_undo());
    }
}

#[test]
fn undo_brings_back_a_vanished_triple() {
    let mut g = game(1, 3);
    let line = g.certificate().to_vec();
    for &id in &line {
        let before = g.clone();
        let taken = g.take(id, 0).unwrap();
        if !taken.cleared.is_empty() {
            assert!(taken.points > 0);
            assert_eq!(g.undo(), Ok(id));
            assert_eq!(g.board(), before.board());
            assert_eq!(g.score(), before.score());
            assert!(taken.cleared.iter().all(|&c| g.place(c) != Place::Gone));
            return;
        }
    }
    panic!("no triple on the certificate");
}

#[test]
fn props_and_their_errors() {
    let mut g = game(2, 1);
    assert_eq!(g.move_out(), Err(EngineError::TrayEmpty));
    assert_eq!(g.undo(), Err(EngineError::NothingToUndo));
    let covered = (0..g.layout().len() as TileId)
        .find(|&id| !g.is_free(id))
        .unwrap();
    assert_eq!(
        g.take(covered, 0),
        Err(EngineError::TileCovered { id: covered.into() })
    );
    let n = g.layout().len();
    assert!(matches!(
        g.take(n as TileId, 0),
        Err(EngineError::UnknownTile { .. })
    ));
    let line = g.certificate().to_vec();
    g.take(line[0], 0).unwrap();
    assert_eq!(
        g.take(line[0], 0),
        Err(EngineError::TileNotAvailable { id: line[0].into() })
    );
    g.take(line[1], 0).unwrap();
    let moved = g.move_out().unwrap();
    assert_eq!(g.held(), &moved[..]);
    assert!(g.tray().is_empty() && moved.iter().all(|&id| g.is_free(id)));
    assert!(!g.can_undo(), "takes before a move-out cannot be undone");
    assert_eq!(
        g.move_out(),
        Err(EngineError::NoPropLeft { prop: "move-out" })
    );
    // A held tile goes back into the tray.
    g.take(moved[0], 0).unwrap();
    assert_eq!(g.place(moved[0]), Place::Tray);
    assert_eq!(g.undo(), Ok(moved[0]));
    assert_eq!(g.held(), &moved[..]);
    assert_eq!(g.undo(), Err(EngineError::NothingToUndo));
    g.shuffle().unwrap();
    assert_eq!(
        g.shuffle(),
        Err(EngineError::NoPropLeft { prop: "shuffle" })
    );
    let c = g.counters();
    assert_eq!((c.move_outs, c.shuffles, c.undos), (1, 1, 1));
    assert_eq!(
        g.props_left(),
        Props {
            move_out: 0,
            shuffle: 0,
            undo: 0
        }
    );

    // Two move-outs allowed: the second one waits for the holding row to empty.
    let mut g = with_props(
        2,
        1,
        Props {
            move_out: 2,
            shuffle: 1,
            undo: 1,
        },
    );
    g.take(line[0], 0).unwrap();
    g.move_out().unwrap();
    g.take(line[1], 0).unwrap();
    assert_eq!(g.move_out(), Err(EngineError::HoldFull));
}

#[test]
fn a_lost_game_refuses_moves_but_allows_undo() {
    let mut g = game(2, 4);
    lose(&mut g);
    assert_eq!(g.status(), StackStatus::Lost);
    assert_eq!(g.tray().len(), 7);
    assert!(g.hint().lost);
    assert_eq!(g.winning_line(), None);
    let f = free(&g)[0];
    assert_eq!(g.take(f, 0), Err(EngineError::GameOver));
    assert_eq!(g.move_out(), Err(EngineError::GameOver));
    assert_eq!(g.shuffle(), Err(EngineError::GameOver));
    assert!(g.can_undo());
    g.undo().unwrap();
    assert_eq!(g.status(), StackStatus::Playing);
    assert_eq!(g.tray().len(), 6);
    assert_eq!(g.undo(), Err(EngineError::NoPropLeft { prop: "undo" }));
}

#[test]
fn off_the_plan_the_solver_answers() {
    for seed in 0..20 {
        let mut g = game(1, seed);
        let next = g.certificate()[0];
        let other = free(&g).into_iter().find(|&id| id != next).unwrap();
        g.take(other, 0).unwrap();
        let line = g
            .winning_line()
            .expect("level 1 stays winnable after one take");
        let (end, _) = replay(g.board().clone(), &line).unwrap();
        assert_eq!(end.status(), StackStatus::Won);
        let h = g.hint();
        assert!(!h.lost && h.id.is_some_and(|id| g.is_free(id)));
        assert_eq!(g.counters().hints, 1);
    }
}

#[test]
fn error_codes_are_stable() {
    let codes = [
        (EngineError::UnknownTile { id: 1, count: 1 }, "unknown_tile"),
        (EngineError::TileCovered { id: 1 }, "tile_covered"),
        (
            EngineError::TileNotAvailable { id: 1 },
            "tile_not_available",
        ),
        (EngineError::NoPropLeft { prop: "undo" }, "no_prop_left"),
        (EngineError::HoldFull, "hold_full"),
        (EngineError::TrayEmpty, "tray_empty"),
    ];
    for (e, code) in codes {
        assert_eq!(e.code(), code);
    }
}

/// A game of `lvl` after `takes` random legal takes (stopping if it ends), with
/// plenty of undos.
fn played(lvl: u32, seed: u64, takes: usize, pick: u64) -> StackGame {
    let mut g = with_props(
        lvl,
        seed,
        Props {
            move_out: 3,
            shuffle: 3,
            undo: 250,
        },
    );
    let mut r = llk_engine::rng::Rng::new(pick, 5);
    for _ in 0..takes {
        if g.status() != StackStatus::Playing {
            break;
        }
        let mut f = free(&g);
        f.extend_from_slice(g.held());
        let id = f[r.below(f.len())];
        g.take(id, 0).unwrap();
    }
    g
}

#[test]
fn saves_round_trip() {
    let mut g = played(2, 9, 4, 1);
    if g.status() == StackStatus::Playing {
        g.move_out().unwrap();
        g.shuffle().unwrap();
        let id = g.held()[0];
        g.take(id, 1234).unwrap();
    }
    g.set_elapsed(99_000);
    let text = g.to_json().unwrap();
    let back = StackGame::from_json(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.to_json().unwrap(), text);
}

#[test]
fn bad_saves_are_refused() {
    let g = played(1, 2, 5, 3);
    let text = g.to_json().unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let edit = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut w = v.clone();
        f(&mut w);
        StackGame::from_json(&w.to_string())
    };
    assert!(matches!(
        StackGame::from_json("{"),
        Err(EngineError::BadSave(_))
    ));
    assert!(matches!(
        edit(&|w| w["format"] = "lianliankan-save".into()),
        Err(EngineError::BadSave(_))
    ));
    assert!(matches!(
        edit(&|w| w["version"] = 2.into()),
        Err(EngineError::UnsupportedSaveVersion { found: 2, .. })
    ));
    let bad: Vec<&dyn Fn(&mut serde_json::Value)> = vec![
        &|w| w["surprise"] = 1.into(),
        &|w| w["places"][0] = "held".into(),
        &|w| w["tiles"][1]["x"] = w["tiles"][0]["x"].clone(),
        &|w| w["tiles"][0]["kind"] = 63.into(),
        &|w| w["tray"] = serde_json::json!([0, 0]),
        &|w| w["props_left"]["undo"] = 251.into(),
        &|w| w["options"]["tray"] = 3.into(),
        &|w| w["certificate"] = serde_json::json!([0, 0]),
        &|w| w["history"][0]["id"] = 9999.into(),
        &|w| w["history"][0]["effect"]["from"] = "gone".into(),
        &|w| w["history"][0]["tray_before"] = serde_json::json!([0, 1, 2, 3, 4, 5, 6]),
    ];
    for (i, f) in bad.into_iter().enumerate() {
        assert!(
            matches!(edit(f), Err(EngineError::BadSave(_))),
            "case {i}: {:?}",
            edit(f)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn undo_restores_exactly(lvl in 1u32..=3, seed in any::<u64>(), takes in 0usize..60, pick in any::<u64>()) {
        let mut g = played(lvl, seed, takes, pick);
        if g.status() != StackStatus::Playing {
            // Random play ends games often; rejecting those would starve proptest.
            return Ok(());
        }
        let mut f = free(&g);
        f.extend_from_slice(g.held());
        let id = f[(pick % f.len() as u64) as usize];
        let before = g.clone();
        g.take(id, 77).unwrap();
        if g.status() == StackStatus::Won {
            // A won game is over: no undo then (tested above).
            return Ok(());
        }
        prop_assert_eq!(g.undo(), Ok(id));
        prop_assert_eq!(g.board(), before.board());
        prop_assert_eq!(g.score(), before.score());
        prop_assert_eq!(g.combo(), before.combo());
        prop_assert_eq!(g.counters().takes, before.counters().takes);
        prop_assert_eq!(g.winning_line(), before.winning_line());
    }

    #[test]
    fn shuffle_keeps_a_winnable_position_winnable(lvl in 1u32..=3, seed in any::<u64>(), frac in 0usize..100, out in any::<bool>()) {
        let mut g = game(lvl, seed);
        let line = g.certificate().to_vec();
        for &id in &line[..line.len() * frac / 100] {
            g.take(id, 0).unwrap();
        }
        if out && !g.tray().is_empty() {
            g.move_out().unwrap();
        }
        let board_kinds = |g: &StackGame| {
            let mut k: Vec<u16> = (0..g.layout().len() as TileId)
                .filter(|&i| g.place(i) == Place::Board)
                .map(|i| kind(g, i))
                .collect();
            k.sort_unstable();
            k
        };
        let others = |g: &StackGame| {
            (0..g.layout().len() as TileId)
                .filter(|&i| g.place(i) != Place::Board)
                .map(|i| (i, kind(g, i)))
                .collect::<Vec<_>>()
        };
        let (kinds_before, others_before) = (board_kinds(&g), others(&g));
        g.shuffle().unwrap();
        prop_assert_eq!(board_kinds(&g), kinds_before);
        prop_assert_eq!(others(&g), others_before);
        // From a prefix of the certificate (after a move-out too) a line must exist.
        let rest = g.winning_line();
        prop_assert!(rest.is_some() || out, "no line after shuffle");
        if let Some(rest) = rest {
            let (end, _) = replay(g.board().clone(), &rest).map_err(TestCaseError::fail)?;
            prop_assert_eq!(end.status(), StackStatus::Won);
        }
    }
}
