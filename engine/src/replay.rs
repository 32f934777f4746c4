//! Verifying a claimed line of play (the daily challenge, docs/api.md): what both modes
//! share. The refusals ([`ReplayError`], each with its API code), what a verified line
//! gives ([`Replayed`]), the human bounds on the time between moves and the timing check,
//! which runs before any move is replayed. Replaying the moves is each mode's own
//! (`classic::replay`, `stack::replay`).

use thiserror::Error;

use crate::line::{ClassicStep, StackStep};

/// Least game time between two classic moves (a match is two taps), and before the first.
pub const CLASSIC_MIN_GAP_MS: u64 = 150;
/// Least game time between two stack moves, and before the first.
pub const STACK_MIN_GAP_MS: u64 = 100;
/// Most moves a line may have.
pub const MAX_LINE: usize = 4000;

/// Why a claimed line is refused. [`ReplayError::code`] is the API's error code.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    #[error("the line has {moves} moves; at most {max} are accepted")]
    TooManyMoves { moves: usize, max: usize },
    #[error("move {index} at {t} ms comes {gap} ms after the one before; a person needs at least {min} ms")]
    TooFast {
        index: usize,
        t: u64,
        gap: u64,
        min: u64,
    },
    #[error("move {index} at {t} ms comes before the move before it ({previous} ms): game times never fall")]
    BadTimes { index: usize, t: u64, previous: u64 },
    #[error("the claimed time {claimed} ms is not the last move's time {last} ms")]
    TimeMismatch { claimed: u64, last: u64 },
    #[error("move {index} is not legal: {reason}")]
    IllegalMove { index: usize, reason: String },
    #[error("the line does not win the game: {reason}")]
    NotWon { reason: String },
}

impl ReplayError {
    /// The stable code of docs/api.md for this refusal.
    pub fn code(&self) -> &'static str {
        match self {
            ReplayError::TooManyMoves { .. } => "too_many_moves",
            ReplayError::TooFast { .. } => "too_fast",
            ReplayError::BadTimes { .. } => "bad_times",
            ReplayError::TimeMismatch { .. } => "time_mismatch",
            ReplayError::IllegalMove { .. } => "illegal_move",
            ReplayError::NotWon { .. } => "not_won",
        }
    }

    /// Move `index` is refused for `reason`.
    pub(crate) fn illegal(index: usize, reason: impl std::fmt::Display) -> ReplayError {
        ReplayError::IllegalMove {
            index,
            reason: reason.to_string(),
        }
    }
}

/// A verified winning line: the result (the last move's time), whether a prop was used
/// (classic: shuffle or undo; stack: move-out, shuffle or undo) and how many moves it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replayed {
    pub time_ms: u64,
    pub props: bool,
    pub moves: usize,
}

/// A move with its game time.
pub trait Timed {
    fn time_ms(&self) -> u64;
}

impl Timed for ClassicStep {
    fn time_ms(&self) -> u64 {
        self.t
    }
}

impl Timed for StackStep {
    fn time_ms(&self) -> u64 {
        self.t
    }
}

/// The timing rules, in the API's order: at most [`MAX_LINE`] moves; an empty line wins
/// nothing (`not_won`); every move's time rises at least `min_gap` above the one before
/// (the first above 0), checked over the whole line first (`too_fast`: a time that rises,
/// or stays, but too little); then no time falls (`bad_times`); then `claimed_ms` is the
/// last move's time (`time_mismatch`).
pub fn check_timing<S: Timed>(
    steps: &[S],
    claimed_ms: u64,
    min_gap: u64,
) -> Result<(), ReplayError> {
    if steps.len() > MAX_LINE {
        return Err(ReplayError::TooManyMoves {
            moves: steps.len(),
            max: MAX_LINE,
        });
    }
    let Some(last) = steps.last().map(Timed::time_ms) else {
        return Err(ReplayError::NotWon {
            reason: "the line has no moves".into(),
        });
    };
    let gaps = || {
        steps.iter().enumerate().scan(0u64, |previous, (index, s)| {
            let t = s.time_ms();
            let before = std::mem::replace(previous, t);
            Some((index, t, before))
        })
    };
    if let Some((index, t, before)) =
        gaps().find(|&(_, t, before)| t >= before && t - before < min_gap)
    {
        return Err(ReplayError::TooFast {
            index,
            t,
            gap: t - before,
            min: min_gap,
        });
    }
    if let Some((index, t, previous)) = gaps().find(|&(_, t, before)| t < before) {
        return Err(ReplayError::BadTimes { index, t, previous });
    }
    if claimed_ms != last {
        return Err(ReplayError::TimeMismatch {
            claimed: claimed_ms,
            last,
        });
    }
    Ok(())
}

/// Helpers the replay tests of both modes share.
#[cfg(test)]
pub(crate) mod test_support {
    use super::{ReplayError, Timed};

    /// The same moves one second apart (after a mutation), and the last time.
    pub fn retimed<S: Timed + Copy>(steps: &[S], set: impl Fn(&mut S, u64)) -> (Vec<S>, u64) {
        let mut out = steps.to_vec();
        for (i, s) in out.iter_mut().enumerate() {
            set(s, 1000 * (i as u64 + 1));
        }
        let last = out.last().map_or(0, Timed::time_ms);
        (out, last)
    }

    /// `ok` or the refusal's code.
    pub fn code<T>(r: Result<T, ReplayError>) -> &'static str {
        r.map_or_else(|e| e.code(), |_| "ok")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(times: &[u64]) -> Vec<StackStep> {
        times.iter().map(|&t| StackStep::moved_out(t)).collect()
    }

    fn check(times: &[u64], claimed: u64) -> Result<(), &'static str> {
        check_timing(&line(times), claimed, 100).map_err(|e| e.code())
    }

    #[test]
    fn timing_rules_and_their_order() {
        assert_eq!(check(&[100, 200, 350], 350), Ok(()));
        assert_eq!(check(&[], 0), Err("not_won"));
        assert_eq!(check(&[99, 200], 200), Err("too_fast"), "the first after 0");
        assert_eq!(check(&[0], 0), Err("too_fast"));
        assert_eq!(check(&[100, 199], 199), Err("too_fast"));
        assert_eq!(check(&[100, 100], 100), Err("too_fast"), "an equal time");
        assert_eq!(check(&[500, 400, 700], 700), Err("bad_times"));
        // Too fast anywhere comes before falling anywhere (the API's order).
        assert_eq!(check(&[500, 400, 700, 720], 720), Err("too_fast"));
        assert_eq!(check(&[100, 200], 201), Err("time_mismatch"));
        assert_eq!(check(&[100, 200], 100), Err("time_mismatch"));
        let long: Vec<u64> = (1..=MAX_LINE as u64 + 1).map(|i| i * 1000).collect();
        assert_eq!(check(&long, *long.last().unwrap()), Err("too_many_moves"));
        assert_eq!(check(&long[..MAX_LINE], MAX_LINE as u64 * 1000), Ok(()));
        // u64 extremes neither overflow nor pass.
        assert_eq!(check(&[u64::MAX, 100], 100), Err("bad_times"));
        assert_eq!(check(&[100, u64::MAX], u64::MAX), Ok(()));
    }

    #[test]
    fn codes_are_the_api_codes() {
        let all = [
            ReplayError::TooManyMoves { moves: 1, max: 0 },
            ReplayError::TooFast {
                index: 0,
                t: 0,
                gap: 0,
                min: 1,
            },
            ReplayError::BadTimes {
                index: 1,
                t: 0,
                previous: 1,
            },
            ReplayError::TimeMismatch {
                claimed: 0,
                last: 1,
            },
            ReplayError::illegal(0, "x"),
            ReplayError::NotWon { reason: "x".into() },
        ];
        let codes: Vec<&str> = all.iter().map(ReplayError::code).collect();
        assert_eq!(
            codes,
            [
                "too_many_moves",
                "too_fast",
                "bad_times",
                "time_mismatch",
                "illegal_move",
                "not_won"
            ]
        );
    }
}
