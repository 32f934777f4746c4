//! The claim of a won daily game: who (key, name), which challenge (date, mode), the
//! result (`time_ms`) and the whole line of play (each move with its game time).

use llk_engine::line::{ClassicStep, StackStep};
use serde::{Deserialize, Serialize};

use crate::answer::{ApiError, ErrorCode};

/// The claim format this build writes and reads.
pub const CLAIM_VERSION: u32 = 1;

/// The two daily challenges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Classic,
    Stack,
}

impl Mode {
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Classic => "classic",
            Mode::Stack => "stack",
        }
    }

    /// `classic` or `stack`, else `bad_mode`.
    pub fn parse(text: &str) -> Result<Mode, ApiError> {
        match text {
            "classic" => Ok(Mode::Classic),
            "stack" => Ok(Mode::Stack),
            _ => Err(ApiError::new(
                ErrorCode::BadMode,
                "the mode is classic or stack",
            )),
        }
    }
}

/// A line of play of either mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Moves {
    Classic(Vec<ClassicStep>),
    Stack(Vec<StackStep>),
}

impl Moves {
    pub fn len(&self) -> usize {
        match self {
            Moves::Classic(m) => m.len(),
            Moves::Stack(m) => m.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What a client claims (the envelope's signed payload).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Claim {
    pub v: u32,
    /// The player's public key, 64 hex digits (the envelope's key).
    pub key: String,
    pub name: String,
    /// `YYYY-MM-DD`, UTC.
    pub date: String,
    pub mode: Mode,
    /// Classic: the board shuffles itself when left with no move (the player's setting).
    pub auto_shuffle: bool,
    /// The result: the game time of the last move, ms.
    pub time_ms: u64,
    pub moves: Moves,
}

/// The claim as it arrives: its moves are read by its mode.
#[derive(Deserialize)]
struct ClaimWire {
    v: u32,
    key: String,
    name: String,
    date: String,
    mode: Mode,
    #[serde(default)]
    auto_shuffle: bool,
    time_ms: u64,
    moves: Vec<serde_json::Value>,
}

impl Claim {
    /// The claim in `payload`, or `bad_json` (`too_many_moves` past [`crate::MAX_MOVES`]).
    pub fn parse(payload: &str) -> Result<Claim, ApiError> {
        let bad =
            |e: serde_json::Error| ApiError::new(ErrorCode::BadJson, format!("the claim: {e}"));
        let wire: ClaimWire = serde_json::from_str(payload).map_err(bad)?;
        if wire.v != CLAIM_VERSION {
            return Err(ApiError::new(
                ErrorCode::BadJson,
                format!(
                    "claim version {}; this server reads {CLAIM_VERSION}",
                    wire.v
                ),
            ));
        }
        if wire.moves.len() > crate::MAX_MOVES {
            return Err(ApiError::new(
                ErrorCode::TooManyMoves,
                format!("{} moves; at most {}", wire.moves.len(), crate::MAX_MOVES),
            ));
        }
        let moves = match wire.mode {
            Mode::Classic => Moves::Classic(steps(wire.moves).map_err(bad)?),
            Mode::Stack => Moves::Stack(steps(wire.moves).map_err(bad)?),
        };
        Ok(Claim {
            v: wire.v,
            key: wire.key,
            name: wire.name,
            date: wire.date,
            mode: wire.mode,
            auto_shuffle: wire.auto_shuffle,
            time_ms: wire.time_ms,
            moves,
        })
    }

    /// The claim as JSON text (what is signed and sent).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

fn steps<T: serde::de::DeserializeOwned>(
    values: Vec<serde_json::Value>,
) -> Result<Vec<T>, serde_json::Error> {
    values.into_iter().map(serde_json::from_value).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use llk_engine::classic::Pos;

    fn claim(moves: Moves, mode: Mode) -> Claim {
        Claim {
            v: 1,
            key: "ab".repeat(32),
            name: "Ada".into(),
            date: "2026-12-04".into(),
            mode,
            auto_shuffle: false,
            time_ms: 900,
            moves,
        }
    }

    #[test]
    fn claims_round_trip_in_both_modes() {
        let c = claim(
            Moves::Classic(vec![
                ClassicStep::matched(500, Pos::new(0, 1), Pos::new(3, 1)),
                ClassicStep::shuffled(700),
                ClassicStep::undone(900),
            ]),
            Mode::Classic,
        );
        let text = c.to_json();
        assert!(
            text.contains(r#"{"t":500,"match":[[0,1],[3,1]]}"#),
            "{text}"
        );
        assert_eq!(Claim::parse(&text).unwrap(), c);
        let s = claim(
            Moves::Stack(vec![StackStep::took(300, 17), StackStep::moved_out(900)]),
            Mode::Stack,
        );
        let text = s.to_json();
        assert!(
            text.contains(r#"[{"t":300,"take":17},{"t":900,"move_out":true}]"#),
            "{text}"
        );
        assert_eq!(Claim::parse(&text).unwrap(), s);
    }

    #[test]
    fn moves_of_the_other_mode_and_unknown_fields_are_refused() {
        let s = claim(Moves::Stack(vec![StackStep::took(300, 17)]), Mode::Stack);
        let wrong = s
            .to_json()
            .replace(r#""mode":"stack""#, r#""mode":"classic""#);
        assert_eq!(Claim::parse(&wrong).unwrap_err().error, ErrorCode::BadJson);
        let extra = s
            .to_json()
            .replace(r#""take":17"#, r#""take":17,"cheat":1"#);
        assert_eq!(Claim::parse(&extra).unwrap_err().error, ErrorCode::BadJson);
        let v2 = s.to_json().replace(r#""v":1"#, r#""v":2"#);
        assert_eq!(Claim::parse(&v2).unwrap_err().error, ErrorCode::BadJson);
    }
}
