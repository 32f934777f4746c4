//! Stack mode's side of the commands: tile ids from IPC integers, `select` (a take),
//! `hint`, and the stack-only `move_out` and `winning_line`.

use llk_engine::stack::game::StackGame;
use llk_engine::stack::TileId;
use llk_engine::EngineError;

use crate::error::{AppError, AppResult};
use crate::state::Session;
use crate::view::{
    AnyHintResult, AnySelectResult, StackHintResult, StackSelectResult, StackView, WinningLine,
};

/// The tile `id` of `game`'s layout: an integer past the last tile, however large, is the
/// engine's `unknown_tile`; a negative one is `bad_argument` (ids count from 0).
fn tile(game: &StackGame, id: i64) -> AppResult<TileId> {
    let Ok(wide) = u64::try_from(id) else {
        return Err(AppError::BadArgument(format!(
            "argument `id` must be a tile id (0 or more), got {id}"
        )));
    };
    let count = game.layout().len();
    match TileId::try_from(wide) {
        Ok(t) if usize::from(t) < count => Ok(t),
        _ => Err(EngineError::UnknownTile { id: wide, count }.into()),
    }
}

fn view(s: &Session, command: &str) -> AppResult<StackView> {
    Ok(StackView::of(s.game()?.stack(command)?, s.best_score()?))
}

/// The player tapped tile `id` at game time `elapsed`: it goes to the tray.
pub(super) fn select(s: &mut Session, id: i64, elapsed: u64) -> AppResult<AnySelectResult> {
    let id = tile(s.game()?.stack("select")?, id)?;
    let (outcome, new_best) =
        s.change_game_scored(|g| Ok(g.stack_mut("select")?.take(id, elapsed)?))?;
    Ok(AnySelectResult::Stack(StackSelectResult {
        outcome,
        game: view(s, "select")?,
        new_best,
    }))
}

/// A tile whose take keeps the position winnable, or that the position is lost.
pub(super) fn hint(s: &mut Session) -> AppResult<AnyHintResult> {
    let hint = s.change_game(|g| Ok(g.stack_mut("hint")?.hint()))?;
    Ok(AnyHintResult::Stack(StackHintResult {
        hint,
        game: view(s, "hint")?,
    }))
}

/// The move-out prop: the first tray tiles go to the holding row.
pub(super) fn move_out(s: &mut Session) -> AppResult<()> {
    s.change_game(|g| {
        g.stack_mut("move_out")?
            .move_out()
            .map(|_| ())
            .map_err(Into::into)
    })
}

/// A winning line from the current position (no props), if the solver finds one.
pub(super) fn winning_line(s: &Session) -> AppResult<WinningLine> {
    let game = s.game()?.stack("winning_line")?;
    Ok(WinningLine {
        moves: game.winning_line(),
    })
}
