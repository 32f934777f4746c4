//! Plain helpers for the stack-mode tests: replaying a line on a position, a
//! brute-force cover check, and small options builders.

use llk_engine::stack::{Layout, StackBoard, StackOptions, StackStatus, Tile, TileId};

/// Options for level `level` with `seed`, everything else default.
pub fn level(level: u32, seed: u64) -> StackOptions {
    StackOptions {
        level: Some(level),
        seed,
        ..StackOptions::default()
    }
}

/// Takes `line` in order from `board`; each take must be legal and the game must not
/// be lost on the way. Returns the position after and the highest tray fill.
pub fn replay(board: StackBoard, line: &[TileId]) -> Result<(StackBoard, usize), String> {
    let mut b = board;
    let mut high = b.tray().len();
    for (i, &id) in line.iter().enumerate() {
        b.take(id)
            .map_err(|e| format!("move {i} (tile {id}): {e}"))?;
        if b.status() == StackStatus::Lost {
            return Err(format!("move {i} (tile {id}) fills the tray"));
        }
        high = high.max(b.tray().len());
    }
    Ok((b, high))
}

/// Whether tile `i` is free among the tiles with `present[j]`, by looking at every pair.
pub fn free_by_brute_force(tiles: &[Tile], present: &[bool], i: usize) -> bool {
    let t = &tiles[i];
    !tiles
        .iter()
        .enumerate()
        .any(|(j, u)| present[j] && u.z > t.z && (u.x - t.x).abs() < 4 && (u.y - t.y).abs() < 4)
}

/// The kinds of `layout`'s tiles.
pub fn kinds(layout: &Layout) -> Vec<u16> {
    layout.tiles().iter().map(|t| t.kind).collect()
}
