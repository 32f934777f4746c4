//! The dead-end warning and "Show me" (classic only): `judge` decides whether the current
//! position can still be cleared; `undo_to_solvable` goes back to the last position known
//! to be solvable; `solve_step` plays the next move of a certificate, as two taps would,
//! and marks the game assisted (its win sets no best score).
//!
//! `judge` comes in steps so that a shell can run the search off the tap's critical path:
//! [`judge_task`] copies what the search needs, the task runs anywhere (the desktop: on a
//! blocking thread without the state lock, stopped when a newer request comes), and
//! [`store_judgement`] keeps its verdict only if the game is still at that position.
//! [`judge`] does all three in place (the web, whose engine runs in a worker anyway).

use llk_engine::classic::game::{JudgeTask, Judgement, JUDGE_BUDGET};

use crate::args::Arg;
use crate::error::{AppError, AppResult};
use crate::online::line::LineEvent;
use crate::state::Session;
use crate::view::{AnySelectResult, AnyView, SelectResult};

/// What `judge` has to decide: the current classic position, unless its verdict is
/// known (`None`: known already, or a game of another mode, which has no solvability).
pub fn judge_task(s: &Session) -> AppResult<Option<JudgeTask>> {
    Ok(s.game()?.classic("judge").ok().and_then(|g| g.judge_task()))
}

/// Keeps a verdict of [`judge_task`]'s task if the game is still at its position (the
/// engine checks); not saved, it is a cache.
pub fn store_judgement(s: &mut Session, judged: Judgement) -> AppResult<()> {
    if let Ok(g) = s.game_mut()?.classic_mut("judge") {
        g.store_judgement(judged);
    }
    Ok(())
}

/// Decides the current classic position (within the engine's `JUDGE_BUDGET`) unless its
/// verdict is known, keeps the verdict, and returns the game. A game of another mode is
/// returned as it is.
pub fn judge(s: &mut Session) -> AppResult<AnyView> {
    if let Some(task) = judge_task(s)? {
        let judged = task.run(JUDGE_BUDGET, &mut || false);
        store_judgement(s, judged)?;
    }
    s.view()
}

/// Classic: undoes back to the last position known to be solvable (each step counts as
/// an undo); `no_solvable_position` when none is known.
pub fn undo_to_solvable(s: &mut Session) -> AppResult<AnyView> {
    // The solver chose where to go back to: help, like a hint.
    s.change_game_recorded(
        |g| Ok(g.classic_mut("undo_to_solvable")?.undo_to_last_solvable()?),
        |_| true,
        |_, _| Some(LineEvent::Assisted),
    )?;
    s.view()
}

/// Classic: the computer plays the next move of a certificate at game time `elapsedMs`
/// and answers as `select` does for a match; `not_solvable` or `undecided` when it has
/// no certificate for the position.
pub fn solve_step(s: &mut Session, elapsed_ms: &Arg) -> AppResult<AnySelectResult> {
    let elapsed = elapsed_ms.millis("elapsedMs")?;
    let (outcome, _) = s.change_game_recorded(
        |g| {
            Ok(g.classic_mut("solve_step")?
                .solve_step(elapsed, JUDGE_BUDGET)?)
        },
        |_| true,
        |_, _| Some(LineEvent::Assisted),
    )?;
    let AnyView::Classic(game) = s.view()? else {
        return Err(AppError::Internal("solve_step left a classic game".into()));
    };
    // The computer's win sets no best score.
    Ok(AnySelectResult::Classic(SelectResult {
        outcome,
        game,
        new_best: false,
    }))
}
