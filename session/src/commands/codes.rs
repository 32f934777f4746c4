//! Deal codes and the daily deal (docs/deal-codes.md): a new game from a typed code, the
//! daily deal of today's UTC date (the host's clock says which day it is; the engine
//! derives the deal), and the daily record's status. A refused code changes nothing.

use llk_engine::classic::game::GameOptions;
use llk_engine::code::daily::{daily_options, UtcDate};
use llk_engine::code::{decode, CodedDeal};
use llk_online::Mode;

use crate::args::Arg;
use crate::daily::DailyStatus;
use crate::error::{AppError, AppResult};
use crate::mode::{AnyGame, NewGameOptions};
use crate::state::Session;
use crate::view::AnyView;

/// The `date` argument (`YYYY-MM-DD`), or today's UTC date when it is left out.
fn date_or_today(s: &Session, date: &Arg) -> AppResult<UtcDate> {
    if date.is_missing() {
        return s.today();
    }
    Ok(UtcDate::parse(&date.parse::<String>("date")?)?)
}

/// The classic daily options of `date` with the player's auto-shuffle setting.
fn daily_game(s: &Session, date: UtcDate) -> GameOptions {
    GameOptions {
        auto_shuffle: s.settings().auto_shuffle,
        ..daily_options(date)
    }
}

/// Deals the game of a typed `code` (any case, hyphens optional), replacing the current
/// one; a bad, mistyped or newer-version code is refused and nothing changes. The code of
/// today's daily deal starts the daily deal.
pub fn new_game_from_code(s: &mut Session, code: &Arg) -> AppResult<AnyView> {
    let text: String = code.parse("code")?;
    let options = match decode(&text)? {
        CodedDeal::Classic(o) => NewGameOptions::Classic(GameOptions {
            auto_shuffle: s.settings().auto_shuffle,
            ..o
        }),
        CodedDeal::Stack(o) => NewGameOptions::Stack(o),
    };
    s.set_game(AnyGame::new(options)?);
    s.view()
}

/// The daily challenge named by `mode`: `"classic"` (or left out) or `"stack"`, else
/// `bad_argument`.
fn daily_mode(mode: &Arg) -> AppResult<Mode> {
    if mode.is_missing() {
        return Ok(Mode::Classic);
    }
    match mode.parse::<String>("mode")?.as_str() {
        "classic" => Ok(Mode::Classic),
        "stack" => Ok(Mode::Stack),
        other => Err(AppError::BadArgument(format!(
            "`mode` is \"classic\" or \"stack\", not {other:?}"
        ))),
    }
}

/// Deals the daily challenge of `date` (today's UTC date when left out) in `mode`
/// (classic when left out), replacing the current game; its win records the day's best
/// time (classic: and the streak), and its line of play is recorded for posting.
pub fn daily_deal(s: &mut Session, date: &Arg, mode: &Arg) -> AppResult<AnyView> {
    let mode = daily_mode(mode)?;
    let date = date_or_today(s, date)?;
    let options = match mode {
        Mode::Classic => NewGameOptions::Classic(daily_game(s, date)),
        Mode::Stack => NewGameOptions::Stack(crate::daily::stack_options(date)),
    };
    let game = AnyGame::new(options)?;
    s.set_game_of_day(game, Some(date));
    s.view()
}

/// The daily challenges on `date` (today's UTC date when left out): the classic deal's
/// code, best times, the streak, the day of the current game when it is a daily
/// challenge, whether it can be posted, and the server's last answers.
pub fn daily_status(s: &Session, date: &Arg) -> AppResult<DailyStatus> {
    let date = date_or_today(s, date)?;
    let mut status = s.daily().status(date);
    let day = date.to_string();
    status.posting = s.posting();
    status.postable = s.daily_line().is_some_and(|l| l.postable)
        && s.game().is_ok_and(|g| !g.is_assisted() && g.hints() == 0);
    status.classic_answer = s.online_answer(&day, Mode::Classic);
    status.stack_answer = s.online_answer(&day, Mode::Stack);
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::AppError;
    use crate::memory::{FixedHost, MemoryStore};
    use serde_json::json;

    #[test]
    fn dates_are_strings_or_today() {
        // 2026-11-30T12:00:00Z
        let host = FixedHost::new(1_796_040_000_000, 1);
        let s = Session::load(Box::new(MemoryStore::new()), Box::new(host));
        assert_eq!(
            date_or_today(&s, &Arg::from_value(json!("2025-01-02"))).ok(),
            UtcDate::parse("2025-01-02").ok()
        );
        assert_eq!(
            date_or_today(&s, &Arg::default()).ok(),
            UtcDate::parse("2026-11-30").ok(),
            "today, from the host's clock"
        );
        let code = |v| {
            date_or_today(&s, &Arg::from_value(v))
                .err()
                .map(|e: AppError| e.code())
        };
        assert_eq!(code(json!(20261130)), Some("bad_argument"));
        assert_eq!(code(json!("2026-02-30")), Some("bad_date"));
    }
}
