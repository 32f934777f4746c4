//! The online commands through the desktop's command layer (the Tauri mock runtime): the
//! status and the player's choices kept across a relaunch, the outbox reports, and the
//! desktop's own `online_http` sent from Rust to the configured server (a one-shot server
//! on 127.0.0.1 here), with no network at all while no server is set.

mod common;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::thread;
use std::time::Duration;

use common::{error_code, TestApp};
use serde_json::json;

/// A one-shot HTTP server on 127.0.0.1: answers `body` (200, JSON) to the first request
/// and returns that request's head.
fn serve(body: &'static str) -> (String, thread::JoinHandle<String>) {
    serve_answer("200 OK", "", body)
}

/// The same with another status line and extra header lines (each ending in CRLF).
fn serve_answer(
    status: &'static str,
    headers: &'static str,
    body: &'static str,
) -> (String, thread::JoinHandle<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    let handle = thread::spawn(move || {
        let (mut stream, _) = listener.accept().expect("accept");
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .expect("timeout");
        let mut seen = Vec::new();
        let mut buf = [0u8; 1024];
        while !String::from_utf8_lossy(&seen).contains("\r\n\r\n") {
            match stream.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => seen.extend_from_slice(&buf[..n]),
            }
        }
        let answer = format!(
            "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{headers}Connection: close\r\n\r\n{body}",
            body.len()
        );
        let _ = stream.write_all(answer.as_bytes());
        String::from_utf8_lossy(&seen).to_string()
    });
    (url, handle)
}

/// `online_http`: a GET of `path` on the configured server.
fn http(app: &TestApp, path: &str) -> Result<serde_json::Value, serde_json::Value> {
    app.invoke(
        "online_http",
        json!({ "method": "GET", "path": path, "body": null }),
    )
}

#[test]
fn online_choices_are_kept_and_http_goes_to_the_configured_server_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    app.start();
    let e = http(&app, "/api/v1/health").expect_err("no server");
    assert_eq!(error_code(&e), "no_server");
    assert_eq!(e["message"], "no server set");

    let status = app.ok("online_status", json!({}));
    let key = status["key"].clone();
    assert_eq!(status["pending"], 0);
    assert_eq!(
        app.err(
            "set_online",
            json!({ "posting": true, "name": "", "server": "" })
        ),
        "bad_name"
    );
    assert_eq!(
        app.err(
            "set_online",
            json!({ "posting": false, "name": "Ada", "server": "file:///etc" })
        ),
        "bad_server"
    );
    let (url, seen) = serve(r#"{"ok":true,"db":"sqlite"}"#);
    let set = app.ok(
        "set_online",
        json!({ "posting": true, "name": "Ada", "server": format!("{url}/") }),
    );
    assert_eq!((&set["server"], &set["key"]), (&json!(url), &key));

    for bad in ["/health", "/api/v1/../x", "/api/v1/a b", "api/v1/health"] {
        assert_eq!(error_code(&http(&app, bad).expect_err(bad)), "bad_argument");
    }
    let e = app
        .invoke(
            "online_http",
            json!({ "method": "PUT", "path": "/api/v1/health" }),
        )
        .expect_err("PUT");
    assert_eq!(error_code(&e), "bad_argument");
    let got = http(&app, "/api/v1/health").expect("an answer");
    assert_eq!(
        got,
        json!({ "status": 200, "body": r#"{"ok":true,"db":"sqlite"}"#, "retry_after": null })
    );
    assert!(seen
        .join()
        .expect("server")
        .starts_with("GET /api/v1/health HTTP/1.1\r\n"));

    // The outbox's reports: an id no longer waiting keeps the answer only.
    assert_eq!(app.ok("online_outbox", json!({})), json!([]));
    let answer = json!({
        "date": "2026-12-04", "mode": "stack", "time_ms": 61000, "props": false,
        "best_ms": 61000, "best_props": false, "improved": true,
        "rank": 1, "finishers": 2, "top_percent": 50,
    });
    app.ok(
        "online_delivered",
        json!({ "id": "00ff", "answer": answer }),
    );
    assert_eq!(
        app.err(
            "online_delivered",
            json!({ "id": "00ff", "answer": { "rank": 1 } })
        ),
        "bad_argument"
    );
    app.ok(
        "online_refused",
        json!({ "id": "00ff", "error": { "error": "some_new_code", "message": "?" } }),
    );
    assert_eq!(
        app.err("online_refused", json!({ "id": "00ff", "error": "late" })),
        "bad_argument"
    );

    // A relaunch keeps the key and the choices.
    drop(app);
    let app = TestApp::new(dir.path());
    let status = app.ok("online_status", json!({}));
    assert_eq!(
        (
            &status["key"],
            &status["name"],
            &status["posting"],
            &status["server"]
        ),
        (&key, &json!("Ada"), &json!(true), &json!(url))
    );
}

#[test]
fn online_http_passes_a_429s_retry_after_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    app.start();
    let body = r#"{"error":"rate_limited","message":"slow down"}"#;
    let (url, seen) = serve_answer("429 Too Many Requests", "Retry-After: 120\r\n", body);
    app.ok(
        "set_online",
        json!({ "posting": true, "name": "Ada", "server": url }),
    );
    let got = http(&app, "/api/v1/health").expect("an answer");
    assert_eq!(
        got,
        json!({ "status": 429, "body": body, "retry_after": 120 })
    );
    seen.join().expect("server");
}
