//! The dead-end warning and "Show me" as Tauri commands over
//! `llk_session::commands::solvability`. `judge` is the desktop's own: the search runs on
//! a blocking thread over the session's judge task, without the state lock, so a tap is
//! never held up by it; the verdict is stored back (the session keeps it only if the game
//! is still at that position); and a newer `judge` request stops an older search.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use llk_engine::classic::game::JUDGE_BUDGET;
use llk_session::args::Arg;
use llk_session::commands::game_state;
use llk_session::commands::solvability as session;
use llk_session::error::{AppError, AppResult};
use llk_session::view::{AnySelectResult, AnyView};
use tauri::State;

use crate::state::{with_state, SharedState};

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
    if let Some(task) = with_state(&state, |s| session::judge_task(s))? {
        let ticket = judging.latest.fetch_add(1, Ordering::SeqCst) + 1;
        let latest = Arc::clone(&judging.latest);
        let judged = tauri::async_runtime::spawn_blocking(move || {
            task.run(JUDGE_BUDGET, &mut || {
                latest.load(Ordering::SeqCst) != ticket
            })
        })
        .await
        .map_err(|e| AppError::Internal(format!("the judgement failed: {e}")))?;
        with_state(&state, |s| session::store_judgement(s, judged))?;
    }
    with_state(&state, |s| game_state(s))
}

#[tauri::command]
pub fn undo_to_solvable(state: State<'_, SharedState>) -> AppResult<AnyView> {
    with_state(&state, session::undo_to_solvable)
}

#[tauri::command]
pub fn solve_step(state: State<'_, SharedState>, elapsed_ms: Arg) -> AppResult<AnySelectResult> {
    with_state(&state, |s| session::solve_step(s, &elapsed_ms))
}
