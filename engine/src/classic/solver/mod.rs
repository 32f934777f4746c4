//! The exact solver: decides whether every tile can be removed, and if so gives the
//! removal order as a certificate.
//!
//! Deciding solvability is NP-complete (IEICE Trans. E95.D(11), 2012; de Bondt,
//! arXiv:2010.09014), so this is a depth-first search; it is made fast on typical boards
//! by the structure of the game. There is no gravity, so removing a tile never blocks a
//! path: a pair that links keeps linking until one of its tiles goes. Hence the search
//! branches on **pairings** (which tile goes with which), not on moves:
//!
//! * **Greedy once paired.** When a kind is committed to a pairing, any committed pair
//!   that links now can be removed at once without loss: any solution using that pairing
//!   still works with the pair taken first (every other move meets a subset of the tiles
//!   it met before). So once every kind is paired, a greedy pass decides the position.
//! * **Safe moves.** If the uncommitted ("open") tiles of a kind can all be removed now,
//!   using only moves among themselves, doing so first never loses a solution (same
//!   argument). A kind with two open tiles is committed to its only pairing.
//! * **Closure.** Committed pairs that link, forced pairings and safe moves are applied to
//!   a fixpoint without branching.
//! * **Branching.** Otherwise one tile of an open kind that has a linkable pair now is
//!   chosen and the search branches over its partner, for the partners whose pairing holds
//!   a pair that links now (four tiles: the pairing's two pairs; more: the tile's own
//!   pair), closest other pair first. A last branch covers the pairings with no pair
//!   linking now without committing: the kind stays open with the pairs tried banned. On
//!   boards of kinds of four at most, the kind chosen is the one with the highest
//!   conflict activity (below), then the fewest branches (fail first). If no committed
//!   pair and no allowed open pair links, the position is dead.
//! * **Conflict activity.** Each dead end found by the dead-position test or by a kept
//!   core (below) bumps the kinds its proof is about (those with a pair the proof needs
//!   disallowed), by an amount that grows 5 % per dead end so that older ones fade (as
//!   VSIDS does in SAT solvers). The kinds of a stuck middle are then paired before the
//!   edge, instead of the middle being proven dead again under every pairing of the edge.
//! * **Restarts.** On boards of kinds of four at most (where the activity steers the
//!   choice), after 100 dead ends the search starts again from the initial board,
//!   keeping the memo, the kept cores, the activities and the root's bans (branches
//!   found dead from the root); each run allows half as many dead ends again as the
//!   last, so the search stays complete. A restart lets the activities learned on a bad
//!   first choice steer the top of the tree (measured on 10,000 random 18×8 boards: slow
//!   solvable boards fall from tens of thousands of nodes to some hundreds). The
//!   dead-position test, which runs after a sibling failed and every four levels, runs
//!   at every node once the search has restarted (a hard board): each proof it finds is
//!   kept and bumps the activities.
//! * **Bans.** A branch found dead stays dead in every position reached from there (a
//!   solution there would give one before), so its pair is banned in the later siblings'
//!   subtrees (for four open tiles, the other pair of the pairing too). An open tile with
//!   no allowed partner proves the position dead; one with a single allowed partner is
//!   committed to it.
//! * **Dead positions.** A tile can only be removed with its mate (or, when open, with an
//!   open tile of its kind) when every tile removed before is gone. Growing the set of
//!   tiles that could possibly be removed (a tile joins when it links to an allowed
//!   partner with the whole set taken off the board) over-approximates every tile any
//!   solution removes; a tile left out proves the position dead. With pairings committed
//!   this catches crossed deadlocks such as AB/BA early.
//! * **Backjumping.** A dead end found by the dead-position test has a reason: the tiles
//!   left out can only go with partners they link to on a board holding only them, and
//!   each such pair is disallowed by a change (a move taking the partner, a commit, a
//!   ban) made at some depth of the search. Every position on the current line from the
//!   deepest of those depths down is dead for the same reason, so the search returns
//!   there at once instead of trying the siblings in between (branches on kinds the dead
//!   end does not involve, e.g. pairings at the edge of a board whose middle is stuck).
//!   An exhausted position's reason is its children's, without their own depth; a dead
//!   end with no known reason rests on every depth.
//! * **Kept cores.** The proofs of the dead-position test are kept (the last 512, of up
//!   to 8,192 words each, bounding memory on huge boards): a proof's core (the tiles
//!   left out) and the pairs of core tiles that link on a board holding only the core. Any later position holding the whole core in which each of
//!   those pairs is still disallowed is dead for the same reason, whatever the other
//!   tiles and kinds do, so each position is checked against them (a bitset test, then
//!   the pairs) before the branch choice: a covered position dies without the test's
//!   link checks, with the reason the pairs give, at depths where the test would not run.
//! * **Memo.** Dead positions (after the closure) are remembered keyed on the set of
//!   remaining tiles (a bitset over the initial tiles) and the committed pairs of the
//!   kinds with four or more tiles left (a kind with two left has a single pairing).
//!
//! Files: `position` (tiles, moves, commits, bans, the link cache), `closure`, `branch`
//! (the choice), `dead` (the dead-position test), `nogood` (the kept cores) and `search`
//! (the depth-first search, its memo, activities and restarts), each using `position`
//! and none the others but `search`; `tests` (restarts, activity and kept cores, which
//! the public API cannot reach).
//!
//! The engine has no clock: the search is bounded by a node count and an interrupt the
//! caller supplies; running out gives [`Verdict::Unknown`]. The search is iterative, so
//! large boards cannot overflow the stack.

mod branch;
mod closure;
mod dead;
mod nogood;
mod position;
mod search;
#[cfg(test)]
mod tests;

use serde::Serialize;

use crate::classic::board::{Board, Pos};
use search::{Outcome, Search};

/// How much search a caller allows. The engine has no clock: a budget is a node count, plus
/// an optional interrupt the caller polls (the CLI uses it for --budget-ms).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Positions the search may expand before giving up with [`Verdict::Unknown`].
    pub max_nodes: u64,
}

impl Budget {
    /// Enough to decide practically every 18×8 board: typical ones need a few dozen
    /// nodes, the hardest of the 1,000-board benchmark set some thousands.
    pub const DEFAULT: Budget = Budget {
        max_nodes: 1_000_000,
    };

    /// A budget of `max_nodes` positions.
    pub const fn nodes(max_nodes: u64) -> Budget {
        Budget { max_nodes }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    /// Every tile can go; the moves, in order, are a certificate: each is a same-kind pair
    /// that links at that moment, and together they empty the board.
    Solvable(Vec<(Pos, Pos)>),
    /// Proven: no order of moves empties the board.
    Unsolvable,
    /// The budget ran out (or the interrupt fired) before the question was decided.
    Unknown,
}

/// What a search cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Positions expanded (the quantity a [`Budget`] bounds).
    pub nodes: u64,
    /// Dead positions remembered.
    pub memo: usize,
    /// Link checks made (the work the interrupt's polling is counted in: see
    /// `classic::meter`).
    pub link_checks: u64,
}

/// Decides whether `board` can be cleared, within `budget`.
pub fn solve(board: &Board, budget: Budget) -> Verdict {
    solve_with_interrupt(board, budget, &mut || false)
}

/// As [`solve`], polling `interrupt` about every 1,000 nodes and every 2,048 link checks
/// (so one node on a huge board cannot outlast it); when it returns true the search stops
/// with [`Verdict::Unknown`].
pub fn solve_with_interrupt(
    board: &Board,
    budget: Budget,
    interrupt: &mut dyn FnMut() -> bool,
) -> Verdict {
    solve_with_stats(board, budget, interrupt).0
}

/// As [`solve_with_interrupt`], also reporting what the search cost.
pub fn solve_with_stats(
    board: &Board,
    budget: Budget,
    interrupt: &mut dyn FnMut() -> bool,
) -> (Verdict, SolveStats) {
    if board.is_cleared() {
        return (Verdict::Solvable(Vec::new()), SolveStats::default());
    }
    let mut s = Search::new(board, budget, interrupt);
    if s.has_odd_kind() {
        return (Verdict::Unsolvable, SolveStats::default());
    }
    let verdict = match s.run() {
        Outcome::Solved => Verdict::Solvable(s.certificate()),
        Outcome::Dead => Verdict::Unsolvable,
        Outcome::OutOfBudget => Verdict::Unknown,
    };
    (verdict, s.stats())
}

/// A move that can be made now and is safe (part of removing a whole kind that can be
/// removed now), or `None`. The first such move in kind order, deterministic.
pub(crate) fn first_safe_move(board: &Board) -> Option<(Pos, Pos)> {
    let mut never = || false;
    let mut s = Search::new(board, Budget::nodes(0), &mut never);
    s.first_safe_move()
}
