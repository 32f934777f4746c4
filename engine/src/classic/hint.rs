//! The smart hint: a pair to remove that keeps the board solvable when it is.

use crate::classic::board::Board;
use crate::classic::pairs::Pair;
use crate::classic::solver::{first_safe_move, solve, Budget, Verdict};

/// On a solvable board: a pair whose removal keeps the board solvable. If the budget runs out:
/// any legal pair. When stuck (or cleared): None. Returns the pair with its best path.
///
/// Deterministic for a given board and budget. Order of preference:
/// 1. a safe move (part of removing a whole kind that can all go now: it never spoils a
///    solvable board), the first in kind order;
/// 2. the first move of the solver's certificate when the board is solvable;
/// 3. otherwise (unsolvable, or undecided within `budget`) the first of
///    [`Board::linkable_pairs`].
pub fn hint(board: &Board, budget: Budget) -> Option<Pair> {
    if board.is_cleared() {
        return None;
    }
    let (a, b) = match first_safe_move(board) {
        Some(m) => m,
        None => match solve(board, budget) {
            Verdict::Solvable(moves) => match moves.first() {
                Some(&m) => m,
                None => return None,
            },
            Verdict::Unsolvable | Verdict::Unknown => *board.linkable_pairs().first()?,
        },
    };
    board.find_path(a, b).map(|path| Pair { a, b, path })
}
