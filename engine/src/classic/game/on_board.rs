//! A game on a given board instead of a dealt one, for tests: engine/tests build exact
//! positions with it rather than patching saved JSON. It is checked like a loaded save
//! (the options must describe the board), so it cannot make a game a save could not.

use super::{Game, GameOptions};
use crate::classic::board::Board;
use crate::error::Result;

impl Game {
    /// A fresh game (no selection, score or history) on `board`, with `options` that
    /// describe it (size, ring, kinds). For tests; the game itself deals with [`Game::new`].
    #[doc(hidden)]
    pub fn on_board_for_tests(options: GameOptions, board: Board) -> Result<Game> {
        let mut game = Game::fresh(options, board);
        game.validate()?;
        game.refresh_status();
        game.know_loaded(None);
        Ok(game)
    }
}
