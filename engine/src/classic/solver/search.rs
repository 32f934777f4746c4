//! The search state (tiles left, committed pairings, the board), the closure and the
//! depth-first search over pairings. See the module notes in `mod.rs`.

use std::collections::HashSet;

use super::dead::Scratch;
use super::{Budget, SolveStats};
use crate::classic::board::{Board, Kind, Pos};

/// Most words of memo keys kept, bounding memory on huge boards (about 64 MB).
const MEMO_WORDS: usize = 8 << 20;
/// Largest link cache, in entries (16 bytes each).
const LINK_CACHE_MAX: usize = 1 << 22;
/// On the first-choice line of the search, the dead-position test runs every this many levels.
const PRUNE_EVERY: usize = 4;
/// Interrupt polling period, in nodes.
const POLL_EVERY: u64 = 1024;
/// Calls allowed when trying to clear a kind's open tiles on their own (exhaustive for 8
/// tiles or fewer in practice; beyond, a failure only means "not known safe").
const CLEAR_KIND_STEPS: u32 = 256;
/// No mate: the tile is open (not yet committed to a pair).
pub(super) const NONE: u32 = u32::MAX;

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
    path_base: usize,
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
    pub(super) board: Board,
    /// Tile index → position and kind (as on the board).
    pub(super) pos: Vec<Pos>,
    kind: Vec<Kind>,
    /// Tile index → dense kind (index into `kinds`).
    dense: Vec<u32>,
    /// Dense kind → its tiles' indices (row-major); how many are still on the board, and
    /// how many of those are open.
    pub(super) kinds: Vec<Vec<u32>>,
    pub(super) left: Vec<u32>,
    open: Vec<u32>,
    /// Tile → the tile it is committed to go with, or `NONE`.
    pub(super) mate: Vec<u32>,
    /// Committed pairs, as their lower tile, in the order made (for undoing).
    commits: Vec<u32>,
    /// Tiles still on the board, a bit per tile index.
    alive: Vec<u64>,
    /// Moves made so far, as tile indices.
    path: Vec<(u32, u32)>,
    dead: HashSet<Box<[u64]>>,
    memo_words: usize,
    nodes: u64,
    budget: Budget,
    interrupt: &'i mut dyn FnMut() -> bool,
    /// Link answers stamped with the board version they hold for; the slot of (a, b) is
    /// `a * stride + rank[b]` (rank = index within its kind). Empty when too large.
    link_cache: Vec<(u64, bool)>,
    pub(super) stride: usize,
    pub(super) rank: Vec<u32>,
    /// Bumped on every change to the board through `apply`/`undo_to`.
    version: u64,
    /// Scratch space of the dead-position test.
    pub(super) scratch: Scratch,
    /// Banned pairs: a pairing found dead at a position stays dead in every position
    /// reached from it (see `ban_failed`). Per tile, its banned partners; and the stack of
    /// bans in the order made, for undoing.
    bans: Vec<Vec<u32>>,
    ban_stack: Vec<(u32, u32)>,
}

impl<'i> Search<'i> {
    pub(super) fn new(
        board: &Board,
        budget: Budget,
        interrupt: &'i mut dyn FnMut() -> bool,
    ) -> Search<'i> {
        let mut pos = Vec::new();
        let mut kind = Vec::new();
        let mut kinds: Vec<Vec<u32>> = Vec::new();
        let mut dense = Vec::new();
        for (k, ps) in board.tiles_by_kind() {
            let mut ids = Vec::with_capacity(ps.len());
            for p in ps {
                ids.push(pos.len() as u32);
                pos.push(p);
                kind.push(k);
                dense.push(kinds.len() as u32);
            }
            kinds.push(ids);
        }
        let n = pos.len();
        let mut alive = vec![0u64; n.div_ceil(64)];
        for i in 0..n {
            alive[i / 64] |= 1 << (i % 64);
        }
        let left: Vec<u32> = kinds.iter().map(|ts| ts.len() as u32).collect();
        let stride = kinds.iter().map(Vec::len).max().unwrap_or(0);
        let mut rank = vec![0u32; n];
        for ts in &kinds {
            for (i, &t) in ts.iter().enumerate() {
                rank[t as usize] = i as u32;
            }
        }
        let link_cache = match n.checked_mul(stride) {
            Some(size) if size <= LINK_CACHE_MAX => vec![(0, false); size],
            _ => Vec::new(),
        };
        Search {
            board: board.clone(),
            pos,
            kind,
            dense,
            open: left.clone(),
            left,
            kinds,
            mate: vec![NONE; n],
            commits: Vec::new(),
            alive,
            path: Vec::new(),
            dead: HashSet::new(),
            memo_words: 0,
            nodes: 0,
            budget,
            interrupt,
            scratch: Scratch::new(n, link_cache.len()),
            link_cache,
            stride,
            rank,
            version: 1,
            bans: vec![Vec::new(); n],
            ban_stack: Vec::new(),
        }
    }

    pub(super) fn has_odd_kind(&self) -> bool {
        self.kinds.iter().any(|ts| ts.len() % 2 == 1)
    }

    pub(super) fn stats(&self) -> SolveStats {
        SolveStats {
            nodes: self.nodes,
            memo: self.dead.len(),
        }
    }

    pub(super) fn certificate(&self) -> Vec<(Pos, Pos)> {
        self.path
            .iter()
            .map(|&(a, b)| (self.pos[a as usize], self.pos[b as usize]))
            .collect()
    }

    /// The first move of the first kind (in kind order) whose tiles can all go now.
    pub(super) fn first_safe_move(&mut self) -> Option<(Pos, Pos)> {
        for k in 0..self.kinds.len() {
            if self.left[k] > 0 && self.clear_open(k) {
                let &(a, b) = self.path.first()?;
                return Some((self.pos[a as usize], self.pos[b as usize]));
            }
        }
        None
    }

    #[inline]
    pub(super) fn is_alive(&self, t: u32) -> bool {
        self.alive[t as usize / 64] & (1 << (t % 64)) != 0
    }

    /// Takes tile `t` off the board (its position is valid by construction, so `set`
    /// cannot fail).
    pub(super) fn take(&mut self, t: u32) {
        let p = self.pos[t as usize];
        let _ = self.board.set(p, None);
    }

    pub(super) fn put(&mut self, t: u32) {
        let (p, k) = (self.pos[t as usize], self.kind[t as usize]);
        let _ = self.board.set(p, Some(k));
    }

    /// Removes the pair `a`, `b` (both open, or mates).
    fn apply(&mut self, a: u32, b: u32) {
        let k = self.dense_kind(a);
        for t in [a, b] {
            self.take(t);
            self.alive[t as usize / 64] &= !(1 << (t % 64));
        }
        self.left[k] -= 2;
        if self.mate[a as usize] == NONE {
            self.open[k] -= 2;
        }
        self.path.push((a, b));
        self.version += 1;
    }

    /// Commits the open tiles `a` and `b` to go together.
    fn commit(&mut self, a: u32, b: u32) {
        let k = self.dense_kind(a);
        self.mate[a as usize] = b;
        self.mate[b as usize] = a;
        self.open[k] -= 2;
        self.commits.push(a);
    }

    /// Undoes moves back to `path_len` moves, then commits back to `commit_len`. (Every
    /// tile committed after the mark is on the board again once the moves are undone.)
    fn undo_to(&mut self, path_len: usize, commit_len: usize) {
        while self.path.len() > path_len {
            let Some((a, b)) = self.path.pop() else {
                break;
            };
            for t in [a, b] {
                self.put(t);
                self.alive[t as usize / 64] |= 1 << (t % 64);
            }
            let k = self.dense_kind(a);
            self.left[k] += 2;
            if self.mate[a as usize] == NONE {
                self.open[k] += 2;
            }
            self.version += 1;
        }
        while self.commits.len() > commit_len {
            let Some(a) = self.commits.pop() else {
                break;
            };
            let b = self.mate[a as usize];
            self.mate[a as usize] = NONE;
            if let Some(m) = self.mate.get_mut(b as usize) {
                *m = NONE;
            }
            let k = self.dense_kind(a);
            self.open[k] += 2;
        }
    }

    #[inline]
    pub(super) fn dense_kind(&self, t: u32) -> usize {
        self.dense[t as usize] as usize
    }

    /// Whether tiles `a` and `b` (of one kind, both on the board) link on the board as it
    /// is, remembered until the board next changes.
    #[inline]
    pub(super) fn links(&mut self, a: u32, b: u32) -> bool {
        let slot = (a as usize)
            .checked_mul(self.stride)
            .map(|i| i + self.rank[b as usize] as usize);
        if let Some(&(v, known)) = slot.and_then(|i| self.link_cache.get(i)) {
            if v == self.version {
                return known;
            }
        }
        let known = self.cells_link(a, b);
        if let Some(entry) = slot.and_then(|i| self.link_cache.get_mut(i)) {
            *entry = (self.version, known);
        }
        known
    }

    /// Whether tiles `a` and `b` are known to link on the board as it is.
    #[inline]
    pub(super) fn known_link(&self, a: u32, b: u32) -> bool {
        let slot = (a as usize)
            .checked_mul(self.stride)
            .map(|i| i + self.rank[b as usize] as usize);
        slot.and_then(|i| self.link_cache.get(i))
            .is_some_and(|&(v, known)| known && v == self.version)
    }

    /// The open tiles of kind `k` still on the board.
    pub(super) fn open_of(&self, k: usize) -> Vec<u32> {
        self.kinds[k]
            .iter()
            .copied()
            .filter(|&t| self.is_alive(t) && self.mate[t as usize] == NONE)
            .collect()
    }

    /// Removes every open tile of kind `k` if that can be done now with moves among them
    /// alone (recording the moves); otherwise leaves the board as it was.
    fn clear_open(&mut self, k: usize) -> bool {
        let tiles = self.open_of(k);
        let mark = self.path.len();
        let mut steps = 0;
        if self.clear_tiles(&tiles, &mut steps) {
            true
        } else {
            let commits = self.commits.len();
            self.undo_to(mark, commits);
            false
        }
    }

    fn clear_tiles(&mut self, tiles: &[u32], steps: &mut u32) -> bool {
        if tiles.is_empty() {
            return true;
        }
        *steps += 1;
        if *steps > CLEAR_KIND_STEPS {
            return false;
        }
        let n = tiles.len();
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (tiles[i], tiles[j]);
                if !self.links(a, b) {
                    continue;
                }
                let mark = self.path.len();
                self.apply(a, b);
                let rest: Vec<u32> = tiles
                    .iter()
                    .copied()
                    .filter(|&t| t != a && t != b)
                    .collect();
                if self.clear_tiles(&rest, steps) {
                    return true;
                }
                let commits = self.commits.len();
                self.undo_to(mark, commits);
                if *steps > CLEAR_KIND_STEPS {
                    return false;
                }
            }
        }
        false
    }

    /// Applies the closure (committed pairs that link, forced pairings, safe moves) until
    /// nothing changes, visiting kinds round-robin until a full round changes nothing.
    /// Returns false when the position is found dead on the way.
    fn closure(&mut self) -> bool {
        let nk = self.kinds.len();
        let (mut k, mut quiet) = (0, 0);
        while quiet < nk {
            let changed = if self.left[k] > 0 {
                match self.step(k) {
                    Some(c) => c,
                    None => return false,
                }
            } else {
                false
            };
            if changed {
                // Look at the same kind again: it may have more to give.
                quiet = 0;
            } else {
                quiet += 1;
                k = (k + 1) % nk;
            }
        }
        true
    }

    /// One closure step on kind `k`: whether it changed anything, `None` if the position
    /// is dead (an open tile with no allowed partner, or the kind's open tiles can all go
    /// now but only through a banned pair: the position then solves only if a dead one
    /// does).
    fn step(&mut self, k: usize) -> Option<bool> {
        let mut changed = false;
        if self.open[k] < self.left[k] {
            for i in 0..self.kinds[k].len() {
                let t = self.kinds[k][i];
                let m = self.mate[t as usize];
                if m != NONE && t < m && self.is_alive(t) && self.links(t, m) {
                    self.apply(t, m);
                    changed = true;
                }
            }
        }
        if self.open[k] == 0 {
            return Some(changed);
        }
        // Clearing the open tiles needs a first pair that links now.
        let mark = self.path.len();
        if self.any_open_link(k) && self.clear_open(k) {
            if self.path[mark..].iter().any(|&(a, b)| self.banned(a, b)) {
                return None;
            }
            return Some(true);
        }
        // With four or more open tiles and no bans among them, every tile has several
        // allowed partners: nothing is forced.
        if self.open[k] > 2
            && self.kinds[k].iter().all(|&t| {
                !self.is_alive(t)
                    || self.mate[t as usize] != NONE
                    || self.bans[t as usize].is_empty()
            })
        {
            return Some(changed);
        }
        let tiles = self.open_of(k);
        for &t in &tiles {
            let mut allowed = tiles.iter().filter(|&&u| u != t && !self.banned(t, u));
            match (allowed.next(), allowed.next()) {
                (None, _) => return None,
                (Some(&u), None) => {
                    self.commit(t, u);
                    return Some(true);
                }
                _ => {}
            }
        }
        Some(changed)
    }

    fn ban(&mut self, a: u32, b: u32) {
        self.bans[a as usize].push(b);
        self.bans[b as usize].push(a);
        self.ban_stack.push((a, b));
    }

    /// Bans the pair of a branch found dead (every pairing holding it is dead, here and in
    /// every position reached from here: a solution there would give one here). When the
    /// kind has exactly four open tiles, the other two tiles' pair is banned too (the same
    /// pairing).
    fn ban_failed(&mut self, a: u32, b: u32) {
        self.ban(a, b);
        let k = self.dense_kind(a);
        if self.open[k] == 4 {
            let mut rest = self.open_of(k);
            rest.retain(|&t| t != a && t != b);
            if let [c, d] = rest[..] {
                if !self.banned(c, d) {
                    self.ban(c, d);
                }
            }
        }
    }

    fn unban_to(&mut self, len: usize) {
        while self.ban_stack.len() > len {
            let Some((a, b)) = self.ban_stack.pop() else {
                break;
            };
            self.bans[a as usize].pop();
            self.bans[b as usize].pop();
        }
    }

    #[inline]
    pub(super) fn banned(&self, a: u32, b: u32) -> bool {
        self.bans[a as usize].contains(&b)
    }

    /// The memo key of the current position: the remaining tiles, then the committed pairs
    /// of kinds with four or more tiles left.
    fn key(&self) -> Box<[u64]> {
        let mut key = self.alive.clone();
        for (k, ts) in self.kinds.iter().enumerate() {
            if self.left[k] < 4 || self.open[k] == self.left[k] {
                continue;
            }
            for &t in ts {
                let m = self.mate[t as usize];
                if m != NONE && t < m && self.is_alive(t) {
                    key.push(u64::from(t) << 32 | u64::from(m));
                }
            }
        }
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
    fn enter(&mut self, path_base: usize, commit_base: usize, stack: &mut Vec<Frame>) -> Entered {
        if self.nodes >= self.budget.max_nodes {
            return Entered::OutOfBudget;
        }
        self.nodes += 1;
        if self.nodes % POLL_EVERY == 1 && (self.interrupt)() {
            return Entered::OutOfBudget;
        }
        if !self.closure() {
            self.undo_to(path_base, commit_base);
            return Entered::Dead;
        }
        if self.left.iter().all(|&l| l == 0) {
            return Entered::Solved;
        }
        let key = self.key();
        if self.dead.contains(&key) {
            self.undo_to(path_base, commit_base);
            return Entered::Dead;
        }
        let branch = self.choose();
        // The dead-position test costs most of a node: run it where dead ends are likely
        // (after a sibling failed) and, elsewhere, every few levels.
        let test =
            stack.last().is_none_or(|f| f.next > 1) || stack.len().is_multiple_of(PRUNE_EVERY);
        let Some((tile, partners)) = branch.filter(|_| !(test && self.provably_dead())) else {
            self.remember_dead(key);
            self.undo_to(path_base, commit_base);
            return Entered::Dead;
        };
        stack.push(Frame {
            path_base,
            commit_base,
            ban_len: self.ban_stack.len(),
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
                let (path_mark, commit_mark) = (self.path.len(), self.commits.len());
                if u != NONE {
                    self.commit(t, u);
                }
                match self.enter(path_mark, commit_mark, &mut stack) {
                    Entered::Solved => return Outcome::Solved,
                    Entered::OutOfBudget => return Outcome::OutOfBudget,
                    Entered::Dead if u != NONE => self.ban_failed(t, u),
                    Entered::Dead | Entered::Pushed => {}
                }
            } else if let Some(frame) = stack.pop() {
                self.remember_dead(frame.key);
                self.unban_to(frame.ban_len);
                self.undo_to(frame.path_base, frame.commit_base);
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
