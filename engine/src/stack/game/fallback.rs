//! TEMPORARY FALLBACK for `hint()` and `winning_line()` until the stack solver (branch
//! `stack-solver`: `stack::solver` and `stack::hint`) is merged; the lead wires the real
//! solver in here on merge. It only knows the game's plan (the deal's certificate, or
//! the line a shuffle made) and follows it while play has followed it; off the plan it
//! cannot prove anything, so it names a plausible free tile and never claims `lost`
//! unless the game is over.

use super::{StackGame, StackHint, StackStatus};
use crate::stack::geometry::TileId;

/// FALLBACK: the plan's next tile, else a free tile whose kind the tray holds most of,
/// else any free tile.
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
    let board = game.board();
    let tray_kinds = board.tray_kinds();
    let kind = |id: TileId| board.layout().tiles()[usize::from(id)].kind;
    let mut free = board.free_on_board();
    free.extend_from_slice(board.held());
    let best = free
        .iter()
        .copied()
        .max_by_key(|&id| tray_kinds.iter().filter(|&&k| k == kind(id)).count());
    StackHint {
        id: best,
        lost: best.is_none(),
    }
}

/// FALLBACK: the rest of the plan when play has followed it, else `None`.
pub(super) fn winning_line(game: &StackGame) -> Option<Vec<TileId>> {
    if game.status() == StackStatus::Lost {
        return None;
    }
    game.plan_rest().map(<[TileId]>::to_vec)
}
