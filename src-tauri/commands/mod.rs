//! The Tauri commands (see `docs/ipc.md`): each is one line over the session's command of
//! the same name (`llk_session::commands`), run with the session locked by `with_state` (a
//! panic becomes `internal`). What a command means is decided there, once for both
//! shells; Tauri only delivers the arguments (each an `Arg`, keyed in camelCase as the
//! view sends them) and the answer. Only `judge` (off the lock, `solvability.rs`) and
//! `launch_report` (a file append, `launch.rs`) do more here.

pub mod codes;
pub mod journey;
pub mod launch;
pub mod online;
pub mod solvability;

use llk_engine::classic::layout::Preset;
use llk_session::args::Arg;
use llk_session::commands as session;
use llk_session::error::AppResult;
use llk_session::settings::Settings;
use llk_session::stats::Statistics;
use llk_session::view::{
    AnyHintResult, AnySelectResult, AnyView, SettingsResult, StartInfo, WinningLine,
};
use tauri::State;

use crate::state::{with_state, SharedState};

pub use llk_session::command_names::COMMANDS;

#[tauri::command]
pub fn start(state: State<'_, SharedState>, layout: Arg) -> AppResult<StartInfo> {
    with_state(&state, |s| session::start(s, &layout))
}

#[tauri::command]
pub fn presets() -> Vec<Preset> {
    session::presets()
}

#[tauri::command]
pub fn new_game(state: State<'_, SharedState>, options: Arg) -> AppResult<AnyView> {
    with_state(&state, |s| session::new_game(s, &options))
}

#[tauri::command]
pub fn select(
    state: State<'_, SharedState>,
    row: Arg,
    col: Arg,
    id: Arg,
    elapsed_ms: Arg,
) -> AppResult<AnySelectResult> {
    with_state(&state, |s| session::select(s, &row, &col, &id, &elapsed_ms))
}

#[tauri::command]
pub fn hint(state: State<'_, SharedState>) -> AppResult<AnyHintResult> {
    with_state(&state, session::hint)
}

#[tauri::command]
pub fn shuffle(state: State<'_, SharedState>, elapsed_ms: Arg) -> AppResult<AnyView> {
    with_state(&state, |s| session::shuffle(s, &elapsed_ms))
}

#[tauri::command]
pub fn undo(state: State<'_, SharedState>, elapsed_ms: Arg) -> AppResult<AnyView> {
    with_state(&state, |s| session::undo(s, &elapsed_ms))
}

#[tauri::command]
pub fn move_out(state: State<'_, SharedState>, elapsed_ms: Arg) -> AppResult<AnyView> {
    with_state(&state, |s| session::move_out(s, &elapsed_ms))
}

#[tauri::command]
pub fn winning_line(state: State<'_, SharedState>) -> AppResult<WinningLine> {
    with_state(&state, session::winning_line)
}

#[tauri::command]
pub fn game_state(state: State<'_, SharedState>) -> AppResult<AnyView> {
    with_state(&state, |s| session::game_state(s))
}

#[tauri::command]
pub fn set_elapsed(state: State<'_, SharedState>, elapsed_ms: Arg) -> AppResult<()> {
    with_state(&state, |s| session::set_elapsed(s, &elapsed_ms))
}

#[tauri::command]
pub fn get_settings(state: State<'_, SharedState>) -> AppResult<Settings> {
    with_state(&state, |s| session::get_settings(s))
}

#[tauri::command]
pub fn set_settings(state: State<'_, SharedState>, settings: Arg) -> AppResult<SettingsResult> {
    with_state(&state, |s| session::set_settings(s, &settings))
}

#[tauri::command]
pub fn statistics(state: State<'_, SharedState>) -> AppResult<Statistics> {
    with_state(&state, |s| session::statistics(s))
}
