//! Every connectable pair of a board, and "stuck" detection (tiles left, no pair).

use serde::Serialize;

use crate::classic::board::{Board, Kind, Pos};
use crate::classic::link::Path;

/// Two tiles of the same kind that connect now, with their best path from `a` to `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Pair {
    pub a: Pos,
    pub b: Pos,
    pub path: Path,
}

impl Board {
    /// The tiles grouped by kind: `(kind, positions in row-major order)`, kinds ascending.
    pub fn tiles_by_kind(&self) -> Vec<(Kind, Vec<Pos>)> {
        let mut groups: Vec<(Kind, Vec<Pos>)> = Vec::new();
        let mut tiles: Vec<(Kind, Pos)> = self.tiles().map(|(p, k)| (k, p)).collect();
        tiles.sort_unstable();
        for (k, p) in tiles {
            match groups.last_mut() {
                Some((last, ps)) if *last == k => ps.push(p),
                _ => groups.push((k, vec![p])),
            }
        }
        groups
    }

    /// Every connectable same-kind pair once (`a` before `b` in row-major order), each
    /// with its best path; ordered by kind, then by `a`, then by `b`.
    pub fn pairs(&self) -> Vec<Pair> {
        let mut out = Vec::new();
        for (_, ps) in self.tiles_by_kind() {
            for (i, &a) in ps.iter().enumerate() {
                for &b in &ps[i + 1..] {
                    if let Some(path) = self.find_path(a, b) {
                        out.push(Pair { a, b, path });
                    }
                }
            }
        }
        out
    }

    /// The connectable pairs without their paths (cheaper: stops at the first path).
    pub fn linkable_pairs(&self) -> Vec<(Pos, Pos)> {
        let mut out = Vec::new();
        for (_, ps) in self.tiles_by_kind() {
            for (i, &a) in ps.iter().enumerate() {
                for &b in &ps[i + 1..] {
                    if self.can_link(a, b) {
                        out.push((a, b));
                    }
                }
            }
        }
        out
    }

    /// Whether at least one pair can be removed now.
    /// Each tile is tried against the tiles of its kind before it in row-major order, so
    /// a board with a pair usually answers within its first rows, without grouping the
    /// tiles by kind first (that grouping was most of a match's cost in a replay).
    pub fn has_pair(&self) -> bool {
        let mut seen: Vec<(Kind, Pos)> = Vec::with_capacity(self.tiles_left());
        for (b, k) in self.tiles() {
            if seen.iter().any(|&(j, a)| j == k && self.can_link(a, b)) {
                return true;
            }
            seen.push((k, b));
        }
        false
    }

    /// Tiles remain but no pair can be removed: the player needs a shuffle.
    pub fn is_stuck(&self) -> bool {
        !self.is_cleared() && !self.has_pair()
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

    #[test]
    fn lists_each_pair_once_in_order() {
        let b = board(&["AB", "AB"]);
        let pairs = b.pairs();
        let ends: Vec<(Pos, Pos)> = pairs.iter().map(|p| (p.a, p.b)).collect();
        assert_eq!(
            ends,
            vec![
                (Pos::new(0, 0), Pos::new(1, 0)),
                (Pos::new(0, 1), Pos::new(1, 1))
            ]
        );
        assert_eq!(b.linkable_pairs(), ends);
        assert!(!b.is_stuck());
    }

    #[test]
    fn stuck_when_no_pair_connects_and_not_when_cleared() {
        // Closed ring, AB/BA checkerboard: every same-kind pair is diagonal and both corners are blocked.
        let grid = vec![vec![Some(0), Some(1)], vec![Some(1), Some(0)]];
        let b = Board::from_rows(&grid, false).unwrap();
        assert!(b.is_stuck());
        assert!(b.pairs().is_empty());
        let empty = Board::new(3, 3, true).unwrap();
        assert!(!empty.is_stuck());
    }

    proptest::proptest! {
        /// `has_pair` (which does not group by kind) agrees with the list of pairs.
        #[test]
        fn has_pair_agrees_with_the_pairs(
            cells in proptest::collection::vec(proptest::option::weighted(0.6, 0u64..5), 1..80),
            cols in 1usize..10,
            ring: bool,
        ) {
            let grid: Vec<Vec<Option<u64>>> = cells.chunks(cols).map(|r| {
                let mut r = r.to_vec();
                r.resize(cols, None);
                r
            }).collect();
            let b = Board::from_rows(&grid, ring).unwrap();
            proptest::prop_assert_eq!(b.has_pair(), !b.linkable_pairs().is_empty());
        }
    }
}
