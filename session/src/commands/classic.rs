//! Classic mode's side of `select` and `hint`: cells from IPC integers (the engine's
//! `Board::pos_at`), and the results with the classic view.

use llk_engine::classic::game::Outcome;
use llk_engine::line::ClassicStep;

use crate::error::AppResult;
use crate::online::line::LineEvent;
use crate::state::Session;
use crate::view::{AnyHintResult, AnySelectResult, GameView, HintResult, SelectResult};

fn view(s: &Session, command: &str) -> AppResult<GameView> {
    Ok(GameView::of(s.game()?.classic(command)?, s.best_score()?))
}

/// Whether a tap's outcome was a move (a match). Selecting, deselecting or switching the
/// selection is not: the session does not save the game for it.
pub(super) fn moved(outcome: &Outcome) -> bool {
    matches!(outcome, Outcome::Matched { .. })
}

/// The player clicked (`row`, `col`) at game time `elapsed` (saved when it matched).
pub(super) fn select(
    s: &mut Session,
    row: i64,
    col: i64,
    elapsed: u64,
) -> AppResult<AnySelectResult> {
    let at = s.game()?.classic("select")?.board().pos_at(row, col)?;
    let (outcome, new_best) = s.change_game_recorded(
        |g| Ok(g.classic_mut("select")?.select(at, elapsed)?),
        moved,
        |g, outcome| match outcome {
            Outcome::Matched {
                removed: [a, b], ..
            } => Some(LineEvent::Classic(ClassicStep::matched(
                g.elapsed_ms(),
                *a,
                *b,
            ))),
            _ => None,
        },
    )?;
    Ok(AnySelectResult::Classic(SelectResult {
        outcome,
        game: view(s, "select")?,
        new_best,
    }))
}

/// A connectable pair, or `null` if there is none (the board is stuck or empty).
pub(super) fn hint(s: &mut Session) -> AppResult<AnyHintResult> {
    let (hint, _) = s.change_game_recorded(
        |g| Ok(g.classic_mut("hint")?.hint()),
        |_| true,
        |_, _| Some(LineEvent::Assisted),
    )?;
    Ok(AnyHintResult::Classic(HintResult {
        hint,
        game: view(s, "hint")?,
    }))
}
