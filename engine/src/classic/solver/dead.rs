//! The dead-position test: a set of tiles that could possibly be removed is grown (a tile
//! joins when it links to an allowed partner with the whole set taken off the board);
//! a remaining tile left out can never go, so the position is dead. See the module notes
//! in `mod.rs`.
//!
//! The set is the least fixpoint of a monotone rule (taking tiles off only opens paths),
//! so it can be grown in any order with the same result. It is grown in three passes,
//! cheapest first: the pairs the link cache knows link now (no test), the joins of the
//! last test replayed (each tested; consecutive tests are of nearby positions, so most
//! still hold), then passes over the tiles left until nothing changes.

use super::position::{Position, NONE};

/// Largest kind (in tiles) whose pairs the explanation tabulates to test each once.
const EXPLAIN_TABLE_MAX: usize = 64;

/// The test's state, kept between tests.
pub(super) struct DeadTest {
    /// Tiles in the "could be removed" set, as flags and in the order taken off.
    reach: Vec<bool>,
    taken: Vec<u32>,
    /// The joins made by this test and by the last one, in order.
    joins: Vec<(u32, u32)>,
    prev: Vec<(u32, u32)>,
    /// Per pair (by [`Position::slot`], lower tile first), the epoch in which it was last
    /// found not to link; the epoch is bumped at the start of each test and on every
    /// join. Empty when the position has no per-pair tables.
    failed: Vec<u64>,
    epoch: u64,
    /// After a test that found the position dead: the levels of the changes the proof
    /// rests on (see [`DeadTest::reason`]), or `None` when it could not be told.
    reason: Option<Vec<u32>>,
    /// After a test that found the position dead: the kinds (dense) of the pairs its
    /// reason is made of, the kinds the dead end is about.
    conflict: Vec<u32>,
    /// After a test that found the position dead: its core (the tiles left out, a bit per
    /// tile) and the pairs its proof needs disallowed.
    core: Vec<u64>,
    pairs: Vec<(u32, u32)>,
    /// Scratch for [`DeadTest::explain`]: per pair of one kind's tiles (by index in the
    /// kind), whether they link with the set taken off; kept for kinds of up to
    /// `EXPLAIN_TABLE_MAX` tiles only (a table is the square of the kind's size).
    kind_links: Vec<bool>,
}

impl DeadTest {
    pub(super) fn new(p: &Position) -> DeadTest {
        let tiles = p.tile_count();
        DeadTest {
            reach: vec![false; tiles],
            taken: Vec::with_capacity(tiles),
            joins: Vec::with_capacity(tiles),
            prev: Vec::with_capacity(tiles),
            failed: vec![0; p.slots()],
            epoch: 0,
            reason: None,
            conflict: Vec::new(),
            core: Vec::new(),
            pairs: Vec::new(),
            kind_links: Vec::new(),
        }
    }

    /// True when some remaining tile of `p` can never be removed, whatever is removed
    /// before it. Leaves `p` as it found it.
    pub(super) fn provably_dead(&mut self, p: &mut Position) -> bool {
        let remaining = p.remaining();
        self.epoch += 1;
        self.join_known_links(p);
        self.replay_last_joins(p);
        self.saturate(p, remaining);
        let dead = self.taken.len() < remaining;
        self.reason = None;
        self.conflict.clear();
        self.pairs.clear();
        self.core.clear();
        if dead {
            self.reason = self.explain(p);
        }
        while let Some(x) = self.taken.pop() {
            self.reach[x as usize] = false;
            p.put_back(x);
        }
        std::mem::swap(&mut self.prev, &mut self.joins);
        self.joins.clear();
        dead
    }

    /// The reason of the last test that found its position dead: the levels (see
    /// [`Position::disallowed_since`]) of the changes that disallow the pairs the proof
    /// needs disallowed. Any position holding every tile left out (they never leave once
    /// every other tile could have) in which those pairs are still disallowed is dead too:
    /// the tiles left out can only go with a partner they link to on a board holding
    /// only them, and no such pair is allowed.
    pub(super) fn reason(&self) -> Option<&[u32]> {
        self.reason.as_deref()
    }

    /// The kinds of the last dead test's reason (see [`DeadTest::conflict`]'s field):
    /// empty when the position was not found dead.
    pub(super) fn conflict(&self) -> &[u32] {
        &self.conflict
    }

    /// The last dead test's proof: its core (a bit per tile) and the pairs it needs
    /// disallowed (see `nogood`); empty when the position was not found dead.
    pub(super) fn proof(&self) -> (&[u64], &[(u32, u32)]) {
        (&self.core, &self.pairs)
    }

    /// Computes the reason, with the set still taken off the board, and notes its kinds,
    /// core and pairs. No pair is tested twice: the saturation's last pass found every
    /// allowed pair of a core tile not to link on this board, and a pair of two core tiles
    /// is looked up the second time.
    fn explain(&mut self, p: &Position) -> Option<Vec<u32>> {
        let mut levels = Vec::new();
        self.core.resize(p.tile_count().div_ceil(64), 0);
        for k in 0..p.kind_count() {
            let mut involved = false;
            let ts = p.tiles_of(k);
            let n = ts.len();
            let table = n <= EXPLAIN_TABLE_MAX;
            self.kind_links.clear();
            if table {
                self.kind_links.resize(n * n, false);
            }
            for (i, &t) in ts.iter().enumerate() {
                if p.halted() {
                    return None;
                }
                if !p.is_alive(t) || self.reach[t as usize] {
                    continue;
                }
                self.core[t as usize / 64] |= 1 << (t % 64);
                for (j, &u) in ts.iter().enumerate() {
                    if u == t {
                        continue;
                    }
                    let core_u = p.is_alive(u) && !self.reach[u as usize];
                    let links = if table && core_u && j < i {
                        self.kind_links[j * n + i]
                    } else if p.is_alive(u) && p.allowed(t, u) && self.known_failure(p, t, u) {
                        false
                    } else {
                        p.cells_link(t, u)
                    };
                    if table {
                        self.kind_links[i * n + j] = links;
                    }
                    if links {
                        levels.push(p.disallowed_since(t, u)?);
                        self.pairs.push((t, u));
                        involved = true;
                    }
                }
            }
            if involved {
                self.conflict.push(k as u32);
            }
        }
        Some(levels)
    }

    /// Joins the pairs the link cache knows link on the board as it is (no test).
    fn join_known_links(&mut self, p: &mut Position) {
        for k in 0..p.kind_count() {
            let n = p.tiles_of(k).len();
            for i in 0..n {
                let t = p.tiles_of(k)[i];
                if p.halted() {
                    return;
                }
                if !p.is_alive(t) || self.reach[t as usize] {
                    continue;
                }
                let partner = (0..n)
                    .map(|j| p.tiles_of(k)[j])
                    .find(|&u| u != t && p.is_alive(u) && p.known_link(t, u) && p.allowed(t, u));
                if let Some(u) = partner {
                    self.join(p, t, u);
                }
            }
        }
    }

    /// Replays the joins of the last test, each tested on the board as it is now.
    fn replay_last_joins(&mut self, p: &mut Position) {
        let prev = std::mem::take(&mut self.prev);
        for &(t, u) in &prev {
            if p.is_alive(t)
                && p.is_alive(u)
                && !(self.reach[t as usize] && self.reach[u as usize])
                && p.allowed(t, u)
                && self.dead_link(p, t, u)
            {
                self.join(p, t, u);
            }
        }
        self.prev = prev;
    }

    /// Passes over the tiles not in the set until one changes nothing (or all are in).
    fn saturate(&mut self, p: &mut Position, remaining: usize) {
        while self.taken.len() < remaining {
            let mut changed = false;
            for k in 0..p.kind_count() {
                if p.left(k) == 0 {
                    continue;
                }
                for i in 0..p.tiles_of(k).len() {
                    let t = p.tiles_of(k)[i];
                    if p.halted() {
                        return;
                    }
                    if !p.is_alive(t) || self.reach[t as usize] {
                        continue;
                    }
                    if let Some(u) = self.linking_partner(p, k, t) {
                        self.join(p, t, u);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// An allowed partner of tile `t` (of kind `k`) that links with the set taken off.
    fn linking_partner(&mut self, p: &mut Position, k: usize, t: u32) -> Option<u32> {
        let m = p.mate(t);
        if m != NONE {
            return self.dead_link(p, t, m).then_some(m);
        }
        for j in 0..p.tiles_of(k).len() {
            let u = p.tiles_of(k)[j];
            if u != t
                && p.is_alive(u)
                && p.mate(u) == NONE
                && !p.banned(t, u)
                && self.dead_link(p, t, u)
            {
                return Some(u);
            }
        }
        None
    }

    /// Adds `t` and `u` to the set, taking them off the board.
    fn join(&mut self, p: &mut Position, t: u32, u: u32) {
        self.joins.push((t, u));
        self.epoch += 1;
        for x in [t, u] {
            if !self.reach[x as usize] {
                self.reach[x as usize] = true;
                p.take_off(x);
                self.taken.push(x);
            }
        }
    }

    /// Whether `t` and `u` were found not to link since the last join.
    #[inline]
    fn known_failure(&self, p: &Position, t: u32, u: u32) -> bool {
        let slot = if t < u { p.slot(t, u) } else { p.slot(u, t) };
        slot.is_some_and(|i| self.failed[i] == self.epoch)
    }

    /// Whether `t` and `u` link on the board with the set taken off. A failure is
    /// remembered until the next join (the board only changes on joins, and the link
    /// rule is symmetric), so a pair is tested once per board state.
    #[inline]
    fn dead_link(&mut self, p: &Position, t: u32, u: u32) -> bool {
        if self.known_failure(p, t, u) {
            return false;
        }
        let linked = p.cells_link(t, u);
        let slot = if t < u { p.slot(t, u) } else { p.slot(u, t) };
        if let (false, Some(i)) = (linked, slot) {
            self.failed[i] = self.epoch;
        }
        linked
    }
}
