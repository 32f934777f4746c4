//! Storage: the one trait both databases implement (`sqlite`, `postgres`), what a batch of
//! verified results writes (a pure plan both apply, so the two cannot disagree), and the
//! ranking recomputed from the stored submissions alone (what the tests hold the
//! leaderboard to).
//!
//! Tables (docs/SERVER.md lists every column): `players` (key, name, name_updated),
//! `submissions` (every accepted result with its signed payload and signature, unique by
//! the payload's SHA-256), `best` (a player's best per date and mode) and `tally` (how many
//! bests per date, mode, props and tenth of a second of time) and `tally_ms` (the same per
//! exact millisecond): a rank is two short sums over these (`tally`), never a count over
//! the whole board.

pub mod postgres;
pub mod sqlite;
pub mod tally;

pub use tally::{bucket, bucket_start, Board, Tallies, BUCKET_MS};

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use async_trait::async_trait;
use llk_online::answer::top_percent;
use llk_online::{Entry, Leaderboard, Mode, You};

/// Why the database failed (answered as `unavailable`, logged).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("sqlite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("postgres: {}", pg_detail(.0))]
    Postgres(#[from] tokio_postgres::Error),
    #[error("postgres pool: {0}")]
    Pool(String),
    #[error("the database URL {0:?} is neither sqlite:// nor postgres://")]
    Url(String),
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("a database task stopped: {0}")]
    Task(String),
    #[error("stored data is not what this server writes: {0}")]
    Corrupt(String),
}

/// A PostgreSQL error with the server's own message when there is one.
fn pg_detail(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{} ({})", db.message(), db.code().code()),
        None => e.to_string(),
    }
}

/// A result that passed every check, ready to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    pub date: String,
    pub mode: Mode,
    /// The player's key, lowercase hex.
    pub key: String,
    /// The display name, NFC.
    pub name: String,
    pub time_ms: u64,
    pub props: bool,
    /// The claim exactly as signed, and the signature (hex): enough to verify it again.
    pub payload: String,
    pub sig: String,
    /// SHA-256 of the payload: a repeated submission is the same row.
    pub digest: Vec<u8>,
    /// Milliseconds since 1970, server clock.
    pub received_at: i64,
}

/// A result's score: fewer props first, then less time. Lower is better.
pub type Score = (bool, u64);

/// What storing one accepted result did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    /// A new submission (false: the same payload was stored before).
    pub stored: bool,
    /// It became the player's best.
    pub improved: bool,
    /// The player's best after it.
    pub best: Score,
}

/// A board's size and one score's place on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub rank: u64,
    pub finishers: u64,
}

/// A stored submission (the tests' view of the `submissions` table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    pub date: String,
    pub mode: String,
    pub key: String,
    pub time_ms: u64,
    pub props: bool,
    pub payload: String,
    pub sig: String,
    pub received_at: i64,
}

/// The storage both databases implement.
#[async_trait]
pub trait Store: Send + Sync {
    /// `sqlite` or `postgres` (the health answer).
    fn kind(&self) -> &'static str;
    /// Stores `batch` in ONE transaction, durable (fsync / commit) before it returns, and
    /// says what each result did with the standing of the player's best, read in that
    /// transaction after its writes.
    async fn write_batch(
        &self,
        batch: Vec<Accepted>,
    ) -> Result<Vec<(Written, Standing)>, StoreError>;
    /// A board's top `limit` and `key`'s place on it.
    async fn leaderboard(
        &self,
        date: &str,
        mode: Mode,
        limit: usize,
        key: Option<&str>,
    ) -> Result<Leaderboard, StoreError>;
    /// Every stored submission, oldest first (tests, re-verification).
    async fn submissions(&self) -> Result<Vec<Stored>, StoreError>;
}

/// Opens `url` (`sqlite://PATH` or `postgres://…`), migrating its schema.
pub async fn open(url: &str) -> Result<Arc<dyn Store>, StoreError> {
    if let Some(path) = url.strip_prefix("sqlite://") {
        Ok(Arc::new(sqlite::SqliteStore::open(path).await?))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(Arc::new(postgres::PgStore::open(url).await?))
    } else {
        Err(StoreError::Url(url.chars().take(80).collect()))
    }
}

/// The migrations a database at schema `version` still needs (`migrations` is the store's
/// list, oldest first); a version newer than the list (a newer server wrote it) is refused.
pub fn pending<'a>(migrations: &'a [&'a str], version: i64) -> Result<&'a [&'a str], StoreError> {
    let version = usize::try_from(version).unwrap_or(0);
    migrations.get(version..).ok_or_else(|| {
        StoreError::Corrupt(format!(
            "schema version {version} is newer than this server's {}",
            migrations.len()
        ))
    })
}

/// A board (date, mode) and a player on it.
pub type BestKey = (String, Mode, String);

/// One best to insert or replace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestWrite {
    pub date: String,
    pub mode: Mode,
    pub key: String,
    pub score: Score,
    pub achieved_at: i64,
}

/// What a batch writes once its submissions are inserted.
#[derive(Debug, Default)]
pub struct Plan {
    /// Bests to upsert, in (date, mode, key) order.
    pub bests: Vec<BestWrite>,
    /// Tally changes: (date, mode, props, bucket) -> added count, in key order.
    pub tally: BTreeMap<(String, Mode, bool, i64), i64>,
    /// The same per exact time: (date, mode, props, time_ms) -> added count.
    pub fine: BTreeMap<(String, Mode, bool, i64), i64>,
    /// Names to set: key -> (name, when), in key order.
    pub players: BTreeMap<String, (String, i64)>,
    /// Per batch item, in the batch's order.
    pub written: Vec<Written>,
}

impl Plan {
    /// Adds `n` bests of `score` to a board's two tallies.
    fn count(&mut self, date: &str, mode: Mode, score: Score, n: i64) {
        let (props, t) = score;
        *self
            .tally
            .entry((date.to_string(), mode, props, bucket(t)))
            .or_default() += n;
        *self
            .fine
            .entry((date.to_string(), mode, props, to_i64(t)))
            .or_default() += n;
    }

    /// The board of each batch item, in the batch's order.
    pub fn boards(batch: &[Accepted]) -> Vec<Board> {
        batch.iter().map(|a| (a.date.clone(), a.mode)).collect()
    }
}

/// The writes of `batch`, given which of its submissions were new (`inserted`) and the
/// bests stored before it (`current`). Pure: both databases apply its result.
pub fn plan(batch: &[Accepted], inserted: &[bool], current: &HashMap<BestKey, Score>) -> Plan {
    let mut out = Plan::default();
    let mut bests: BTreeMap<BestKey, (Score, i64)> = BTreeMap::new();
    for (a, &new) in batch.iter().zip(inserted) {
        let k: BestKey = (a.date.clone(), a.mode, a.key.clone());
        let before = bests
            .get(&k)
            .map(|b| b.0)
            .or_else(|| current.get(&k).copied());
        let score = (a.props, a.time_ms);
        let improved = new && before.is_none_or(|b| score < b);
        if improved {
            if let Some((p, t)) = before {
                out.count(&a.date, a.mode, (p, t), -1);
            }
            out.count(&a.date, a.mode, score, 1);
            bests.insert(k, (score, a.received_at));
        }
        if new {
            let later = out
                .players
                .get(&a.key)
                .is_none_or(|(_, at)| a.received_at >= *at);
            if later {
                out.players
                    .insert(a.key.clone(), (a.name.clone(), a.received_at));
            }
        }
        out.written.push(Written {
            stored: new,
            improved,
            best: if improved {
                score
            } else {
                before.unwrap_or(score)
            },
        });
    }
    out.tally.retain(|_, n| *n != 0);
    out.fine.retain(|_, n| *n != 0);
    out.bests = bests
        .into_iter()
        .map(|((date, mode, key), (score, achieved_at))| BestWrite {
            date,
            mode,
            key,
            score,
            achieved_at,
        })
        .collect();
    out
}

/// One player's place as recomputed from the submissions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recomputed {
    pub key: String,
    pub score: Score,
    pub rank: u64,
}

/// Every board ranked from the stored submissions alone: each player's best (fewest props,
/// then least time), ranked 1 + the number strictly better, listed best first (ties by key).
pub fn recompute(submissions: &[Stored]) -> BTreeMap<(String, String), Vec<Recomputed>> {
    let mut bests: BTreeMap<(String, String), HashMap<String, Score>> = BTreeMap::new();
    for s in submissions {
        let board = bests.entry((s.date.clone(), s.mode.clone())).or_default();
        let score = (s.props, s.time_ms);
        let best = board.entry(s.key.clone()).or_insert(score);
        if score < *best {
            *best = score;
        }
    }
    bests
        .into_iter()
        .map(|(board, players)| {
            let mut rows: Vec<(Score, String)> = players.into_iter().map(|(k, s)| (s, k)).collect();
            rows.sort();
            let ranked = rows
                .iter()
                .map(|(score, key)| Recomputed {
                    key: key.clone(),
                    score: *score,
                    rank: 1 + rows.partition_point(|(s, _)| s < score) as u64,
                })
                .collect();
            (board, ranked)
        })
        .collect()
}

/// The ranks of a board's top rows (sorted best first): ties share the first one's rank.
pub fn rank_sorted(scores: &[Score]) -> Vec<u64> {
    let mut ranks = Vec::with_capacity(scores.len());
    for (i, s) in scores.iter().enumerate() {
        let rank = match (i.checked_sub(1), ranks.last()) {
            (Some(j), Some(&r)) if scores[j] == *s => r,
            _ => i as u64 + 1,
        };
        ranks.push(rank);
    }
    ranks
}

/// A count or time as the databases store it (BIGINT; absurd times saturate).
pub fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// A stored count or time (never negative as written).
pub fn to_u64(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

/// A board's answer from its top rows (best first: props, time, name), its finishers and
/// the caller's best with its standing.
pub fn assemble(
    date: &str,
    mode: Mode,
    rows: Vec<(bool, u64, String)>,
    finishers: u64,
    mine: Option<(Score, Standing)>,
) -> Leaderboard {
    let scores: Vec<Score> = rows.iter().map(|r| (r.0, r.1)).collect();
    let top = rows
        .into_iter()
        .zip(rank_sorted(&scores))
        .map(|((props, time_ms, name), rank)| Entry {
            rank,
            name,
            time_ms,
            props,
        })
        .collect();
    let you = mine.map(|((props, time_ms), s)| You {
        rank: s.rank,
        time_ms,
        props,
        top_percent: top_percent(s.rank, s.finishers),
    });
    Leaderboard {
        date: date.to_string(),
        mode,
        finishers,
        top,
        you,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn pending_migrations_follow_the_schema_version() {
        let m = ["a", "b", "c"];
        assert_eq!(pending(&m, 0).unwrap(), &["a", "b", "c"]);
        assert_eq!(pending(&m, 2).unwrap(), &["c"]);
        assert!(pending(&m, 3).unwrap().is_empty());
        assert!(matches!(pending(&m, 4), Err(StoreError::Corrupt(_))));
        assert_eq!(
            pending(&m, -1).unwrap().len(),
            3,
            "a negative version is read as none"
        );
    }

    use super::*;

    fn acc(key: &str, props: bool, t: u64, at: i64) -> Accepted {
        Accepted {
            date: "2026-12-04".into(),
            mode: Mode::Classic,
            key: key.into(),
            name: format!("{key}{at}"),
            time_ms: t,
            props,
            payload: String::new(),
            sig: String::new(),
            digest: vec![at as u8],
            received_at: at,
        }
    }

    #[test]
    fn plans_keep_bests_and_tallies() {
        let batch = [
            acc("a", false, 5_000, 1),
            acc("a", false, 4_200, 2),
            acc("a", true, 1_000, 3),
            acc("b", true, 9_000, 4),
            acc("c", false, 7_000, 5),
        ];
        let mut current = HashMap::new();
        current.insert(
            ("2026-12-04".into(), Mode::Classic, "c".into()),
            (false, 6_000),
        );
        let p = plan(&batch, &[true, true, true, true, false], &current);
        let improved: Vec<bool> = p.written.iter().map(|w| w.improved).collect();
        assert_eq!(improved, [true, true, false, true, false]);
        assert_eq!(p.written[2].best, (false, 4_200));
        assert_eq!(p.written[4].best, (false, 6_000));
        assert_eq!(p.bests.len(), 2);
        let d = "2026-12-04".to_string();
        assert_eq!(
            p.tally.get(&(d.clone(), Mode::Classic, false, 42)),
            Some(&1)
        );
        assert_eq!(
            p.tally.get(&(d.clone(), Mode::Classic, false, 50)),
            None,
            "+1 -1"
        );
        assert_eq!(p.tally.get(&(d.clone(), Mode::Classic, true, 90)), Some(&1));
        let fine: Vec<_> = p.fine.iter().map(|(k, n)| (k.2, k.3, *n)).collect();
        assert_eq!(
            fine,
            [(false, 4_200, 1), (true, 9_000, 1)],
            "+1 -1 per time"
        );
        assert_eq!(p.players["a"].0, "a3", "the latest name");
        assert!(!p.players.contains_key("c"), "a repeat names nobody");
    }

    #[test]
    fn ranks_share_ties() {
        let s = [(false, 1), (false, 2), (false, 2), (true, 0)];
        assert_eq!(rank_sorted(&s), [1, 2, 2, 4]);
        let stored = |key: &str, props, t| Stored {
            date: "d".into(),
            mode: "classic".into(),
            key: key.into(),
            time_ms: t,
            props,
            payload: String::new(),
            sig: String::new(),
            received_at: 0,
        };
        let r = recompute(&[
            stored("x", true, 10),
            stored("y", false, 50),
            stored("x", false, 50),
            stored("z", false, 20),
        ]);
        let board = &r[&("d".to_string(), "classic".to_string())];
        let ranks: Vec<(&str, u64)> = board.iter().map(|r| (r.key.as_str(), r.rank)).collect();
        assert_eq!(ranks, [("z", 1), ("x", 2), ("y", 2)]);
    }
}
