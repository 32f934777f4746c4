//! The session as Tauri manages it: behind one mutex, taken by each command for its whole
//! duration, and [`with_state`], which runs a command's body with it locked and turns a
//! panic into an `internal` error instead of letting it cross IPC.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, MutexGuard};

use llk_session::error::{AppError, AppResult};
use llk_session::Session;

/// The managed state: the one session of the app.
#[derive(Debug)]
pub struct SharedState(Mutex<Session>);

impl SharedState {
    pub fn new(session: Session) -> SharedState {
        SharedState(Mutex::new(session))
    }

    /// The session; a command that panicked mid-way does not lock the others out.
    pub fn lock(&self) -> MutexGuard<'_, Session> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Runs `body` with the session locked; a panic becomes an `internal` error.
pub fn with_state<T>(
    state: &SharedState,
    body: impl FnOnce(&mut Session) -> AppResult<T>,
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
