//! What a kept hint plan knows about the board it was made on (a certificate, or that the
//! board cannot be cleared), and the hint that follows from it. Shared by the classic
//! plan ([`crate::classic::hint::Plan`]) and the slide plan
//! ([`crate::classic::slide::SlidePlan`]), which differ only in how they carry it from
//! board to board.

use crate::classic::board::{Board, Pos};
use crate::classic::pairs::Pair;
use crate::classic::solver::Verdict;

#[derive(Clone, Debug)]
pub(crate) enum Known {
    /// A certificate for the board (positions at the time of each move).
    Moves(Vec<(Pos, Pos)>),
    /// The board cannot be cleared.
    Unsolvable,
}

impl Known {
    /// What a solver's verdict says; `None` when it decided nothing.
    pub(crate) fn from_verdict(v: Verdict) -> Option<Known> {
        match v {
            Verdict::Solvable(moves) => Some(Known::Moves(moves)),
            Verdict::Unsolvable => Some(Known::Unsolvable),
            Verdict::Unknown => None,
        }
    }

    /// The hint on `board` (the board this is known about): the certificate's first
    /// move, or any linkable pair when it cannot be cleared.
    pub(crate) fn hint(&self, board: &Board) -> Option<Pair> {
        match self {
            Known::Moves(moves) if !moves.is_empty() => {
                let (a, b) = moves[0];
                board.find_path(a, b).map(|path| Pair { a, b, path })
            }
            Known::Moves(_) | Known::Unsolvable => any_pair(board),
        }
    }
}

/// The first of [`Board::linkable_pairs`], with its best path.
pub(crate) fn any_pair(board: &Board) -> Option<Pair> {
    let (a, b) = *board.linkable_pairs().first()?;
    board.find_path(a, b).map(|path| Pair { a, b, path })
}
