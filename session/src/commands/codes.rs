//! Deal codes and the daily deal (docs/deal-codes.md): a new game from a typed code, the
//! daily deal of today's UTC date (the shell reads the clock; the engine derives the
//! deal), and the daily record's status. A refused code changes nothing.

use llk_engine::classic::game::GameOptions;
use llk_engine::code::daily::{daily_options, UtcDate};
use llk_engine::code::{decode, CodedDeal};
use tauri::State;

use super::with_state;
use crate::args::Arg;
use crate::daily::{today_utc, DailyStatus};
use crate::error::AppResult;
use crate::mode::{AnyGame, NewGameOptions};
use crate::state::{AppState, SharedState};
use crate::view::AnyView;

/// The `date` argument (`YYYY-MM-DD`), or today's UTC date when it is left out.
fn date_or_today(date: &Arg) -> AppResult<UtcDate> {
    if date.is_missing() {
        return Ok(today_utc()?);
    }
    Ok(UtcDate::parse(&date.parse::<String>("date")?)?)
}

/// The classic daily options of `date` with the player's auto-shuffle setting.
fn daily_game(s: &AppState, date: UtcDate) -> GameOptions {
    GameOptions {
        auto_shuffle: s.settings().auto_shuffle,
        ..daily_options(date)
    }
}

/// Deals the game of a typed `code` (any case, hyphens optional), replacing the current
/// one; a bad, mistyped or newer-version code is refused and nothing changes. The code of
/// today's daily deal starts the daily deal.
#[tauri::command]
pub fn new_game_from_code(state: State<'_, SharedState>, code: Arg) -> AppResult<AnyView> {
    let text: String = code.parse("code")?;
    let deal = decode(&text)?;
    with_state(&state, |s| {
        let options = match deal {
            CodedDeal::Classic(o) => NewGameOptions::Classic(GameOptions {
                auto_shuffle: s.settings().auto_shuffle,
                ..o
            }),
            CodedDeal::Stack(o) => NewGameOptions::Stack(o),
        };
        s.set_game(AnyGame::new(options)?);
        s.view()
    })
}

/// Deals the daily deal of `date` (today's UTC date when left out), replacing the current
/// game; its win records the day's best time and the streak.
#[tauri::command]
pub fn daily_deal(state: State<'_, SharedState>, date: Arg) -> AppResult<AnyView> {
    let date = date_or_today(&date)?;
    with_state(&state, |s| {
        let game = AnyGame::new(NewGameOptions::Classic(daily_game(s, date)))?;
        s.set_game_of_day(game, Some(date));
        s.view()
    })
}

/// The daily deal on `date` (today's UTC date when left out): its code, best time, the
/// streak, and the day of the current game when it is a daily deal.
#[tauri::command]
pub fn daily_status(state: State<'_, SharedState>, date: Arg) -> AppResult<DailyStatus> {
    let date = date_or_today(&date)?;
    with_state(&state, |s| Ok(s.daily().status(date)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::AppError;
    use serde_json::json;

    #[test]
    fn dates_are_strings_or_today() {
        assert_eq!(
            date_or_today(&Arg::from_value(json!("2026-11-30"))).ok(),
            UtcDate::parse("2026-11-30").ok()
        );
        assert!(date_or_today(&Arg::default()).is_ok());
        let code = |v| {
            date_or_today(&Arg::from_value(v))
                .err()
                .map(|e: AppError| e.code())
        };
        assert_eq!(code(json!(20261130)), Some("bad_argument"));
        assert_eq!(code(json!("2026-02-30")), Some("bad_date"));
    }
}
