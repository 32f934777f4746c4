//! The stack game state machine: playing the certificate wins, props, undo, errors and
//! saves.

use llk_engine::stack::{Place, StackGame, StackOptions, StackStatus};
use llk_engine::EngineError;

fn game(level: u32, seed: u64) -> StackGame {
    StackGame::new(StackOptions {
        level: Some(level),
        seed,
        ..StackOptions::default()
    })
    .expect("level deals")
}

#[test]
fn playing_the_certificate_wins() {
    for level in 1..=3 {
        let mut g = game(level, 11);
        let line = g.certificate().to_vec();
        assert_eq!(line.len(), g.layout().len());
        for (i, &id) in line.iter().enumerate() {
            assert!(
                g.is_free(id),
                "level {level}: move {i} tile {id} is covered"
            );
            g.take(id, i as u64 * 100)
                .expect("certificate move is legal");
        }
        assert_eq!(g.status(), StackStatus::Won);
        assert!((0..line.len() as u16).all(|id| g.place(id) == Place::Gone));
        assert!(g.score() > 0);
        assert_eq!(g.take(line[0], 0), Err(EngineError::GameOver));
    }
}
