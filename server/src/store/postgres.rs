//! The PostgreSQL store (tokio-postgres with a deadpool pool). A batch is one transaction
//! that first takes a transaction-scoped advisory lock per board it touches (in order), so
//! any number of `llk-server` processes on one database write each board one at a time
//! and read-then-write is exact; reads run in a repeatable-read snapshot.

use std::collections::{BTreeSet, HashMap};

use async_trait::async_trait;
use deadpool_postgres::{Config, GenericClient, Pool, Runtime};
use llk_online::{answer::top_percent, Entry, Leaderboard, Mode, You};
use tokio_postgres::error::SqlState;
use tokio_postgres::{IsolationLevel, NoTls};

use super::{
    plan, rank_sorted, second, Accepted, BestKey, Score, Standing, Store, StoreError, Stored,
    Written,
};

/// Attempts of a batch that hit a deadlock or a serialization failure.
const ATTEMPTS: usize = 5;

/// The schema, one migration per entry (entry i takes the schema to version i + 1).
const MIGRATIONS: &[&str] = &["
CREATE TABLE players (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_updated BIGINT NOT NULL
);
CREATE TABLE submissions (
    id BIGSERIAL PRIMARY KEY,
    digest BYTEA NOT NULL UNIQUE,
    date TEXT NOT NULL,
    mode TEXT NOT NULL,
    key TEXT NOT NULL,
    time_ms BIGINT NOT NULL,
    props BOOLEAN NOT NULL,
    payload TEXT NOT NULL,
    sig TEXT NOT NULL,
    received_at BIGINT NOT NULL
);
CREATE TABLE best (
    date TEXT NOT NULL,
    mode TEXT NOT NULL,
    key TEXT NOT NULL,
    props BOOLEAN NOT NULL,
    time_ms BIGINT NOT NULL,
    achieved_at BIGINT NOT NULL,
    PRIMARY KEY (date, mode, key)
);
CREATE INDEX best_rank ON best (date, mode, props, time_ms, achieved_at, key);
CREATE TABLE tally (
    date TEXT NOT NULL,
    mode TEXT NOT NULL,
    props BOOLEAN NOT NULL,
    second BIGINT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (date, mode, props, second)
);
"];

pub struct PgStore {
    pool: Pool,
}

fn pool_err(e: impl std::fmt::Display) -> StoreError {
    StoreError::Pool(e.to_string())
}

fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

fn to_u64(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

impl PgStore {
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let cfg = Config {
            url: Some(url.to_string()),
            ..Config::default()
        };
        let pool = cfg
            .create_pool(Some(Runtime::Tokio1), NoTls)
            .map_err(pool_err)?;
        let mut client = pool.get().await.map_err(pool_err)?;
        let tx = client.transaction().await?;
        // Two servers starting together migrate one after the other.
        tx.execute("SELECT pg_advisory_xact_lock(7411529)", &[])
            .await?;
        tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            .await?;
        let version: i64 = tx
            .query_opt("SELECT version FROM schema_version", &[])
            .await?
            .map(|r| r.get(0))
            .unwrap_or(0);
        let version = usize::try_from(version).unwrap_or(0);
        if version > MIGRATIONS.len() {
            return Err(StoreError::Corrupt(format!(
                "schema version {version} is newer than this server's {}",
                MIGRATIONS.len()
            )));
        }
        for m in &MIGRATIONS[version..] {
            tx.batch_execute(m).await?;
        }
        tx.execute("DELETE FROM schema_version", &[]).await?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES ($1)",
            &[&(MIGRATIONS.len() as i64)],
        )
        .await?;
        tx.commit().await?;
        Ok(PgStore { pool })
    }
}

fn retryable(e: &StoreError) -> bool {
    match e {
        StoreError::Postgres(e) => matches!(
            e.code(),
            Some(&SqlState::T_R_DEADLOCK_DETECTED) | Some(&SqlState::T_R_SERIALIZATION_FAILURE)
        ),
        _ => false,
    }
}

async fn write(
    client: &mut deadpool_postgres::Client,
    batch: &[Accepted],
) -> Result<Vec<Written>, StoreError> {
    let tx = client.transaction().await?;
    let boards: BTreeSet<(&str, &str)> = batch
        .iter()
        .map(|a| (a.date.as_str(), a.mode.as_str()))
        .collect();
    let lock = tx
        .prepare_cached("SELECT pg_advisory_xact_lock(hashtext($1 || ' ' || $2))")
        .await?;
    for (date, mode) in &boards {
        tx.execute(&lock, &[date, mode]).await?;
    }
    let insert = tx
        .prepare_cached(
            "INSERT INTO submissions (digest, date, mode, key, time_ms, props, payload, sig,
             received_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (digest) DO NOTHING",
        )
        .await?;
    let mut order: Vec<usize> = (0..batch.len()).collect();
    order.sort_by(|&i, &j| batch[i].digest.cmp(&batch[j].digest));
    let mut inserted = vec![false; batch.len()];
    for i in order {
        let a = &batch[i];
        let n = tx
            .execute(
                &insert,
                &[
                    &a.digest,
                    &a.date,
                    &a.mode.as_str(),
                    &a.key,
                    &to_i64(a.time_ms),
                    &a.props,
                    &a.payload,
                    &a.sig,
                    &a.received_at,
                ],
            )
            .await?;
        inserted[i] = n == 1;
    }
    let read = tx
        .prepare_cached(
            "SELECT props, time_ms FROM best WHERE date = $1 AND mode = $2 AND key = $3",
        )
        .await?;
    let keys: BTreeSet<BestKey> = batch
        .iter()
        .map(|a| (a.date.clone(), a.mode, a.key.clone()))
        .collect();
    let mut current: HashMap<BestKey, Score> = HashMap::new();
    for k in keys {
        if let Some(r) = tx.query_opt(&read, &[&k.0, &k.1.as_str(), &k.2]).await? {
            let t: i64 = r.get(1);
            current.insert(k, (r.get(0), to_u64(t)));
        }
    }
    let p = plan(batch, &inserted, &current);
    let upsert = tx
        .prepare_cached(
            "INSERT INTO best (date, mode, key, props, time_ms, achieved_at)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (date, mode, key) DO UPDATE SET props = excluded.props,
             time_ms = excluded.time_ms, achieved_at = excluded.achieved_at",
        )
        .await?;
    for b in &p.bests {
        tx.execute(
            &upsert,
            &[
                &b.date,
                &b.mode.as_str(),
                &b.key,
                &b.score.0,
                &to_i64(b.score.1),
                &b.achieved_at,
            ],
        )
        .await?;
    }
    let player = tx
        .prepare_cached(
            "INSERT INTO players (key, name, name_updated) VALUES ($1, $2, $3)
             ON CONFLICT (key) DO UPDATE SET name = excluded.name,
             name_updated = excluded.name_updated
             WHERE excluded.name_updated >= players.name_updated",
        )
        .await?;
    for (key, (name, at)) in &p.players {
        tx.execute(&player, &[key, name, at]).await?;
    }
    let tally = tx
        .prepare_cached(
            "INSERT INTO tally (date, mode, props, second, n) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (date, mode, props, second) DO UPDATE SET n = tally.n + excluded.n",
        )
        .await?;
    for ((date, mode, props, sec), n) in &p.tally {
        tx.execute(&tally, &[date, &mode.as_str(), props, sec, n])
            .await?;
    }
    tx.commit().await?;
    Ok(p.written)
}

async fn standing(
    c: &impl GenericClient,
    date: &str,
    mode: &str,
    score: Score,
) -> Result<Standing, StoreError> {
    let (props, t) = (score.0, to_i64(score.1));
    let sec = second(score.1);
    let q = c
        .prepare_cached(
            "SELECT
               (SELECT COALESCE(SUM(n), 0)::BIGINT FROM tally WHERE date = $1 AND mode = $2),
               (SELECT COALESCE(SUM(n), 0)::BIGINT FROM tally WHERE date = $1 AND mode = $2
                  AND (props < $3 OR (props = $3 AND second < $4))),
               (SELECT COUNT(*) FROM best WHERE date = $1 AND mode = $2 AND props = $3
                  AND time_ms >= $5 AND time_ms < $6)",
        )
        .await?;
    let r = c
        .query_one(
            &q,
            &[&date, &mode, &props, &sec, &sec.saturating_mul(1000), &t],
        )
        .await?;
    let (finishers, below, within): (i64, i64, i64) = (r.get(0), r.get(1), r.get(2));
    let finishers = to_u64(finishers);
    Ok(Standing {
        rank: (1 + to_u64(below) + to_u64(within)).min(finishers.max(1)),
        finishers,
    })
}

#[async_trait]
impl Store for PgStore {
    fn kind(&self) -> &'static str {
        "postgres"
    }

    async fn write_batch(&self, batch: Vec<Accepted>) -> Result<Vec<Written>, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_err)?;
        let mut attempt = 1;
        loop {
            match write(&mut client, &batch).await {
                Err(e) if attempt < ATTEMPTS && retryable(&e) => attempt += 1,
                other => return other,
            }
        }
    }

    async fn standing(&self, date: &str, mode: Mode, score: Score) -> Result<Standing, StoreError> {
        let client = self.pool.get().await.map_err(pool_err)?;
        standing(&client, date, mode.as_str(), score).await
    }

    async fn leaderboard(
        &self,
        date: &str,
        mode: Mode,
        limit: usize,
        key: Option<&str>,
    ) -> Result<Leaderboard, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_err)?;
        let tx = client
            .build_transaction()
            .isolation_level(IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .await?;
        let m = mode.as_str();
        let q = tx
            .prepare_cached(
                "SELECT b.props, b.time_ms, p.name FROM best b JOIN players p ON p.key = b.key
                 WHERE b.date = $1 AND b.mode = $2
                 ORDER BY b.props, b.time_ms, b.achieved_at, b.key LIMIT $3",
            )
            .await?;
        let rows = tx.query(&q, &[&date, &m, &(limit as i64)]).await?;
        let rows: Vec<(bool, u64, String)> = rows
            .iter()
            .map(|r| (r.get(0), to_u64(r.get(1)), r.get(2)))
            .collect();
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
        let mine = match key {
            Some(k) => {
                let q = tx
                    .prepare_cached(
                        "SELECT props, time_ms FROM best WHERE date = $1 AND mode = $2 AND key = $3",
                    )
                    .await?;
                tx.query_opt(&q, &[&date, &m, &k])
                    .await?
                    .map(|r| (r.get::<_, bool>(0), to_u64(r.get(1))))
            }
            None => None,
        };
        let board = standing(&tx, date, m, (false, 0)).await?;
        let you = match mine {
            Some(score) => {
                let s = standing(&tx, date, m, score).await?;
                Some(You {
                    rank: s.rank,
                    time_ms: score.1,
                    props: score.0,
                    top_percent: top_percent(s.rank, s.finishers),
                })
            }
            None => None,
        };
        tx.commit().await?;
        Ok(Leaderboard {
            date: date.to_string(),
            mode,
            finishers: board.finishers,
            top,
            you,
        })
    }

    async fn submissions(&self) -> Result<Vec<Stored>, StoreError> {
        let client = self.pool.get().await.map_err(pool_err)?;
        let rows = client
            .query(
                "SELECT date, mode, key, time_ms, props, payload, sig, received_at
                 FROM submissions ORDER BY id",
                &[],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| Stored {
                date: r.get(0),
                mode: r.get(1),
                key: r.get(2),
                time_ms: to_u64(r.get(3)),
                props: r.get(4),
                payload: r.get(5),
                sig: r.get(6),
                received_at: r.get(7),
            })
            .collect())
    }
}
