//! Scoring: each match is worth `BASE_POINTS` times the combo, and the combo grows
//! while matches follow each other within `COMBO_WINDOW_MS` of game time (capped).
//! Hints and shuffles break the combo. Time comes from the caller: no clock here.

use serde::{Deserialize, Serialize};

/// Points for a match outside any combo.
pub const BASE_POINTS: u32 = 10;
/// Game time within which the next match extends the combo.
pub const COMBO_WINDOW_MS: u64 = 3_000;
/// Highest combo multiplier.
pub const MAX_COMBO: u32 = 10;

/// Score, combo and the time of the last match: everything an undo must restore.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoreline {
    pub score: u32,
    pub combo: u32,
    pub last_match_ms: Option<u64>,
}

impl Scoreline {
    /// Records a match at game time `now_ms`; returns the points it earned.
    pub fn record_match(&mut self, now_ms: u64) -> u32 {
        let quick = self
            .last_match_ms
            .is_some_and(|t| now_ms >= t && now_ms - t <= COMBO_WINDOW_MS);
        self.combo = if quick {
            (self.combo + 1).min(MAX_COMBO)
        } else {
            1
        };
        self.last_match_ms = Some(now_ms);
        let points = BASE_POINTS * self.combo;
        self.score = self.score.saturating_add(points);
        points
    }

    /// Game time until which the next match extends the combo, if one runs.
    pub fn combo_until_ms(&self) -> Option<u64> {
        self.last_match_ms
            .map(|t| t.saturating_add(COMBO_WINDOW_MS))
    }

    /// Ends the current combo (hint or shuffle used).
    pub fn break_combo(&mut self) {
        self.combo = 0;
        self.last_match_ms = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combo_grows_within_window_and_resets_after() {
        let mut s = Scoreline::default();
        assert_eq!(s.record_match(1_000), 10);
        assert_eq!(s.record_match(3_000), 20);
        assert_eq!(s.record_match(6_000), 30);
        assert_eq!(s.combo_until_ms(), Some(6_000 + COMBO_WINDOW_MS));
        assert_eq!(s.record_match(9_001), 10);
        assert_eq!(s.score, 70);
        s.break_combo();
        assert_eq!(s.combo_until_ms(), None);
        assert_eq!(s.record_match(9_100), 10);
    }

    #[test]
    fn combo_is_capped_and_clock_going_back_is_no_combo() {
        let mut s = Scoreline::default();
        for i in 0..20 {
            s.record_match(i * 100);
        }
        assert_eq!(s.combo, MAX_COMBO);
        assert_eq!(s.record_match(5), 10);
    }
}
