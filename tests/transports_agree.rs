//! The two ways into the session answer alike: the desktop's Tauri commands (through the
//! mock runtime's IPC, each argument taken by Tauri) and the session's own JSON dispatcher
//! `llk_session::invoke::invoke` (what the web shell calls). The command fuzzer's random,
//! often malformed requests, and a journey level played to its end, go to both, each over
//! its own in-memory store and an identical fixed host; every answer (payload or `{code,
//! message}`) must be the same, as must the files each one saved. This is what "no
//! command's meaning is written twice" buys.

mod common;
mod fuzz;

use std::collections::BTreeMap;

use common::{cells, TestApp};
use fuzz::gen::Gen;
use fuzz::table::TABLE;
use llk_engine::classic::slide::{self, SlideRule};
use llk_engine::classic::{Board, Budget};
use llk_session::invoke::invoke;
use llk_session::memory::{FixedHost, MemoryStore};
use llk_session::Session;
use serde_json::{json, Value};

/// 2026-11-30T12:00:00Z.
const NOON_MS: u64 = 1_796_040_000_000;

/// The desktop app and a bare session, loaded alike, each on its own files.
struct Both {
    app: TestApp,
    web: Session,
    files: (MemoryStore, MemoryStore),
    /// Per command name: requests accepted, requests sent.
    tally: BTreeMap<&'static str, (u32, u32)>,
}

impl Both {
    fn new(seed: u64) -> Both {
        let files = (MemoryStore::new(), MemoryStore::new());
        let session = |store: &MemoryStore| {
            Session::load(
                Box::new(store.clone()),
                Box::new(FixedHost::new(NOON_MS, seed)),
            )
        };
        Both {
            app: TestApp::with_session(session(&files.0)),
            web: session(&files.1),
            files,
            tally: BTreeMap::new(),
        }
    }

    /// Sends `name(args)` to both; panics unless they answer alike. `ctx` names the request.
    fn send(&mut self, name: &'static str, args: &Value, ctx: &str) -> Result<Value, Value> {
        let desktop = self.app.invoke(name, args.clone());
        let direct = invoke(&mut self.web, name, args).map_err(|e| json!(e.body()));
        assert_eq!(
            desktop, direct,
            "{ctx}: {name}({args}) answered differently"
        );
        let t = self.tally.entry(name).or_default();
        t.0 += u32::from(direct.is_ok());
        t.1 += 1;
        direct
    }

    fn ok(&mut self, name: &'static str, args: Value) -> Value {
        self.send(name, &args, "script")
            .unwrap_or_else(|e| panic!("{name}({args}) refused: {e}"))
    }

    /// Flushes both and checks they saved the same files with the same contents.
    fn same_files(&self, ctx: &str) {
        self.app.flush();
        self.web.flush();
        let (desktop, web) = &self.files;
        assert_eq!(desktop.names(), web.names(), "{ctx}: files");
        for name in desktop.names() {
            assert_eq!(desktop.get(&name), web.get(&name), "{ctx}: {name}");
        }
    }
}

/// Sends `steps` random requests from `seed` to both.
fn random_requests(seed: u64, steps: u64) -> BTreeMap<&'static str, (u32, u32)> {
    let mut both = Both::new(seed);
    let mut g = Gen::new(seed);
    let mut current: Option<Value> = None;
    for step in 0..steps {
        let cmd = &TABLE[g.below(TABLE.len())];
        let args = (cmd.args)(&mut g, current.as_ref());
        let _ = both.send(cmd.name, &args, &format!("seed {seed} step {step}"));
        current = both.app.invoke("game_state", json!({})).ok();
    }
    both.same_files(&format!("seed {seed}"));
    both.tally
}

/// A pair that keeps the journey level winnable, from the engine (outside the session).
fn good_pair(v: &Value) -> (Value, Value) {
    let board = Board::from_rows(&cells(&v["game"]), true).expect("board");
    let rule: SlideRule = serde_json::from_value(v["journey"]["rule"].clone()).expect("rule");
    let p = slide::hint(&board, rule, Budget::nodes(200_000)).expect("a pair");
    (json!([p.a.row, p.a.col]), json!([p.b.row, p.b.col]))
}

/// A journey's first level cleared by taps, the next level, a retry, back to classic and
/// the journey continued: to both.
fn journey_played_through() -> BTreeMap<&'static str, (u32, u32)> {
    let mut both = Both::new(99);
    let mut v = both.ok("journey_start", json!({}));
    let mut t = 0;
    while v["journey"]["status"] == "playing" {
        let (a, b) = good_pair(&v);
        t += 700;
        for cell in [a, b] {
            let res = both.ok(
                "select",
                json!({ "row": cell[0], "col": cell[1], "elapsedMs": t }),
            );
            v = res["game"].clone();
        }
    }
    assert_eq!(v["journey"]["status"], "won", "{v}");
    assert_eq!(both.ok("journey_next", json!({}))["journey"]["level"], 2);
    both.ok("hint", json!({}));
    both.ok("journey_retry", json!({}));
    both.ok("start", json!({}));
    both.ok("daily_deal", json!({}));
    both.ok("journey_start", json!({}));
    both.ok("statistics", json!({}));
    both.same_files("journey");
    both.tally
}

#[test]
fn the_tauri_commands_and_the_dispatcher_answer_alike() {
    let mut tally: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
    let runs = (1..=4)
        .map(|seed| random_requests(seed, 600))
        .chain([journey_played_through()]);
    for run in runs {
        for (name, (ok, sent)) in run {
            let t = tally.entry(name).or_default();
            t.0 += ok;
            t.1 += sent;
        }
    }
    eprintln!("accepted/sent per command: {tally:?}");
    for cmd in TABLE {
        let (ok, sent) = tally.get(cmd.name).copied().unwrap_or_default();
        assert!(ok > 0, "`{}` was never accepted ({sent} sent)", cmd.name);
    }
}
