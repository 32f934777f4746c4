//! The depth-first search over pairings, its memo of dead positions and its bans. See the
//! module notes in `mod.rs`.

use std::collections::HashSet;

use super::branch::choose;
use super::closure::{close, first_safe_move};
use super::dead::DeadTest;
use super::nogood::{Cover, Nogoods};
use super::position::{Position, NONE};
use super::{Budget, SolveStats};
use crate::classic::board::{Board, Pos};

/// Most words of memo keys kept, bounding memory on huge boards (about 64 MB).
const MEMO_WORDS: usize = 8 << 20;
/// On the first-choice line of the search, the dead-position test runs every this many levels.
const PRUNE_EVERY: usize = 4;
/// Interrupt polling period, in nodes.
const POLL_EVERY: u64 = 1024;
/// Conflict activity: each dead end's bump grows by this factor, so older ones fade.
const ACTIVITY_GROWTH: f64 = 1.0 / 0.95;
/// Activities are scaled down past this, keeping them finite.
const ACTIVITY_MAX: f64 = 1e100;
/// Dead ends before the first restart; each later run allows half as many again.
const RESTART_FIRST: u64 = 100;

pub(super) enum Outcome {
    Solved,
    Dead,
    OutOfBudget,
}

/// What entering a position gave.
enum Entered {
    Solved,
    /// Dead, with the reason (see [`Levels`]).
    Dead(Levels),
    OutOfBudget,
    Pushed,
}

/// The reason of a dead end, as the search levels (depths on the stack, the root 0) of
/// the changes (moves, commits, bans) it rests on: every position on the current line
/// from the deepest of them down is dead too (conflict-directed backjumping). A dead end
/// whose reason is not known rests on every level up to its own.
#[derive(Clone, Default)]
struct Levels {
    bits: Vec<u64>,
}

impl Levels {
    fn insert(&mut self, l: u32) {
        let (w, b) = (l as usize / 64, l % 64);
        if self.bits.len() <= w {
            self.bits.resize(w + 1, 0);
        }
        self.bits[w] |= 1 << b;
    }

    /// Every level up to `l`.
    fn up_to(l: u32) -> Levels {
        (0..=l).collect()
    }

    fn union(&mut self, o: &Levels) {
        if self.bits.len() < o.bits.len() {
            self.bits.resize(o.bits.len(), 0);
        }
        for (a, b) in self.bits.iter_mut().zip(&o.bits) {
            *a |= b;
        }
    }

    /// Drops the levels from `l` on.
    fn below(mut self, l: u32) -> Levels {
        let (w, b) = (l as usize / 64, l % 64);
        if w < self.bits.len() {
            self.bits.truncate(w + 1);
            self.bits[w] &= (1u64 << b) - 1;
        }
        self
    }

    fn max(&self) -> Option<u32> {
        self.bits
            .iter()
            .enumerate()
            .rev()
            .find(|(_, &w)| w != 0)
            .map(|(i, &w)| i as u32 * 64 + 63 - w.leading_zeros())
    }
}

impl FromIterator<u32> for Levels {
    fn from_iter<I: IntoIterator<Item = u32>>(levels: I) -> Levels {
        let mut s = Levels::default();
        for l in levels {
            s.insert(l);
        }
        s
    }
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
    /// The reasons of its children's dead ends so far, without the children's own level.
    reason: Levels,
}

pub(super) struct Search<'i> {
    pos: Position<'i>,
    dead_test: DeadTest,
    /// Keys of positions found dead.
    dead: HashSet<Box<[u64]>>,
    /// Proofs of the dead-position test, kept.
    nogoods: Nogoods,
    memo_words: usize,
    /// Per dense kind, how much recent dead ends were about it, and what the next dead
    /// end adds (see [`bump`]).
    activity: Vec<f64>,
    bump: f64,
    /// Dead ends before the first restart (0: never restart).
    restart_first: u64,
    /// Restarts so far.
    restarts: u32,
    nodes: u64,
    budget: Budget,
}

impl<'i> Search<'i> {
    pub(super) fn new(
        board: &Board,
        budget: Budget,
        interrupt: &'i mut dyn FnMut() -> bool,
    ) -> Search<'i> {
        let mut pos = Position::new(board);
        pos.set_interrupt(interrupt);
        Search {
            activity: vec![0.0; pos.kind_count()],
            bump: 1.0,
            restarts: 0,
            // The activity only steers the choice on boards of kinds of four at most
            // (see `branch`): elsewhere a restart would only repeat the search.
            restart_first: if pos.largest_kind() <= 4 {
                RESTART_FIRST
            } else {
                0
            },
            dead_test: DeadTest::new(&pos),
            pos,
            dead: HashSet::new(),
            nogoods: Nogoods::default(),
            memo_words: 0,
            nodes: 0,
            budget,
        }
    }

    /// Restarts after `n` dead ends first (0: never), for tests of the restarts.
    #[cfg(test)]
    pub(super) fn with_restart_first(mut self, n: u64) -> Search<'i> {
        self.restart_first = n;
        self
    }

    pub(super) fn has_odd_kind(&self) -> bool {
        self.pos.has_odd_kind()
    }

    pub(super) fn stats(&self) -> SolveStats {
        SolveStats {
            nodes: self.nodes,
            memo: self.dead.len(),
            link_checks: self.pos.work(),
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

    /// Bumps the activity of the kinds the last dead end's reason is about.
    fn bump_conflict(&mut self) {
        let kinds = self.dead_test.conflict().iter().map(|&k| k as usize);
        bump(&mut self.activity, &mut self.bump, kinds);
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
        if self.nodes % POLL_EVERY == 1 && self.pos.poll() {
            return Entered::OutOfBudget;
        }
        match self.expand(moves_base, commit_base, stack) {
            // A halt makes link checks fail, so a dead end found after it is not one (a
            // win is: its moves all linked).
            Entered::Solved => Entered::Solved,
            _ if self.pos.halted() => Entered::OutOfBudget,
            entered => entered,
        }
    }

    /// [`Search::enter`]'s work: the closure, the memo, kept cores, the branch choice
    /// and the dead-position test.
    fn expand(&mut self, moves_base: usize, commit_base: usize, stack: &mut Vec<Frame>) -> Entered {
        let level = stack.len() as u32;
        if !close(&mut self.pos) {
            self.pos.undo_to(moves_base, commit_base);
            return Entered::Dead(Levels::up_to(level));
        }
        if self.pos.remaining() == 0 {
            return Entered::Solved;
        }
        let key = self.key();
        if self.dead.contains(&key) {
            self.pos.undo_to(moves_base, commit_base);
            return Entered::Dead(Levels::up_to(level));
        }
        if let Some(Cover { levels, pairs }) = self.nogoods.covering(&self.pos) {
            // The kept proof's kinds are what this dead end is about too.
            let mut kinds: Vec<usize> =
                pairs.iter().map(|&(t, _)| self.pos.dense_kind(t)).collect();
            kinds.dedup();
            bump(&mut self.activity, &mut self.bump, kinds);
            self.remember_dead(key);
            self.pos.undo_to(moves_base, commit_base);
            return Entered::Dead(levels.into_iter().collect());
        }
        let branch = choose(&mut self.pos, &self.activity);
        // The dead-position test costs most of a node: run it where dead ends are likely
        // (after a sibling failed) and, elsewhere, every few levels.
        // Once the search has restarted (a hard board) it runs at every node: each proof
        // found is kept and bumps the activities.
        let test = self.restarts > 0
            || stack.last().is_none_or(|f| f.next > 1)
            || stack.len().is_multiple_of(PRUNE_EVERY);
        let mut reason = Levels::up_to(level);
        // With nothing to branch on the position is dead; the test then gives the reason.
        let test = test || branch.is_none();
        let dead = test && self.dead_test.provably_dead(&mut self.pos);
        if let Some(levels) = self.dead_test.reason().filter(|_| dead) {
            reason = levels.iter().copied().collect();
            self.bump_conflict();
            let (core, pairs) = self.dead_test.proof();
            self.nogoods.learn(core.into(), pairs.into());
        }
        let branch = branch.filter(|_| !dead);
        let Some((tile, partners)) = branch else {
            self.remember_dead(key);
            self.pos.undo_to(moves_base, commit_base);
            return Entered::Dead(reason);
        };
        stack.push(Frame {
            moves_base,
            commit_base,
            ban_len: self.pos.ban_len(),
            key,
            tile,
            partners,
            next: 0,
            reason: Levels::default(),
        });
        Entered::Pushed
    }

    /// Forgets an exhausted (dead) frame: remembers its key, undoes its changes.
    fn pop_dead(&mut self, frame: Frame) {
        self.remember_dead(frame.key);
        self.pos.unban_to(frame.ban_len);
        self.pos.undo_to(frame.moves_base, frame.commit_base);
    }

    /// The node one level below the top frame died for `reason`. If the reason rests on
    /// that node's own level, the frame bans the branch and goes on; otherwise the
    /// reason holds at the frame's position too, which is dead: it is popped and its
    /// parent told the same, and so on up (skipping siblings that the dead end's reason
    /// does not depend on).
    fn child_died(&mut self, stack: &mut Vec<Frame>, reason: Levels) {
        while let Some(parent) = stack.last() {
            let y = (stack.len() - 1) as u32;
            if reason.max().is_some_and(|m| m > y) {
                let t = parent.tile;
                let last = parent.next.checked_sub(1);
                let u = last.and_then(|i| parent.partners.get(i)).copied();
                self.pos.set_level(y + 1);
                if let Some(u) = u.filter(|&u| u != NONE) {
                    self.ban_failed(t, u);
                }
                if let Some(top) = stack.last_mut() {
                    top.reason.union(&reason.below(y + 1));
                }
                return;
            }
            if let Some(frame) = stack.pop() {
                self.pop_dead(frame);
            }
        }
    }

    /// Enters the root position (again, after a restart).
    fn start(&mut self, stack: &mut Vec<Frame>) -> Option<Outcome> {
        self.pos.set_level(0);
        match self.enter(0, 0, stack) {
            Entered::Solved => Some(Outcome::Solved),
            Entered::Dead(_) => Some(Outcome::Dead),
            Entered::OutOfBudget => Some(Outcome::OutOfBudget),
            Entered::Pushed => None,
        }
    }

    /// Abandons every frame without remembering any as dead, back to the initial board.
    /// The root's bans are kept (each is a branch found dead from the root, so dead from
    /// the initial board too) and count as changes of level 0 from now on.
    fn unwind(&mut self, stack: &mut Vec<Frame>) {
        while let Some(frame) = stack.pop() {
            if !stack.is_empty() {
                self.pos.unban_to(frame.ban_len);
            }
            self.pos.undo_to(frame.moves_base, frame.commit_base);
        }
        self.pos.settle_bans();
    }

    /// Decides the position: a depth-first search that restarts from the initial board
    /// (keeping the memo, the kept cores, the root's bans and the activities) after
    /// `restart_first` dead ends, then after 1.5 times as many each time, so each run is
    /// longer than the last and the search stays complete.
    pub(super) fn run(&mut self) -> Outcome {
        let mut stack: Vec<Frame> = Vec::new();
        if let Some(o) = self.start(&mut stack) {
            return o;
        }
        let mut limit = self.restart_first;
        let mut dead_ends = 0u64;
        while let Some(top) = stack.last_mut() {
            if let Some(&u) = top.partners.get(top.next) {
                top.next += 1;
                let t = top.tile;
                let (moves_mark, commit_mark) = (self.pos.moves().len(), self.pos.commit_len());
                self.pos.set_level(stack.len() as u32);
                if u != NONE {
                    self.pos.commit(t, u);
                }
                match self.enter(moves_mark, commit_mark, &mut stack) {
                    Entered::Solved => return Outcome::Solved,
                    Entered::OutOfBudget => return Outcome::OutOfBudget,
                    Entered::Dead(reason) => {
                        dead_ends += 1;
                        self.child_died(&mut stack, reason);
                    }
                    Entered::Pushed => {}
                }
            } else if let Some(frame) = stack.pop() {
                let reason = frame.reason.clone();
                self.pop_dead(frame);
                self.child_died(&mut stack, reason);
            }
            if limit > 0 && dead_ends >= limit && !stack.is_empty() {
                self.unwind(&mut stack);
                dead_ends = 0;
                limit += limit.div_ceil(2);
                self.restarts += 1;
                if let Some(o) = self.start(&mut stack) {
                    return o;
                }
            }
        }
        Outcome::Dead
    }
}

/// Adds `amount` to the activity of each of `kinds` (VSIDS-like: the amount grows with
/// each dead end, so later dead ends weigh more and older ones fade), rescaling all when
/// it grows too large.
fn bump(activity: &mut [f64], amount: &mut f64, kinds: impl IntoIterator<Item = usize>) {
    for k in kinds {
        if let Some(a) = activity.get_mut(k) {
            *a += *amount;
        }
    }
    *amount *= ACTIVITY_GROWTH;
    if *amount > ACTIVITY_MAX {
        for a in activity.iter_mut() {
            *a /= ACTIVITY_MAX;
        }
        *amount /= ACTIVITY_MAX;
    }
}
