//! Classic mode's side of `select` and `hint`: cells from IPC integers, and the results
//! with the classic view.

use llk_engine::classic::game::Game;
use llk_engine::classic::Pos;
use llk_engine::EngineError;

use crate::error::AppResult;
use crate::state::AppState;
use crate::view::{AnyHintResult, AnySelectResult, GameView, HintResult, SelectResult};

/// The board cell at (`row`, `col`); coordinates beyond any board are `out_of_bounds`.
pub(super) fn cell(game: &Game, row: i64, col: i64) -> AppResult<Pos> {
    match (i16::try_from(row), i16::try_from(col)) {
        (Ok(r), Ok(c)) => Ok(Pos::new(r, c)),
        _ => Err(EngineError::OutOfBounds {
            row,
            col,
            rows: game.board().rows(),
            cols: game.board().cols(),
        }
        .into()),
    }
}

fn view(s: &AppState, command: &str) -> AppResult<GameView> {
    Ok(GameView::of(s.game()?.classic(command)?, s.best_score()?))
}

/// The player clicked (`row`, `col`) at game time `elapsed`.
pub(super) fn select(
    s: &mut AppState,
    row: i64,
    col: i64,
    elapsed: u64,
) -> AppResult<AnySelectResult> {
    let at = cell(s.game()?.classic("select")?, row, col)?;
    let outcome = s.change_game(|g| Ok(g.classic_mut("select")?.select(at, elapsed)?))?;
    Ok(AnySelectResult::Classic(SelectResult {
        outcome,
        game: view(s, "select")?,
    }))
}

/// A connectable pair, or `null` if there is none (the board is stuck or empty).
pub(super) fn hint(s: &mut AppState) -> AppResult<AnyHintResult> {
    let hint = s.change_game(|g| Ok(g.classic_mut("hint")?.hint()))?;
    Ok(AnyHintResult::Classic(HintResult {
        hint,
        game: view(s, "hint")?,
    }))
}
