//! The journey: a run of timed levels, one slide rule each (see [`levels`] for the table),
//! the score carried from level to level. [`Journey`] wraps the classic [`Game`] with a
//! per-level time budget (refilled a little by each match), a time bonus for a cleared
//! level, and a few hints, shuffles and undos per level. No clock here: the caller passes
//! the level's game time in, and the time is up when it reaches the budget.
//!
//! [`Game`]: crate::classic::game::Game

pub mod levels;
mod save;
mod state;

pub use levels::{level, Level, LEVEL_COLS, LEVEL_ROWS, MAX_LEVEL};
pub use save::JOURNEY_SAVE_VERSION;
pub use state::{Journey, JourneyInfo, JourneyStatus, LevelProps};
