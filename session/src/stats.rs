//! The player's statistics, saved as `stats.json` beside `scores.json`: per
//! group (a classic layout, a stack level, a journey level, the daily deal) the games
//! played and won and the ten best winning times with their dates.
//!
//! A deal counts as **played** at its first move (a match, or a take in stack mode) and
//! as **won** when it is cleared, each once per deal (an undone and replayed match, or a
//! win undone and won again, counts once). Starting a deal again ("retry this board", a
//! journey level retried) is a new deal. A win with hints, undos or the computer's moves
//! ("Show me") is **assisted**: its time is kept and marked, and ranked after every
//! unassisted time (KShisen keeps such games off its high scores).
//!
//! `{ "version": 1, "groups": { "classic/8x18/36": { "played": 3, "won": 1, "best": [...] } },
//!   "current": { "deal": "...", "played": true, "won": false }, "journey": null }`

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::mode::AnyGame;
use crate::scores::{layout_key, stack_key};

/// File name in the data directory.
pub const FILE: &str = "stats.json";

const VERSION: u32 = 1;

/// Best times kept per group.
pub const TOP: usize = 10;

/// The group of the daily deal.
pub const DAILY_GROUP: &str = "daily";

/// Help the player had in a won game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Assist {
    Hint,
    Undo,
    /// The computer played moves ("Show me").
    Demo,
}

/// One won game in a group's best times.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BestTime {
    /// The game's time.
    pub ms: u64,
    pub score: u32,
    /// When it was won, in seconds since the Unix epoch (the view shows the local date).
    pub at: u64,
    /// The help used; empty for an unassisted win.
    pub assists: Vec<Assist>,
}

impl BestTime {
    fn rank(&self) -> (bool, u64, u64) {
        (!self.assists.is_empty(), self.ms, self.at)
    }
}

/// One group's counts and best times (fastest first, assisted ones after the others).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GroupStats {
    pub played: u32,
    pub won: u32,
    pub best: Vec<BestTime>,
}

/// What `statistics` returns: every group played so far (by key) and the group of the
/// current game. Keys: `classic/<rows>x<cols>/<kinds>`, `stack/L<level>` (or a custom
/// stack key, see `scores::stack_key`), `journey/L<level>`, `daily`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct Statistics {
    pub groups: BTreeMap<String, GroupStats>,
    pub current: Option<String>,
}

/// The deal being played and what of it was counted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Counted {
    deal: String,
    played: bool,
    won: bool,
}

/// What the statistics need of the current game after a change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub group: String,
    /// Names the deal (seed and options; a journey's seed and level).
    pub deal: String,
    pub journey: bool,
    /// At least one move was made.
    pub moved: bool,
    pub won: bool,
    pub ms: u64,
    pub score: u32,
    pub assists: Vec<Assist>,
}

impl Snapshot {
    /// The snapshot of `game`; `daily` when it is the current daily deal.
    pub fn of(game: &AnyGame, daily: bool) -> Snapshot {
        match game {
            AnyGame::Classic(g) => {
                let o = g.options();
                let layout = layout_key(o.rows.into(), o.cols.into(), o.kinds.into());
                let c = g.counters();
                Snapshot {
                    group: if daily {
                        DAILY_GROUP.to_string()
                    } else {
                        format!("classic/{layout}")
                    },
                    deal: format!(
                        "classic/{layout}/{}/{}/{}/{:?}",
                        o.seed, o.solvable, o.ring, o.slide
                    ),
                    journey: false,
                    moved: c.moves > 0,
                    won: game.is_won(),
                    ms: g.elapsed_ms(),
                    score: g.score(),
                    assists: assists(c.hints > 0, c.undos > 0, g.is_assisted()),
                }
            }
            AnyGame::Stack(g) => {
                let c = g.counters();
                let key = stack_key(g.options());
                Snapshot {
                    deal: format!("{key}/{}", g.options().seed),
                    group: key,
                    journey: false,
                    moved: c.takes > 0,
                    won: game.is_won(),
                    ms: g.elapsed_ms(),
                    score: g.score(),
                    assists: assists(c.hints > 0, c.undos > 0, false),
                }
            }
            AnyGame::Journey(j) => {
                let g = j.game();
                let c = g.counters();
                Snapshot {
                    group: format!("journey/L{}", j.level_number()),
                    deal: format!("journey/{}/L{}", j.seed(), j.level_number()),
                    journey: true,
                    moved: c.moves > 0,
                    won: game.is_won(),
                    ms: g.elapsed_ms(),
                    score: g.score().saturating_add(j.bonus().unwrap_or(0)),
                    assists: assists(c.hints > 0, c.undos > 0, g.is_assisted()),
                }
            }
        }
    }
}

fn assists(hint: bool, undo: bool, demo: bool) -> Vec<Assist> {
    [
        (hint, Assist::Hint),
        (undo, Assist::Undo),
        (demo, Assist::Demo),
    ]
    .into_iter()
    .filter_map(|(used, a)| used.then_some(a))
    .collect()
}

/// Every group's statistics and what of the current deals was counted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    version: u32,
    groups: BTreeMap<String, GroupStats>,
    /// The current classic or stack deal.
    current: Option<Counted>,
    /// The journey's current level (kept apart: a journey set aside and continued is
    /// the same deal).
    journey: Option<Counted>,
}

impl Stats {
    pub fn new() -> Stats {
        Stats {
            version: VERSION,
            ..Stats::default()
        }
    }

    /// The counts of `group`, if it was ever played.
    pub fn group(&self, group: &str) -> Option<&GroupStats> {
        self.groups.get(group)
    }

    /// What `statistics` sends, with `current` the current game's group.
    pub fn report(&self, current: Option<String>) -> Statistics {
        Statistics {
            groups: self.groups.clone(),
            current,
        }
    }

    fn slot(&mut self, journey: bool) -> &mut Option<Counted> {
        if journey {
            &mut self.journey
        } else {
            &mut self.current
        }
    }

    /// A new deal starts (a new game, a board or level retried): nothing of it is counted
    /// yet. Only in memory: it is saved with the next change that counts.
    pub fn new_deal(&mut self, s: &Snapshot) {
        *self.slot(s.journey) = Some(Counted {
            deal: s.deal.clone(),
            played: false,
            won: false,
        });
    }

    /// After a change of the current game at time `now` (seconds since the epoch): counts
    /// its deal as played at its first move and as won when cleared. True if anything
    /// changed (to be saved).
    pub fn observe(&mut self, s: &Snapshot, now: u64) -> bool {
        let slot = self.slot(s.journey);
        if !matches!(slot, Some(c) if c.deal == s.deal) {
            *slot = Some(Counted {
                deal: s.deal.clone(),
                played: false,
                won: false,
            });
        }
        let Some(counted) = slot.as_mut() else {
            return false;
        };
        let play = (s.moved || s.won) && !counted.played;
        let win = s.won && !counted.won;
        if !play && !win {
            return false;
        }
        counted.played |= play;
        counted.won |= win;
        let group = self.groups.entry(s.group.clone()).or_default();
        if play {
            group.played = group.played.saturating_add(1);
        }
        if win {
            group.won = group.won.saturating_add(1);
            group.best.push(BestTime {
                ms: s.ms,
                score: s.score,
                at: now,
                assists: s.assists.clone(),
            });
            group.best.sort_by_key(BestTime::rank);
            group.best.truncate(TOP);
        }
        true
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<Stats, String> {
        let stats: Stats = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if stats.version != VERSION {
            return Err(format!(
                "statistics have format version {}; this build reads version {VERSION}",
                stats.version
            ));
        }
        Ok(stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snap(deal: &str, moved: bool, won: bool, ms: u64, assists: Vec<Assist>) -> Snapshot {
        Snapshot {
            group: "classic/4x4/4".into(),
            deal: deal.into(),
            journey: false,
            moved,
            won,
            ms,
            score: 10,
            assists,
        }
    }

    #[test]
    fn a_deal_counts_once_as_played_and_once_as_won() {
        let mut s = Stats::new();
        let fresh = snap("a", false, false, 0, vec![]);
        s.new_deal(&fresh);
        assert!(!s.observe(&fresh, 1), "no move yet");
        assert!(s.observe(&snap("a", true, false, 5, vec![]), 1));
        assert!(!s.observe(&snap("a", true, false, 6, vec![]), 1));
        assert!(s.observe(&snap("a", true, true, 7000, vec![]), 2));
        assert!(
            !s.observe(&snap("a", true, true, 7000, vec![]), 3),
            "won once"
        );
        let g = s.group("classic/4x4/4").expect("group");
        assert_eq!((g.played, g.won, g.best.len()), (1, 1, 1));
        assert_eq!(g.best[0].at, 2);
        // The same deal again is a new deal only when said so.
        s.new_deal(&fresh);
        assert!(s.observe(&snap("a", true, false, 5, vec![]), 4));
        // Another deal is noticed even without `new_deal` (a crash before its first save).
        assert!(s.observe(&snap("b", true, false, 5, vec![]), 4));
        assert_eq!(s.group("classic/4x4/4").map(|g| g.played), Some(3));
        assert_eq!(Stats::from_json(&s.to_json()), Ok(s));
        assert!(Stats::from_json("{\"version\":2,\"groups\":{}}").is_err());
    }

    #[test]
    fn best_times_keep_ten_unassisted_first() {
        let mut s = Stats::new();
        for i in 0..14u64 {
            let help = if i % 3 == 0 {
                vec![Assist::Hint]
            } else {
                vec![]
            };
            // Times 14000, 13000, ...: later games are faster.
            s.observe(
                &snap(&format!("d{i}"), true, true, (14 - i) * 1000, help),
                i,
            );
        }
        let g = s.group("classic/4x4/4").expect("group");
        assert_eq!((g.played, g.won), (14, 14));
        assert_eq!(g.best.len(), TOP);
        let times: Vec<u64> = g.best.iter().map(|b| b.ms).collect();
        // Nine unassisted wins (i not a multiple of 3: times not 14, 11, 8, 5 or 2 s),
        // fastest first, then the fastest assisted one.
        assert_eq!(
            times,
            [1000, 3000, 4000, 6000, 7000, 9000, 10000, 12000, 13000, 2000]
        );
        assert!(g.best[9].assists == [Assist::Hint]);
    }

    #[test]
    fn journey_levels_are_counted_apart_from_other_games() {
        let mut s = Stats::new();
        let level = Snapshot {
            group: "journey/L1".into(),
            deal: "journey/7/L1".into(),
            journey: true,
            ..snap("", true, false, 0, vec![])
        };
        assert!(s.observe(&level, 0));
        // A classic game in between, then the journey continues: the same level.
        assert!(s.observe(&snap("c", true, false, 0, vec![]), 0));
        assert!(!s.observe(&level, 0));
        assert_eq!(s.group("journey/L1").map(|g| g.played), Some(1));
    }
}
