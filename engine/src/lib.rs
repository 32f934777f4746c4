//! Lianliankan's rules engine, pure: no UI, no clock, no I/O. Two modes side by side:
//! `classic` (pairs joined by a line with at most two turns) and `stack` (layered tiles,
//! a tray, three alike vanish); the random stream and the error type are shared.

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
