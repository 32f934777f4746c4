//! Verifying a claimed classic line (the daily challenge): its timing, then every move
//! replayed on a clone of the dealt game through the game's own `select`, `shuffle` and
//! `undo`, so the rules checked are exactly the ones the player's game applied. Shuffles,
//! the player's and the automatic ones (the start game's `auto_shuffle`), draw the seed's
//! next random stream, so the replay sees the boards the player saw.

use crate::classic::game::{Game, Outcome, Status};
use crate::line::ClassicStep;
use crate::replay::{check_timing, ReplayError, Replayed, CLASSIC_MIN_GAP_MS};

/// Verifies that `steps` win `start` (the dealt game, with the player's `auto_shuffle`)
/// in `claimed_ms`: the timing rules first (`crate::replay::check_timing`), then the moves
/// on a clone of `start`. `props` is true when the line shuffles or undoes.
pub fn replay(
    start: &Game,
    steps: &[ClassicStep],
    claimed_ms: u64,
) -> Result<Replayed, ReplayError> {
    check_timing(steps, claimed_ms, CLASSIC_MIN_GAP_MS)?;
    let mut game = start.clone();
    let props = play(&mut game, steps)?;
    if game.status() != Status::Won {
        return Err(ReplayError::NotWon {
            reason: format!("{} tiles are left", game.board().tiles_left()),
        });
    }
    Ok(Replayed {
        time_ms: claimed_ms,
        props,
        moves: steps.len(),
    })
}

/// Plays `steps` on `game` as the player's taps would (times not checked, a win not
/// required); whether a shuffle or an undo was among them. Refuses the first move that is
/// not exactly one action or that the game refuses (`illegal_move`; `game` is then
/// somewhere within that move).
pub fn play(game: &mut Game, steps: &[ClassicStep]) -> Result<bool, ReplayError> {
    let mut props = false;
    for (index, step) in steps.iter().enumerate() {
        let illegal = |reason: &dyn std::fmt::Display| ReplayError::illegal(index, reason);
        match (step.pair, step.shuffle, step.undo) {
            (Some([a, b]), false, false) => {
                if game.selection().is_some() {
                    return Err(illegal(&"a tile is already selected"));
                }
                match game.select(a, step.t).map_err(|e| illegal(&e))? {
                    Outcome::Selected { .. } => {}
                    _ => return Err(illegal(&"the first tile was not selected")),
                }
                match game.select(b, step.t).map_err(|e| illegal(&e))? {
                    Outcome::Matched { .. } => {}
                    _ => {
                        return Err(illegal(&format!(
                            "({}, {}) and ({}, {}) do not match",
                            a.row, a.col, b.row, b.col
                        )))
                    }
                }
            }
            (None, true, false) => {
                game.shuffle().map_err(|e| illegal(&e))?;
                props = true;
            }
            (None, false, true) => {
                game.undo().map_err(|e| illegal(&e))?;
                props = true;
            }
            _ => return Err(illegal(&"a move is exactly one of match, shuffle or undo")),
        }
    }
    Ok(props)
}

#[cfg(test)]
#[path = "replay_tests.rs"]
mod tests;
