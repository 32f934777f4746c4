//! Online play of the daily challenge, the session's side (docs/api.md, docs/ipc.md): the
//! player's identity (`identity`), the line of play of a daily game (`line`), and the
//! outbox of sealed results with the server's answers (`outbox`). The session never talks
//! to the network: the view posts what `online_outbox` lists (the web to its own origin,
//! the desktop through its shell's `online_http`) and reports each outcome back.

pub mod identity;
pub mod line;
pub mod outbox;

use llk_engine::code::daily::UtcDate;
use llk_online::{Mode, SubmitAnswer};
use serde::Serialize;
use ts_rs::TS;

use crate::state::Session;
use identity::Identity;
use line::DailyLine;
use outbox::{Outbox, Pending, Refused};

/// What the view shows of online play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct OnlineStatus {
    /// Winning daily games are posted (the player's opt-in).
    pub posting: bool,
    /// The display name, `""` until chosen (nothing is posted without one).
    pub name: String,
    /// The player's public key, 64 hex digits.
    pub key: String,
    /// The desktop's server address, `""` when none (no network at all).
    pub server: String,
    /// Results waiting to be posted.
    pub pending: u32,
    /// The server's last answers for today's and yesterday's challenges.
    pub answers: Vec<SubmitAnswer>,
    /// Results of today and yesterday the server refused (dropped for good).
    pub refused: Vec<Refused>,
}

/// A result to post: `body` is the envelope's JSON for `POST /api/v1/results`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct OutboxItem {
    pub id: String,
    pub date: String,
    pub mode: Mode,
    pub body: String,
}

/// The online part of the session's state.
#[derive(Debug, Default)]
pub struct Online {
    /// Made on first use (`None` until then, or after a damaged file was set aside).
    pub(crate) identity: Option<Identity>,
    pub(crate) outbox: Outbox,
}

impl Session {
    /// The identity, made (and saved) on first use from the host's entropy.
    pub(crate) fn identity(&mut self) -> &Identity {
        let (host, store) = (self.host.as_ref(), self.store.as_ref());
        self.online.identity.get_or_insert_with(|| {
            let id = Identity::generate(host);
            store.queue(identity::FILE, id.to_json());
            id
        })
    }

    /// Replaces the identity's preferences (already checked) and saves them; turning
    /// posting off drops what waits to be posted.
    pub(crate) fn set_online(&mut self, posting: bool, name: String, server: String) {
        self.identity();
        if let Some(id) = &mut self.online.identity {
            id.posting = posting;
            id.name = name;
            id.server = server;
            self.store.queue(identity::FILE, id.to_json());
        }
        if !posting && !self.online.outbox.pending.is_empty() {
            self.online.outbox.pending.clear();
            self.save_outbox();
        }
    }

    /// The desktop's server address (`""`: none), without making an identity.
    pub fn online_server(&self) -> String {
        self.online
            .identity
            .as_ref()
            .map(|id| id.server.clone())
            .unwrap_or_default()
    }

    /// The status on `today`.
    pub(crate) fn online_status(&mut self, today: UtcDate) -> OnlineStatus {
        let days = recent_days(today);
        let id = self.identity().clone();
        let outbox = &self.online.outbox;
        OnlineStatus {
            posting: id.posting,
            name: id.name.clone(),
            key: id.public_key(),
            server: id.server.clone(),
            pending: u32::try_from(self.online_pending().len()).unwrap_or(u32::MAX),
            answers: outbox
                .answers
                .values()
                .filter(|a| days.contains(&a.date))
                .cloned()
                .collect(),
            refused: outbox
                .refused
                .iter()
                .filter(|r| days.contains(&r.date))
                .cloned()
                .collect(),
        }
    }

    /// What waits to be posted (nothing while posting is off).
    pub(crate) fn online_pending(&self) -> Vec<OutboxItem> {
        if !self.online.identity.as_ref().is_some_and(|id| id.posting) {
            return Vec::new();
        }
        self.online
            .outbox
            .pending
            .iter()
            .map(|p| OutboxItem {
                id: p.id.clone(),
                date: p.date.clone(),
                mode: p.mode,
                body: p.body.clone(),
            })
            .collect()
    }

    /// The last answer for `date` and `mode`, if one came.
    pub fn online_answer(&self, date: &str, mode: Mode) -> Option<SubmitAnswer> {
        self.online.outbox.answer(date, mode).cloned()
    }

    /// Whether winning daily games are posted.
    pub fn posting(&self) -> bool {
        self.online.identity.as_ref().is_some_and(|id| id.posting)
    }

    pub(crate) fn online_delivered(&mut self, id: &str, answer: SubmitAnswer) {
        self.online.outbox.delivered(id, answer);
        self.save_outbox();
    }

    pub(crate) fn online_refused(&mut self, id: &str, error: String, message: String) {
        if self.online.outbox.refused(id, error, message) {
            self.save_outbox();
        }
    }

    /// A daily game just won with `line`: when posting is on, a name is set, nothing
    /// helped and the date is still open (today or yesterday), the claim is sealed with
    /// the player's key and put in the outbox. True if it was.
    pub(crate) fn post_win(&mut self, line: &DailyLine) -> bool {
        let Some(id) = &self.online.identity else {
            return false;
        };
        if !id.posting || id.name.is_empty() || !line.postable || line.is_empty() {
            return false;
        }
        let open = self
            .today()
            .map(|today| recent_days(today).contains(&line.date))
            .unwrap_or(false);
        if !open {
            return false;
        }
        let envelope = llk_online::seal(&line.claim(&id.name), &id.secret());
        let body = match serde_json::to_string(&envelope) {
            Ok(body) => body,
            Err(e) => {
                self.host.log(&format!("the result was not sealed: {e}"));
                return false;
            }
        };
        let added = self.online.outbox.add(Pending {
            id: envelope.sig[..16].to_string(),
            date: line.date.clone(),
            mode: line.mode,
            body,
            time_ms: line.last_t(),
            props: line.uses_props(),
        });
        if added {
            self.save_outbox();
        }
        added
    }

    fn save_outbox(&self) {
        self.store.queue(outbox::FILE, self.online.outbox.to_json());
    }
}

/// Today's and yesterday's dates, the challenges the server still takes.
fn recent_days(today: UtcDate) -> [String; 2] {
    let yesterday = UtcDate::from_day_number(today.day_number() - 1).unwrap_or(today);
    [today.to_string(), yesterday.to_string()]
}
