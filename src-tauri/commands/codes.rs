//! The deal-code, brought-level and daily-deal Tauri commands, one line each over
//! `llk_session::commands::codes` (today's date comes from the session's host: the system
//! clock, `host.rs`).

use llk_session::args::Arg;
use llk_session::commands::codes as session;
use llk_session::commands::level;
use llk_session::daily::DailyStatus;
use llk_session::error::AppResult;
use llk_session::view::{AnyView, LevelOpened};
use tauri::State;

use crate::state::{with_state, SharedState};

#[tauri::command]
pub fn new_game_from_code(state: State<'_, SharedState>, code: Arg) -> AppResult<AnyView> {
    with_state(&state, |s| session::new_game_from_code(s, &code))
}

#[tauri::command]
pub fn new_game_from_level(state: State<'_, SharedState>, text: Arg) -> AppResult<LevelOpened> {
    with_state(&state, |s| level::new_game_from_level(s, &text))
}

#[tauri::command]
pub fn daily_deal(state: State<'_, SharedState>, date: Arg, mode: Arg) -> AppResult<AnyView> {
    with_state(&state, |s| session::daily_deal(s, &date, &mode))
}

#[tauri::command]
pub fn daily_status(state: State<'_, SharedState>, date: Arg) -> AppResult<DailyStatus> {
    with_state(&state, |s| session::daily_status(s, &date))
}
