//! The stack game state machine: a dealt layout, the tray, the holding row, props left,
//! score and counters, and an undo history of takes. Pure and serializable; the caller
//! passes game time in, the engine has no clock.
//!
//! API contract (the shell and the CLI are written against it):
//! - `StackGame::new(StackOptions) -> Result<StackGame>` deals (winnable by construction
//!   unless `random_fill`).
//! - `take(id, elapsed_ms) -> Result<Taken>`: a free board tile or a held tile goes to
//!   the tray (inserted after the last tray tile of its kind, else at the end); three
//!   alike vanish; filling the last slot without a triple loses. Errors: unknown id,
//!   covered tile, tile not on the board / not held, game over.
//! - `move_out() -> Result<Vec<TileId>>`, `shuffle() -> Result<()>`, `undo() -> Result<TileId>`
//!   (each spends one of its prop; `NoPropLeft` when none is left; `undo` with nothing to
//!   undo is `NothingToUndo`). Undo of a prop is not offered.
//! - `hint() -> StackHint`; `certificate() -> &[TileId]` (the deal's winning line from
//!   the start, empty for random fills); getters for the layout, each tile's place and
//!   freedom, tray, held row, status, score, counters, props left, elapsed time.
//! - `to_json` / `from_json`: the versioned save (validated on load).

mod types;

pub use types::{
    Place, Props, StackCounters, StackHint, StackOptions, StackStatus, Taken, DEFAULT_TRAY,
    HOLD_SLOTS, TRAY_RANGE,
};
