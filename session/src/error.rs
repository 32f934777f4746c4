//! The one error type every command rejects with. It crosses IPC as `{ code, message }`:
//! the engine's codes for rule refusals plus the session's own (`no_game`, `bad_argument`,
//! `wrong_mode`, `storage`, `internal`, and online play's `bad_name`, `bad_server`,
//! `no_server`, `network`), so the view can match on `code` and show `message`.
//! Both shells send it in this one form.

use llk_engine::EngineError;
use serde::{Deserialize, Serialize};
use thiserror::Error;
use ts_rs::TS;

/// Everything a command can refuse.
#[derive(Debug, Error)]
pub enum AppError {
    /// The engine refused (bad cell, empty cell, game over, nothing to undo, bad options...).
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A command that needs a game ran before `start` or `new_game` made one.
    #[error("no game in progress: start a new game")]
    NoGame,
    /// An argument was missing or of the wrong type or range.
    #[error("{0}")]
    BadArgument(String),
    /// A command of one mode (e.g. `move_out`, stack only) while a game of the other mode
    /// is current.
    #[error("{0}")]
    WrongMode(String),
    /// Saving or loading failed.
    #[error("storage: {0}")]
    Storage(String),
    /// An online display name that `llk_online::check_name` refuses.
    #[error("{0}")]
    BadName(String),
    /// A server address that is not an http(s) URL without credentials.
    #[error("{0}")]
    BadServer(String),
    /// A request to the server with no server set (the desktop: no network at all).
    #[error("no server set")]
    NoServer,
    /// The server could not be reached, or its answer could not be read.
    #[error("network: {0}")]
    Network(String),
    /// A bug: a command panicked. The desktop shell catches the panic so that it never
    /// crosses IPC; the web shell reports it after WebAssembly trapped.
    #[error("internal error: {0}")]
    Internal(String),
}

impl AppError {
    /// Stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            AppError::Engine(e) => e.code(),
            AppError::NoGame => "no_game",
            AppError::BadArgument(_) => "bad_argument",
            AppError::WrongMode(_) => "wrong_mode",
            AppError::Storage(_) => "storage",
            AppError::BadName(_) => "bad_name",
            AppError::BadServer(_) => "bad_server",
            AppError::NoServer => "no_server",
            AppError::Network(_) => "network",
            AppError::Internal(_) => "internal",
        }
    }

    /// The wire form.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            code: self.code().to_string(),
            message: self.to_string(),
        }
    }
}

/// What every command rejects with: a stable `code` for programs and a `message` for
/// people (the Rust `AppError` on the wire).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "AppError")]
pub struct ErrorBody {
    pub code: String,
    pub message: String,
}

impl Serialize for AppError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.body().serialize(serializer)
    }
}

/// Shorthand for command results.
pub type AppResult<T> = Result<T, AppError>;
