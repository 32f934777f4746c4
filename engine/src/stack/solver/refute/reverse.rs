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
//! it), and dominance within a kind: of two tiles `t`, `s` of one kind that may go back
//! now, `t` need not go first when every tile covering `t` also covers `s` (from a line
//! that puts back `t` first, exchange `t` and `s`: the tray counts are unchanged, every tile
//! `t`'s return lets back is let back by `s`'s too, and `t` can still go back; the forward
//! rule "Dominance within a kind" in `solver`, mirrored).

use super::super::memo::DeadMemo;
use super::super::search::{Outcome, POLL_NODES};
use super::super::state::{State, KINDS};

/// The backward search from the end of `st`'s game.
pub(crate) struct Backward<'a> {
    kind: Vec<u8>,
    /// Tiles covering each tile (the forward `below`, inverted).
    above: Vec<Vec<u16>>,
    /// Bitset of the position's remaining tiles (the only ones put back).
    rem: Vec<u64>,
    /// Tiles each tile covers that are not back yet (0: it may go back).
    pending: Vec<u16>,
    /// Bitset of the tiles back.
    back: Vec<u64>,
    zobrist: Vec<u64>,
    hash: u64,
    /// Tiles back per kind.
    count: [u16; KINDS],
    /// The tray of the forward position this set of tiles back stands for.
    tray: u32,
    capacity: u32,
    left: usize,
    memo: DeadMemo,
    pub nodes: u64,
    max_nodes: u64,
    interrupt: &'a mut dyn FnMut() -> bool,
    pub interrupted: bool,
    /// The tiles put back, in order (reversed: a winning line).
    pub path: Vec<u16>,
}

impl<'a> Backward<'a> {
    pub fn new(st: &State, max_nodes: u64, interrupt: &'a mut dyn FnMut() -> bool) -> Self {
        let m = st.kind.len();
        let mut above = vec![Vec::new(); m];
        let mut pending = vec![0u16; m];
        for t in (0..m).filter(|&t| remains(st, t)) {
            for &b in &st.below[t] {
                above[usize::from(b)].push(t as u16);
            }
            pending[t] = st.below[t].len() as u16;
        }
        Backward {
            kind: st.kind.clone(),
            above,
            rem: st.rem.clone(),
            pending,
            back: vec![0; st.rem.len()],
            zobrist: st.zobrist.clone(),
            hash: 0,
            count: [0; KINDS],
            tray: 0,
            capacity: st.capacity,
            left: st.left,
            memo: DeadMemo::default(),
            nodes: 0,
            max_nodes,
            interrupt,
            interrupted: false,
            path: Vec::new(),
        }
    }

    /// Searches for a backward line from the end to the position.
    pub fn run(&mut self) -> Outcome {
        if self.left == 0 {
            return Outcome::Win;
        }
        if self.nodes >= self.max_nodes {
            return Outcome::OutOfBudget;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_NODES) && (self.interrupt)() {
            self.interrupted = true;
            self.max_nodes = 0;
            return Outcome::OutOfBudget;
        }
        if self.memo.contains(self.hash, &self.back) {
            return Outcome::Dead;
        }
        let moves = self.moves();
        for t in moves {
            self.put_back(t);
            self.path.push(t as u16);
            let out = self.run();
            if out == Outcome::Win {
                return out;
            }
            self.path.pop();
            self.take_again(t);
            if out == Outcome::OutOfBudget {
                return out;
            }
        }
        self.memo.insert(self.hash, &self.back);
        Outcome::Dead
    }

    fn is_back(&self, t: usize) -> bool {
        self.back[t / 64] & (1 << (t % 64)) != 0
    }

    /// The tray after putting back a tile of kind `k`.
    fn tray_after(&self, k: usize) -> u32 {
        if self.count[k].is_multiple_of(3) {
            self.tray + 2
        } else {
            self.tray - 1
        }
    }

    /// The tiles worth putting back now: those that may go back with the tray within
    /// bounds, not dominated; tiles continuing a group first.
    fn moves(&self) -> Vec<usize> {
        let ready: Vec<usize> = (0..self.kind.len())
            .filter(|&t| self.pending[t] == 0 && !self.is_back(t) && self.remains(t))
            .collect();
        let mut out: Vec<usize> = Vec::new();
        for (i, &t) in ready.iter().enumerate() {
            let k = usize::from(self.kind[t]);
            if self.tray_after(k) >= self.capacity {
                continue;
            }
            let dominated = ready.iter().enumerate().any(|(j, &s)| {
                j != i
                    && self.kind[s] == self.kind[t]
                    && within(&self.above[t], &self.above[s])
                    && (j < i || !within(&self.above[s], &self.above[t]))
            });
            if !dominated {
                out.push(t);
            }
        }
        out.sort_by_key(|&t| self.count[usize::from(self.kind[t])].is_multiple_of(3));
        out
    }

    fn remains(&self, t: usize) -> bool {
        self.rem[t / 64] & (1 << (t % 64)) != 0
    }

    fn put_back(&mut self, t: usize) {
        let k = usize::from(self.kind[t]);
        self.tray = self.tray_after(k);
        self.count[k] += 1;
        self.back[t / 64] |= 1 << (t % 64);
        self.hash ^= self.zobrist[t];
        self.left -= 1;
        for &a in &self.above[t] {
            self.pending[usize::from(a)] -= 1;
        }
    }

    fn take_again(&mut self, t: usize) {
        for &a in &self.above[t] {
            self.pending[usize::from(a)] += 1;
        }
        self.left += 1;
        self.hash ^= self.zobrist[t];
        self.back[t / 64] &= !(1 << (t % 64));
        let k = usize::from(self.kind[t]);
        self.count[k] -= 1;
        self.tray = if self.count[k].is_multiple_of(3) {
            self.tray - 2
        } else {
            self.tray + 1
        };
    }
}

/// Whether every element of `a` is in `b`.
fn within(a: &[u16], b: &[u16]) -> bool {
    a.iter().all(|x| b.contains(x))
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
    let mut b = Backward::new(st, max_nodes, interrupt);
    let out = b.run();
    let mut line = std::mem::take(&mut b.path);
    line.reverse();
    (out, line, b.nodes)
}
