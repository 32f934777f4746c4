//! The engine's replay and daily deals as `verify` calls them: refusals carry the API's
//! code (`ReplayError::code`) and the engine's message.

use llk_engine::classic::game::Game;
use llk_engine::line::{ClassicStep, StackStep};
use llk_engine::replay::{ReplayError, Replayed};
use llk_engine::stack::game::StackGame;

/// A refused line: the API's code and a line for people.
pub struct Refusal {
    pub code: &'static str,
    pub message: String,
}

impl From<ReplayError> for Refusal {
    fn from(e: ReplayError) -> Refusal {
        Refusal {
            code: e.code(),
            message: e.to_string(),
        }
    }
}

pub use llk_engine::code::daily_stack::daily_stack_options;

pub fn classic_replay(
    start: &Game,
    steps: &[ClassicStep],
    claimed_ms: u64,
) -> Result<Replayed, Refusal> {
    Ok(llk_engine::classic::replay::replay(
        start, steps, claimed_ms,
    )?)
}

pub fn stack_replay(
    start: &StackGame,
    steps: &[StackStep],
    claimed_ms: u64,
) -> Result<Replayed, Refusal> {
    Ok(llk_engine::stack::replay::replay(start, steps, claimed_ms)?)
}
