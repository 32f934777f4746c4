//! The slide rules: after a match, the remaining tiles pack (close every gap, keeping
//! their order) along lines. A rule cuts the board into *lanes* (a column, a row, or half
//! of one), each with an end its tiles pack toward; movement depends only on occupancy,
//! never on kinds. The ring around the board is unaffected.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::classic::board::{Board, Pos};

/// How tiles move after a match. Halves: the first half of a row (column) of `n` cells is
/// `0 .. ⌊n/2⌋ - 1`, the second half is the rest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum SlideRule {
    /// Nothing moves.
    #[default]
    None,
    /// Every column packs toward the bottom.
    Down,
    /// Every column packs toward the top.
    Up,
    /// Every row packs toward the left.
    Left,
    /// Every row packs toward the right.
    Right,
    /// In every row the left half packs left, the right half packs right.
    ApartH,
    /// In every row the left half packs right, the right half packs left.
    TogetherH,
    /// In every column the top half packs up, the bottom half packs down.
    ApartV,
    /// In every column the top half packs down, the bottom half packs up.
    TogetherV,
}

/// A tile that slid: from → to.
pub type Move = [Pos; 2];

impl SlideRule {
    /// Every rule, in the journey's order.
    pub const ALL: [SlideRule; 9] = [
        SlideRule::None,
        SlideRule::Down,
        SlideRule::Up,
        SlideRule::Left,
        SlideRule::Right,
        SlideRule::ApartH,
        SlideRule::TogetherH,
        SlideRule::ApartV,
        SlideRule::TogetherV,
    ];

    /// The rule's name as in JSON and on the command line (`apart-h`, ...).
    pub fn name(self) -> &'static str {
        match self {
            SlideRule::None => "none",
            SlideRule::Down => "down",
            SlideRule::Up => "up",
            SlideRule::Left => "left",
            SlideRule::Right => "right",
            SlideRule::ApartH => "apart-h",
            SlideRule::TogetherH => "together-h",
            SlideRule::ApartV => "apart-v",
            SlideRule::TogetherV => "together-v",
        }
    }

    /// The lanes of a `rows`×`cols` board: each lists its cells from the end its tiles
    /// pack toward outward. Every cell is in at most one lane (in none for `none`).
    pub fn lanes(self, rows: usize, cols: usize) -> Vec<Vec<Pos>> {
        let at = |r: usize, c: usize| Pos::new(r as i16, c as i16);
        let row = |r: usize, from: usize, to: usize, toward_low: bool| -> Vec<Pos> {
            let v: Vec<Pos> = (from..to).map(|c| at(r, c)).collect();
            if toward_low {
                v
            } else {
                v.into_iter().rev().collect()
            }
        };
        let col = |c: usize, from: usize, to: usize, toward_low: bool| -> Vec<Pos> {
            let v: Vec<Pos> = (from..to).map(|r| at(r, c)).collect();
            if toward_low {
                v
            } else {
                v.into_iter().rev().collect()
            }
        };
        let (mr, mc) = (rows / 2, cols / 2);
        let mut lanes = Vec::new();
        match self {
            SlideRule::None => {}
            SlideRule::Down | SlideRule::Up => {
                for c in 0..cols {
                    lanes.push(col(c, 0, rows, self == SlideRule::Up));
                }
            }
            SlideRule::Left | SlideRule::Right => {
                for r in 0..rows {
                    lanes.push(row(r, 0, cols, self == SlideRule::Left));
                }
            }
            SlideRule::ApartH | SlideRule::TogetherH => {
                let apart = self == SlideRule::ApartH;
                for r in 0..rows {
                    lanes.push(row(r, 0, mc, apart));
                    lanes.push(row(r, mc, cols, !apart));
                }
            }
            SlideRule::ApartV | SlideRule::TogetherV => {
                let apart = self == SlideRule::ApartV;
                for c in 0..cols {
                    lanes.push(col(c, 0, mr, apart));
                    lanes.push(col(c, mr, rows, !apart));
                }
            }
        }
        lanes.retain(|l| !l.is_empty());
        lanes
    }

    /// Packs `board`'s tiles by this rule; returns each tile that moved (from → to),
    /// lane by lane, in the order the moves were made.
    pub fn apply(self, board: &mut Board) -> Vec<Move> {
        Lanes::new(self, board.rows(), board.cols()).apply(board)
    }
}

/// A rule's lanes for one board size, computed once for searches that slide often, and
/// which lane each cell is in.
pub(crate) struct Lanes {
    lanes: Vec<Vec<Pos>>,
    /// Cell (row-major) → index of its lane, `u32::MAX` for none; and its place in the
    /// lane (0 = the end tiles pack toward).
    lane_of: Vec<u32>,
    index_of: Vec<u32>,
    cols: usize,
}

impl Lanes {
    pub(crate) fn new(rule: SlideRule, rows: usize, cols: usize) -> Lanes {
        let lanes = rule.lanes(rows, cols);
        let mut lane_of = vec![u32::MAX; rows * cols];
        let mut index_of = vec![u32::MAX; rows * cols];
        for (i, lane) in lanes.iter().enumerate() {
            for (j, p) in lane.iter().enumerate() {
                lane_of[p.row as usize * cols + p.col as usize] = i as u32;
                index_of[p.row as usize * cols + p.col as usize] = j as u32;
            }
        }
        Lanes {
            lanes,
            lane_of,
            index_of,
            cols,
        }
    }

    /// How many lanes there are.
    pub(crate) fn count(&self) -> usize {
        self.lanes.len()
    }

    /// The lane of cell `p` and its place there (0 = the end tiles pack toward), or
    /// `None` for a cell in no lane (or off the board).
    pub(crate) fn place(&self, p: Pos) -> Option<(u32, u32)> {
        if p.row < 0 || p.col < 0 || p.col as usize >= self.cols {
            return None;
        }
        let s = p.row as usize * self.cols + p.col as usize;
        match (self.lane_of.get(s), self.index_of.get(s)) {
            (Some(&l), Some(&j)) if l != u32::MAX => Some((l, j)),
            _ => None,
        }
    }

    /// As [`SlideRule::apply`] on a board of this size.
    pub(crate) fn apply(&self, board: &mut Board) -> Vec<Move> {
        let mut moves = Vec::new();
        for lane in &self.lanes {
            pack_lane(board, lane, &mut moves);
        }
        moves
    }

    /// As [`Lanes::apply`], for a board that was packed before the tiles at `gone` were
    /// removed: only their lanes can have gaps, so only those are packed (same moves, in
    /// the same order, as the full pass).
    pub(crate) fn apply_after(&self, board: &mut Board, gone: [Pos; 2]) -> Vec<Move> {
        let lane = |p: Pos| {
            self.lane_of
                .get(p.row as usize * self.cols + p.col as usize)
                .copied()
                .unwrap_or(u32::MAX)
        };
        let (a, b) = (lane(gone[0]), lane(gone[1]));
        let (lo, hi) = (a.min(b), a.max(b));
        let mut moves = Vec::new();
        let mut pack = |i: u32| {
            if let Some(lane) = self.lanes.get(i as usize) {
                pack_lane(board, lane, &mut moves);
            }
        };
        pack(lo);
        if hi != lo {
            pack(hi);
        }
        moves
    }
}

/// Packs one lane toward its first cell, recording the moves.
pub(crate) fn pack_lane(board: &mut Board, lane: &[Pos], moves: &mut Vec<Move>) {
    let mut w = 0;
    for (i, &p) in lane.iter().enumerate() {
        if let Some(k) = board.get(p) {
            if i != w {
                let to = lane[w];
                // Lane cells come from the board's own shape: always in bounds.
                board.clear(p);
                board.place(to, k);
                moves.push([p, to]);
            }
            w += 1;
        }
    }
}

/// Takes back `moves` (as [`SlideRule::apply`] returned them): every tile goes back
/// from `to` to `from`, last move first.
pub fn unapply(board: &mut Board, moves: &[Move]) {
    for &[from, to] in moves.iter().rev() {
        // `moves` come from the caller: checked writes, a bad move is skipped.
        let k = board.get(to);
        let _ = board.set(to, None);
        let _ = board.set(from, k);
    }
}

impl fmt::Display for SlideRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a slide rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRule(pub String);

impl fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = SlideRule::ALL.iter().map(|r| r.name()).collect();
        write!(
            f,
            "unknown slide rule '{}' (one of: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl FromStr for SlideRule {
    type Err = UnknownRule;

    fn from_str(s: &str) -> Result<SlideRule, UnknownRule> {
        SlideRule::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| UnknownRule(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let grid: Vec<Vec<Option<u64>>> = rows
            .iter()
            .map(|r| r.chars().map(|c| (c != '.').then_some(c as u64)).collect())
            .collect();
        Board::from_rows(&grid, true).unwrap()
    }

    fn picture(b: &Board) -> Vec<String> {
        b.to_rows()
            .iter()
            .map(|r| {
                r.iter()
                    .map(|c| c.map_or('.', |k| char::from(k as u8)))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn names_round_trip_in_serde_and_from_str() {
        for r in SlideRule::ALL {
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{}\"", r.name()));
            assert_eq!(serde_json::from_str::<SlideRule>(&json).unwrap(), r);
            assert_eq!(r.name().parse::<SlideRule>().unwrap(), r);
        }
        assert!("sideways".parse::<SlideRule>().is_err());
    }

    #[test]
    fn halves_pack_as_the_table_says() {
        let cases = [
            (SlideRule::ApartH, ".a.b.c.", "a....bc"),
            (SlideRule::TogetherH, "a..b..c", "..abc.."),
            (SlideRule::Left, ".a.b.c.", "abc...."),
            (SlideRule::Right, ".a.b.c.", "....abc"),
            (SlideRule::None, ".a.b.c.", ".a.b.c."),
        ];
        for (rule, before, after) in cases {
            let mut b = board(&[before]);
            let moves = rule.apply(&mut b);
            assert_eq!(picture(&b), vec![after.to_string()], "{rule}");
            let mut back = b.clone();
            unapply(&mut back, &moves);
            assert_eq!(picture(&back), vec![before.to_string()], "{rule} undo");
        }
        let mut b = board(&["a", ".", "b", ".", "c"]);
        let moves = SlideRule::TogetherV.apply(&mut b);
        assert_eq!(picture(&b), vec![".", "a", "b", "c", "."]);
        assert_eq!(
            moves,
            vec![
                [Pos::new(0, 0), Pos::new(1, 0)],
                [Pos::new(4, 0), Pos::new(3, 0)]
            ]
        );
    }
}
