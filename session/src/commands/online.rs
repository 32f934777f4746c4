//! Online play's commands (docs/ipc.md): the status, the player's choices (posting, name,
//! server), the outbox of sealed results for the view to post, and what came of each post.
//! Plus the checks of the desktop's `online_http` request, which its shell sends (the
//! session never touches the network).

use llk_online::{SubmitAnswer, MAX_BODY_BYTES};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::args::Arg;
use crate::error::{AppError, AppResult};
use crate::online::identity::{check_name_or_empty, check_server};
use crate::online::{OnlineStatus, OutboxItem};
use crate::state::Session;

/// Where every API path starts.
pub const API_PREFIX: &str = "/api/v1/";

/// Longest path accepted.
pub const MAX_PATH_BYTES: usize = 512;

/// The player's online status: opt-in, name, key, server, what waits, recent answers.
pub fn online_status(s: &mut Session) -> AppResult<OnlineStatus> {
    let today = s.today()?;
    Ok(s.online_status(today))
}

/// Sets posting (opt-in), the name (checked: `bad_name`; posting needs one) and the
/// desktop's server (`bad_server` unless an http(s) URL without credentials, or `""`).
pub fn set_online(
    s: &mut Session,
    posting: &Arg,
    name: &Arg,
    server: &Arg,
) -> AppResult<OnlineStatus> {
    let posting: bool = posting.parse("posting")?;
    let name = check_name_or_empty(&name.parse::<String>("name")?)?;
    let server = check_server(&server.parse::<String>("server")?)?;
    if posting && name.is_empty() {
        return Err(AppError::BadName(
            "choose a name before posting results".into(),
        ));
    }
    s.set_online(posting, name, server);
    online_status(s)
}

/// The results waiting to be posted (none while posting is off).
pub fn online_outbox(s: &Session) -> AppResult<Vec<OutboxItem>> {
    Ok(s.online_pending())
}

/// The result `id` was delivered and the server answered `answer`: it leaves the outbox
/// and the answer is kept (an `id` no longer waiting, e.g. reported twice, only keeps the
/// answer).
pub fn online_delivered(s: &mut Session, id: &Arg, answer: &Arg) -> AppResult<OnlineStatus> {
    let id: String = id.parse("id")?;
    let answer: SubmitAnswer = answer.parse("answer")?;
    llk_engine::code::daily::UtcDate::parse(&answer.date)
        .map_err(|e| AppError::BadArgument(format!("`answer.date`: {e}")))?;
    s.online_delivered(&id, answer);
    online_status(s)
}

/// An API error as the view passes it on: any code (a newer server's too).
#[derive(Deserialize)]
struct WireError {
    error: String,
    #[serde(default)]
    message: String,
}

/// The result `id` was refused for good (a 4xx answer, `error` its body): it leaves the
/// outbox and is remembered as refused. A network failure is not reported: the result
/// just stays.
pub fn online_refused(s: &mut Session, id: &Arg, error: &Arg) -> AppResult<OnlineStatus> {
    let id: String = id.parse("id")?;
    let error: WireError = error.parse("error")?;
    let clip = |t: String, n: usize| t.chars().take(n).collect::<String>();
    s.online_refused(&id, clip(error.error, 40), clip(error.message, 200));
    online_status(s)
}

/// A request the desktop's shell is to send to the configured server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpRequest {
    /// `GET` or `POST`.
    pub method: &'static str,
    /// The server's address and the path.
    pub url: String,
    /// The JSON body of a `POST`.
    pub body: Option<String>,
}

/// What the server answered `online_http`: its status and body (at most 64 KiB), and its
/// `Retry-After` in seconds when it gave one as a number (a 429's wait).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct HttpAnswer {
    pub status: u16,
    pub body: String,
    #[ts(type = "number | null")]
    pub retry_after: Option<u32>,
}

/// The longest `Retry-After` taken from a server: a day.
pub const MAX_RETRY_AFTER_SECS: u32 = 24 * 60 * 60;

/// A `Retry-After` header's seconds (`delta-seconds`, at most [`MAX_RETRY_AFTER_SECS`]);
/// `None` for its date form or anything else, which the sender's own backoff covers.
pub fn retry_after_secs(header: &str) -> Option<u32> {
    let text = header.trim();
    if text.is_empty() || text.len() > 10 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u64>()
        .ok()
        .map(|s| s.min(u64::from(MAX_RETRY_AFTER_SECS)) as u32)
}

/// `online_http`'s arguments checked against the configured server: `method` `GET` or
/// `POST`, `path` under `/api/v1/` (no `..`, spaces or fragment), `body` a string (for a
/// `POST`, at most 64 KiB) or `null`; `no_server` when no server is set.
pub fn http_request(s: &Session, method: &Arg, path: &Arg, body: &Arg) -> AppResult<HttpRequest> {
    let method = match method.parse::<String>("method")?.as_str() {
        "GET" => "GET",
        "POST" => "POST",
        other => {
            return Err(AppError::BadArgument(format!(
                "`method` is GET or POST, not {other:?}"
            )))
        }
    };
    let path: String = path.parse("path")?;
    let bad_path = path.len() > MAX_PATH_BYTES
        || !path.starts_with(API_PREFIX)
        || path.contains("..")
        || path.contains('#')
        || path
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || !c.is_ascii());
    if bad_path {
        return Err(AppError::BadArgument(format!(
            "`path` must start with {API_PREFIX} and hold printable ASCII only"
        )));
    }
    let body: Option<String> = if body.is_missing() {
        None
    } else {
        Some(body.parse("body")?)
    };
    if body.as_ref().is_some_and(|b| b.len() > MAX_BODY_BYTES) {
        return Err(AppError::BadArgument(format!(
            "`body` is over {MAX_BODY_BYTES} bytes"
        )));
    }
    let server = s.online_server();
    if server.is_empty() {
        return Err(AppError::NoServer);
    }
    Ok(HttpRequest {
        method,
        url: format!("{server}{path}"),
        body,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_takes_seconds_only() {
        assert_eq!(retry_after_secs("37"), Some(37));
        assert_eq!(retry_after_secs(" 0 "), Some(0));
        assert_eq!(retry_after_secs("9999999999"), Some(MAX_RETRY_AFTER_SECS));
        for not in [
            "",
            "-1",
            "1.5",
            "Fri, 04 Dec 2026 10:00:00 GMT",
            "12345678901",
            "+3",
        ] {
            assert_eq!(retry_after_secs(not), None, "{not:?}");
        }
    }
}
