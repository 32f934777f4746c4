//! The API fuzzed in process (the router through tower's `oneshot`, a temporary SQLite):
//! mutated bytes, envelope fields, JSON structure and re-signed claims, plus random
//! leaderboard queries. No answer may be a 5xx or a panic, every refusal carries a code,
//! and what is stored is exactly what was accepted, each row verifying again.
//! `LLK_FUZZ_REQUESTS` sets the count (default 20,000; `make fuzz-server`: 300,000).

mod common;

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::body::Body;
use axum::http::Request;
use common::*;
use llk_online::{seal, Envelope, Moves};
use llk_server::verify::{reverify, Deals};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use tower::ServiceExt;

static PANICS: AtomicU64 = AtomicU64::new(0);

fn random_value(rng: &mut ChaCha8Rng, depth: u32) -> Value {
    match rng.random_range(0..11) {
        0 => Value::Null,
        1 => json!(rng.random_bool(0.5)),
        2 => json!(rng.random_range(-5i64..300)),
        3 => json!(rng.next_u64()),
        4 => json!(-(rng.next_u64() as i128) as f64),
        5 => json!(1e300),
        6 => json!(
            [
                "",
                "classic",
                "stack",
                "2026-12-04",
                "2026-12-03",
                "\u{0}",
                "é\u{301}",
                "🦀",
                "a\u{202e}b"
            ][rng.random_range(0..9)]
        ),
        7 => json!("x".repeat(rng.random_range(0..40))),
        8 if depth < 3 => Value::Array(
            (0..rng.random_range(0..4))
                .map(|_| random_value(rng, depth + 1))
                .collect(),
        ),
        9 if depth < 3 => {
            let mut m = serde_json::Map::new();
            for k in [
                "t", "take", "match", "undo", "shuffle", "move_out", "v", "zz",
            ] {
                if rng.random_bool(0.3) {
                    m.insert(k.into(), random_value(rng, depth + 1));
                }
            }
            Value::Object(m)
        }
        _ => json!([
            [rng.random_range(-2i64..20), rng.random_range(-2i64..20)],
            [rng.random_range(-2i64..20), rng.random_range(-2i64..20)]
        ]),
    }
}

/// Changes one node somewhere in `v`.
fn mutate_value(v: &mut Value, rng: &mut ChaCha8Rng) {
    match v {
        Value::Object(m) if !m.is_empty() && rng.random_bool(0.8) => {
            let keys: Vec<String> = m.keys().cloned().collect();
            let k = &keys[rng.random_range(0..keys.len())];
            match rng.random_range(0..6) {
                0 => {
                    m.remove(k);
                }
                1 => {
                    m.insert(format!("{k}x"), random_value(rng, 0));
                }
                2 => {
                    m.insert(k.clone(), random_value(rng, 0));
                }
                _ => {
                    if let Some(child) = m.get_mut(k) {
                        mutate_value(child, rng);
                    }
                }
            }
        }
        Value::Array(a) if !a.is_empty() && rng.random_bool(0.8) => {
            let i = rng.random_range(0..a.len());
            match rng.random_range(0..6) {
                0 => {
                    a.remove(i);
                }
                1 => {
                    let c = a[i].clone();
                    a.insert(i, c);
                }
                2 => {
                    let j = rng.random_range(0..a.len());
                    a.swap(i, j);
                }
                3 => a.truncate(i),
                _ => mutate_value(&mut a[i], rng),
            }
        }
        Value::Number(n) => {
            let x = n.as_i64().unwrap_or(0);
            *v = match rng.random_range(0..5) {
                0 => json!(x + 1),
                1 => json!(x - 1),
                2 => json!(x.wrapping_mul(2)),
                3 => json!(rng.random_range(0..200)),
                _ => random_value(rng, 0),
            };
        }
        _ => *v = random_value(rng, 0),
    }
}

/// `v[k] = x` when `v` is an object.
fn set(v: &mut Value, k: &str, x: Value) {
    if let Some(o) = v.as_object_mut() {
        o.insert(k.to_string(), x);
    }
}

/// The last move's `t`, if it reads as one.
fn last_t(claim: &Value) -> Option<u64> {
    claim["moves"].as_array()?.last()?["t"].as_u64()
}

/// Plausible changes to a line: a coordinate, a tile id or a time nudged, moves dropped,
/// repeated or swapped, a prop step slipped in.
fn mutate_moves(moves: &mut Value, rng: &mut ChaCha8Rng) {
    let Some(a) = moves.as_array_mut() else {
        return;
    };
    if a.is_empty() {
        return;
    }
    let i = rng.random_range(0..a.len());
    match rng.random_range(0..7) {
        0 => {
            a.remove(i);
        }
        1 => {
            let j = rng.random_range(0..a.len());
            let (ti, tj) = (a[i]["t"].clone(), a[j]["t"].clone());
            a.swap(i, j);
            set(&mut a[i], "t", ti);
            set(&mut a[j], "t", tj);
        }
        2 => {
            let t = a[i]["t"].as_u64().unwrap_or(0);
            let t = t.saturating_add_signed(rng.random_range(-500i64..500));
            set(&mut a[i], "t", json!(t));
        }
        3 => {
            let t = a[i]["t"].as_u64().unwrap_or(0);
            let step = [
                json!({"t": t, "undo": true}),
                json!({"t": t, "shuffle": true}),
                json!({"t": t, "move_out": true}),
            ];
            a.insert(i, step[rng.random_range(0..3)].clone());
        }
        4 => {
            if let Some(id) = a[i]["take"].as_i64() {
                let id = id + rng.random_range(-3i64..4);
                set(&mut a[i], "take", json!(id));
            } else if let Some(pair) = a[i].get_mut("match").and_then(Value::as_array_mut) {
                let (p, c) = (rng.random_range(0..2), rng.random_range(0..2));
                if let Some(cell) = pair.get_mut(p).and_then(|q| q.get_mut(c)) {
                    let x = cell.as_i64().unwrap_or(0);
                    *cell = json!(x + rng.random_range(-2i64..3));
                }
            }
        }
        5 => a.truncate(i),
        _ => mutate_value(&mut a[i], rng),
    }
}

fn mutate_bytes(b: &mut Vec<u8>, rng: &mut ChaCha8Rng) {
    for _ in 0..rng.random_range(1..4) {
        if b.is_empty() {
            b.push(b'{');
        }
        let i = rng.random_range(0..b.len());
        match rng.random_range(0..6) {
            0 => b[i] ^= 1 << rng.random_range(0..8),
            1 => b[i] = rng.random(),
            2 => {
                b.remove(i);
            }
            3 => b.insert(i, b"{}[]\",:\\0x"[rng.random_range(0..10)]),
            4 => b.truncate(i),
            _ => {
                let j = rng.random_range(i..b.len());
                let chunk = b[i..j].to_vec();
                b.splice(i..i, chunk);
            }
        }
    }
}

/// One mutated request: (is a submission, method and path, body).
fn request(rng: &mut ChaCha8Rng, seeds: &[Envelope]) -> (String, Vec<u8>) {
    let base = &seeds[rng.random_range(0..seeds.len())];
    let post = "/api/v1/results".to_string();
    match rng.random_range(0..10) {
        // Raw bytes of a valid body.
        0..=2 => {
            let mut b = body(base);
            mutate_bytes(&mut b, rng);
            (post, b)
        }
        // The envelope's structure and fields.
        3 | 4 => {
            let mut v = serde_json::to_value(base).unwrap_or(Value::Null);
            mutate_value(&mut v, rng);
            (post, serde_json::to_vec(&v).unwrap_or_default())
        }
        // The claim changed and signed again: a valid signature over a forged claim.
        5..=8 => {
            let mut claim: Value = serde_json::from_str(&base.payload).unwrap_or(Value::Null);
            for _ in 0..rng.random_range(1..3) {
                match claim.get_mut("moves") {
                    Some(moves) if rng.random_bool(0.6) => mutate_moves(moves, rng),
                    _ => mutate_value(&mut claim, rng),
                }
            }
            if let (Some(t), Some(last)) = (claim.get("time_ms"), last_t(&claim)) {
                // Mostly keep time_ms the last move's, so the replay itself is reached.
                if t.as_u64() != Some(last) && rng.random_bool(0.8) {
                    set(&mut claim, "time_ms", json!(last));
                }
            }
            let secret = secret(rng.random_range(100..110));
            let key = llk_online::envelope::public_key(&secret);
            if let Some(k) = claim.get_mut("key") {
                if rng.random_bool(0.9) {
                    *k = json!(key);
                }
            }
            let text = if rng.random_bool(0.9) {
                serde_json::to_string(&claim).unwrap_or_default()
            } else {
                let mut b = serde_json::to_vec(&claim).unwrap_or_default();
                mutate_bytes(&mut b, rng);
                String::from_utf8_lossy(&b).into_owned()
            };
            (post, body(&sign_payload(&text, &secret)))
        }
        // A leaderboard or daily query.
        _ => {
            let dates = [
                "2026-12-04",
                "2026-12-03",
                "2026-02-30",
                "x",
                "",
                "2026-12-04%00",
            ];
            let modes = ["classic", "stack", "blitz", "", "%FF"];
            let d = dates[rng.random_range(0..dates.len())];
            let path = match rng.random_range(0..4) {
                0 => format!("/api/v1/daily/{d}"),
                1 => "/api/v1/health".into(),
                _ => format!(
                    "/api/v1/leaderboard/{d}/{}?limit={}&key={}",
                    modes[rng.random_range(0..modes.len())],
                    rng.random_range(-1i64..60),
                    ["", "zz", &base.key, &"AB".repeat(32)][rng.random_range(0..4)]
                ),
            };
            (path, Vec::new())
        }
    }
}

#[test]
fn mutated_requests_never_panic_or_store_a_refusal() {
    std::panic::set_hook(Box::new(|info| {
        PANICS.fetch_add(1, Ordering::SeqCst);
        eprintln!("PANIC: {info}");
    }));
    let count: u64 = std::env::var("LLK_FUZZ_REQUESTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    let mut seeds = vec![
        classic_win(1, "Ada", 400),
        seal(
            &claim(TODAY, "Bo", Moves::Stack(stack_line(TODAY, 300))),
            &secret(2),
        ),
        seal(
            &claim(
                YESTERDAY,
                "Cy",
                Moves::Classic(classic_line(YESTERDAY, 500)),
            ),
            &secret(3),
        ),
    ];
    seeds.push(classic_win(4, "Dee", 450));
    let dir = tempfile::tempdir().expect("a temp dir");
    let db = format!("sqlite://{}", dir.path().join("fuzz.db").display());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let started = std::time::Instant::now();
    let (statuses, accepted, stored) = runtime.block_on(async {
        let config = llk_server::Config::for_tests(&db, TODAY);
        let (router, state) = llk_server::build(&config).await.expect("builds");
        let mut rng = ChaCha8Rng::seed_from_u64(29);
        let mut statuses = std::collections::BTreeMap::<u16, u64>::new();
        let mut accepted = HashSet::new();
        let mut sent = 0;
        while sent < count {
            let mut set = tokio::task::JoinSet::new();
            for _ in 0..64.min(count - sent) {
                let (path, body) = request(&mut rng, &seeds);
                let router = router.clone();
                set.spawn(async move {
                    let post = path.ends_with("/results");
                    let req = Request::builder()
                        .method(if post { "POST" } else { "GET" })
                        .uri(&path)
                        .header("content-type", "application/json")
                        .body(Body::from(body.clone()))
                        .expect("a request");
                    let resp = router.oneshot(req).await.expect("infallible");
                    let status = resp.status().as_u16();
                    let bytes = axum::body::to_bytes(resp.into_body(), 1 << 20)
                        .await
                        .unwrap_or_default();
                    (post, path, body, status, bytes)
                });
                sent += 1;
            }
            while let Some(done) = set.join_next().await {
                let (post, path, body, status, bytes) = done.expect("no task panics");
                *statuses.entry(status).or_default() += 1;
                let answer: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
                assert!(
                    status < 500,
                    "{status} for {path} {:?}: {answer}",
                    String::from_utf8_lossy(&body)
                );
                if status != 200 {
                    assert!(
                        answer["error"].is_string(),
                        "{status} without a code: {answer}"
                    );
                } else if post {
                    let e: Envelope =
                        serde_json::from_slice(&body).expect("an accepted envelope parses");
                    accepted.insert(Sha256::digest(e.payload.as_bytes()).to_vec());
                }
            }
        }
        let stored = state.store.submissions().await.expect("submissions");
        (statuses, accepted, stored)
    });
    let elapsed = started.elapsed();
    let deals = Deals::new();
    for s in &stored {
        assert!(
            reverify(&deals, &s.payload, &s.key, &s.sig).is_ok(),
            "a stored result verifies again: {}",
            s.payload
        );
    }
    let stored_digests: HashSet<Vec<u8>> = stored
        .iter()
        .map(|s| Sha256::digest(s.payload.as_bytes()).to_vec())
        .collect();
    assert_eq!(stored_digests, accepted, "stored = accepted");
    assert_eq!(PANICS.load(Ordering::SeqCst), 0, "panics");
    eprintln!(
        "fuzz: {count} requests in {:.1} s, 0 panics, answers by status {statuses:?}, \
         {} accepted (valid after mutation) and stored, every stored row verifies again, \
         0 refused stored",
        elapsed.as_secs_f64(),
        accepted.len()
    );
}
