//! The link rule and its search: two tiles of the same kind connect when a path of at
//! most three axis-aligned segments (two turns) joins them through free cells (empty
//! cells, and the ring around the board unless it is closed). The search returns the
//! best path: fewest turns, then shortest length, then a fixed tie-break (the first
//! segment runs horizontally when both orientations tie, and the first corner lies as
//! close to the first tile as possible; on a tie of distance, the lower row or column).
//!
//! Cost: O(1) for straight and one-turn paths (a segment test is a word operation on the
//! board's occupancy bits, for sides up to 62), O(R + C) for two turns (each tile's
//! straight reach from the bits, then one O(1) test per candidate line).

use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use crate::classic::bits;
use crate::classic::board::{Board, Pos};

/// A connecting path given by its corner points: A, up to two corners, B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Path {
    pts: [Pos; 4],
    n: u8,
    length: u32,
}

impl Path {
    fn new(points: &[Pos]) -> Path {
        let mut pts = [Pos::new(0, 0); 4];
        pts[..points.len()].copy_from_slice(points);
        let length = points
            .windows(2)
            .map(|w| (w[0].row.abs_diff(w[1].row) + w[0].col.abs_diff(w[1].col)) as u32)
            .sum();
        Path {
            pts,
            n: points.len() as u8,
            length,
        }
    }

    /// The corner points from the first tile to the second, ring points included.
    pub fn points(&self) -> &[Pos] {
        &self.pts[..self.n as usize]
    }

    /// Number of turns (0, 1 or 2).
    pub fn turns(&self) -> u32 {
        u32::from(self.n) - 2
    }

    /// Number of unit steps along the path from the first tile to the second.
    pub fn length(&self) -> u32 {
        self.length
    }
}

impl Serialize for Path {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.n as usize))?;
        for p in self.points() {
            seq.serialize_element(p)?;
        }
        seq.end()
    }
}

/// How much of the search to do: the best path, or just whether one exists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Goal {
    Best,
    Any,
}

impl Board {
    /// The best path joining the tiles at `a` and `b`, or `None` when they are not two
    /// distinct tiles of the same kind or no path of at most two turns joins them.
    pub fn find_path(&self, a: Pos, b: Pos) -> Option<Path> {
        if self.is_pair(a, b) {
            self.route(a, b, Goal::Best)
        } else {
            None
        }
    }

    /// Whether the tiles at `a` and `b` connect; the same answer as
    /// `find_path(a, b).is_some()`, stopping at the first path found.
    pub fn can_link(&self, a: Pos, b: Pos) -> bool {
        self.is_pair(a, b) && self.cells_link(a, b)
    }

    /// Whether two distinct occupied cells connect, whatever their kinds: deals and
    /// shuffles build removal orders on occupancy alone and give kinds afterwards.
    pub(crate) fn cells_link(&self, a: Pos, b: Pos) -> bool {
        if a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1 {
            return true;
        }
        if a == b {
            return false;
        }
        if self.narrow() {
            return self.narrow_link(a, b);
        }
        // A tile with no free neighbour links to nothing but a neighbour: cheap next to
        // a search, and common on full boards.
        !self.enclosed(a) && !self.enclosed(b) && self.route(a, b, Goal::Any).is_some()
    }

    /// [`Board::cells_link`] for two cells not next to each other on a narrow board: each
    /// family of paths is one mask test. Through a column `c` (A along its row to `c`,
    /// along `c`, then along B's row): `c` in both tiles' clear runs along their rows and
    /// column `c` clear between their rows, i.e. not in the OR of the rows in between.
    /// Through a row likewise. A family's lines include the tiles' own columns (rows),
    /// which give the straight and one-turn paths, so nothing else needs testing. A tile
    /// with no free neighbour (common on full boards) is let go first.
    fn narrow_link(&self, a: Pos, b: Pos) -> bool {
        let (h, w) = self.padded_dims();
        let (r1, c1) = (a.row as usize + 1, a.col as usize + 1);
        let (r2, c2) = (b.row as usize + 1, b.col as usize + 1);
        let enclosed = |r: usize, c: usize| {
            (self.row_word(r) >> (c - 1)) & 0b101 == 0b101
                && (self.col_word(c) >> (r - 1)) & 0b101 == 0b101
        };
        if enclosed(r1, c1) || enclosed(r2, c2) {
            return false;
        }
        let through_column = r1 != r2 && {
            let blocked = (r1.min(r2) + 1..r1.max(r2)).fold(0, |m, r| m | self.row_word(r));
            bits::run_mask(self.row_word(r1), c1, w)
                & bits::run_mask(self.row_word(r2), c2, w)
                & !blocked
                != 0
        };
        through_column
            || c1 != c2 && {
                let blocked = (c1.min(c2) + 1..c1.max(c2)).fold(0, |m, c| m | self.col_word(c));
                bits::run_mask(self.col_word(c1), r1, h)
                    & bits::run_mask(self.col_word(c2), r2, h)
                    & !blocked
                    != 0
            }
    }

    fn is_pair(&self, a: Pos, b: Pos) -> bool {
        a != b && matches!((self.get(a), self.get(b)), (Some(x), Some(y)) if x == y)
    }

    /// The search proper on two distinct board cells (their own contents are ignored).
    fn route(&self, a: Pos, b: Pos, goal: Goal) -> Option<Path> {
        let (r1, c1) = (a.row as usize + 1, a.col as usize + 1);
        let (r2, c2) = (b.row as usize + 1, b.col as usize + 1);

        // Straight.
        if (r1 == r2 && self.clear_row(r1, c1, c2)) || (c1 == c2 && self.clear_col(c1, r1, r2)) {
            return Some(Path::new(&[a, b]));
        }
        // One turn: horizontal first, then vertical first.
        if r1 != r2 && c1 != c2 {
            if self.free(r1, c2) && self.clear_row(r1, c1, c2) && self.clear_col(c2, r1, r2) {
                return Some(Path::new(&[a, at(r1, c2), b]));
            }
            if self.free(r2, c1) && self.clear_col(c1, r1, r2) && self.clear_row(r2, c1, c2) {
                return Some(Path::new(&[a, at(r2, c1), b]));
            }
        }
        // Two turns: horizontal–vertical–horizontal through a column, or
        // vertical–horizontal–vertical through a row.
        let hvh = if r1 != r2 {
            self.best_column(r1, c1, r2, c2)
        } else {
            None
        };
        if goal == Goal::Any && hvh.is_some() {
            return hvh.map(|(_, c)| Path::new(&[a, at(r1, c), at(r2, c), b]));
        }
        let vhv = if c1 != c2 {
            self.best_row(r1, c1, r2, c2)
        } else {
            None
        };
        match (hvh, vhv) {
            (Some((lh, c)), Some((lv, _))) if lh <= lv => {
                Some(Path::new(&[a, at(r1, c), at(r2, c), b]))
            }
            (Some((_, c)), None) => Some(Path::new(&[a, at(r1, c), at(r2, c), b])),
            (_, Some((_, r))) => Some(Path::new(&[a, at(r, c1), at(r, c2), b])),
            (None, None) => None,
        }
    }

    /// Best column `c` for a path A →(row r1)→ (r1,c) →(col c)→ (r2,c) →(row r2)→ B,
    /// as (extra length beyond the Manhattan distance, padded column).
    fn best_column(&self, r1: usize, c1: usize, r2: usize, c2: usize) -> Option<(usize, usize)> {
        let (lo_a, hi_a) = self.row_reach(r1, c1);
        let (lo_b, hi_b) = self.row_reach(r2, c2);
        best_line(c1, c2, lo_a.max(lo_b), hi_a.min(hi_b), |c| {
            self.clear_col(c, r1, r2)
        })
    }

    /// Best row `r` for a path A →(col c1)→ (r,c1) →(row r)→ (r,c2) →(col c2)→ B,
    /// as (extra length beyond the Manhattan distance, padded row).
    fn best_row(&self, r1: usize, c1: usize, r2: usize, c2: usize) -> Option<(usize, usize)> {
        let (lo_a, hi_a) = self.col_reach(c1, r1);
        let (lo_b, hi_b) = self.col_reach(c2, r2);
        best_line(r1, r2, lo_a.max(lo_b), hi_a.min(hi_b), |r| {
            self.clear_row(r, c1, c2)
        })
    }
}

/// Padded coordinates back to a path point.
#[inline]
fn at(pr: usize, pc: usize) -> Pos {
    Pos::new(pr as i16 - 1, pc as i16 - 1)
}

/// The best crossing line `x` in `lo..=hi` (excluding `x1` and `x2` themselves) whose
/// middle segment is clear: lines between `x1` and `x2` first (no detour), nearest `x1`
/// first; then lines outside at growing distance `d` (detour `2d`), `x1`'s side first.
/// Returns (detour, line).
#[inline]
fn best_line(
    x1: usize,
    x2: usize,
    lo: usize,
    hi: usize,
    clear: impl Fn(usize) -> bool,
) -> Option<(usize, usize)> {
    if lo > hi {
        return None;
    }
    // Inside, walking from x1 towards x2.
    if x1 < x2 {
        for x in (x1 + 1).max(lo)..x2.min(hi + 1) {
            if clear(x) {
                return Some((0, x));
            }
        }
    } else {
        let start = (x1 - 1).min(hi);
        let mut x = start;
        while x > x2 && x >= lo {
            if clear(x) {
                return Some((0, x));
            }
            x -= 1;
        }
    }
    // Outside, growing the detour.
    let (mn, mx) = (x1.min(x2), x1.max(x2));
    let left_first = x1 <= x2;
    let mut d = 1;
    loop {
        let left = mn.checked_sub(d).filter(|&x| x >= lo);
        let right = Some(mx + d).filter(|&x| x <= hi);
        if left.is_none() && right.is_none() {
            return None;
        }
        let (first, second) = if left_first {
            (left, right)
        } else {
            (right, left)
        };
        for x in [first, second].into_iter().flatten() {
            if clear(x) {
                return Some((2 * d, x));
            }
        }
        d += 1;
    }
}
