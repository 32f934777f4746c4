//! Verifying a claimed stack line (the daily challenge): its timing, then every move
//! replayed on a clone of the dealt game through the game's own `take`, `move_out`,
//! `shuffle` and `undo`, so the rules checked are exactly the ones the player's game
//! applied (a shuffle draws the seed's next random stream, as the player's did).

use crate::line::StackStep;
use crate::replay::{check_timing, ReplayError, Replayed, STACK_MIN_GAP_MS};
use crate::stack::game::{StackGame, StackStatus};

/// Verifies that `steps` win `start` (the dealt game) in `claimed_ms`: the timing rules
/// first (`crate::replay::check_timing`), then the moves on a clone of `start`. `props`
/// is true when the line moves out, shuffles or undoes.
pub fn replay(
    start: &StackGame,
    steps: &[StackStep],
    claimed_ms: u64,
) -> Result<Replayed, ReplayError> {
    check_timing(steps, claimed_ms, STACK_MIN_GAP_MS)?;
    let mut game = start.clone();
    let props = play(&mut game, steps)?;
    match game.status() {
        StackStatus::Won => Ok(Replayed {
            time_ms: claimed_ms,
            props,
            moves: steps.len(),
        }),
        StackStatus::Lost => Err(ReplayError::NotWon {
            reason: "the tray filled up".into(),
        }),
        StackStatus::Playing => Err(ReplayError::NotWon {
            reason: format!("{} tiles are left", game.tiles_left()),
        }),
    }
}

/// Plays `steps` on `game` (times not checked, a win not required); whether a move-out,
/// a shuffle or an undo was among them. Refuses the first move that is not exactly one
/// action or that the game refuses (`illegal_move`), leaving `game` before it.
pub fn play(game: &mut StackGame, steps: &[StackStep]) -> Result<bool, ReplayError> {
    let mut props = false;
    for (index, step) in steps.iter().enumerate() {
        let illegal = |e: crate::EngineError| ReplayError::illegal(index, e);
        match (step.take, step.move_out, step.shuffle, step.undo) {
            (Some(id), false, false, false) => {
                game.take(id, step.t).map_err(illegal)?;
            }
            (None, true, false, false) => {
                game.move_out().map_err(illegal)?;
                props = true;
            }
            (None, false, true, false) => {
                game.shuffle().map_err(illegal)?;
                props = true;
            }
            (None, false, false, true) => {
                game.undo().map_err(illegal)?;
                props = true;
            }
            _ => {
                return Err(ReplayError::illegal(
                    index,
                    "a move is exactly one of take, move_out, shuffle or undo",
                ))
            }
        }
    }
    Ok(props)
}

#[cfg(test)]
#[path = "replay_tests.rs"]
mod tests;
