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
//! before it there: it lies between the count of those not in `G` (when every tile of
//! `G` before it is gone) and its place now.
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
//! passes over the tiles left out until none joins. Unpacked positions (a board given
//! with gaps, before its first move) are never tested.

use super::{Search, NONE};

/// The four steps on the padded grid: (rows, cols).
const STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// Buffers of the test, kept between tests.
#[derive(Default)]
pub(super) struct Relax {
    /// Tile → in the set `G`; lane → its tiles left outside `G`.
    in_set: Vec<bool>,
    len_out: Vec<u32>,
    /// Padded cell (the board with a ring of one cell) → stamp of the last search that
    /// reached it, or that has it as a goal.
    seen: Vec<u32>,
    goal: Vec<u32>,
    stamp: u32,
    cur: Vec<(usize, usize)>,
    next: Vec<(usize, usize)>,
    /// Tests run and positions found dead (for tuning and tests).
    pub(super) tests: u64,
    pub(super) dead: u64,
    pub(super) hist: Vec<(u64, u64)>,
}

impl Search<'_> {
    /// True when some remaining tile can never be removed (see the module notes), given
    /// `moves`, the pairs that link now. False on unpacked positions.
    pub(super) fn relaxed_dead(&mut self, moves: &[(u32, u32)]) -> bool {
        if !self.is_packed() {
            return false;
        }
        let mut r = std::mem::take(&mut self.relax);
        r.tests += 1;
        let cells = (self.board.rows() + 2) * (self.cols + 2);
        if r.seen.len() != cells {
            r.seen = vec![0; cells];
            r.goal = vec![0; cells];
            r.stamp = 0;
        }
        r.in_set.clear();
        r.in_set.resize(self.pos.len(), false);
        r.len_out.clear();
        r.len_out.extend_from_slice(&self.lane_len);
        let mut out = self.left.iter().map(|&n| n as usize).sum::<usize>();
        for &(a, b) in moves {
            out -= self.join(&mut r, a) + self.join(&mut r, b);
        }
        let mut grew = true;
        while grew && out > 0 {
            grew = false;
            for k in 0..self.kinds.len() {
                if self.left[k] < 2 {
                    continue;
                }
                for i in 0..self.kinds[k].len() {
                    let a = self.kinds[k][i];
                    if !self.is_alive(a) || r.in_set[a as usize] {
                        continue;
                    }
                    for j in 0..self.kinds[k].len() {
                        let b = self.kinds[k][j];
                        if b == a || !self.is_alive(b) || !self.may_link(&mut r, a, b) {
                            continue;
                        }
                        out -= self.join(&mut r, a) + self.join(&mut r, b);
                        grew = true;
                        break;
                    }
                }
            }
        }
        let dead = out > 0;
        r.dead += u64::from(dead);
        let bucket = self.left.iter().sum::<u32>() as usize / 16;
        if r.hist.len() <= bucket {
            r.hist.resize(bucket + 1, (0, 0));
        }
        r.hist[bucket].0 += 1;
        r.hist[bucket].1 += u64::from(dead);
        self.relax = r;
        dead
    }

    /// Puts tile `t` in the set; 1 if it was not there.
    fn join(&self, r: &mut Relax, t: u32) -> usize {
        if r.in_set[t as usize] {
            return 0;
        }
        r.in_set[t as usize] = true;
        if let Some((lane, _)) = self.lanes.place(self.pos[t as usize]) {
            r.len_out[lane as usize] -= 1;
        }
        1
    }

    /// The padded cells tile `t` can be at (see the module notes), as (row, col).
    fn range(&self, r: &Relax, t: u32, into: &mut Vec<(usize, usize)>) {
        let p = self.pos[t as usize];
        let Some((lane, j)) = self.lanes.place(p) else {
            into.push((p.row as usize + 1, p.col as usize + 1));
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
            into.push((q.row as usize + 1, q.col as usize + 1));
        }
    }

    /// Whether `a` and `b` may link under the set (see the module notes).
    fn may_link(&self, r: &mut Relax, a: u32, b: u32) -> bool {
        r.stamp = r.stamp.wrapping_add(1);
        if r.stamp == 0 {
            r.seen.fill(0);
            r.goal.fill(0);
            r.stamp = 1;
        }
        let stamp = r.stamp;
        let w = self.cols + 2;
        let h = self.board.rows() + 2;
        let mut goals = std::mem::take(&mut r.next);
        goals.clear();
        self.range(r, b, &mut goals);
        for &(y, x) in &goals {
            r.goal[y * w + x] = stamp;
        }
        let mut cur = std::mem::take(&mut r.cur);
        cur.clear();
        self.range(r, a, &mut cur);
        for &(y, x) in &cur {
            r.seen[y * w + x] = stamp;
        }
        // Lanes of `a` and `b` hold one tile fewer once they are gone.
        let lane = |t: u32| {
            self.lanes
                .place(self.pos[t as usize])
                .map_or(u32::MAX, |(l, _)| l)
        };
        let gone = [
            (lane(a), !r.in_set[a as usize]),
            (lane(b), !r.in_set[b as usize]),
        ];
        let free = |r: &Relax, y: usize, x: usize| -> bool {
            if y == 0 || x == 0 || y == h - 1 || x == w - 1 {
                return self.board.ring();
            }
            let p = crate::classic::board::Pos::new(y as i16 - 1, x as i16 - 1);
            match self.lanes.place(p) {
                Some((l, j)) => {
                    let less = gone.iter().filter(|&&(g, out)| out && g == l).count() as u32;
                    j + less >= r.len_out[l as usize]
                }
                None => {
                    let id = self.id_at[self.slot(p)];
                    id == NONE || id == a || id == b || r.in_set[id as usize]
                }
            }
        };
        let mut next = Vec::new();
        let mut found = false;
        'turns: for turn in 0..3 {
            next.clear();
            for &(y0, x0) in &cur {
                for (dy, dx) in STEPS {
                    let (mut y, mut x) = (y0 as isize + dy, x0 as isize + dx);
                    while y >= 0 && x >= 0 && (y as usize) < h && (x as usize) < w {
                        let (yu, xu) = (y as usize, x as usize);
                        if r.goal[yu * w + xu] == stamp {
                            found = true;
                            break 'turns;
                        }
                        if !free(r, yu, xu) {
                            break;
                        }
                        if turn < 2 && r.seen[yu * w + xu] != stamp {
                            r.seen[yu * w + xu] = stamp;
                            next.push((yu, xu));
                        }
                        y += dy;
                        x += dx;
                    }
                }
            }
            std::mem::swap(&mut cur, &mut next);
        }
        r.cur = cur;
        r.next = goals;
        found
    }
}
