//! Lines that may use move-outs (暂存), for the hint when no line without props exists.
//! A plain depth-first search over the full state (board, holding row, the tray in
//! order, move-outs left) with a memo of dead states; once no move-out can be used any
//! more, the rest is decided by the fast no-prop search. Only used on positions the
//! no-prop search proved unwinnable, under the caller's node budget.

use std::collections::HashSet;

use super::search::{Outcome, Search};
use super::state::State;
use super::Position;
use crate::stack::geometry::{Layout, TileId};
use crate::stack::types::HOLD_SLOTS;

/// The first step of a winning line that uses a move-out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstStep {
    Take(TileId),
    MoveOut,
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
    move_outs: u8,
}

struct PropSearch<'a> {
    layout: &'a Layout,
    capacity: u8,
    nodes: u64,
    max_nodes: u64,
    dead: HashSet<Vec<u64>>,
}

/// Whether `pos` can be won using at most `move_outs` move-outs (none for shuffle).
/// `max_nodes` bounds the whole search, the no-prop tails included.
pub fn win_with_move_outs(pos: &Position, move_outs: u8, max_nodes: u64) -> PropVerdict {
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
        move_outs,
    };
    let mut search = PropSearch {
        layout,
        capacity: pos.capacity,
        nodes: 0,
        max_nodes,
        dead: HashSet::new(),
    };
    match search.run(&node) {
        (Outcome::Win, Some(step)) => PropVerdict::Winnable(step),
        (Outcome::Win, None) => PropVerdict::Unknown,
        (Outcome::Dead, _) => PropVerdict::Unwinnable,
        (Outcome::OutOfBudget, _) => PropVerdict::Unknown,
    }
}

impl PropSearch<'_> {
    /// Decides `node`; on a win also names its first step (`None`: already won).
    fn run(&mut self, node: &Node) -> (Outcome, Option<FirstStep>) {
        if self.nodes >= self.max_nodes {
            return (Outcome::OutOfBudget, None);
        }
        self.nodes += 1;
        let key = self.key(node);
        if self.dead.contains(&key) {
            return (Outcome::Dead, None);
        }
        if node.move_outs == 0 {
            let out = self.tail(node);
            if out == Outcome::Dead {
                self.dead.insert(key);
            }
            return (out, None);
        }
        let mut out_of_budget = false;
        if node.held.is_empty() && !node.tray.is_empty() {
            let mut next = node.clone();
            let n = next.tray.len().min(HOLD_SLOTS);
            next.held = next.tray.drain(..n).map(|k| (None, k)).collect();
            next.move_outs -= 1;
            match self.run(&next).0 {
                Outcome::Win => return (Outcome::Win, Some(FirstStep::MoveOut)),
                Outcome::OutOfBudget => out_of_budget = true,
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
            let Some(mut next) = self.after_take(node, kind) else {
                continue;
            };
            next.held.remove(h);
            match self.run(&next).0 {
                // Only the root's step is used, and there every held tile has its id.
                Outcome::Win => return (Outcome::Win, id.map(FirstStep::Take)),
                Outcome::OutOfBudget => out_of_budget = true,
                Outcome::Dead => {}
            }
        }
        for t in 0..node.on_board.len() {
            if !node.on_board[t] || node.cover[t] != 0 {
                continue;
            }
            let kind = self.layout.tiles()[t].kind;
            let Some(mut next) = self.after_take(node, kind) else {
                continue;
            };
            next.on_board[t] = false;
            for &b in self.layout.below(t as TileId) {
                next.cover[usize::from(b)] -= 1;
            }
            match self.run(&next).0 {
                Outcome::Win => return (Outcome::Win, Some(FirstStep::Take(t as TileId))),
                Outcome::OutOfBudget => out_of_budget = true,
                Outcome::Dead => {}
            }
        }
        if out_of_budget {
            return (Outcome::OutOfBudget, None);
        }
        self.dead.insert(key);
        (Outcome::Dead, None)
    }

    /// `node` with a tile of `kind` put in the tray, or `None` if that fills it.
    fn after_take(&self, node: &Node, kind: u16) -> Option<Node> {
        let mut next = node.clone();
        let same = next.tray.iter().filter(|&&k| k == kind).count();
        if same == 2 {
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
        let mut never = || false;
        let mut search = Search::new(st, left, &mut never);
        let out = search.run();
        self.nodes += search.nodes;
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
