//! The Lianliankan desktop shell, a thin adapter over the session (`llk_session`, which
//! owns what every command means): a Tauri window showing the view in `ui/`, one Tauri
//! command per IPC command (`commands/`), the session's files in the app data directory
//! with atomic writes and a background saver (`storage.rs`, `saver.rs`, `disk.rs`), the
//! system clock and entropy (`host.rs`), the requests to the online server (`http.rs`, the
//! webview never talks to the network), one instance at a time, and the window's start-up
//! (`window.rs`, `rendering.rs`).

pub mod commands;
pub mod disk;
pub mod host;
pub mod http;
pub mod rendering;
pub mod saver;
pub mod state;
pub mod storage;
pub mod window;

use std::path::PathBuf;

use llk_session::Session;
use tauri::{Manager, RunEvent, Runtime};

use crate::disk::DiskStore;
use crate::host::SystemHost;
use crate::state::SharedState;
use crate::storage::Storage;

/// The session of the files in `storage`, on the system clock and entropy.
pub fn load(storage: Storage) -> Session {
    Session::load(Box::new(DiskStore::new(storage)), Box::new(SystemHost))
}

/// Adds the app's state and commands to `builder`. Files go to `data_dir`, or to the
/// platform's app data directory when it is `None` (tests pass a temporary directory).
pub fn configure<R: Runtime>(
    builder: tauri::Builder<R>,
    data_dir: Option<PathBuf>,
) -> tauri::Builder<R> {
    match data_dir {
        // Known now: load at once (the mock runtime used by tests never runs `setup`).
        Some(dir) => configure_session(builder, load(Storage::new(dir))),
        // The app data directory is known once the app exists; `setup` runs before the
        // window can send its first command.
        None => with_commands(builder.setup(|app| {
            window::show_at_the_latest(app.handle());
            let dir = app.path().app_data_dir()?;
            app.manage(SharedState::new(load(Storage::new(dir))));
            Ok(())
        })),
    }
}

/// Like [`configure`] with a data directory, for a `Storage` the caller prepared (tests
/// of a full disk).
pub fn configure_storage<R: Runtime>(
    builder: tauri::Builder<R>,
    store: Storage,
) -> tauri::Builder<R> {
    configure_session(builder, load(store))
}

/// Like [`configure`], for a session the caller loaded (tests: a session over an
/// in-memory store and a fixed host, to compare with the session's own dispatcher).
pub fn configure_session<R: Runtime>(
    builder: tauri::Builder<R>,
    session: Session,
) -> tauri::Builder<R> {
    with_commands(builder.manage(SharedState::new(session)))
}

/// Registers one handler per name in `COMMANDS` (a test checks they agree).
fn with_commands<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    let builder = builder.manage(commands::solvability::Judging::default());
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
        commands::codes::new_game_from_level,
        commands::codes::daily_deal,
        commands::codes::daily_status,
        commands::statistics,
        commands::launch::launch_report,
        commands::online::online_status,
        commands::online::set_online,
        commands::online::online_outbox,
        commands::online::online_delivered,
        commands::online::online_refused,
        commands::online::online_http,
    ])
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
