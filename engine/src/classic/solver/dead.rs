//! Branch choice and the dead-position test. See the module notes in `mod.rs`.

use super::search::{Search, NONE};
use crate::classic::board::Pos;

impl Search<'_> {
    /// The tile to branch on and its partners, best first, `NONE` last for "none of
    /// those" (the kind stays open with them banned); `None` when no allowed open pair
    /// links now (after the closure no committed pair does either, so nothing can move:
    /// the position is dead).
    ///
    /// The kind chosen is the one with the most branches holding a pair that links now
    /// (measured best on the benchmark set); ties go to the first in kind order. The tile is
    /// one of an allowed pair that links.
    pub(super) fn choose(&mut self) -> Option<(u32, Vec<u32>)> {
        let mut best: Option<(usize, u32, Vec<u32>)> = None;
        for k in 0..self.kinds.len() {
            if self.left[k] < 4 || self.open_count(k) < 4 {
                continue;
            }
            let tiles = self.open_of(k);
            let mut tile = None;
            'find: for (i, &a) in tiles.iter().enumerate() {
                for &b in &tiles[i + 1..] {
                    if !self.banned(a, b) && self.links(a, b) {
                        tile = Some(a);
                        break 'find;
                    }
                }
            }
            let Some(t) = tile else {
                continue;
            };
            // (distance of the other pair, partner), for the branches holding a linkable pair.
            let mut scored: Vec<(u32, u32)> = Vec::with_capacity(tiles.len() - 1);
            let mut deferred = false;
            for &u in &tiles {
                if u == t || self.banned(t, u) {
                    continue;
                }
                // A pairing with no pair linking now is not branched on: it stays
                // possible in the last branch, where the kind stays open with the pairings
                // tried banned.
                let mut good = self.links(t, u);
                let mut dist = 0;
                if tiles.len() == 4 {
                    let mut other = tiles.iter().copied().filter(|&x| x != t && x != u);
                    if let (Some(c), Some(d)) = (other.next(), other.next()) {
                        good |= self.links(c, d);
                        let (pc, pd) = (self.pos[c as usize], self.pos[d as usize]);
                        dist = u32::from(pc.row.abs_diff(pd.row) + pc.col.abs_diff(pd.col));
                    }
                }
                if good {
                    scored.push((dist, u));
                } else {
                    deferred = true;
                }
            }
            scored.sort_unstable();
            let n_good = scored.len();
            if best.as_ref().is_none_or(|b| n_good > b.0) {
                let mut partners: Vec<u32> = scored.into_iter().map(|s| s.1).collect();
                if deferred {
                    partners.push(NONE);
                }
                best = Some((n_good, t, partners));
                if n_good >= 3 {
                    break;
                }
            }
        }
        best.map(|(_, t, partners)| (t, partners))
    }

    fn open_count(&self, k: usize) -> usize {
        self.kinds[k]
            .iter()
            .filter(|&&t| self.is_alive(t) && self.mate[t as usize] == NONE)
            .count()
    }

    /// The dead-position test (see the module notes): true when some remaining tile can
    /// never be removed, whatever is removed before it.
    ///
    /// The set grown is the least fixpoint of a monotone rule (taking tiles off only
    /// opens paths), so it can be grown in any order with the same result: first the
    /// pairs the link cache knows link now (no test), then the joins of the last test
    /// replayed (each tested here; consecutive tests are of nearby positions, so most
    /// still hold), then passes over the tiles left until nothing changes.
    pub(super) fn provably_dead(&mut self) -> bool {
        let remaining: usize = self.left.iter().map(|&l| l as usize).sum();
        self.scratch.epoch += 1;
        // The set is the least fixpoint of a monotone rule (taking tiles off only opens
        // paths), so it can be grown in any order: replay the joins of the last test
        // first (each checked here), then saturate.
        // Pairs known to link on the board as it is need no test.
        for k in 0..self.kinds.len() {
            let n = self.kinds[k].len();
            for i in 0..n {
                let t = self.kinds[k][i];
                if !self.is_alive(t) || self.scratch.reach[t as usize] {
                    continue;
                }
                for j in 0..n {
                    let u = self.kinds[k][j];
                    if u != t && self.is_alive(u) && self.known_link(t, u) && self.allowed(t, u) {
                        self.join(t, u);
                        break;
                    }
                }
            }
        }
        let prev = std::mem::take(&mut self.scratch.prev);
        for &(t, u) in &prev {
            if self.is_alive(t)
                && self.is_alive(u)
                && !(self.scratch.reach[t as usize] && self.scratch.reach[u as usize])
                && self.allowed(t, u)
                && self.dead_link(t, u)
            {
                self.join(t, u);
            }
        }
        self.scratch.prev = prev;
        while self.scratch.taken.len() < remaining {
            let mut changed = false;
            for k in 0..self.kinds.len() {
                if self.left[k] == 0 {
                    continue;
                }
                let n = self.kinds[k].len();
                for i in 0..n {
                    let t = self.kinds[k][i];
                    if !self.is_alive(t) || self.scratch.reach[t as usize] {
                        continue;
                    }
                    let m = self.mate[t as usize];
                    let mut partner = None;
                    if m != NONE {
                        if self.dead_link(t, m) {
                            partner = Some(m);
                        }
                    } else {
                        for j in 0..n {
                            let u = self.kinds[k][j];
                            if u != t
                                && self.is_alive(u)
                                && self.mate[u as usize] == NONE
                                && !self.banned(t, u)
                                && self.dead_link(t, u)
                            {
                                partner = Some(u);
                                break;
                            }
                        }
                    }
                    if let Some(u) = partner {
                        self.join(t, u);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let dead = self.scratch.taken.len() < remaining;
        while let Some(x) = self.scratch.taken.pop() {
            self.scratch.reach[x as usize] = false;
            self.put(x);
        }
        std::mem::swap(&mut self.scratch.prev, &mut self.scratch.joins);
        self.scratch.joins.clear();
        dead
    }

    /// Whether two open tiles of kind `k` link now.
    pub(super) fn any_open_link(&mut self, k: usize) -> bool {
        let n = self.kinds[k].len();
        for i in 0..n {
            let a = self.kinds[k][i];
            if !self.is_alive(a) || self.mate[a as usize] != NONE {
                continue;
            }
            for j in i + 1..n {
                let b = self.kinds[k][j];
                if self.is_alive(b) && self.mate[b as usize] == NONE && self.links(a, b) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `t` may go with `u` (same kind assumed): its mate, or both open and the
    /// pair not banned.
    fn allowed(&self, t: u32, u: u32) -> bool {
        let (mt, mu) = (self.mate[t as usize], self.mate[u as usize]);
        mt == u || (mt == NONE && mu == NONE && t != u && !self.banned(t, u))
    }

    /// Adds `t` and `u` to the reached set, taking them off the board.
    fn join(&mut self, t: u32, u: u32) {
        self.scratch.joins.push((t, u));
        self.scratch.epoch += 1;
        for x in [t, u] {
            if !self.scratch.reach[x as usize] {
                self.scratch.reach[x as usize] = true;
                self.take(x);
                self.scratch.taken.push(x);
            }
        }
    }

    /// Whether `t` and `u` link on the board with the reached tiles taken off. A failure
    /// is remembered until the next join (the board only changes on joins, and the link
    /// rule is symmetric), so a pair is tested once per board state.
    #[inline]
    fn dead_link(&mut self, t: u32, u: u32) -> bool {
        let (a, b) = if t < u { (t, u) } else { (u, t) };
        let slot = (a as usize)
            .checked_mul(self.stride)
            .map(|i| i + self.rank[b as usize] as usize);
        let epoch = self.scratch.epoch;
        if slot
            .and_then(|i| self.scratch.failed.get(i))
            .is_some_and(|&e| e == epoch)
        {
            return false;
        }
        let linked = self.cells_link(t, u);
        if !linked {
            if let Some(e) = slot.and_then(|i| self.scratch.failed.get_mut(i)) {
                *e = epoch;
            }
        }
        linked
    }

    /// Whether the tiles `t` and `u` (distinct, both of one kind, whether on the board or
    /// taken off) link on the board as it is. A tile with no free neighbour links only
    /// to a tile next to it, which is tested first (both are cheap next to a search).
    #[inline]
    pub(super) fn cells_link(&self, t: u32, u: u32) -> bool {
        let (pt, pu) = (self.pos[t as usize], self.pos[u as usize]);
        if pt.row.abs_diff(pu.row) + pt.col.abs_diff(pu.col) == 1 {
            return true;
        }
        !self.enclosed(pt) && !self.enclosed(pu) && self.board.cells_link(pt, pu)
    }

    /// Whether the cell at `p` has no free neighbour: a path from it can only reach a
    /// tile next to it.
    #[inline]
    fn enclosed(&self, p: Pos) -> bool {
        let (r, c) = (p.row as usize + 1, p.col as usize + 1);
        let b = &self.board;
        !(b.free(r, c - 1) || b.free(r, c + 1) || b.free(r - 1, c) || b.free(r + 1, c))
    }
}

/// Scratch space of the dead-position test, kept between tests.
pub(super) struct Scratch {
    /// Tiles in the "could be removed" set, as flags and in the order taken off.
    reach: Vec<bool>,
    taken: Vec<u32>,
    /// The joins made by this test and by the last one, in order.
    joins: Vec<(u32, u32)>,
    prev: Vec<(u32, u32)>,
    /// Per pair (slot as in the link cache, lower tile first), the epoch in which it was
    /// last found not to link; the epoch is bumped at the start of each test and on every
    /// join. Empty when the link cache is.
    failed: Vec<u64>,
    epoch: u64,
}

impl Scratch {
    pub(super) fn new(tiles: usize, slots: usize) -> Scratch {
        Scratch {
            reach: vec![false; tiles],
            taken: Vec::with_capacity(tiles),
            joins: Vec::with_capacity(tiles),
            prev: Vec::with_capacity(tiles),
            failed: vec![0; slots],
            epoch: 0,
        }
    }
}
