//! The *stack file*, stack mode's JSON format that `llk stack` reads and writes (other tools
//! read it too: keep it exactly): `{"tray": 7, "tiles": [{"x":0,"y":0,"z":0,"kind":3},
//! ...], "taken": [ids...]}`. A tile's id is its index in `tiles`; `taken` (optional,
//! default empty) lists the tiles already taken, in order. Parsing refuses unknown
//! fields, a tray outside 5..=9, overlapping tiles in one layer and kinds whose count is
//! not a multiple of 3; replaying `taken` refuses unknown, covered and repeated ids.

use serde::{Deserialize, Serialize};

use crate::error::{EngineError, Result};
use crate::stack::board::{check_capacity, StackBoard};
use crate::stack::geometry::{Layout, Tile, TileId, MAX_KINDS};
use crate::stack::types::StackStatus;

/// A parsed, validated stack file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackFile {
    /// Tray slots (5..=9).
    pub tray: u8,
    pub layout: Layout,
    /// Tiles taken so far, in order (ids checked to exist, not yet replayed).
    pub taken: Vec<TileId>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTile {
    x: i32,
    y: i32,
    z: i32,
    kind: u16,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    tray: u64,
    tiles: Vec<RawTile>,
    #[serde(default)]
    taken: Vec<u64>,
}

#[derive(Serialize)]
struct OutFile<'a> {
    tray: u8,
    tiles: &'a [Tile],
    #[serde(skip_serializing_if = "Option::is_none")]
    taken: Option<&'a [TileId]>,
}

/// A position as `llk stack play` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayState {
    /// Tray tiles, in slot order.
    pub tray: Vec<TileId>,
    /// Uncovered board tiles, ascending.
    pub free: Vec<TileId>,
    pub status: StackStatus,
}

/// Parses and validates a stack file.
#[inline] // compiled in the caller, for size (see lib.rs)
pub fn parse(text: &str) -> Result<StackFile> {
    let raw: RawFile = serde_json::from_str(text)
        .map_err(|e| EngineError::BadStack(format!("not a stack file: {e}")))?;
    let tray = u8::try_from(raw.tray).unwrap_or(u8::MAX);
    check_capacity(tray)?;
    let tiles: Vec<Tile> = raw
        .tiles
        .iter()
        .map(|t| Tile {
            x: t.x,
            y: t.y,
            z: t.z,
            kind: t.kind,
        })
        .collect();
    let layout = Layout::new(tiles)?;
    check_kinds_in_threes(&layout)?;
    let taken = raw
        .taken
        .iter()
        .map(|&id| match TileId::try_from(id) {
            Ok(t) if usize::from(t) < layout.len() => Ok(t),
            _ => Err(EngineError::UnknownTile {
                id,
                count: layout.len(),
            }),
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(StackFile {
        tray,
        layout,
        taken,
    })
}

/// Refuses a layout where some kind's count is not a multiple of 3.
pub fn check_kinds_in_threes(layout: &Layout) -> Result<()> {
    let mut count = vec![0usize; usize::from(MAX_KINDS)];
    for t in layout.tiles() {
        count[usize::from(t.kind)] += 1;
    }
    match count.iter().position(|c| c % 3 != 0) {
        None => Ok(()),
        Some(k) => Err(EngineError::BadStack(format!(
            "kind {k} appears {} times: every kind must come a multiple of 3 times",
            count[k]
        ))),
    }
}

/// The position after taking `file.taken` in order.
pub fn replay(file: &StackFile) -> Result<StackBoard> {
    let mut board = StackBoard::new(file.layout.clone(), file.tray)?;
    for &id in &file.taken {
        board.take(id)?;
    }
    Ok(board)
}

/// What `llk stack play` prints for `board`.
pub fn play_state(board: &StackBoard) -> PlayState {
    PlayState {
        tray: board.tray().to_vec(),
        free: board.free_on_board(),
        status: board.status(),
    }
}

/// A stack file's text (one line), with `taken` only when given.
#[inline] // compiled in the caller, for size (see lib.rs)
pub fn to_json(tray: u8, layout: &Layout, taken: Option<&[TileId]>) -> Result<String> {
    serde_json::to_string(&OutFile {
        tray,
        tiles: layout.tiles(),
        taken,
    })
    .map_err(|e| EngineError::BadStack(e.to_string()))
}
