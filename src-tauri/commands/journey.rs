//! The journey's Tauri commands, one line each over `llk_session::commands::journey`.

use llk_session::args::Arg;
use llk_session::commands::journey as session;
use llk_session::error::AppResult;
use llk_session::view::AnyView;
use tauri::State;

use crate::state::{with_state, SharedState};

#[tauri::command]
pub fn journey_start(state: State<'_, SharedState>, restart: Arg) -> AppResult<AnyView> {
    with_state(&state, |s| session::journey_start(s, &restart))
}

#[tauri::command]
pub fn journey_next(state: State<'_, SharedState>) -> AppResult<AnyView> {
    with_state(&state, session::journey_next)
}

#[tauri::command]
pub fn journey_retry(state: State<'_, SharedState>) -> AppResult<AnyView> {
    with_state(&state, session::journey_retry)
}
