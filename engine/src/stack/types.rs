//! Stack mode's plain data: options, status, props, counters and what a take did. These
//! are also the app's IPC payloads (TypeScript types are generated from them). They sit
//! below the board, the deal, the levels and the solver, which share them; the game
//! (`stack::game`) builds on all of those and re-exports these names.

use serde::{Deserialize, Serialize};

use crate::stack::geometry::TileId;

/// Default tray size (slots).
pub const DEFAULT_TRAY: u8 = 7;
/// Tray sizes a game may choose.
pub const TRAY_RANGE: std::ops::RangeInclusive<u8> = 5..=9;
/// Tiles the holding row (move-out) takes at once, and holds at most.
pub const HOLD_SLOTS: usize = 3;

/// Each prop's allowance for one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Props {
    /// 暂存: the first three tray tiles go to the holding row.
    pub move_out: u8,
    /// 随机: the kinds of the tiles still on the board are re-dealt.
    pub shuffle: u8,
    /// 撤销: the last take is taken back.
    pub undo: u8,
}

impl Default for Props {
    fn default() -> Props {
        Props {
            move_out: 1,
            shuffle: 1,
            undo: 1,
        }
    }
}

/// How to start a stack game: a named level, or a custom size (`level: null`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StackOptions {
    /// Named level 1, 2, 3, … (1 easy, 2 hard, then endless and harder); `None` uses
    /// `tiles`, `kinds` and `layers`.
    pub level: Option<u32>,
    /// Custom deals: about this many tiles (trimmed to a multiple of 3).
    pub tiles: u16,
    pub kinds: u16,
    pub layers: u16,
    /// Highest tray fill the construction's winning line reaches (≤ 6); `None` takes
    /// the level's own.
    pub peak: Option<u8>,
    /// The deal's seed. A decimal string in JSON, so JavaScript keeps all 64 bits.
    #[serde(with = "crate::seed_string")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub seed: u64,
    /// The seed document's plain random fill ("classic 羊了个羊"): may be unwinnable.
    pub random_fill: bool,
    /// Tray slots, 5..=9.
    pub tray: u8,
    pub props: Props,
    /// A level the player brought (a stack file or a captured map), not a deal: `seed` is
    /// then the level's fingerprint, and the game restarts from the level it keeps (these
    /// options cannot deal it). Absent in JSON when false.
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub imported: bool,
    /// A level in the real game's shape (`stack::real_style`): the seed's real-style map
    /// (the size fields, level and peak are then ignored; the tray must be 7), proven
    /// winnable by the solver, whose line is the certificate (with `random_fill`, the map
    /// as it is, which may be unwinnable). Absent in JSON when false.
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub real_style: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Default for StackOptions {
    /// Level 1, seed 0, a 7-slot tray, one of each prop.
    fn default() -> StackOptions {
        StackOptions {
            level: Some(1),
            tiles: 30,
            kinds: 3,
            layers: 3,
            peak: None,
            seed: 0,
            random_fill: false,
            tray: DEFAULT_TRAY,
            props: Props::default(),
            imported: false,
            real_style: false,
        }
    }
}

/// Where a stack game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum StackStatus {
    Playing,
    /// Board, tray and holding row are empty.
    Won,
    /// A take filled the last tray slot without making a triple.
    Lost,
}

/// Where a tile is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Place {
    Board,
    Tray,
    /// In the holding row (moved out of the tray); free to take back.
    Held,
    /// Part of a triple that vanished.
    Gone,
}

/// What the player has used so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StackCounters {
    /// Tiles taken (an undone take no longer counts).
    pub takes: u32,
    pub hints: u32,
    pub move_outs: u32,
    pub shuffles: u32,
    pub undos: u32,
}

/// What taking a tile did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Taken {
    pub id: TileId,
    /// The tray slot it went to (tiles after it moved one slot right).
    pub slot: u8,
    /// The three tiles that vanished because of this take (empty if none).
    pub cleared: Vec<TileId>,
    /// Score gained by this take.
    pub points: u32,
    pub status: StackStatus,
}

/// A hint: a tile to take (on the board or in the holding row), or none when the
/// position is lost (no winning line even with the props left).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StackHint {
    pub id: Option<TileId>,
    /// No winning line is left (the view suggests undo or move-out).
    pub lost: bool,
}
