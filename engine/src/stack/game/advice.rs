//! The game's advice: `hint()` and `winning_line()`. Both first follow the game's plan
//! (the deal's certificate, or the line a shuffle made) while play has followed it: its
//! next take provably keeps the position winnable, at no search cost. Off the plan they
//! ask the stack solver (`stack::hint`, `stack::solver`) within a node budget.

use super::{StackGame, StackHint, StackStatus};
use crate::classic::Budget;
use crate::stack::geometry::TileId;
use crate::stack::solver::{solve, Position, StackVerdict};

/// Search allowed for a hint: enough for typical mid-game positions, small enough to
/// answer a tap at once (the hint falls back to a plausible take beyond it). With the
/// search's sleep sets a node costs more on average (more of them are searched rather
/// than found in the memo), so this is 36,000 rather than 50,000: on the 1,000 real-style
/// maps the hint's CPU p99 along the winning line is 11.1 ms against 14.8 ms at 50,000 in
/// the same run, and the first hint knows a win on 93.0 % of the maps against 93.2 %
/// (`llk bench-stack`, engine/BENCHMARKS.md).
pub const STACK_HINT_BUDGET: Budget = Budget::nodes(36_000);
/// Search allowed for the "show a winning line" demo.
pub const WINNING_LINE_BUDGET: Budget = Budget::DEFAULT;

/// The plan's next tile, else the solver's hint with the props left.
pub(super) fn hint(game: &StackGame) -> StackHint {
    if game.status() != StackStatus::Playing {
        return StackHint {
            id: None,
            lost: game.status() == StackStatus::Lost,
        };
    }
    if let Some(&next) = game.plan_rest().and_then(|rest| rest.first()) {
        return StackHint {
            id: Some(next),
            lost: false,
        };
    }
    let props = game.props_left();
    with_position(game, |pos| {
        crate::stack::hint(pos, props.move_out, props.shuffle, STACK_HINT_BUDGET)
    })
}

/// The rest of the plan when play has followed it, else the solver's line (no props),
/// or `None` when there is none (or none was found within the budget).
pub(super) fn winning_line(game: &StackGame) -> Option<Vec<TileId>> {
    match game.status() {
        StackStatus::Lost => return None,
        StackStatus::Won => return Some(Vec::new()),
        StackStatus::Playing => {}
    }
    if let Some(rest) = game.plan_rest() {
        return Some(rest.to_vec());
    }
    match with_position(game, |pos| solve(pos, WINNING_LINE_BUDGET)) {
        StackVerdict::Winnable(line) => Some(line),
        StackVerdict::Unwinnable | StackVerdict::Unknown => None,
    }
}

/// Runs `f` on the game's position as the solver sees it.
pub(super) fn with_position<T>(game: &StackGame, f: impl FnOnce(&Position) -> T) -> T {
    game.board().with_position(f)
}
