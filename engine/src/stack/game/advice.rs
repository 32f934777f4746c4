//! Hints and winning lines for a stack game. While play follows the game's plan (the
//! deal's certificate, or the line the last shuffle made) its next take is already
//! proven, so no search runs; off the plan the exact solver decides (`stack::hint` with
//! the props left, `stack::solve` for a line), within a node budget.

use super::{StackGame, StackHint, StackStatus};
use crate::classic::Budget;
use crate::stack::geometry::TileId;
use crate::stack::solver::{solve, Position, StackVerdict};

/// Search allowed for a hint or a winning line: enough for every constructed level's
/// positions in the benchmarks, small enough to answer a tap at once.
pub const ADVICE_BUDGET: Budget = Budget::nodes(100_000);

/// The solver's view of the game's current position.
fn with_position<T>(game: &StackGame, body: impl FnOnce(&Position) -> T) -> T {
    let board = game.board();
    let on_board = board.on_board();
    let tray = board.tray_kinds();
    body(&Position {
        layout: board.layout(),
        on_board: &on_board,
        held: board.held(),
        tray: &tray,
        capacity: board.capacity(),
    })
}

pub(super) fn hint(game: &StackGame) -> StackHint {
    match game.status() {
        StackStatus::Won => {
            return StackHint {
                id: None,
                lost: false,
            }
        }
        StackStatus::Lost => {
            return StackHint {
                id: None,
                lost: true,
            }
        }
        StackStatus::Playing => {}
    }
    if let Some(&next) = game.plan_rest().and_then(|rest| rest.first()) {
        return StackHint {
            id: Some(next),
            lost: false,
        };
    }
    let props = game.props_left();
    with_position(game, |pos| {
        crate::stack::hint(pos, props.move_out, props.shuffle, ADVICE_BUDGET)
    })
}

/// A winning line from the current position without props, or `None` when there is
/// none (or none was found within the budget).
pub(super) fn winning_line(game: &StackGame) -> Option<Vec<TileId>> {
    if game.status() != StackStatus::Playing {
        return None;
    }
    if let Some(rest) = game.plan_rest() {
        return Some(rest.to_vec());
    }
    match with_position(game, |pos| solve(pos, ADVICE_BUDGET)) {
        StackVerdict::Winnable(line) => Some(line),
        StackVerdict::Unwinnable | StackVerdict::Unknown => None,
    }
}
