//! Branch choice and the dead-position test. See the module notes in `mod.rs`.

use super::search::{Search, NONE};

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
                    if let [c, d] = tiles
                        .iter()
                        .copied()
                        .filter(|&x| x != t && x != u)
                        .collect::<Vec<_>>()[..]
                    {
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
    pub(super) fn provably_dead(&mut self) -> bool {
        let mut taken: Vec<u32> = Vec::new();
        let mut remaining = 0usize;
        let mut first = true;
        loop {
            let mut changed = false;
            for k in 0..self.kinds.len() {
                if self.left[k] == 0 {
                    continue;
                }
                let tiles = self.alive_of(k);
                if first {
                    remaining += tiles.len();
                }
                for &t in &tiles {
                    if self.reach[t as usize] {
                        continue;
                    }
                    let pt = self.pos[t as usize];
                    let m = self.mate[t as usize];
                    let partner = if m != NONE {
                        Some(m).filter(|&m| self.board.cells_link(pt, self.pos[m as usize]))
                    } else {
                        tiles.iter().copied().find(|&u| {
                            u != t
                                && self.mate[u as usize] == NONE
                                && !self.banned(t, u)
                                && self.board.cells_link(pt, self.pos[u as usize])
                        })
                    };
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
            first = false;
            if !changed || taken.len() == remaining {
                break;
            }
        }
        let dead = taken.len() < remaining;
        for &x in &taken {
            self.reach[x as usize] = false;
            self.put(x);
        }
        dead
    }
}
