//! The SQLite store: one file in WAL mode with `synchronous=FULL` (a commit is fsynced
//! before it returns), one writing connection (the group-commit writer's) and a few
//! reading ones, all used on blocking threads.

use std::collections::hash_map::Entry as Slot;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use async_trait::async_trait;
use llk_online::{Leaderboard, Mode};
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};

use super::tally::{place, wanted};
use super::{
    assemble, bucket, bucket_start, plan, to_i64, to_u64, Accepted, BestKey, Board, Plan, Score,
    Standing, Store, StoreError, Stored, Tallies, Written, BUCKET_MS,
};

/// Reads at once (each on its own connection, kept open between requests): more than a
/// few per core only adds waiting inside SQLite.
const READERS: usize = 8;

/// The schema, one migration per entry (entry i takes the schema to version i + 1).
const MIGRATIONS: &[&str] = &[
    "
CREATE TABLE players (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_updated INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE submissions (
    id INTEGER PRIMARY KEY,
    digest BLOB NOT NULL UNIQUE,
    date TEXT NOT NULL,
    mode TEXT NOT NULL,
    key TEXT NOT NULL,
    time_ms INTEGER NOT NULL,
    props INTEGER NOT NULL,
    payload TEXT NOT NULL,
    sig TEXT NOT NULL,
    received_at INTEGER NOT NULL
);
CREATE TABLE best (
    date TEXT NOT NULL,
    mode TEXT NOT NULL,
    key TEXT NOT NULL,
    props INTEGER NOT NULL,
    time_ms INTEGER NOT NULL,
    achieved_at INTEGER NOT NULL,
    PRIMARY KEY (date, mode, key)
) WITHOUT ROWID;
CREATE INDEX best_rank ON best (date, mode, props, time_ms, achieved_at, key);
CREATE TABLE tally (
    date TEXT NOT NULL,
    mode TEXT NOT NULL,
    props INTEGER NOT NULL,
    bucket INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (date, mode, props, bucket)
) WITHOUT ROWID;
",
    "
CREATE TABLE tally_ms (
    date TEXT NOT NULL,
    mode TEXT NOT NULL,
    props INTEGER NOT NULL,
    time_ms INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (date, mode, props, time_ms)
) WITHOUT ROWID;
INSERT INTO tally_ms (date, mode, props, time_ms, n)
    SELECT date, mode, props, time_ms, COUNT(*) FROM best GROUP BY date, mode, props, time_ms;
",
];

pub struct SqliteStore {
    path: String,
    writer: Arc<Mutex<Connection>>,
    readers: Arc<Mutex<Vec<Connection>>>,
    reading: Arc<tokio::sync::Semaphore>,
}

fn connect(path: &str) -> Result<Connection, rusqlite::Error> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    Ok(conn)
}

fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute_batch("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")?;
    let version: i64 = tx
        .query_row("SELECT version FROM schema_version", [], |r| r.get(0))
        .optional()?
        .unwrap_or(0);
    for m in super::pending(MIGRATIONS, version)? {
        tx.execute_batch(m)?;
    }
    tx.execute("DELETE FROM schema_version", [])?;
    tx.execute(
        "INSERT INTO schema_version (version) VALUES (?1)",
        [MIGRATIONS.len() as i64],
    )?;
    tx.commit()?;
    Ok(())
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| StoreError::Task(e.to_string()))?
}

impl SqliteStore {
    pub async fn open(path: &str) -> Result<SqliteStore, StoreError> {
        let path = path.to_string();
        let p = path.clone();
        let writer = blocking(move || {
            if let Some(dir) = Path::new(&p).parent() {
                if !dir.as_os_str().is_empty() {
                    std::fs::create_dir_all(dir)?;
                }
            }
            let mut conn = connect(&p)?;
            migrate(&mut conn)?;
            Ok(conn)
        })
        .await?;
        Ok(SqliteStore {
            path,
            writer: Arc::new(Mutex::new(writer)),
            readers: Arc::new(Mutex::new(Vec::new())),
            reading: Arc::new(tokio::sync::Semaphore::new(READERS)),
        })
    }

    /// Runs `f` on a reading connection on a blocking thread.
    async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let readers = self.readers.clone();
        let path = self.path.clone();
        let _turn = self
            .reading
            .acquire()
            .await
            .map_err(|e| StoreError::Task(e.to_string()))?;
        blocking(move || {
            let pooled = readers.lock().unwrap_or_else(PoisonError::into_inner).pop();
            let mut conn = match pooled {
                Some(c) => c,
                None => connect(&path)?,
            };
            let out = f(&mut conn);
            let mut kept = readers.lock().unwrap_or_else(PoisonError::into_inner);
            if kept.len() < READERS {
                kept.push(conn);
            }
            out
        })
        .await
    }
}

fn write(
    conn: &mut Connection,
    batch: &[Accepted],
) -> Result<Vec<(Written, Standing)>, StoreError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let mut inserted = Vec::with_capacity(batch.len());
    let mut current: HashMap<BestKey, Score> = HashMap::new();
    {
        let mut insert = tx.prepare_cached(
            "INSERT INTO submissions (digest, date, mode, key, time_ms, props, payload, sig,
             received_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
             ON CONFLICT (digest) DO NOTHING",
        )?;
        let mut best = tx.prepare_cached(
            "SELECT props, time_ms FROM best WHERE date = ?1 AND mode = ?2 AND key = ?3",
        )?;
        for a in batch {
            let n = insert.execute(params![
                a.digest,
                a.date,
                a.mode.as_str(),
                a.key,
                to_i64(a.time_ms),
                a.props,
                a.payload,
                a.sig,
                a.received_at
            ])?;
            inserted.push(n == 1);
            let k: BestKey = (a.date.clone(), a.mode, a.key.clone());
            if let Slot::Vacant(slot) = current.entry(k) {
                let found: Option<(bool, i64)> = best
                    .query_row(params![a.date, a.mode.as_str(), a.key], |r| {
                        Ok((r.get(0)?, r.get(1)?))
                    })
                    .optional()?;
                if let Some((p, t)) = found {
                    slot.insert((p, to_u64(t)));
                }
            }
        }
    }
    let p = plan(batch, &inserted, &current);
    {
        let mut upsert = tx.prepare_cached(
            "INSERT INTO best (date, mode, key, props, time_ms, achieved_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (date, mode, key) DO UPDATE SET props = excluded.props,
             time_ms = excluded.time_ms, achieved_at = excluded.achieved_at",
        )?;
        for b in &p.bests {
            upsert.execute(params![
                b.date,
                b.mode.as_str(),
                b.key,
                b.score.0,
                to_i64(b.score.1),
                b.achieved_at
            ])?;
        }
        let mut tally = tx.prepare_cached(
            "INSERT INTO tally (date, mode, props, bucket, n) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (date, mode, props, bucket) DO UPDATE SET n = n + excluded.n",
        )?;
        for ((date, mode, props, sec), n) in &p.tally {
            tally.execute(params![date, mode.as_str(), props, sec, n])?;
        }
        let mut fine = tx.prepare_cached(
            "INSERT INTO tally_ms (date, mode, props, time_ms, n) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (date, mode, props, time_ms) DO UPDATE SET n = n + excluded.n",
        )?;
        for ((date, mode, props, t), n) in &p.fine {
            fine.execute(params![date, mode.as_str(), props, t, n])?;
        }
        let mut player = tx.prepare_cached(
            "INSERT INTO players (key, name, name_updated) VALUES (?1, ?2, ?3)
             ON CONFLICT (key) DO UPDATE SET name = excluded.name,
             name_updated = excluded.name_updated WHERE excluded.name_updated >= name_updated",
        )?;
        for (key, (name, at)) in &p.players {
            player.execute(params![key, name, at])?;
        }
    }
    let boards = Plan::boards(batch);
    let mut read = BTreeMap::new();
    for (board, buckets) in wanted(&boards, &p.written) {
        let t = tallies(&tx, &board, &buckets)?;
        read.insert(board, t);
    }
    tx.commit()?;
    Ok(place(&boards, p.written, &read))
}

/// A board's coarse tally and the exact times of `buckets` (props, bucket).
fn tallies(
    conn: &Connection,
    board: &Board,
    buckets: &BTreeSet<(bool, i64)>,
) -> Result<Tallies, StoreError> {
    let (date, mode) = (board.0.as_str(), board.1.as_str());
    let mut out = Tallies::default();
    let mut coarse =
        conn.prepare_cached("SELECT props, bucket, n FROM tally WHERE date = ?1 AND mode = ?2")?;
    for r in coarse.query_map(params![date, mode], |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
    })? {
        let (props, b, n): (bool, i64, i64) = r?;
        out.coarse.insert((props, b), n);
    }
    let mut fine = conn.prepare_cached(
        "SELECT time_ms, n FROM tally_ms WHERE date = ?1 AND mode = ?2 AND props = ?3
         AND time_ms >= ?4 AND time_ms < ?5",
    )?;
    for &(props, b) in buckets {
        let lo = bucket_start(b);
        let hi = lo.saturating_add(BUCKET_MS as i64);
        for r in fine.query_map(params![date, mode, props, lo, hi], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })? {
            let (t, n): (i64, i64) = r?;
            out.fine.insert((props, t), n);
        }
    }
    Ok(out)
}

fn leaderboard(
    conn: &mut Connection,
    date: &str,
    mode: Mode,
    limit: usize,
    key: Option<&str>,
) -> Result<Leaderboard, StoreError> {
    let tx = conn.transaction()?;
    let m = mode.as_str();
    let rows: Vec<(bool, i64, String)> = {
        let mut q = tx.prepare_cached(
            "SELECT t.props, t.time_ms, p.name FROM (SELECT key, props, time_ms, achieved_at
               FROM best WHERE date = ?1 AND mode = ?2
               ORDER BY props, time_ms, achieved_at, key LIMIT ?3) t
             JOIN players p ON p.key = t.key
             ORDER BY t.props, t.time_ms, t.achieved_at, t.key",
        )?;
        let rows = q.query_map(params![date, m, limit as i64], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })?;
        rows.collect::<Result<_, _>>()?
    };
    let mine: Option<(bool, i64)> = match key {
        Some(k) => tx
            .prepare_cached(
                "SELECT props, time_ms FROM best WHERE date = ?1 AND mode = ?2 AND key = ?3",
            )?
            .query_row(params![date, m, k], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?,
        None => None,
    };
    let mine: Option<Score> = mine.map(|(props, t)| (props, to_u64(t)));
    let buckets = mine.iter().map(|s| (s.0, bucket(s.1))).collect();
    let counts = tallies(&tx, &(date.to_string(), mode), &buckets)?;
    let mine = mine.map(|score| (score, counts.standing(score)));
    let finishers = counts.finishers();
    tx.commit()?;
    let rows = rows
        .into_iter()
        .map(|(props, t, name)| (props, to_u64(t), name))
        .collect();
    Ok(assemble(date, mode, rows, finishers, mine))
}

#[async_trait]
impl Store for SqliteStore {
    fn kind(&self) -> &'static str {
        "sqlite"
    }

    async fn write_batch(
        &self,
        batch: Vec<Accepted>,
    ) -> Result<Vec<(Written, Standing)>, StoreError> {
        let writer = self.writer.clone();
        blocking(move || {
            let mut conn = writer.lock().unwrap_or_else(PoisonError::into_inner);
            write(&mut conn, &batch)
        })
        .await
    }

    async fn leaderboard(
        &self,
        date: &str,
        mode: Mode,
        limit: usize,
        key: Option<&str>,
    ) -> Result<Leaderboard, StoreError> {
        let date = date.to_string();
        let key = key.map(str::to_string);
        self.read(move |c| leaderboard(c, &date, mode, limit, key.as_deref()))
            .await
    }

    async fn submissions(&self) -> Result<Vec<Stored>, StoreError> {
        self.read(|c| {
            let mut q = c.prepare(
                "SELECT date, mode, key, time_ms, props, payload, sig, received_at
                 FROM submissions ORDER BY id",
            )?;
            let rows = q.query_map([], |r| {
                Ok(Stored {
                    date: r.get(0)?,
                    mode: r.get(1)?,
                    key: r.get(2)?,
                    time_ms: to_u64(r.get(3)?),
                    props: r.get(4)?,
                    payload: r.get(5)?,
                    sig: r.get(6)?,
                    received_at: r.get(7)?,
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database written by the first schema (bests, no exact-time tally) ranks exactly
    /// once opened: the migration counts its bests into `tally_ms`.
    #[tokio::test]
    async fn an_old_database_gains_its_exact_tally() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v1.db");
        let path = path.to_str().unwrap();
        {
            let conn = connect(path).unwrap();
            conn.execute_batch(MIGRATIONS[0]).unwrap();
            conn.execute_batch(
                "CREATE TABLE schema_version (version INTEGER NOT NULL);
                 INSERT INTO schema_version VALUES (1);
                 INSERT INTO players VALUES ('a', 'A', 1), ('b', 'B', 1), ('c', 'C', 1);
                 INSERT INTO best VALUES ('2026-12-04', 'classic', 'a', 0, 4250, 1),
                   ('2026-12-04', 'classic', 'b', 0, 4210, 1),
                   ('2026-12-04', 'classic', 'c', 0, 4210, 1);
                 INSERT INTO tally VALUES ('2026-12-04', 'classic', 0, 42, 3);",
            )
            .unwrap();
        }
        let store = SqliteStore::open(path).await.unwrap();
        let board = store
            .leaderboard("2026-12-04", Mode::Classic, 10, Some("a"))
            .await
            .unwrap();
        assert_eq!(board.finishers, 3);
        assert_eq!(
            board.you.map(|y| y.rank),
            Some(3),
            "two in its bucket before it"
        );
    }
}
