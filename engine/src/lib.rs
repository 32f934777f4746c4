//! Lianliankan's rules engine, pure: no UI, no clock, no I/O. Two modes side by side:
//! `classic` (pairs joined by a line with at most two turns) and `stack` (layered tiles,
//! a tray, three alike vanish); the random stream and the error type are shared.
//!
//! ## `#[inline]` on cold code: the web build's size
//! The web build (`make wasm`) compiles this crate at opt-level 3, for the searches, and the
//! session and the web shell that call it for size ("z"; the `web` profile in the root
//! Cargo.toml). A function marked `#[inline]` is compiled into the crate that calls it, with
//! the generic (serde) code it uses. The code that reads a save, a stack file, a captured
//! map, a deal code or a date, makes a deal code or the daily stack options, and the one
//! that makes a game's save document is marked so (`// compiled in the caller`) and is
//! compiled for size there. Writing the document out, the larger part of saving on every
//! move, stays here ([`json`]). Such a function must not be called from code that stays
//! here, which would keep a second copy at opt-level 3: hence `Journey::to_json` and its
//! `doc` go with `Game::to_json_value`.

pub mod classic;
pub mod code;
pub mod error;
pub mod json;
pub mod line;
pub mod replay;
pub mod rng;
pub(crate) mod seed_string;
pub mod stack;

pub use error::{EngineError, Result};
