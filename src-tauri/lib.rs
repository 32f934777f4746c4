//! The Lianliankan desktop shell: a Tauri window showing the view in `ui/`, IPC commands
//! over the rules engine (`llk_engine`) for both modes (classic and stack), and autosave of
//! the game, settings and best scores in the app data directory.

pub mod args;
pub mod commands;
pub mod daily;
pub mod error;
pub mod mode;
pub mod rendering;
pub mod salvage;
pub mod saver;
pub mod scores;
pub mod settings;
pub mod state;
pub mod stats;
pub mod storage;
pub mod view;
pub mod window;

use std::path::PathBuf;

use tauri::{Manager, RunEvent, Runtime};

use crate::state::{AppState, SharedState};
use crate::storage::Storage;

/// Adds the app's state and commands to `builder`. Files go to `data_dir`, or to the
/// platform's app data directory when it is `None` (tests pass a temporary directory).
pub fn configure<R: Runtime>(
    builder: tauri::Builder<R>,
    data_dir: Option<PathBuf>,
) -> tauri::Builder<R> {
    let builder = match data_dir {
        // Known now: load at once (the mock runtime used by tests never runs `setup`).
        Some(dir) => builder.manage(SharedState::new(AppState::load(Storage::new(dir)))),
        // The app data directory is known once the app exists; `setup` runs before the
        // window can send its first command.
        None => builder.setup(|app| {
            window::show_at_the_latest(app.handle());
            let dir = app.path().app_data_dir()?;
            app.manage(SharedState::new(AppState::load(Storage::new(dir))));
            Ok(())
        }),
    };
    let builder = builder.manage(commands::solvability::Judging::default());
    with_commands(builder)
}

fn with_commands<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.invoke_handler(tauri::generate_handler![
        commands::start,
        commands::presets,
        commands::new_game,
        commands::select,
        commands::hint,
        commands::shuffle,
        commands::undo,
        commands::game_state,
        commands::set_elapsed,
        commands::get_settings,
        commands::set_settings,
        commands::move_out,
        commands::winning_line,
        commands::journey::journey_start,
        commands::journey::journey_next,
        commands::journey::journey_retry,
        commands::solvability::judge,
        commands::solvability::undo_to_solvable,
        commands::solvability::solve_step,
        commands::codes::new_game_from_code,
        commands::codes::daily_deal,
        commands::codes::daily_status,
        commands::statistics,
        commands::launch::launch_report,
    ])
}

/// Like [`configure`] with a data directory, for a `Storage` the caller prepared (tests
/// of a full disk).
pub fn configure_storage<R: Runtime>(
    builder: tauri::Builder<R>,
    store: Storage,
) -> tauri::Builder<R> {
    let builder = builder.manage(SharedState::new(AppState::load(store)));
    with_commands(builder)
}

/// One instance at a time: a second launch does not open a second writer of the same
/// save; it hands over to the running app, which shows and focuses its window, and exits.
/// Registered first, so the second process stops before anything else starts. Behind the
/// `single-instance` feature for now (see Cargo.toml).
#[cfg(all(desktop, feature = "single-instance"))]
fn one_instance<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.plugin(tauri_plugin_single_instance::init(|app, _args, _cwd| {
        if let Some(window) = app.get_webview_window(window::MAIN) {
            let _ = window.unminimize();
            let _ = window.show();
            let _ = window.set_focus();
        }
    }))
}

#[cfg(not(all(desktop, feature = "single-instance")))]
fn one_instance<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder
}

/// Opens the game window and runs until it is closed.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    rendering::choose();
    let builder = window::show_when_loaded(one_instance(tauri::Builder::default()));
    let app = configure(builder, None).build(tauri::generate_context!());
    match app {
        // Saves are written in the background: finish them before the process ends.
        Ok(app) => app.run(|app, event| {
            if let RunEvent::Exit = event {
                if let Some(state) = app.try_state::<SharedState>() {
                    state.lock().flush();
                }
            }
        }),
        Err(e) => {
            eprintln!("lianliankan: cannot start: {e}");
            std::process::exit(1);
        }
    }
}
