//! Stack layouts in the spirit of seed 003: a main stack of layers, each a grid of whole
//! tiles shifted by half or quarter tiles against the layer below, symmetric left/right,
//! narrowing toward the top, built from the top down so that an upper layer never fully
//! hides a tile of the layer below it (each keeps `MIN_VISIBLE` quarter-cells out from
//! under the layer right above; deeper layers may still bury it); then two
//! side piles below it (rows of tiles each a quarter tile further in, `z` rising), whose
//! lengths trim the count to a multiple of 3 without breaking the main stack's symmetry.
//! Only places here: kinds are the deal's job (every tile comes out as kind 0).

use crate::error::{EngineError, Result};
use crate::rng::Rng;
use crate::stack::geometry::{Layout, Tile, TILE_SIDE};

/// Quarter-cells of a tile (out of 16) the layer right above must leave uncovered.
pub const MIN_VISIBLE: usize = 3;
/// Most layers a layout may ask for.
pub const MAX_LAYERS: u16 = 40;
/// Most tiles a generated layout may ask for.
pub const MAX_GENERATED: u16 = 600;

/// The shape to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutSpec {
    /// About this many tiles in all (main stack and piles), trimmed to a multiple of 3.
    pub tiles: u16,
    /// Layers of the main stack.
    pub layers: u16,
    /// Footprint of the main stack, in tiles.
    pub width: u16,
    pub height: u16,
    /// Tiles in each side pile (before trimming).
    pub pile: u16,
    /// Chance in percent that a grid place of a layer is tried.
    pub density: u8,
}

impl LayoutSpec {
    /// A shape for a custom deal: about `tiles` tiles in `layers` layers, 7 tiles wide
    /// (portrait-friendly), as tall as the count needs.
    pub fn custom(tiles: u16, layers: u16) -> LayoutSpec {
        let pile = (tiles / 20).clamp(2, 10);
        let main = u32::from(tiles.saturating_sub(2 * pile));
        // Taller for more tiles, and tall enough that the layers (narrowing to about a
        // third of the footprint) hold them: roughly 3 tiles per row of the footprint
        // and layer fit.
        let rows = main.div_ceil(3 * u32::from(layers.max(1))) + 1;
        let height = rows.max(4 + main / 40).clamp(4, 12) as u16;
        LayoutSpec {
            tiles,
            layers,
            width: 7,
            height,
            pile,
            density: 70,
        }
    }

    fn check(&self) -> Result<()> {
        let bad = |m: String| Err(EngineError::BadDealOptions(m));
        if !(3..=MAX_GENERATED).contains(&self.tiles) {
            return bad(format!(
                "{} tiles: a stack deal has 3..={MAX_GENERATED}",
                self.tiles
            ));
        }
        if !(1..=MAX_LAYERS).contains(&self.layers) {
            return bad(format!(
                "{} layers: a stack deal has 1..={MAX_LAYERS}",
                self.layers
            ));
        }
        if !(2..=16).contains(&self.width) || !(2..=16).contains(&self.height) {
            return bad("the footprint must be 2..=16 tiles each way".into());
        }
        if self.pile < 2 || 2 * i32::from(self.pile) + 6 > self.units_wide() {
            return bad(format!("side piles of {} tiles do not fit", self.pile));
        }
        Ok(())
    }

    fn units_wide(&self) -> i32 {
        i32::from(self.width) * TILE_SIDE
    }
}

/// How layer `z`'s grid is shifted (units): x by a half tile every other layer (so the
/// mirror image stays on the grid), y through half and quarter tiles.
fn offset(z: u16) -> (i32, i32) {
    const OY: [i32; 4] = [0, 2, 1, 3];
    (2 * i32::from(z % 2), OY[usize::from(z % 4)])
}

/// A symmetric unit of a layer: one tile on the centre line, or a mirrored pair.
pub(crate) type Unit = Vec<(i32, i32)>;

/// Generates the places of `spec` (every tile kind 0), reproducibly from `rng`.
pub fn generate(spec: &LayoutSpec, rng: &mut Rng) -> Result<Layout> {
    spec.check()?;
    let mut layers = main_stack(spec, rng);
    trim(
        &mut layers,
        usize::from(spec.tiles).saturating_sub(2 * usize::from(spec.pile)),
        rng,
    );
    let mut tiles = Vec::new();
    for (z, units) in layers.iter().enumerate() {
        let mut places: Vec<(i32, i32)> = units.iter().flatten().copied().collect();
        places.sort_unstable_by_key(|&(x, y)| (y, x));
        tiles.extend(places.into_iter().map(|(x, y)| Tile {
            x,
            y,
            z: z as i32,
            kind: 0,
        }));
    }
    let main = tiles.len();
    let pile = usize::from(spec.pile);
    let right = pile - (main + 2 * pile) % 3;
    let w = spec.units_wide();
    let y = i32::from(spec.height) * TILE_SIDE + 2;
    for i in 0..pile {
        tiles.push(pile_tile(i as i32, i as i32, y));
    }
    for i in 0..right {
        tiles.push(pile_tile(w - TILE_SIDE - i as i32, i as i32, y));
    }
    Layout::new(tiles)
}

fn pile_tile(x: i32, z: i32, y: i32) -> Tile {
    Tile { x, y, z, kind: 0 }
}

/// The main stack's layers (index = z), generated top down, each against a map of the
/// quarter-cells the layer right above covers.
fn main_stack(spec: &LayoutSpec, rng: &mut Rng) -> Vec<Vec<Unit>> {
    let w = spec.units_wide();
    let h = i32::from(spec.height) * TILE_SIDE;
    let mut above = vec![false; (w * h) as usize];
    let cells = |x: i32, y: i32| {
        (y..y + TILE_SIDE)
            .flat_map(move |cy| (x..x + TILE_SIDE).map(move |cx| (cy * w + cx) as usize))
    };
    let top = spec.layers - 1;
    let mut layers = vec![Vec::new(); usize::from(spec.layers)];
    for z in (0..spec.layers).rev() {
        let (ox, oy) = offset(z);
        // Margins grow toward the top: the top layer keeps about half the footprint.
        let (mx, my) = if top == 0 {
            (0, 0)
        } else {
            let z = i32::from(z);
            let t = i32::from(top);
            (w * z / (4 * t), h * z / (5 * t))
        };
        // Places of the left half (and centre line) inside the margins that the layer
        // above leaves enough of in view; the mirror image sees the same.
        let mut places = Vec::new();
        let mut y = my + (oy - my).rem_euclid(TILE_SIDE);
        while y + TILE_SIDE <= h - my {
            let mut x = ox;
            while x <= w - TILE_SIDE - x {
                let seen = cells(x, y).filter(|&c| !above[c]).count();
                if x >= mx && seen >= MIN_VISIBLE {
                    places.push((x, y));
                }
                x += TILE_SIDE;
            }
            y += TILE_SIDE;
        }
        let mut chosen: Vec<(i32, i32)> = places
            .iter()
            .copied()
            .filter(|_| rng.below(100) < usize::from(spec.density))
            .collect();
        if chosen.is_empty() {
            // Never an empty layer: the place nearest the centre.
            let centre = |&(x, y): &(i32, i32)| {
                (2 * x - (w - TILE_SIDE)).abs() + (2 * y - (h - TILE_SIDE)).abs()
            };
            chosen.extend(places.iter().min_by_key(|p| centre(p)));
        }
        let mut hidden = vec![false; (w * h) as usize];
        let units: Vec<Unit> = chosen
            .into_iter()
            .map(|(x, y)| {
                let mirror = w - TILE_SIDE - x;
                let unit: Unit = if mirror == x {
                    vec![(x, y)]
                } else {
                    vec![(x, y), (mirror, y)]
                };
                for &(ux, uy) in &unit {
                    for c in cells(ux, uy) {
                        hidden[c] = true;
                    }
                }
                unit
            })
            .collect();
        // An empty layer is dropped later: the next one lies right under this one's above.
        if !units.is_empty() {
            above = hidden;
        }
        layers[usize::from(z)] = units;
    }
    layers.retain(|units| !units.is_empty());
    layers
}

/// Removes random units from the fullest layers until at most `target` tiles are left
/// (never a layer's last unit). Removing tiles only uncovers more, so nothing becomes
/// hidden.
pub(crate) fn trim(layers: &mut [Vec<Unit>], target: usize, rng: &mut Rng) {
    let count = |layers: &[Vec<Unit>]| layers.iter().flatten().map(Vec::len).sum::<usize>();
    let mut total = count(layers);
    while total > target {
        let Some(z) = (0..layers.len())
            .filter(|&z| layers[z].len() > 1)
            .max_by_key(|&z| {
                (
                    layers[z].iter().map(Vec::len).sum::<usize>(),
                    usize::MAX - z,
                )
            })
        else {
            break;
        };
        let i = rng.below(layers[z].len());
        total -= layers[z].swap_remove(i).len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(tiles: u16, layers: u16) -> LayoutSpec {
        LayoutSpec::custom(tiles, layers)
    }

    #[test]
    fn layouts_are_symmetric_trimmed_and_never_hidden_by_the_layer_above() {
        for seed in 0..40 {
            let s = spec(60 + 5 * seed as u16, 3 + (seed % 9) as u16);
            let layout = generate(&s, &mut Rng::new(seed, 0)).unwrap();
            assert_eq!(layout.len() % 3, 0);
            let w = s.units_wide();
            let main_h = i32::from(s.height) * TILE_SIDE;
            let main: Vec<&Tile> = layout.tiles().iter().filter(|t| t.y < main_h).collect();
            for t in &main {
                let mirror = Tile {
                    x: w - TILE_SIDE - t.x,
                    ..**t
                };
                assert!(main.contains(&&mirror), "seed {seed}: {t:?} has no mirror");
                let seen = (0..16)
                    .filter(|c| {
                        let (cx, cy) = (t.x + c % 4, t.y + c / 4);
                        !main.iter().any(|u| {
                            u.z == t.z + 1
                                && (u.x..u.x + 4).contains(&cx)
                                && (u.y..u.y + 4).contains(&cy)
                        })
                    })
                    .count();
                assert!(seen >= MIN_VISIBLE, "seed {seed}: {t:?} shows {seen} cells");
            }
        }
    }

    #[test]
    fn same_seed_same_layout_and_bad_specs_refused() {
        let s = spec(90, 6);
        let a = generate(&s, &mut Rng::new(3, 0)).unwrap();
        assert_eq!(a, generate(&s, &mut Rng::new(3, 0)).unwrap());
        assert_ne!(a, generate(&s, &mut Rng::new(4, 0)).unwrap());
        for bad in [spec(2, 3), spec(90, 0), spec(MAX_GENERATED + 1, 3)] {
            assert!(matches!(
                generate(&bad, &mut Rng::new(0, 0)),
                Err(EngineError::BadDealOptions(_))
            ));
        }
    }
}
