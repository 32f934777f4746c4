//! The position the solver works on: the tiles (numbered, grouped by kind), which are
//! still on the board, the committed pairings and banned pairs, the moves made (with
//! undo), and the link test with its cache. The search, the closure, the branch choice
//! and the dead-position test all work through this type; it knows none of them. Its link
//! checks run through a [`Meter`], which polls the search's interrupt every few thousand
//! of them and, once it fired, answers "no link" so that every loop ends at once.

use crate::classic::board::{Board, Kind, Pos};
use crate::classic::meter::Meter;

/// No mate: the tile is open (not yet committed to a pair).
pub(super) const NONE: u32 = u32::MAX;
/// Largest link cache, in entries (16 bytes each).
const LINK_CACHE_MAX: usize = 1 << 22;

pub(super) struct Position<'i> {
    /// The board with the tiles removed by moves (and, during a dead-position test, the
    /// tiles that test takes off) empty.
    board: Board,
    /// Tile index → position and kind (as on the board), and dense kind (index into
    /// `kinds`).
    pos: Vec<Pos>,
    kind: Vec<Kind>,
    dense: Vec<u32>,
    /// Dense kind → its tiles' indices (row-major); how many are still on the board, and
    /// how many of those are open.
    kinds: Vec<Vec<u32>>,
    left: Vec<u32>,
    open: Vec<u32>,
    /// Tile → the tile it is committed to go with, or `NONE`.
    mate: Vec<u32>,
    /// Committed pairs, as their lower tile, in the order made (for undoing).
    commits: Vec<u32>,
    /// Tiles still on the board, a bit per tile index.
    alive: Vec<u64>,
    /// Moves made so far, as tile indices.
    moves: Vec<(u32, u32)>,
    /// Banned pairs (no solution of this position or any reached from it uses them): per
    /// tile, its banned partners; and the bans in the order made, for undoing.
    bans: Vec<Vec<u32>>,
    ban_stack: Vec<(u32, u32)>,
    /// Link answers by [`Position::slot`], each with the board it was found on (see
    /// [`Found`]). Empty when too large.
    link_cache: Vec<Found>,
    stride: usize,
    /// Tile → its index within its kind.
    rank: Vec<u32>,
    /// The boards on the current line: `line[i]` names the board after the first `i`
    /// moves. A name is drawn from `names` when a move makes a board and is never given
    /// again, so an undo gives back the name of the board it returns to.
    line: Vec<u64>,
    names: u64,
    /// The search level changes are made at (set by the search), and per tile the level
    /// it was removed / committed at, per ban (in `bans` order) the level it was made at:
    /// what a dead end's reason is made of.
    level: u32,
    removed_at: Vec<u32>,
    mated_at: Vec<u32>,
    ban_levels: Vec<Vec<u32>>,
    /// Counts link checks and polls the interrupt.
    meter: Meter<'i>,
}

/// A remembered link answer: whether the pair links on the board named `board` (0: no
/// answer), the board after `depth` moves of the line it was found on.
#[derive(Clone, Copy, Default)]
struct Found {
    board: u64,
    depth: u32,
    links: bool,
}

impl<'i> Position<'i> {
    pub(super) fn new(board: &Board) -> Position<'i> {
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
            Some(size) if size <= LINK_CACHE_MAX => vec![Found::default(); size],
            _ => Vec::new(),
        };
        Position {
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
            moves: Vec::new(),
            bans: vec![Vec::new(); n],
            ban_stack: Vec::new(),
            link_cache,
            stride,
            rank,
            line: vec![1],
            names: 1,
            level: 0,
            removed_at: vec![0; n],
            mated_at: vec![0; n],
            ban_levels: vec![Vec::new(); n],
            meter: Meter::new(),
        }
    }

    // ---- Work and the interrupt ----

    /// Polls `interrupt` every few thousand link checks from now on (see [`Meter`]).
    pub(super) fn set_interrupt(&mut self, interrupt: &'i mut dyn FnMut() -> bool) {
        self.meter.set_interrupt(interrupt);
    }

    /// Polls the interrupt now; whether it has fired (now or before).
    pub(super) fn poll(&self) -> bool {
        self.meter.poll()
    }

    /// Whether the interrupt has fired: link checks answer "no link" from then on, so
    /// nothing the search found since can be trusted.
    #[inline]
    pub(super) fn halted(&self) -> bool {
        self.meter.halted()
    }

    /// Counts `steps` units of work other than link checks (see [`Meter::add`]); false
    /// once halted.
    pub(super) fn count_work(&self, steps: u32) -> bool {
        self.meter.add(steps)
    }

    /// Link checks made so far (and other work counted in their units).
    pub(super) fn work(&self) -> u64 {
        self.meter.work()
    }

    // ---- Tiles and kinds ----

    pub(super) fn tile_count(&self) -> usize {
        self.pos.len()
    }

    /// Tiles of the largest kind.
    pub(super) fn largest_kind(&self) -> usize {
        self.stride
    }

    pub(super) fn kind_count(&self) -> usize {
        self.kinds.len()
    }

    /// The tiles of dense kind `k`, on the board or not.
    #[inline]
    pub(super) fn tiles_of(&self, k: usize) -> &[u32] {
        &self.kinds[k]
    }

    #[inline]
    pub(super) fn pos(&self, t: u32) -> Pos {
        self.pos[t as usize]
    }

    /// Tile `t`'s index among the tiles of its kind.
    #[inline]
    pub(super) fn rank(&self, t: u32) -> usize {
        self.rank[t as usize] as usize
    }

    #[inline]
    pub(super) fn dense_kind(&self, t: u32) -> usize {
        self.dense[t as usize] as usize
    }

    /// Tiles of kind `k` on the board, and how many of those are open.
    #[inline]
    pub(super) fn left(&self, k: usize) -> u32 {
        self.left[k]
    }

    #[inline]
    pub(super) fn open(&self, k: usize) -> u32 {
        self.open[k]
    }

    pub(super) fn remaining(&self) -> usize {
        self.left.iter().map(|&l| l as usize).sum()
    }

    pub(super) fn has_odd_kind(&self) -> bool {
        self.kinds.iter().any(|ts| ts.len() % 2 == 1)
    }

    #[inline]
    pub(super) fn is_alive(&self, t: u32) -> bool {
        self.alive[t as usize / 64] & (1 << (t % 64)) != 0
    }

    /// The set of tiles on the board, a bit per tile.
    pub(super) fn alive_bits(&self) -> &[u64] {
        &self.alive
    }

    #[inline]
    pub(super) fn mate(&self, t: u32) -> u32 {
        self.mate[t as usize]
    }

    /// The open tiles of kind `k` still on the board.
    pub(super) fn open_of(&self, k: usize) -> Vec<u32> {
        self.kinds[k]
            .iter()
            .copied()
            .filter(|&t| self.is_alive(t) && self.mate[t as usize] == NONE)
            .collect()
    }

    // ---- Moves and commitments ----

    pub(super) fn moves(&self) -> &[(u32, u32)] {
        &self.moves
    }

    pub(super) fn commit_len(&self) -> usize {
        self.commits.len()
    }

    /// Removes the pair `a`, `b` (both open, or mates).
    pub(super) fn apply(&mut self, a: u32, b: u32) {
        let k = self.dense_kind(a);
        for t in [a, b] {
            self.take_off(t);
            self.alive[t as usize / 64] &= !(1 << (t % 64));
            self.removed_at[t as usize] = self.level;
        }
        self.left[k] -= 2;
        if self.mate[a as usize] == NONE {
            self.open[k] -= 2;
        }
        self.moves.push((a, b));
        self.names += 1;
        self.line.push(self.names);
    }

    /// Commits the open tiles `a` and `b` to go together.
    pub(super) fn commit(&mut self, a: u32, b: u32) {
        let k = self.dense_kind(a);
        self.mate[a as usize] = b;
        self.mate[b as usize] = a;
        self.mated_at[a as usize] = self.level;
        self.mated_at[b as usize] = self.level;
        self.open[k] -= 2;
        self.commits.push(a);
    }

    /// Undoes moves back to `moves_len` moves, then commits back to `commit_len`. (Every
    /// tile committed after the mark is on the board again once the moves are undone.)
    pub(super) fn undo_to(&mut self, moves_len: usize, commit_len: usize) {
        while self.moves.len() > moves_len {
            let Some((a, b)) = self.moves.pop() else {
                break;
            };
            for t in [a, b] {
                self.put_back(t);
                self.alive[t as usize / 64] |= 1 << (t % 64);
            }
            let k = self.dense_kind(a);
            self.left[k] += 2;
            if self.mate[a as usize] == NONE {
                self.open[k] += 2;
            }
            self.line.pop();
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

    /// The committed pairs of tiles on the board, of kinds with four or more tiles left
    /// (a kind with two left has a single pairing), each as `lower << 32 | higher`.
    pub(super) fn binding_commits(&self) -> impl Iterator<Item = u64> + use<'_, 'i> {
        self.kinds.iter().enumerate().flat_map(move |(k, ts)| {
            let binding = self.left[k] >= 4 && self.open[k] < self.left[k];
            ts.iter().filter_map(move |&t| {
                let m = self.mate[t as usize];
                (binding && m != NONE && t < m && self.is_alive(t))
                    .then(|| u64::from(t) << 32 | u64::from(m))
            })
        })
    }

    // ---- Bans ----

    pub(super) fn ban(&mut self, a: u32, b: u32) {
        self.bans[a as usize].push(b);
        self.bans[b as usize].push(a);
        self.ban_levels[a as usize].push(self.level);
        self.ban_levels[b as usize].push(self.level);
        self.ban_stack.push((a, b));
    }

    pub(super) fn ban_len(&self) -> usize {
        self.ban_stack.len()
    }

    pub(super) fn unban_to(&mut self, len: usize) {
        while self.ban_stack.len() > len {
            let Some((a, b)) = self.ban_stack.pop() else {
                break;
            };
            self.bans[a as usize].pop();
            self.bans[b as usize].pop();
            self.ban_levels[a as usize].pop();
            self.ban_levels[b as usize].pop();
        }
    }

    /// Makes every ban a change of level 0 (they hold from the initial board on).
    pub(super) fn settle_bans(&mut self) {
        for ls in &mut self.ban_levels {
            ls.iter_mut().for_each(|l| *l = 0);
        }
    }

    #[inline]
    pub(super) fn banned(&self, a: u32, b: u32) -> bool {
        self.bans[a as usize].contains(&b)
    }

    /// Whether some open tile of kind `k` has a banned partner.
    pub(super) fn kind_has_bans(&self, k: usize) -> bool {
        self.kinds[k].iter().any(|&t| {
            self.is_alive(t) && self.mate[t as usize] == NONE && !self.bans[t as usize].is_empty()
        })
    }

    /// Whether `t` may go with `u` (same kind assumed): its mate, or both open and the
    /// pair not banned.
    #[inline]
    pub(super) fn allowed(&self, t: u32, u: u32) -> bool {
        let (mt, mu) = (self.mate[t as usize], self.mate[u as usize]);
        mt == u || (mt == NONE && mu == NONE && t != u && !self.banned(t, u))
    }

    // ---- Levels (for the reasons of dead ends) ----

    /// Sets the level the next changes are made at.
    pub(super) fn set_level(&mut self, level: u32) {
        self.level = level;
    }

    /// The earliest level since which `t` may not go with `u` (same kind, `t` on the
    /// board), or `None` when it may.
    pub(super) fn disallowed_since(&self, t: u32, u: u32) -> Option<u32> {
        let mut since: Option<u32> = None;
        let mut note = |l: u32| since = Some(since.map_or(l, |s: u32| s.min(l)));
        if !self.is_alive(u) {
            note(self.removed_at[u as usize]);
        }
        let (mt, mu) = (self.mate[t as usize], self.mate[u as usize]);
        if mt != NONE && mt != u {
            note(self.mated_at[t as usize]);
        }
        if mu != NONE && mu != t {
            note(self.mated_at[u as usize]);
        }
        if let Some(i) = self.bans[t as usize].iter().position(|&x| x == u) {
            note(self.ban_levels[t as usize][i]);
        }
        since
    }

    // ---- Links ----

    /// The slot of the pair (`a`, `b`) of one kind in per-pair tables (the link cache, the
    /// dead-position test's failures): `a * stride + rank[b]`. `None` past the table.
    #[inline]
    pub(super) fn slot(&self, a: u32, b: u32) -> Option<usize> {
        let i = (a as usize)
            .checked_mul(self.stride)?
            .checked_add(self.rank[b as usize] as usize)?;
        (i < self.link_cache.len()).then_some(i)
    }

    /// Entries of per-pair tables (0 when the pairs are too many to tabulate).
    pub(super) fn slots(&self) -> usize {
        self.link_cache.len()
    }

    /// Whether tiles `a` and `b` (of one kind, both on the board) link on the board as it
    /// is, remembered (see `link_cache`).
    #[inline]
    pub(super) fn links(&mut self, a: u32, b: u32) -> bool {
        if !self.meter.tick() {
            return false;
        }
        let slot = self.slot(a, b);
        if let Some(known) = slot.and_then(|i| self.cached(i)) {
            return known;
        }
        let links = self.board.cells_link(self.pos(a), self.pos(b));
        if let Some(i) = slot {
            let depth = self.moves.len();
            self.link_cache[i] = Found {
                board: self.line[depth],
                depth: depth as u32,
                links,
            };
        }
        links
    }

    /// The link cache's answer in `slot`, if it holds on the board as it is: found on
    /// this board, or found linking on a board of the current line (a board this one was
    /// reached from by moves: removing tiles never blocks a path).
    #[inline]
    fn cached(&self, slot: usize) -> Option<bool> {
        let f = self.link_cache[slot];
        let depth = f.depth as usize;
        let on_line = self.line.get(depth) == Some(&f.board);
        (on_line && (f.links || depth == self.moves.len())).then_some(f.links)
    }

    /// Whether tiles `a` and `b` (both on the board) are known to link on the board as it is.
    #[inline]
    pub(super) fn known_link(&self, a: u32, b: u32) -> bool {
        self.meter.tick()
            && self
                .slot(a, b)
                .and_then(|i| self.cached(i))
                .unwrap_or(false)
    }

    /// Whether the tiles `t` and `u` (distinct, of one kind, whether on the board or
    /// taken off) link on the board as it is, uncached.
    #[inline]
    pub(super) fn cells_link(&self, t: u32, u: u32) -> bool {
        self.meter.tick() && self.board.cells_link(self.pos(t), self.pos(u))
    }

    /// Takes tile `t`'s cell off the board without recording a move (the dead-position
    /// test's hypothetical removals; [`Position::put_back`] undoes it). The link cache
    /// is not told: callers use [`Position::cells_link`] meanwhile.
    pub(super) fn take_off(&mut self, t: u32) {
        // The position is valid by construction, so `set` cannot fail.
        self.board.clear(self.pos[t as usize]);
    }

    pub(super) fn put_back(&mut self, t: u32) {
        let (p, k) = (self.pos[t as usize], self.kind[t as usize]);
        self.board.place(p, k);
    }

    /// The moves made, as positions.
    pub(super) fn certificate(&self) -> Vec<(Pos, Pos)> {
        self.moves
            .iter()
            .map(|&(a, b)| (self.pos(a), self.pos(b)))
            .collect()
    }
}
