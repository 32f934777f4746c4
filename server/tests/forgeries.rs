//! Forged and malformed submissions, each refused with its code and nothing stored
//! (checked in the database), on SQLite and PostgreSQL, over real sockets.

mod common;

use common::*;
use llk_engine::line::{ClassicStep, StackStep};
use llk_online::{seal, Claim, Envelope, Moves};

fn reseal(c: &Claim, n: u8) -> Vec<u8> {
    body(&seal(c, &secret(n)))
}

fn with_classic(f: impl Fn(&mut Vec<ClassicStep>)) -> Claim {
    let mut moves = classic_line(TODAY, 400);
    f(&mut moves);
    claim(TODAY, "Eve", Moves::Classic(moves))
}

/// Every forgery of the list: (what, body, status, code).
fn forgeries() -> Vec<(&'static str, Vec<u8>, u16, &'static str)> {
    let good = classic_win(1, "Ada", 400);
    let good_claim = Claim::parse(&good.payload).expect("parses");
    let mut list = Vec::new();

    let illegal = with_classic(|m| {
        // The first move's second tile swapped for a cell of the last pair.
        let last = m[m.len() - 1].pair.expect("a pair")[1];
        if let Some(p) = m[0].pair.as_mut() {
            p[1] = last;
        }
    });
    list.push(("an illegal move", reseal(&illegal, 2), 422, "illegal_move"));

    let other_day = claim(TODAY, "Eve", Moves::Classic(classic_line(YESTERDAY, 400)));
    list.push((
        "another day's deal",
        reseal(&other_day, 2),
        422,
        "illegal_move",
    ));

    let unfinished = with_classic(|m| {
        m.pop();
    });
    list.push((
        "a line that does not win",
        reseal(&unfinished, 2),
        422,
        "not_won",
    ));

    let half = with_classic(|m| m.truncate(m.len() / 2));
    list.push(("a shortened line", reseal(&half, 2), 422, "not_won"));

    let mut stack = stack_line(TODAY, 400);
    let times: Vec<u64> = stack.iter().map(|s| s.t).collect();
    stack.reverse();
    for (s, t) in stack.iter_mut().zip(times) {
        s.t = t;
    }
    let reordered = claim(TODAY, "Eve", Moves::Stack(stack));
    list.push((
        "a reordered line",
        reseal(&reordered, 2),
        422,
        "illegal_move",
    ));

    let falling = with_classic(|m| {
        let (a, b) = (m[3].t, m[4].t);
        m[3].t = b;
        m[4].t = a;
    });
    list.push(("falling times", reseal(&falling, 2), 422, "bad_times"));

    let fast = with_classic(|m| {
        for (i, s) in m.iter_mut().enumerate() {
            s.t = 100 * (i as u64 + 1);
        }
    });
    list.push(("too fast", reseal(&fast, 2), 422, "too_fast"));

    let mut mismatch = good_claim.clone();
    mismatch.time_ms += 1;
    list.push((
        "a time that is not the last move's",
        reseal(&mismatch, 2),
        422,
        "time_mismatch",
    ));

    let stranger = seal(&good_claim, &secret(9));
    let wrong_sig = Envelope {
        sig: stranger.sig.clone(),
        ..good.clone()
    };
    list.push(("a wrong signature", body(&wrong_sig), 401, "bad_signature"));

    let mut changed = good_claim.clone();
    changed.name = "Mallory".into();
    let replayed = Envelope {
        payload: seal(&changed, &secret(1)).payload,
        ..good.clone()
    };
    list.push((
        "a signature replayed onto a changed body",
        body(&replayed),
        401,
        "bad_signature",
    ));

    let edited = Envelope {
        payload: good.payload.replace("\"time_ms\":", "\"time_ms\":1"),
        ..good.clone()
    };
    list.push((
        "a body changed after signing",
        body(&edited),
        401,
        "bad_signature",
    ));

    let mut future = good_claim.clone();
    future.date = "2026-12-05".into();
    list.push(("a future date", reseal(&future, 2), 422, "date_closed"));

    let mut old = good_claim.clone();
    old.date = "2026-12-02".into();
    list.push(("a date two days old", reseal(&old, 2), 422, "date_closed"));

    let mut not_a_date = good_claim.clone();
    not_a_date.date = "2026-02-30".into();
    list.push(("not a date", reseal(&not_a_date, 2), 400, "bad_date"));

    let long: Vec<StackStep> = (0..100_000u64)
        .map(|i| StackStep::took(100 * (i + 1), 1))
        .collect();
    let long = claim(TODAY, "Eve", Moves::Stack(long));
    list.push(("a 100,000-move line", reseal(&long, 2), 413, "too_large"));

    list.push((
        "malformed JSON",
        b"{\"payload\": \"{\", \"key\"".to_vec(),
        400,
        "bad_json",
    ));
    list.push((
        "a claim that is not JSON",
        body(&Envelope {
            payload: "nope".into(),
            ..seal(&good_claim, &secret(2))
        }),
        401,
        "bad_signature",
    ));

    for name in ["a\u{0}b", "E\nve", "\u{202e}evE", "   ", ""] {
        let mut c = good_claim.clone();
        c.name = name.into();
        list.push((
            "a name with control characters",
            reseal(&c, 2),
            400,
            "bad_name",
        ));
    }

    let mode = seal(&good_claim, &secret(2))
        .payload
        .replace("\"mode\":\"classic\"", "\"mode\":\"blitz\"");
    let bad_mode = seal_payload(&mode, 2);
    list.push(("a bad mode", body(&bad_mode), 400, "bad_json"));

    let v2 = seal_payload(&good.payload.replace("\"v\":1", "\"v\":2"), 1);
    list.push(("claim version 2", body(&v2), 400, "bad_json"));

    let bad_key = Envelope {
        key: "zz".repeat(32),
        ..good.clone()
    };
    list.push(("a key that is not hex", body(&bad_key), 400, "bad_key"));
    list
}

/// `payload` signed by player `n` as is.
fn seal_payload(payload: &str, n: u8) -> Envelope {
    sign_payload(payload, &secret(n))
}

#[test]
fn forgeries_are_refused_and_nothing_is_stored() {
    let list = forgeries();
    each_db(|db| {
        let server = Server::start(db);
        for (what, body, status, code) in &list {
            let r = if body.len() > 65_536 {
                server.post_announced("/api/v1/results", body)
            } else {
                server.post("/api/v1/results", body)
            };
            assert_eq!(
                (r.status, r.code()),
                (*status, *code),
                "{what} on {}: {}",
                db.kind,
                r.text
            );
            assert!(
                r.body["message"].as_str().is_some_and(|m| !m.is_empty()),
                "{what}"
            );
        }
        // A 10 MB body, announced: refused before it is read.
        let r = server.post_announced("/api/v1/results", &vec![b' '; 10 << 20]);
        assert_eq!((r.status, r.code()), (413, "too_large"), "{}", r.text);
        assert_eq!(server.stored(), vec![], "nothing stored on {}", db.kind);
        // The valid claim the forgeries were made from is taken.
        let r = server.submit(&classic_win(1, "Ada", 400));
        assert_eq!(r.status, 200, "{}", r.text);
        assert_eq!(server.stored().len(), 1);
    });
}
