//! Journey mode's payloads: the level's board as the classic `GameView`, the journey's
//! own state beside it (level, rule, clock budget, props, scores), the progress saved
//! across journeys, and what `select` and `hint` return with it.

use llk_engine::classic::game::{Hint, Outcome};
use llk_engine::classic::journey::{Journey, JourneyInfo};
use serde::Serialize;
use ts_rs::TS;

use super::classic::GameView;

/// A journey in progress.
#[derive(Clone, Debug, Serialize, TS)]
pub struct JourneyView {
    pub journey: JourneyInfo,
    /// The current level's board and counters (its `best_score` is the best journey score).
    pub game: GameView,
    /// The highest level any journey has reached (saved across journeys).
    pub highest_level: u32,
    /// The best total score of any journey, if a level was ever cleared.
    pub best_score: Option<u32>,
}

impl JourneyView {
    pub fn of(journey: &Journey, best_score: Option<u32>, highest_level: u32) -> JourneyView {
        JourneyView {
            journey: journey.info(),
            game: GameView::of(journey.game(), best_score),
            highest_level: highest_level.max(journey.level_number()),
            best_score,
        }
    }
}

/// What `select` returns in a journey: what happened (`null` when the tap came after the
/// time was up: nothing happened and the level is lost), and the journey after it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct JourneySelectResult {
    pub outcome: Option<Outcome>,
    pub game: JourneyView,
    /// This tap cleared the level with a journey score above the stored best.
    pub new_best: bool,
}

/// What `hint` returns in a journey: a pair (or `null` when none can be removed; no hint
/// is spent then), and the journey after it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct JourneyHintResult {
    pub hint: Option<Hint>,
    pub game: JourneyView,
}
