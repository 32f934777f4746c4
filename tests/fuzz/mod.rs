//! The command-layer fuzzer: one seeded run sends a random, often malformed sequence of
//! every command in `table::TABLE` to a mock-runtime app and checks after each call that
//! a refusal is `{code, message}` with a known code and changed nothing, that the game
//! keeps its invariants (`check`), that payloads carry the current game, that undo
//! restores exactly, and now and then that a restart resumes exactly.

#![allow(dead_code)] // each test target uses part of the fuzzer

pub mod check;
pub mod gen;
pub mod table;

use std::path::Path;

use serde_json::{json, Value};
use tauri::ipc::InvokeBody;

use crate::common::TestApp;
use gen::Gen;
use table::{Cmd, Hist, TABLE};

/// What one run did.
#[derive(Debug, Default, Clone, Copy)]
pub struct Stats {
    pub commands: u64,
    pub refused: u64,
    pub undos_checked: u64,
    pub restarts: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.commands += o.commands;
        self.refused += o.refused;
        self.undos_checked += o.undos_checked;
        self.restarts += o.restarts;
    }
}

/// A data directory in memory when there is one (saves are fsynced; the fuzzer tests the
/// commands, not the disk).
pub fn data_dir() -> tempfile::TempDir {
    let shm = Path::new("/dev/shm");
    if shm.is_dir() {
        if let Ok(dir) = tempfile::tempdir_in(shm) {
            return dir;
        }
    }
    tempfile::tempdir().expect("tempdir")
}

/// The undo history as the fuzzer models it: the board before each undoable change
/// (`None` once it can no longer be compared), or unknown.
type Model = Option<Vec<Option<Value>>>;

fn current(app: &TestApp) -> Option<Value> {
    match app.invoke("game_state", json!({})) {
        Ok(v) => Some(v),
        Err(e) => {
            assert_eq!(code(&e), "no_game", "game_state refused: {e}");
            None
        }
    }
}

/// The code of a refusal, checked to be `{code, message}` with a known code.
fn code(e: &Value) -> String {
    let code = crate::common::error_code(e);
    assert!(
        check::KNOWN_CODES.contains(&code.as_str()),
        "unknown error code {code}: {e}"
    );
    code
}

/// Commands that save the game only when they change it (`start` of a saved game,
/// `set_settings` without a new auto-shuffle, `journey_start` continuing the journey,
/// `judge`, which only learns about the position).
const SAVE_ONLY_A_CHANGE: &[&str] = &["start", "set_settings", "journey_start", "judge"];

/// Whether `cmd`, which answered `payload`, saved the game (`before` → `after`):
/// every change is saved but a tap that only moved the selection (selected, deselected,
/// switched), which is transient; commands that read only save nothing.
fn saves_game(cmd: &Cmd, payload: &Value, before: &Option<Value>, after: &Option<Value>) -> bool {
    let name = cmd.name;
    if cmd.read_only {
        return false;
    }
    if name == "select" {
        let kind = payload["outcome"]["kind"].as_str();
        return !matches!(kind, Some("selected" | "deselected" | "switched"));
    }
    !SAVE_ONLY_A_CHANGE.contains(&name) || check::settled(after) != check::settled(before)
}

/// Runs `steps` commands from `seed`; panics (naming seed and step) on the first broken
/// invariant.
pub fn run(seed: u64, steps: u64) -> Stats {
    let dir = data_dir();
    let mut app = TestApp::new(dir.path());
    let mut g = Gen::new(seed);
    let mut stats = Stats::default();
    let mut model: Model = Some(Vec::new());
    let mut before = current(&app);
    // The game as it was last saved: a tap that only moved the selection is not saved.
    let mut saved = check::settled(&before);
    for step in 0..steps {
        // Now and then: quit and relaunch; the game must resume exactly as last saved. What
        // the solver learnt about the position (a `judge` verdict) is a cache that is not
        // saved, so a resumed game may know less until it is judged again: it is compared
        // without it.
        if g.below(5000) == 0 {
            drop(app);
            app = TestApp::new(dir.path());
            let resumed = current(&app);
            assert_eq!(
                check::settled(&resumed),
                saved,
                "seed {seed} step {step}: restart changed the game"
            );
            before = resumed;
            stats.restarts += 1;
        }
        let malformed_body = g.below(200) == 0;
        let cmd = &TABLE[g.below(TABLE.len())];
        let args = (cmd.args)(&mut g, before.as_ref());
        let ctx = format!("seed {seed} step {step}: {}({args})", cmd.name);
        let res = if malformed_body {
            let bytes: Vec<u8> = (0..g.below(8)).map(|_| g.below(256) as u8).collect();
            app.invoke_body(cmd.name, InvokeBody::Raw(bytes))
        } else {
            app.invoke(cmd.name, args)
        };
        stats.commands += 1;
        let after = current(&app);
        if let Some(view) = &after {
            if let Err(why) = check::game(view) {
                panic!("{ctx}: {why}\n{view}");
            }
        }
        match res {
            Err(e) => {
                stats.refused += 1;
                let c = code(&e);
                assert_eq!(
                    check::settled(&after),
                    check::settled(&before),
                    "{ctx}: refused ({e}) but the game changed"
                );
                if c == "nothing_to_undo" {
                    if let Some(h) = &model {
                        assert!(h.is_empty(), "{ctx}: nothing to undo, history {}", h.len());
                    }
                }
            }
            Ok(payload) => {
                if cmd.read_only {
                    assert_eq!(after, before, "{ctx}: a read-only command changed the game");
                }
                let view = after.as_ref().map(check::untagged);
                // A payload that carries a game carries the current one.
                let carried = match payload.get("game") {
                    // A journey view nests its level's board under `game`.
                    _ if payload.get("journey").is_some() => Some(&payload),
                    // `null`: the command left the game as it was (set_settings).
                    Some(Value::Null) => None,
                    Some(game) => Some(game),
                    None if payload.get("cells").is_some() || payload.get("tiles").is_some() => {
                        Some(&payload)
                    }
                    None => None,
                };
                if let Some(game) = carried {
                    assert_eq!(Some(check::untagged(game)), view, "{ctx}: stale payload");
                }
                if saves_game(cmd, &payload, &before, &after) {
                    saved = check::settled(&after);
                }
                let effect = (cmd.effect)(before.as_ref(), &payload);
                let board = |v: &Option<Value>| v.as_ref().map(check::board);
                match effect {
                    Hist::Keep => {
                        assert_eq!(board(&after), board(&before), "{ctx}: the board moved")
                    }
                    Hist::Push => {
                        if let Some(h) = &mut model {
                            h.push(board(&before));
                        }
                    }
                    Hist::Pop => {
                        if let Some(h) = &mut model {
                            let top = h.pop();
                            assert!(top.is_some(), "{ctx}: undo with an empty history");
                            if let Some(Some(expected)) = top {
                                assert_eq!(board(&after).as_ref(), Some(&expected), "{ctx}: undo");
                                stats.undos_checked += 1;
                            }
                        }
                    }
                    Hist::Clear => model = Some(Vec::new()),
                    Hist::Stale => {
                        if let Some(h) = &mut model {
                            h.iter_mut().for_each(|b| *b = None);
                        }
                    }
                    Hist::Unknown => model = None,
                }
                // Classic: `can_undo` is exactly "a history to undo, and not won".
                if let (Some(v), Some(h)) = (&after, &model) {
                    if v["mode"] == "classic" {
                        let can = !h.is_empty() && v["status"] != "won";
                        assert_eq!(v["can_undo"] == true, can, "{ctx}: can_undo");
                    }
                }
            }
        }
        before = after;
    }
    stats
}

/// Runs seeds `first..first + seeds` with `steps` each on `threads` threads; on a failure
/// prints the command that replays the failing seed, then fails.
pub fn campaign(first: u64, seeds: u64, steps: u64, threads: u64) -> Stats {
    let run_one = move |seed: u64| {
        std::panic::catch_unwind(move || run(seed, steps)).unwrap_or_else(|panic| {
            eprintln!(
                "FUZZ FAILURE: seed {seed}; replay with LLK_FUZZ_SEED={seed} LLK_FUZZ_STEPS={steps} \
                 cargo test -p lianliankan --test fuzz_commands replay -- --nocapture, then add \
                 ({seed}, {steps}) to REGRESSIONS in tests/fuzz_commands.rs"
            );
            std::panic::resume_unwind(panic)
        })
    };
    let per_thread = seeds.div_ceil(threads.max(1));
    let handles: Vec<_> = (0..threads.max(1))
        .map(|t| {
            std::thread::spawn(move || {
                let mut stats = Stats::default();
                let start = first + t * per_thread;
                let end = (start + per_thread).min(first + seeds);
                for seed in start..end {
                    stats += run_one(seed);
                }
                stats
            })
        })
        .collect();
    let mut total = Stats::default();
    for h in handles {
        match h.join() {
            Ok(s) => total += s,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
    total
}
