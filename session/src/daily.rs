//! The daily challenges' record, saved beside the best scores as `daily.json`: which UTC
//! date the current game is the daily deal of (if it is one; `stack_current` for the stack
//! challenge), and the best time of each day whose challenge was won (`stack_best_ms` for
//! stack). The deals and the streak (classic) are the engine's (`code::daily`).
//! `{ "version": 1, "current": "2026-11-30", "best_ms": { "2026-11-30": 183000 },
//!   "stack_current": null, "stack_best_ms": {} }` (the stack fields may be missing).

use std::collections::{BTreeMap, BTreeSet};

use llk_engine::classic::game::GameOptions;
use llk_engine::code::classic_code;
use llk_engine::code::daily::{daily_options, streak, UtcDate};
use llk_engine::code::daily_stack::daily_stack_options;
use llk_engine::stack::game::StackOptions;
use llk_online::SubmitAnswer;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::mode::AnyGame;

/// File name in the data directory.
pub const FILE: &str = "daily.json";

const VERSION: u32 = 1;

/// Best times per day and the day of the current game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyRecord {
    version: u32,
    /// The date whose daily deal the current game is, `None` for any other game.
    current: Option<String>,
    /// Best winning time in milliseconds, per date `YYYY-MM-DD`.
    best_ms: BTreeMap<String, u64>,
    /// The date whose stack challenge the current game is.
    #[serde(default)]
    stack_current: Option<String>,
    /// Best winning time of the stack challenge, per date.
    #[serde(default)]
    stack_best_ms: BTreeMap<String, u64>,
}

/// What the view shows of the daily deal: today's date (UTC), its code, its best time,
/// the streak, and the date of the current game when it is a daily deal; the same for the
/// stack challenge, and what online play knows of the day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct DailyStatus {
    pub today: String,
    pub code: Option<String>,
    #[ts(type = "number | null")]
    pub today_best_ms: Option<u64>,
    pub streak: u32,
    pub current: Option<String>,
    /// The stack challenge's best time on the day.
    #[ts(type = "number | null")]
    pub stack_best_ms: Option<u64>,
    /// The date of the current game when it is a stack challenge.
    pub stack_current: Option<String>,
    /// Winning daily games are posted (online play's opt-in).
    pub posting: bool,
    /// The current daily game can still be posted when won: no hint, demo or other help
    /// so far (false when the current game is no daily challenge).
    pub postable: bool,
    /// The server's last answer for the day's classic challenge, if one came.
    pub classic_answer: Option<SubmitAnswer>,
    /// The same for the stack challenge.
    pub stack_answer: Option<SubmitAnswer>,
}

impl DailyRecord {
    pub fn new() -> DailyRecord {
        DailyRecord {
            version: VERSION,
            ..DailyRecord::default()
        }
    }

    /// The current game is `date`'s daily deal (`None`: another game). True if that
    /// changed the record.
    pub fn set_current(&mut self, date: Option<UtcDate>) -> bool {
        let current = date.map(|d| d.to_string());
        let changed = self.current != current;
        self.current = current;
        changed
    }

    /// The current game is `date`'s stack challenge (`None`: another game). True if that
    /// changed the record.
    pub fn set_stack_current(&mut self, date: Option<UtcDate>) -> bool {
        let current = date.map(|d| d.to_string());
        let changed = self.stack_current != current;
        self.stack_current = current;
        changed
    }

    /// The current stack challenge won in `elapsed_ms`: keeps the day's best time. True if
    /// the record changed (false when the game is no stack challenge).
    pub fn record_stack_win(&mut self, elapsed_ms: u64) -> bool {
        let Some(date) = self.stack_current.clone() else {
            return false;
        };
        let best = self.stack_best_ms.entry(date).or_insert(u64::MAX);
        if elapsed_ms < *best {
            *best = elapsed_ms;
            true
        } else {
            false
        }
    }

    /// The date whose stack challenge the current game is, if it is one.
    pub fn stack_current_day(&self) -> Option<&str> {
        self.stack_current.as_deref()
    }

    /// A won game with `options` in `elapsed_ms`: when it is the current daily deal, keeps
    /// the day's best time. True if the record changed.
    pub fn record_win(&mut self, options: &GameOptions, elapsed_ms: u64) -> bool {
        let Some(date) = self.current_date() else {
            return false;
        };
        let daily = daily_options(date);
        let same = GameOptions {
            auto_shuffle: options.auto_shuffle,
            ..daily
        } == *options;
        if !same {
            return false;
        }
        let best = self.best_ms.entry(date.to_string()).or_insert(u64::MAX);
        if elapsed_ms < *best {
            *best = elapsed_ms;
            true
        } else {
            false
        }
    }

    /// The date whose daily deal the current game is, if it is one.
    pub fn current_day(&self) -> Option<&str> {
        self.current.as_deref()
    }

    fn current_date(&self) -> Option<UtcDate> {
        self.current.as_deref().and_then(|d| UtcDate::parse(d).ok())
    }

    /// The status on `today`.
    pub fn status(&self, today: UtcDate) -> DailyStatus {
        let won: BTreeSet<i64> = self
            .best_ms
            .keys()
            .filter_map(|d| UtcDate::parse(d).ok())
            .map(UtcDate::day_number)
            .collect();
        DailyStatus {
            today: today.to_string(),
            code: classic_code(&daily_options(today)),
            today_best_ms: self.best_ms.get(&today.to_string()).copied(),
            streak: streak(&won, today),
            current: self.current_date().map(|d| d.to_string()),
            stack_best_ms: self.stack_best_ms.get(&today.to_string()).copied(),
            stack_current: self.stack_current.clone(),
            posting: false,
            postable: false,
            classic_answer: None,
            stack_answer: None,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<DailyRecord, String> {
        let record: DailyRecord = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if record.version != VERSION {
            return Err(format!(
                "the daily record has format version {}; this build reads version {VERSION}",
                record.version
            ));
        }
        Ok(record)
    }
}

/// `today` when `game` is `today`'s daily deal (whatever its auto-shuffle) or its stack
/// challenge, else `None`.
pub fn daily_date_of(game: &AnyGame, today: UtcDate) -> Option<UtcDate> {
    let g = match game {
        AnyGame::Classic(g) => g,
        // Only a real-style level can be the challenge: the day's seed search (a solve of
        // a few ms) runs for no other game.
        AnyGame::Stack(g) if g.options().real_style => {
            return (*g.options() == stack_options(today)).then_some(today)
        }
        _ => return None,
    };
    let o = g.options();
    let daily = GameOptions {
        auto_shuffle: o.auto_shuffle,
        ..daily_options(today)
    };
    (daily == *o).then_some(today)
}

/// The options of `date`'s stack challenge (the engine's: a real-style level whose seed
/// is the day's first the solver proves winnable).
pub fn stack_options(date: UtcDate) -> StackOptions {
    daily_stack_options(date)
}

/// The UTC date at `now_ms`, milliseconds since the Unix epoch (the host's clock).
pub fn utc_date(now_ms: u64) -> Result<UtcDate, llk_engine::EngineError> {
    UtcDate::from_day_number((now_ms / 86_400_000) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_the_best_time_of_the_current_daily_only() {
        let day = UtcDate::parse("2026-11-30").unwrap();
        let mut r = DailyRecord::new();
        let daily = daily_options(day);
        assert!(!r.record_win(&daily, 1000), "not the current game");
        r.set_current(Some(day));
        assert!(r.record_win(&daily, 9000));
        assert!(!r.record_win(&daily, 9500));
        let shuffling = GameOptions {
            auto_shuffle: true,
            ..daily
        };
        assert!(r.record_win(&shuffling, 8000));
        let other = GameOptions {
            seed: daily.seed + 1,
            ..daily
        };
        assert!(!r.record_win(&other, 10));
        let s = r.status(day);
        assert_eq!((s.today_best_ms, s.streak), (Some(8000), 1));
        assert_eq!(s.current.as_deref(), Some("2026-11-30"));
        assert_eq!(s.code.as_deref(), Some("4E7G-12F1-2FX7"));
        assert_eq!(r.status(day.next().unwrap()).streak, 1);
        assert_eq!(DailyRecord::from_json(&r.to_json()), Ok(r));
        assert!(DailyRecord::from_json("{\"version\":2,\"current\":null,\"best_ms\":{}}").is_err());
    }

    #[test]
    fn dates_from_the_hosts_clock() {
        let date = |ms| utc_date(ms).map(|d| d.to_string()).ok();
        assert_eq!(date(1_767_225_600_000).as_deref(), Some("2026-01-01"));
        // 2026-11-30T00:00:00Z, and the millisecond before it.
        assert_eq!(date(1_795_996_800_000).as_deref(), Some("2026-11-30"));
        assert_eq!(date(1_795_996_799_999).as_deref(), Some("2026-11-29"));
    }

    #[test]
    fn only_todays_deal_is_the_daily_deal() {
        let day = UtcDate::parse("2026-11-30").unwrap();
        let deal =
            |o: GameOptions| AnyGame::Classic(llk_engine::classic::game::Game::new(o).unwrap());
        let daily = daily_options(day);
        assert_eq!(daily_date_of(&deal(daily), day), Some(day));
        let shuffling = GameOptions {
            auto_shuffle: !daily.auto_shuffle,
            ..daily
        };
        assert_eq!(daily_date_of(&deal(shuffling), day), Some(day));
        assert_eq!(daily_date_of(&deal(daily), day.next().unwrap()), None);
    }
}
