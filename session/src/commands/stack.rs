//! Stack mode's side of the commands: tile ids from IPC integers, `select` (a take),
//! `hint`, and the stack-only `move_out` and `winning_line`.

use llk_engine::line::StackStep;
use llk_engine::stack::game::StackGame;
use llk_engine::stack::TileId;
use llk_engine::EngineError;

use crate::error::{AppError, AppResult};
use crate::online::line::LineEvent;
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
    let (outcome, new_best) = s.change_game_recorded(
        |g| Ok(g.stack_mut("select")?.take(id, elapsed)?),
        |_| true,
        |g, taken| Some(LineEvent::Stack(StackStep::took(g.elapsed_ms(), taken.id))),
    )?;
    Ok(AnySelectResult::Stack(StackSelectResult {
        outcome,
        game: view(s, "select")?,
        new_best,
    }))
}

/// A tile whose take keeps the position winnable, or that the position is lost.
pub(super) fn hint(s: &mut Session) -> AppResult<AnyHintResult> {
    let (hint, _) = s.change_game_recorded(
        |g| Ok(g.stack_mut("hint")?.hint()),
        |_| true,
        |_, _| Some(LineEvent::Assisted),
    )?;
    Ok(AnyHintResult::Stack(StackHintResult {
        hint,
        game: view(s, "hint")?,
    }))
}

/// The move-out prop: the first tray tiles go to the holding row (at game time `at`, when
/// given, for the daily line).
pub(super) fn move_out(s: &mut Session, at: Option<u64>) -> AppResult<()> {
    s.change_game_recorded(
        |g| {
            g.stack_mut("move_out")?.move_out()?;
            super::prop_clock(g, at);
            Ok(())
        },
        |_| true,
        |g, _| Some(LineEvent::Stack(StackStep::moved_out(g.elapsed_ms()))),
    )
    .map(|_| ())
}

/// A winning line from the current position (no props), if the solver finds one.
pub(super) fn winning_line(s: &Session) -> AppResult<WinningLine> {
    let game = s.game()?.stack("winning_line")?;
    Ok(WinningLine {
        moves: game.winning_line(),
    })
}
