//! The game's plain data: options, status, counters, and what a selection did. These
//! are also the app's IPC payloads (TypeScript types are generated from them).

use serde::{Deserialize, Serialize};

use crate::classic::board::Pos;
use crate::classic::layout::DEFAULT_PRESET;
use crate::classic::slide::SlideRule;

/// How to start a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameOptions {
    pub rows: u16,
    pub cols: u16,
    pub kinds: u16,
    /// The deal's seed. A decimal string in JSON, so JavaScript keeps all 64 bits.
    #[serde(with = "crate::seed_string")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub seed: u64,
    /// Deal only boards that can be cleared (and shuffle to solvable boards).
    pub solvable: bool,
    /// Paths may run around the outside of the board.
    pub ring: bool,
    /// Shuffle by itself when a match leaves no move.
    pub auto_shuffle: bool,
    /// How the remaining tiles slide after each match (`none` when absent, as in saves
    /// and payloads from before slide levels).
    #[serde(default)]
    pub slide: SlideRule,
}

impl Default for GameOptions {
    /// KShisen's 18×8 with 36 kinds, solvable, ring on, seed 0.
    fn default() -> GameOptions {
        GameOptions {
            rows: DEFAULT_PRESET.rows as u16,
            cols: DEFAULT_PRESET.cols as u16,
            kinds: DEFAULT_PRESET.kinds as u16,
            seed: 0,
            solvable: true,
            ring: true,
            auto_shuffle: false,
            slide: SlideRule::None,
        }
    }
}

impl GameOptions {
    /// The deal these options make (a game's board before any move).
    pub fn deal_options(&self) -> crate::classic::deal::DealOptions {
        crate::classic::deal::DealOptions {
            rows: self.rows.into(),
            cols: self.cols.into(),
            kinds: self.kinds.into(),
            seed: self.seed,
            solvable: self.solvable,
            ring: self.ring,
        }
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// At least one pair can be removed.
    Playing,
    /// Tiles remain but no pair connects: shuffle to go on.
    Stuck,
    /// The board is empty.
    Won,
}

/// What the player has used so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Counters {
    /// Pairs matched (an undone match no longer counts).
    pub moves: u32,
    /// Hints shown.
    pub hints: u32,
    /// Shuffles made, by the player or automatically.
    pub shuffles: u32,
    /// Undos made.
    pub undos: u32,
}

/// What selecting a tile did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// Nothing was selected; now `cell` is.
    Selected { cell: Pos },
    /// The selected tile was selected again: now nothing is.
    Deselected { cell: Pos },
    /// The tiles differ in kind or do not connect: `to` is now the selection.
    Switched {
        from: Pos,
        to: Pos,
        /// The two tiles are of the same kind but no path with at most two turns joins
        /// them (false when they differ in kind; absent in payloads from before).
        #[serde(default)]
        no_path: bool,
    },
    /// The two tiles connected along `path` (first selected → second) and are gone.
    Matched {
        path: Vec<Pos>,
        removed: [Pos; 2],
        /// Score gained by this match.
        points: u32,
        /// Quick successive matches so far (1 for a match outside the combo window).
        combo: u32,
        status: Status,
        /// The match left no move and auto-shuffle rearranged the board.
        shuffled: bool,
        /// Each tile that slid after the match, from → to (before any auto-shuffle);
        /// empty under `none`.
        #[serde(default)]
        moves: Vec<[Pos; 2]>,
    },
}

/// A suggested pair and its path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Hint {
    pub a: Pos,
    pub b: Pos,
    pub path: Vec<Pos>,
}

/// A tile the selected tile would vanish with, and the line a tap on it draws: what
/// `select` answers for that tap, known before it (`Game::links`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Link {
    pub cell: Pos,
    pub path: Vec<Pos>,
}
