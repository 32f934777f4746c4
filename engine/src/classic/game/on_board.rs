//! A game on a given board instead of a dealt one, for tests: engine/tests build exact
//! positions with it rather than patching saved JSON. It is checked like a loaded save
//! (the options must describe the board), so it cannot make a game a save could not.

use super::{Counters, Game, GameOptions, Scoreline, Status};
use crate::classic::board::Board;
use crate::classic::hint::Plan;
use crate::classic::slide::SlidePlan;
use crate::error::Result;

impl Game {
    /// A fresh game (no selection, score or history) on `board`, with `options` that
    /// describe it (size, ring, kinds). For tests; the game itself deals with [`Game::new`].
    #[doc(hidden)]
    pub fn on_board_for_tests(options: GameOptions, board: Board) -> Result<Game> {
        let mut game = Game {
            options,
            board,
            selection: None,
            scoreline: Scoreline::default(),
            counters: Counters::default(),
            elapsed_ms: 0,
            shuffle_streams: 0,
            history: Vec::new(),
            status: Status::Playing,
            plan: Plan::default(),
            slide_plan: SlidePlan::default(),
            assisted: false,
            knowledge: super::solvability::Knowledge::default(),
        };
        game.validate()?;
        game.refresh_status();
        game.know_loaded(None);
        Ok(game)
    }
}
