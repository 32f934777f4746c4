//! Online play of the daily challenge through the session's commands (docs/ipc.md): the
//! identity made once and kept, the name and server rules, a daily game won by playing
//! the deal's own solution recorded as a line the server's checks accept (the envelope
//! opens, the engine's replay wins it), help making it unpostable, and the outbox kept
//! across reloads until delivered or refused.

mod common;

use common::Shell;
use llk_engine::classic::game::{Game, GameOptions, Outcome, JUDGE_BUDGET};
use llk_engine::classic::replay as classic_replay;
use llk_engine::code::daily::{daily_options, UtcDate};
use llk_engine::code::daily_stack::daily_stack_options;
use llk_engine::stack::game::StackGame;
use llk_engine::stack::replay as stack_replay;
use llk_online::{open, Moves};
use llk_session::memory::MemoryStore;
use serde_json::{json, Value};

const TODAY: &str = "2026-11-30";

fn today() -> UtcDate {
    UtcDate::parse(TODAY).expect("date")
}

/// Posting on as "Ada".
fn posting(shell: &mut Shell) -> Value {
    shell.ok(
        "set_online",
        json!({ "posting": true, "name": " Ada ", "server": "" }),
    )
}

/// The daily deal's solution: the pairs the engine's certificate plays, in order.
fn classic_solution(options: GameOptions) -> Vec<[Value; 2]> {
    let mut g = Game::new(options).expect("deal");
    let mut pairs = Vec::new();
    while let Ok(Outcome::Matched { removed, .. }) = g.solve_step(0, JUDGE_BUDGET) {
        pairs.push(removed.map(|p| json!([p.row, p.col])));
    }
    assert_eq!(pairs.len(), 72, "the 18x8 deal is cleared by 72 matches");
    pairs
}

/// Plays `pairs` from `from` on, a match every 700 ms of game time (taps 300 ms apart).
fn play_classic(shell: &mut Shell, pairs: &[[Value; 2]], from: usize) -> Value {
    let mut last = Value::Null;
    for (i, [a, b]) in pairs.iter().enumerate().skip(from) {
        let t = 1000 + 700 * i as u64;
        for (cell, at) in [(a, t), (b, t + 300)] {
            last = shell.ok(
                "select",
                json!({ "row": cell[0], "col": cell[1], "elapsedMs": at }),
            );
        }
    }
    last
}

fn outbox(shell: &mut Shell) -> Vec<Value> {
    match shell.ok("online_outbox", json!({})) {
        Value::Array(items) => items,
        other => panic!("not a list: {other}"),
    }
}

#[test]
fn the_identity_is_made_once_and_kept_across_reloads() {
    let store = MemoryStore::new();
    let mut shell = Shell::load(&store, 1);
    assert!(
        store.get("identity.json").is_none(),
        "made on first use only"
    );
    let status = shell.ok("online_status", json!({}));
    let key = status["key"].as_str().expect("key").to_string();
    assert_eq!(key.len(), 64);
    assert_eq!(
        (&status["posting"], &status["name"], &status["server"]),
        (&json!(false), &json!(""), &json!("")),
        "off, unnamed, no server by default"
    );
    assert_eq!(shell.ok("online_status", json!({}))["key"], key);
    shell.session.flush();
    // Another host's entropy: the saved key is kept, not made again.
    let mut again = Shell::load(&store, 2);
    assert_eq!(again.ok("online_status", json!({}))["key"], key);

    // A damaged identity is set aside with the notice and a new key made.
    store.put("identity.json", "{\"version\":1,\"secret\":\"zz\"}");
    let mut fresh = Shell::load(&store, 3);
    let start = fresh.ok("start", json!({}));
    assert_eq!(start["notices"][0]["file"], "identity", "{start}");
    assert!(store.get("identity.json.corrupt").is_some());
    let new_key = fresh.ok("online_status", json!({}))["key"].clone();
    assert_ne!(new_key, json!(key));
}

#[test]
fn names_and_servers_are_checked() {
    let mut shell = Shell::load(&MemoryStore::new(), 1);
    let set = |shell: &mut Shell, posting: Value, name: Value, server: Value| {
        shell
            .invoke(
                "set_online",
                json!({ "posting": posting, "name": name, "server": server }),
            )
            .map_err(|e| e.code())
    };
    let ok = set(
        &mut shell,
        json!(true),
        json!("Rene\u{301} "),
        json!("https://x.org/"),
    )
    .expect("accepted");
    assert_eq!(
        (&ok["name"], &ok["server"]),
        (&json!("René"), &json!("https://x.org"))
    );
    for (posting, name, server, code) in [
        (true, "", "", "bad_name"),
        (false, "a\nb", "", "bad_name"),
        (false, "   ", "", "bad_name"),
        (false, "0123456789abcdefghijk", "", "bad_name"),
        (false, "Ada", "ftp://x.org", "bad_server"),
        (false, "Ada", "https://me:pw@x.org", "bad_server"),
    ] {
        let got = set(&mut shell, json!(posting), json!(name), json!(server));
        assert_eq!(got.err(), Some(code), "{name:?} {server:?}");
    }
    assert_eq!(
        set(&mut shell, json!("yes"), json!("Ada"), json!("")).err(),
        Some("bad_argument")
    );
    let status = shell.ok("online_status", json!({}));
    assert_eq!(status["name"], "René", "a refused change changes nothing");
    let off = set(&mut shell, json!(false), json!(""), json!("")).expect("unnamed, off");
    assert_eq!((&off["posting"], &off["name"]), (&json!(false), &json!("")));
}

#[test]
fn a_won_daily_deal_is_sealed_into_the_outbox_and_replays_to_a_win() {
    let store = MemoryStore::new();
    let mut shell = Shell::load(&store, 4);
    let key = posting(&mut shell)["key"].clone();
    let game = shell.ok("daily_deal", json!({}));
    let options: GameOptions = serde_json::from_value(game["options"].clone()).expect("options");
    assert_eq!(options.seed, daily_options(today()).seed);
    let pairs = classic_solution(options);
    // Half the game, a relaunch, the rest: the line is kept with the save.
    play_classic(&mut shell, &pairs[..36], 0);
    shell.session.flush();
    let mut shell = Shell::load(&store, 5);
    let status = shell.ok("daily_status", json!({}));
    assert_eq!(
        (&status["postable"], &status["posting"]),
        (&json!(true), &json!(true))
    );
    let won = play_classic(&mut shell, &pairs, 36);
    assert_eq!(won["game"]["status"], "won", "{won}");

    let items = outbox(&mut shell);
    assert_eq!(items.len(), 1, "{items:?}");
    assert_eq!(
        (&items[0]["date"], &items[0]["mode"]),
        (&json!(TODAY), &json!("classic"))
    );
    let body = items[0]["body"].as_str().expect("body");
    let claim = open(body.as_bytes()).expect("the envelope opens");
    assert_eq!(
        (claim.key.as_str(), claim.name.as_str()),
        (key.as_str().unwrap(), "Ada")
    );
    assert_eq!(claim.time_ms, 1000 + 700 * 71 + 300, "the last move's time");
    assert_eq!(claim.auto_shuffle, options.auto_shuffle);
    let Moves::Classic(steps) = &claim.moves else {
        panic!("classic moves");
    };
    let start = Game::new(options).expect("deal");
    let replayed = classic_replay::replay(&start, steps, claim.time_ms).expect("replays to a win");
    assert!(!replayed.props);
    assert_eq!(
        shell.ok("daily_status", json!({}))["today_best_ms"],
        json!(claim.time_ms)
    );

    // The outbox survives a reload; delivered, it keeps the answer.
    shell.session.flush();
    let mut shell = Shell::load(&store, 6);
    assert_eq!(outbox(&mut shell), items);
    assert_eq!(shell.ok("online_status", json!({}))["pending"], 1);
    let answer = json!({
        "date": TODAY, "mode": "classic", "time_ms": claim.time_ms, "props": false,
        "best_ms": claim.time_ms, "best_props": false, "improved": true,
        "rank": 3, "finishers": 41, "top_percent": 8,
    });
    let status = shell.ok(
        "online_delivered",
        json!({ "id": items[0]["id"], "answer": answer }),
    );
    assert_eq!(
        (&status["pending"], &status["answers"][0]),
        (&json!(0), &answer)
    );
    assert!(outbox(&mut shell).is_empty());
    let day = shell.ok("daily_status", json!({}));
    assert_eq!(
        (&day["classic_answer"], &day["stack_answer"]),
        (&answer, &Value::Null)
    );
    shell.session.flush();
    let mut shell = Shell::load(&store, 7);
    assert_eq!(
        shell.ok("online_status", json!({}))["answers"][0],
        answer,
        "kept"
    );
}

#[test]
fn a_hint_makes_the_daily_game_unpostable() {
    let mut shell = Shell::load(&MemoryStore::new(), 8);
    posting(&mut shell);
    let game = shell.ok("daily_deal", json!({ "mode": "classic" }));
    let options: GameOptions = serde_json::from_value(game["options"].clone()).expect("options");
    let pairs = classic_solution(options);
    shell.ok("hint", json!({}));
    assert_eq!(shell.ok("daily_status", json!({}))["postable"], false);
    let won = play_classic(&mut shell, &pairs, 0);
    assert_eq!(won["game"]["status"], "won");
    assert!(outbox(&mut shell).is_empty(), "nothing to post");
    assert!(shell.ok("daily_status", json!({}))["today_best_ms"].is_number());
}

#[test]
fn posting_off_or_another_game_posts_nothing() {
    let mut shell = Shell::load(&MemoryStore::new(), 9);
    shell.ok(
        "set_online",
        json!({ "posting": false, "name": "Ada", "server": "" }),
    );
    let game = shell.ok("daily_deal", json!({}));
    let options: GameOptions = serde_json::from_value(game["options"].clone()).expect("options");
    let pairs = classic_solution(options);
    play_classic(&mut shell, &pairs, 0);
    assert!(outbox(&mut shell).is_empty(), "posting is off");
    // The same deal from another day is no daily challenge of today.
    posting(&mut shell);
    let other = GameOptions {
        seed: options.seed + 1,
        ..options
    };
    shell.ok("new_game", json!({ "options": other }));
    assert_eq!(shell.ok("daily_status", json!({}))["postable"], false);
}

#[test]
fn the_daily_stack_challenge_is_posted_and_refusals_are_remembered() {
    let store = MemoryStore::new();
    let mut shell = Shell::load(&store, 10);
    posting(&mut shell);
    let game = shell.ok("daily_deal", json!({ "mode": "stack" }));
    assert_eq!(game["mode"], "stack");
    let options = daily_stack_options(today());
    assert_eq!(game["options"]["seed"], json!(options.seed.to_string()));
    let start = StackGame::new(options).expect("deal");
    let line = start.certificate().to_vec();
    for (i, id) in line.iter().enumerate() {
        let res = shell.ok(
            "select",
            json!({ "id": id, "elapsedMs": 500 + 400 * i as u64 }),
        );
        assert_ne!(res["game"]["status"], "lost");
    }
    let status = shell.ok("daily_status", json!({}));
    assert_eq!(status["stack_current"], TODAY);
    assert!(status["stack_best_ms"].is_number(), "{status}");
    let items = outbox(&mut shell);
    assert_eq!(items.len(), 1);
    let claim = open(items[0]["body"].as_str().unwrap().as_bytes()).expect("opens");
    let Moves::Stack(steps) = &claim.moves else {
        panic!("stack moves");
    };
    stack_replay::replay(&start, steps, claim.time_ms).expect("replays to a win");

    let status = shell.ok(
        "online_refused",
        json!({ "id": items[0]["id"], "error": { "error": "date_closed", "message": "closed" } }),
    );
    assert_eq!(status["pending"], 0);
    assert_eq!(status["refused"][0]["error"], "date_closed");
    assert_eq!(status["refused"][0]["mode"], "stack");
    shell.session.flush();
    assert!(Shell::load(&store, 11).ok("online_status", json!({}))["refused"][0]["id"].is_string());
}
