//! The board: an R×C grid of cells, each empty or holding a tile kind, surrounded by a
//! one-cell ring (row −1, row R, column −1, column C) that paths may use unless the ring
//! is turned off. Owns cell storage and the occupancy bits of every row and column
//! (`bits`) that the link search's "is this straight segment clear" tests are built on.

use serde::{Deserialize, Serialize};

use crate::classic::bits;
pub use crate::classic::pos::Pos;
use crate::error::{EngineError, Result};

/// A tile kind: a small non-negative integer; tiles of the same kind match.
pub type Kind = u16;

/// Largest allowed board side (rows and columns alike).
pub const MAX_SIDE: usize = 256;

/// Largest allowed kind value (kinds are `0..=MAX_KIND`).
pub const MAX_KIND: Kind = 65_000;

/// Stored cell value for an empty cell; a tile of kind `k` is stored as `k + 1`.
const EMPTY: u16 = 0;
/// Stored cell value for the ring when paths around the board are turned off.
const WALL: u16 = u16::MAX;

/// The grid of cells plus the occupancy bits of every row and every column of the padded
/// grid (board plus ring): a straight segment is tested with a word operation or two
/// (sides up to 62), and a change costs two bit flips.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    ring: bool,
    /// Padded width (cols + 2) and height (rows + 2).
    w: usize,
    h: usize,
    /// Padded cells, row-major, `h * w`.
    cells: Vec<u16>,
    /// Padded row `r`'s occupancy (a tile, or the closed ring), bit `c` for column `c`,
    /// in `row_words` words from `r * row_words`; padded column `c`'s likewise in
    /// `col_bits`, bit `r` for row `r`.
    row_bits: Vec<u64>,
    col_bits: Vec<u64>,
    row_words: usize,
    col_words: usize,
    tiles: usize,
}

impl Board {
    /// An empty `rows`×`cols` board; `ring` lets paths run around the outside.
    pub fn new(rows: usize, cols: usize, ring: bool) -> Result<Board> {
        if rows == 0 || cols == 0 {
            return Err(EngineError::EmptyBoard);
        }
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(EngineError::BoardTooLarge {
                rows,
                cols,
                max: MAX_SIDE,
            });
        }
        let (h, w) = (rows + 2, cols + 2);
        let mut cells = vec![EMPTY; h * w];
        if !ring {
            for r in 0..h {
                for c in 0..w {
                    if r == 0 || c == 0 || r == h - 1 || c == w - 1 {
                        cells[r * w + c] = WALL;
                    }
                }
            }
        }
        let mut board = Board {
            rows,
            cols,
            ring,
            w,
            h,
            cells,
            row_bits: vec![0; h * bits::words_for(w)],
            col_bits: vec![0; w * bits::words_for(h)],
            row_words: bits::words_for(w),
            col_words: bits::words_for(h),
            tiles: 0,
        };
        board.rebuild_index();
        Ok(board)
    }

    /// A board from rows of cells (`None` = empty, `Some(kind)`), as the CLI and saves give it.
    pub fn from_rows(grid: &[Vec<Option<u64>>], ring: bool) -> Result<Board> {
        let rows = grid.len();
        let cols = grid.first().map_or(0, Vec::len);
        for (row, cells) in grid.iter().enumerate() {
            if cells.len() != cols {
                return Err(EngineError::RaggedRows {
                    row,
                    len: cells.len(),
                    expected: cols,
                });
            }
        }
        let mut board = Board::new(rows, cols, ring)?;
        for (r, cells) in grid.iter().enumerate() {
            for (c, cell) in cells.iter().enumerate() {
                if let Some(kind) = *cell {
                    if kind > u64::from(MAX_KIND) {
                        return Err(EngineError::KindTooLarge {
                            kind,
                            max: MAX_KIND,
                        });
                    }
                    // Bounded by MAX_KIND just above.
                    let k = kind as Kind;
                    board.cells[(r + 1) * board.w + c + 1] = k + 1;
                }
            }
        }
        board.rebuild_index();
        Ok(board)
    }

    /// The cells as rows (`None` = empty), the inverse of [`Board::from_rows`].
    pub fn to_rows(&self) -> Vec<Vec<Option<Kind>>> {
        (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| decode(self.cells[(r + 1) * self.w + c + 1]))
                    .collect()
            })
            .collect()
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether paths may run through the ring around the board.
    pub fn ring(&self) -> bool {
        self.ring
    }

    /// Number of tiles still on the board.
    pub fn tiles_left(&self) -> usize {
        self.tiles
    }

    pub fn is_cleared(&self) -> bool {
        self.tiles == 0
    }

    /// Whether `p` is a cell of the board proper (not the ring).
    pub fn contains(&self, p: Pos) -> bool {
        p.row >= 0 && p.col >= 0 && (p.row as usize) < self.rows && (p.col as usize) < self.cols
    }

    /// `Ok(())` when `p` is on the board, else the out-of-bounds error naming it.
    pub fn check(&self, p: Pos) -> Result<()> {
        if self.contains(p) {
            Ok(())
        } else {
            Err(EngineError::OutOfBounds {
                row: p.row.into(),
                col: p.col.into(),
                rows: self.rows,
                cols: self.cols,
            })
        }
    }

    /// The kind at `p`, or `None` when the cell is empty or not on the board.
    pub fn get(&self, p: Pos) -> Option<Kind> {
        if self.contains(p) {
            decode(self.cells[self.index(p)])
        } else {
            None
        }
    }

    /// The cell at (`row`, `col`), given as any integers (from IPC or the command line), or
    /// `out_of_bounds` naming them when they are not on the board.
    pub fn pos_at(&self, row: i64, col: i64) -> Result<Pos> {
        let outside = || EngineError::OutOfBounds {
            row,
            col,
            rows: self.rows,
            cols: self.cols,
        };
        match (i16::try_from(row), i16::try_from(col)) {
            (Ok(r), Ok(c)) if self.contains(Pos::new(r, c)) => Ok(Pos::new(r, c)),
            _ => Err(outside()),
        }
    }

    /// Puts `kind` (or nothing) at `p`, keeping the occupancy bits up to date.
    pub fn set(&mut self, p: Pos, kind: Option<Kind>) -> Result<()> {
        self.check(p)?;
        if let Some(k) = kind {
            if k > MAX_KIND {
                return Err(EngineError::KindTooLarge {
                    kind: k.into(),
                    max: MAX_KIND,
                });
            }
        }
        self.put(p, kind);
        Ok(())
    }

    /// Puts tile `kind` at `p`, a cell the caller knows is on the board.
    pub(crate) fn place(&mut self, p: Pos, kind: Kind) {
        debug_assert!(self.contains(p), "place at {p:?} off the board");
        debug_assert!(kind <= MAX_KIND, "kind {kind} too large");
        self.put(p, Some(kind));
    }

    /// Empties `p`, a cell the caller knows is on the board.
    pub(crate) fn clear(&mut self, p: Pos) {
        debug_assert!(self.contains(p), "clear at {p:?} off the board");
        self.put(p, None);
    }

    /// [`Board::set`] without the checks.
    fn put(&mut self, p: Pos, kind: Option<Kind>) {
        let i = self.index(p);
        let was = self.cells[i] != EMPTY;
        let now = kind.is_some();
        self.cells[i] = kind.map_or(EMPTY, |k| k + 1);
        if was != now {
            let (pr, pc) = (p.row as usize + 1, p.col as usize + 1);
            bits::set(self.row_mut(pr), pc, now);
            bits::set(self.col_mut(pc), pr, now);
            if now {
                self.tiles += 1;
            } else {
                self.tiles -= 1;
            }
        }
    }

    /// Every tile on the board, row-major, with its kind.
    pub fn tiles(&self) -> impl Iterator<Item = (Pos, Kind)> + '_ {
        (0..self.rows).flat_map(move |r| {
            (0..self.cols).filter_map(move |c| {
                let p = Pos::new(r as i16, c as i16);
                decode(self.cells[self.index(p)]).map(|k| (p, k))
            })
        })
    }

    /// Index of a board cell in the padded grid.
    #[inline]
    fn index(&self, p: Pos) -> usize {
        (p.row as usize + 1) * self.w + p.col as usize + 1
    }

    /// Padded width and height (board plus ring), for the link search.
    #[inline]
    pub(crate) fn padded_dims(&self) -> (usize, usize) {
        (self.h, self.w)
    }

    /// Whether padded (row, col) is free for a path to pass (empty cell or open ring).
    #[inline]
    pub(crate) fn free(&self, pr: usize, pc: usize) -> bool {
        self.cells[pr * self.w + pc] == EMPTY
    }

    /// Whether every cell strictly between padded columns `a` and `b` of padded row `r` is free.
    #[inline]
    pub(crate) fn clear_row(&self, r: usize, a: usize, b: usize) -> bool {
        bits::none_between(self.row(r), a.min(b), a.max(b))
    }

    /// Whether every cell strictly between padded rows `a` and `b` of padded column `c` is free.
    #[inline]
    pub(crate) fn clear_col(&self, c: usize, a: usize, b: usize) -> bool {
        bits::none_between(self.col(c), a.min(b), a.max(b))
    }

    /// The padded columns `lo..=hi` of padded row `r` around column `c` whose cells other
    /// than `c` are free: how far a horizontal path from (`r`, `c`) reaches.
    ///
    /// Always inlined (here, in `col_reach` and in `bits::clear_run`): the native build
    /// inlines them anyway, but LLVM's WebAssembly cost model kept them out of line, a call
    /// returning its pair through the stack in memory for every reach, and that made path
    /// queries in WebAssembly 1.6-1.7x native instead of 1.35-1.5x
    /// (`engine/BENCHMARKS.md`, "WebAssembly beside native").
    #[inline(always)]
    pub(crate) fn row_reach(&self, r: usize, c: usize) -> (usize, usize) {
        bits::clear_run(self.row(r), c, self.w)
    }

    /// The padded rows `lo..=hi` of padded column `c` around row `r` whose cells other
    /// than `r` are free: how far a vertical path from (`r`, `c`) reaches. Always inlined,
    /// as `row_reach`.
    #[inline(always)]
    pub(crate) fn col_reach(&self, c: usize, r: usize) -> (usize, usize) {
        bits::clear_run(self.col(c), r, self.h)
    }

    /// Whether the board cell at `p` has no free neighbour (tiles or a closed ring all
    /// round): a path from it can only reach a tile next to it.
    #[inline]
    pub(crate) fn enclosed(&self, p: Pos) -> bool {
        let (r, c) = (p.row as usize + 1, p.col as usize + 1);
        !(self.free(r, c - 1) || self.free(r, c + 1) || self.free(r - 1, c) || self.free(r + 1, c))
    }

    /// Whether every padded row and column fits one word (padded sides up to 64), so
    /// that [`Board::row_word`] and [`Board::col_word`] hold whole lines.
    #[inline]
    pub(crate) fn narrow(&self) -> bool {
        self.row_words == 1 && self.col_words == 1
    }

    /// Padded row `r`'s occupancy bits (bit `c` for column `c`) on a narrow board.
    #[inline]
    pub(crate) fn row_word(&self, r: usize) -> u64 {
        self.row_bits[r]
    }

    /// Padded column `c`'s occupancy bits (bit `r` for row `r`) on a narrow board.
    #[inline]
    pub(crate) fn col_word(&self, c: usize) -> u64 {
        self.col_bits[c]
    }

    #[inline]
    fn row(&self, r: usize) -> &[u64] {
        &self.row_bits[r * self.row_words..(r + 1) * self.row_words]
    }

    #[inline]
    fn col(&self, c: usize) -> &[u64] {
        &self.col_bits[c * self.col_words..(c + 1) * self.col_words]
    }

    fn row_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.row_bits[r * self.row_words..(r + 1) * self.row_words]
    }

    fn col_mut(&mut self, c: usize) -> &mut [u64] {
        &mut self.col_bits[c * self.col_words..(c + 1) * self.col_words]
    }

    /// Recomputes the tile count and the occupancy bits from the cells.
    fn rebuild_index(&mut self) {
        let (h, w) = (self.h, self.w);
        self.tiles = 0;
        self.row_bits.iter_mut().for_each(|x| *x = 0);
        self.col_bits.iter_mut().for_each(|x| *x = 0);
        for r in 0..h {
            for c in 0..w {
                let v = self.cells[r * w + c];
                if v != EMPTY {
                    bits::set(self.row_mut(r), c, true);
                    bits::set(self.col_mut(c), r, true);
                    if v != WALL {
                        self.tiles += 1;
                    }
                }
            }
        }
    }
}

#[inline]
fn decode(v: u16) -> Option<Kind> {
    if v == EMPTY || v == WALL {
        None
    } else {
        Some(v - 1)
    }
}

/// The serialized form of a board: its rows of cells and whether the ring is open.
#[derive(Serialize, Deserialize)]
struct BoardData {
    cells: Vec<Vec<Option<u64>>>,
    ring: bool,
}

impl Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let cells = self
            .to_rows()
            .into_iter()
            .map(|row| row.into_iter().map(|c| c.map(u64::from)).collect())
            .collect();
        BoardData {
            cells,
            ring: self.ring,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Board, D::Error> {
        let data = BoardData::deserialize(d)?;
        Board::from_rows(&data.cells, data.ring).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&[i64]]) -> Vec<Vec<Option<u64>>> {
        rows.iter()
            .map(|r| r.iter().map(|&v| (v >= 0).then_some(v as u64)).collect())
            .collect()
    }

    #[test]
    fn rows_round_trip_and_count_tiles() {
        let g = grid(&[&[0, -1, 1], &[-1, 2, 2]]);
        let b = Board::from_rows(&g, true).unwrap();
        assert_eq!(b.tiles_left(), 4);
        assert_eq!(b.get(Pos::new(0, 2)), Some(1));
        assert_eq!(b.get(Pos::new(0, 1)), None);
        assert_eq!(b.get(Pos::new(-1, 0)), None);
        let back: Vec<Vec<Option<u64>>> = b
            .to_rows()
            .into_iter()
            .map(|r| r.into_iter().map(|c| c.map(u64::from)).collect())
            .collect();
        assert_eq!(back, g);
    }

    #[test]
    fn rejects_bad_shapes_and_kinds() {
        assert_eq!(Board::from_rows(&[], true), Err(EngineError::EmptyBoard));
        assert_eq!(
            Board::from_rows(&[vec![]], true),
            Err(EngineError::EmptyBoard)
        );
        assert!(matches!(
            Board::from_rows(&grid(&[&[1, 1], &[1]]), true),
            Err(EngineError::RaggedRows { row: 1, .. })
        ));
        assert!(matches!(
            Board::new(257, 3, true),
            Err(EngineError::BoardTooLarge { .. })
        ));
        assert!(matches!(
            Board::from_rows(&[vec![Some(70_000)]], true),
            Err(EngineError::KindTooLarge { .. })
        ));
        let mut b = Board::new(2, 2, true).unwrap();
        assert!(matches!(
            b.set(Pos::new(2, 0), Some(1)),
            Err(EngineError::OutOfBounds { .. })
        ));
    }

    #[test]
    fn segment_index_follows_set() {
        let mut b = Board::from_rows(&grid(&[&[1, -1, -1, 1]]), true).unwrap();
        // padded row 1: columns 1..=4 are the board.
        assert!(!b.clear_row(1, 0, 5));
        assert!(b.clear_row(1, 1, 4));
        b.set(Pos::new(0, 2), Some(3)).unwrap();
        assert!(!b.clear_row(1, 1, 4));
        b.set(Pos::new(0, 2), None).unwrap();
        assert!(b.clear_row(1, 1, 4));
        assert_eq!(b.tiles_left(), 2);
    }

    #[test]
    fn closed_ring_is_a_wall() {
        let b = Board::new(2, 2, false).unwrap();
        assert!(!b.free(0, 1));
        assert!(b.free(1, 1));
        assert_eq!(b.tiles_left(), 0);
    }

    #[test]
    fn serde_round_trip() {
        let b = Board::from_rows(&grid(&[&[0, -1], &[-1, 0]]), false).unwrap();
        let json = serde_json::to_string(&b).unwrap();
        let back: Board = serde_json::from_str(&json).unwrap();
        assert_eq!(back, b);
    }
}
