//! The journey: levels cleared by hints carry their score and time bonus to the next
//! level, the time budget (refilled per match) decides time-up from the caller's clock,
//! props are limited per level, retry deals the same board, and saves round-trip and are
//! validated on load.

use llk_engine::classic::game::{Outcome, Status};
use llk_engine::classic::journey::{level, Journey, JourneyStatus, LEVEL_COLS, LEVEL_ROWS};
use llk_engine::classic::slide::{self, SlideRule};
use llk_engine::classic::Budget;
use llk_engine::EngineError;
use proptest::prelude::*;
use serde_json::Value;

/// A pair that keeps the level winnable, found by the engine's slide hint (the journey's
/// own hints are limited).
fn good_pair(j: &Journey) -> (llk_engine::classic::Pos, llk_engine::classic::Pos) {
    let rule = j.level().rule;
    let p = slide::hint(j.game().board(), rule, Budget::nodes(200_000)).expect("a pair");
    (p.a, p.b)
}

/// Clears the level with one match every `step_ms`; returns the time of the last match.
fn clear(j: &mut Journey, step_ms: u64) -> u64 {
    let mut t = 0;
    while j.status() == JourneyStatus::Playing {
        let (a, b) = good_pair(j);
        t += step_ms;
        assert!(matches!(j.select(a, t), Ok(Some(Outcome::Selected { .. }))));
        let out = j.select(b, t).unwrap().expect("in time");
        assert!(matches!(out, Outcome::Matched { .. }), "{out:?}");
    }
    t
}

#[test]
fn a_cleared_level_pays_its_bonus_and_carries_the_score() {
    let mut j = Journey::new(7).unwrap();
    assert_eq!((j.level_number(), j.level().rule), (1, SlideRule::None));
    let b = j.game().board();
    assert_eq!((b.rows(), b.cols()), (LEVEL_ROWS.into(), LEVEL_COLS.into()));
    let t = clear(&mut j, 1_000);
    assert_eq!(j.status(), JourneyStatus::Won);
    let l = level(1).unwrap();
    let limit = l.time_ms + l.refill_ms * 72;
    assert_eq!(j.time_limit_ms(), limit);
    let bonus = (limit - t) / 1_000 * u64::from(l.bonus_per_second);
    assert_eq!(j.bonus(), Some(bonus as u32));
    let total = j.game().score() + bonus as u32;
    assert_eq!(j.total_score(), total);
    // Time reported after the win changes nothing.
    j.set_elapsed(10_000_000);
    assert_eq!(j.status(), JourneyStatus::Won);
    assert_eq!(
        j.select(llk_engine::classic::Pos::new(0, 0), 1),
        Err(EngineError::GameOver)
    );
    j.next_level().unwrap();
    assert_eq!((j.level_number(), j.level().rule), (2, SlideRule::Down));
    assert_eq!(j.carried_score(), total);
    assert_eq!(j.total_score(), total);
    assert_eq!(j.status(), JourneyStatus::Playing);
    assert_eq!(j.props_left(), j.props_allowed());
    assert_eq!(j.game().elapsed_ms(), 0);
    assert_eq!(j.next_level(), Err(EngineError::LevelNotCleared));
}

#[test]
fn a_down_level_is_cleared_under_its_rule() {
    let mut j = Journey::at(3, 2, 100).unwrap();
    assert_eq!(j.level().rule, SlideRule::Down);
    clear(&mut j, 500);
    assert_eq!(j.game().status(), Status::Won);
    assert!(j.total_score() > 100);
}

#[test]
fn time_up_loses_the_level_and_retry_deals_it_again() {
    let mut j = Journey::at(11, 3, 250).unwrap();
    let board = j.game().board().clone();
    let (a, b) = good_pair(&j);
    j.select(a, 1_000).unwrap();
    j.select(b, 1_000).unwrap();
    let limit = j.time_limit_ms();
    assert_eq!(limit, j.level().time_ms + j.level().refill_ms);
    j.set_elapsed(limit - 1);
    assert_eq!(j.status(), JourneyStatus::Playing);
    assert_eq!(j.time_left_ms(), 1);
    j.set_elapsed(5);
    assert_eq!(j.time_left_ms(), 1, "the level's clock never goes back");
    let (a, _) = good_pair(&j);
    assert_eq!(
        j.select(a, limit),
        Ok(None),
        "a tap after the time is up does nothing"
    );
    assert_eq!(j.status(), JourneyStatus::Lost);
    assert_eq!(j.time_left_ms(), 0);
    assert_eq!(j.hint(), Err(EngineError::GameOver));
    assert_eq!(j.shuffle(), Err(EngineError::GameOver));
    assert_eq!(j.next_level(), Err(EngineError::LevelNotCleared));
    j.retry_level().unwrap();
    assert_eq!(j.status(), JourneyStatus::Playing);
    assert_eq!(
        (j.level_number(), j.carried_score(), j.total_score()),
        (3, 250, 250)
    );
    assert_eq!(j.game().board(), &board);
}

#[test]
fn props_are_limited_per_level() {
    let mut j = Journey::new(5).unwrap();
    let allowed = j.props_allowed();
    for _ in 0..allowed.hints {
        assert!(j.hint().unwrap().is_some());
    }
    assert_eq!(j.hint(), Err(EngineError::NoPropLeft { prop: "hint" }));
    for _ in 0..allowed.shuffles {
        j.shuffle().unwrap();
    }
    assert_eq!(
        j.shuffle(),
        Err(EngineError::NoPropLeft { prop: "shuffle" })
    );
    assert_eq!(j.props_left().undos, allowed.undos);
    for _ in 0..allowed.undos {
        j.undo().unwrap(); // takes back the shuffles, then nothing is left to undo
        if j.game().can_undo() {
            continue;
        }
        break;
    }
    let left = j.props_left().undos;
    assert!(left < allowed.undos);
    // An undo with nothing to take back spends nothing.
    if !j.game().can_undo() && left > 0 {
        assert_eq!(j.undo(), Err(EngineError::NothingToUndo));
        assert_eq!(j.props_left().undos, left);
    }
}

#[test]
fn an_undone_match_gives_its_refill_back() {
    let mut j = Journey::at(9, 5, 0).unwrap();
    let base = j.time_limit_ms();
    let (a, b) = good_pair(&j);
    j.select(a, 10).unwrap();
    j.select(b, 20).unwrap();
    assert_eq!(j.time_limit_ms(), base + j.level().refill_ms);
    j.undo().unwrap();
    assert_eq!(j.time_limit_ms(), base);
    assert_eq!(j.props_left().undos, j.props_allowed().undos - 1);
}

fn doc(j: &Journey) -> Value {
    serde_json::from_str(&j.to_json().unwrap()).unwrap()
}

fn load(v: &Value) -> Result<Journey, EngineError> {
    Journey::from_json(&v.to_string())
}

#[test]
fn saves_round_trip_and_bad_ones_are_refused() {
    let mut j = Journey::at(21, 4, 77).unwrap();
    let (a, b) = good_pair(&j);
    j.select(a, 100).unwrap();
    j.select(b, 200).unwrap();
    j.hint().unwrap();
    assert_eq!(Journey::from_json(&j.to_json().unwrap()).unwrap(), j);
    let d = doc(&j);
    assert_eq!(d["format"], "lianliankan-journey");
    assert!(d["seed"].is_string(), "the seed travels as a string");

    let mut v = d.clone();
    v["version"] = 2.into();
    assert!(matches!(
        load(&v),
        Err(EngineError::UnsupportedSaveVersion { found: 2, .. })
    ));
    for (key, value) in [
        ("level", Value::from(0)),
        ("level", Value::from(5)),
        ("format", Value::from("lianliankan-save")),
        ("bonus", Value::from(10)),
        (
            "used",
            serde_json::json!({"hints": 9, "shuffles": 0, "undos": 0}),
        ),
        ("seed", Value::from("22")),
    ] {
        let mut v = d.clone();
        v[key] = value;
        assert!(
            matches!(load(&v), Err(EngineError::BadSave(_))),
            "{key} changed should be refused"
        );
    }
    let mut v = d.clone();
    v["game"]["version"] = 9.into();
    assert!(load(&v).is_err());
    assert!(Journey::from_json("{").is_err());

    // A saved clock past the budget loads as a lost level.
    let mut lost = j.clone();
    lost.set_elapsed(lost.time_limit_ms());
    assert_eq!(lost.status(), JourneyStatus::Lost);
    let back = Journey::from_json(&lost.to_json().unwrap()).unwrap();
    assert_eq!(back.status(), JourneyStatus::Lost);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Time-up is exactly "level clock ≥ level time + refill × matches made", whatever
    /// the matches and the reported time; a save at any point loads back the same journey.
    #[test]
    fn time_up_is_decided_by_the_budget(
        seed in 0u64..1_000,
        number in 1u32..30,
        matches in 0usize..6,
        late in 0u64..400_000,
    ) {
        let mut j = Journey::at(seed, number, 0).unwrap();
        let mut t = 0;
        for _ in 0..matches {
            let (a, b) = good_pair(&j);
            t += 1_000;
            j.select(a, t).unwrap();
            j.select(b, t).unwrap();
        }
        let l = j.level();
        let limit = l.time_ms + l.refill_ms * j.game().counters().moves as u64;
        prop_assert_eq!(j.time_limit_ms(), limit);
        let at = t + late;
        j.set_elapsed(at);
        let lost = at >= limit;
        prop_assert_eq!(j.status() == JourneyStatus::Lost, lost);
        prop_assert_eq!(j.time_left_ms(), limit.saturating_sub(at));
        prop_assert_eq!(&Journey::from_json(&j.to_json().unwrap()).unwrap(), &j);
    }
}
