//! Verification by replay: the day's deal of each mode (dealt once per date and mode and
//! kept: a stack daily runs the solver) and the engine's replay of a claimed line on it.
//! The server holds no game rule: which deal, which moves are legal, the timing bounds and
//! what a win is are the engine's (`llk_engine::{classic,stack}::replay`, `code::daily`).
//! Everything here is blocking CPU work: callers run it off the async threads.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use llk_engine::classic::game::Game;
use llk_engine::code::daily::{daily_options, daily_seed, UtcDate};
use llk_engine::stack::game::StackGame;
use llk_online::{ApiError, Claim, ErrorCode, Mode, Moves};

use crate::engine_api;

/// Deals kept at once: the date window is two days, the `daily` endpoint may ask for others.
const KEPT_DEALS: usize = 16;

/// A day's deal at its start.
pub enum Start {
    Classic(Box<Game>),
    Stack(Box<StackGame>),
}

/// What a replay established about an accepted line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The line used a prop (classic: shuffle or undo; stack: move-out, shuffle or undo).
    pub props: bool,
}

type Slot = Arc<OnceLock<Result<Arc<Start>, String>>>;

/// The dealt start games per (date, mode): a cache of a pure function of its key.
#[derive(Default)]
pub struct Deals {
    slots: Mutex<HashMap<(i64, Mode), Slot>>,
    /// One deal at a time, so unknown dates cannot keep both cores in the stack solver.
    dealing: Mutex<()>,
}

impl Deals {
    pub fn new() -> Deals {
        Deals::default()
    }

    /// The start of `date`'s `mode` deal, dealt on first use (blocking).
    pub fn start(&self, date: UtcDate, mode: Mode) -> Result<Arc<Start>, ApiError> {
        let slot = {
            let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
            let key = (date.day_number(), mode);
            if !slots.contains_key(&key) && slots.len() >= KEPT_DEALS {
                // Keep the latest dates (today's and yesterday's are the ones asked for).
                let mut days: Vec<i64> = slots.keys().map(|k| k.0).collect();
                days.sort_unstable();
                let cut = days[days.len() / 2];
                slots.retain(|k, _| k.0 > cut);
            }
            slots.entry(key).or_default().clone()
        };
        let dealt = slot.get_or_init(|| {
            let _one = self.dealing.lock().unwrap_or_else(PoisonError::into_inner);
            deal(date, mode).map(Arc::new)
        });
        dealt.clone().map_err(|e| {
            ApiError::new(
                ErrorCode::Unavailable,
                format!("the {} deal of {date}: {e}", mode.as_str()),
            )
        })
    }
}

fn deal(date: UtcDate, mode: Mode) -> Result<Start, String> {
    match mode {
        Mode::Classic => Game::new(daily_options(date))
            .map(|g| Start::Classic(Box::new(g)))
            .map_err(|e| e.to_string()),
        Mode::Stack => StackGame::new(engine_api::daily_stack_options(date))
            .map(|g| Start::Stack(Box::new(g)))
            .map_err(|e| e.to_string()),
    }
}

/// The seeds a date's deals are dealt from (the `daily` endpoint).
pub struct DailyInfo {
    pub classic_code: String,
    pub classic_seed: u64,
    pub stack_seed: u64,
}

/// What `date`'s deals are (blocking: may deal the stack daily).
pub fn daily_info(deals: &Deals, date: UtcDate) -> Result<DailyInfo, ApiError> {
    let options = daily_options(date);
    let classic_code = llk_engine::code::classic_code(&options).unwrap_or_default();
    let stack_seed = match &*deals.start(date, Mode::Stack)? {
        Start::Stack(game) => game.options().seed,
        Start::Classic(_) => 0,
    };
    Ok(DailyInfo {
        classic_code,
        classic_seed: daily_seed(date),
        stack_seed,
    })
}

/// Replays `claim`'s line on `start` (the claim's date and mode): the line must be legal,
/// keep the human time bounds, end at `time_ms` and win.
pub fn replay(start: &Start, claim: &Claim) -> Result<Verified, ApiError> {
    let refused = |code: &'static str, message: String| {
        let error = serde_json::from_value(serde_json::Value::String(code.to_string()))
            .unwrap_or(ErrorCode::IllegalMove);
        ApiError::new(error, message)
    };
    match (start, &claim.moves) {
        (Start::Classic(game), Moves::Classic(steps)) => {
            let mut game = game.as_ref().clone();
            game.set_auto_shuffle(claim.auto_shuffle);
            engine_api::classic_replay(&game, steps, claim.time_ms)
                .map(|r| Verified { props: r.props })
                .map_err(|e| refused(e.code, e.message))
        }
        (Start::Stack(game), Moves::Stack(steps)) => {
            engine_api::stack_replay(game, steps, claim.time_ms)
                .map(|r| Verified { props: r.props })
                .map_err(|e| refused(e.code, e.message))
        }
        _ => Err(ApiError::new(
            ErrorCode::BadJson,
            "the moves are not the mode's",
        )),
    }
}

/// The date a claim names, or `bad_date`.
pub fn parse_date(text: &str) -> Result<UtcDate, ApiError> {
    if text.len() != 10 {
        return Err(ApiError::new(ErrorCode::BadDate, "a date is YYYY-MM-DD"));
    }
    UtcDate::parse(text).map_err(|e| ApiError::new(ErrorCode::BadDate, e.to_string()))
}

/// `date_closed` unless `date` is `today` or the day before.
pub fn check_window(date: UtcDate, today: UtcDate) -> Result<(), ApiError> {
    let age = today.day_number() - date.day_number();
    if (0..=1).contains(&age) {
        Ok(())
    } else {
        Err(ApiError::new(
            ErrorCode::DateClosed,
            format!("results are taken for today ({today}) and yesterday only"),
        ))
    }
}

/// A stored result checked again from what is kept (payload, key, signature): the
/// signature, the claim and the replay on its day's deal, without the date window.
pub fn reverify(deals: &Deals, payload: &str, key: &str, sig: &str) -> Result<Verified, ApiError> {
    let envelope = llk_online::Envelope {
        payload: payload.to_string(),
        key: key.to_string(),
        sig: sig.to_string(),
    };
    let body = serde_json::to_vec(&envelope)
        .map_err(|e| ApiError::new(ErrorCode::BadJson, e.to_string()))?;
    let claim = llk_online::open(&body)?;
    let date = parse_date(&claim.date)?;
    let start = deals.start(date, claim.mode)?;
    replay(&start, &claim)
}
