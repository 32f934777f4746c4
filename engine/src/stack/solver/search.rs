//! The depth-first search over takes, with its memo of dead remaining-sets, its sound
//! cuts and its move ordering (see the module doc of `solver` for why each cut is sound).

use super::memo::DeadMemo;
use super::pressure::Pressure;
use super::state::{retain_bits, State};
use super::Strategy;

/// How a (sub)search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    Win,
    Dead,
    OutOfBudget,
}

/// Steps of work (words of the dominance table read, tile-words of the tray-pressure
/// test) after which the interrupt is polled even within 1,024 nodes: a node on a board of
/// a thousand free tiles reads some 16,000 words, so polling by nodes alone could overrun
/// a time budget.
pub(crate) const POLL_WORK: u64 = 1 << 20;

/// Nodes after which the interrupt is polled (a node costs well under a microsecond on
/// real-style maps, so about a millisecond of work between polls).
pub(crate) const POLL_NODES: u64 = 1024;

/// One search: the state, the memo, the budget and the line being tried.
pub(crate) struct Search<'a> {
    pub st: State,
    pub memo: DeadMemo,
    pub nodes: u64,
    /// Nodes after which the search gives up (set to 0 when the interrupt fires).
    pub max_nodes: u64,
    /// The restart attempt [`Search::run`] starts with: a run that stopped at its node
    /// budget between attempts resumes where it left off when called again.
    pub next_attempt: u32,
    /// Node count at which the current attempt gives up (at most `max_nodes`).
    limit: u64,
    /// Node count at which the current attempt's quota ends (whatever the budget).
    quota_end: u64,
    /// Node count at which the caller's phase ends whatever the budget (the probe, a turn
    /// of `refute::turns`, a projection's share), where `max_nodes` is also cut by the
    /// budget: a jammed child that reaches it ends the run, as at an attempt's quota.
    pub phase_end: u64,
    /// Tie-break of the current attempt's move ordering (0: tile index order).
    salt: u64,
    pub interrupt: &'a mut dyn FnMut() -> bool,
    /// Work since the interrupt was last polled, in steps (see
    /// [`POLL_WORK`]).
    work: u64,
    /// The takes (compact indices) from the start to the current position.
    pub path: Vec<u16>,
    /// Candidate lists of all open levels, one after another.
    cand: Vec<u16>,
    scratch: Vec<u16>,
    /// The candidates of the level being ordered, with their sort keys.
    keyed: Vec<((u32, u64), u16)>,
    /// Which search this is (see [`Strategy`]).
    pub strategy: Strategy,
    /// The tray-pressure test (used by [`Strategy::Pressure`] only).
    pressure: Pressure,
    /// Positions [`Pressure::dead`] proved lost.
    pub pressure_cuts: u64,
    /// Children [`State::jammed`] proved lost (each counted as one node).
    pub jammed_cuts: u64,
    /// Nodes where an exposed triple's tile was the only move tried.
    pub exposed_takes: u64,
    /// Sleep sets of the open levels, one after another (`st.rem.len()` words each):
    /// bit `t` of a level's set says that taking `t` there is known to lose (see the
    /// module doc of `solver`, "Sleep sets").
    sleep: Vec<u64>,
    /// Takes skipped because they were asleep.
    pub slept_takes: u64,
    /// Takes of a leaf that bound the next take to the leaf's kind.
    pub bound_takes: u64,
}

impl<'a> Search<'a> {
    pub fn new(st: State, max_nodes: u64, interrupt: &'a mut dyn FnMut() -> bool) -> Self {
        let pressure = Pressure::new(&st);
        Search {
            st,
            memo: DeadMemo::default(),
            nodes: 0,
            max_nodes,
            next_attempt: 0,
            limit: max_nodes,
            quota_end: u64::MAX,
            phase_end: u64::MAX,
            salt: 0,
            interrupt,
            work: 0,
            path: Vec::new(),
            cand: Vec::new(),
            scratch: Vec::new(),
            keyed: Vec::new(),
            strategy: Strategy::Current,
            pressure,
            pressure_cuts: 0,
            jammed_cuts: 0,
            exposed_takes: 0,
            sleep: Vec::new(),
            slept_takes: 0,
            bound_takes: 0,
        }
    }

    /// Searches from the current position with restarts; on `Win`, `path` holds the
    /// whole line. Attempt `i` gets `FIRST_ATTEMPT << i` nodes (the last attempt whatever
    /// the budget leaves) and the ordering of salt `2 i` (see `push_candidates`): layer
    /// first in every attempt, the plain key in even attempts and the mixed one in odd
    /// attempts, each with its own tie break ([`Strategy::Baseline`]: `FIRST_ATTEMPT <<
    /// i / 2` nodes, salt `i`, the kind-based order). The
    /// dead memo is kept across attempts (a remaining-set proven dead is dead whatever
    /// order found it), so a restart loses only the undecided work, and `Dead` is still a
    /// complete proof. Called again after stopping at `max_nodes` on an attempt's end, it
    /// goes on with the next attempt, as if it had not stopped.
    pub fn run(&mut self) -> Outcome {
        const FIRST_ATTEMPT: u64 = 1 << 9;
        let mut attempt = self.next_attempt;
        loop {
            let (quota, salt) = if self.strategy == Strategy::Baseline {
                // The schedule before the layer-first orders: quota doubling every second
                // attempt, the plain order first.
                (FIRST_ATTEMPT << (attempt / 2).min(40), attempt)
            } else {
                (FIRST_ATTEMPT << attempt.min(40), attempt.saturating_mul(2))
            };
            let quota_end = self.nodes.saturating_add(quota);
            self.quota_end = quota_end;
            self.limit = quota_end.min(self.max_nodes);
            self.salt = u64::from(salt);
            // The root's sleep set is empty.
            self.sleep.clear();
            self.sleep.resize(self.st.rem.len(), 0);
            let out = self.attempt(FREE_CHOICE);
            if out == Outcome::OutOfBudget && self.nodes >= quota_end {
                self.next_attempt = attempt + 1;
            }
            if out != Outcome::OutOfBudget || self.nodes >= self.max_nodes {
                return out;
            }
            attempt += 1;
        }
    }

    /// Counts one node and polls the interrupt every `POLL_NODES` nodes (or sooner after
    /// `POLL_WORK` units of work); true when it fired (the search then stops: no budget is
    /// left).
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if !(self.nodes.is_multiple_of(POLL_NODES) || self.work >= POLL_WORK) {
            return false;
        }
        self.work = 0;
        if (self.interrupt)() {
            self.max_nodes = 0;
            self.limit = 0;
            return true;
        }
        false
    }

    /// One depth-first attempt from the current position, up to `limit` nodes.
    fn attempt(&mut self, need: u8) -> Outcome {
        if self.st.left == 0 {
            return Outcome::Win;
        }
        if self.nodes >= self.limit {
            return Outcome::OutOfBudget;
        }
        if self.count_node() {
            return Outcome::OutOfBudget;
        }
        if self.memo.contains(self.st.hash, &self.st.rem) {
            return Outcome::Dead;
        }
        if self.strategy == Strategy::Pressure && self.pressure.dead(&self.st, &mut self.work) {
            self.pressure_cuts += 1;
            return Outcome::Dead;
        }
        let base = self.cand.len();
        self.push_candidates(need);
        // This level's sleep set: the last `words` words of `sleep` (pushed by the parent).
        let words = self.st.rem.len();
        let zb = self.sleep.len() - words;
        // The cuts past the baseline's (sleep sets, leaves waiting for their triple).
        let rules = self.strategy != Strategy::Baseline;
        let mut i = base;
        while i < self.cand.len() {
            let t = self.cand[i];
            i += 1;
            let tu = usize::from(t);
            let bit = 1u64 << (tu % 64);
            if self.sleep[zb + tu / 64] & bit != 0 {
                self.slept_takes += 1;
                continue;
            }
            // A leaf taken without completing a triple binds the next take to its kind
            // (module doc of `solver`, "Leaves wait for their triple").
            let child_need = if rules && self.st.binds_next(tu) {
                self.bound_takes += 1;
                self.st.kind[tu]
            } else {
                FREE_CHOICE
            };
            let undo = self.st.take(tu);
            // A child lost for want of tray room two takes ahead is not searched (see the
            // module doc of `solver`, "Jammed trays"): no memo entry, and it counts as one
            // node, as when it was searched, so that node budgets (the hint's) keep
            // bounding the work.
            if self.strategy != Strategy::Baseline && self.st.jammed() {
                self.st.untake(undo);
                self.work += 8;
                // Entered like any child (see `attempt`): only below the limit, then
                // counted and polled, so the interrupt's cadence holds and a search stopped
                // by its budget has spent exactly it. (Until 2026-12-05 it was counted
                // first and the limit checked after, so a jammed child could count one node
                // past the budget, and one that was a budget's last node stopped the search
                // where a regular child would have been searched: a budget of exactly the
                // nodes of an answer did not always reach it.)
                // And a jammed child that reaches the end of the attempt's quota or of the
                // caller's phase ends the run there, as it always has: that is the
                // schedule, the same for every budget.
                if self.nodes >= self.limit
                    || self.count_node()
                    || self.nodes >= self.quota_end.min(self.phase_end)
                {
                    self.cand.truncate(base);
                    return Outcome::OutOfBudget;
                }
                self.jammed_cuts += 1;
                // The child is lost: the later siblings need not take `t` again.
                self.sleep[zb + tu / 64] |= bit;
                continue;
            }
            self.push_child_sleep(zb, rules);
            self.path.push(t);
            let out = self.attempt(child_need);
            self.sleep.truncate(zb + words);
            if out == Outcome::Win {
                self.cand.truncate(base);
                return out;
            }
            self.path.pop();
            self.st.untake(undo);
            if out == Outcome::OutOfBudget {
                self.cand.truncate(base);
                return out;
            }
            // Proven lost: asleep for the later siblings (module doc, "Sleep sets"). A
            // child bound to a kind is lost only as far as that binding goes, so it puts
            // nothing to sleep.
            if rules && child_need == FREE_CHOICE {
                self.sleep[zb + tu / 64] |= bit;
            }
        }
        self.cand.truncate(base);
        // Only a position searched with every take open is lost outright (a bound one may
        // be won by a line that starts with another kind).
        if need == FREE_CHOICE {
            self.memo.insert(self.st.hash, &self.st.rem);
        }
        Outcome::Dead
    }

    /// Pushes the sleep set of the child just reached (the take is made): the takes asleep
    /// at its parent (the level at `zb`) that are still legal here, so that taking them
    /// here reaches a position the parent's lost child reaches too (module doc, "Sleep
    /// sets"). Free tiles stay free, so only the tray can make one illegal: with a slot
    /// to spare after one more take all stay, else only those that complete a triple.
    /// Empty when `sleepy` is false.
    fn push_child_sleep(&mut self, zb: usize, sleepy: bool) {
        let words = self.st.rem.len();
        let roomy = self.st.tray_len + 1 < self.st.capacity;
        for w in 0..words {
            let mut z = if sleepy { self.sleep[zb + w] } else { 0 };
            if !roomy {
                z = retain_bits(z, w * 64, |t| self.st.legal(t));
            }
            self.sleep.push(z);
        }
    }

    /// Pushes the takes worth trying here, best first, onto `cand`: takes of kind `need`
    /// only, unless it is [`FREE_CHOICE`].
    fn push_candidates(&mut self, need: u8) {
        let st = &self.st;
        let rules = self.strategy != Strategy::Baseline;
        let mut free = std::mem::take(&mut self.scratch);
        free.clear();
        st.free_tiles(&mut free);
        // The dominance check below reads a row of the dominator table per free tile.
        self.work += (free.len() * st.rem.len()) as u64;
        // The last tile of a kind that completes the tray's pair: always safe first. Then
        // a kind whose remaining tiles are all free and make up its next triple, with
        // room in the tray to take them one after another: taking them first is safe
        // (see the module doc, "Exposed triples"), so one of them is the only move. The
        // kinds are found from the per-kind counts; the take is the first free tile of
        // one of them.
        // (Not where the take is bound to a kind: a forced take of another kind could not
        // be tried there.)
        let (forced, exposed) = match st.last_tile_kinds() {
            _ if need != FREE_CHOICE => (0, false),
            0 if self.strategy != Strategy::Baseline => (st.exposed_kinds(), true),
            kinds => (kinds, false),
        };
        if forced != 0 {
            if let Some(&t) = free
                .iter()
                .find(|&&t| forced & (1u64 << st.kind[usize::from(t)]) != 0)
            {
                self.cand.push(t);
                self.exposed_takes += u64::from(exposed);
                self.scratch = free;
                return;
            }
        }
        let free_of = &st.free_of;
        let base = self.cand.len();
        for &t in &free {
            let tu = usize::from(t);
            // Dominated: another free tile of the kind covers all `t` covers (ties: the
            // lower index stays). A leaf that would wait for a triple its kind's free
            // tiles cannot complete is not tried (module doc, "Leaves wait for their
            // triple").
            let wanted = need == FREE_CHOICE || st.kind[tu] == need;
            if wanted
                && st.legal(tu)
                && !st.dominated(tu)
                && !(rules && st.binds_next(tu) && !st.leaves_complete(tu))
            {
                self.cand.push(t);
            }
        }
        let salt = self.salt;
        if self.strategy != Strategy::Baseline {
            // Higher layers first, with the tray as a tie break (see the module doc, "Move
            // ordering"); ties by a salted hash. Salts are even here (2 × the attempt): the
            // plain key in even attempts, the mixed one in odd attempts.
            let mixed = (salt / 2) % 2 == 1;
            let key = |t: u16| {
                let tu = usize::from(t);
                let k = usize::from(st.kind[tu]);
                let layer = u32::from(st.layer[tu]);
                let held = u32::from(st.tray[k]);
                let score = if mixed {
                    // A tray tile of the kind is worth three layers, and a kind whose
                    // next triple is all free two more.
                    let ready = u32::from(free_of[k] + u16::from(st.tray[k]) >= 3);
                    layer + 3 * held + 2 * ready
                } else {
                    // The layer decides; then the tray's count of the kind, then how
                    // many tiles the take uncovers (up to 3).
                    layer * 16 + held * 4 + (st.frees(tu) as u32).min(3)
                };
                let tie = st.zobrist[tu] ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                (u32::MAX - score, tie)
            };
            // Each key computed once (it counts the tiles a take uncovers).
            let mut keyed = std::mem::take(&mut self.keyed);
            keyed.clear();
            keyed.extend(self.cand[base..].iter().map(|&t| (key(t), t)));
            keyed.sort_unstable();
            for (c, &(_, t)) in self.cand[base..].iter_mut().zip(&keyed) {
                *c = t;
            }
            self.keyed = keyed;
            self.scratch = free;
            return;
        }
        let key = |t: u16| {
            let tu = usize::from(t);
            let k = usize::from(st.kind[tu]);
            let short = 3u16.saturating_sub(u16::from(st.tray[k]) + free_of[k]);
            let tie = if salt == 0 {
                u64::from(t)
            } else {
                st.zobrist[tu] ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            };
            if salt % 2 == 1 {
                (short, 2 - st.tray[k], 0, tie)
            } else {
                (short, 2 - st.tray[k], usize::MAX - st.frees(tu), tie)
            }
        };
        self.cand[base..].sort_by_key(|&t| key(t));
        self.scratch = free;
    }
}

/// The `need` of a position where a take of any kind may be tried (and of a set where a
/// put-back of any kind may be, in the backward search).
pub(crate) const FREE_CHOICE: u8 = u8::MAX;
