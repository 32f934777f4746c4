//! The depth-first search over pairings, its memo of dead positions and its bans. See the
//! module notes in `mod.rs`.

use std::collections::HashSet;

use super::branch::choose;
use super::closure::{close, first_safe_move};
use super::dead::DeadTest;
use super::position::{Position, NONE};
use super::{Budget, SolveStats};
use crate::classic::board::{Board, Pos};

/// Most words of memo keys kept, bounding memory on huge boards (about 64 MB).
const MEMO_WORDS: usize = 8 << 20;
/// On the first-choice line of the search, the dead-position test runs every this many levels.
const PRUNE_EVERY: usize = 4;
/// Interrupt polling period, in nodes.
const POLL_EVERY: u64 = 1024;

pub(super) enum Outcome {
    Solved,
    Dead,
    OutOfBudget,
}

/// What entering a position gave.
enum Entered {
    Solved,
    Dead,
    OutOfBudget,
    Pushed,
}

/// An open position on the depth-first stack.
struct Frame {
    /// Lengths of the move list and of the commit stack before the branch that led here.
    moves_base: usize,
    commit_base: usize,
    /// Length of the ban stack when the position was entered.
    ban_len: usize,
    /// The position's key (after the closure), remembered as dead when exhausted.
    key: Box<[u64]>,
    /// The tile branched on, its partners in the order tried (`NONE` last: none of those,
    /// the kind stays open with them banned), and the next to try.
    tile: u32,
    partners: Vec<u32>,
    next: usize,
}

pub(super) struct Search<'i> {
    pos: Position,
    dead_test: DeadTest,
    /// Keys of positions found dead.
    dead: HashSet<Box<[u64]>>,
    memo_words: usize,
    nodes: u64,
    budget: Budget,
    interrupt: &'i mut dyn FnMut() -> bool,
}

impl<'i> Search<'i> {
    pub(super) fn new(
        board: &Board,
        budget: Budget,
        interrupt: &'i mut dyn FnMut() -> bool,
    ) -> Search<'i> {
        let pos = Position::new(board);
        Search {
            dead_test: DeadTest::new(&pos),
            pos,
            dead: HashSet::new(),
            memo_words: 0,
            nodes: 0,
            budget,
            interrupt,
        }
    }

    pub(super) fn has_odd_kind(&self) -> bool {
        self.pos.has_odd_kind()
    }

    pub(super) fn stats(&self) -> SolveStats {
        SolveStats {
            nodes: self.nodes,
            memo: self.dead.len(),
        }
    }

    pub(super) fn certificate(&self) -> Vec<(Pos, Pos)> {
        self.pos.certificate()
    }

    /// The first move of the first kind (in kind order) whose tiles can all go now.
    pub(super) fn first_safe_move(&mut self) -> Option<(Pos, Pos)> {
        let (a, b) = first_safe_move(&mut self.pos)?;
        Some((self.pos.pos(a), self.pos.pos(b)))
    }

    /// Bans the pair of a branch found dead (every pairing holding it is dead, here and in
    /// every position reached from here: a solution there would give one here). When the
    /// kind has exactly four open tiles, the other two tiles' pair is banned too (the same
    /// pairing).
    fn ban_failed(&mut self, a: u32, b: u32) {
        let p = &mut self.pos;
        p.ban(a, b);
        let k = p.dense_kind(a);
        if p.open(k) == 4 {
            let mut rest = p.open_of(k);
            rest.retain(|&t| t != a && t != b);
            if let [c, d] = rest[..] {
                if !p.banned(c, d) {
                    p.ban(c, d);
                }
            }
        }
    }

    /// The memo key of the current position: the remaining tiles, then the committed pairs
    /// of kinds with four or more tiles left.
    fn key(&self) -> Box<[u64]> {
        let mut key = self.pos.alive_bits().to_vec();
        key.extend(self.pos.binding_commits());
        key.into_boxed_slice()
    }

    fn remember_dead(&mut self, key: Box<[u64]>) {
        if self.memo_words + key.len() <= MEMO_WORDS {
            self.memo_words += key.len();
            self.dead.insert(key);
        }
    }

    /// Enters the position reached after the branch that started at the marks: applies the
    /// closure and either decides it or pushes it as a frame. On `Dead` the state is back
    /// at the marks.
    fn enter(&mut self, moves_base: usize, commit_base: usize, stack: &mut Vec<Frame>) -> Entered {
        if self.nodes >= self.budget.max_nodes {
            return Entered::OutOfBudget;
        }
        self.nodes += 1;
        if self.nodes % POLL_EVERY == 1 && (self.interrupt)() {
            return Entered::OutOfBudget;
        }
        if !close(&mut self.pos) {
            self.pos.undo_to(moves_base, commit_base);
            return Entered::Dead;
        }
        if self.pos.remaining() == 0 {
            return Entered::Solved;
        }
        let key = self.key();
        if self.dead.contains(&key) {
            self.pos.undo_to(moves_base, commit_base);
            return Entered::Dead;
        }
        let branch = choose(&mut self.pos);
        // The dead-position test costs most of a node: run it where dead ends are likely
        // (after a sibling failed) and, elsewhere, every few levels.
        let test =
            stack.last().is_none_or(|f| f.next > 1) || stack.len().is_multiple_of(PRUNE_EVERY);
        let branch = branch.filter(|_| !(test && self.dead_test.provably_dead(&mut self.pos)));
        let Some((tile, partners)) = branch else {
            self.remember_dead(key);
            self.pos.undo_to(moves_base, commit_base);
            return Entered::Dead;
        };
        stack.push(Frame {
            moves_base,
            commit_base,
            ban_len: self.pos.ban_len(),
            key,
            tile,
            partners,
            next: 0,
        });
        Entered::Pushed
    }

    pub(super) fn run(&mut self) -> Outcome {
        let mut stack: Vec<Frame> = Vec::new();
        match self.enter(0, 0, &mut stack) {
            Entered::Solved => return Outcome::Solved,
            Entered::Dead => return Outcome::Dead,
            Entered::OutOfBudget => return Outcome::OutOfBudget,
            Entered::Pushed => {}
        }
        while let Some(top) = stack.last_mut() {
            if let Some(&u) = top.partners.get(top.next) {
                top.next += 1;
                let t = top.tile;
                let (moves_mark, commit_mark) = (self.pos.moves().len(), self.pos.commit_len());
                if u != NONE {
                    self.pos.commit(t, u);
                }
                match self.enter(moves_mark, commit_mark, &mut stack) {
                    Entered::Solved => return Outcome::Solved,
                    Entered::OutOfBudget => return Outcome::OutOfBudget,
                    Entered::Dead if u != NONE => self.ban_failed(t, u),
                    Entered::Dead | Entered::Pushed => {}
                }
            } else if let Some(frame) = stack.pop() {
                self.remember_dead(frame.key);
                self.pos.unban_to(frame.ban_len);
                self.pos.undo_to(frame.moves_base, frame.commit_base);
                if let Some(parent) = stack.last() {
                    let last = parent.next.checked_sub(1);
                    if let Some(&u) = last.and_then(|i| parent.partners.get(i)) {
                        if u != NONE {
                            let t = parent.tile;
                            self.ban_failed(t, u);
                        }
                    }
                }
            }
        }
        Outcome::Dead
    }
}
