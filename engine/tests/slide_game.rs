//! The game under slide rules: a match slides the board exactly as the rule says (and
//! reports it), undo restores every earlier position exactly, hints win the game, saves
//! keep the rule, and saves and payloads from before slide levels load as `none`.

mod common;

use llk_engine::classic::game::{Game, GameOptions, Outcome, Status};
use llk_engine::classic::slide::{self, SlideRule};
use llk_engine::classic::{Board, Budget, Verdict};
use llk_engine::EngineError;
use serde_json::Value;

fn opts(rule: SlideRule, seed: u64) -> GameOptions {
    GameOptions {
        rows: 6,
        cols: 8,
        kinds: 8,
        seed,
        slide: rule,
        ..GameOptions::default()
    }
}

/// Plays a whole game by hints under every rule: each match's board is the board before
/// with the pair removed and the plain slide applied, the reported moves replay it, and
/// undoing all the way back gives every earlier board exactly.
#[test]
fn hints_win_and_undo_restores_every_position() {
    for rule in SlideRule::ALL {
        for seed in 0..8 {
            let mut g = Game::new(opts(rule, seed)).unwrap();
            let mut boards: Vec<Board> = vec![g.board().clone()];
            let mut t = 0;
            let mut last_playing = g.to_json().unwrap();
            while g.status() != Status::Won {
                last_playing = g.to_json().unwrap();
                let h = g.hint().expect("a solvable deal always has a hint");
                let before = g.board().clone();
                t += 100;
                g.select(h.a, t).unwrap();
                let Outcome::Matched { moves, removed, .. } = g.select(h.b, t).unwrap() else {
                    panic!("{rule} seed {seed}: the hint did not match");
                };
                assert_eq!(removed, [h.a, h.b]);
                let mut expect = before.clone();
                expect.set(h.a, None).unwrap();
                expect.set(h.b, None).unwrap();
                let mut stepwise = expect.clone();
                let expect = common::slide::slide(&expect.to_rows(), rule);
                assert_eq!(g.board().to_rows(), expect, "{rule} seed {seed}");
                for [from, to] in moves {
                    let k = stepwise.get(from);
                    stepwise.set(from, None).unwrap();
                    stepwise.set(to, k).unwrap();
                }
                assert_eq!(&stepwise, g.board(), "{rule} seed {seed}: moves replay");
                assert_ne!(
                    g.status(),
                    Status::Stuck,
                    "{rule} seed {seed}: hint stranded"
                );
                boards.push(g.board().clone());
            }
            // A won board stays won.
            assert!(!g.can_undo());
            assert!(matches!(g.undo(), Err(EngineError::GameOver)));
            // Through the save format from the last position before the win, then undo
            // everything.
            let mut g = Game::from_json(&last_playing).unwrap();
            assert_eq!(g.options().slide, rule);
            boards.pop();
            boards.pop();
            while let Some(b) = boards.pop() {
                g.undo().unwrap();
                assert_eq!(g.board(), &b, "{rule} seed {seed}: undo");
            }
            assert!(!g.can_undo());
        }
    }
}

/// Shuffles under a rule keep the board playable and undo restores them.
#[test]
fn shuffle_and_undo_under_a_rule() {
    for rule in SlideRule::ALL.into_iter().skip(1) {
        let mut g = Game::new(opts(rule, 3)).unwrap();
        let before = g.board().clone();
        g.shuffle().unwrap();
        assert_eq!(g.status(), Status::Playing);
        assert!(matches!(
            slide::solve(g.board(), rule, Budget::DEFAULT),
            Verdict::Solvable(_)
        ));
        g.undo().unwrap();
        assert_eq!(g.board(), &before);
    }
}

/// Options and saves without `slide` (from before slide levels) load as `none`, and a
/// `none` game's save does not depend on the field being read back.
#[test]
fn old_options_and_saves_load_as_none() {
    let old = r#"{"rows":8,"cols":18,"kinds":36,"seed":"5","solvable":true,"ring":true,"auto_shuffle":false}"#;
    let o: GameOptions = serde_json::from_str(old).unwrap();
    assert_eq!(o.slide, SlideRule::None);
    let g = Game::new(o).unwrap();
    let mut save: Value = serde_json::from_str(&g.to_json().unwrap()).unwrap();
    save["game"]["options"]
        .as_object_mut()
        .unwrap()
        .remove("slide");
    let back = Game::from_json(&save.to_string()).unwrap();
    assert_eq!(back, g);
    let json = serde_json::to_value(opts(SlideRule::TogetherV, 1)).unwrap();
    assert_eq!(json["slide"], "together-v");
}

/// A save whose history slides a tile onto a cell that is not free is refused on undo
/// with an error, not a panic.
#[test]
fn corrupt_slide_history_is_an_error() {
    let mut g = Game::new(opts(SlideRule::Down, 2)).unwrap();
    let h = g.hint().unwrap();
    g.select(h.a, 0).unwrap();
    let Outcome::Matched { moves, .. } = g.select(h.b, 0).unwrap() else {
        panic!("no match");
    };
    if moves.is_empty() {
        return;
    }
    let mut save: Value = serde_json::from_str(&g.to_json().unwrap()).unwrap();
    let slid = &mut save["game"]["history"][0]["slid"][0];
    // Claim the tile came from where it is now.
    slid[0] = slid[1].clone();
    let mut bad = Game::from_json(&save.to_string()).unwrap();
    assert!(bad.undo().is_err());
}
