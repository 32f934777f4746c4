//! Valid signed submissions for the daily challenge, made before any clock starts: one
//! Ed25519 key per player (derived from a salt and the player's index, so runs repeat),
//! the day's winning line from the deal's certificate (classic: the solvable deal's own
//! solution; stack: `StackGame::certificate` of the day's options), and move times at
//! least [`MIN_GAP_MS`] apart with a per-player jitter, so results differ.

use bytes::Bytes;
use llk_engine::classic::{deal, Pos};
use llk_engine::code::daily::{daily_options, UtcDate};
use llk_engine::line::{ClassicStep, StackStep};
use llk_online::{seal, Claim, Mode, Moves, CLAIM_VERSION};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Least time between two moves of a generated line (the API's bounds are 150 ms classic,
/// 100 ms stack).
pub const MIN_GAP_MS: u64 = 400;
/// Most extra time a move gets on top of [`MIN_GAP_MS`].
pub const JITTER_MS: u64 = 400;

/// The day's winning line as positions (classic) or tile ids (stack), without times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Classic(Vec<(Pos, Pos)>),
    Stack(Vec<llk_engine::stack::TileId>),
}

impl Line {
    pub fn len(&self) -> usize {
        match self {
            Line::Classic(m) => m.len(),
            Line::Stack(m) => m.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn mode(&self) -> Mode {
        match self {
            Line::Classic(_) => Mode::Classic,
            Line::Stack(_) => Mode::Stack,
        }
    }
}

/// The winning line of `date`'s deal in `mode`, or why there is none.
pub fn daily_line(date: UtcDate, mode: Mode) -> Result<Line, String> {
    match mode {
        Mode::Classic => {
            let o = daily_options(date);
            let dealt =
                deal(&o.deal_options()).map_err(|e| format!("the daily deal of {date}: {e}"))?;
            let moves = dealt
                .solution
                .ok_or_else(|| format!("the daily deal of {date} has no solution"))?;
            Ok(Line::Classic(moves))
        }
        Mode::Stack => stack_line(date),
    }
}

fn stack_line(date: UtcDate) -> Result<Line, String> {
    let options = llk_engine::code::daily_stack::daily_stack_options(date);
    let game = llk_engine::stack::StackGame::new(options)
        .map_err(|e| format!("the daily stack deal of {date}: {e}"))?;
    let line = game.certificate().to_vec();
    if line.is_empty() {
        return Err(format!("the daily stack deal of {date} has no certificate"));
    }
    Ok(Line::Stack(line))
}

/// Player `index`'s secret key under `salt`.
pub fn secret(salt: u64, index: u64) -> [u8; 32] {
    let mut rng = ChaCha8Rng::seed_from_u64(salt.rotate_left(17) ^ index);
    let mut s = [0u8; 32];
    rng.fill_bytes(&mut s);
    s
}

/// One precomputed submission: the player's public key and the request body.
#[derive(Clone, Debug)]
pub struct Submission {
    pub key: String,
    pub time_ms: u64,
    pub body: Bytes,
}

/// Player `index`'s claim of `line` on `date` (under `salt`), signed.
pub fn submission(line: &Line, date: UtcDate, salt: u64, index: u64) -> Submission {
    let mut rng = ChaCha8Rng::seed_from_u64(salt ^ index.rotate_left(29) ^ 0x5eed);
    let mut t = 0;
    let mut next = || {
        t += MIN_GAP_MS + rng.random_range(0..=JITTER_MS);
        t
    };
    let moves = match line {
        Line::Classic(m) => Moves::Classic(
            m.iter()
                .map(|&(a, b)| ClassicStep::matched(next(), a, b))
                .collect(),
        ),
        Line::Stack(m) => Moves::Stack(m.iter().map(|&id| StackStep::took(next(), id)).collect()),
    };
    let time_ms = t;
    let claim = Claim {
        v: CLAIM_VERSION,
        key: String::new(),
        name: format!("load {index}"),
        date: date.to_string(),
        mode: line.mode(),
        auto_shuffle: false,
        time_ms,
        moves,
    };
    let envelope = seal(&claim, &secret(salt, index));
    let body = serde_json::to_vec(&envelope).unwrap_or_default();
    Submission {
        key: envelope.key,
        time_ms,
        body: Bytes::from(body),
    }
}

/// Players `first..first + count`'s submissions, made on `threads` threads.
pub fn submissions(
    line: &Line,
    date: UtcDate,
    salt: u64,
    first: u64,
    count: u64,
    threads: usize,
) -> Vec<Submission> {
    let threads = threads.max(1) as u64;
    let chunk = count.div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let parts: Vec<_> = (0..threads)
            .map(|i| {
                let lo = first + i * chunk;
                let hi = (lo + chunk).min(first + count);
                s.spawn(move || {
                    (lo..hi)
                        .map(|n| submission(line, date, salt, n))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use llk_online::open;

    fn date() -> UtcDate {
        UtcDate::parse("2026-12-04").unwrap()
    }

    #[test]
    fn classic_submissions_open_and_replay_to_a_win() {
        let line = daily_line(date(), Mode::Classic).unwrap();
        assert_eq!(line.len(), 72, "18x8 is 72 pairs");
        let subs = submissions(&line, date(), 1, 0, 20, 2);
        assert_eq!(subs.len(), 20);
        let mut keys = std::collections::HashSet::new();
        for s in &subs {
            let claim = open(&s.body).unwrap();
            assert_eq!(claim.key, s.key);
            assert_eq!(claim.time_ms, s.time_ms);
            assert!(keys.insert(s.key.clone()), "distinct players");
            let Moves::Classic(steps) = &claim.moves else {
                panic!("classic")
            };
            let mut last = 0;
            for step in steps {
                assert!(step.t - last >= MIN_GAP_MS);
                last = step.t;
            }
            assert_eq!(last, claim.time_ms);
        }
        // The line wins the day's deal: every pair links when played in order.
        let o = daily_options(date());
        let mut game = llk_engine::classic::Game::new(o).unwrap();
        let Line::Classic(pairs) = &line else {
            panic!()
        };
        for (i, &(a, b)) in pairs.iter().enumerate() {
            game.select(a, i as u64 * 1000).unwrap();
            game.select(b, i as u64 * 1000 + 1).unwrap();
        }
        assert_eq!(game.status(), llk_engine::classic::Status::Won);
    }

    #[test]
    fn stack_submissions_replay_to_a_win() {
        let line = daily_line(date(), Mode::Stack).unwrap();
        let s = submission(&line, date(), 1, 5);
        let claim = open(&s.body).unwrap();
        let Moves::Stack(steps) = &claim.moves else {
            panic!("stack")
        };
        assert_eq!(steps.len(), line.len());
        let options = llk_engine::code::daily_stack::daily_stack_options(date());
        let mut game = llk_engine::stack::StackGame::new(options).unwrap();
        for step in steps {
            game.take(step.take.unwrap(), step.t).unwrap();
        }
        assert_eq!(game.status(), llk_engine::stack::game::StackStatus::Won);
    }

    #[test]
    fn same_index_same_submission_other_salt_other_key() {
        let line = daily_line(date(), Mode::Classic).unwrap();
        let a = submission(&line, date(), 7, 3);
        let b = submission(&line, date(), 7, 3);
        let c = submission(&line, date(), 8, 3);
        assert_eq!(a.body, b.body);
        assert_ne!(a.key, c.key);
    }
}
