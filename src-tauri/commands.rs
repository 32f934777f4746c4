//! The IPC commands (see `docs/ipc.md`): each checks its arguments, takes the state lock,
//! asks the engine, and returns a payload or an `AppError`. No rule is decided here.

use std::panic::{catch_unwind, AssertUnwindSafe};

use llk_engine::classic::game::Game;
use llk_engine::classic::game::{GameOptions, Hint};
use llk_engine::classic::layout::{Preset, PRESETS};
use llk_engine::classic::Pos;
use llk_engine::EngineError;
use tauri::State;

use crate::args::Arg;
use crate::error::{AppError, AppResult};
use crate::settings::Settings;
use crate::state::{AppState, SharedState};
use crate::view::{GameView, SelectResult, StartInfo};

include!("command_names.rs");

/// Runs `body` with the state locked; a panic becomes an `internal` error instead of
/// crossing IPC.
fn with_state<T>(
    state: &SharedState,
    body: impl FnOnce(&mut AppState) -> AppResult<T>,
) -> AppResult<T> {
    catch_unwind(AssertUnwindSafe(|| body(&mut state.lock()))).unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a command panicked".to_string());
        Err(AppError::Internal(what))
    })
}

/// The board cell at (`row`, `col`); coordinates beyond any board are `out_of_bounds`.
fn cell(game: &Game, row: i64, col: i64) -> AppResult<Pos> {
    match (i16::try_from(row), i16::try_from(col)) {
        (Ok(r), Ok(c)) => Ok(Pos::new(r, c)),
        _ => Err(EngineError::OutOfBounds {
            row,
            col,
            rows: game.board().rows(),
            cols: game.board().cols(),
        }
        .into()),
    }
}

/// The resumed game (or a new default one) and, once, a notice about the saved files.
#[tauri::command]
pub fn start(state: State<'_, SharedState>) -> AppResult<StartInfo> {
    with_state(&state, |s| {
        if !s.has_game() {
            let game = Game::new(s.default_options())?;
            s.set_game(game);
        }
        Ok(StartInfo {
            game: s.view()?,
            notice: s.take_notice(),
        })
    })
}

/// The preset layouts.
#[tauri::command]
pub fn presets() -> Vec<Preset> {
    PRESETS.to_vec()
}

/// Deals a new game with `options`, replacing the current one.
#[tauri::command]
pub fn new_game(state: State<'_, SharedState>, options: Arg) -> AppResult<GameView> {
    let options: GameOptions = options.parse("options")?;
    with_state(&state, |s| {
        let game = Game::new(options)?;
        s.set_game(game);
        s.view()
    })
}

/// The player clicked (`row`, `col`) at game time `elapsedMs`.
#[tauri::command]
pub fn select(
    state: State<'_, SharedState>,
    row: Arg,
    col: Arg,
    elapsed_ms: Arg,
) -> AppResult<SelectResult> {
    let (row, col) = (row.integer("row")?, col.integer("col")?);
    let elapsed = elapsed_ms.millis("elapsedMs")?;
    with_state(&state, |s| {
        let at = cell(s.game()?, row, col)?;
        let outcome = s.change_game(|g| g.select(at, elapsed))?;
        Ok(SelectResult {
            outcome,
            game: s.view()?,
        })
    })
}

/// A connectable pair, or `null` if there is none (the board is stuck or empty).
#[tauri::command]
pub fn hint(state: State<'_, SharedState>) -> AppResult<Option<Hint>> {
    with_state(&state, |s| s.change_game(|g| Ok(g.hint())))
}

/// Rearranges the remaining tiles.
#[tauri::command]
pub fn shuffle(state: State<'_, SharedState>) -> AppResult<GameView> {
    with_state(&state, |s| {
        s.change_game(|g| g.shuffle())?;
        s.view()
    })
}

/// Takes back the last match (or shuffle).
#[tauri::command]
pub fn undo(state: State<'_, SharedState>) -> AppResult<GameView> {
    with_state(&state, |s| {
        s.change_game(|g| g.undo())?;
        s.view()
    })
}

/// The current game.
#[tauri::command]
pub fn game_state(state: State<'_, SharedState>) -> AppResult<GameView> {
    with_state(&state, |s| s.view())
}

/// Records the view's game clock (saved with the game).
#[tauri::command]
pub fn set_elapsed(state: State<'_, SharedState>, elapsed_ms: Arg) -> AppResult<()> {
    let elapsed = elapsed_ms.millis("elapsedMs")?;
    with_state(&state, |s| {
        s.change_game(|g| {
            g.set_elapsed(elapsed);
            Ok(())
        })
    })
}

/// The player's preferences.
#[tauri::command]
pub fn get_settings(state: State<'_, SharedState>) -> AppResult<Settings> {
    with_state(&state, |s| Ok(s.settings().clone()))
}

/// Replaces the preferences and saves them; returns them.
#[tauri::command]
pub fn set_settings(state: State<'_, SharedState>, settings: Arg) -> AppResult<Settings> {
    let settings: Settings = settings.parse("settings")?;
    with_state(&state, |s| {
        s.set_settings(settings)?;
        Ok(s.settings().clone())
    })
}
