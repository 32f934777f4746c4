//! The online commands' Tauri side: one line each over `llk_session::commands::online`,
//! and the desktop's own `online_http`: the request checked by the session under the lock,
//! then sent to the configured server off the main thread and without the lock
//! (`http.rs`).

use llk_session::args::Arg;
use llk_session::commands::online as session;
use llk_session::commands::online::HttpAnswer;
use llk_session::error::{AppError, AppResult};
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

/// Sends `method` `path` (with `body`) to the configured server: `no_server` without one
/// (nothing is sent), `network` when no answer comes within 10 s.
#[tauri::command]
pub async fn online_http(
    state: State<'_, SharedState>,
    method: Arg,
    path: Arg,
    body: Arg,
) -> AppResult<HttpAnswer> {
    let request = with_state(&state, |s| session::http_request(s, &method, &path, &body))?;
    tauri::async_runtime::spawn_blocking(move || crate::http::send(&request))
        .await
        .map_err(|e| AppError::Internal(format!("the request's thread failed: {e}")))?
}
