//! The slide solver's depth-first search over moves: the position (tiles left, where
//! each is, the board), making and taking back a move with its slide, the dead-position
//! memo, the order moves are tried in, and one round of the search. Safe moves are in
//! `safe`. See `solver.rs` for the ideas.

mod safe;

use std::collections::HashSet;

use crate::classic::board::{Board, Pos};
use crate::classic::meter::Meter;
use crate::classic::slide::rule::{Lanes, Move, SlideRule};
use crate::classic::solver::{Budget, SolveStats};
use crate::rng::Rng;

/// Most words of memo keys kept, bounding memory (about 64 MB).
const MEMO_WORDS: usize = 8 << 20;
/// Interrupt polling period, in nodes.
const POLL_EVERY: u64 = 1024;
/// No tile on this cell.
const NONE: u32 = u32::MAX;
/// Separates the move-order streams from other uses of a round number as a seed.
const ORDER_STREAM: u64 = 0x51DE;

pub(super) enum Answer {
    Solved,
    Dead,
    /// The whole budget is spent, or the interrupt fired.
    OutOfBudget,
    /// This round's node limit is reached: try again with a larger one.
    RoundOver,
}
/// A position on the depth-first stack: its moves (tile pairs) in the order tried, the
/// next to try, and its key for the memo.
struct Frame {
    moves: Vec<(u32, u32)>,
    next: usize,
    key: Box<[u64]>,
    /// How this position was reached: the tiles removed and the tiles that slid.
    via: Option<(u32, u32, Vec<Move>)>,
}

pub(super) struct Search<'i> {
    board: Board,
    /// The board as given and every tile's position there, to start each round from.
    root: Board,
    root_pos: Vec<Pos>,
    lanes: Lanes,
    /// Lane → tiles left in it; whether the board as given is packed (then every
    /// position is; otherwise every position after the first move).
    lane_len: Vec<u32>,
    packed_root: bool,
    /// Whether the rule's lanes are rows or halves of rows (see [`Search::moves`]).
    by_rows: bool,
    /// Whether this round tries the moves that make the fewest tiles slide first.
    by_slides: bool,
    /// The move order of this round (`None`: the plain order).
    order: Option<Rng>,
    /// Nodes at the start of this round, and the round's limit.
    round_start: u64,
    round_limit: u64,
    cols: usize,
    /// Cell (row-major) → tile id; tile id → position and dense kind.
    id_at: Vec<u32>,
    pos: Vec<Pos>,
    kind: Vec<u32>,
    /// Dense kind → its tiles; how many are left.
    kinds: Vec<Vec<u32>>,
    left: Vec<u32>,
    /// Dense kind → its kind on the board.
    kind_value: Vec<u16>,
    /// Tiles left, a bit per tile id.
    alive: Vec<u64>,
    /// Moves made so far, as positions when made.
    path: Vec<(Pos, Pos)>,
    /// A plan to try first in the plain-order round (see [`Search::prefer`]): tile id →
    /// its partner in the plan and the plan's place of their move (`NONE`: no plan).
    mate: Vec<u32>,
    rank: Vec<u32>,
    dead: HashSet<Box<[u64]>>,
    /// A key being built (see [`Search::known_dead_after`]).
    scratch: Vec<u64>,
    memo_words: usize,
    nodes: u64,
    budget: Budget,
    /// Counts link checks and polls the interrupt (a node's move list on a huge board of
    /// few kinds is millions of checks).
    meter: Meter<'i>,
}

impl<'i> Search<'i> {
    pub(super) fn new(
        board: &Board,
        rule: SlideRule,
        budget: Budget,
        interrupt: &'i mut dyn FnMut() -> bool,
    ) -> Search<'i> {
        let cols = board.cols();
        let mut s = Search {
            board: board.clone(),
            root: board.clone(),
            root_pos: Vec::new(),
            lanes: Lanes::new(rule, board.rows(), cols),
            lane_len: Vec::new(),
            packed_root: false,
            by_rows: matches!(
                rule,
                SlideRule::Left | SlideRule::Right | SlideRule::ApartH | SlideRule::TogetherH
            ),
            by_slides: false,
            order: None,
            round_start: 0,
            round_limit: u64::MAX,
            cols,
            id_at: vec![NONE; board.rows() * cols],
            pos: Vec::new(),
            kind: Vec::new(),
            kinds: Vec::new(),
            left: Vec::new(),
            kind_value: Vec::new(),
            alive: Vec::new(),
            path: Vec::new(),
            mate: Vec::new(),
            rank: Vec::new(),
            dead: HashSet::new(),
            scratch: Vec::new(),
            memo_words: 0,
            nodes: 0,
            budget,
            meter: Meter::new(),
        };
        s.meter.set_interrupt(interrupt);
        for (kv, ps) in board.tiles_by_kind() {
            s.kind_value.push(kv);
            let mut ids = Vec::with_capacity(ps.len());
            for p in ps {
                ids.push(s.pos.len() as u32);
                s.pos.push(p);
                s.kind.push(s.kinds.len() as u32);
            }
            s.left.push(ids.len() as u32);
            s.kinds.push(ids);
        }
        s.alive = vec![0; s.pos.len().div_ceil(64)];
        s.root_pos = s.pos.clone();
        s.lane_len = vec![0; s.lanes.count()];
        s.packed_root = s.lanes.apply(&mut board.clone()).is_empty();
        s.reset();
        s
    }

    /// Whether every lane is packed toward its end (see `safe`).
    fn is_packed(&self) -> bool {
        self.packed_root || !self.path.is_empty()
    }

    /// Counts tile `t` in (`add`) or out of its lane.
    fn count_in_lane(&mut self, t: u32, add: bool) {
        if let Some((lane, _)) = self.lanes.place(self.pos[t as usize]) {
            let n = &mut self.lane_len[lane as usize];
            *n = if add { *n + 1 } else { *n - 1 };
        }
    }

    /// Back to the board as given (the memo and the node count stay).
    fn reset(&mut self) {
        self.board = self.root.clone();
        self.path.clear();
        self.id_at.fill(NONE);
        for (k, tiles) in self.kinds.iter().enumerate() {
            self.left[k] = tiles.len() as u32;
        }
        self.alive.fill(0);
        self.lane_len.fill(0);
        for t in 0..self.root_pos.len() {
            let p = self.root_pos[t];
            self.id_at[p.row as usize * self.cols + p.col as usize] = t as u32;
            self.pos[t] = p;
            self.alive[t / 64] |= 1 << (t % 64);
            self.count_in_lane(t as u32, true);
        }
    }

    /// Makes the plain-order round try `plan`'s moves (positions on the board as given,
    /// in the plan's order) first: at every position, the plan's moves that link, earliest
    /// first, then the other moves in the plain order. Entries that are not two tiles of
    /// one kind are left out. Changes only the order, never the answer.
    pub(super) fn prefer(&mut self, plan: &[(Pos, Pos)]) {
        self.mate = vec![NONE; self.pos.len()];
        self.rank = vec![NONE; self.pos.len()];
        for (i, &(pa, pb)) in plan.iter().enumerate() {
            let inside = |p: Pos| self.board.get(p).is_some();
            if !inside(pa) || !inside(pb) || pa == pb {
                continue;
            }
            let (a, b) = (self.id_at[self.slot(pa)], self.id_at[self.slot(pb)]);
            let free = |t: u32| self.mate[t as usize] == NONE;
            if self.kind[a as usize] != self.kind[b as usize] || !free(a) || !free(b) {
                continue;
            }
            self.mate[a as usize] = b;
            self.mate[b as usize] = a;
            self.rank[a as usize] = i as u32;
            self.rank[b as usize] = i as u32;
        }
    }

    pub(super) fn has_odd_kind(&self) -> bool {
        self.left.iter().any(|&n| n % 2 == 1)
    }

    /// The moves that cleared the board, as positions when made.
    pub(super) fn certificate(&self) -> Vec<(Pos, Pos)> {
        self.path.clone()
    }

    pub(super) fn stats(&self) -> SolveStats {
        SolveStats {
            nodes: self.nodes,
            memo: self.dead.len(),
            link_checks: self.meter.work(),
        }
    }

    fn is_alive(&self, t: u32) -> bool {
        self.alive[t as usize / 64] & (1 << (t % 64)) != 0
    }

    fn slot(&self, p: Pos) -> usize {
        p.row as usize * self.cols + p.col as usize
    }

    /// The moves of the current position, in the order to try them.
    fn moves(&mut self) -> Vec<(u32, u32)> {
        let mut last_two = Vec::new();
        let mut rest = Vec::new();
        for (k, tiles) in self.kinds.iter().enumerate() {
            if self.left[k] < 2 {
                continue;
            }
            let here: Vec<u32> = tiles
                .iter()
                .copied()
                .filter(|&t| self.is_alive(t))
                .collect();
            for (i, &a) in here.iter().enumerate() {
                if self.meter.halted() {
                    return Vec::new();
                }
                for &b in &here[i + 1..] {
                    if self.meter.tick()
                        && self
                            .board
                            .can_link(self.pos[a as usize], self.pos[b as usize])
                    {
                        if self.left[k] == 2 {
                            last_two.push((a, b));
                        } else {
                            rest.push((a, b));
                        }
                    }
                }
            }
        }
        if let Some(rng) = self.order.as_mut() {
            rng.shuffle(&mut last_two);
            rng.shuffle(&mut rest);
        }
        last_two.extend(rest);
        if self.by_slides && self.is_packed() {
            // Fewest sliding tiles first (stable: a kind's last two first among equals);
            // in the shuffled rounds each count gets a little noise, so that restarts
            // also vary the order between moves that slide nearly as many.
            let mut keyed: Vec<(u32, (u32, u32))> = last_two
                .iter()
                .map(|&(a, b)| (self.behind(a) + self.behind(b), (a, b)))
                .collect();
            if let Some(rng) = self.order.as_mut() {
                for e in keyed.iter_mut() {
                    e.0 = e.0 * 2 + rng.below(3) as u32;
                }
            }
            keyed.sort_by_key(|e| e.0);
            last_two.clear();
            last_two.extend(keyed.into_iter().map(|e| e.1));
        }
        if self.order.is_none() && !self.mate.is_empty() {
            // Stable: the plan's moves first, by their place in it; the rest as they were.
            last_two.sort_by_key(|&(a, b)| match self.mate[a as usize] == b {
                true => self.rank[a as usize],
                false => NONE,
            });
        }
        last_two
    }

    /// How many tiles lie behind tile `t` in its lane (farther from the end the lane
    /// packs toward): those that slide when `t` goes, in a packed position.
    fn behind(&self, t: u32) -> u32 {
        match self.lanes.place(self.pos[t as usize]) {
            Some((lane, j)) => self.lane_len[lane as usize].saturating_sub(j + 1),
            None => 0,
        }
    }

    /// Removes tiles `a` and `b` and lets the rest slide; returns what slid.
    fn apply(&mut self, a: u32, b: u32) -> Vec<Move> {
        let (pa, pb) = (self.pos[a as usize], self.pos[b as usize]);
        self.count_in_lane(a, false);
        self.count_in_lane(b, false);
        self.path.push((pa, pb));
        for (t, p) in [(a, pa), (b, pb)] {
            self.board.clear(p);
            let s = self.slot(p);
            self.id_at[s] = NONE;
            self.alive[t as usize / 64] &= !(1 << (t % 64));
        }
        self.left[self.kind[a as usize] as usize] -= 2;
        // The board as given may have gaps anywhere; after a move every lane is packed,
        // so later moves leave gaps only in the lanes of their two tiles.
        let slid = if self.path.len() == 1 {
            self.lanes.apply(&mut self.board)
        } else {
            self.lanes.apply_after(&mut self.board, [pa, pb])
        };
        for &[from, to] in &slid {
            let (f, t) = (self.slot(from), self.slot(to));
            let id = self.id_at[f];
            self.id_at[t] = id;
            self.id_at[f] = NONE;
            self.pos[id as usize] = to;
        }
        slid
    }

    /// Takes back [`Search::apply`]`(a, b)` that returned `slid`.
    fn undo(&mut self, a: u32, b: u32, slid: &[Move]) {
        for &[from, to] in slid.iter().rev() {
            let (f, t) = (self.slot(from), self.slot(to));
            if let Some(k) = self.board.get(to) {
                self.board.clear(to);
                self.board.place(from, k);
            }
            let id = self.id_at[t];
            self.id_at[f] = id;
            self.id_at[t] = NONE;
            self.pos[id as usize] = from;
        }
        let Some((pa, pb)) = self.path.pop() else {
            return;
        };
        let k = self.kind[a as usize];
        let kind = self.board_kind(k);
        for (t, p) in [(a, pa), (b, pb)] {
            self.board.place(p, kind);
            let s = self.slot(p);
            self.id_at[s] = t;
            self.pos[t as usize] = p;
            self.alive[t as usize / 64] |= 1 << (t % 64);
            self.count_in_lane(t, true);
        }
        self.left[k as usize] += 2;
    }

    /// The board kind of dense kind `k` (read off any of its tiles' starting kinds).
    fn board_kind(&self, k: u32) -> u16 {
        self.kind_value[k as usize]
    }

    /// Expands the current position: solved, known dead, out of budget, or a new frame
    /// with its moves (none when no pair links: popped at once as dead).
    fn enter(&mut self) -> Entered {
        if self.left.iter().all(|&n| n == 0) {
            return Entered::Solved;
        }
        if self.dead.contains(&self.alive[..]) {
            return Entered::Dead;
        }
        let key: Box<[u64]> = self.alive.clone().into_boxed_slice();
        self.nodes += 1;
        if self.nodes > self.budget.max_nodes
            || (self.nodes.is_multiple_of(POLL_EVERY) && self.meter.poll())
        {
            return Entered::OutOfBudget;
        }
        if self.nodes - self.round_start > self.round_limit {
            return Entered::RoundOver;
        }
        // A safe move is the only child, and then the position's moves are needed only
        // for a plan's move to try before it.
        let moves = match self.safe_move() {
            Some(safe) if self.order.is_some() || self.mate.is_empty() => vec![safe],
            Some(safe) => {
                let moves = self.moves();
                self.forced(&moves, safe)
            }
            None => self.moves(),
        };
        if self.meter.halted() {
            // The move list was cut short: the position is not known dead.
            return Entered::OutOfBudget;
        }
        Entered::Pushed(Frame {
            moves,
            next: 0,
            key,
            via: None,
        })
    }

    /// The children of a position with the safe move `safe`: that move alone, after the
    /// plan's move when the plain-order round follows a plan (`moves` are the position's
    /// moves in the order to try them). Complete: it holds the safe move.
    fn forced(&self, moves: &[(u32, u32)], safe: (u32, u32)) -> Vec<(u32, u32)> {
        let planned = |&(a, b): &(u32, u32)| self.mate.get(a as usize) == Some(&b);
        match moves.first() {
            Some(&m) if self.order.is_none() && planned(&m) && m != safe => vec![m, safe],
            _ => vec![safe],
        }
    }

    /// Whether the position after removing `a` and `b` is in the memo: its key is the
    /// tiles left without them, so this needs no move (nor its slide and undo).
    fn known_dead_after(&mut self, a: u32, b: u32) -> bool {
        self.scratch.clear();
        self.scratch.extend_from_slice(&self.alive);
        for t in [a, b] {
            self.scratch[t as usize / 64] &= !(1 << (t % 64));
        }
        self.dead.contains(&self.scratch[..])
    }

    fn remember_dead(&mut self, key: Box<[u64]>) {
        if self.memo_words + key.len() <= MEMO_WORDS {
            self.memo_words += key.len();
            self.dead.insert(key);
        }
    }

    /// One round of the depth-first search from the board as given: round 0 tries
    /// moves in the plain order, round `n` in the order seeded by `n` (under the row
    /// rules, even rounds `2n` the fewest-slides order seeded by `n`, odd rounds `2n + 1`
    /// the plain order seeded by `n`); at most `limit` nodes.
    pub(super) fn run(&mut self, round: u64, limit: u64) -> Answer {
        self.reset();
        // Under the row rules the rounds alternate between the fewest-slides order and
        // the plain one (as under the other rules), each with its own seeds.
        let (slides, seed) = match self.by_rows {
            true => (round.is_multiple_of(2), round / 2),
            false => (false, round),
        };
        self.by_slides = slides;
        self.order = (seed > 0).then(|| Rng::new(seed, ORDER_STREAM));
        self.round_start = self.nodes;
        self.round_limit = limit;
        let mut stack: Vec<Frame> = Vec::new();
        match self.enter() {
            Entered::Solved => return Answer::Solved,
            Entered::Dead => return Answer::Dead,
            Entered::OutOfBudget => return Answer::OutOfBudget,
            Entered::RoundOver => return Answer::RoundOver,
            Entered::Pushed(frame) => stack.push(frame),
        }
        while let Some(top) = stack.last_mut() {
            if top.next < top.moves.len() {
                let (a, b) = top.moves[top.next];
                top.next += 1;
                if self.known_dead_after(a, b) {
                    continue;
                }
                let slid = self.apply(a, b);
                match self.enter() {
                    Entered::Solved => return Answer::Solved,
                    Entered::OutOfBudget => return Answer::OutOfBudget,
                    Entered::RoundOver => return Answer::RoundOver,
                    Entered::Dead => self.undo(a, b, &slid),
                    Entered::Pushed(mut frame) => {
                        frame.via = Some((a, b, slid));
                        stack.push(frame);
                    }
                }
                continue;
            }
            // Every move of this position failed: it is dead.
            let Some(frame) = stack.pop() else { break };
            self.remember_dead(frame.key);
            if let Some((a, b, slid)) = frame.via {
                self.undo(a, b, &slid);
            }
        }
        Answer::Dead
    }
}

/// What entering a position gave.
enum Entered {
    Solved,
    Dead,
    OutOfBudget,
    RoundOver,
    Pushed(Frame),
}
