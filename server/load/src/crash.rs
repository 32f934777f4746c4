//! The kill -9 durability campaign. Each round: submissions run from `players` concurrent
//! players against the server (or the balancer in front of two), a random moment later one
//! server gets SIGKILL, the server comes back, and then
//! - every result the server ever acknowledged (answered 200) must be stored, with a score
//!   at least as good (lost otherwise);
//! - the leaderboard each server answers (finishers, the top 50, and the place of each
//!   player acknowledged in the round) must equal the ranking recomputed from the stored
//!   submissions by the server's own rule (`recount`), else a mismatch; with two servers,
//!   both are read directly and must agree.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use llk_engine::code::daily::UtcDate;
use llk_online::{Leaderboard, Mode};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::claims::{daily_line, submissions};
use crate::cluster::Cluster;
use crate::http;
use crate::recount::{self, Board};
use crate::run::{self, Pacing};
use crate::server::{Server, Spec};

/// A campaign's settings.
#[derive(Clone, Debug)]
pub struct Campaign {
    /// One server's start (its `addr` is replaced per server).
    pub spec: Spec,
    /// 1, or 2 behind the balancer.
    pub servers: usize,
    pub kills: u32,
    /// Submissions available to a round (a round that sends them all waits for its kill).
    pub per_round: u64,
    /// Concurrent players.
    pub players: usize,
    /// Least time between two submissions of one player (so a round's load lasts until
    /// its kill).
    pub pace: Duration,
    /// The kill comes 50 ms to this long after the round's load starts.
    pub max_kill_ms: u64,
    pub seed: u64,
    pub date: UtcDate,
    /// Players' keys salt (a campaign on a used database needs a new one).
    pub salt: u64,
    /// Players of a round whose place is read back from each server (the rest are checked
    /// in the stored submissions).
    pub read_back: usize,
}

/// What a campaign found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub kills: u32,
    pub sent: u64,
    pub acknowledged: u64,
    pub lost: u64,
    pub mismatches: u64,
    /// Answers of the two servers that differ for the same request.
    pub disagreements: u64,
}

impl Report {
    pub fn line(&self) -> String {
        format!(
            "kills {}, sent {}, acknowledged {}, lost {}, mismatches {}, disagreements {}",
            self.kills,
            self.sent,
            self.acknowledged,
            self.lost,
            self.mismatches,
            self.disagreements
        )
    }

    pub fn passed(&self) -> bool {
        self.lost == 0 && self.mismatches == 0 && self.disagreements == 0
    }
}

/// Runs `c`, printing one line per kill; answers the totals.
pub async fn run(c: &Campaign) -> Result<Report, String> {
    let line = daily_line(c.date, Mode::Classic)?;
    let mut rng = ChaCha8Rng::seed_from_u64(c.seed);
    let mut cluster = Cluster::start(&c.spec, c.servers).await?;
    let mut report = Report::default();
    let mut acked: HashMap<String, u64> = HashMap::new();
    for round in 0..c.kills {
        // This round's players, made before its clock starts.
        let first = u64::from(round) * c.per_round;
        let slice = Arc::new(submissions(&line, c.date, c.salt, first, c.per_round, 2));
        let base = cluster.base();
        let client = http::client(c.players);
        let stop = Arc::new(AtomicBool::new(false));
        let load = {
            let (slice, stop) = (slice.clone(), stop.clone());
            let pacing = Pacing {
                players: c.players,
                limit: Duration::from_secs(60),
                pace: c.pace,
            };
            tokio::spawn(async move { run::submit(&client, &base, slice, pacing, stop).await })
        };
        let after = rng.random_range(50..=c.max_kill_ms.max(50));
        tokio::time::sleep(Duration::from_millis(after)).await;
        let victim = rng.random_range(0..cluster.servers.len());
        cluster.kill(victim).await;
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let done = load.await.map_err(|e| format!("the load task: {e}"))?;
        report.kills += 1;
        report.sent += done.recorder.total();
        report.acknowledged += done.acked.len() as u64;
        let mut round_keys = Vec::new();
        for &i in &done.acked {
            let s = &slice[i];
            acked.insert(s.key.clone(), s.time_ms);
            round_keys.push(s.key.clone());
        }
        cluster.restart(victim).await?;
        // Connections pooled before the kill are dead: read with a fresh client.
        let reader = http::client(16);
        let board = recount::board(&c.spec.db, &c.date.to_string(), Mode::Classic).await?;
        let lost = acked
            .iter()
            .filter(|(k, &t)| board.score(k).is_none_or(|s| s > (false, t)))
            .count() as u64;
        let sample: Vec<&String> = round_keys.iter().take(c.read_back).collect();
        let (mism, disagree) = compare(&reader, &cluster.servers, &c.date, &board, &sample).await;
        report.lost += lost;
        report.mismatches += mism;
        report.disagreements += disagree;
        println!(
            "kill {}/{}: after {after} ms (server {victim}), sent {}, acknowledged {}, stored players {}, lost {lost}, mismatches {mism}{}",
            round + 1,
            c.kills,
            done.recorder.total(),
            done.acked.len(),
            board.len(),
            if cluster.servers.len() > 1 { format!(", disagreements {disagree}") } else { String::new() }
        );
    }
    cluster.stop().await;
    Ok(report)
}

/// Reads each server's board (top 50, and each of `keys`) and compares it with `board`:
/// answers (mismatches, disagreements between servers).
async fn compare(
    client: &http::Client,
    servers: &[Server],
    date: &UtcDate,
    board: &Board,
    keys: &[&String],
) -> (u64, u64) {
    let mut mismatches = 0;
    let mut disagreements = 0;
    let mut asks: Vec<(String, Option<&str>, usize)> = vec![("?limit=50".into(), None, 50)];
    asks.extend(
        keys.iter()
            .map(|k| (format!("?limit=1&key={k}"), Some(k.as_str()), 1)),
    );
    for (q, key, limit) in &asks {
        let mut answers = Vec::new();
        for s in servers {
            let url = format!("{}/api/v1/leaderboard/{date}/classic{q}", s.base);
            let (status, body) = http::get(client, &url).await;
            let parsed = (status == 200)
                .then(|| serde_json::from_slice::<Leaderboard>(&body).ok())
                .flatten();
            match parsed.map(|lb| board.check(&lb, *key, *limit)) {
                Some(Ok(())) => {}
                Some(Err(why)) => {
                    mismatches += 1;
                    eprintln!("mismatch: {url}: {why}");
                }
                None => {
                    mismatches += 1;
                    eprintln!("mismatch: {url} answered {status}");
                }
            }
            answers.push(body);
        }
        if answers.windows(2).any(|w| w[0] != w[1]) {
            disagreements += 1;
            eprintln!("disagreement: the servers answer {q} differently");
        }
    }
    (mismatches, disagreements)
}
