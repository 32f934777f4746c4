//! Journey mode's commands: `journey_start` (continue the journey, or a new one),
//! `journey_next` (after a cleared level), `journey_retry` (the level again, e.g. after
//! the time ran out), and the journey's side of `select` and `hint`. The journey's rules
//! (levels, clock budget, props) are the engine's; this records the progress.

use llk_engine::classic::journey::Journey;
use tauri::State;

use super::with_state;
use crate::args::Arg;
use crate::error::{AppError, AppResult};
use crate::mode::AnyGame;
use crate::state::{AppState, SharedState};
use crate::view::{AnyHintResult, AnySelectResult, AnyView, JourneyView};

fn view(s: &AppState) -> AppResult<JourneyView> {
    match s.view()? {
        AnyView::Journey(v) => Ok(v),
        other => Err(AppError::Internal(format!(
            "a journey command ended on a {:?} game",
            std::mem::discriminant(&other)
        ))),
    }
}

fn journey<'a>(s: &'a AppState, command: &str) -> AppResult<&'a Journey> {
    match s.game()? {
        AnyGame::Journey(j) => Ok(j),
        other => Err(crate::mode::wrong_mode(
            command,
            crate::mode::Mode::Journey,
            other.mode(),
        )),
    }
}

/// The player tapped (`row`, `col`) at level time `elapsed`.
pub(super) fn select(
    s: &mut AppState,
    row: i64,
    col: i64,
    elapsed: u64,
) -> AppResult<AnySelectResult> {
    let at = journey(s, "select")?.game().board().pos_at(row, col)?;
    let (outcome, new_best) =
        s.change_game_scored(|g| Ok(g.journey_mut("select")?.select(at, elapsed)?))?;
    Ok(AnySelectResult::Journey(crate::view::JourneySelectResult {
        outcome,
        game: view(s)?,
        new_best,
    }))
}

/// A hint, if one is left this level.
pub(super) fn hint(s: &mut AppState) -> AppResult<AnyHintResult> {
    let hint = s.change_game(|g| Ok(g.journey_mut("hint")?.hint()?))?;
    Ok(AnyHintResult::Journey(crate::view::JourneyHintResult {
        hint,
        game: view(s)?,
    }))
}

/// Starts or continues the journey: with `restart` false (or left out) the current
/// journey, else the one set aside when another mode was chosen, else a new one from
/// level 1; with `restart` true always a new one. Another mode's current game is replaced.
#[tauri::command]
pub fn journey_start(state: State<'_, SharedState>, restart: Arg) -> AppResult<AnyView> {
    let restart = if restart.is_missing() {
        false
    } else {
        restart.parse::<bool>("restart")?
    };
    with_state(&state, |s| {
        let current = matches!(s.game(), Ok(AnyGame::Journey(_)));
        if restart || !current {
            let journey = match s.take_parked_journey() {
                Some(j) if !restart => j,
                _ => Journey::new(rand::random())?,
            };
            s.set_game(AnyGame::Journey(journey));
        }
        let level = journey(s, "journey_start")?.level_number();
        s.record_journey_level(level);
        s.view()
    })
}

/// After a cleared level: the next level, the score carried.
#[tauri::command]
pub fn journey_next(state: State<'_, SharedState>) -> AppResult<AnyView> {
    with_state(&state, |s| {
        s.change_game(|g| Ok(g.journey_mut("journey_next")?.next_level()?))?;
        let level = journey(s, "journey_next")?.level_number();
        s.record_journey_level(level);
        s.view()
    })
}

/// The current level again from its start (same board, full clock and props), the score
/// of earlier levels kept.
#[tauri::command]
pub fn journey_retry(state: State<'_, SharedState>) -> AppResult<AnyView> {
    with_state(&state, |s| {
        s.change_game(|g| Ok(g.journey_mut("journey_retry")?.retry_level()?))?;
        s.restart_deal();
        s.view()
    })
}
