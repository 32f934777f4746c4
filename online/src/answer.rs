//! What the server answers: a submission's result, a leaderboard, and the error of a
//! refusal with its one stable code (`docs/api.md` lists them with their HTTP statuses).

use serde::{Deserialize, Serialize};

use crate::claim::Mode;

/// Why a request was refused. The codes are a contract: never renamed or reused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    TooLarge,
    BadJson,
    BadKey,
    BadSignature,
    BadName,
    BadDate,
    BadMode,
    BadLimit,
    DateClosed,
    TooManyMoves,
    TooFast,
    BadTimes,
    TimeMismatch,
    IllegalMove,
    NotWon,
    RateLimited,
    NotFound,
    MethodNotAllowed,
    Unavailable,
}

impl ErrorCode {
    /// The HTTP status the code is sent with.
    pub fn status(self) -> u16 {
        use ErrorCode::*;
        match self {
            TooLarge => 413,
            BadJson | BadKey | BadName | BadDate | BadMode | BadLimit => 400,
            BadSignature => 401,
            DateClosed | TooManyMoves | TooFast | BadTimes | TimeMismatch | IllegalMove
            | NotWon => 422,
            RateLimited => 429,
            NotFound => 404,
            MethodNotAllowed => 405,
            Unavailable => 503,
        }
    }
}

/// A refusal: `{"error": code, "message": one line for people}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[error("{message}")]
pub struct ApiError {
    pub error: ErrorCode,
    pub message: String,
}

impl ApiError {
    pub fn new(error: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            error,
            message: message.into(),
        }
    }
}

/// The answer to an accepted (or repeated) submission.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SubmitAnswer {
    pub date: String,
    pub mode: Mode,
    /// This submission's result and whether its line used a prop.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub time_ms: u64,
    pub props: bool,
    /// The player's best on this board after this submission.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub best_ms: u64,
    pub best_props: bool,
    /// This submission became the player's best.
    pub improved: bool,
    pub rank: u64,
    pub finishers: u64,
    pub top_percent: u32,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Entry {
    pub rank: u64,
    pub name: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub time_ms: u64,
    pub props: bool,
}

/// The caller's place on a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct You {
    pub rank: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub time_ms: u64,
    pub props: bool,
    pub top_percent: u32,
}

/// A date's leaderboard for one mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Leaderboard {
    pub date: String,
    pub mode: Mode,
    pub finishers: u64,
    pub top: Vec<Entry>,
    pub you: Option<You>,
}

/// ⌈100 · rank / finishers⌉, at least 1 (0 finishers: 100).
pub fn top_percent(rank: u64, finishers: u64) -> u32 {
    if finishers == 0 {
        return 100;
    }
    let p = (100 * rank).div_ceil(finishers);
    p.clamp(1, 100) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_percentages() {
        assert_eq!(
            serde_json::to_string(&ErrorCode::TooFast).unwrap(),
            r#""too_fast""#
        );
        assert_eq!(ErrorCode::RateLimited.status(), 429);
        assert_eq!(top_percent(1, 1), 100);
        assert_eq!(top_percent(1, 1000), 1);
        assert_eq!(top_percent(3, 41), 8);
        assert_eq!(top_percent(41, 41), 100);
    }
}
