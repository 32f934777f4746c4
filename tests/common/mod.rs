//! Shared helpers for the command-layer tests: a mock-runtime app whose files live in a
//! directory the test chooses, and a way to invoke commands the way the view does.

#![allow(dead_code)]

use std::path::Path;

use lianliankan_lib::state::SharedState;
use serde_json::{json, Value};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, mock_context, noop_assets, MockRuntime};
use tauri::webview::InvokeRequest;
use tauri::{App, Manager, WebviewWindow, WebviewWindowBuilder};

/// The app under test with its one window.
pub struct TestApp {
    _app: App<MockRuntime>,
    window: WebviewWindow<MockRuntime>,
}

impl Drop for TestApp {
    /// Like quitting the app: what was queued is saved first.
    fn drop(&mut self) {
        self.flush();
    }
}

impl TestApp {
    /// A fresh app that loads and saves its files in `dir`.
    pub fn new(dir: &Path) -> TestApp {
        TestApp::open(lianliankan_lib::configure(
            mock_builder(),
            Some(dir.to_path_buf()),
        ))
    }

    /// A fresh app on a `Storage` the test prepared (e.g. a full disk).
    pub fn with_storage(store: lianliankan_lib::storage::Storage) -> TestApp {
        TestApp::open(lianliankan_lib::configure_storage(mock_builder(), store))
    }

    /// A fresh app over a session the test loaded (e.g. on an in-memory store).
    pub fn with_session(session: llk_session::Session) -> TestApp {
        TestApp::open(lianliankan_lib::configure_session(mock_builder(), session))
    }

    /// Builds the app `builder` configured, with its one window.
    fn open(builder: tauri::Builder<MockRuntime>) -> TestApp {
        let app = builder
            .build(mock_context(noop_assets()))
            .expect("build the mock app");
        let window = WebviewWindowBuilder::new(&app, "main", Default::default())
            .build()
            .expect("open the mock window");
        TestApp { _app: app, window }
    }

    /// Waits for the background saves: the shell writes files off the command path.
    pub fn flush(&self) {
        self._app.state::<SharedState>().lock().flush();
    }

    /// Invokes `cmd` with a JSON body; `Err` holds the rejection payload.
    pub fn invoke_body(&self, cmd: &str, body: InvokeBody) -> Result<Value, Value> {
        let request = InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().expect("url"),
            body,
            headers: Default::default(),
            invoke_key: tauri::test::INVOKE_KEY.to_string(),
        };
        get_ipc_response(&self.window, request).map(|b| {
            b.deserialize::<Value>()
                .expect("every response body is JSON")
        })
    }

    pub fn invoke(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        self.invoke_body(cmd, InvokeBody::Json(args))
    }

    /// Invokes a command that must succeed.
    pub fn ok(&self, cmd: &str, args: Value) -> Value {
        match self.invoke(cmd, args.clone()) {
            Ok(v) => v,
            Err(e) => panic!("{cmd}({args}) failed: {e}"),
        }
    }

    /// Invokes a command that must fail, checks the `{ code, message }` shape and returns
    /// the code.
    pub fn err(&self, cmd: &str, args: Value) -> String {
        match self.invoke(cmd, args.clone()) {
            Ok(v) => panic!("{cmd}({args}) succeeded with {v}, expected an error"),
            Err(e) => error_code(&e),
        }
    }

    pub fn start(&self) -> Value {
        self.ok("start", json!({}))
    }

    pub fn state(&self) -> Value {
        self.ok("game_state", json!({}))
    }

    /// A new game on a small solvable board.
    pub fn new_game(&self, rows: usize, cols: usize, kinds: usize, seed: u64) -> Value {
        self.ok(
            "new_game",
            json!({ "options": options(rows, cols, kinds, seed) }),
        )
    }

    pub fn select(&self, cell: &Value, elapsed_ms: u64) -> Result<Value, Value> {
        self.invoke(
            "select",
            json!({ "row": cell[0], "col": cell[1], "elapsedMs": elapsed_ms }),
        )
    }

    /// A classic hint: the pair, or `null`. Checks the `{mode, hint, game}` wrapper and
    /// that its game is the current one.
    pub fn classic_hint(&self) -> Value {
        let res = self.ok("hint", json!({}));
        assert_eq!(res["mode"], "classic", "{res}");
        let mut game = res["game"].clone();
        game["mode"] = json!("classic");
        assert_eq!(game, self.state(), "hint returns the game after it");
        res["hint"].clone()
    }

    /// A new stack game of `level` (a named level) dealt from `seed`.
    pub fn new_stack(&self, level: u32, seed: u64) -> Value {
        self.ok("new_game", json!({ "options": stack_options(level, seed) }))
    }

    /// Takes stack tile `id` (a JSON value, so tests can send anything).
    pub fn take(&self, id: Value, elapsed_ms: u64) -> Result<Value, Value> {
        self.invoke("select", json!({ "id": id, "elapsedMs": elapsed_ms }))
    }
}

/// Stack `new_game` options as the view sends them: `{"mode":"stack", ...StackOptions}`.
pub fn stack_options(level: u32, seed: u64) -> Value {
    json!({
        "mode": "stack", "level": level, "tiles": 30, "kinds": 3, "layers": 3, "peak": null,
        "seed": seed.to_string(), "random_fill": false, "tray": 7,
        "props": { "move_out": 1, "shuffle": 1, "undo": 1 },
    })
}

/// The ids of a stack view's tiles that can be taken now (free on the board, or held).
pub fn free_ids(view: &Value) -> Vec<u64> {
    tiles(view)
        .iter()
        .filter(|t| t["free"] == true)
        .map(|t| t["id"].as_u64().expect("id"))
        .collect()
}

/// The tiles of a stack view.
pub fn tiles(view: &Value) -> &Vec<Value> {
    view["tiles"].as_array().expect("tiles")
}

/// The ids in a stack view's list `key` (`tray` or `held`).
pub fn ids(view: &Value, key: &str) -> Vec<u64> {
    view[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key}: {view}"))
        .iter()
        .map(|v| v.as_u64().expect("id"))
        .collect()
}

/// Quits `app` (saving what was queued) and checks that a new app on `dir` resumes
/// exactly its game, without a notice.
pub fn assert_resumes(app: TestApp, dir: &Path) {
    let last = app.state();
    drop(app);
    let resumed = TestApp::new(dir).start();
    assert_eq!(resumed["notice"], Value::Null);
    assert_eq!(resumed["game"], last);
}

/// `GameOptions` as the view sends them (the seed travels as a string).
pub fn options(rows: usize, cols: usize, kinds: usize, seed: u64) -> Value {
    json!({
        "rows": rows, "cols": cols, "kinds": kinds, "seed": seed.to_string(),
        "solvable": true, "ring": true, "auto_shuffle": false, "slide": "none",
    })
}

/// Checks an error payload is exactly `{ code, message }` with both non-empty.
pub fn error_code(e: &Value) -> String {
    let obj = e
        .as_object()
        .unwrap_or_else(|| panic!("error is not an object: {e}"));
    assert_eq!(obj.len(), 2, "error has extra fields: {e}");
    let code = obj["code"]
        .as_str()
        .unwrap_or_else(|| panic!("no code: {e}"));
    let message = obj["message"]
        .as_str()
        .unwrap_or_else(|| panic!("no message: {e}"));
    assert!(
        !code.is_empty() && !message.is_empty(),
        "empty code or message: {e}"
    );
    code.to_string()
}

/// The cells of a `GameView` as a grid of kinds.
pub fn cells(view: &Value) -> Vec<Vec<Option<u64>>> {
    view["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .map(|row| {
            row.as_array()
                .expect("row")
                .iter()
                .map(Value::as_u64)
                .collect()
        })
        .collect()
}

/// Number of tiles of each kind.
pub fn census(grid: &[Vec<Option<u64>>]) -> std::collections::BTreeMap<u64, usize> {
    let mut counts = std::collections::BTreeMap::new();
    for kind in grid.iter().flatten().flatten() {
        *counts.entry(*kind).or_insert(0) += 1;
    }
    counts
}
