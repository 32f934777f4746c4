//! Discrepancy-limited restart attempts ([`Strategy::Discrepancy`]): the first few
//! choices of a line are enumerated in the order of how far they stray from the move
//! order, each line then gets a small depth-first search of its own.
//!
//! An attempt with `k` discrepancies walks the top [`Params::depth`] *choice levels*
//! (levels with two or more takes to try, once the asleep and the jammed are left out):
//! the move order's first take costs nothing, any other one discrepancy, and a line is
//! followed only if it spends exactly `k` of them there (so attempt `k` repeats no line
//! of the attempts before it). At the end of those levels the ordinary depth-first search
//! (`Search::attempt`) runs with at most [`Params::quota`] nodes. With `early` the
//! other takes come before the first one at each choice level, so lines that stray early
//! are tried first (as depth-bounded discrepancy search does).
//!
//! Soundness: the attempt only chooses which lines to look at first. A level that did
//! not look at every take it had (a take not allowed by the discrepancy count, a line
//! whose search ran out of its quota) returns [`Probe::Pruned`]: it is not proven dead,
//! so it is not stored in the memo and its take does not join its parent's sleep set.
//! Only a level all of whose takes were searched to the end and lost (or were asleep or
//! jammed, which are proofs) returns `Dead` and is remembered, exactly as in
//! `Search::attempt`, so the memo keeps holding only lost positions and the later
//! attempts (and the exhaustive last one) still decide every position.

use super::{Outcome, Search};

/// How a discrepancy-limited level ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Probe {
    Win,
    /// Every take searched to the end and lost: the position is lost.
    Dead,
    /// Some take was not searched to the end: nothing proven.
    Pruned,
    /// The attempt's budget ran out.
    OutOfBudget,
}

/// The shape of the discrepancy attempts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    /// Choice levels where discrepancies are spent.
    pub depth: u32,
    /// Nodes of the depth-first search below each line.
    pub quota: u64,
    /// Strays before the move order's first take at each choice level.
    pub early: bool,
    /// The ordinary attempt after which the first discrepancy slot comes.
    pub start: u32,
    /// A discrepancy slot's nodes are the ordinary attempt's before it times `1 << shift`.
    pub shift: u32,
}

impl Params {
    pub fn from_env() -> Self {
        let get = |n: &str, d: u64| {
            std::env::var(n)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(d)
        };
        Params {
            depth: get("LDS_D", 4) as u32,
            quota: get("LDS_Q", 8192),
            early: get("LDS_EARLY", 1) == 1,
            start: get("LDS_START", 4) as u32,
            shift: get("LDS_SHIFT", 0) as u32,
        }
    }

    /// Slot `s` of the restart schedule: the ordinary attempt it runs (or, for a
    /// discrepancy slot, the one before it) and whether it is a discrepancy slot. Slots
    /// `0..=start` are attempts `0..=start`; then discrepancy slots and the next ordinary
    /// attempts alternate.
    pub fn slot(&self, s: u32) -> (u32, bool) {
        if s <= self.start {
            return (s, false);
        }
        let j = s - self.start - 1;
        (self.start + j / 2 + j % 2, j.is_multiple_of(2))
    }
}

impl Search<'_> {
    /// One discrepancy-limited level (module doc): `depth` choice levels so far, `disc`
    /// discrepancies still to spend.
    pub(super) fn probe(&mut self, depth: u32, disc: u32) -> Probe {
        if self.st.left == 0 {
            return Probe::Win;
        }
        if self.nodes >= self.limit {
            return Probe::OutOfBudget;
        }
        if depth >= self.lds.depth {
            if disc > 0 {
                return Probe::Pruned;
            }
            self.lds_line += 1;
            if self.lds_line <= self.lds_done {
                // searched to its quota by an earlier slot
                return Probe::Pruned;
            }
            let outer = self.limit;
            self.limit = outer.min(self.nodes.saturating_add(self.lds.quota));
            let out = self.attempt();
            // `limit` is 0 once the interrupt fired (and `max_nodes` too).
            self.limit = if self.max_nodes == 0 { 0 } else { outer };
            return match out {
                Outcome::Win => Probe::Win,
                Outcome::Dead => Probe::Dead,
                Outcome::OutOfBudget if self.nodes >= self.limit => Probe::OutOfBudget,
                Outcome::OutOfBudget => Probe::Pruned,
            };
        }
        if self.count_node() {
            return Probe::OutOfBudget;
        }
        if self.memo.contains(self.st.hash, &self.st.rem) {
            return Probe::Dead;
        }
        let base = self.cand.len();
        self.push_candidates();
        let words = self.st.rem.len();
        let zb = self.sleep.len() - words;
        // Leave out the takes asleep and those whose child is jammed (both proven lost),
        // keeping the order of the others.
        let mut live = base;
        for i in base..self.cand.len() {
            let t = self.cand[i];
            let tu = usize::from(t);
            let bit = 1u64 << (tu % 64);
            if self.sleep[zb + tu / 64] & bit != 0 {
                self.slept_takes += 1;
                continue;
            }
            let undo = self.st.take(tu);
            let jammed = self.st.jammed();
            self.st.untake(undo);
            if jammed {
                self.jammed_cuts += 1;
                self.sleep[zb + tu / 64] |= bit;
                if self.count_node() || self.nodes >= self.limit {
                    self.cand.truncate(base);
                    return Probe::OutOfBudget;
                }
                continue;
            }
            self.cand[live] = t;
            live += 1;
        }
        self.cand.truncate(live);
        let n = live - base;
        let choice = n > 1;
        let next_depth = depth + u32::from(choice);
        let mut pruned = false;
        for j in 0..n {
            // The position in the move order of the take tried `j`-th.
            let r = if choice && self.lds.early && disc > 0 {
                (j + 1) % n
            } else {
                j
            };
            let cost = u32::from(r > 0);
            if cost > disc {
                pruned = true;
                continue;
            }
            let t = self.cand[base + r];
            let tu = usize::from(t);
            let bit = 1u64 << (tu % 64);
            if self.sleep[zb + tu / 64] & bit != 0 {
                // asleep since the pre-pass (a sibling tried before it lost)
                continue;
            }
            let undo = self.st.take(tu);
            self.push_child_sleep(zb, true);
            self.path.push(t);
            let out = self.probe(next_depth, disc - cost);
            self.sleep.truncate(zb + words);
            if out == Probe::Win {
                self.cand.truncate(base);
                return out;
            }
            self.path.pop();
            self.st.untake(undo);
            match out {
                Probe::OutOfBudget => {
                    self.cand.truncate(base);
                    return out;
                }
                Probe::Pruned => pruned = true,
                _ => self.sleep[zb + tu / 64] |= bit,
            }
        }
        self.cand.truncate(base);
        if pruned {
            return Probe::Pruned;
        }
        self.memo.insert(self.st.hash, &self.st.rem);
        Probe::Dead
    }
}
