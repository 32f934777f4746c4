//! Games of levels the player brought: a stack file or a captured 羊了个羊 map (read by
//! `stack::import::read_level`), played like any deal but with no certificate, since
//! such a level is not built to be winnable. [`StackGame::judge_level`] asks the solver
//! once whether a line without props wins; a line it finds becomes the game's plan, so
//! hints and the demo follow it at no further search cost. The game keeps the level it
//! started from ([`Origin`]) so that it can restart, and is known by the level's
//! fingerprint (its `seed`): the same level brought twice is the same game, with one best
//! score, whatever the file's spacing or field order.

use super::{Plan, StackGame};
use crate::classic::game::Scoreline;
use crate::classic::Budget;
use crate::error::Result;
use crate::stack::board::StackBoard;
use crate::stack::file::StackFile;
use crate::stack::game::{Props, StackCounters, StackOptions};
use crate::stack::geometry::{Layout, TileId};
use crate::stack::solver::{solve, StackVerdict};

/// Search allowed for judging a brought level when it is opened.
pub const LEVEL_JUDGE_BUDGET: Budget = Budget::nodes(300_000);

/// What the solver says of a brought level (without props).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelVerdict {
    Winnable,
    Unwinnable,
    /// Not decided within the budget: claim neither.
    Unknown,
}

/// A brought level's start: its faces (a shuffle changes faces, never places) and the
/// takes it came with (the tray and props are in the game's options). Saved with the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Origin {
    pub(super) kinds: Vec<u16>,
    pub(super) taken: Vec<TileId>,
}

impl Origin {
    /// A fresh game of this level on `layout`'s places with the options' tray and props.
    pub(super) fn start(&self, layout: &Layout, options: &StackOptions) -> Result<StackGame> {
        let level = StackFile {
            tray: options.tray,
            layout: layout.with_kinds(&self.kinds)?,
            taken: self.taken.clone(),
        };
        StackGame::from_level(&level, options.props)
    }

    /// Checks a saved start against the game's `layout`: a face per tile, the same faces
    /// in all (props move faces around, never add or drop one), takes naming its tiles.
    pub(super) fn check(&self, layout: &Layout) -> std::result::Result<(), &'static str> {
        let mut now: Vec<u16> = layout.tiles().iter().map(|t| t.kind).collect();
        let mut then = self.kinds.clone();
        now.sort_unstable();
        then.sort_unstable();
        if now != then {
            return Err("the level's start has other faces than the game");
        }
        if self.taken.iter().any(|&id| usize::from(id) >= now.len()) {
            return Err("the level's start takes a tile outside its layout");
        }
        Ok(())
    }
}

/// The level's fingerprint: 64-bit FNV-1a over the tray, every tile (x, y, z, kind, in id
/// order) and the takes it came with.
pub fn level_fingerprint(level: &StackFile) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash = (hash ^ u64::from(b)).wrapping_mul(PRIME);
        }
    };
    eat(&[level.tray]);
    for t in level.layout.tiles() {
        eat(&t.x.to_le_bytes());
        eat(&t.y.to_le_bytes());
        eat(&t.z.to_le_bytes());
        eat(&t.kind.to_le_bytes());
    }
    for &id in &level.taken {
        eat(&id.to_le_bytes());
    }
    hash
}

impl StackGame {
    /// A game of `level` with `props`, its `taken` replayed. The options record the
    /// level's size (tiles, kinds, layers, tray) with no named level, `imported` set, the
    /// level's fingerprint as the seed, and `random_fill` set: like a random fill, it may
    /// be unwinnable.
    pub fn from_level(level: &StackFile, props: Props) -> Result<StackGame> {
        let tiles = level.layout.tiles();
        let mut kinds: Vec<u16> = tiles.iter().map(|t| t.kind).collect();
        kinds.sort_unstable();
        kinds.dedup();
        let mut layers: Vec<i32> = tiles.iter().map(|t| t.z).collect();
        layers.sort_unstable();
        layers.dedup();
        let count = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        let options = StackOptions {
            level: None,
            tiles: count(tiles.len()),
            kinds: count(kinds.len()),
            layers: count(layers.len()),
            peak: None,
            seed: level_fingerprint(level),
            random_fill: true,
            tray: level.tray,
            props,
            imported: true,
            real_style: false,
        };
        let mut game = StackGame {
            options,
            board: StackBoard::new(level.layout.clone(), level.tray)?,
            certificate: Vec::new(),
            plan: None,
            scoreline: Scoreline::default(),
            counters: StackCounters::default(),
            props_left: props,
            elapsed_ms: 0,
            shuffles_drawn: 0,
            history: Vec::new(),
            origin: Some(Origin {
                kinds: tiles.iter().map(|t| t.kind).collect(),
                taken: level.taken.clone(),
            }),
        };
        for &id in &level.taken {
            game.take(id, 0)?;
        }
        Ok(game)
    }

    /// Whether a line without props wins from here, within `budget`; a winning line found
    /// becomes the plan (hints and the demo follow it).
    pub fn judge_level(&mut self, budget: Budget) -> LevelVerdict {
        match super::advice::with_position(self, |pos| solve(pos, budget)) {
            StackVerdict::Winnable(line) => {
                self.plan = Some(Plan {
                    line,
                    at: 0,
                    off: 0,
                });
                LevelVerdict::Winnable
            }
            StackVerdict::Unwinnable => LevelVerdict::Unwinnable,
            StackVerdict::Unknown => LevelVerdict::Unknown,
        }
    }
}
