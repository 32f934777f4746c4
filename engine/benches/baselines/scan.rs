//! Baseline: the classic "scan" link test of seeds 002 (ActionScript, 连连看核心算法详解)
//! and 004 (C#, `LinkHelper`), ported to Rust as written: straight (`horizon` /
//! `vertical`, checking the cells between two points one by one), one corner
//! (`oneCorner`, the two corner cells), two corners (`scan` collects every candidate
//! crossing line, walking every column left and right of A and every row above and below
//! it and checking each line cell by cell, into a freshly allocated list; `twoCorner`
//! then tests A's and B's legs to each line). It answers yes/no, as the original does.
//!
//! Bugs fixed so that it answers correctly:
//! * `oneCorner` returned as soon as corner C was empty, never trying corner D when the
//!   path through C was blocked; it now tries both.
//! * The originals index the board directly, so paths could not leave it; like their
//!   games' padded maps (the "第零列" edge in seed 002), the map here is the board plus a
//!   one-cell ring, empty when the ring is open and a wall when it is closed.
//!
//! Coordinates follow the originals: `x` is the row, `y` the column, of the padded map.

use llk_engine::classic::{Board, Pos};

/// Map value of an empty cell (the originals' `0`).
const EMPTY: u32 = 0;
/// Map value of the closed ring.
const WALL: u32 = u32::MAX;

#[derive(Clone, Copy, PartialEq, Eq)]
struct Point {
    x: usize,
    y: usize,
}

/// The originals' `Line`: a candidate middle segment; `direct` 1 = horizontal, 0 = vertical.
struct Line {
    a: Point,
    b: Point,
    direct: u8,
}

/// The padded map (`mapData` / `LinkBoard`): `row` × `col` cells, tile kind + 1 or 0.
pub struct ScanBoard {
    row: usize,
    col: usize,
    map: Vec<u32>,
}

impl ScanBoard {
    pub fn new(board: &Board) -> ScanBoard {
        let (row, col) = (board.rows() + 2, board.cols() + 2);
        let ring = if board.ring() { EMPTY } else { WALL };
        let mut map = vec![ring; row * col];
        for r in 0..board.rows() {
            for c in 0..board.cols() {
                let p = Pos::new(r as i16, c as i16);
                map[(r + 1) * col + c + 1] = board.get(p).map_or(EMPTY, |k| u32::from(k) + 1);
            }
        }
        ScanBoard { row, col, map }
    }

    #[inline]
    fn at(&self, x: usize, y: usize) -> u32 {
        self.map[x * self.col + y]
    }

    /// `checkLink`: whether the tiles at board cells `a` and `b` can be linked.
    pub fn check_link(&self, a: Pos, b: Pos) -> bool {
        let a = Point {
            x: a.row as usize + 1,
            y: a.col as usize + 1,
        };
        let b = Point {
            x: b.row as usize + 1,
            y: b.col as usize + 1,
        };
        if a == b {
            return false;
        }
        let ka = self.at(a.x, a.y);
        if ka == EMPTY || ka != self.at(b.x, b.y) {
            return false;
        }
        if a.x == b.x && self.horizon(a, b) {
            return true;
        }
        if a.y == b.y && self.vertical(a, b) {
            return true;
        }
        if self.one_corner(a, b) {
            return true;
        }
        self.two_corner(a, b)
    }

    /// `horizon`: every cell strictly between `a` and `b` on row `a.x` is empty.
    fn horizon(&self, a: Point, b: Point) -> bool {
        let (start, end) = if a.y < b.y { (a.y, b.y) } else { (b.y, a.y) };
        for i in start + 1..end {
            if self.at(a.x, i) != EMPTY {
                return false;
            }
        }
        true
    }

    /// `vertical`: every cell strictly between `a` and `b` on column `a.y` is empty.
    fn vertical(&self, a: Point, b: Point) -> bool {
        let (start, end) = if a.x < b.x { (a.x, b.x) } else { (b.x, a.x) };
        for i in start + 1..end {
            if self.at(i, a.y) != EMPTY {
                return false;
            }
        }
        true
    }

    /// `oneCorner`, fixed to try corner D when the path through C is blocked.
    fn one_corner(&self, a: Point, b: Point) -> bool {
        let c = Point { x: b.x, y: a.y };
        let d = Point { x: a.x, y: b.y };
        if self.at(c.x, c.y) == EMPTY && self.horizon(b, c) && self.vertical(a, c) {
            return true;
        }
        self.at(d.x, d.y) == EMPTY && self.horizon(a, d) && self.vertical(b, d)
    }

    /// `twoCorner`: a candidate line whose ends A and B reach in a straight line.
    fn two_corner(&self, a: Point, b: Point) -> bool {
        let ll = self.scan(a, b);
        if ll.is_empty() {
            return false;
        }
        for line in &ll {
            if line.direct == 1 {
                if self.vertical(a, line.a) && self.vertical(b, line.b) {
                    return true;
                }
            } else if self.horizon(a, line.a) && self.horizon(b, line.b) {
                return true;
            }
        }
        false
    }

    /// `scan`: every column (walking left, then right, from A's) whose cells on A's and
    /// B's rows are empty and joined by a clear vertical segment, then every row (up,
    /// then down, from A's) likewise with a horizontal segment.
    fn scan(&self, a: Point, b: Point) -> Vec<Line> {
        let mut link_list = Vec::new();
        let column = |i: usize, list: &mut Vec<Line>| {
            let (p, q) = (Point { x: a.x, y: i }, Point { x: b.x, y: i });
            if self.at(a.x, i) == EMPTY && self.at(b.x, i) == EMPTY && self.vertical(p, q) {
                list.push(Line {
                    a: p,
                    b: q,
                    direct: 0,
                });
            }
        };
        for i in (0..=a.y).rev() {
            column(i, &mut link_list);
        }
        for i in a.y..self.col {
            column(i, &mut link_list);
        }
        let row = |j: usize, list: &mut Vec<Line>| {
            let (p, q) = (Point { x: j, y: a.y }, Point { x: j, y: b.y });
            if self.at(j, a.y) == EMPTY && self.at(j, b.y) == EMPTY && self.horizon(p, q) {
                list.push(Line {
                    a: p,
                    b: q,
                    direct: 1,
                });
            }
        };
        for j in (0..=a.x).rev() {
            row(j, &mut link_list);
        }
        for j in a.x..self.row {
            row(j, &mut link_list);
        }
        link_list
    }
}
