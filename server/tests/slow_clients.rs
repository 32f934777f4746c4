//! Slow clients over real sockets: a connection that sends a request's headers too slowly,
//! or nothing, or idles after an answer, is closed once `LLK_HEADER_TIMEOUT_SECS` has passed
//! (never before), while other clients are answered meanwhile.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::thread;
use std::time::{Duration, Instant};

use common::*;

/// How long the server held `s` open, reading (and ignoring) whatever it sent, until it
/// closed it; `None` when it was still open after `limit`.
fn held_for(mut s: TcpStream, started: Instant, limit: Duration) -> Option<Duration> {
    s.set_read_timeout(Some(Duration::from_millis(200))).ok();
    let mut buf = [0u8; 4096];
    while started.elapsed() < limit {
        match s.read(&mut buf) {
            Ok(0) => return Some(started.elapsed()),
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return Some(started.elapsed()), // reset: closed too
        }
    }
    None
}

/// Reads one whole answer with a `Content-Length` (headers and body) from a kept-alive
/// connection, returning its status line.
fn read_answer(s: &mut TcpStream) -> String {
    s.set_read_timeout(Some(Duration::from_secs(30))).ok();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = s.read(&mut buf).expect("an answer");
        assert_ne!(n, 0, "closed before answering");
        got.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&got).into_owned();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length: usize = head
                .lines()
                .find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    k.eq_ignore_ascii_case("content-length")
                        .then(|| v.trim().parse().ok())?
                })
                .expect("a content-length");
            if body.len() >= length {
                return head.lines().next().unwrap_or_default().to_string();
            }
        }
    }
}

#[test]
fn slow_headers_and_idle_connections_are_closed_after_the_deadline() {
    let db = databases().remove(0);
    let server = Server::start_with(&db, &[("LLK_HEADER_TIMEOUT_SECS", "1")]);
    let addr = server.base.trim_start_matches("http://").to_string();
    let connect = || TcpStream::connect(&addr).expect("connects");

    let started = Instant::now();
    let silent = connect();
    let mut partial = connect();
    partial
        .write_all(b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n")
        .expect("writes");
    // a header a byte at a time, each within the deadline, the whole not
    let mut dribbling = connect();
    let dribbler = thread::spawn(move || {
        for b in b"GET /api/v1/health HTTP/1.1\r\nX-Slow: abcdefghijklmnopqrstuvwxyz" {
            if dribbling.write_all(&[*b]).is_err() {
                break;
            }
            thread::sleep(Duration::from_millis(150));
        }
        dribbling
    });
    let mut kept = connect();
    kept.write_all(format!("GET /api/v1/daily/{TODAY} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .expect("writes");
    assert_eq!(read_answer(&mut kept), "HTTP/1.1 200 OK");
    let kept_idle_from = Instant::now();

    // others are answered meanwhile
    assert_eq!(server.get("/api/v1/health").status, 200);

    let limit = Duration::from_secs(10);
    let checks = [
        (
            "a connection that sends nothing",
            held_for(silent, started, limit),
        ),
        (
            "a request's headers in part",
            held_for(partial, started, limit),
        ),
        (
            "a kept-alive connection, idle",
            held_for(kept, kept_idle_from, limit),
        ),
    ];
    for (what, held) in &checks {
        let held = held.unwrap_or_else(|| panic!("{what}: still open after {limit:?}"));
        assert!(
            held >= Duration::from_millis(900),
            "{what}: closed early, after {held:?}"
        );
    }
    let dribbling = dribbler.join().expect("the dribbler");
    let held = held_for(dribbling, started, limit).expect("headers a byte at a time: still open");
    // closed at the deadline, not after the last byte (~9 s)
    assert!(
        held < Duration::from_secs(6),
        "headers a byte at a time: closed after {held:?}"
    );

    // and the server still answers
    assert_eq!(server.get("/api/v1/health").status, 200);
}

#[test]
fn a_header_deadline_of_zero_is_refused() {
    let parsed = <llk_server::Config as clap::Parser>::try_parse_from([
        "llk-server",
        "--header-timeout-secs",
        "0",
    ]);
    assert!(parsed.is_err(), "0 s would close every connection");
}
