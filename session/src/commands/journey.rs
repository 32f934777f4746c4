//! Journey mode's commands: `journey_start` (continue the journey, or a new one),
//! `journey_next` (after a cleared level), `journey_retry` (the level again, e.g. after
//! the time ran out), and the journey's side of `select` and `hint`. The journey's rules
//! (levels, clock budget, props) are the engine's; this records the progress.

use llk_engine::classic::journey::Journey;

use crate::args::Arg;
use crate::error::{AppError, AppResult};
use crate::mode::{wrong_mode, AnyGame, Mode};
use crate::state::Session;
use crate::view::{
    AnyHintResult, AnySelectResult, AnyView, JourneyHintResult, JourneySelectResult, JourneyView,
};

fn view(s: &Session) -> AppResult<JourneyView> {
    match s.view()? {
        AnyView::Journey(v) => Ok(v),
        other => Err(AppError::Internal(format!(
            "a journey command ended on a {:?} game",
            std::mem::discriminant(&other)
        ))),
    }
}

fn journey<'a>(s: &'a Session, command: &str) -> AppResult<&'a Journey> {
    match s.game()? {
        AnyGame::Journey(j) => Ok(j),
        other => Err(wrong_mode(command, Mode::Journey, other.mode())),
    }
}

/// The player tapped (`row`, `col`) at level time `elapsed` (saved unless it only moved
/// the selection).
pub(super) fn select(
    s: &mut Session,
    row: i64,
    col: i64,
    elapsed: u64,
) -> AppResult<AnySelectResult> {
    let at = journey(s, "select")?.game().board().pos_at(row, col)?;
    // a tap after the time ran out (no outcome) lost the level: saved like a move
    let (outcome, new_best) = s.change_game_saved_if(
        |g| Ok(g.journey_mut("select")?.select(at, elapsed)?),
        |outcome| outcome.as_ref().is_none_or(super::classic::moved),
    )?;
    Ok(AnySelectResult::Journey(JourneySelectResult {
        outcome,
        game: view(s)?,
        new_best,
    }))
}

/// A hint, if one is left this level.
pub(super) fn hint(s: &mut Session) -> AppResult<AnyHintResult> {
    let hint = s.change_game(|g| Ok(g.journey_mut("hint")?.hint()?))?;
    Ok(AnyHintResult::Journey(JourneyHintResult {
        hint,
        game: view(s)?,
    }))
}

/// Starts or continues the journey: with `restart` false (or left out) the current
/// journey, else the one set aside when another mode was chosen, else a new one from
/// level 1 (its seed from the host); with `restart` true always a new one. Another mode's
/// current game is replaced.
pub fn journey_start(s: &mut Session, restart: &Arg) -> AppResult<AnyView> {
    let restart = if restart.is_missing() {
        false
    } else {
        restart.parse::<bool>("restart")?
    };
    let current = matches!(s.game(), Ok(AnyGame::Journey(_)));
    if restart || !current {
        let journey = match s.take_parked_journey() {
            Some(j) if !restart => j,
            _ => Journey::new(s.random_u64())?,
        };
        s.set_game(AnyGame::Journey(journey));
    }
    let level = journey(s, "journey_start")?.level_number();
    s.record_journey_level(level);
    s.view()
}

/// After a cleared level: the next level, the score carried.
pub fn journey_next(s: &mut Session) -> AppResult<AnyView> {
    s.change_game(|g| Ok(g.journey_mut("journey_next")?.next_level()?))?;
    let level = journey(s, "journey_next")?.level_number();
    s.record_journey_level(level);
    s.view()
}

/// The current level again from its start (same board, full clock and props), the score
/// of earlier levels kept.
pub fn journey_retry(s: &mut Session) -> AppResult<AnyView> {
    s.change_game(|g| Ok(g.journey_mut("journey_retry")?.retry_level()?))?;
    s.restart_deal();
    s.view()
}
