//! What a load run records: every answer's latency (µs) and status, and the table the
//! tools print (rate, p50/p95/p99/max, errors by status). Percentiles are exact, from the
//! sorted latencies (runs are bounded in count, so they fit in memory).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

/// Latencies and statuses of one run.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    /// Latency of every answered request with status 200, µs.
    ok_us: Vec<u64>,
    /// Latency of every other answer, µs (counted in the percentiles too: a refusal is
    /// an answer the client waited for).
    err_us: Vec<u64>,
    /// Answers by HTTP status; 0 for a request with no answer (connection refused, reset,
    /// timeout).
    pub by_status: BTreeMap<u16, u64>,
}

impl Recorder {
    pub fn new() -> Recorder {
        Recorder::default()
    }

    /// One answer with `status` (0: none) after `latency`.
    pub fn record(&mut self, status: u16, latency: Duration) {
        let us = latency.as_micros().min(u128::from(u64::MAX)) as u64;
        if status == 200 {
            self.ok_us.push(us);
        } else {
            self.err_us.push(us);
        }
        *self.by_status.entry(status).or_default() += 1;
    }

    /// Adds another recorder's answers.
    pub fn merge(&mut self, other: Recorder) {
        self.ok_us.extend(other.ok_us);
        self.err_us.extend(other.err_us);
        for (s, n) in other.by_status {
            *self.by_status.entry(s).or_default() += n;
        }
    }

    pub fn ok(&self) -> u64 {
        self.ok_us.len() as u64
    }

    pub fn total(&self) -> u64 {
        (self.ok_us.len() + self.err_us.len()) as u64
    }

    /// Answers other than 200, e.g. "429:12 0:3", or "none".
    pub fn errors(&self) -> String {
        let parts: Vec<String> = self
            .by_status
            .iter()
            .filter(|(s, _)| **s != 200)
            .map(|(s, n)| format!("{s}:{n}"))
            .collect();
        if parts.is_empty() {
            "none".into()
        } else {
            parts.join(" ")
        }
    }

    /// The summary of every answer's latency.
    pub fn summary(&self) -> Summary {
        let mut all: Vec<u64> = self.ok_us.iter().chain(&self.err_us).copied().collect();
        all.sort_unstable();
        Summary {
            count: all.len() as u64,
            p50_us: percentile(&all, 50.0),
            p95_us: percentile(&all, 95.0),
            p99_us: percentile(&all, 99.0),
            max_us: all.last().copied().unwrap_or(0),
        }
    }
}

/// Latency percentiles of a run, µs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub count: u64,
    pub p50_us: u64,
    pub p95_us: u64,
    pub p99_us: u64,
    pub max_us: u64,
}

/// The `p`-th percentile (nearest rank) of `sorted`, 0 when empty.
pub fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// One row of the printed table.
#[derive(Clone, Debug)]
pub struct Row {
    pub name: String,
    pub recorder: Recorder,
    pub elapsed: Duration,
    /// The goal on p99, ms, if any.
    pub p99_goal_ms: Option<f64>,
    /// The goal on the rate of 200 answers per second, if any.
    pub rate_goal: Option<f64>,
    /// The server's CPU time (user + system) during the run, ms, when known.
    pub server_cpu_ms: Option<u64>,
}

impl Row {
    /// 200 answers per second of the run.
    pub fn ok_rate(&self) -> f64 {
        self.recorder.ok() as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Whether the row meets its goals (and had no error answers).
    pub fn met(&self) -> bool {
        let s = self.recorder.summary();
        let p99 = self
            .p99_goal_ms
            .is_none_or(|g| (s.p99_us as f64) / 1000.0 < g);
        let rate = self.rate_goal.is_none_or(|g| self.ok_rate() >= g);
        p99 && rate && self.recorder.ok() == self.recorder.total() && s.count > 0
    }
}

fn ms(us: u64) -> String {
    format!("{:.1}", us as f64 / 1000.0)
}

/// The rows as a Markdown table (what `llk-load` prints and docs/SERVER.md holds).
pub fn table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| run | requests | 200 | time s | 200/s | p50 ms | p95 ms | p99 ms | max ms | errors | server CPU ms/request | goal |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for r in rows {
        let s = r.recorder.summary();
        let mut goal = Vec::new();
        if let Some(g) = r.rate_goal {
            goal.push(format!("≥ {g:.0}/s"));
        }
        if let Some(g) = r.p99_goal_ms {
            goal.push(format!("p99 < {g:.0} ms"));
        }
        let verdict = if goal.is_empty() {
            "-".to_string()
        } else if r.met() {
            format!("{}: met", goal.join(", "))
        } else {
            format!("{}: missed", goal.join(", "))
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {:.1} | {:.0} | {} | {} | {} | {} | {} | {} | {} |",
            r.name,
            r.recorder.total(),
            r.recorder.ok(),
            r.elapsed.as_secs_f64(),
            r.ok_rate(),
            ms(s.p50_us),
            ms(s.p95_us),
            ms(s.p99_us),
            ms(s.max_us),
            r.recorder.errors(),
            r.server_cpu_ms
                .filter(|_| r.recorder.total() > 0)
                .map(|c| format!("{:.2}", c as f64 / r.recorder.total() as f64))
                .unwrap_or_else(|| "-".into()),
            verdict
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank() {
        let v: Vec<u64> = (1..=100).collect();
        assert_eq!(percentile(&v, 50.0), 50);
        assert_eq!(percentile(&v, 99.0), 99);
        assert_eq!(percentile(&v, 100.0), 100);
        assert_eq!(percentile(&[7], 99.0), 7);
        assert_eq!(percentile(&[], 99.0), 0);
    }

    #[test]
    fn a_recorder_counts_statuses_and_meets_goals() {
        let mut r = Recorder::new();
        for i in 0..1000 {
            r.record(200, Duration::from_micros(1000 + i));
        }
        let mut e = Recorder::new();
        e.record(429, Duration::from_millis(3));
        e.record(0, Duration::from_millis(5));
        let row = Row {
            name: "x".into(),
            recorder: r.clone(),
            elapsed: Duration::from_secs(1),
            p99_goal_ms: Some(2.0),
            rate_goal: Some(1000.0),
            server_cpu_ms: Some(500),
        };
        assert!(row.met());
        assert!(table(std::slice::from_ref(&row)).contains("| 0.50 |"));
        assert_eq!(r.summary().p99_us, 1989);
        r.merge(e);
        assert_eq!(r.errors(), "0:1 429:1");
        assert_eq!(r.total(), 1002);
        let row = Row { recorder: r, ..row };
        assert!(!row.met(), "errors miss the goal");
        assert!(table(&[row]).contains("missed"));
    }
}
