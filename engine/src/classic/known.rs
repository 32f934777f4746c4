//! What a kept hint plan knows about the board it was made on (a certificate, or that the
//! board cannot be cleared), and the hint that follows from it. Shared by the classic
//! plan ([`crate::classic::hint::Plan`]) and the slide plan
//! ([`crate::classic::slide::SlidePlan`]), which differ only in how they carry it from
//! board to board. Also how a hint came about ([`HintSource`]), which the hint and the
//! plan repair both name.

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

/// How [`crate::classic::hint::hint_with_plan_traced`] came to its hint (for benchmarks and tests).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintSource {
    /// The board is cleared: no hint.
    Cleared,
    /// The kept plan carried over as it was: a certificate whose moves left are still
    /// one (the tiles gone were pairs of it), or "cannot be cleared".
    Carried,
    /// The certificate was repaired by pairing anew the tiles whose partner is gone (or
    /// every tile of the kinds that lost one), without a search.
    Repaired,
    /// The certificate was repaired by solving what the re-pairing left (a small search
    /// from a position reached by legal moves).
    SolvedLocally,
    /// The board was solved (no plan, or the carry failed): a certificate.
    Solved,
    /// The board was solved and proven unsolvable: any legal pair.
    Unsolvable,
    /// The board was solved and the budget ran out: any legal pair.
    Undecided,
}
