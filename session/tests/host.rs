//! What the session takes from its host and its store: the seeds of new games and
//! journeys and the clock (the daily deal's date, the dates of best times) come from the
//! `Host`, and a store that is full keeps the last save while the game goes on. The web
//! shell relies on exactly this.

mod common;

use common::{options, Shell, NOON_MS};
use llk_engine::code::SEED_LIMIT;
use llk_session::memory::{FixedHost, MemoryStore};
use llk_session::mode::AnyGame;
use llk_session::Host;
use serde_json::{json, Value};

#[test]
fn the_first_game_is_dealt_from_the_hosts_entropy() {
    let first_draw = FixedHost::new(0, 42).random_u64();
    let mut shell = Shell::load(&MemoryStore::new(), 42);
    let game = shell.ok("start", json!({}))["game"].clone();
    assert_eq!(
        game["options"]["seed"],
        json!((first_draw % SEED_LIMIT).to_string())
    );
    let mut twin = Shell::load(&MemoryStore::new(), 42);
    assert_eq!(
        twin.ok("start", json!({}))["game"],
        game,
        "the same host, the same deal"
    );
    let mut other = Shell::load(&MemoryStore::new(), 43);
    assert_ne!(
        other.ok("start", json!({}))["game"]["options"],
        game["options"]
    );
}

#[test]
fn a_new_journey_is_seeded_by_the_host() {
    let host = FixedHost::new(0, 7);
    let (first, second) = (host.random_u64(), host.random_u64());
    let mut shell = Shell::load(&MemoryStore::new(), 7);
    shell.ok("journey_start", json!({}));
    let seed = |shell: &Shell| match shell.session.game() {
        Ok(AnyGame::Journey(j)) => j.seed(),
        other => panic!("not a journey: {other:?}"),
    };
    assert_eq!(seed(&shell), first);
    shell.ok("journey_start", json!({ "restart": true }));
    assert_eq!(seed(&shell), second, "the next draw");
}

#[test]
fn dates_come_from_the_hosts_clock() {
    let mut shell = Shell::load(&MemoryStore::new(), 1);
    assert_eq!(shell.ok("daily_status", json!({}))["today"], "2026-11-30");
    let daily = shell.ok("daily_deal", json!({}));
    let status = shell.ok("daily_status", json!({}));
    assert_eq!(status["current"], "2026-11-30", "today's deal: {daily}");
    assert_eq!(shell.ok("statistics", json!({}))["current"], "daily");
    // The next day: yesterday's deal is no longer today's.
    shell.host.set_now(NOON_MS + 86_400_000);
    assert_eq!(shell.ok("daily_status", json!({}))["today"], "2026-12-01");

    // A best time is dated by the host's clock, in seconds.
    shell.host.set_now(NOON_MS + 5_000);
    shell.ok("new_game", json!({ "options": options(4, 4, 4, 5) }));
    shell.win(0);
    let stats = shell.ok("statistics", json!({}));
    let best = &stats["groups"]["classic/4x4/4"]["best"];
    assert_eq!(best[0]["at"], json!(NOON_MS / 1000 + 5), "{stats}");
}

#[test]
fn a_full_store_keeps_the_last_save_and_the_game_goes_on() {
    let store = MemoryStore::new();
    let mut shell = Shell::load(&store, 1);
    shell.ok("new_game", json!({ "options": options(6, 6, 6, 11) }));
    shell.match_hinted(1000);
    let before = store.get("game.json").expect("saved");

    store.set_quota(Some(0));
    shell.match_hinted(2000);
    let res = shell.match_hinted(3000);
    assert_eq!(res["outcome"]["kind"], "matched", "the game goes on");
    assert_eq!(
        store.get("game.json"),
        Some(before.clone()),
        "the last save is kept"
    );
    assert!(
        store.refused().iter().any(|n| n == "game.json"),
        "{:?}",
        store.refused()
    );
    let settings =
        json!({ "language": "en", "auto_shuffle": false, "muted": true, "intro_seen": true });
    let e = shell
        .invoke("set_settings", json!({ "settings": settings }))
        .expect_err("settings cannot be saved");
    assert_eq!(e.code(), "storage");
    assert!(e.to_string().contains("applied but not saved"), "{e}");
    assert_eq!(
        shell.ok("get_settings", json!({})),
        settings,
        "applied for now"
    );

    // Room again: the next move saves, and a new session resumes exactly.
    store.set_quota(None);
    shell.match_hinted(4000);
    let last = shell.ok("game_state", json!({}));
    shell.session.flush();
    assert_ne!(store.get("game.json"), Some(before));
    let mut resumed = Shell::load(&store, 2);
    let start = resumed.ok("start", json!({}));
    assert_eq!((&start["notice"], &start["game"]), (&Value::Null, &last));
}
