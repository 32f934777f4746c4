//! The desktop's one door to the network: `online_http`'s request, checked by the session
//! (`llk_session::commands::online::http_request`: the configured server, a path under
//! `/api/v1/`), sent from Rust with a small blocking client (ureq over rustls) on a
//! blocking thread, never the webview (its CSP allows no remote address). A 10 s timeout
//! for the whole exchange, no redirects followed, an answer of at most 64 KiB (and its
//! `Retry-After` in seconds); any HTTP status is an answer, only a failure to get one is the
//! `network` error.

use std::time::Duration;

use llk_session::commands::online::{retry_after_secs, HttpAnswer, HttpRequest};
use llk_session::error::{AppError, AppResult};

/// The longest a whole exchange may take.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// The largest answer body read: 64 KiB.
pub const MAX_ANSWER_BYTES: u64 = 64 * 1024;

/// Sends `request` and reads the answer, within [`TIMEOUT`].
pub fn send(request: &HttpRequest) -> AppResult<HttpAnswer> {
    send_within(request, TIMEOUT)
}

/// [`send`] with another time limit (tests).
pub fn send_within(request: &HttpRequest, timeout: Duration) -> AppResult<HttpAnswer> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(timeout))
        .http_status_as_error(false)
        .max_redirects(0)
        .user_agent(concat!("lianliankan/", env!("CARGO_PKG_VERSION")))
        .build()
        .into();
    let sent = match request.method {
        "POST" => agent
            .post(&request.url)
            .header("Content-Type", "application/json")
            .send(request.body.as_deref().unwrap_or_default()),
        _ => agent.get(&request.url).call(),
    };
    let mut response = sent.map_err(network)?;
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(retry_after_secs);
    let body = response
        .body_mut()
        .with_config()
        .limit(MAX_ANSWER_BYTES)
        .read_to_string()
        .map_err(network)?;
    Ok(HttpAnswer {
        status,
        body,
        retry_after,
    })
}

fn network(e: ureq::Error) -> AppError {
    AppError::Network(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpListener;
    use std::thread;

    /// A one-shot HTTP server on 127.0.0.1 answering `answer` (raw bytes) to the first
    /// request, whose head and body it returns.
    fn serve(answer: Vec<u8>) -> (String, thread::JoinHandle<String>) {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let handle = thread::spawn(move || {
            let (mut stream, _) = listener.accept().expect("accept");
            stream
                .set_read_timeout(Some(Duration::from_secs(5)))
                .expect("timeout");
            let mut seen = Vec::new();
            let mut buf = [0u8; 4096];
            loop {
                let n = stream.read(&mut buf).unwrap_or(0);
                seen.extend_from_slice(&buf[..n]);
                let text = String::from_utf8_lossy(&seen).to_string();
                if let Some(head_end) = text.find("\r\n\r\n") {
                    let length = text[..head_end]
                        .lines()
                        .find_map(|l| {
                            let (k, v) = l.split_once(':')?;
                            k.eq_ignore_ascii_case("content-length")
                                .then(|| v.trim().parse::<usize>().ok())?
                        })
                        .unwrap_or(0);
                    if seen.len() >= head_end + 4 + length || n == 0 {
                        break;
                    }
                } else if n == 0 {
                    break;
                }
            }
            let _ = stream.write_all(&answer);
            String::from_utf8_lossy(&seen).to_string()
        });
        (url, handle)
    }

    fn answer(status: &str, body: &str) -> Vec<u8> {
        format!(
            "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    }

    fn request(method: &'static str, url: String, body: Option<&str>) -> HttpRequest {
        HttpRequest {
            method,
            url,
            body: body.map(str::to_string),
        }
    }

    #[test]
    fn a_get_and_a_post_reach_the_server_and_any_status_is_an_answer() {
        let (url, seen) = serve(answer("200 OK", r#"{"ok":true,"db":"sqlite"}"#));
        let got = send(&request("GET", format!("{url}/api/v1/health"), None)).expect("answer");
        assert_eq!(
            got,
            HttpAnswer {
                status: 200,
                body: r#"{"ok":true,"db":"sqlite"}"#.into(),
                retry_after: None,
            }
        );
        assert!(seen
            .join()
            .expect("server")
            .starts_with("GET /api/v1/health HTTP/1.1\r\n"));

        let refusal = r#"{"error":"date_closed","message":"closed"}"#;
        let (url, seen) = serve(answer("422 Unprocessable Entity", refusal));
        let body = r#"{"payload":"{}","key":"ab","sig":"cd"}"#;
        let got = send(&request(
            "POST",
            format!("{url}/api/v1/results"),
            Some(body),
        ))
        .expect("a 422 is an answer");
        assert_eq!((got.status, got.body.as_str()), (422, refusal));
        let seen = seen.join().expect("server");
        assert!(
            seen.starts_with("POST /api/v1/results HTTP/1.1\r\n"),
            "{seen}"
        );
        assert!(seen
            .to_ascii_lowercase()
            .contains("content-type: application/json"));
        assert!(seen.ends_with(body), "{seen}");
    }

    #[test]
    fn a_429s_retry_after_comes_with_its_answer() {
        let refusal = r#"{"error":"rate_limited","message":"too many results; try again in 42 s"}"#;
        let mut raw = answer("429 Too Many Requests", refusal);
        let at = raw
            .windows(2)
            .position(|w| w == b"\r\n")
            .expect("a status line")
            + 2;
        raw.splice(at..at, b"Retry-After: 42\r\n".iter().copied());
        let (url, seen) = serve(raw);
        let got = send(&request(
            "POST",
            format!("{url}/api/v1/results"),
            Some("{}"),
        ))
        .expect("an answer");
        assert_eq!((got.status, got.retry_after), (429, Some(42)));
        seen.join().expect("server");
    }

    #[test]
    fn a_large_answer_a_silent_server_and_no_server_are_network_errors() {
        let big = "x".repeat(MAX_ANSWER_BYTES as usize + 1);
        let (url, seen) = serve(answer("200 OK", &big));
        let e = send(&request("GET", format!("{url}/api/v1/health"), None)).expect_err("too big");
        assert_eq!(e.code(), "network", "{e}");
        seen.join().expect("server");

        // Accepts and never answers: the time limit ends the wait.
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let url = format!(
            "http://{}/api/v1/health",
            listener.local_addr().expect("addr")
        );
        let t0 = std::time::Instant::now();
        let e = send_within(&request("GET", url, None), Duration::from_millis(300))
            .expect_err("timed out");
        assert_eq!(e.code(), "network");
        assert!(t0.elapsed() < Duration::from_secs(5));
        drop(listener);

        // Nothing listens there any more.
        let closed = TcpListener::bind("127.0.0.1:0").expect("bind");
        let url = format!(
            "http://{}/api/v1/health",
            closed.local_addr().expect("addr")
        );
        drop(closed);
        let e = send(&request("GET", url, None)).expect_err("refused");
        assert_eq!(e.code(), "network");
    }
}
