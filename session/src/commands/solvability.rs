//! The dead-end warning and "Show me" (classic only): `judge` decides whether the current
//! position can still be cleared off the tap's critical path (the search runs on a
//! blocking thread over a copy of the board, without the state lock, and its verdict is
//! stored back only if the game is still at that position); `undo_to_solvable` goes back
//! to the last position known to be solvable; `solve_step` plays the next move of a
//! certificate, as two taps would, and marks the game assisted (its win sets no best
//! score).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use llk_engine::classic::game::{JudgeTask, JUDGE_BUDGET};
use tauri::State;

use super::with_state;
use crate::args::Arg;
use crate::error::{AppError, AppResult};
use crate::state::SharedState;
use crate::view::{AnySelectResult, AnyView, SelectResult};

/// The latest `judge` request: an earlier search still running stops (its position is
/// usually gone by then), so judgements never pile up on the cores.
#[derive(Debug, Default)]
pub struct Judging {
    latest: Arc<AtomicU64>,
}

/// Decides the current classic position (within the engine's `JUDGE_BUDGET`) unless its
/// verdict is known, stores it if the game has not moved meanwhile, and returns the game.
/// A stack game is returned as it is (it has no solvability).
#[tauri::command]
pub async fn judge(
    state: State<'_, SharedState>,
    judging: State<'_, Judging>,
) -> AppResult<AnyView> {
    let task: Option<JudgeTask> = with_state(&state, |s| {
        Ok(s.game()?.classic("judge").ok().and_then(|g| g.judge_task()))
    })?;
    if let Some(task) = task {
        let ticket = judging.latest.fetch_add(1, Ordering::SeqCst) + 1;
        let latest = Arc::clone(&judging.latest);
        let judged = tauri::async_runtime::spawn_blocking(move || {
            task.run(JUDGE_BUDGET, &mut || {
                latest.load(Ordering::SeqCst) != ticket
            })
        })
        .await
        .map_err(|e| AppError::Internal(format!("the judgement failed: {e}")))?;
        with_state(&state, |s| {
            if let Ok(g) = s.game_mut()?.classic_mut("judge") {
                g.store_judgement(judged);
            }
            Ok(())
        })?;
    }
    with_state(&state, |s| s.view())
}

/// Classic: undoes back to the last position known to be solvable (each step counts as
/// an undo); `no_solvable_position` when none is known.
#[tauri::command]
pub fn undo_to_solvable(state: State<'_, SharedState>) -> AppResult<AnyView> {
    with_state(&state, |s| {
        s.change_game(|g| Ok(g.classic_mut("undo_to_solvable")?.undo_to_last_solvable()?))?;
        s.view()
    })
}

/// Classic: the computer plays the next move of a certificate at game time `elapsedMs`
/// and answers as `select` does for a match; `not_solvable` or `undecided` when it has
/// no certificate for the position.
#[tauri::command]
pub fn solve_step(state: State<'_, SharedState>, elapsed_ms: Arg) -> AppResult<AnySelectResult> {
    let elapsed = elapsed_ms.millis("elapsedMs")?;
    with_state(&state, |s| {
        let outcome = s.change_game(|g| {
            Ok(g.classic_mut("solve_step")?
                .solve_step(elapsed, JUDGE_BUDGET)?)
        })?;
        let AnyView::Classic(game) = s.view()? else {
            return Err(AppError::Internal("solve_step left a classic game".into()));
        };
        // The computer's win sets no best score.
        Ok(AnySelectResult::Classic(SelectResult {
            outcome,
            game,
            new_best: false,
        }))
    })
}
