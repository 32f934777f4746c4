//! The exact solver: decides whether every tile can be removed, and if so gives the
//! removal order as a certificate.
//!
//! Deciding solvability is NP-complete (IEICE Trans. E95.D(11), 2012; de Bondt,
//! arXiv:2010.09014), so this is a depth-first search over positions; it is made fast on
//! typical boards by the structure of the game. There is no gravity, so removing a tile
//! never blocks a path. Hence:
//!
//! * **Safe moves.** If the remaining tiles of one kind can all be removed now, using only
//!   moves of that kind, then doing so first never turns a solvable position into an
//!   unsolvable one: replaying any solution with those moves taken out, every other move
//!   meets a subset of the tiles it met before. Safe moves are applied to a fixpoint
//!   without branching (the fixpoint does not depend on the order).
//! * **Dead positions.** A tile can only ever be removed together with a tile of its kind
//!   when every tile removed before is gone. Growing the set of tiles that could possibly
//!   be removed (a tile joins when it links to a same-kind tile with the whole set taken
//!   off the board) over-approximates every tile any solution removes; a tile left out
//!   proves the position dead. This catches crossed deadlocks such as AB/BA. Banned pairs
//!   (below) may not be used. The test runs after a sibling move failed, and every few
//!   levels otherwise.
//! * **Memo.** Dead positions (after the safe fixpoint) are remembered keyed on the exact
//!   set of remaining tiles, a bitset over the initial tiles.
//! * **Bans (sleep sets).** A move found dead at a position stays dead in every position
//!   reached from it by other moves (it remains playable, and playing it first would reach
//!   a descendant of the dead position), so later siblings' subtrees never play it. For a
//!   kind with four tiles left, the complementary pair is banned too (same pairing). A tile
//!   whose every partner is banned proves the position dead; a tile with a single allowed
//!   partner must go with it, a safe move when they link.
//! * **Move order.** Branch moves are tried best first: the one whose kind's other two
//!   tiles (the pair it commits them to) lie closest together.
//!
//! The engine has no clock: the search is bounded by a node count and an interrupt the
//! caller supplies; running out gives [`Verdict::Unknown`]. The search is iterative, so
//! large boards cannot overflow the stack.

use std::collections::HashSet;

use serde::Serialize;

use crate::board::{Board, Kind, Pos};

/// How much search a caller allows. The engine has no clock: a budget is a node count, plus
/// an optional interrupt the caller polls (the CLI uses it for --budget-ms).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Positions the search may expand before giving up with [`Verdict::Unknown`].
    pub max_nodes: u64,
}

impl Budget {
    /// Enough to decide practically every 18×8 board: typical ones need a few dozen
    /// nodes, the hardest of the 1,000-board benchmark set some tens of thousands.
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
}

/// Decides whether `board` can be cleared, within `budget`.
pub fn solve(board: &Board, budget: Budget) -> Verdict {
    solve_with_interrupt(board, budget, &mut || false)
}

/// As [`solve`], polling `interrupt` about every 1,000 nodes; when it returns true the
/// search stops with [`Verdict::Unknown`].
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
    if s.kinds.iter().any(|ts| ts.len() % 2 == 1) {
        return (Verdict::Unsolvable, SolveStats::default());
    }
    let verdict = match s.run() {
        Outcome::Solved => Verdict::Solvable(s.certificate()),
        Outcome::Dead => Verdict::Unsolvable,
        Outcome::OutOfBudget => Verdict::Unknown,
    };
    let stats = SolveStats {
        nodes: s.nodes,
        memo: s.dead.len(),
    };
    (verdict, stats)
}

/// A move that can be made now and is safe (part of removing a whole kind that can be
/// removed now), or `None`. The first such move in kind order, deterministic.
pub(crate) fn first_safe_move(board: &Board) -> Option<(Pos, Pos)> {
    let mut never = || false;
    let mut s = Search::new(board, Budget::nodes(0), &mut never);
    for k in 0..s.kinds.len() {
        if s.left[k] > 0 && s.clear_kind(k) {
            let &(a, b) = s.path.first()?;
            return Some((s.pos[a as usize], s.pos[b as usize]));
        }
    }
    None
}

/// Most words of memo keys kept, bounding memory on huge boards (about 64 MB).
const MEMO_WORDS: usize = 8 << 20;
/// Largest link cache, in entries (16 bytes each).
const LINK_CACHE_MAX: usize = 1 << 22;
/// On the first-choice line of the search, the dead-position test runs every this many levels.
const PRUNE_EVERY: usize = 4;
/// Interrupt polling period, in nodes.
const POLL_EVERY: u64 = 1024;
/// Calls allowed when trying to clear one kind on its own (exhaustive for 8 tiles or fewer
/// in practice; beyond, a failure to find an order only means "not known safe").
const CLEAR_KIND_STEPS: u32 = 256;

enum Outcome {
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
    /// Length of the move list before the branch move that led here.
    base: usize,
    /// Length of the ban stack when the position was entered.
    ban_len: usize,
    /// The position's key (after the safe fixpoint), remembered as dead when exhausted.
    key: Box<[u64]>,
    /// Branch moves, best first, and the next to try.
    moves: Vec<(u32, u32)>,
    next: usize,
}

struct Search<'i> {
    board: Board,
    /// Tile index → position and kind (as on the board).
    pos: Vec<Pos>,
    kind: Vec<Kind>,
    /// Tile index → dense kind (index into `kinds`).
    dense: Vec<u32>,
    /// Dense kind → its tiles' indices (row-major), and how many are still on the board.
    kinds: Vec<Vec<u32>>,
    left: Vec<u32>,
    /// Tiles still on the board, a bit per tile index.
    alive: Vec<u64>,
    /// Moves made so far (safe and branch), as tile indices.
    path: Vec<(u32, u32)>,
    dead: HashSet<Box<[u64]>>,
    memo_words: usize,
    nodes: u64,
    budget: Budget,
    interrupt: &'i mut dyn FnMut() -> bool,
    /// Link answers stamped with the board version they hold for; the slot of (a, b) is
    /// `a * stride + rank[b]` (rank = index within its kind). Empty when too large.
    link_cache: Vec<(u64, bool)>,
    stride: usize,
    rank: Vec<u32>,
    /// Bumped on every change to the board through `apply`/`undo_to`.
    version: u64,
    /// Scratch: tiles in the "could be removed" set of the dead-position test.
    reach: Vec<bool>,
    /// Banned moves (sleep sets): a move found dead at an ancestor stays dead in the
    /// sibling subtrees explored after it. Per tile, its banned partners; and the stack of
    /// bans in the order made, for undoing.
    bans: Vec<Vec<u32>>,
    ban_stack: Vec<(u32, u32)>,
}

impl<'i> Search<'i> {
    fn new(board: &Board, budget: Budget, interrupt: &'i mut dyn FnMut() -> bool) -> Search<'i> {
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
        let left = kinds.iter().map(|ts| ts.len() as u32).collect();
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
            kinds,
            left,
            alive,
            path: Vec::new(),
            dead: HashSet::new(),
            memo_words: 0,
            nodes: 0,
            budget,
            interrupt,
            link_cache,
            stride,
            rank,
            version: 1,
            reach: vec![false; n],
            bans: vec![Vec::new(); n],
            ban_stack: Vec::new(),
        }
    }

    fn certificate(&self) -> Vec<(Pos, Pos)> {
        self.path
            .iter()
            .map(|&(a, b)| (self.pos[a as usize], self.pos[b as usize]))
            .collect()
    }

    fn ban(&mut self, a: u32, b: u32) {
        self.bans[a as usize].push(b);
        self.bans[b as usize].push(a);
        self.ban_stack.push((a, b));
    }

    /// Bans a branch move found dead. When its kind has exactly four tiles left, the other
    /// two tiles' pair is banned too: either move commits the kind to the same pairing, so
    /// one is dead exactly when the other is.
    fn ban_failed(&mut self, a: u32, b: u32) {
        self.ban(a, b);
        let k = self.dense_kind(a);
        if self.left[k] == 4 {
            let mut rest = self.alive_of(k);
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
    fn banned(&self, a: u32, b: u32) -> bool {
        self.bans[a as usize].contains(&b)
    }

    #[inline]
    fn is_alive(&self, t: u32) -> bool {
        self.alive[t as usize / 64] & (1 << (t % 64)) != 0
    }

    /// Takes tile `t` off the board (its position is valid by construction, so `set`
    /// cannot fail).
    fn take(&mut self, t: u32) {
        let p = self.pos[t as usize];
        let _ = self.board.set(p, None);
    }

    fn put(&mut self, t: u32) {
        let (p, k) = (self.pos[t as usize], self.kind[t as usize]);
        let _ = self.board.set(p, Some(k));
    }

    fn apply(&mut self, a: u32, b: u32, k: usize) {
        for t in [a, b] {
            self.take(t);
            self.alive[t as usize / 64] &= !(1 << (t % 64));
        }
        self.left[k] -= 2;
        self.path.push((a, b));
        self.version += 1;
    }

    fn undo_to(&mut self, len: usize) {
        while self.path.len() > len {
            let Some((a, b)) = self.path.pop() else {
                break;
            };
            for t in [a, b] {
                self.put(t);
                self.alive[t as usize / 64] |= 1 << (t % 64);
            }
            let k = self.dense_kind(a);
            self.left[k] += 2;
            self.version += 1;
        }
    }

    #[inline]
    fn dense_kind(&self, t: u32) -> usize {
        self.dense[t as usize] as usize
    }

    /// Whether tiles `a` and `b` link on the board as it is, remembered until the board
    /// next changes (safe-move rounds and move generation ask the same pairs again).
    #[inline]
    fn links(&mut self, a: u32, b: u32) -> bool {
        let slot = (a as usize)
            .checked_mul(self.stride)
            .map(|i| i + self.rank[b as usize] as usize);
        if let Some(&(v, known)) = slot.and_then(|i| self.link_cache.get(i)) {
            if v == self.version {
                return known;
            }
        }
        let known = self
            .board
            .can_link(self.pos[a as usize], self.pos[b as usize]);
        if let Some(entry) = slot.and_then(|i| self.link_cache.get_mut(i)) {
            *entry = (self.version, known);
        }
        known
    }

    fn alive_of(&self, k: usize) -> Vec<u32> {
        self.kinds[k]
            .iter()
            .copied()
            .filter(|&t| self.is_alive(t))
            .collect()
    }

    /// Removes every remaining tile of kind `k` if that can be done now with moves of `k`
    /// alone (recording the moves); otherwise leaves the board as it was.
    fn clear_kind(&mut self, k: usize) -> bool {
        let tiles = self.alive_of(k);
        let mark = self.path.len();
        let mut steps = 0;
        if self.clear_tiles(k, &tiles, &mut steps) {
            true
        } else {
            self.undo_to(mark);
            false
        }
    }

    fn clear_tiles(&mut self, k: usize, tiles: &[u32], steps: &mut u32) -> bool {
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
                self.apply(a, b, k);
                let rest: Vec<u32> = tiles
                    .iter()
                    .copied()
                    .filter(|&t| t != a && t != b)
                    .collect();
                if self.clear_tiles(k, &rest, steps) {
                    return true;
                }
                self.undo_to(mark);
                if *steps > CLEAR_KIND_STEPS {
                    return false;
                }
            }
        }
        false
    }

    /// Applies safe moves until none is left, visiting kinds round-robin until a full
    /// round changes nothing. Returns false when the position is found dead on the way.
    fn safe_fixpoint(&mut self) -> bool {
        let nk = self.kinds.len();
        let (mut k, mut quiet) = (0, 0);
        while quiet < nk {
            if self.left[k] == 0 {
                quiet += 1;
                k = (k + 1) % nk;
                continue;
            }
            match self.safe_step(k) {
                None => return false,
                // Look at the same kind again: it may have more to give.
                Some(true) => quiet = 0,
                Some(false) => {
                    quiet += 1;
                    k = (k + 1) % nk;
                }
            }
        }
        true
    }

    /// One safe step on kind `k`: `Some(true)` if it made moves, `Some(false)` if none is
    /// safe, `None` if the position is dead.
    ///
    /// * The whole kind can go now: remove it. Dead if that used a banned move (the
    ///   position solves only if the one after the safe moves does, which descends from a
    ///   dead one).
    /// * A tile with no allowed partner (every other tile of its kind banned with it): dead.
    /// * A tile with exactly one allowed partner must go with it: remove the pair if they
    ///   link now.
    fn safe_step(&mut self, k: usize) -> Option<bool> {
        let mark = self.path.len();
        if self.clear_kind(k) {
            if self.path[mark..].iter().any(|&(a, b)| self.banned(a, b)) {
                return None;
            }
            return Some(true);
        }
        let tiles = self.alive_of(k);
        for &t in &tiles {
            let mut allowed = tiles.iter().filter(|&&u| u != t && !self.banned(t, u));
            match (allowed.next(), allowed.next()) {
                (None, _) => return None,
                (Some(&u), None) if self.links(t, u) => {
                    self.apply(t, u, k);
                    return Some(true);
                }
                _ => {}
            }
        }
        Some(false)
    }

    /// The dead-position test (see the module notes): true when some remaining tile can
    /// never be removed, whatever is removed before it.
    /// `now` are the pairs that link now: their tiles start in the set.
    fn provably_dead(&mut self, now: &[(u32, u32)]) -> bool {
        let mut taken: Vec<u32> = Vec::new();
        for &(t, u) in now {
            for x in [t, u] {
                if !self.reach[x as usize] {
                    self.reach[x as usize] = true;
                    self.take(x);
                    taken.push(x);
                }
            }
        }
        loop {
            let mut changed = false;
            for k in 0..self.kinds.len() {
                if self.left[k] == 0 {
                    continue;
                }
                let tiles = self.alive_of(k);
                for (i, &t) in tiles.iter().enumerate() {
                    if self.reach[t as usize] {
                        continue;
                    }
                    let pt = self.pos[t as usize];
                    let partner = tiles.iter().enumerate().find_map(|(j, &u)| {
                        (i != j
                            && !self.banned(t, u)
                            && self.board.cells_link(pt, self.pos[u as usize]))
                        .then_some(u)
                    });
                    if let Some(u) = partner {
                        for x in [t, u] {
                            if !self.reach[x as usize] {
                                self.reach[x as usize] = true;
                                self.take(x);
                                taken.push(x);
                            }
                        }
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let remaining: u32 = self.left.iter().sum();
        let dead = taken.len() < remaining as usize;
        for &x in &taken {
            self.reach[x as usize] = false;
            self.put(x);
        }
        dead
    }

    /// Branch moves of the current position, best first.
    fn branch_moves(&mut self) -> Vec<(u32, u32)> {
        let mut moves: Vec<(u32, u32, usize)> = Vec::new();
        for k in 0..self.kinds.len() {
            if self.left[k] < 2 {
                continue;
            }
            let tiles = self.alive_of(k);
            for (i, &a) in tiles.iter().enumerate() {
                for &b in &tiles[i + 1..] {
                    if !self.banned(a, b) && self.links(a, b) {
                        moves.push((a, b, k));
                    }
                }
            }
        }
        // Best first: the move whose kind's two other tiles (the pair it commits them to)
        // lie closest together, as they must link later; ties in kind order.
        let mut scored: Vec<(u32, usize, (u32, u32))> = Vec::with_capacity(moves.len());
        for (i, &(a, b, k)) in moves.iter().enumerate() {
            let score = match self.left[k] {
                4 => {
                    let mut rest = self.alive_of(k);
                    rest.retain(|&t| t != a && t != b);
                    match rest[..] {
                        [c, d] => {
                            let (pc, pd) = (self.pos[c as usize], self.pos[d as usize]);
                            u32::from(pc.row.abs_diff(pd.row) + pc.col.abs_diff(pd.col))
                        }
                        _ => 0,
                    }
                }
                _ => 0,
            };
            scored.push((score, i, (a, b)));
        }
        scored.sort_unstable();
        scored.into_iter().map(|(_, _, m)| m).collect()
    }

    fn remember_dead(&mut self, key: Box<[u64]>) {
        if self.memo_words + key.len() <= MEMO_WORDS {
            self.memo_words += key.len();
            self.dead.insert(key);
        }
    }

    /// Enters the position reached after the move list grew past `base`: applies the safe
    /// fixpoint and either decides it or pushes it as a frame. On `Dead` the move list is
    /// back to `base`.
    fn enter(&mut self, base: usize, stack: &mut Vec<Frame>) -> Entered {
        if self.nodes >= self.budget.max_nodes {
            return Entered::OutOfBudget;
        }
        self.nodes += 1;
        if self.nodes % POLL_EVERY == 1 && (self.interrupt)() {
            return Entered::OutOfBudget;
        }
        if !self.safe_fixpoint() {
            self.undo_to(base);
            return Entered::Dead;
        }
        if self.left.iter().all(|&l| l == 0) {
            return Entered::Solved;
        }
        let key: Box<[u64]> = self.alive.clone().into_boxed_slice();
        if self.dead.contains(&key) {
            self.undo_to(base);
            return Entered::Dead;
        }
        let moves = self.branch_moves();
        // The dead-position test costs most of a node: run it where dead ends are likely
        // (after a sibling failed) and, elsewhere, every few levels.
        let test =
            stack.last().is_none_or(|f| f.next > 1) || stack.len().is_multiple_of(PRUNE_EVERY);
        if moves.is_empty() || (test && self.provably_dead(&moves)) {
            self.remember_dead(key);
            self.undo_to(base);
            return Entered::Dead;
        }
        stack.push(Frame {
            base,
            ban_len: self.ban_stack.len(),
            key,
            moves,
            next: 0,
        });
        Entered::Pushed
    }

    fn run(&mut self) -> Outcome {
        let mut stack: Vec<Frame> = Vec::new();
        match self.enter(0, &mut stack) {
            Entered::Solved => return Outcome::Solved,
            Entered::Dead => return Outcome::Dead,
            Entered::OutOfBudget => return Outcome::OutOfBudget,
            Entered::Pushed => {}
        }
        while let Some(top) = stack.last_mut() {
            if let Some(&(a, b)) = top.moves.get(top.next) {
                top.next += 1;
                let mark = self.path.len();
                let k = self.dense_kind(a);
                self.apply(a, b, k);
                match self.enter(mark, &mut stack) {
                    Entered::Solved => return Outcome::Solved,
                    Entered::OutOfBudget => return Outcome::OutOfBudget,
                    Entered::Dead => self.ban_failed(a, b),
                    Entered::Pushed => {}
                }
            } else if let Some(frame) = stack.pop() {
                self.remember_dead(frame.key);
                self.unban_to(frame.ban_len);
                self.undo_to(frame.base);
                if let Some(parent) = stack.last() {
                    if let Some(&(a, b)) = parent.moves.get(parent.next.wrapping_sub(1)) {
                        self.ban_failed(a, b);
                    }
                }
            }
        }
        Outcome::Dead
    }
}
