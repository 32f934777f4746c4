//! The stack hint: a tile to take that keeps a winnable position winnable, or the news
//! that the position is lost even with the props left.
//!
//! Rule, in order:
//! 1. The no-prop solver finds a winning line: its first take is the hint.
//! 2. No line without props exists (proven). The props left are considered:
//!    * **Shuffle.** A shuffle re-deals the board's kinds so the position is winnable
//!      whenever some re-deal is. Some re-deal is winnable exactly when the tray is not
//!      `capacity - 1` tiles of distinct kinds: with the board's kinds free to place, take
//!      the tiles in any order that respects covering and give them kinds along it:
//!      first one tile for each kind the tray holds twice (a triple each, the tray only
//!      shrinks), then two for each kind held once (the tray grows by one before each
//!      triple), then threes; this needs one free slot when only singles are left,
//!      i.e. fails only when the tray is `capacity - 1` singles, and then no take at all
//!      is possible (no kind is held twice), whatever the kinds. Held tiles are free at
//!      any time, so they change nothing. With a shuffle left, the position is lost only
//!      when the tray is in that state and no move-out is possible (after a move-out the
//!      tray is `capacity - 4` singles, which a shuffle rescues).
//!    * **Move-out** (no shuffle left): a search over lines that use the move-outs left
//!      at any moment (the tray's order decides which tiles move out), each ending in a
//!      no-prop line.
//!
//!    When a prop rescues the position, the hint names the first take of such a line if
//!    it starts with a take, and no tile (`id: None`, `lost: false`: "use a prop") when it
//!    starts with the prop.
//! 3. When the budget runs out before the answer is known, the hint is a plausible take
//!    (`lost: false`): one completing a triple, else one of a kind with the most tiles
//!    in the tray and free, uncovering the most; `None` if no take is possible.
//!
//! `lost: true` (with `id: None`) is only said when it is proven.

use crate::classic::Budget;
use crate::stack::solver::props::{win_with_move_outs, FirstStep, PropVerdict};
use crate::stack::solver::{solve, Position, StackVerdict};
use crate::stack::types::StackHint;

/// A hint for `pos` with the given props left, within `budget` nodes for each search.
pub fn hint(pos: &Position, move_outs_left: u8, shuffles_left: u8, budget: Budget) -> StackHint {
    match solve(pos, budget) {
        StackVerdict::Winnable(line) => take(line.first().copied()),
        StackVerdict::Unknown => take(fallback(pos)),
        StackVerdict::Unwinnable => with_props(pos, move_outs_left, shuffles_left, budget),
    }
}

fn take(id: Option<crate::stack::TileId>) -> StackHint {
    StackHint { id, lost: false }
}

const LOST: StackHint = StackHint {
    id: None,
    lost: true,
};

const USE_A_PROP: StackHint = StackHint {
    id: None,
    lost: false,
};

fn with_props(pos: &Position, move_outs: u8, shuffles: u8, budget: Budget) -> StackHint {
    let can_move_out = move_outs > 0 && pos.held.is_empty() && !pos.tray.is_empty();
    if usize::from(pos.capacity) <= pos.tray.len() {
        return LOST;
    }
    if shuffles > 0 {
        return if shuffle_rescues(pos.tray, pos.capacity) || can_move_out {
            USE_A_PROP
        } else {
            LOST
        };
    }
    if move_outs == 0 {
        return LOST;
    }
    match win_with_move_outs(pos, move_outs, budget.max_nodes) {
        PropVerdict::Winnable(FirstStep::Take(id)) => take(Some(id)),
        PropVerdict::Winnable(FirstStep::MoveOut) => USE_A_PROP,
        PropVerdict::Unwinnable => LOST,
        PropVerdict::Unknown => take(fallback(pos)),
    }
}

/// Whether some re-deal of the board's kinds makes the position winnable (see the
/// module doc): the tray is not `capacity - 1` tiles of distinct kinds.
pub fn shuffle_rescues(tray: &[u16], capacity: u8) -> bool {
    let mut kinds: Vec<u16> = tray.to_vec();
    kinds.sort_unstable();
    kinds.dedup();
    !(tray.len() + 1 == usize::from(capacity) && kinds.len() == tray.len())
}

/// A plausible take when the search could not decide: a legal free (or held) tile,
/// preferring one completing a triple, then a kind already in the tray, then the most
/// tiles uncovered.
fn fallback(pos: &Position) -> Option<crate::stack::TileId> {
    let layout = pos.layout;
    let on = |i: usize| pos.on_board.get(i).copied().unwrap_or(false);
    let in_tray = |k: u16| pos.tray.iter().filter(|&&t| t == k).count();
    let room = pos.tray.len() + 1 < usize::from(pos.capacity);
    let board = (0..layout.len())
        .filter(|&i| on(i) && !pos.held.contains(&(i as u16)))
        .filter(|&i| layout.above(i as u16).iter().all(|&a| !on(usize::from(a))));
    board
        .map(|i| i as u16)
        .chain(pos.held.iter().copied())
        .filter_map(|id| layout.tile(id).map(|t| (id, t.kind)))
        .filter(|&(_, k)| room || in_tray(k) == 2)
        .max_by_key(|&(id, k)| {
            let uncovers = layout
                .below(id)
                .iter()
                .filter(|&&b| on(usize::from(b)))
                .count();
            (in_tray(k), uncovers, std::cmp::Reverse(id))
        })
        .map(|(id, _)| id)
}
