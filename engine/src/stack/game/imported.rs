//! Games of levels the player brought: a stack file or a captured 羊了个羊 map (read by
//! `stack::import::read_level`), played like any deal but with no certificate, since
//! such a level is not built to be winnable. [`StackGame::judge_level`] asks the solver
//! once whether a line without props wins; a line it finds becomes the game's plan, so
//! hints and the demo follow it at no further search cost.

use super::{Plan, StackGame};
use crate::classic::game::Scoreline;
use crate::classic::Budget;
use crate::error::Result;
use crate::stack::board::StackBoard;
use crate::stack::file::StackFile;
use crate::stack::game::{Props, StackCounters, StackOptions};
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

impl StackGame {
    /// A game of `level` with `props`, its `taken` replayed. The options record the
    /// level's size (tiles, kinds, layers, tray) with no named level and `random_fill`
    /// set: like a random fill, it may be unwinnable.
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
            seed: 0,
            random_fill: true,
            tray: level.tray,
            props,
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
