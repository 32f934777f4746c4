//! The hint under a slide rule: a pair whose removal (and the slide after it) keeps a
//! solvable board solvable: the first move of the slide solver's certificate. Under
//! `none`, the classic hint.

use crate::classic::board::Board;
use crate::classic::hint::hint as classic_hint;
use crate::classic::pairs::Pair;
use crate::classic::slide::rule::SlideRule;
use crate::classic::slide::solver::solve;
use crate::classic::solver::{Budget, Verdict};

/// On a solvable board: a pair that keeps it solvable under `rule`. If the board is
/// unsolvable or undecided within `budget`: the first of [`Board::linkable_pairs`].
/// When stuck (or cleared): `None`. Deterministic for a given board, rule and budget.
pub fn hint(board: &Board, rule: SlideRule, budget: Budget) -> Option<Pair> {
    if rule == SlideRule::None {
        return classic_hint(board, budget);
    }
    if board.is_cleared() {
        return None;
    }
    let (a, b) = match solve(board, rule, budget) {
        Verdict::Solvable(moves) => *moves.first()?,
        Verdict::Unsolvable | Verdict::Unknown => *board.linkable_pairs().first()?,
    };
    board.find_path(a, b).map(|path| Pair { a, b, path })
}
