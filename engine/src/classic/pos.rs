//! A cell position: row and column, serialized as `[row, col]`.

use serde::{Deserialize, Serialize};

/// A cell position as (row, col). Board cells are `0..R` × `0..C`; points of a path may
/// also lie on the ring at row −1 or R, column −1 or C. Serialized as `[row, col]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "[number, number]"))]
pub struct Pos {
    pub row: i16,
    pub col: i16,
}

impl Pos {
    pub const fn new(row: i16, col: i16) -> Pos {
        Pos { row, col }
    }
}

impl Serialize for Pos {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        (self.row, self.col).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Pos {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Pos, D::Error> {
        <(i16, i16)>::deserialize(d).map(Pos::from)
    }
}

impl From<(i16, i16)> for Pos {
    fn from((row, col): (i16, i16)) -> Pos {
        Pos { row, col }
    }
}

impl From<Pos> for (i16, i16) {
    fn from(p: Pos) -> (i16, i16) {
        (p.row, p.col)
    }
}
