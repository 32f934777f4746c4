//! The game played backwards: an exact search from the end of the game (every tile taken)
//! back to the position, putting tiles back bottom first.
//!
//! **Why it is the same game.** Without props the tray after a set `D` of takes holds, per
//! kind `k`, `(tray₀[k] + |D ∩ k|) mod 3` tiles. Every kind's tray and remaining tiles
//! make a multiple of three, so with `R` the tiles *not yet taken* (the rest of the game)
//! this is `(−|R ∩ k|) mod 3`: 0 when `|R ∩ k|` is a multiple of three, 2 when it is one
//! more, 1 when two more. A winning line is a sequence of sets `D₀ = ∅ ⊂ D₁ ⊂ … ⊂ Dₙ`
//! (all the remaining tiles), each one take more, each take free when made (every tile
//! covering it already taken) and each `Dᵢ`'s tray at most `capacity − 1` (a take that
//! completes nothing must leave a slot empty; one that completes a triple leaves the tray
//! shorter than before). Read backwards it is `Rₙ = ∅ ⊂ … ⊂ R₀`: tiles put back one at a
//! time, a tile only once every tile it covers is back (it was taken after them, or rather
//! they were taken after it), every set's tray `Σ_k (−|R ∩ k|) mod 3` at most
//! `capacity − 1`. So a backward line from `∅` to all the tiles is, reversed, a winning
//! line, and the other way round: the backward search decides the same question.
//!
//! **Why search it.** The forward search enumerates the positions reachable from the
//! start; the backward one those from which the end is reachable. On a lost map the two
//! sets do not meet, and either search must exhaust its own: the backward one is small
//! when the map dies near its end (the bottom layers), where the forward search would
//! first have to go through every way of clearing the top. Backwards, starting a group of
//! three costs two slots at once (one tile back: the tray of the game before it holds
//! two of that kind), which makes the bottom of a map tight.
//!
//! Cuts, each sound: the memo of dead put-back sets (a set is dead whatever order built
//! it); *closing groups*: when every tile of a kind `k` not back yet may go back now, there
//! are at most three of them and they close the kind's group (they and the tiles back make
//! a multiple of three), and the tray has room for the first (the others only shorten it),
//! one of them is the only move tried. Proof: from a backward line `L`, build `L'`: those
//! tiles first, then `L` without them. The first part keeps the tray in bounds (the
//! condition for the first, each later one shortens it) and each may go back (tiles only
//! become able to go back as more are back). After it, at each step `L'` has back what `L`
//! has and those tiles, so a tile that may go back in `L` may in `L'` (or is back); every
//! other kind's tray is the same and `k`'s is 0, never more than in `L`; so `L'` is a
//! backward line too. (The forward rule "Exposed triples" in `solver`, mirrored.) And
//! dominance within a kind: of two tiles `t`, `s` of one kind that may go back
//! now, `t` need not go first when every tile covering `t` also covers `s` (from a line
//! that puts back `t` first, exchange `t` and `s`: the tray counts are unchanged, every tile
//! `t`'s return lets back is let back by `s`'s too, and `t` can still go back; the forward
//! rule "Dominance within a kind" in `solver`, mirrored).
//!
//! **Sleep sets** (the forward rule in `solver`, mirrored). A set is *dead* when no
//! backward line goes on from it to every tile back; then so is every set a legal
//! put-back leads to from it (a line from that one would be a line from it). Whether a
//! tile may go back depends only on the set (every tile it covers is back, and the tray
//! of the set it leads to is at most `capacity − 1`; the tray is a function of the set),
//! and a tile that may go back stays able to as more tiles come back, as long as the
//! tray allows. So two put-backs `a`, `b` at a set `B` commute whenever `B+a+b` is legal:
//! `B+a+b` is `B+b+a`, and `b` may go back at `B+a` and `a` at `B+b`. Each level carries a
//! sleep set `Z` of put-backs it does not try, with the invariant: every `z` in `Z` may go
//! back at `B` and `B+z` is dead. At the root `Z` is empty; when a child `B+c` is proven
//! dead (searched or found in the memo), `c` joins `Z` for the later siblings; the child
//! searched gets `{z ∈ Z : B+c+z legal}` (`B+c+z = B+z+c` is reached from the dead `B+z`
//! by the legal put-back `c`, so it is dead). A level returns "dead" only when every
//! put-back it did not try is asleep (dead) or cut by the rules above, so every set the
//! memo stores is dead, and a line is found whenever there is one; the first line found
//! is the one found without them (only dead subtrees are skipped). On seed 244 of the
//! real-style maps the backward search wins after 6.5 M nodes instead of 17.1 M (3.2
//! against 5.3 s), and alone with 1 M nodes it wins 273 of seeds 0..300 instead of 263.
//!
//! **Uncovered group starts** (the forward rule "Leaves wait for their triple" in `solver`,
//! seen from the end). Group the put-backs of each kind in threes, in order (the count
//! going from a multiple of three to the next); only a group's first put-back lengthens
//! the tray (by two: read forwards, it is the take that completes a triple). Call a
//! put-back *binding* when it starts a group, its tile is covered by nothing (nothing
//! remaining covers it in the position: a put-back enables a tile only by being below
//! it, so this one enables none), and another tile of its kind is still to go back.
//! Theorem: if a backward line exists, one exists where every binding put-back is
//! followed at once by a put-back of its kind. Proof: in a line `L`, a binding put-back
//! `b` has a second put-back `c` in its group (another tile of the kind is still to go
//! back, so the group goes on); move `b` to just before `c`. It passes only put-backs of
//! other kinds, so every kind's count changes in the same order (and which put-backs
//! start groups and bind is unchanged); no put-back it passes needed it back (it is
//! below no tile), and it may still go back later (a tile able to go back stays able,
//! the tray allowing); until its new place the set lacks it, so its kind's tray count is
//! 0 instead of 2 (the tray is shorter), and just before `c` the set is the one `L` had
//! there. Doing this for every binding put-back (each to before its own `c`, which is of
//! its kind, so no two moves interfere) gives such a line. So after a binding put-back
//! the search tries only its kind; a set reached that way is dead only as far as that
//! binding goes, so it is not stored in the memo and puts nothing to sleep (a memo hit
//! and a carried sleep set still hold there: both are about sets dead outright), and
//! closing groups are not forced there (they could be of another kind). Dominance and
//! closing groups keep such a line as in the forward search: their exchanges put first a
//! put-back that binds nothing or is followed by its kind, and moving binding put-backs
//! later never moves the first one. A binding put-back with no other tile of its kind
//! able to go back after it is not tried (it enables none, so its bound child has no
//! move). Alone with 1 M nodes, 276 of seeds 0..300 won instead of 273, seed 244 in 4.9 M
//! nodes instead of 6.5 M (engine/BENCHMARKS.md).

use super::super::memo::DeadMemo;
use super::super::search::{Outcome, FREE_CHOICE, POLL_NODES};
use super::super::state::{dominated_within, dominator_table, retain_bits, State, KINDS};

/// The backward search from the end of `st`'s game.
pub(crate) struct Backward {
    kind: Vec<u8>,
    /// Tiles covering each tile (the forward `below`, inverted).
    above: Vec<Vec<u16>>,
    /// Tiles each tile covers that are not back yet (0: it may go back).
    pending: Vec<u16>,
    /// Bitset of the tiles back.
    back: Vec<u64>,
    /// Bitset of the tiles that may go back (all they cover is back, they are not).
    ready: Vec<u64>,
    zobrist: Vec<u64>,
    hash: u64,
    /// Tiles back per kind.
    count: [u16; KINDS],
    /// Tiles not back per kind, and of those the ones that may go back now.
    out_of: [u16; KINDS],
    ready_of: [u16; KINDS],
    /// Nodes where a closing group's tile was the only move tried.
    pub closing_takes: u64,
    /// The tray of the forward position this set of tiles back stands for.
    tray: u32,
    capacity: u32,
    left: usize,
    memo: DeadMemo,
    pub nodes: u64,
    /// Nodes after which the search gives up; raise it and call [`Backward::run`] again
    /// to go on (the memo is kept, so the dead parts are not searched again).
    pub max_nodes: u64,
    pub interrupted: bool,
    /// Candidate lists of all open levels, one after another.
    cand: Vec<u16>,
    /// The tiles that may go back at the node being expanded.
    scratch: Vec<u16>,
    /// Per tile (`back.len()` words each): the tiles of its kind that dominate it, from
    /// the tiles above each (see the module doc, "dominance within a kind").
    dominators: Vec<u64>,
    /// The tiles put back, in order (reversed: a winning line).
    pub path: Vec<u16>,
    /// Sleep sets of the open levels, one after another (`back.len()` words each): bit `t`
    /// of a level's set says that putting `t` back there is known to lead to a dead set.
    sleep: Vec<u64>,
    /// Put-backs skipped because they were asleep.
    pub slept: u64,
    /// Put-backs that bound the next one to their kind.
    pub bound: u64,
}

impl Backward {
    pub fn new(st: &State, max_nodes: u64) -> Self {
        let m = st.kind.len();
        let mut above = vec![Vec::new(); m];
        let mut pending = vec![0u16; m];
        for t in (0..m).filter(|&t| remains(st, t)) {
            for &b in &st.below[t] {
                above[usize::from(b)].push(t as u16);
            }
            pending[t] = st.below[t].len() as u16;
        }
        let mut ready = vec![0u64; st.rem.len()];
        let mut out_of = [0u16; KINDS];
        let mut ready_of = [0u16; KINDS];
        for t in (0..m).filter(|&t| remains(st, t)) {
            let k = usize::from(st.kind[t]);
            out_of[k] += 1;
            if pending[t] == 0 {
                ready[t / 64] |= 1 << (t % 64);
                ready_of[k] += 1;
            }
        }
        let dominators = dominator_table(&st.kind, &above, st.rem.len());
        Backward {
            kind: st.kind.clone(),
            above,
            pending,
            back: vec![0; st.rem.len()],
            ready,
            zobrist: st.zobrist.clone(),
            hash: 0,
            count: [0; KINDS],
            out_of,
            ready_of,
            closing_takes: 0,
            tray: 0,
            capacity: st.capacity,
            left: st.left,
            memo: DeadMemo::default(),
            nodes: 0,
            max_nodes,
            interrupted: false,
            cand: Vec::new(),
            scratch: Vec::new(),
            dominators,
            path: Vec::new(),
            sleep: Vec::new(),
            slept: 0,
            bound: 0,
        }
    }

    /// Searches for a backward line from the end to the position, polling `interrupt`
    /// every [`POLL_NODES`] nodes (once it fires, the search stops for good).
    pub fn run(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Outcome {
        // The root's sleep set is empty.
        self.sleep.clear();
        self.sleep.resize(self.back.len(), 0);
        self.node(interrupt, FREE_CHOICE)
    }

    /// One node of [`Backward::run`]: its sleep set is the last `back.len()` words of
    /// `sleep`, pushed by its parent.
    fn node(&mut self, interrupt: &mut dyn FnMut() -> bool, need: u8) -> Outcome {
        if self.left == 0 {
            return Outcome::Win;
        }
        if self.nodes >= self.max_nodes {
            return Outcome::OutOfBudget;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_NODES) && interrupt() {
            self.interrupted = true;
            self.max_nodes = 0;
            return Outcome::OutOfBudget;
        }
        if self.memo.contains(self.hash, &self.back) {
            return Outcome::Dead;
        }
        let base = self.cand.len();
        self.push_moves(need);
        let words = self.back.len();
        let zb = self.sleep.len() - words;
        let mut i = base;
        while i < self.cand.len() {
            let t = usize::from(self.cand[i]);
            i += 1;
            let bit = 1u64 << (t % 64);
            if self.sleep[zb + t / 64] & bit != 0 {
                self.slept += 1;
                continue;
            }
            // A put-back that starts a group with a tile nothing covers binds the next
            // put-back to its kind (module doc, "Uncovered group starts").
            let child_need = if self.binds_next(t) {
                self.bound += 1;
                self.kind[t]
            } else {
                FREE_CHOICE
            };
            self.put_back(t);
            self.push_child_sleep(zb);
            self.path.push(t as u16);
            let out = self.node(interrupt, child_need);
            self.sleep.truncate(zb + words);
            if out == Outcome::Win {
                self.cand.truncate(base);
                return out;
            }
            self.path.pop();
            self.take_again(t);
            if out == Outcome::OutOfBudget {
                self.cand.truncate(base);
                return out;
            }
            // Proven dead: asleep for the later siblings (module doc, "Sleep sets"); a
            // child bound to a kind is dead only as far as that binding goes.
            if child_need == FREE_CHOICE {
                self.sleep[zb + t / 64] |= bit;
            }
        }
        self.cand.truncate(base);
        // Only a set searched with every put-back open is dead outright.
        if need == FREE_CHOICE {
            self.memo.insert(self.hash, &self.back);
        }
        Outcome::Dead
    }

    /// Whether putting back `t` binds the next put-back to its kind: nothing covers `t`,
    /// it starts a group of its kind, and another tile of the kind is still to go back.
    fn binds_next(&self, t: usize) -> bool {
        let k = usize::from(self.kind[t]);
        self.above[t].is_empty() && self.count[k].is_multiple_of(3) && self.out_of[k] > 1
    }

    /// Pushes the sleep set of the child just reached (the put-back is made): the put-backs
    /// asleep at its parent (the level at `zb`) that keep the tray within bounds here
    /// (module doc, "Sleep sets"; a tile that may go back stays able to).
    fn push_child_sleep(&mut self, zb: usize) {
        // A put-back adds at most two tiles to the tray: with that much room, all stay.
        let roomy = self.tray + 2 < self.capacity;
        for w in 0..self.back.len() {
            let mut z = self.sleep[zb + w];
            if !roomy {
                z = retain_bits(z, w * 64, |t| {
                    self.tray_after(usize::from(self.kind[t])) < self.capacity
                });
            }
            self.sleep.push(z);
        }
    }

    /// The tray after putting back a tile of kind `k`.
    fn tray_after(&self, k: usize) -> u32 {
        if self.count[k].is_multiple_of(3) {
            self.tray + 2
        } else {
            self.tray - 1
        }
    }

    /// Pushes the tiles worth putting back now onto `cand`: those that may go back with
    /// the tray within bounds, not dominated, of kind `need` unless it is
    /// [`FREE_CHOICE`], in the order below.
    fn push_moves(&mut self, need: u8) {
        let base = self.cand.len();
        let mut ready = std::mem::take(&mut self.scratch);
        ready.clear();
        for (w, &word) in self.ready.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                ready.push((w * 64 + bits.trailing_zeros() as usize) as u16);
                bits &= bits - 1;
            }
        }
        // A kind whose tiles not back may all go back now and close its group with room
        // for them: one of them is the only move (see the module doc, "Closing groups").
        // (Not where the put-back is bound to a kind: the group could be of another.)
        if let Some(&t) = ready
            .iter()
            .find(|&&t| need == FREE_CHOICE && self.closes(usize::from(self.kind[usize::from(t)])))
        {
            self.cand.push(t);
            self.closing_takes += 1;
            self.scratch = ready;
            return;
        }
        for &t in &ready {
            let t = usize::from(t);
            let k = usize::from(self.kind[t]);
            if self.tray_after(k) >= self.capacity {
                continue;
            }
            // Bound to another kind; or binding with no other tile of its kind that may
            // go back after it (it enables nothing), so its bound child is dead.
            if (need != FREE_CHOICE && usize::from(need) != k)
                || (self.binds_next(t) && self.ready_of[k] < 2)
            {
                continue;
            }
            let dominated =
                self.ready_of[k] > 1 && dominated_within(&self.dominators, t, &self.ready);
            if !dominated {
                self.cand.push(t as u16);
            }
        }
        self.scratch = ready;
        let count = &self.count;
        let kind = &self.kind;
        let ready_of = &self.ready_of;
        // Groups under way first (they shorten the tray), then new groups of kinds with
        // three tiles that may go back now, then the rest; ties by index (lower layers
        // first on real-style maps, whose tiles are numbered layer by layer).
        self.cand[base..].sort_by_key(|&t| {
            let k = usize::from(kind[usize::from(t)]);
            (count[k].is_multiple_of(3), ready_of[k] < 3)
        });
    }

    /// Whether kind `k`'s tiles not back all may go back now, close its group (they and
    /// the tiles back make a multiple of three, at most three of them), and the first of
    /// them keeps the tray within bounds (the others only shorten it).
    fn closes(&self, k: usize) -> bool {
        let n = self.out_of[k];
        n == self.ready_of[k]
            && n <= 3
            && (n + self.count[k]).is_multiple_of(3)
            && self.tray_after(k) < self.capacity
    }

    /// The line found (after [`Backward::run`] gave `Win`): the tiles put back, reversed,
    /// a winning line of the position in compact indices.
    pub fn line(&self) -> Vec<u16> {
        self.path.iter().rev().copied().collect()
    }

    fn put_back(&mut self, t: usize) {
        let k = usize::from(self.kind[t]);
        self.tray = self.tray_after(k);
        self.count[k] += 1;

        self.back[t / 64] |= 1 << (t % 64);
        self.ready[t / 64] &= !(1 << (t % 64));
        self.hash ^= self.zobrist[t];
        self.left -= 1;
        self.out_of[k] -= 1;
        self.ready_of[k] -= 1;
        for &a in &self.above[t] {
            let a = usize::from(a);
            self.pending[a] -= 1;
            if self.pending[a] == 0 {
                self.ready[a / 64] |= 1 << (a % 64);
                self.ready_of[usize::from(self.kind[a])] += 1;
            }
        }
    }

    fn take_again(&mut self, t: usize) {
        for &a in &self.above[t] {
            let a = usize::from(a);
            if self.pending[a] == 0 {
                self.ready[a / 64] &= !(1 << (a % 64));
                self.ready_of[usize::from(self.kind[a])] -= 1;
            }
            self.pending[a] += 1;
        }
        self.ready[t / 64] |= 1 << (t % 64);
        self.left += 1;
        self.hash ^= self.zobrist[t];
        self.back[t / 64] &= !(1 << (t % 64));
        let k = usize::from(self.kind[t]);
        self.out_of[k] += 1;
        self.ready_of[k] += 1;
        self.count[k] -= 1;
        self.tray = if self.count[k].is_multiple_of(3) {
            self.tray - 2
        } else {
            self.tray + 1
        };
    }
}

fn remains(st: &State, t: usize) -> bool {
    st.rem[t / 64] & (1 << (t % 64)) != 0
}

/// Decides `st` by the backward search within `max_nodes`: the outcome, the winning line
/// (compact indices, forward order) on a win, and the nodes spent.
pub(crate) fn solve_backward(
    st: &State,
    max_nodes: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> (Outcome, Vec<u16>, u64) {
    let mut b = Backward::new(st, max_nodes);
    let out = b.run(interrupt);
    (out, b.line(), b.nodes)
}
