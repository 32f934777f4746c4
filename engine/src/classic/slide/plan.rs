//! Hints under a slide rule with a plan kept between them, so that a game does not
//! re-solve its board on every hint: the last board a hint decided and what was learnt
//! about it (a certificate, or that it cannot be cleared), carried to the next board
//! through the matches played since.
//!
//! Under sliding a certificate's positions go stale as soon as other tiles move, so the
//! carry follows *tiles*, not cells: every tile of the plan's board gets an identity,
//! kept through the matches played since (replayed, and checked to give the board
//! asked about) and through the plan's own moves. See [`hint_with_plan`].

use crate::classic::board::{Board, Pos};
use crate::classic::known::{any_pair, Known};
use crate::classic::pairs::Pair;
use crate::classic::slide::rule::{Lanes, SlideRule};
use crate::classic::slide::solver::solve_guided;
use crate::classic::solver::{self, Budget, Verdict};

/// What a caller keeps between hints. A cache, never trusted: each use checks it
/// against the board it is given, so any plan is sound with any board; all plans
/// compare equal.
#[derive(Clone, Debug, Default)]
pub struct SlidePlan {
    known: Option<(Board, Known)>,
}

impl PartialEq for SlidePlan {
    fn eq(&self, _: &SlidePlan) -> bool {
        true
    }
}

impl Eq for SlidePlan {}

impl SlidePlan {
    /// A plan for `board` from a certificate `moves` under `rule` (as a solvable deal or
    /// shuffle gives): kept when it replays, else the empty plan.
    pub fn seeded(board: &Board, rule: SlideRule, moves: Vec<(Pos, Pos)>) -> SlidePlan {
        let lanes = Lanes::new(rule, board.rows(), board.cols());
        let mut t = Tracked::new(board, &lanes);
        let replays = moves.iter().all(|&(a, b)| t.play(a, b).is_some()) && t.board.is_cleared();
        SlidePlan {
            known: replays.then(|| (board.clone(), Known::Moves(moves))),
        }
    }
}

/// As [`crate::classic::slide::hint`], keeping `plan` up to date, and usually without a
/// search. `played` lists matches (positions when made, oldest first) that led to
/// `board`: those since the plan was made are its last ones (more do no harm; a caller
/// that does not know passes none, and the plan then carries only to the same board).
///
/// * The matches since the plan's board are replayed on it under `rule` and must give
///   `board` exactly; otherwise the board is solved afresh within `budget`.
/// * "Cannot be cleared" carries over: `board` was reached from an unsolvable board by
///   legal moves.
/// * A certificate is repaired, tile by tile: its moves whose tiles are both gone are
///   dropped; tiles whose partner is gone are paired among themselves (in the place of
///   the first one's move). Then, in the plan's order, the first move that links is
///   played, until every tile is gone. Each move is checked as it is played, so the
///   result is a certificate for `board` or the repair fails and the board is solved
///   afresh, by a search whose first round tries the repaired plan's moves first at
///   every position (so it backtracks around the move that failed instead of starting
///   over).
pub fn hint_with_plan(
    board: &Board,
    rule: SlideRule,
    budget: Budget,
    plan: &mut SlidePlan,
    played: &[(Pos, Pos)],
) -> Option<Pair> {
    if board.is_cleared() {
        *plan = SlidePlan::default();
        return None;
    }
    let lanes = Lanes::new(rule, board.rows(), board.cols());
    let carried = match plan.known.take() {
        Some((old, known)) => carry(&old, known, board, &lanes, played),
        None => Carried::Lost(Vec::new()),
    };
    let known = match carried {
        Carried::Known(k) => Some(k),
        Carried::Lost(guide) => {
            Known::from_verdict(solve_guided(board, rule, budget, &guide, &mut || false).0)
        }
    };
    let Some(known) = known else {
        return any_pair(board);
    };
    let hint = known.hint(board);
    plan.known = Some((board.clone(), known));
    hint
}

/// Decides `board` under `rule`, starting from a certificate `moves` of an earlier board
/// `old` and the matches `played` since (as for [`hint_with_plan`]): the certificate
/// carried and repaired as a hint's plan is, when that works; else the exact solver,
/// its first round guided by the repaired plan, within `budget`, polling `interrupt`.
/// The answer is exact either way (a carried certificate is checked move by move, and
/// a guide changes only the search's order); only the time to it depends on the plan.
/// Under `none` the no-slide solver answers.
pub fn solve_from_plan(
    board: &Board,
    rule: SlideRule,
    budget: Budget,
    (old, moves): (&Board, Vec<(Pos, Pos)>),
    played: &[(Pos, Pos)],
    interrupt: &mut dyn FnMut() -> bool,
) -> Verdict {
    if rule == SlideRule::None {
        return solver::solve_with_interrupt(board, budget, interrupt);
    }
    let lanes = Lanes::new(rule, board.rows(), board.cols());
    let carried = match SlidePlan::seeded(old, rule, moves).known {
        Some((old, known)) => carry(&old, known, board, &lanes, played),
        None => Carried::Lost(Vec::new()),
    };
    match carried {
        Carried::Known(Known::Moves(moves)) => Verdict::Solvable(moves),
        Carried::Known(Known::Unsolvable) => Verdict::Unsolvable,
        Carried::Lost(guide) => solve_guided(board, rule, budget, &guide, interrupt).0,
    }
}

/// What a carry gave: what is known about the board asked about, or nothing but the
/// plan's moves as they stand on it (tiles paired as the repair paired them, in the
/// plan's order; possibly none) to guide the search that decides it afresh.
enum Carried {
    Known(Known),
    Lost(Moves),
}

/// Moves as positions (on the board the moves are for).
type Moves = Vec<(Pos, Pos)>;

/// What is known about `old` carried to `board`, when the last matches of `played`
/// lead from `old` to `board` and the carry succeeds.
fn carry(
    old: &Board,
    known: Known,
    board: &Board,
    lanes: &Lanes,
    played: &[(Pos, Pos)],
) -> Carried {
    let lost = || Carried::Lost(Vec::new());
    if old.rows() != board.rows() || old.cols() != board.cols() || old.ring() != board.ring() {
        return lost();
    }
    if old == board {
        return Carried::Known(known);
    }
    let (before, now) = (old.tiles_left(), board.tiles_left());
    if now >= before || (before - now) % 2 == 1 || (before - now) / 2 > played.len() {
        return lost();
    }
    let since = &played[played.len() - (before - now) / 2..];
    let mut t = Tracked::new(old, lanes);
    let mut gone = Vec::with_capacity(since.len());
    for &(a, b) in since {
        match t.play(a, b) {
            Some(ids) => gone.push(ids),
            None => return lost(),
        }
    }
    if t.board != *board {
        return lost();
    }
    let moves = match known {
        Known::Unsolvable => return Carried::Known(Known::Unsolvable),
        Known::Moves(moves) => moves,
    };
    let mut c = Tracked::new(old, lanes);
    let Some(cert) = moves
        .iter()
        .map(|&(a, b)| c.play(a, b))
        .collect::<Option<Vec<(u32, u32)>>>()
    else {
        return lost();
    };
    let same = |x: &(u32, u32), y: &(u32, u32)| x == y || (x.1, x.0) == *y;
    if cert.len() >= gone.len() && cert.iter().zip(&gone).all(|(x, y)| same(x, y)) {
        // The plan was followed: the rest of it is a certificate as it stands.
        return Carried::Known(Known::Moves(moves[gone.len()..].to_vec()));
    }
    match repair(t, &cert) {
        Ok(moves) => Carried::Known(Known::Moves(moves)),
        Err(guide) => Carried::Lost(guide),
    }
}

/// The certificate `cert` (tile pairs of the plan's board) turned into one for the board
/// `t` holds; when that fails, the tiles as the repair paired them (positions on that
/// board, in the plan's order), to guide a search.
fn repair(mut t: Tracked, cert: &[(u32, u32)]) -> Result<Moves, Moves> {
    // (place in the plan, tiles); a tile waiting for a partner of its kind.
    let mut todo: Vec<(usize, u32, u32)> = Vec::with_capacity(cert.len());
    let mut waiting: Vec<(usize, u32)> = Vec::new();
    for (i, &(a, b)) in cert.iter().enumerate() {
        match (t.alive[a as usize], t.alive[b as usize]) {
            (true, true) => todo.push((i, a, b)),
            (false, false) => {}
            (true, false) | (false, true) => {
                let x = if t.alive[a as usize] { a } else { b };
                let kind = t.kind[x as usize];
                match waiting
                    .iter()
                    .position(|&(_, y)| t.kind[y as usize] == kind)
                {
                    Some(j) => {
                        let (at, y) = waiting.swap_remove(j);
                        todo.push((at, y, x));
                    }
                    None => waiting.push((i, x)),
                }
            }
        }
    }
    todo.sort_by_key(|&(at, _, _)| at);
    let guide: Vec<(Pos, Pos)> = todo
        .iter()
        .map(|&(_, a, b)| (t.pos[a as usize], t.pos[b as usize]))
        .collect();
    if !waiting.is_empty() {
        return Err(guide);
    }
    let mut out = Vec::with_capacity(todo.len());
    while !todo.is_empty() {
        let Some(j) = todo
            .iter()
            .position(|&(_, a, b)| t.board.can_link(t.pos[a as usize], t.pos[b as usize]))
        else {
            return Err(guide);
        };
        let (_, a, b) = todo.remove(j);
        let (pa, pb) = (t.pos[a as usize], t.pos[b as usize]);
        if t.play(pa, pb).is_none() {
            return Err(guide);
        }
        out.push((pa, pb));
    }
    Ok(out)
}

/// A board whose tiles keep an identity (their index in the first board's row-major
/// order) through matches and slides.
struct Tracked<'l> {
    board: Board,
    lanes: &'l Lanes,
    cols: usize,
    /// Cell (row-major) → tile; tile → where it is, whether it is left, its kind.
    id_at: Vec<u32>,
    pos: Vec<Pos>,
    alive: Vec<bool>,
    kind: Vec<u16>,
    /// Whether every lane is packed (after the first match).
    packed: bool,
}

impl<'l> Tracked<'l> {
    fn new(board: &Board, lanes: &'l Lanes) -> Tracked<'l> {
        let cols = board.cols();
        let mut t = Tracked {
            board: board.clone(),
            lanes,
            cols,
            id_at: vec![u32::MAX; board.rows() * cols],
            pos: Vec::new(),
            alive: Vec::new(),
            kind: Vec::new(),
            packed: false,
        };
        for (p, k) in board.tiles() {
            t.id_at[p.row as usize * cols + p.col as usize] = t.pos.len() as u32;
            t.pos.push(p);
            t.alive.push(true);
            t.kind.push(k);
        }
        t
    }

    fn slot(&self, p: Pos) -> usize {
        p.row as usize * self.cols + p.col as usize
    }

    /// Matches the tiles at `a` and `b` when they are two tiles of one kind that link,
    /// then slides; returns the two tiles, or `None` (board untouched).
    fn play(&mut self, a: Pos, b: Pos) -> Option<(u32, u32)> {
        if !self.board.can_link(a, b) {
            return None;
        }
        let ids = (self.id_at[self.slot(a)], self.id_at[self.slot(b)]);
        for (p, id) in [(a, ids.0), (b, ids.1)] {
            let _ = self.board.set(p, None);
            let s = self.slot(p);
            self.id_at[s] = u32::MAX;
            self.alive[id as usize] = false;
        }
        let slid = if self.packed {
            self.lanes.apply_after(&mut self.board, [a, b])
        } else {
            self.lanes.apply(&mut self.board)
        };
        self.packed = true;
        for [from, to] in slid {
            let (f, t) = (self.slot(from), self.slot(to));
            let id = self.id_at[f];
            self.id_at[t] = id;
            self.id_at[f] = u32::MAX;
            self.pos[id as usize] = to;
        }
        Some(ids)
    }
}
