//! The smart hint: a pair to remove that keeps the board solvable when it is; and the
//! same with a [`Plan`] kept between hints, so that a game does not re-solve its board
//! on every hint.

use crate::classic::board::{Board, Pos};
pub use crate::classic::known::HintSource;
use crate::classic::known::{any_pair, Known};
use crate::classic::pairs::Pair;
use crate::classic::repair::{carry, replays};
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

/// What a caller keeps between hints: the last board a hint decided and what was learnt
/// about it (a certificate, or that it cannot be cleared). A cache, never trusted: each
/// use checks it against the board it is given (see [`hint_with_plan`]), so any plan is
/// sound with any board; all plans compare equal.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    known: Option<(Board, Known)>,
}

impl Plan {
    /// A plan holding `moves` as the certificate of `board` (e.g. a solvable deal's own
    /// solution), so that the first hint needs no search. Checked by replaying: moves that
    /// do not clear `board` give the empty plan.
    pub fn with_certificate(board: &Board, moves: Vec<(Pos, Pos)>) -> Plan {
        if !replays(board, &moves) {
            return Plan::default();
        }
        Plan {
            known: Some((board.clone(), Known::Moves(moves))),
        }
    }

    /// The certificate held for the board of the last hint, if any: the moves, in order,
    /// that clear it (the hint was the first).
    pub fn certificate(&self) -> Option<&[(Pos, Pos)]> {
        match &self.known {
            Some((_, Known::Moves(moves))) => Some(moves),
            _ => None,
        }
    }
}

impl PartialEq for Plan {
    fn eq(&self, _: &Plan) -> bool {
        true
    }
}

impl Eq for Plan {}

/// As [`hint`], keeping `plan` up to date, and usually without a search: a plan made on an
/// earlier board of the same game is carried to this one when the tiles removed since
/// (and any put back by an undo) can be accounted for.
///
/// * Tiles put back since (an undo) are first taken off again by legal moves, any two of
///   a kind that link; then the certificate is repaired as follows.
/// * A certificate is repaired: its moves whose tiles are both gone are dropped; tiles
///   whose partner is gone are paired anew among themselves, the plan's other pairs are
///   played in its order whenever they link (removing a tile never blocks a path, so a
///   pair that waits still goes later). If that leaves tiles, every tile of the kinds
///   that lost one is paired anew, then also those of the kinds left; if tiles are
///   still left, the leftover (or a position a few moves earlier) is solved exactly
///   within a small budget. The result is replayed on `board`; if it replays, it is the
///   new plan and its first move the hint.
/// * "Cannot be cleared" carries over when no tile was put back and the tiles gone can
///   be removed from the old board by legal moves (greedily, pairs as they link): a
///   position reached by legal moves from an unsolvable one is unsolvable. The hint is
///   then any legal pair.
/// * Otherwise the board is solved within `budget`, as [`hint`] does (the certificate's
///   first move, not a safe move, so that the plan and the hint agree).
pub fn hint_with_plan(board: &Board, budget: Budget, plan: &mut Plan) -> Option<Pair> {
    hint_with_plan_traced(board, budget, plan).0
}

/// [`hint_with_plan`], also saying where the hint came from.
pub fn hint_with_plan_traced(
    board: &Board,
    budget: Budget,
    plan: &mut Plan,
) -> (Option<Pair>, HintSource) {
    if board.is_cleared() {
        *plan = Plan::default();
        return (None, HintSource::Cleared);
    }
    let carried = match plan.known.take() {
        Some((old, known)) => carry(&old, known, board, budget),
        None => None,
    };
    let (known, source) = match carried {
        Some(carried) => carried,
        None => match Known::from_verdict(solve(board, budget)) {
            Some(k @ Known::Moves(_)) => (k, HintSource::Solved),
            Some(k @ Known::Unsolvable) => (k, HintSource::Unsolvable),
            None => return (any_pair(board), HintSource::Undecided),
        },
    };
    let hint = known.hint(board);
    plan.known = Some((board.clone(), known));
    (hint, source)
}
