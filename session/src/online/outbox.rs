//! The online state kept in `outbox.json`: the sealed results waiting to be posted (the
//! outbox: at most one per date and mode, the better result kept, capped), the server's
//! last answer per date and mode, and the results it refused (a 4xx: dropped for good,
//! remembered so the view can say so). It survives restarts; the view posts what it
//! lists and reports each outcome (`online_delivered`, `online_refused`).

use std::collections::BTreeMap;

use llk_online::{Mode, SubmitAnswer};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// File name in the data directory.
pub const FILE: &str = "outbox.json";

const VERSION: u32 = 1;

/// Most results waiting at once (two a day are all the server takes).
pub const MAX_PENDING: usize = 8;

/// Most answers and refusals remembered (the oldest dates go first).
pub const MAX_REMEMBERED: usize = 16;

/// A sealed result waiting to be posted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub id: String,
    pub date: String,
    pub mode: Mode,
    /// The envelope's JSON, the body to POST to `/api/v1/results`.
    pub body: String,
    /// The result, to keep the better of two for one date and mode.
    pub time_ms: u64,
    pub props: bool,
}

/// A result the server refused for good.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Refused {
    pub id: String,
    pub date: String,
    pub mode: Mode,
    /// The server's error code (docs/api.md), e.g. `date_closed`.
    pub error: String,
    pub message: String,
}

/// The whole file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outbox {
    version: u32,
    #[serde(default)]
    pub pending: Vec<Pending>,
    /// The last answer per `date/mode`.
    #[serde(default)]
    pub answers: BTreeMap<String, SubmitAnswer>,
    #[serde(default)]
    pub refused: Vec<Refused>,
}

impl Default for Outbox {
    fn default() -> Outbox {
        Outbox {
            version: VERSION,
            pending: Vec::new(),
            answers: BTreeMap::new(),
            refused: Vec::new(),
        }
    }
}

/// The answers' key of a date and mode.
fn key(date: &str, mode: Mode) -> String {
    format!("{date}/{}", mode.as_str())
}

/// Whether the result (`props`, `time_ms`) beats (`props2`, `time2`): fewer props first,
/// then the shorter time (the server's order).
fn better(a: (bool, u64), b: (bool, u64)) -> bool {
    a < b
}

impl Outbox {
    /// Adds `item` unless a better or equal result of its date and mode waits already (it
    /// then replaces a worse one); the oldest dates go first beyond [`MAX_PENDING`]. True if
    /// the outbox changed.
    pub fn add(&mut self, item: Pending) -> bool {
        if let Some(at) = self
            .pending
            .iter()
            .position(|p| p.date == item.date && p.mode == item.mode)
        {
            let old = &self.pending[at];
            if !better((item.props, item.time_ms), (old.props, old.time_ms)) {
                return false;
            }
            self.pending.remove(at);
        }
        self.pending.push(item);
        self.pending
            .sort_by(|a, b| (&a.date, a.mode).cmp(&(&b.date, b.mode)));
        while self.pending.len() > MAX_PENDING {
            self.pending.remove(0);
        }
        true
    }

    /// `id` was delivered and answered `answer`: it leaves the outbox and the answer is kept
    /// as its date and mode's last (an unknown id, e.g. delivered twice, only keeps it).
    pub fn delivered(&mut self, id: &str, answer: SubmitAnswer) {
        self.pending.retain(|p| p.id != id);
        self.answers.insert(key(&answer.date, answer.mode), answer);
        while self.answers.len() > MAX_REMEMBERED {
            self.answers.pop_first();
        }
    }

    /// `id` was refused for good: it leaves the outbox and is remembered as refused. False
    /// when no such item waits (nothing changes).
    pub fn refused(&mut self, id: &str, error: String, message: String) -> bool {
        let Some(at) = self.pending.iter().position(|p| p.id == id) else {
            return false;
        };
        let p = self.pending.remove(at);
        self.refused.retain(|r| r.id != id);
        self.refused.push(Refused {
            id: p.id,
            date: p.date,
            mode: p.mode,
            error,
            message,
        });
        while self.refused.len() > MAX_REMEMBERED {
            self.refused.remove(0);
        }
        true
    }

    /// The last answer for `date` and `mode`.
    pub fn answer(&self, date: &str, mode: Mode) -> Option<&SubmitAnswer> {
        self.answers.get(&key(date, mode))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<Outbox, String> {
        let outbox: Outbox = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if outbox.version != VERSION {
            return Err(format!(
                "the outbox has format version {}; this build reads version {VERSION}",
                outbox.version
            ));
        }
        Ok(outbox)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: &str, date: &str, mode: Mode, time_ms: u64, props: bool) -> Pending {
        Pending {
            id: id.into(),
            date: date.into(),
            mode,
            body: format!("{{\"{id}\":1}}"),
            time_ms,
            props,
        }
    }

    fn answer(date: &str, mode: Mode, rank: u64) -> SubmitAnswer {
        SubmitAnswer {
            date: date.into(),
            mode,
            time_ms: 1000,
            props: false,
            best_ms: 1000,
            best_props: false,
            improved: true,
            rank,
            finishers: 10,
            top_percent: 10 * rank as u32,
        }
    }

    #[test]
    fn one_result_per_date_and_mode_the_better_kept() {
        let mut o = Outbox::default();
        assert!(o.add(item("a", "2026-12-04", Mode::Classic, 9000, false)));
        assert!(o.add(item("b", "2026-12-04", Mode::Stack, 9000, true)));
        assert!(!o.add(item("c", "2026-12-04", Mode::Classic, 9500, false)));
        assert!(
            !o.add(item("d", "2026-12-04", Mode::Classic, 1000, true)),
            "props"
        );
        assert!(o.add(item("e", "2026-12-04", Mode::Classic, 8000, false)));
        assert!(
            o.add(item("f", "2026-12-04", Mode::Stack, 20000, false)),
            "no props"
        );
        let ids: Vec<&str> = o.pending.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["e", "f"]);
        for day in 1..=9 {
            o.add(item(
                &format!("x{day}"),
                &format!("2026-11-0{day}"),
                Mode::Classic,
                1,
                false,
            ));
        }
        assert_eq!(o.pending.len(), MAX_PENDING);
        assert_eq!(o.pending[0].date, "2026-11-04", "the oldest went");
        assert_eq!(Outbox::from_json(&o.to_json()), Ok(o));
    }

    #[test]
    fn delivered_and_refused_leave_the_outbox() {
        let mut o = Outbox::default();
        o.add(item("a", "2026-12-04", Mode::Classic, 9000, false));
        o.add(item("b", "2026-12-04", Mode::Stack, 9000, false));
        o.delivered("a", answer("2026-12-04", Mode::Classic, 3));
        assert_eq!(o.pending.len(), 1);
        assert_eq!(
            o.answer("2026-12-04", Mode::Classic).map(|a| a.rank),
            Some(3)
        );
        o.delivered("a", answer("2026-12-04", Mode::Classic, 2));
        assert_eq!(
            o.answer("2026-12-04", Mode::Classic).map(|a| a.rank),
            Some(2)
        );
        assert!(!o.refused("zz", "date_closed".into(), "late".into()));
        assert!(o.refused("b", "date_closed".into(), "late".into()));
        assert!(o.pending.is_empty());
        assert_eq!(o.refused[0].error, "date_closed");
        assert!(!o.refused("b", "x".into(), "y".into()), "once");
        assert!(Outbox::from_json("{\"version\":2}").is_err());
        assert_eq!(
            Outbox::from_json("{\"version\":1}"),
            Ok(Outbox::default()),
            "fields may be missing"
        );
    }
}
