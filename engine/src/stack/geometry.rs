//! Where stack-mode tiles lie and who covers whom. Coordinates are in quarter-tile
//! units (a tile is 4×4 units, so half and quarter offsets are expressible); `z` is the
//! layer, 0 at the bottom. Tile `a` covers tile `b` iff `a.z > b.z` and the two overlap
//! (`|a.x-b.x| < 4` and `|a.y-b.y| < 4`). A [`Layout`] is validated once (no two tiles of
//! one layer overlap) and keeps both directions of the cover relation, so taking or
//! returning a tile updates freedom in O(tiles it covers).

use serde::{Deserialize, Serialize};

use crate::error::{EngineError, Result};

/// A tile's side, in coordinate units.
pub const TILE_SIDE: i32 = 4;
/// Most tiles a layout may hold (ids are `u16`, sets are bitsets of this many bits).
pub const MAX_TILES: usize = 1024;
/// Coordinates are kept to `0..=MAX_COORD` so that nothing overflows.
pub const MAX_COORD: i32 = 4096;
/// Most kinds a stack deal may use.
pub const MAX_KINDS: u16 = 64;

/// A tile's index in its layout's `tiles`.
pub type TileId = u16;

/// One tile: its place and its face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Tile {
    pub x: i32,
    pub y: i32,
    pub z: i32,
    pub kind: u16,
}

impl Tile {
    /// Whether `self` lies on top of `other`.
    pub fn covers(&self, other: &Tile) -> bool {
        self.z > other.z
            && (self.x - other.x).abs() < TILE_SIDE
            && (self.y - other.y).abs() < TILE_SIDE
    }

    fn overlaps_in_layer(&self, other: &Tile) -> bool {
        self.z == other.z
            && (self.x - other.x).abs() < TILE_SIDE
            && (self.y - other.y).abs() < TILE_SIDE
    }
}

/// A validated set of tiles with its cover relation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    tiles: Vec<Tile>,
    /// `above[i]`: the tiles that cover tile `i`.
    above: Vec<Vec<TileId>>,
    /// `below[i]`: the tiles that tile `i` covers.
    below: Vec<Vec<TileId>>,
}

impl Layout {
    /// Checks `tiles` (count, coordinates, kinds, no overlap within a layer) and builds
    /// the cover relation. Kinds are not required to come in threes here; deals and
    /// stack files check that where it matters.
    pub fn new(tiles: Vec<Tile>) -> Result<Layout> {
        if tiles.len() > MAX_TILES {
            return Err(EngineError::BadStack(format!(
                "{} tiles is too many: at most {MAX_TILES}",
                tiles.len()
            )));
        }
        for (i, t) in tiles.iter().enumerate() {
            for (name, v) in [("x", t.x), ("y", t.y), ("z", t.z)] {
                if !(0..=MAX_COORD).contains(&v) {
                    return Err(EngineError::BadStack(format!(
                        "tile {i}: {name} = {v} is outside 0..={MAX_COORD}"
                    )));
                }
            }
            if t.kind >= MAX_KINDS {
                return Err(EngineError::BadStack(format!(
                    "tile {i}: kind {} is too large: kinds must be 0..={}",
                    t.kind,
                    MAX_KINDS - 1
                )));
            }
        }
        // Sort ids by (z, x) so overlap and cover checks only look at near neighbours in x.
        let mut order: Vec<usize> = (0..tiles.len()).collect();
        order.sort_by_key(|&i| (tiles[i].x, tiles[i].z));
        let mut above = vec![Vec::new(); tiles.len()];
        let mut below = vec![Vec::new(); tiles.len()];
        for (oi, &i) in order.iter().enumerate() {
            for &j in &order[oi + 1..] {
                if tiles[j].x - tiles[i].x >= TILE_SIDE {
                    break;
                }
                let (a, b) = (&tiles[i], &tiles[j]);
                if a.overlaps_in_layer(b) {
                    let (lo, hi) = (i.min(j), i.max(j));
                    return Err(EngineError::BadStack(format!(
                        "tiles {lo} and {hi} overlap in layer {}",
                        a.z
                    )));
                }
                if a.covers(b) {
                    above[j].push(i as TileId);
                    below[i].push(j as TileId);
                } else if b.covers(a) {
                    above[i].push(j as TileId);
                    below[j].push(i as TileId);
                }
            }
        }
        for list in above.iter_mut().chain(below.iter_mut()) {
            list.sort_unstable();
        }
        Ok(Layout {
            tiles,
            above,
            below,
        })
    }

    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    pub fn tile(&self, id: TileId) -> Option<&Tile> {
        self.tiles.get(usize::from(id))
    }

    /// The tiles covering `id` (empty for an unknown id).
    pub fn above(&self, id: TileId) -> &[TileId] {
        self.above.get(usize::from(id)).map_or(&[], Vec::as_slice)
    }

    /// The tiles `id` covers (empty for an unknown id).
    pub fn below(&self, id: TileId) -> &[TileId] {
        self.below.get(usize::from(id)).map_or(&[], Vec::as_slice)
    }

    /// For each tile, how many tiles cover it when all are present.
    pub fn cover_counts(&self) -> Vec<u16> {
        self.above.iter().map(|a| a.len() as u16).collect()
    }

    /// The same places with other faces (`kinds[i]` for tile `i`); the cover relation
    /// does not depend on kinds, so nothing is recomputed.
    pub fn with_kinds(&self, kinds: &[u16]) -> Result<Layout> {
        if kinds.len() != self.tiles.len() {
            return Err(EngineError::BadStack(format!(
                "{} kinds for {} tiles",
                kinds.len(),
                self.tiles.len()
            )));
        }
        if let Some(&k) = kinds.iter().find(|&&k| k >= MAX_KINDS) {
            return Err(EngineError::BadStack(format!(
                "kind {k} is too large: kinds must be 0..={}",
                MAX_KINDS - 1
            )));
        }
        let mut out = self.clone();
        for (t, &k) in out.tiles.iter_mut().zip(kinds) {
            t.kind = k;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(x: i32, y: i32, z: i32) -> Tile {
        Tile { x, y, z, kind: 0 }
    }

    #[test]
    fn cover_matches_a_brute_force_check() {
        let tiles = vec![t(0, 0, 0), t(4, 0, 0), t(2, 0, 1), t(2, 2, 2), t(8, 0, 2)];
        let layout = Layout::new(tiles.clone()).unwrap();
        for (i, a) in tiles.iter().enumerate() {
            for (j, b) in tiles.iter().enumerate() {
                let listed = layout.below(i as TileId).contains(&(j as TileId));
                assert_eq!(listed, a.covers(b), "{i} over {j}");
                let listed = layout.above(j as TileId).contains(&(i as TileId));
                assert_eq!(listed, a.covers(b), "{j} under {i}");
            }
        }
        assert_eq!(layout.cover_counts(), vec![2, 2, 1, 0, 0]);
    }

    #[test]
    fn refuses_overlap_in_a_layer_and_bad_values() {
        assert!(matches!(
            Layout::new(vec![t(0, 0, 0), t(3, 3, 0)]),
            Err(EngineError::BadStack(_))
        ));
        assert!(Layout::new(vec![t(0, 0, 0), t(4, 3, 0)]).is_ok());
        assert!(Layout::new(vec![t(-1, 0, 0)]).is_err());
        assert!(Layout::new(vec![Tile {
            kind: MAX_KINDS,
            ..t(0, 0, 0)
        }])
        .is_err());
    }
}
