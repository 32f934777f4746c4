//! The journey's state machine: the current level's [`Game`], the level's clock budget,
//! the props used, the score carried from earlier levels, and where the level stands
//! (playing, cleared, time up). The caller passes game time in (the level's own clock,
//! from 0 at its start); the time is up as soon as a reported time reaches the budget.

use serde::{Deserialize, Serialize};

use super::levels::{level, Level, MAX_LEVEL};
use crate::classic::game::{Game, Hint, Outcome, Status};
use crate::classic::slide::SlideRule;
use crate::classic::Pos;
use crate::error::{EngineError, Result};

/// Where the current level stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum JourneyStatus {
    /// The clock runs.
    Playing,
    /// The board is cleared: the bonus is counted, the next level waits.
    Won,
    /// The time ran out: the level can be retried.
    Lost,
}

/// Hints, shuffles and undos of one level (allowed, used or left).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LevelProps {
    pub hints: u32,
    pub shuffles: u32,
    pub undos: u32,
}

/// A journey in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Journey {
    pub(super) seed: u64,
    pub(super) level: u32,
    /// Level `level`'s rules (derived from the number, not saved).
    pub(super) rules: Level,
    /// Score of the levels cleared before this one (bonuses included).
    pub(super) carried: u32,
    pub(super) game: Game,
    pub(super) used: LevelProps,
    pub(super) status: JourneyStatus,
    /// Time bonus of the cleared level (set once, when the last pair goes).
    pub(super) bonus: Option<u32>,
}

/// What the view shows of the journey (beside the board's own payload).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct JourneyInfo {
    pub level: u32,
    /// The level's slide rule.
    pub rule: SlideRule,
    /// 0 for levels 1–9, 1 for 10–18, ...
    pub cycle: u32,
    pub status: JourneyStatus,
    /// The level's budget so far: its time plus the refills of the matches made.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub time_limit_ms: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub time_left_ms: u64,
    /// Time each match adds.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub refill_ms: u64,
    /// Score carried from the levels before.
    pub carried_score: u32,
    /// This level's points from matches.
    pub level_score: u32,
    /// The time bonus, once the level is cleared.
    pub bonus: Option<u32>,
    /// Carried + level + bonus.
    pub total_score: u32,
    pub props_left: LevelProps,
    pub props_allowed: LevelProps,
    /// The level's time at its start (before any refill).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub level_time_ms: u64,
    /// The next level's rule (`null` after the last level).
    pub next_rule: Option<SlideRule>,
}

impl Journey {
    /// A new journey from level 1 with `seed`.
    pub fn new(seed: u64) -> Result<Journey> {
        Journey::at(seed, 1, 0)
    }

    /// A journey at level `number` with `carried` points from before.
    pub fn at(seed: u64, number: u32, carried: u32) -> Result<Journey> {
        let rules = level(number)?;
        let game = Game::new(rules.game_options(seed))?;
        Ok(Journey {
            seed,
            level: number,
            rules,
            carried,
            game,
            used: LevelProps::default(),
            status: JourneyStatus::Playing,
            bonus: None,
        })
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn level_number(&self) -> u32 {
        self.level
    }

    /// The current level's rules.
    pub fn level(&self) -> Level {
        self.rules
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn status(&self) -> JourneyStatus {
        self.status
    }

    pub fn bonus(&self) -> Option<u32> {
        self.bonus
    }

    pub fn carried_score(&self) -> u32 {
        self.carried
    }

    /// Everything scored so far: earlier levels, this level's matches and its bonus.
    pub fn total_score(&self) -> u32 {
        self.carried
            .saturating_add(self.game.score())
            .saturating_add(self.bonus.unwrap_or(0))
    }

    /// The level's time budget so far: its time plus a refill per match made (an undone
    /// match gives its refill back).
    pub fn time_limit_ms(&self) -> u64 {
        let l = self.level();
        l.time_ms.saturating_add(
            l.refill_ms
                .saturating_mul(self.game.counters().moves.into()),
        )
    }

    pub fn time_left_ms(&self) -> u64 {
        self.time_limit_ms().saturating_sub(self.game.elapsed_ms())
    }

    pub fn props_allowed(&self) -> LevelProps {
        let l = self.level();
        LevelProps {
            hints: l.hints,
            shuffles: l.shuffles,
            undos: l.undos,
        }
    }

    pub fn props_left(&self) -> LevelProps {
        let a = self.props_allowed();
        LevelProps {
            hints: a.hints.saturating_sub(self.used.hints),
            shuffles: a.shuffles.saturating_sub(self.used.shuffles),
            undos: a.undos.saturating_sub(self.used.undos),
        }
    }

    pub fn info(&self) -> JourneyInfo {
        let l = self.level();
        JourneyInfo {
            level: self.level,
            rule: l.rule,
            cycle: l.cycle(),
            status: self.status,
            time_limit_ms: self.time_limit_ms(),
            time_left_ms: self.time_left_ms(),
            refill_ms: l.refill_ms,
            carried_score: self.carried,
            level_score: self.game.score(),
            bonus: self.bonus,
            total_score: self.total_score(),
            props_left: self.props_left(),
            props_allowed: self.props_allowed(),
            level_time_ms: l.time_ms,
            next_rule: level(self.level + 1).ok().map(|n| n.rule),
        }
    }

    /// Records the level's clock; the time is up when it reaches the budget. The level's
    /// clock never goes back: an earlier time than the last one reported is ignored.
    pub fn set_elapsed(&mut self, elapsed_ms: u64) {
        if self.status != JourneyStatus::Playing {
            return;
        }
        self.game
            .set_elapsed(elapsed_ms.max(self.game.elapsed_ms()));
        self.check_time();
    }

    /// The player taps `cell` at level time `elapsed_ms`. `None` when the time is up at
    /// that moment (the tap does nothing and the level is lost).
    pub fn select(&mut self, cell: Pos, elapsed_ms: u64) -> Result<Option<Outcome>> {
        self.playing()?;
        let now = elapsed_ms.max(self.game.elapsed_ms());
        self.game.set_elapsed(now);
        if self.check_time() {
            return Ok(None);
        }
        let outcome = self.game.select(cell, now)?;
        if self.game.status() == Status::Won {
            let seconds_left = self.time_left_ms() / 1_000;
            let per = u64::from(self.level().bonus_per_second);
            self.bonus = Some(u32::try_from(seconds_left.saturating_mul(per)).unwrap_or(u32::MAX));
            self.status = JourneyStatus::Won;
        }
        Ok(Some(outcome))
    }

    /// A hint, if one is left this level (`no_prop_left` otherwise). `None` (and nothing
    /// spent) when no pair can be removed.
    pub fn hint(&mut self) -> Result<Option<Hint>> {
        self.playing()?;
        if self.props_left().hints == 0 {
            return Err(EngineError::NoPropLeft { prop: "hint" });
        }
        let hint = self.game.hint();
        if hint.is_some() {
            self.used.hints += 1;
        }
        Ok(hint)
    }

    /// A shuffle, if one is left this level.
    pub fn shuffle(&mut self) -> Result<()> {
        self.playing()?;
        if self.props_left().shuffles == 0 {
            return Err(EngineError::NoPropLeft { prop: "shuffle" });
        }
        self.game.shuffle()?;
        self.used.shuffles += 1;
        Ok(())
    }

    /// Takes back the last match or shuffle, if an undo is left this level.
    pub fn undo(&mut self) -> Result<()> {
        self.playing()?;
        if self.props_left().undos == 0 {
            return Err(EngineError::NoPropLeft { prop: "undo" });
        }
        self.game.undo()?;
        self.used.undos += 1;
        Ok(())
    }

    /// After a cleared level: the next one, with everything scored so far carried.
    pub fn next_level(&mut self) -> Result<()> {
        if self.status != JourneyStatus::Won {
            return Err(EngineError::LevelNotCleared);
        }
        if self.level >= MAX_LEVEL {
            return Err(EngineError::GameOver);
        }
        *self = Journey::at(self.seed, self.level + 1, self.total_score())?;
        Ok(())
    }

    /// Starts the current level again (same board, clock and props reset); the score
    /// carried from earlier levels stays, this level's is dropped.
    pub fn retry_level(&mut self) -> Result<()> {
        *self = Journey::at(self.seed, self.level, self.carried)?;
        Ok(())
    }

    fn playing(&self) -> Result<()> {
        match self.status {
            JourneyStatus::Playing => Ok(()),
            _ => Err(EngineError::GameOver),
        }
    }

    /// Marks the level lost if its time is up; true if it is.
    fn check_time(&mut self) -> bool {
        if self.status == JourneyStatus::Playing
            && self.game.status() != Status::Won
            && self.game.elapsed_ms() >= self.time_limit_ms()
        {
            self.status = JourneyStatus::Lost;
        }
        self.status == JourneyStatus::Lost
    }
}
