//! A line of play as a player's client sends it for the daily challenge: every move with
//! the game time (ms since the game started, the game clock) at which it was made. The
//! steps of the two modes stand side by side (`ClassicStep`, `StackStep`); replaying them
//! is each mode's own (`classic::replay`, `stack::replay`), the timing rules shared here.
//!
//! JSON (the HTTP API's `moves`, docs/api.md): exactly one action per step,
//! - classic: `{"t":1500,"match":[[0,1],[3,1]]}`, `{"t":9000,"shuffle":true}`,
//!   `{"t":9800,"undo":true}`;
//! - stack: `{"t":700,"take":17}`, `{"t":5200,"move_out":true}`, `{"t":6100,"shuffle":true}`,
//!   `{"t":6900,"undo":true}` (a held tile comes back by its id with `take`).

use serde::{Deserialize, Serialize};

use crate::classic::board::Pos;
use crate::stack::geometry::TileId;

/// One classic move: a matched pair (the tiles in the order they were tapped), a shuffle
/// or an undo, at game time `t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ClassicStep {
    /// Game time of the move, ms.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub t: u64,
    #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(rename = "match", optional))]
    pub pair: Option<[Pos; 2]>,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub shuffle: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub undo: bool,
}

/// One stack move: a take (a free board tile or a held tile), a move-out, a shuffle or an
/// undo, at game time `t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct StackStep {
    /// Game time of the move, ms.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub t: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub take: Option<TileId>,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub move_out: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub shuffle: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub undo: bool,
}

impl ClassicStep {
    pub fn matched(t: u64, a: Pos, b: Pos) -> ClassicStep {
        ClassicStep {
            t,
            pair: Some([a, b]),
            shuffle: false,
            undo: false,
        }
    }
    pub fn shuffled(t: u64) -> ClassicStep {
        ClassicStep {
            t,
            pair: None,
            shuffle: true,
            undo: false,
        }
    }
    pub fn undone(t: u64) -> ClassicStep {
        ClassicStep {
            t,
            pair: None,
            shuffle: false,
            undo: true,
        }
    }
}

impl StackStep {
    pub fn took(t: u64, id: TileId) -> StackStep {
        StackStep {
            t,
            take: Some(id),
            move_out: false,
            shuffle: false,
            undo: false,
        }
    }
    pub fn moved_out(t: u64) -> StackStep {
        StackStep {
            t,
            take: None,
            move_out: true,
            shuffle: false,
            undo: false,
        }
    }
    pub fn shuffled(t: u64) -> StackStep {
        StackStep {
            t,
            take: None,
            move_out: false,
            shuffle: true,
            undo: false,
        }
    }
    pub fn undone(t: u64) -> StackStep {
        StackStep {
            t,
            take: None,
            move_out: false,
            shuffle: false,
            undo: true,
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}
