//! Accepted results and the leaderboard, on SQLite and PostgreSQL over real sockets:
//! idempotent repeats, bests replaced only by better results, props ranked after none,
//! ranks / finishers / top_percent on a board of several players (checked against the
//! recomputation from the stored submissions), renaming, `you`, limit bounds, the stack
//! daily, two servers on one database, the web build's static files and the daily info.

mod common;

use common::*;
use llk_engine::line::ClassicStep;
use llk_online::{seal, Moves};
use llk_server::store::recompute;

/// The leaderboard answer agrees with the recomputation from the stored submissions.
fn check_against_recompute(server: &Server, mode: &str) {
    let stored = server.stored();
    let all = recompute(&stored);
    let rows = all
        .get(&(TODAY.to_string(), mode.to_string()))
        .cloned()
        .unwrap_or_default();
    let b = server.get(&format!("/api/v1/leaderboard/{TODAY}/{mode}"));
    assert_eq!(b.status, 200, "{}", b.text);
    assert_eq!(b.body["finishers"].as_u64(), Some(rows.len() as u64));
    let top = b.body["top"].as_array().expect("top");
    assert_eq!(top.len(), rows.len().min(50));
    for (entry, row) in top.iter().zip(&rows) {
        assert_eq!(entry["rank"].as_u64(), Some(row.rank), "{entry}");
        assert_eq!(entry["time_ms"].as_u64(), Some(row.score.1));
        assert_eq!(entry["props"].as_bool(), Some(row.score.0));
    }
    for row in &rows {
        let b = server.get(&format!(
            "/api/v1/leaderboard/{TODAY}/{mode}?key={}&limit=1",
            row.key
        ));
        assert_eq!(b.body["you"]["rank"].as_u64(), Some(row.rank), "{}", b.text);
    }
}

#[test]
fn results_keep_bests_and_rank() {
    each_db(|db| {
        let server = Server::start(db);
        // Ada: 500 ms a move, then the same again (idempotent), then 400 (better), then 600.
        let slow = classic_win(1, "Ada", 500);
        let r = server.submit(&slow);
        assert_eq!(r.status, 200, "{}", r.text);
        assert_eq!(r.body["improved"], true);
        assert_eq!(
            (r.body["rank"].as_u64(), r.body["finishers"].as_u64()),
            (Some(1), Some(1))
        );
        assert_eq!(r.body["top_percent"].as_u64(), Some(100));
        let again = server.submit(&slow);
        assert_eq!(again.status, 200);
        assert_eq!(again.body["improved"], false, "a repeat changes nothing");
        assert_eq!(server.stored().len(), 1, "the repeat is not stored twice");
        let fast = server.submit(&classic_win(1, "Ada", 400));
        assert_eq!(fast.body["improved"], true, "{}", fast.text);
        assert_eq!(fast.body["best_ms"], fast.body["time_ms"]);
        let worse = server.submit(&classic_win(1, "Ada", 600));
        assert_eq!(worse.status, 200);
        assert_eq!(worse.body["improved"], false);
        assert_eq!(
            worse.body["best_ms"], fast.body["time_ms"],
            "the best stays"
        );
        assert_eq!(worse.body["time_ms"].as_u64(), Some(600 * 72));

        // A line with a prop (an undo) is faster but ranks after every line without one.
        let mut line = classic_line(TODAY, 150);
        let first = line[0];
        line.insert(0, ClassicStep::undone(0));
        line.insert(0, first);
        for (i, s) in line.iter_mut().enumerate() {
            s.t = 150 * (i as u64 + 1);
        }
        let props = seal(&claim(TODAY, "Bea", Moves::Classic(line)), &secret(2));
        let r = server.submit(&props);
        assert_eq!(r.status, 200, "{}", r.text);
        assert_eq!(r.body["props"], true);
        assert_eq!(
            (r.body["rank"].as_u64(), r.body["finishers"].as_u64()),
            (Some(2), Some(2))
        );

        // Three more: one tie with Ada, two slower; ties share a rank.
        for (n, name, gap) in [(3, "Cy", 400), (4, "Dee", 450), (5, "Eli", 700)] {
            assert_eq!(server.submit(&classic_win(n, name, gap)).status, 200);
        }
        let b = server.get(&format!("/api/v1/leaderboard/{TODAY}/classic"));
        let ranks: Vec<(u64, &str)> = b.body["top"]
            .as_array()
            .expect("top")
            .iter()
            .map(|e| {
                (
                    e["rank"].as_u64().unwrap_or(0),
                    e["name"].as_str().unwrap_or(""),
                )
            })
            .collect();
        assert_eq!(
            ranks,
            [(1, "Ada"), (1, "Cy"), (3, "Dee"), (4, "Eli"), (5, "Bea")],
            "{}",
            b.text
        );
        let eli = server.get(&format!(
            "/api/v1/leaderboard/{TODAY}/classic?key={}",
            llk_online::envelope::public_key(&secret(5))
        ));
        assert_eq!(eli.body["you"]["rank"].as_u64(), Some(4));
        assert_eq!(eli.body["you"]["top_percent"].as_u64(), Some(80));
        let nobody = server.get(&format!(
            "/api/v1/leaderboard/{TODAY}/classic?key={}",
            "ab".repeat(32)
        ));
        assert!(nobody.body["you"].is_null(), "{}", nobody.text);
        check_against_recompute(&server, "classic");

        // Renaming: a later submission with a new name shows the new name.
        assert_eq!(
            server.submit(&classic_win(5, "Eli the Second", 650)).status,
            200
        );
        let b = server.get(&format!("/api/v1/leaderboard/{TODAY}/classic"));
        assert!(b.text.contains("Eli the Second"), "{}", b.text);
        assert!(!b.text.contains("\"Eli\""), "{}", b.text);

        // Limits and bad parameters.
        let one = server.get(&format!("/api/v1/leaderboard/{TODAY}/classic?limit=1"));
        assert_eq!(one.body["top"].as_array().map(Vec::len), Some(1));
        assert_eq!(one.body["finishers"].as_u64(), Some(5));
        let fifty = server.get(&format!("/api/v1/leaderboard/{TODAY}/classic?limit=50"));
        assert_eq!(fifty.status, 200);
        for (query, code) in [
            (format!("{TODAY}/classic?limit=0"), "bad_limit"),
            (format!("{TODAY}/classic?limit=51"), "bad_limit"),
            (format!("{TODAY}/classic?limit=x"), "bad_limit"),
            (format!("{TODAY}/classic?key=xyz"), "bad_key"),
            (format!("{TODAY}/blitz"), "bad_mode"),
            ("2026-13-01/classic".to_string(), "bad_date"),
        ] {
            let r = server.get(&format!("/api/v1/leaderboard/{query}"));
            assert_eq!((r.status, r.code()), (400, code), "{query}: {}", r.text);
        }
        let empty = server.get("/api/v1/leaderboard/2020-01-01/stack");
        assert_eq!(empty.body["finishers"].as_u64(), Some(0));
        assert_eq!(empty.body["top"].as_array().map(Vec::len), Some(0));
    });
}

#[test]
fn stack_results_and_two_servers_agree() {
    each_db(|db| {
        let a = Server::start(db);
        let b = Server::start(db);
        for (n, gap) in [(1u8, 300u64), (2, 250), (3, 300)] {
            let c = claim(
                TODAY,
                &format!("P{n}"),
                Moves::Stack(stack_line(TODAY, gap)),
            );
            let server = if n % 2 == 0 { &a } else { &b };
            let r = server.submit(&seal(&c, &secret(n)));
            assert_eq!(r.status, 200, "{}", r.text);
        }
        let y = claim(YESTERDAY, "Y", Moves::Stack(stack_line(YESTERDAY, 300)));
        assert_eq!(
            a.submit(&seal(&y, &secret(4))).status,
            200,
            "yesterday is open"
        );
        let from_a = a.get(&format!("/api/v1/leaderboard/{TODAY}/stack"));
        let from_b = b.get(&format!("/api/v1/leaderboard/{TODAY}/stack"));
        assert_eq!(from_a.body, from_b.body);
        assert_eq!(from_a.body["finishers"].as_u64(), Some(3));
        check_against_recompute(&a, "stack");
    });
}

#[test]
fn static_files_health_and_daily() {
    let db = databases().remove(0);
    let server = Server::start(&db);
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(page.text.contains("<title>llk</title>"));
    let wasm = server.get("/llk.wasm");
    assert_eq!(wasm.content_type.as_deref(), Some("application/wasm"));
    let js = ureq::get(&format!("{}/big.js", server.base))
        .set("Accept-Encoding", "gzip")
        .call()
        .expect("big.js");
    assert_eq!(js.header("content-encoding"), Some("gzip"));
    assert_eq!(server.get("/no/such/page").status, 404, "no SPA fallback");
    let api = server.get("/api/v2/anything");
    assert_eq!((api.status, api.code()), (404, "not_found"));
    let wrong = server.get("/api/v1/results");
    assert_eq!((wrong.status, wrong.code()), (405, "method_not_allowed"));
    let allow = ureq::get(&format!("{}/api/v1/results", server.base))
        .call()
        .expect_err("405");
    let ureq::Error::Status(_, r) = allow else {
        panic!("a transport error")
    };
    assert_eq!(r.header("allow"), Some("POST"));
    let health = server.get("/api/v1/health");
    assert_eq!(health.body, serde_json::json!({"ok": true, "db": "sqlite"}));
    let daily = server.get(&format!("/api/v1/daily/{TODAY}"));
    assert_eq!(daily.status, 200, "{}", daily.text);
    assert!(daily.body["classic"]["code"]
        .as_str()
        .is_some_and(|c| c.len() == 14));
    assert!(daily.body["stack"]["seed"].as_str().is_some());
    assert_eq!(server.get("/api/v1/daily/nope").code(), "bad_date");
}

#[test]
fn rate_limits_answer_429_with_retry_after() {
    let db = databases().remove(0);
    let server = Server::start_with(
        &db,
        &[
            ("LLK_KEY_SUBMITS_PER_MIN", "2"),
            ("LLK_IP_WRITES_PER_MIN", "4"),
            ("LLK_IP_READS_PER_MIN", "3"),
        ],
    );
    let e = classic_win(1, "Ada", 400);
    assert_eq!(server.submit(&e).status, 200);
    assert_eq!(server.submit(&e).status, 200);
    let r = server.submit(&e);
    assert_eq!(
        (r.status, r.code()),
        (429, "rate_limited"),
        "per key: {}",
        r.text
    );
    assert!(r
        .retry_after
        .as_deref()
        .and_then(|s| s.parse::<u64>().ok())
        .is_some_and(|s| s >= 1));
    assert_eq!(server.submit(&classic_win(2, "Bea", 400)).status, 200);
    let r = server.submit(&classic_win(3, "Cy", 400));
    assert_eq!(
        (r.status, r.code()),
        (429, "rate_limited"),
        "per address: {}",
        r.text
    );
    for _ in 0..3 {
        assert_eq!(
            server.get("/api/v1/leaderboard/2026-12-04/classic").status,
            200
        );
    }
    let r = server.get("/api/v1/leaderboard/2026-12-04/classic");
    assert_eq!((r.status, r.code()), (429, "rate_limited"));
    assert!(r.retry_after.is_some());
    assert_eq!(
        server.stored().len(),
        2,
        "a repeat once, refused results never"
    );
}

#[test]
fn concurrent_submissions_group_commit_and_agree() {
    each_db(|db| {
        let server = Server::start(db);
        // 24 players, each posting two results and one of them twice, all at once: the
        // writer batches them, repeats in one batch included.
        let envelopes: Vec<_> = (0..24u8)
            .map(|n| {
                let gap = 400 + 10 * u64::from(n % 7);
                (
                    classic_win(n + 10, &format!("P{n}"), gap),
                    classic_win(n + 10, &format!("P{n}"), gap + 50),
                )
            })
            .collect();
        std::thread::scope(|s| {
            for (a, b) in &envelopes {
                let server = &server;
                s.spawn(move || {
                    for e in [a, b, a] {
                        let r = server.submit(e);
                        assert_eq!(r.status, 200, "{}", r.text);
                    }
                });
            }
        });
        assert_eq!(server.stored().len(), 48, "each distinct result once");
        check_against_recompute(&server, "classic");
    });
}
