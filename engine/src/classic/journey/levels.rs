//! The level table. Levels 1–9 play the nine slide rules in order (`none`, `down`, `up`,
//! `left`, `right`, `apart-h`, `together-h`, `apart-v`, `together-v`) on the 16×9 layout
//! (144 tiles); from level 10 the rules repeat in cycles of nine, each cycle with more
//! kinds and less time:
//!
//! | cycle (levels) | kinds | time | refill per match | hints / shuffles / undos | bonus per second left |
//! |---|---|---|---|---|---|
//! | 0 (1–9)   | 24 (6 of each) | 180 s | 2.0 s | 3 / 2 / 3 | 5 |
//! | 1 (10–18) | 30 | 160 s | 1.5 s | 2 / 1 / 2 | 10 |
//! | 2 (19–27) | 36 (4 of each) | 140 s | 1.0 s | 2 / 1 / 2 | 15 |
//! | c ≥ 3     | 36 | max(180 − 20c, 100) s | 1.0 s | 2 / 1 / 2 | 5·(c+1) |
//!
//! Why these: a level is 72 matches; at a brisk 2 s a match a player clears level 1 in
//! about 150 s, with the refills (72 × 2 s) leaving a comfortable margin, while the floor of
//! 100 s + 72 s later on needs a steady ~2.4 s a match. Deals are solvable under the
//! level's rule, paths may use the ring, and a match that leaves no move reshuffles by
//! itself (the manual shuffles are for the player's own taste).

use crate::classic::game::GameOptions;
use crate::classic::slide::SlideRule;
use crate::error::{EngineError, Result};
use crate::rng::Rng;

/// The journey's layout: 16 columns by 9 rows.
pub const LEVEL_ROWS: u16 = 9;
pub const LEVEL_COLS: u16 = 16;
/// The last level (the table goes on, but a number has to stop somewhere).
pub const MAX_LEVEL: u32 = 999;

/// One level's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1-based.
    pub number: u32,
    pub rule: SlideRule,
    pub kinds: u16,
    /// Time budget at the start of the level.
    pub time_ms: u64,
    /// Time added to the budget by each match.
    pub refill_ms: u64,
    pub hints: u32,
    pub shuffles: u32,
    pub undos: u32,
    /// Points per whole second left when the level is cleared.
    pub bonus_per_second: u32,
}

impl Level {
    /// 0 for levels 1–9, 1 for 10–18, ...
    pub fn cycle(&self) -> u32 {
        (self.number - 1) / SlideRule::ALL.len() as u32
    }

    /// The game options of this level's deal from the journey's `seed` (each level has its
    /// own stream of it, so a retry deals the same board again).
    pub fn game_options(&self, seed: u64) -> GameOptions {
        let mut rng = Rng::new(seed, 0x6a6f_7572_6e65_7900 | u64::from(self.number));
        let high = rng.below(1 << 31) as u64;
        let low = rng.below(1 << 31) as u64;
        let level_seed = (high << 32) | low;
        GameOptions {
            rows: LEVEL_ROWS,
            cols: LEVEL_COLS,
            kinds: self.kinds,
            seed: level_seed,
            solvable: true,
            ring: true,
            auto_shuffle: true,
            slide: self.rule,
        }
    }
}

/// Level `number` (1..=[`MAX_LEVEL`]).
pub fn level(number: u32) -> Result<Level> {
    if !(1..=MAX_LEVEL).contains(&number) {
        return Err(EngineError::BadDealOptions(format!(
            "journey levels are 1..={MAX_LEVEL}, not {number}"
        )));
    }
    let rules = SlideRule::ALL.len() as u32;
    let cycle = (number - 1) / rules;
    let rule = SlideRule::ALL[((number - 1) % rules) as usize];
    let kinds = match cycle {
        0 => 24,
        1 => 30,
        _ => 36,
    };
    let first = cycle == 0;
    Ok(Level {
        number,
        rule,
        kinds,
        time_ms: 180_000u64
            .saturating_sub(20_000 * u64::from(cycle))
            .max(100_000),
        refill_ms: 2_000u64.saturating_sub(500 * u64::from(cycle)).max(1_000),
        hints: if first { 3 } else { 2 },
        shuffles: if first { 2 } else { 1 },
        undos: if first { 3 } else { 2 },
        bonus_per_second: 5 * (cycle.min(1_000) + 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_first_nine_levels_play_every_rule_in_order() {
        let rules: Vec<SlideRule> = (1..=9).map(|n| level(n).unwrap().rule).collect();
        assert_eq!(rules, SlideRule::ALL.to_vec());
        assert_eq!(level(10).unwrap().rule, SlideRule::None);
        assert_eq!(level(11).unwrap().rule, SlideRule::Down);
        assert!(level(0).is_err());
        assert!(level(MAX_LEVEL + 1).is_err());
    }

    proptest! {
        /// Later cycles never get easier: kinds never fall, time, refill, hints, shuffles
        /// and undos never grow; the bonus never shrinks; every level deals.
        #[test]
        fn cycles_get_harder(n in 1u32..MAX_LEVEL) {
            let (a, b) = (level(n).unwrap(), level(n + 1).unwrap());
            prop_assert!(b.kinds >= a.kinds);
            prop_assert!(b.time_ms <= a.time_ms && b.time_ms >= 100_000);
            prop_assert!(b.refill_ms <= a.refill_ms && b.refill_ms >= 1_000);
            prop_assert!(b.hints <= a.hints && b.shuffles <= a.shuffles && b.undos <= a.undos);
            prop_assert!(b.hints >= 1 && b.shuffles >= 1 && b.undos >= 1);
            prop_assert!(b.bonus_per_second >= a.bonus_per_second);
            prop_assert_eq!(b.rule, SlideRule::ALL[(n as usize) % 9]);
            let o = a.game_options(n.into());
            prop_assert_eq!((o.rows, o.cols, o.slide), (LEVEL_ROWS, LEVEL_COLS, a.rule));
            prop_assert_eq!(usize::from(o.rows) * usize::from(o.cols) % 2, 0);
        }

        /// Levels of one journey get different boards; the same level and seed, the same.
        #[test]
        fn each_level_has_its_own_seed(seed in any::<u64>(), n in 1u32..MAX_LEVEL) {
            let (a, b) = (level(n).unwrap(), level(n + 1).unwrap());
            prop_assert_eq!(a.game_options(seed).seed, a.game_options(seed).seed);
            prop_assert_ne!(a.game_options(seed).seed, b.game_options(seed).seed);
        }
    }
}
