//! Lianliankan's rules engine: the board, the link search, pairs and hints, shuffles,
//! deals, the exact solver and the game state machine. Pure: no UI, no clock, no I/O.

pub mod board;
pub mod error;
pub mod link;
pub mod pairs;

pub use board::{Board, Kind, Pos, MAX_KIND, MAX_SIDE};
pub use error::{EngineError, Result};
pub use link::Path;
pub use pairs::Pair;
