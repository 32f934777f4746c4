//! Helpers for the session's tests over the in-memory store and host: a session as a
//! shell holds one, commands sent the way the view sends them, and a few plays.

#![allow(dead_code)] // each test target uses part of these

use llk_session::error::AppError;
use llk_session::invoke::invoke;
use llk_session::memory::{FixedHost, MemoryStore};
use llk_session::Session;
use serde_json::{json, Value};

/// 2026-11-30T12:00:00Z, the hosts' clock unless a test sets another.
pub const NOON_MS: u64 = 1_796_040_000_000;

/// A session with the store and host it was loaded from (handles: they share state).
pub struct Shell {
    pub session: Session,
    pub store: MemoryStore,
    pub host: FixedHost,
}

impl Shell {
    /// Loads a session from `store`, with a host at [`NOON_MS`] drawing from `seed`.
    pub fn load(store: &MemoryStore, seed: u64) -> Shell {
        let host = FixedHost::new(NOON_MS, seed);
        Shell {
            session: Session::load(Box::new(store.clone()), Box::new(host.clone())),
            store: store.clone(),
            host,
        }
    }

    pub fn invoke(&mut self, command: &str, args: Value) -> Result<Value, AppError> {
        invoke(&mut self.session, command, &args)
    }

    /// A command that must succeed.
    pub fn ok(&mut self, command: &str, args: Value) -> Value {
        match self.invoke(command, args.clone()) {
            Ok(v) => v,
            Err(e) => panic!("{command}({args}) failed: {e}"),
        }
    }

    /// Plays the hinted pair at game time `t`; returns `select`'s answer.
    pub fn match_hinted(&mut self, t: u64) -> Value {
        let hint = self.ok("hint", json!({}))["hint"].clone();
        assert!(!hint.is_null(), "a pair to play");
        let tap = |cell: &Value, t| json!({ "row": cell[0], "col": cell[1], "elapsedMs": t });
        self.ok("select", tap(&hint["a"], t));
        self.ok("select", tap(&hint["b"], t))
    }

    /// Clears the board, a pair every second from `t`; returns the winning answer.
    pub fn win(&mut self, mut t: u64) -> Value {
        loop {
            t += 1000;
            let res = self.match_hinted(t);
            if res["game"]["status"] == "won" {
                return res;
            }
        }
    }
}

/// Classic `new_game` options as the view sends them.
pub fn options(rows: usize, cols: usize, kinds: usize, seed: u64) -> Value {
    json!({
        "rows": rows, "cols": cols, "kinds": kinds, "seed": seed.to_string(),
        "solvable": true, "ring": true, "auto_shuffle": false, "slide": "none",
    })
}
