//! The two bounded loads. Submissions: `players` tasks each post the next precomputed
//! submission as soon as their last one is answered (closed loop, as players are), until
//! all are sent or the time limit passes. Leaderboard reads: open loop at a fixed rate
//! (`rate`), each read's latency counted from its due time. Both stop by themselves.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::claims::Submission;
use crate::http::{self, Client};
use crate::rate;
use crate::stats::Recorder;

/// What a submission run did.
#[derive(Debug, Default)]
pub struct Submitted {
    pub recorder: Recorder,
    pub elapsed: Duration,
    /// Indices (into the submissions) answered 200: the acknowledged results.
    pub acked: Vec<usize>,
}

/// How a submission run goes.
#[derive(Clone, Copy, Debug)]
pub struct Pacing {
    /// Concurrent players.
    pub players: usize,
    /// The run ends after this long.
    pub limit: Duration,
    /// Least time from one submission of a player to its next (zero: at once).
    pub pace: Duration,
}

/// Posts `subs` to `base` as `pacing` says. `stop` ends the run early when set (the crash
/// campaign sets it at the kill).
pub async fn submit(
    client: &Client,
    base: &str,
    subs: Arc<Vec<Submission>>,
    pacing: Pacing,
    stop: Arc<AtomicBool>,
) -> Submitted {
    let Pacing {
        players,
        limit,
        pace,
    } = pacing;
    let url = Arc::new(format!("{base}/api/v1/results"));
    let next = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let deadline = start + limit;
    let mut tasks = Vec::new();
    for _ in 0..players.max(1) {
        let (client, url, subs, next, stop) = (
            client.clone(),
            url.clone(),
            subs.clone(),
            next.clone(),
            stop.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut rec = Recorder::new();
            let mut acked = Vec::new();
            while Instant::now() < deadline && !stop.load(Ordering::Relaxed) {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(s) = subs.get(i) else { break };
                let sent = Instant::now();
                let (status, _) = http::post(&client, &url, s.body.clone()).await;
                rec.record(status, sent.elapsed());
                if status == 200 {
                    acked.push(i);
                }
                if !pace.is_zero() {
                    tokio::time::sleep_until((sent + pace).into()).await;
                }
            }
            (rec, acked)
        }));
    }
    let mut out = Submitted::default();
    for t in tasks {
        if let Ok((rec, acked)) = t.await {
            out.recorder.merge(rec);
            out.acked.extend(acked);
        }
    }
    out.elapsed = start.elapsed();
    out.acked.sort_unstable();
    out
}

/// Reads `urls` round robin, open loop at `rate` per second: `count` reads or what fits in
/// `limit`, at most `max_in_flight` outstanding (a read due while that many are waiting
/// is counted as unanswered, status 0, rather than queued in the client).
pub async fn read(
    client: &Client,
    urls: Arc<Vec<String>>,
    rate: f64,
    count: u64,
    limit: Duration,
    max_in_flight: u64,
) -> (Recorder, Duration) {
    let n = rate::planned(count, rate, limit);
    let start = tokio::time::Instant::now();
    let recorder = Arc::new(Mutex::new(Recorder::new()));
    let in_flight = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::with_capacity(n as usize);
    for i in 0..n {
        let due = start + rate::due(i, rate);
        tokio::time::sleep_until(due).await;
        if in_flight.load(Ordering::Relaxed) >= max_in_flight {
            if let Ok(mut r) = recorder.lock() {
                r.record(0, Duration::ZERO);
            }
            continue;
        }
        in_flight.fetch_add(1, Ordering::Relaxed);
        let (client, urls, recorder, in_flight) = (
            client.clone(),
            urls.clone(),
            recorder.clone(),
            in_flight.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let status = match urls.get(i as usize % urls.len().max(1)) {
                Some(url) => http::get(&client, url).await.0,
                None => 0,
            };
            let latency = due.elapsed();
            in_flight.fetch_sub(1, Ordering::Relaxed);
            if let Ok(mut r) = recorder.lock() {
                r.record(status, latency);
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let elapsed = start.elapsed();
    let rec = recorder.lock().map(|r| r.clone()).unwrap_or_default();
    (rec, elapsed)
}

/// Samples `pid`'s resident set every 50 ms until `stop` is set; answers the highest
/// VmRSS seen (KiB).
pub fn sample_rss(pid: u32, stop: Arc<AtomicBool>) -> tokio::task::JoinHandle<u64> {
    tokio::spawn(async move {
        let mut peak = 0;
        while !stop.load(Ordering::Relaxed) {
            if let Some((rss, _)) = crate::procfs::memory(pid) {
                peak = peak.max(rss);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        peak
    })
}
