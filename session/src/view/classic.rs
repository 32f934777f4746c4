//! Classic mode's payloads: a snapshot of the game with everything the view draws, and
//! what `select` and `hint` return with it.

use llk_engine::classic::game::{
    Counters, Game, GameOptions, Hint, Link, Outcome, Solvability, Status,
};
use llk_engine::classic::Pos;
use serde::Serialize;
use ts_rs::TS;

/// The whole visible state of a game.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameView {
    pub options: GameOptions,
    pub rows: usize,
    pub cols: usize,
    /// `cells[row][col]`: the tile kind, or `null` for an empty cell.
    pub cells: Vec<Vec<Option<u16>>>,
    pub selection: Option<Pos>,
    /// The tiles the selected tile would vanish with, and each one's line (`Game::links`):
    /// the view draws such a tap's match in the tap's own frame, before `select` answers.
    pub links: Vec<Link>,
    pub status: Status,
    pub score: u32,
    pub combo: u32,
    pub counters: Counters,
    pub tiles_left: usize,
    #[ts(type = "number")]
    pub elapsed_ms: u64,
    pub can_undo: bool,
    /// Best winning score for this layout (`RxC/kinds`), if any game on it was won.
    pub best_score: Option<u32>,
    /// Whether the position can still be cleared, as far as is known (`judge` decides).
    pub solvable: Solvability,
    /// An earlier position is known to be solvable (`undo_to_solvable` can go there).
    pub can_undo_to_solvable: bool,
    /// The computer played part of this game ("Show me"): a win is not the player's.
    pub assisted: bool,
    /// The deal's code (docs/deal-codes.md), or `null` when a code cannot express it
    /// (e.g. a typed seed of 2^35 or more).
    pub code: Option<String>,
    /// Game time until which the next match extends the combo (`null` when no combo
    /// runs); the view drains the combo bar against its clock and clears it after.
    #[ts(type = "number | null")]
    pub combo_until_ms: Option<u64>,
    /// The combo window's length (the engine's `COMBO_WINDOW_MS`), for the bar's scale.
    #[ts(type = "number")]
    pub combo_window_ms: u64,
}

impl GameView {
    pub fn of(game: &Game, best_score: Option<u32>) -> GameView {
        let board = game.board();
        GameView {
            options: *game.options(),
            rows: board.rows(),
            cols: board.cols(),
            cells: board.to_rows(),
            selection: game.selection(),
            links: game.links(),
            status: game.status(),
            score: game.score(),
            combo: game.combo(),
            counters: game.counters(),
            tiles_left: board.tiles_left(),
            elapsed_ms: game.elapsed_ms(),
            can_undo: game.can_undo(),
            best_score,
            solvable: game.solvable(),
            can_undo_to_solvable: game.undos_to_last_solvable().is_some_and(|n| n > 0),
            assisted: game.is_assisted(),
            code: llk_engine::code::classic_code(game.options()),
            combo_until_ms: game.combo_until_ms(),
            combo_window_ms: llk_engine::classic::game::score::COMBO_WINDOW_MS,
        }
    }
}

/// What `select` returns: what happened, and the game after it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SelectResult {
    pub outcome: Outcome,
    pub game: GameView,
    /// This select won the game with a score above the stored best for its layout.
    pub new_best: bool,
}

/// What `hint` returns: a connectable pair (or `null` when there is none: the board is
/// stuck or empty), and the game after the hint was counted.
#[derive(Clone, Debug, Serialize, TS)]
pub struct HintResult {
    pub hint: Option<Hint>,
    pub game: GameView,
}
