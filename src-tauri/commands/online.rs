//! The online commands' Tauri side: one line each over `llk_session::commands::online`.
//! (`online_http`, the desktop's own request to the server, joins them in `http.rs`.)

use llk_session::args::Arg;
use llk_session::commands::online as session;
use llk_session::error::AppResult;
use llk_session::online::{OnlineStatus, OutboxItem};
use tauri::State;

use crate::state::{with_state, SharedState};

#[tauri::command]
pub fn online_status(state: State<'_, SharedState>) -> AppResult<OnlineStatus> {
    with_state(&state, session::online_status)
}

#[tauri::command]
pub fn set_online(
    state: State<'_, SharedState>,
    posting: Arg,
    name: Arg,
    server: Arg,
) -> AppResult<OnlineStatus> {
    with_state(&state, |s| session::set_online(s, &posting, &name, &server))
}

#[tauri::command]
pub fn online_outbox(state: State<'_, SharedState>) -> AppResult<Vec<OutboxItem>> {
    with_state(&state, |s| session::online_outbox(s))
}

#[tauri::command]
pub fn online_delivered(
    state: State<'_, SharedState>,
    id: Arg,
    answer: Arg,
) -> AppResult<OnlineStatus> {
    with_state(&state, |s| session::online_delivered(s, &id, &answer))
}

#[tauri::command]
pub fn online_refused(
    state: State<'_, SharedState>,
    id: Arg,
    error: Arg,
) -> AppResult<OnlineStatus> {
    with_state(&state, |s| session::online_refused(s, &id, &error))
}
