//! Lines that may use move-outs (暂存), for the hint when no line without props exists
//! and for `llk stack solve --move-outs N`. A move-out puts the first three tray tiles
//! (fewer if the tray holds fewer) into the empty holding row; a held tile can be taken
//! back into the tray at any time, like a free board tile. A plain depth-first search over
//! the full state (board, holding row, the tray in order, move-outs left) with a memo of
//! dead states, board tiles tried highest layer first; once no move-out can be used any
//! more, the rest is decided by the fast no-prop search. Only the no-prop search's cuts
//! are used, so `Unwinnable` is a proof. Undo and shuffle are not planned: undo only
//! returns to an earlier position (a line never needs it), and shuffle deals the remaining
//! kinds at random, so no line can count on its outcome.

use std::collections::HashSet;

use super::search::{Outcome, Search, POLL_NODES};
use super::state::State;
use super::{Budget, Position, StackVerdict};
use crate::stack::geometry::{Layout, TileId};
use crate::stack::types::HOLD_SLOTS;

/// A step of a line that may use move-outs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstStep {
    /// Take this tile (a free board tile, or a held one back into the tray). `TileId::MAX`
    /// for a held tile whose id the caller did not give (see [`line_with_move_outs`]).
    Take(TileId),
    MoveOut,
}

/// The answer of [`line_with_move_outs`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PropLine {
    /// A whole winning line from the position.
    Winnable(Vec<FirstStep>),
    Unwinnable,
    Unknown,
}

/// The answer of [`win_with_move_outs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PropVerdict {
    Winnable(FirstStep),
    Unwinnable,
    Unknown,
}

#[derive(Clone)]
struct Node {
    on_board: Vec<bool>,
    cover: Vec<u16>,
    /// Held tiles: `(id, kind)`; tiles moved out during the search have no id (`None`).
    held: Vec<(Option<TileId>, u16)>,
    tray: Vec<u16>,
    /// The tray tiles' ids, where known (parallel to `tray`).
    tray_ids: Vec<Option<TileId>>,
    move_outs: u8,
}

struct PropSearch<'a> {
    layout: &'a Layout,
    capacity: u8,
    nodes: u64,
    max_nodes: u64,
    /// Node count at which the interrupt is polled next: every [`POLL_NODES`] nodes,
    /// counting the nodes of the no-prop tails (a tail of fewer nodes never polls
    /// itself, and adding its count could step over a multiple of [`POLL_NODES`]).
    next_poll: u64,
    dead: HashSet<Vec<u64>>,
    /// The steps from the start to the node being searched (the whole line on a win).
    line: Vec<FirstStep>,
    /// Board tiles in the order tried: highest layer first.
    order: Vec<TileId>,
    interrupt: &'a mut dyn FnMut() -> bool,
}

/// Whether `pos` can be won using at most `move_outs` move-outs (none for shuffle).
/// `max_nodes` bounds the whole search, the no-prop tails included.
pub fn win_with_move_outs(pos: &Position, move_outs: u8, max_nodes: u64) -> PropVerdict {
    let tray_ids = vec![None; pos.tray.len()];
    match line_with_move_outs(pos, &tray_ids, move_outs, max_nodes, &mut || false) {
        PropLine::Winnable(line) => match line.first() {
            Some(&step) => PropVerdict::Winnable(step),
            None => PropVerdict::Unknown,
        },
        PropLine::Unwinnable => PropVerdict::Unwinnable,
        PropLine::Unknown => PropVerdict::Unknown,
    }
}

/// A winning line for `pos` using at most `move_outs` move-outs, within `max_nodes`
/// nodes and polling `interrupt` about every 1,000 nodes. `tray_ids` are the ids of the
/// tray's tiles in slot order (`None` where unknown: such a tile, once moved out and
/// taken back, appears as `Take(TileId::MAX)`).
pub fn line_with_move_outs(
    pos: &Position,
    tray_ids: &[Option<TileId>],
    move_outs: u8,
    max_nodes: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> PropLine {
    line_with_stats(pos, tray_ids, move_outs, max_nodes, interrupt).0
}

/// As [`line_with_move_outs`], also giving the nodes spent (its own and its no-prop
/// tails'). A depth-first search whose every part is bounded only by the nodes left, so
/// a budget only says where it stops: an answer after `n` nodes comes after the same `n`
/// nodes with every budget of at least `n`.
pub fn line_with_stats(
    pos: &Position,
    tray_ids: &[Option<TileId>],
    move_outs: u8,
    max_nodes: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> (PropLine, u64) {
    let layout = pos.layout;
    let is_held = |i: usize| pos.held.iter().any(|&h| usize::from(h) == i);
    let on_board: Vec<bool> = (0..layout.len())
        .map(|i| pos.on_board.get(i).copied().unwrap_or(false) && !is_held(i))
        .collect();
    let cover = (0..layout.len())
        .map(|i| {
            let above = layout.above(i as TileId);
            above.iter().filter(|&&a| on_board[usize::from(a)]).count() as u16
        })
        .collect();
    let held = pos
        .held
        .iter()
        .filter_map(|&h| layout.tile(h).map(|t| (Some(h), t.kind)))
        .collect();
    let node = Node {
        on_board,
        cover,
        held,
        tray: pos.tray.to_vec(),
        tray_ids: (0..pos.tray.len())
            .map(|i| tray_ids.get(i).copied().flatten())
            .collect(),
        move_outs,
    };
    let mut order: Vec<TileId> = (0..layout.len() as TileId).collect();
    order.sort_by_key(|&t| std::cmp::Reverse(layout.tiles()[usize::from(t)].z));
    let mut search = PropSearch {
        layout,
        capacity: pos.capacity,
        nodes: 0,
        max_nodes,
        next_poll: POLL_NODES,
        dead: HashSet::new(),
        line: Vec::new(),
        order,
        interrupt,
    };
    let line = match search.run(&node) {
        Outcome::Win => PropLine::Winnable(search.line),
        Outcome::Dead => PropLine::Unwinnable,
        Outcome::OutOfBudget => PropLine::Unknown,
    };
    (line, search.nodes)
}

/// A plan for `pos` with at most `move_outs` move-outs: first the fast no-prop search
/// (its line, when it wins, uses none), then, when that proved the position lost without
/// props and move-outs are allowed, the search with move-outs on the nodes left. Same
/// arguments as [`line_with_move_outs`].
pub fn plan_with_move_outs(
    pos: &Position,
    tray_ids: &[Option<TileId>],
    move_outs: u8,
    max_nodes: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> PropLine {
    plan_with_stats(pos, tray_ids, move_outs, max_nodes, interrupt).0
}

/// As [`plan_with_move_outs`], also giving the nodes spent by both searches. Anytime, as
/// both are: the search with move-outs starts after the no-prop search's every node (main,
/// refutation and backward: [`super::StackSolveStats::total_nodes`]), so at the same node
/// whatever the budget. (Until 2026-12-05 it started after the main search's nodes only,
/// and ran after an undecided no-prop search too, on nodes the refutation and the backward
/// search had already spent: a larger budget moved its start and its answer.)
pub fn plan_with_stats(
    pos: &Position,
    tray_ids: &[Option<TileId>],
    move_outs: u8,
    max_nodes: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> (PropLine, u64) {
    let (plain, stats) = super::solve_with_stats(pos, Budget::nodes(max_nodes), interrupt);
    let spent = stats.total_nodes();
    match plain {
        StackVerdict::Winnable(line) => (
            PropLine::Winnable(line.into_iter().map(FirstStep::Take).collect()),
            spent,
        ),
        StackVerdict::Unwinnable if move_outs == 0 => (PropLine::Unwinnable, spent),
        // the budget is spent, or the interrupt fired
        StackVerdict::Unknown => (PropLine::Unknown, spent),
        StackVerdict::Unwinnable => {
            let left = max_nodes.saturating_sub(spent);
            let (line, nodes) = line_with_stats(pos, tray_ids, move_outs, left, interrupt);
            (line, spent + nodes)
        }
    }
}

impl PropSearch<'_> {
    /// Decides `node`; on a win `line` ends with the rest of the winning line.
    fn run(&mut self, node: &Node) -> Outcome {
        if self.nodes >= self.max_nodes {
            return Outcome::OutOfBudget;
        }
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_NODES;
            if (self.interrupt)() {
                self.max_nodes = 0;
                return Outcome::OutOfBudget;
            }
        }
        let key = self.key(node);
        if self.dead.contains(&key) {
            return Outcome::Dead;
        }
        if node.move_outs == 0 {
            let out = self.tail(node);
            if out == Outcome::Dead {
                self.dead.insert(key);
            }
            return out;
        }
        // The node budget is shared by the whole search (and the interrupt sets it to
        // zero), so once a child runs out of it every later child would too: stop at
        // once instead of building each sibling's state only to give up on it.
        if node.held.is_empty() && !node.tray.is_empty() {
            let mut next = node.clone();
            let n = next.tray.len().min(HOLD_SLOTS);
            let ids: Vec<Option<TileId>> = next.tray_ids.drain(..n).collect();
            next.held = ids.into_iter().zip(next.tray.drain(..n)).collect();
            next.move_outs -= 1;
            match self.step(FirstStep::MoveOut, &next) {
                Outcome::Win => return Outcome::Win,
                Outcome::OutOfBudget => return Outcome::OutOfBudget,
                Outcome::Dead => {}
            }
        }
        let mut seen_held = Vec::new();
        for h in 0..node.held.len() {
            let (id, kind) = node.held[h];
            if seen_held.contains(&kind) {
                continue;
            }
            seen_held.push(kind);
            let Some(mut next) = self.after_take(node, kind, id) else {
                continue;
            };
            next.held.remove(h);
            match self.step(FirstStep::Take(id.unwrap_or(TileId::MAX)), &next) {
                Outcome::Win => return Outcome::Win,
                Outcome::OutOfBudget => return Outcome::OutOfBudget,
                Outcome::Dead => {}
            }
        }
        for i in 0..self.order.len() {
            let t = usize::from(self.order[i]);
            if !node.on_board[t] || node.cover[t] != 0 {
                continue;
            }
            let kind = self.layout.tiles()[t].kind;
            let Some(mut next) = self.after_take(node, kind, Some(t as TileId)) else {
                continue;
            };
            next.on_board[t] = false;
            for &b in self.layout.below(t as TileId) {
                next.cover[usize::from(b)] -= 1;
            }
            match self.step(FirstStep::Take(t as TileId), &next) {
                Outcome::Win => return Outcome::Win,
                Outcome::OutOfBudget => return Outcome::OutOfBudget,
                Outcome::Dead => {}
            }
        }
        self.dead.insert(key);
        Outcome::Dead
    }

    /// Searches `next`, reached by `step`, keeping `step` on the line if it wins.
    fn step(&mut self, step: FirstStep, next: &Node) -> Outcome {
        self.line.push(step);
        let out = self.run(next);
        if out != Outcome::Win {
            self.line.pop();
        }
        out
    }

    /// `node` with tile `id` of `kind` put in the tray, or `None` if that fills it.
    fn after_take(&self, node: &Node, kind: u16, id: Option<TileId>) -> Option<Node> {
        let mut next = node.clone();
        let same = next.tray.iter().filter(|&&k| k == kind).count();
        if same == 2 {
            let keep: Vec<bool> = next.tray.iter().map(|&k| k != kind).collect();
            let mut i = 0;
            next.tray_ids.retain(|_| {
                i += 1;
                keep[i - 1]
            });
            next.tray.retain(|&k| k != kind);
        } else if next.tray.len() + 1 >= usize::from(self.capacity) {
            return None;
        } else {
            let at = next
                .tray
                .iter()
                .rposition(|&k| k == kind)
                .map_or(next.tray.len(), |p| p + 1);
            next.tray.insert(at, kind);
            next.tray_ids.insert(at, id);
        }
        Some(next)
    }

    /// No move-out left: the fast no-prop search decides.
    fn tail(&mut self, node: &Node) -> Outcome {
        let held: Vec<(TileId, u16)> = node
            .held
            .iter()
            .map(|&(id, k)| (id.unwrap_or(TileId::MAX), k))
            .collect();
        let Ok(st) = State::build(
            self.layout,
            &node.on_board,
            &held,
            &node.tray,
            self.capacity,
        ) else {
            return Outcome::Dead;
        };
        let left = self.max_nodes.saturating_sub(self.nodes);
        let interrupt = &mut *self.interrupt;
        let mut search = Search::new(st, left, interrupt);
        let out = search.run();
        self.nodes += search.nodes;
        if out == Outcome::Win {
            let ids = &search.st.ids;
            let tail = search
                .path
                .iter()
                .map(|&c| FirstStep::Take(ids[usize::from(c)]));
            self.line.extend(tail);
        }
        if out == Outcome::OutOfBudget && search.nodes < left {
            // The interrupt fired inside the tail: stop everything.
            self.max_nodes = 0;
        }
        out
    }

    /// The state as a memo key: board bits, then held kinds (sorted), tray kinds in
    /// order and move-outs left.
    fn key(&self, node: &Node) -> Vec<u64> {
        let mut key = vec![0u64; node.on_board.len().div_ceil(64)];
        for (i, &b) in node.on_board.iter().enumerate() {
            if b {
                key[i / 64] |= 1 << (i % 64);
            }
        }
        let mut held: Vec<u64> = node.held.iter().map(|&(_, k)| u64::from(k)).collect();
        held.sort_unstable();
        key.push(u64::MAX);
        key.extend(held);
        key.push(u64::MAX);
        key.extend(node.tray.iter().map(|&k| u64::from(k)));
        key.push(u64::from(node.move_outs));
        key
    }
}
