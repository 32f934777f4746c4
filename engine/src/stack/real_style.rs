//! Real-style maps: layouts in the shape of the real 羊了个羊's hard second level, with a
//! random fill of kinds (so, like the real ones, they may be unwinnable). The shape, read
//! off captured maps (halved to stack-file units, a tile 4 units): an 8×9-tile board, 18
//! to 24 layers, each layer's cards on a half-tile grid and symmetric left/right; a few
//! wide layers at the bottom and at the top, and between them "towers": two small
//! patterns that alternate layer by layer, the second shifted half a tile against the
//! first, so each card half-covers the one two layers down; plus two side piles at the
//! bottom (`moldType` 2), each card a quarter tile further in than the one below. 192 to
//! 270 cards in all, 14 to 16 kinds, each a multiple of 3 times, tray 7. Reproducible
//! from the seed (engine `rng`).

use crate::error::Result;
use crate::rng::Rng;
use crate::stack::geometry::{Layout, Tile, TILE_SIDE};
use crate::stack::layout::{trim, Unit};

/// The board, in units: 8 tiles wide, 9 tall (the side piles lie below it).
const WIDE: i32 = 8 * TILE_SIDE;
const TALL: i32 = 9 * TILE_SIDE;
/// Tray slots of the real game.
pub const REAL_TRAY: u8 = 7;

/// A generated real-style map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RealStyleMap {
    pub layout: Layout,
    pub kinds: u16,
    pub tray: u8,
}

/// The real-style map of `seed`.
pub fn real_style(seed: u64) -> Result<RealStyleMap> {
    let mut rng = Rng::new(seed, 0x5EE9);
    let layers = 18 + rng.below(7);
    let piles = 8 + rng.below(4);
    let total = 3 * (64 + rng.below(27));
    let mut main = main_stack(layers, &mut rng);
    trim(&mut main, total.saturating_sub(2 * piles), &mut rng);
    let mut tiles = Vec::new();
    for (z, units) in main.iter().enumerate() {
        let mut places: Vec<(i32, i32)> = units.iter().flatten().copied().collect();
        places.sort_unstable_by_key(|&(x, y)| (y, x));
        tiles.extend(places.into_iter().map(|(x, y)| Tile {
            x,
            y,
            z: z as i32,
            kind: 0,
        }));
    }
    let right = piles - (tiles.len() + 2 * piles) % 3;
    let y = TALL + 2;
    for i in 0..piles as i32 {
        tiles.push(Tile {
            x: i,
            y,
            z: i,
            kind: 0,
        });
    }
    for i in 0..right as i32 {
        let x = WIDE - TILE_SIDE - i;
        tiles.push(Tile {
            x,
            y,
            z: i,
            kind: 0,
        });
    }
    let kinds = 14 + rng.below(3) as u16;
    let fill = random_fill(tiles.len(), kinds, &mut rng);
    let places = Layout::new(tiles)?;
    Ok(RealStyleMap {
        layout: places.with_kinds(&fill)?,
        kinds,
        tray: REAL_TRAY,
    })
}

/// The main stack's layers (index = z): wide layers at the bottom and top, alternating
/// tower patterns between.
fn main_stack(layers: usize, rng: &mut Rng) -> Vec<Vec<Unit>> {
    let bottom = 3 + rng.below(3);
    let top = 3 + rng.below(3);
    let towers = layers - bottom - top;
    let mut out = Vec::with_capacity(layers);
    for _ in 0..bottom {
        out.push(wide_layer(40 + rng.below(30), rng));
    }
    let first = wide_layer(10 + rng.below(10), rng);
    let second = shifted(&first);
    for i in 0..towers {
        let mut layer = if i % 2 == 0 {
            first.clone()
        } else {
            second.clone()
        };
        // Now and then a card of the pattern is missing.
        if layer.len() > 1 && rng.below(100) < 20 {
            layer.swap_remove(rng.below(layer.len()));
        }
        out.push(layer);
    }
    for _ in 0..top {
        out.push(wide_layer(55 + rng.below(35), rng));
    }
    for layer in &mut out {
        if layer.is_empty() {
            layer.push(unit(WIDE / 2 - TILE_SIDE / 2, TALL / 2 - TILE_SIDE / 2));
        }
    }
    out
}

/// A symmetric layer on a half-tile grid offset: each place (with its mirror image) kept
/// with `density` percent.
fn wide_layer(density: usize, rng: &mut Rng) -> Vec<Unit> {
    let ox = 2 * rng.below(2) as i32;
    let oy = 2 * rng.below(2) as i32;
    let mut units = Vec::new();
    let mut y = oy;
    while y + TILE_SIDE <= TALL {
        let mut x = ox;
        while x <= WIDE - TILE_SIDE - x {
            if rng.below(100) < density {
                units.push(unit(x, y));
            }
            x += TILE_SIDE;
        }
        y += TILE_SIDE;
    }
    units
}

/// A place with its mirror image (one tile on the centre line).
fn unit(x: i32, y: i32) -> Unit {
    let mirror = WIDE - TILE_SIDE - x;
    if mirror == x {
        vec![(x, y)]
    } else {
        vec![(x, y), (mirror, y)]
    }
}

/// `pattern` half a tile further down and in toward the centre line (still symmetric),
/// dropping units that would overlap one already placed or leave the board.
fn shifted(pattern: &[Unit]) -> Vec<Unit> {
    let mut out: Vec<Unit> = Vec::new();
    for u in pattern {
        let (x, y) = u[0];
        let nx = if 2 * x + TILE_SIDE < WIDE { x + 2 } else { x };
        let ny = y + 2;
        if ny + TILE_SIDE > TALL {
            continue;
        }
        let next = unit(nx, ny);
        let clash = out.iter().flatten().chain(next.iter()).any(|&(ax, ay)| {
            next.iter().any(|&(bx, by)| {
                (ax, ay) != (bx, by) && (ax - bx).abs() < TILE_SIDE && (ay - by).abs() < TILE_SIDE
            })
        });
        if !clash {
            out.push(next);
        }
    }
    out
}

/// The seed document's fill: shuffle the tiles, then kinds 0, 0, 0, 1, 1, 1, … cycling
/// through `kinds`. Every kind comes in threes; the deal may be unwinnable.
pub fn random_fill(tiles: usize, kinds: u16, rng: &mut Rng) -> Vec<u16> {
    let mut ids: Vec<usize> = (0..tiles).collect();
    rng.shuffle(&mut ids);
    let mut out = vec![0u16; tiles];
    for (i, &id) in ids.iter().enumerate() {
        out[id] = ((i / 3) % usize::from(kinds.max(1))) as u16;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stack::file::check_kinds_in_threes;

    #[test]
    fn maps_have_the_real_shape_and_are_reproducible() {
        for seed in 0..60 {
            let m = real_style(seed).unwrap();
            let n = m.layout.len();
            assert!((192..=270).contains(&n), "seed {seed}: {n} tiles");
            assert_eq!(n % 3, 0);
            assert!((14..=16).contains(&m.kinds));
            check_kinds_in_threes(&m.layout).unwrap();
            let top = m.layout.tiles().iter().map(|t| t.z).max().unwrap();
            assert!((17..=23).contains(&top), "seed {seed}: top layer {top}");
            let main: Vec<&Tile> = m.layout.tiles().iter().filter(|t| t.y < TALL).collect();
            for t in &main {
                let mirror = Tile {
                    x: WIDE - TILE_SIDE - t.x,
                    ..**t
                };
                assert!(
                    main.iter()
                        .any(|u| (u.x, u.y, u.z) == (mirror.x, mirror.y, mirror.z)),
                    "seed {seed}: {t:?} has no mirror"
                );
            }
            // The side piles: each card covers the one below it.
            let pile: Vec<&Tile> = m.layout.tiles().iter().filter(|t| t.y > TALL).collect();
            assert!(pile.len() >= 14);
            assert_eq!(m, real_style(seed).unwrap());
        }
        assert_ne!(real_style(1).unwrap(), real_style(2).unwrap());
    }
}
