//! The slide search's dead-position test: a sound over-approximation of the tiles that
//! could ever be removed from a packed position, under any lane rule.
//!
//! **Free cells only grow.** In a packed position a lane holding `n` tiles fills its
//! first `n` cells (from the end it packs toward) and nothing else, so a cell at place
//! `j` of a lane is free exactly when `j >= n`. Removing tiles only lowers the lanes'
//! counts: if the tiles removed so far, `S`, are a subset of `H`, every cell free after
//! removing `S` is free after removing `H` (the ring is the same throughout).
//!
//! **Where a tile can be.** A tile's place in its lane is the number of tiles left
//! before it there: after removing a subset of `G` it lies between the count of those
//! not in `G` and its place now.
//!
//! **The relaxed link.** Tiles `a` and `b` (one kind) *may link under* a set `G` when
//! for some places of `a` and `b` in those ranges a path of at most two turns joins them
//! whose inner cells are all free after removing `G ∪ {a, b}`. Growing `G` widens the
//! ranges and frees cells, so the relation is monotone in `G`.
//!
//! **Claim.** Let `G` be the least set closed under "if two remaining tiles may link
//! under `G`, both are in `G`". Every tile any solution removes is in `G`; so a
//! remaining tile outside `G` proves the position dead. *Proof.* Otherwise take the
//! first move `(a, b)` of a solution with a tile outside `G`. The tiles `S` removed
//! before it are in `G`. At that moment `a` and `b` are at places in their ranges
//! (above), and the inner cells of their path are free after removing `S`, hence after
//! removing `S ∪ {a, b}` (repacked), hence after removing `G ∪ {a, b}`: `a` and `b` may
//! link under `G`, so both are in `G`, a contradiction. ∎
//!
//! The set is grown from the pairs that link now (they may link under any set), then in
//! passes over the tiles left out until none joins. Paths are searched on bit rows of
//! the board with its ring (boards up to 62 cells a side; larger ones are not tested).
//! Unpacked positions (a board given with gaps, before its first move) are never tested.

use super::{Search, NONE};
use crate::classic::board::Pos;

/// Most rows and columns of the board with its ring that the bit rows hold.
const MAX_PADDED: usize = 64;

/// Buffers of the test, kept between tests.
#[derive(Default)]
pub(super) struct Relax {
    /// Tile → in the set `G`; lane → its tiles left outside `G`.
    in_set: Vec<bool>,
    len_out: Vec<u32>,
    /// Per row of the board with its ring (bit `x` = column `x - 1`): the cells free
    /// after removing `G`.
    free: Vec<u64>,
    /// Tests run and positions found dead (for tuning and tests).
    pub(super) tests: u64,
    pub(super) dead: u64,
    /// The order the tiles are tried in.
    order: Vec<u32>,
    pub(super) calls: u64,
    pub(super) hist: [(u64, u64); 13],
    pub(super) passes: u64,
    pub(super) seeded: u64,
}

/// A set of cells of the board with its ring, a bit row per row.
type Rows = [u64; MAX_PADDED];

/// Bit of padded column `x`.
fn bit(p: Pos) -> u64 {
    1 << (p.col + 1)
}

/// The cells reached from `s` by straight moves along the row through `f` (both ways).
fn sweep(s: u64, f: u64) -> u64 {
    let up = |s: u64, f: u64| {
        let t = (s << 1) & f;
        ((f.wrapping_add(t) ^ f) & f) | t
    };
    up(s, f) | up(s.reverse_bits(), f.reverse_bits()).reverse_bits()
}

impl Search<'_> {
    /// True when some remaining tile can never be removed (see the module notes), given
    /// `moves`, the pairs that link now. False on unpacked positions and on boards too
    /// large for the bit rows.
    pub(super) fn relaxed_dead(&mut self, moves: &[(u32, u32)]) -> bool {
        let (h, w) = (self.board.rows() + 2, self.cols + 2);
        if !self.is_packed() || h > MAX_PADDED || w > MAX_PADDED - 1 {
            return false;
        }
        let mut r = std::mem::take(&mut self.relax);
        r.tests += 1;
        r.in_set.clear();
        r.in_set.resize(self.pos.len(), false);
        r.len_out.clear();
        r.len_out.extend_from_slice(&self.lane_len);
        self.free_now(&mut r, h, w);
        let mut out = self.left.iter().map(|&n| n as usize).sum::<usize>();
        for &(a, b) in moves {
            out -= self.join(&mut r, a) + self.join(&mut r, b);
        }
        r.seeded += (self.left.iter().map(|&n| n as usize).sum::<usize>() - out) as u64;
        // The tiles left out, each lane's from both ends inward: a lane's end tiles are
        // the likeliest to join, and each join frees the next one's way.
        let mut order = std::mem::take(&mut r.order);
        order.clear();
        for lane in 0..self.lanes.count() as u32 {
            let cells = self.lanes.cells(lane);
            let n = self.lane_len[lane as usize] as usize;
            let (mut lo, mut hi) = (0, n);
            while lo < hi {
                hi -= 1;
                order.push(self.id_at[self.slot(cells[hi])]);
                if lo < hi {
                    order.push(self.id_at[self.slot(cells[lo])]);
                    lo += 1;
                }
            }
        }
        order.retain(|&t| t != NONE && !r.in_set[t as usize]);
        // Round and round until a whole round of the tiles still out adds none.
        let mut since = 0;
        let mut i = 0;
        while out > 0 && since < order.len() {
            if i >= order.len() {
                order.retain(|&t| !r.in_set[t as usize]);
                i = 0;
                r.passes += 1;
                continue;
            }
            let a = order[i];
            i += 1;
            if r.in_set[a as usize] {
                continue;
            }
            r.calls += 1;
            let kind = &self.kinds[self.kind[a as usize] as usize];
            let linked = kind
                .iter()
                .any(|&b| b != a && self.is_alive(b) && self.may_link(&r, a, b, h));
            if linked {
                out -= self.join(&mut r, a);
                since = 0;
            } else {
                since += 1;
            }
        }
        r.order = order;
        let dead = out > 0;
        r.dead += u64::from(dead);
        let bucket = moves.len().min(12);
        r.hist[bucket].0 += 1;
        r.hist[bucket].1 += u64::from(dead);
        self.relax = r;
        dead
    }

    /// The free cells of the position now, with the ring's.
    fn free_now(&self, r: &mut Relax, h: usize, w: usize) {
        let all = (1u64 << w) - 1;
        let ring = if self.board.ring() { all } else { 0 };
        let edges = if self.board.ring() {
            1 | 1 << (w - 1)
        } else {
            0
        };
        r.free.clear();
        r.free.resize(h, edges);
        r.free[0] = ring;
        r.free[h - 1] = ring;
        for row in 0..self.board.rows() {
            for col in 0..self.cols {
                let p = Pos::new(row as i16, col as i16);
                if self.id_at[self.slot(p)] == NONE {
                    r.free[row + 1] |= bit(p);
                }
            }
        }
    }

    /// Puts tile `t` in the set; 1 if it was not there. Its lane holds one tile fewer
    /// outside the set, which frees that lane's next cell.
    fn join(&self, r: &mut Relax, t: u32) -> usize {
        if r.in_set[t as usize] {
            return 0;
        }
        r.in_set[t as usize] = true;
        let p = self.pos[t as usize];
        let freed = match self.lanes.place(p) {
            Some((lane, _)) => {
                r.len_out[lane as usize] -= 1;
                self.lanes.cells(lane)[r.len_out[lane as usize] as usize]
            }
            None => p,
        };
        r.free[freed.row as usize + 1] |= bit(freed);
        1
    }

    /// The cells tile `t` can be at (see the module notes), added to `into`.
    fn range(&self, r: &Relax, t: u32, into: &mut Rows) {
        let p = self.pos[t as usize];
        let Some((lane, j)) = self.lanes.place(p) else {
            into[p.row as usize + 1] |= bit(p);
            return;
        };
        let cells = self.lanes.cells(lane);
        let before = cells[..j as usize]
            .iter()
            .filter(|&&q| {
                let id = self.id_at[self.slot(q)];
                id != NONE && !r.in_set[id as usize]
            })
            .count();
        for &q in &cells[before..=j as usize] {
            into[q.row as usize + 1] |= bit(q);
        }
    }

    /// Whether `a` and `b` may link under the set (see the module notes): a search of
    /// straight segments, three rounds, from `a`'s cells toward `b`'s. When `a` may link
    /// to `b` so may `b` to `a` (paths run both ways), so the closure under "a tile
    /// joins when it may link to another of its kind" is the one of the module notes.
    fn may_link(&self, r: &Relax, a: u32, b: u32, h: usize) -> bool {
        let mut free: Rows = [0; MAX_PADDED];
        free[..h].copy_from_slice(&r.free[..h]);
        let mut goal: Rows = [0; MAX_PADDED];
        self.range(r, b, &mut goal);
        // Lanes already given a cell more, and how many.
        let mut less: [(u32, u32); 2] = [(u32::MAX, 0); 2];
        for t in [a, b] {
            if r.in_set[t as usize] {
                continue;
            }
            let p = self.pos[t as usize];
            let freed = match self.lanes.place(p) {
                Some((lane, _)) => {
                    let Some(slot) = less.iter_mut().find(|e| e.0 == lane || e.0 == u32::MAX)
                    else {
                        continue;
                    };
                    slot.0 = lane;
                    slot.1 += 1;
                    let n = r.len_out[lane as usize].saturating_sub(slot.1);
                    self.lanes.cells(lane)[n as usize]
                }
                None => p,
            };
            free[freed.row as usize + 1] |= bit(freed);
        }
        let mut cur: Rows = [0; MAX_PADDED];
        self.range(r, a, &mut cur);
        let mut seen = cur;
        for turn in 0..3 {
            let mut next: Rows = [0; MAX_PADDED];
            // `above`: the cells of the row above from which a step down enters this row.
            let mut above = 0u64;
            for y in 0..h {
                if above & goal[y] != 0 {
                    return true;
                }
                let down = above & free[y];
                let across = sweep(cur[y], free[y]);
                let line = cur[y] | across;
                if ((line << 1) | (line >> 1)) & goal[y] != 0 {
                    return true;
                }
                next[y] |= down | across;
                above = cur[y] | down;
            }
            let mut below = 0u64;
            for y in (0..h).rev() {
                if below & goal[y] != 0 {
                    return true;
                }
                let up = below & free[y];
                next[y] |= up;
                below = cur[y] | up;
            }
            if turn == 2 {
                break;
            }
            for y in 0..h {
                next[y] &= !seen[y];
                seen[y] |= next[y];
            }
            cur = next;
        }
        false
    }
}
