//! The exact stack solver: decides whether every remaining tile can be taken without a
//! prop, and if so gives the order as a certificate.
//!
//! Without props the state is a function of the set of tiles still to take: the tray
//! holds, per kind, `(tray at the start + tiles of the kind taken since) mod 3` tiles
//! (the tray's order never matters without move-out). Held tiles are remaining tiles that
//! are free and cover nothing. So the search is a depth-first search over takes, and
//! every position it proves dead is remembered by its remaining-set (a bitset, keyed by
//! a Zobrist hash, compared in full). Cuts, each sound (it never removes the last
//! winning line):
//!
//! * **Tray capacity.** A take that fills the last slot without a triple loses, so it is
//!   never tried; a position whose tray is already full, or where some kind's tray and
//!   remaining tiles are not a multiple of three, is unwinnable outright.
//! * **Jammed trays** (not in [`Strategy::Baseline`]). A position reached by a take is
//!   not searched (it counts as one node, polled like any, and gets no memo entry) when `State::jammed`
//!   finds it lost within two takes: tiles remain, no free tile completes a triple (none
//!   is of a kind the tray holds twice), and either (a) the tray is one short of full, or
//!   (b) it is two short and no take leaves a free tile that completes a triple. Proof:
//!   in (a) every take is refused (a take that completes nothing must leave a slot
//!   empty), so no line goes on, and a position with tiles left is not won. In (b) no
//!   take completes a triple, so every legal take puts a tile in the tray and leaves it
//!   one short of full; after taking `t` (kind `k`) the free tiles are those free before
//!   but `t`, plus those `t` uncovers (a tile with `t` its only remaining cover), and the
//!   kinds the tray holds twice are those at two before plus `k` if it was at one. The
//!   check looks for exactly those: a free tile other than `t` of kind `k` when `k` was
//!   at one (before, no free tile's kind was at two), or an uncovered tile of a kind then
//!   at two. If no take leaves one, every take leads to case (a). A child cut this way
//!   still counts as one node (as when it was searched), so node budgets such as the
//!   hint's bound the same work as before; what it saves is the child's memo entry and
//!   the rest of a node's cost. On real-style maps most of the search's dead ends are
//!   such positions (a tray of five or six that nothing free matches).
//! * **The last tile of a kind.** When the tray holds two of kind `k` and a free tile `t`
//!   is the only `k` left, `t` is the only move tried. Proof: any winning line takes `t`
//!   at some step; taking it first instead leaves every other kind's tray count as it
//!   was and the tray two tiles shorter until that step (so no take in between fills the
//!   tray), and removing a tile earlier only frees tiles earlier. (Completing a triple
//!   first in general is *not* safe: with more `k` tiles left it shifts the kind's later
//!   count by one, which can overfill the tray, so it is only an ordering preference.)
//! * **Exposed triples** (not in [`Strategy::Baseline`]). When every remaining tile of
//!   a kind `k` is free, those tiles and the tray's `k` tiles make exactly three, and the
//!   tray has room to take them one after another (`tray + 2 − tray[k] < capacity`: the
//!   last take that completes nothing still leaves a slot empty), one of them is the
//!   only move tried (and so on until the triple is gone). Proof: take a winning line
//!   `L` and build `L'`: first the kind's remaining tiles, then `L` without them. The
//!   first part is legal (the tiles are free, taking tiles only frees others, and the
//!   room condition is the tray rule for its takes). After it, at every step of the
//!   rest, `L'` has taken everything `L` has taken (and the kind's tiles), so every tile
//!   free in `L` is free in `L'`; every other kind's tray count is the same, and `k`'s is
//!   0 where `L`'s is at least 0, so the tray is never longer than in `L`. A take that
//!   completes a triple in `L` does so in `L'`; one that leaves a slot empty in `L`
//!   leaves one in `L'`. So `L'` wins too. (The rule above for the last tile of a kind
//!   whose pair is in the tray is this rule's case `tray[k] = 2`.)
//! * **Dominance within a kind.** If free tiles `t` and `s` have the same kind and every
//!   tile `t` covers is covered by `s` too, taking `t` is never needed: from a line that
//!   starts with `t`, exchange `t` and `s` (take `s` first, `t` where `s` was). Tray
//!   counts are unchanged (same kind); every tile freed by `t`'s removal is also freed by
//!   `s`'s, and `t` stays free. Free tiles of a kind that cover nothing (held tiles among
//!   them) are interchangeable, so one of them is tried; and a free tile that covers
//!   nothing is dominated by a free tile of its kind that covers something. The tiles a
//!   tile covers stay the same while it remains (a covered tile cannot be taken first), so
//!   which tiles would dominate which is one table computed with the state; at a node the
//!   check is a row of it against the free set (before 2026-12-04 it compared the free
//!   tiles pairwise at every node, which with the sort of the moves below was most of a
//!   node's cost: the same nodes now take 2-3× less CPU, CPU p50 1.2 → 0.4 ms on the
//!   real-style maps; `git show 6338f23:engine/BENCHMARKS-HISTORY.md`, "cheaper nodes").
//! * **Tray pressure.** A position is lost when no kind can complete its next triple
//!   before the tray fills. Proof: look at any line's first take that completes a triple,
//!   of kind `k`, after `B` takes. None of those `B` takes completes a triple, so each
//!   adds one tile to the tray, and each must leave a slot empty: `tray + B ≤ capacity −
//!   1`. Before the completing take, the line takes the other `need = 3 − tray[k]` − 1
//!   tiles of kind `k` it uses and every remaining tile above any of the `need` (a tile
//!   is taken only once nothing covers it). So `B ≥ need − 1`, and `B ≥ above(x)` for
//!   each of those `need` tiles `x` (`above`: the remaining tiles covering `x` directly or
//!   through others): with `S` those `need` tiles, `B ≥ |S ∪ above(S)| − 1`. The test
//!   computes that minimum over the kind's sets `S` of `need` tiles exactly (it keeps a
//!   position alive without checking when a triple has more than 12 candidates). If for
//!   every kind with tiles left it exceeds `capacity − 1 − tray`, no line completes any
//!   triple, and a line that never does
//!   cannot take the last tiles (a position with tiles left is not won). The test runs
//!   only in [`Strategy::Pressure`] (not the default), at every node after the memo, and computes `above` (bitsets, top down) only when no
//!   kind has its `need` tiles free within that room and the room is at most 2 tiles
//!   (with more room it keeps the position alive: sound, and on real-style maps it cut
//!   almost nothing there while costing a quarter of the test's time).
//!
//! * **Sleep sets** (not in [`Strategy::Baseline`]): a partial-order reduction. Two
//!   legal takes `a` and `b` at a position `Q` commute whenever `Q+a+b` is a legal
//!   position (its tray not full): the state is a function of the remaining set, so
//!   `Q+a+b` and `Q+b+a` are the same position; `b` stays free after `a` (a free tile is
//!   covered by nothing, and taking tiles only frees others) and vice versa; and a take
//!   is legal exactly when the position it leads to has a slot empty (a take that
//!   completes a triple shortens the tray, any other lengthens it by one), so `b` is
//!   legal at `Q+a` and `a` at `Q+b`. Each level of the search carries a *sleep set*
//!   `Z`, takes it does not try, with the invariant: every `z` in `Z` is free and legal
//!   at `Q` and `Q+z` is lost. At the root `Z` is empty. When a child `Q+c` is proven
//!   lost (searched, found in the memo, or jammed), `c` joins `Z` for the later
//!   siblings. The child `Q+c` searched gets `Z' = {z ∈ Z : z legal at Q+c}`: for such
//!   `z`, `Q+c+z = Q+z+c` is reached from the lost `Q+z` by the legal take `c` (legal at
//!   `Q+z` since the position it leads to is legal), so it is lost. Hence a level
//!   returns "dead" only when every take it did not try is asleep (lost) or cut by the
//!   rules above (which keep a winning take whenever there is one, and a forced take
//!   that is asleep means the position is lost), so every position the memo stores as
//!   dead is lost, and the search still finds a win whenever there is one. What it saves
//!   is the second order of every pair of commuting takes (before, it reached a position
//!   already in the memo, at the cost of a node): on real-style maps about 1.2 takes are
//!   skipped per node searched, the node budget goes to positions not yet seen, and seed
//!   51 (undecided after 60 M nodes before) is won in 0.77 M.
//! * **Leaves wait for their triple** (not in [`Strategy::Baseline`]). Call a tile that
//!   covers nothing a *leaf* (held tiles are leaves; a tile's `below` never changes
//!   while it remains, so this is fixed). A take of a leaf that does not complete a
//!   triple (the tray holds fewer than two of its kind) *binds* the next take: the search
//!   tries only takes of the same kind there. Theorem: if a position can be won, some
//!   winning line is *canonical*: every binding take in it is followed at once by a take
//!   of its kind. Proof: take a winning line `L`. For each kind `k`, group its takes in
//!   `L` into triples (the takes that bring the kind's count from the tray's start back
//!   to a multiple of three, in order; the last of each completes it). Every binding take
//!   `b` of kind `k` is followed in its triple by another take of kind `k`; let `c` be
//!   the first of them that is not binding. Move every binding take to just before its
//!   `c`, keeping the order of the moved ones. This passes a leaf only over takes of
//!   other kinds, so (1) every kind's count changes in the same order and every take
//!   completes a triple or not as before, and which takes bind is unchanged (a leaf
//!   stays a leaf); (2) every take is still of a free tile: a leaf covers nothing, so
//!   leaving one on the board longer covers nothing more, and a leaf stays free;
//!   (3) every position of the new line before a moved leaf's new place is a position
//!   of `L` with some binding leaves not yet taken, whose tray is shorter (each adds a
//!   tile to it), and the position just before each `c` (after the moved leaves) is the
//!   position before `c` in `L`; so every tray has a slot empty after a take that
//!   completes nothing, as in `L`. The new line wins, and each binding take in it is
//!   followed by a take of its kind (the next moved one, or `c`). So the search may
//!   restrict itself to canonical lines: at a position reached by a binding take, every
//!   take of another kind is skipped. Such a bound position's "dead" is only "no
//!   canonical line from here starts with this kind": it is not stored in the memo and
//!   puts its parent's take to no sleep (a memo hit still proves it dead, and a sleep set
//!   carried into it still holds: both are about positions lost outright). A position
//!   reached any other way is searched with every take open, and by the theorem its
//!   "dead" is a complete proof, as before. The other cuts keep a canonical winning line:
//!   each turns a winning line into one that starts with a take it tries (a forced take,
//!   or `s` for a dominated `t`); start from a canonical one and make the result canonical
//!   again by the construction above, which moves only binding takes, later, so the first
//!   take stays first when it binds nothing: a last tile completes a triple, and when a
//!   dominated leaf gives way to a tile that covers something, that tile binds nothing.
//!   The two other cases need no construction: an exposed triple's takes come first,
//!   each followed by the next of its kind, and two leaves of a kind are interchangeable
//!   (exchanging them keeps a line canonical). At a bound position the dominance exchange
//!   stays within the bound kind, so the parent's binding still holds. Forced takes are
//!   not tried at a bound position (they could be of another kind). One consequence,
//!   used before the take: a leaf is tried only when no
//!   free tile of its kind covers something (such a tile dominates it), so the takes it
//!   binds can only be of its kind's other free leaves, and a binding leaf whose kind's
//!   free tiles and tray tiles make fewer than three is not tried at all. What it saves:
//!   a leaf frees nothing, so taking one early only fills the tray, and the search no
//!   longer tries every place among other kinds' takes where that could happen: the main
//!   search alone wins 15 of 17 hard real-style maps within 5 M nodes instead of 8, and
//!   seed 82 (a 4.9 s win before) in 359 nodes (engine/BENCHMARKS.md).
//!
//! Move ordering (no effect on the answer): [`Strategy::Baseline`] takes kinds with
//! enough free tiles to complete a triple soon first, then by the tray's count of the kind
//! (completing a triple first), then by how many tiles the take uncovers (the *kind-based*
//! order).
//!
//! On real 羊了个羊 maps (random fills of deep layouts) the orders that find wins fast
//! take higher layers first, so every attempt of [`Strategy::Current`] is layer-first,
//! alternating between two keys (measured on the hard real-style seeds: each wins maps the
//! other does not, and together they win 14 of 34 hard maps within 2 M nodes where the
//! plain highest-layer-first order won 1): attempts 0, 2, 4, … sort by layer, then by the
//! tray's count of the kind, then by how many tiles the take uncovers (up to 3); attempts
//! 1, 3, 5, … by `layer + 3 × tray count + 2` (the 2 only when the kind's tray and free
//! tiles make a triple), so a tray tile outweighs three layers. Ties go by a hash salted
//! with the attempt. Until 2026-12-03 every other attempt (the first among them) was
//! kind-based; dropping those (issue 17) took the 1,000 real-style maps and the 4 captured
//! ones, at 2.7 M nodes each (main, refutation and backward search together), from 1,000
//! to 1,002 won of 1,004 (the other two are wins found after 7 M and 8 M nodes), nodes
//! p50 887 → 384, p90 16,276 → 3,915, p99 1.26 M → 0.96 M, and the constructed deals
//! (300 per level) from 708 k to 594 k nodes in all. Tried there and not kept, none
//! better at that budget: Luby restarts (units of 1 k to 32 k nodes), a third key that
//! also penalises a kind whose next triple is buried (its tiles' covers), main-search
//! turns that end with a restart attempt, a backward turn of 1 or 4 times the main one's.
//!
//! Restarts (no effect on the answer): the search runs in attempts of 512, 1,024, 2,048,
//! … nodes (doubling every attempt; [`Strategy::Baseline`] keeps 512, 512, 1,024, 1,024,
//! …), each ordering its takes its own way (ties broken by a salted hash; the
//! baseline's odd attempts ignore how many tiles a take uncovers); the budget only cuts the
//! attempt it falls in short, so the schedule is the same for every budget. Doubling every
//! attempt won the captured maps 255 and 270 in 296 k and 596 k nodes instead of 1.30 M
//! and 869 k when it came in (2026-12-02; `git show 6338f23:engine/BENCHMARKS-HISTORY.md`,
//! "Restart schedule"). The dead memo is
//! kept across attempts (a remaining-set is dead whatever
//! order proved it), so `Unwinnable` is still a complete proof; restarts only cut the
//! heavy tail where an early choice sends one ordering into a large dead subtree.
//!
//! Refutation (`refute`): when the main search has not decided a position within its first
//! 261,632 nodes, a second, sound search tries to prove it lost by solving smaller games
//! exhaustively (the position projected on a few kinds, the others taken for free; a
//! lost projection means a lost position, proof in its module doc), with 65,536 nodes
//! (counted in the same budget). Then the *backward search*
//! (`refute::reverse`: the same game played from its end back to the position, putting
//! tiles back bottom first; exact, so its answer is a certificate or a complete proof) and
//! the main search take turns of equal nodes (a backward node costs about as much as a
//! main-search one since the backward search has sleep sets too), the main one's turns
//! 261,632, 523,264, … nodes (resuming its restart schedule), both keeping their memos,
//! until one decides. On real-style maps the two searches win different maps: the backward
//! one wins 14 of the 20 maps the main one leaves undecided at 2 M nodes, seed 51 in 1,013
//! nodes (the main one: undecided after 60 M), while the main one wins most maps sooner.
//!
//! **Anytime.** Every length in this schedule (restart attempts, the probe, the
//! refutation's nodes, the turns) is a fixed number of nodes, never derived from the
//! budget: for a given position the search is one deterministic sequence of nodes, and
//! the budget (nodes) or the interrupt (the CLI's `--budget-ms`) only says where it stops.
//! So an answer found after `n` nodes in all ([`StackSolveStats::total_nodes`]) is found
//! after the same `n` nodes, with the same certificate, by every budget of at least `n`,
//! and a smaller budget answers [`StackVerdict::Unknown`] having spent exactly its nodes
//! (`tests/anytime.rs`). Until 2026-12-05 the refutation's share was an eighth of the
//! nodes left after the probe, so a budget under 786 k nodes moved every later answer.
//!
//! The engine has no clock: the search is bounded by a node count and an interrupt the
//! caller supplies (polled about every 1,000 nodes); running out gives
//! [`StackVerdict::Unknown`]. The search recurses once per take, so its depth is at most
//! the number of tiles ([`crate::stack::MAX_TILES`]) with small frames.

mod memo;
mod pressure;
pub mod props;
mod refute;
mod search;
mod state;

use serde::Serialize;

pub use crate::classic::Budget;
use crate::stack::geometry::{Layout, TileId};
use search::{Outcome, Search};
use state::State;

/// A stack position as the solver sees it.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    pub layout: &'a Layout,
    /// `on_board[i]`: tile i is still on the board (covers only count among these).
    pub on_board: &'a [bool],
    /// Tiles in the holding row: free, cover nothing, can be taken back into the tray.
    pub held: &'a [TileId],
    /// Kinds in the tray now, in order.
    pub tray: &'a [u16],
    /// Tray slots (5..=9).
    pub capacity: u8,
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum StackVerdict {
    /// Every remaining tile can be taken: the order (board and held tiles), no props.
    Winnable(Vec<TileId>),
    /// Proven: every order fills the tray.
    Unwinnable,
    /// The budget ran out (or the interrupt fired) before the question was decided.
    Unknown,
}

/// What a search cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StackSolveStats {
    /// Positions the main search expanded (a [`Budget`] bounds these with the refutation's
    /// and the backward search's: [`StackSolveStats::total_nodes`]).
    pub nodes: u64,
    /// Dead remaining-sets remembered.
    pub memo: usize,
    /// Positions the tray-pressure test proved lost.
    pub pressure_cuts: u64,
    /// Nodes of the refutation search (`solver::refute`), within the same budget.
    pub refute_nodes: u64,
    /// Nodes of the backward search (`solver::refute::reverse`), within the same budget.
    pub backward_nodes: u64,
    /// Positions the jammed-tray check proved lost without searching them (each counted as one node).
    pub jammed_cuts: u64,
    /// Positions where an exposed triple's tile was the only move tried.
    pub exposed_takes: u64,
    /// Takes not tried because they were asleep (known to reach only lost positions).
    pub slept_takes: u64,
    /// Takes of a leaf that bound the next take to its kind ("Leaves wait for their
    /// triple" in the module doc).
    pub bound_takes: u64,
}

impl StackSolveStats {
    /// Nodes of all the searches (main, refutation, backward): what the budget bounds, and
    /// the node at which the answer came (the same for every budget that reaches it).
    pub fn total_nodes(&self) -> u64 {
        self.nodes + self.refute_nodes + self.backward_nodes
    }
}

/// What [`prove_lost`] found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RefuteStats {
    /// Proven: no line without props wins.
    pub lost: bool,
    /// Nodes of the projected searches.
    pub nodes: u64,
    /// Projections searched.
    pub tried: u32,
}

/// Tries only to prove `pos` lost, with the refutation search (projections on a few
/// kinds, `solver::refute`), within `budget` nodes and `interrupt`.
pub fn prove_lost(
    pos: &Position,
    budget: Budget,
    interrupt: &mut dyn FnMut() -> bool,
) -> RefuteStats {
    let Ok(st) = State::new(pos) else {
        return RefuteStats {
            lost: true,
            ..RefuteStats::default()
        };
    };
    let r = refute::refute(&st, budget.max_nodes, budget.max_nodes, interrupt);
    RefuteStats {
        lost: r.lost,
        nodes: r.nodes,
        tried: r.tried,
    }
}

#[cfg(feature = "backward")]
/// Decides `pos` by the backward search alone (`solver::refute::reverse`: from the end of
/// the game back to the position), within `budget` nodes and `interrupt`: the verdict and
/// the nodes spent.
pub fn solve_backward(
    pos: &Position,
    budget: Budget,
    interrupt: &mut dyn FnMut() -> bool,
) -> (StackVerdict, u64) {
    let Ok(st) = State::new(pos) else {
        return (StackVerdict::Unwinnable, 0);
    };
    let (out, line, nodes) = refute::reverse::solve_backward(&st, budget.max_nodes, interrupt);
    let verdict = match out {
        Outcome::Win => {
            StackVerdict::Winnable(line.iter().map(|&c| st.ids[usize::from(c)]).collect())
        }
        Outcome::Dead => StackVerdict::Unwinnable,
        Outcome::OutOfBudget => StackVerdict::Unknown,
    };
    (verdict, nodes)
}

/// Which search [`solve_with_strategy`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// The search as it was before the real-level work, kept so that benchmarks can run
    /// it side by side with the current one.
    Baseline,
    /// The current search (what [`solve`] runs): the main search, and the refutation
    /// search (`solver::refute`) when the main one has not decided the position within its
    /// first 261,632 nodes.
    Current,
    /// The current search without the refutation search, kept so that benchmarks can run
    /// it side by side with [`Strategy::Current`].
    Unrefuted,
    /// The current search plus the tray-pressure test (and the refutation search). Not the default: it halves the
    /// nodes on real-style maps but costs more CPU per node than it saves, so within 1 s
    /// it decides fewer maps (see `engine/BENCHMARKS.md`).
    Pressure,
}

/// Decides whether `pos` can be won without props, within `budget`.
pub fn solve(pos: &Position, budget: Budget) -> StackVerdict {
    solve_with_interrupt(pos, budget, &mut || false)
}

/// As [`solve`], polling `interrupt` about every 1,000 nodes, and sooner on boards with
/// many free tiles (every 2^20 steps of work, `search::POLL_WORK`); when it returns true the search
/// stops with [`StackVerdict::Unknown`].
pub fn solve_with_interrupt(
    pos: &Position,
    budget: Budget,
    interrupt: &mut dyn FnMut() -> bool,
) -> StackVerdict {
    solve_with_stats(pos, budget, interrupt).0
}

/// As [`solve_with_interrupt`], also reporting what the search cost.
pub fn solve_with_stats(
    pos: &Position,
    budget: Budget,
    interrupt: &mut dyn FnMut() -> bool,
) -> (StackVerdict, StackSolveStats) {
    solve_with_strategy(pos, budget, interrupt, Strategy::Current)
}

/// As [`solve_with_stats`], running the search `strategy` names.
pub fn solve_with_strategy(
    pos: &Position,
    budget: Budget,
    interrupt: &mut dyn FnMut() -> bool,
    strategy: Strategy,
) -> (StackVerdict, StackSolveStats) {
    let Ok(st) = State::new(pos) else {
        return (StackVerdict::Unwinnable, StackSolveStats::default());
    };
    let mut search = Search::new(st, budget.max_nodes, interrupt);
    search.strategy = strategy;
    let (outcome, refuted) = if strategy == Strategy::Baseline || strategy == Strategy::Unrefuted {
        (search.run(), refute::Refutation::default())
    } else {
        refute::run_with_refutation(&mut search)
    };
    let stats = StackSolveStats {
        nodes: search.nodes,
        memo: search.memo.len(),
        pressure_cuts: search.pressure_cuts,
        refute_nodes: refuted.nodes,
        backward_nodes: refuted.backward_nodes,
        jammed_cuts: search.jammed_cuts,
        exposed_takes: search.exposed_takes,
        slept_takes: search.slept_takes,
        bound_takes: search.bound_takes,
    };
    let verdict = match outcome {
        Outcome::Win => StackVerdict::Winnable(
            search
                .path
                .iter()
                .map(|&c| search.st.ids[usize::from(c)])
                .collect(),
        ),
        Outcome::Dead => StackVerdict::Unwinnable,
        Outcome::OutOfBudget => StackVerdict::Unknown,
    };
    (verdict, stats)
}
