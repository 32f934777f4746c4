//! Command-layer tests on Tauri's mock runtime: every command, every kind of bad argument
//! (always a `{ code, message }` rejection, never a panic), and 10,000 random commands
//! checked against the rules from outside the engine.

mod common;

use common::{assert_resumes, cells, census, error_code, options, TestApp};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use tauri::ipc::InvokeBody;

type Grid = Vec<Vec<Option<u64>>>;

fn fresh() -> (tempfile::TempDir, TestApp) {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    (dir, app)
}

fn at(grid: &Grid, p: &Value) -> Option<u64> {
    let (r, c) = (p[0].as_i64()?, p[1].as_i64()?);
    let row = grid.get(usize::try_from(r).ok()?)?;
    *row.get(usize::try_from(c).ok()?)?
}

/// Checks `path` is a legal link between `a` and `b` on `grid`: 2–4 points joined by
/// horizontal and vertical segments (at most two turns), every point strictly between
/// the ends empty or on the ring (only when the ring is on), and `a`, `b` distinct tiles
/// of the same kind.
fn check_link(grid: &Grid, ring: bool, a: &Value, b: &Value, path: &Value) {
    let rows = grid.len() as i64;
    let cols = grid[0].len() as i64;
    let pts: Vec<(i64, i64)> = path
        .as_array()
        .expect("path is an array")
        .iter()
        .map(|p| (p[0].as_i64().expect("row"), p[1].as_i64().expect("col")))
        .collect();
    assert!(
        (2..=4).contains(&pts.len()),
        "path has {} points",
        pts.len()
    );
    let (pa, pb) = (
        (a[0].as_i64(), a[1].as_i64()),
        (b[0].as_i64(), b[1].as_i64()),
    );
    let first = (Some(pts[0].0), Some(pts[0].1));
    let last = (Some(pts[pts.len() - 1].0), Some(pts[pts.len() - 1].1));
    assert!(
        (first == pa && last == pb) || (first == pb && last == pa),
        "path {path} does not join {a} and {b}"
    );
    assert_ne!(a, b, "a tile cannot match itself");
    let (ka, kb) = (at(grid, a), at(grid, b));
    assert!(
        ka.is_some() && ka == kb,
        "{a}={ka:?} and {b}={kb:?} are not a pair"
    );
    let end = pts[pts.len() - 1];
    for w in pts.windows(2) {
        let ((r0, c0), (r1, c1)) = (w[0], w[1]);
        assert!(
            (r0 == r1) != (c0 == c1),
            "segment {:?}->{:?} is not straight",
            w[0],
            w[1]
        );
        let steps = (r1 - r0).abs().max((c1 - c0).abs());
        let (dr, dc) = ((r1 - r0).signum(), (c1 - c0).signum());
        for i in 0..=steps {
            let (r, c) = (r0 + dr * i, c0 + dc * i);
            if (r, c) == pts[0] || (r, c) == end {
                continue;
            }
            assert!(
                (-1..=rows).contains(&r) && (-1..=cols).contains(&c),
                "path leaves the ring at ({r}, {c})"
            );
            let inside = (0..rows).contains(&r) && (0..cols).contains(&c);
            if inside {
                assert_eq!(
                    grid[r as usize][c as usize], None,
                    "path crosses a tile at ({r}, {c})"
                );
            } else {
                assert!(ring, "path uses the ring at ({r}, {c}) but the ring is off");
            }
        }
    }
}

/// Checks the view's own consistency: sizes, `tiles_left`, every kind an even count.
fn check_view(view: &Value) -> Grid {
    let grid = cells(view);
    assert_eq!(grid.len() as u64, view["rows"].as_u64().expect("rows"));
    for row in &grid {
        assert_eq!(row.len() as u64, view["cols"].as_u64().expect("cols"));
    }
    let tiles = grid.iter().flatten().filter(|c| c.is_some()).count() as u64;
    assert_eq!(tiles, view["tiles_left"].as_u64().expect("tiles_left"));
    for (kind, n) in census(&grid) {
        assert_eq!(n % 2, 0, "kind {kind} has an odd count {n}");
    }
    grid
}

#[test]
fn before_a_game_commands_answer_or_say_no_game() {
    let (_dir, app) = fresh();
    let presets = app.ok("presets", json!({}));
    let presets = presets.as_array().expect("presets");
    assert!(presets.iter().any(|p| p["name"] == "10x10"));
    assert_eq!(
        app.ok("get_settings", json!({})),
        json!({ "language": "auto", "auto_shuffle": true, "muted": null, "intro_seen": false })
    );
    for cmd in ["game_state", "hint", "shuffle", "undo"] {
        assert_eq!(app.err(cmd, json!({})), "no_game", "{cmd}");
    }
    assert_eq!(
        app.err("select", json!({"row": 0, "col": 0, "elapsedMs": 0})),
        "no_game"
    );
    assert_eq!(app.err("set_elapsed", json!({"elapsedMs": 5})), "no_game");
}

#[test]
fn start_deals_a_game_that_hint_select_undo_and_shuffle_play() {
    let (_dir, app) = fresh();
    let start = app.start();
    assert_eq!(start["notice"], Value::Null);
    let view = &start["game"];
    let grid = check_view(view);
    assert_eq!(view["mode"], "classic");
    assert_eq!(view["status"], "playing");
    assert_eq!(view["can_undo"], false);
    assert_eq!(view["selection"], Value::Null);
    assert_eq!(view["best_score"], Value::Null);
    assert_eq!(
        view["tiles_left"].as_u64(),
        Some(view["rows"].as_u64().unwrap_or(0) * view["cols"].as_u64().unwrap_or(0))
    );
    assert_eq!(&app.state(), view);
    // A second start resumes the same game.
    assert_eq!(&app.start()["game"], view);

    let hint = app.classic_hint();
    check_link(&grid, true, &hint["a"], &hint["b"], &hint["path"]);
    assert_eq!(app.state()["counters"]["hints"], 1);

    let first = app.select(&hint["a"], 1000).expect("select a");
    assert_eq!(first["mode"], "classic");
    assert_eq!(first["outcome"]["kind"], "selected");
    assert_eq!(first["game"]["selection"], hint["a"]);
    let second = app.select(&hint["b"], 1500).expect("select b");
    let outcome = &second["outcome"];
    assert_eq!(outcome["kind"], "matched", "{outcome}");
    check_link(&grid, true, &hint["a"], &hint["b"], &outcome["path"]);
    let after = check_view(&second["game"]);
    assert_eq!(at(&after, &hint["a"]), None);
    assert_eq!(at(&after, &hint["b"]), None);
    assert_eq!(second["game"]["can_undo"], true);
    assert!(second["game"]["score"].as_u64() > Some(0));

    let undone = app.ok("undo", json!({}));
    assert_eq!(check_view(&undone), grid);

    let shuffled = app.ok("shuffle", json!({}));
    assert_eq!(census(&check_view(&shuffled)), census(&grid));
}

#[test]
fn elapsed_time_settings_and_new_games_are_taken() {
    let (_dir, app) = fresh();
    app.start();
    assert_eq!(
        app.ok("set_elapsed", json!({"elapsedMs": 12345})),
        Value::Null
    );
    assert_eq!(app.state()["elapsed_ms"], 12345);

    let settings =
        json!({ "language": "zh-Hans", "auto_shuffle": false, "muted": true, "intro_seen": true });
    assert_eq!(
        app.ok("set_settings", json!({ "settings": settings })),
        json!({ "settings": settings, "game": null })
    );
    assert_eq!(app.ok("get_settings", json!({})), settings);

    let view = app.new_game(4, 6, 6, 7);
    check_view(&view);
    assert_eq!(view["options"], options(4, 6, 6, 7));
    // Classic options may also name their mode.
    let mut opts = options(4, 6, 6, 7);
    opts["mode"] = json!("classic");
    assert_eq!(app.ok("new_game", json!({ "options": opts })), view);
    assert_eq!(
        (view["rows"].as_u64(), view["cols"].as_u64()),
        (Some(4), Some(6))
    );
    assert_eq!(app.state(), view);
}

#[test]
fn select_refuses_cells_off_the_board_and_malformed_arguments() {
    let (_dir, app) = fresh();
    app.new_game(4, 4, 4, 1);
    let sel = |row: Value, col: Value| {
        app.err("select", json!({ "row": row, "col": col, "elapsedMs": 0 }))
    };
    for (row, col) in [
        (json!(-1), json!(0)),
        (json!(0), json!(-1)),
        (json!(4), json!(0)),
        (json!(0), json!(4)),
        (json!(i64::MIN), json!(0)),
        (json!(32768), json!(0)),
        (json!(u64::MAX), json!(0)),
        (json!(1e300), json!(0)),
        (json!(0), json!(-1e300)),
    ] {
        assert_eq!(
            sel(row.clone(), col.clone()),
            "out_of_bounds",
            "({row}, {col})"
        );
    }
    for (row, col) in [
        (json!("1"), json!(0)),
        (json!(1.5), json!(0)),
        (json!(true), json!(0)),
        (json!([1]), json!(0)),
        (json!({}), json!(0)),
        (json!(null), json!(0)),
        (json!(0), json!("x")),
    ] {
        assert_eq!(
            sel(row.clone(), col.clone()),
            "bad_argument",
            "({row}, {col})"
        );
    }
    assert_eq!(
        app.err("select", json!({ "row": 0, "col": 0 })),
        "bad_argument"
    );
    assert_eq!(app.err("select", json!({})), "bad_argument");
    assert_eq!(app.err("select", json!([1, 2, 3])), "bad_argument");
    assert_eq!(app.err("select", json!("nonsense")), "bad_argument");
    assert_eq!(
        app.err("select", json!({ "row": 0, "col": 0, "elapsedMs": -1 })),
        "bad_argument"
    );
    assert_eq!(
        app.err("select", json!({ "row": 0, "col": 0, "elapsedMs": "soon" })),
        "bad_argument"
    );
    match app.invoke_body("select", InvokeBody::Raw(vec![0xff, 0, 1])) {
        Err(e) => assert_eq!(error_code(&e), "bad_argument"),
        Ok(v) => panic!("raw body accepted: {v}"),
    }
    check_view(&app.state());
}

#[test]
fn set_elapsed_and_undo_refuse_what_they_cannot_do() {
    let (_dir, app) = fresh();
    app.new_game(4, 4, 4, 1);
    for elapsed in [json!(-5), json!("1"), json!(null), json!(-0.5)] {
        assert_eq!(
            app.err("set_elapsed", json!({ "elapsedMs": elapsed })),
            "bad_argument"
        );
    }
    assert_eq!(app.err("set_elapsed", json!({})), "bad_argument");

    // Nothing to undo on a fresh deal.
    assert_eq!(app.err("undo", json!({})), "nothing_to_undo");
}

#[test]
fn new_game_refuses_missing_mistyped_and_impossible_options() {
    let (_dir, app) = fresh();
    app.new_game(4, 4, 4, 1);
    assert_eq!(app.err("new_game", json!({})), "bad_argument");
    assert_eq!(app.err("new_game", json!({ "options": 5 })), "bad_argument");
    let mut opts = options(4, 4, 4, 1);
    opts["rows"] = json!(-4);
    assert_eq!(
        app.err("new_game", json!({ "options": opts })),
        "bad_argument"
    );
    let mut opts = options(4, 4, 4, 1);
    opts["seed"] = json!("not a number");
    assert_eq!(
        app.err("new_game", json!({ "options": opts })),
        "bad_argument"
    );
    for (rows, cols, kinds) in [
        (0, 4, 2),
        (3, 3, 2),
        (4, 4, 0),
        (4, 4, 100),
        (1000, 1000, 36),
    ] {
        let code = app.err(
            "new_game",
            json!({ "options": options(rows, cols, kinds, 1) }),
        );
        assert_ne!(code, "internal", "{rows}x{cols}/{kinds}");
    }
    // The game survives every refusal.
    check_view(&app.state());
}

#[test]
fn set_settings_refuses_a_wrong_shape_language_or_field() {
    let (_dir, app) = fresh();
    for settings in [
        json!(null),
        json!("en"),
        json!({ "language": "klingon", "auto_shuffle": true }),
        json!({ "language": "en" }),
        json!({ "language": "en", "auto_shuffle": "yes" }),
        json!({ "language": "en", "auto_shuffle": true, "muted": null, "intro_seen": true, "extra": 1 }),
        json!({ "language": "en", "auto_shuffle": true, "muted": null }),
        json!({ "language": "en", "auto_shuffle": true, "muted": "no", "intro_seen": true }),
    ] {
        assert_eq!(
            app.err("set_settings", json!({ "settings": settings })),
            "bad_argument",
            "{settings}"
        );
    }
    assert_eq!(app.ok("get_settings", json!({}))["language"], "auto");
}

#[test]
fn a_won_game_sets_the_best_score_for_its_layout() {
    let (dir, app) = fresh();
    app.new_game(2, 4, 2, 3);
    let mut t = 0;
    loop {
        let view = app.state();
        if view["status"] == "won" {
            break;
        }
        let hint = app.classic_hint();
        assert!(
            !hint.is_null(),
            "a solvable deal never needs a shuffle here: {view}"
        );
        t += 700;
        app.select(&hint["a"], t).expect("select a");
        app.select(&hint["b"], t + 300).expect("select b");
    }
    let won = app.state();
    let score = won["score"].as_u64().expect("score");
    assert_eq!(won["best_score"].as_u64(), Some(score));
    assert_eq!(
        app.err("select", json!({"row": 0, "col": 0, "elapsedMs": t})),
        "game_over"
    );
    app.flush();
    let saved = std::fs::read_to_string(dir.path().join("scores.json")).expect("scores.json");
    assert!(saved.contains("2x4/2"), "{saved}");
    // A new game on the same layout shows it; another layout does not.
    assert_eq!(app.new_game(2, 4, 2, 4)["best_score"].as_u64(), Some(score));
    assert_eq!(app.new_game(4, 4, 2, 4)["best_score"], Value::Null);
}

/// The random walk's knowledge of the game, from outside the engine: the board, whether
/// paths may use the ring, and the boards before each undoable change.
struct Walk {
    app: TestApp,
    rng: ChaCha8Rng,
    view: Value,
    grid: Grid,
    ring: bool,
    history: Vec<Grid>,
    clock: u64,
    matches: usize,
}

impl Walk {
    fn new(app: TestApp) -> Walk {
        let view = app.start()["game"].clone();
        let grid = check_view(&view);
        Walk {
            app,
            rng: ChaCha8Rng::seed_from_u64(0x11c),
            view,
            grid,
            ring: true,
            history: Vec::new(),
            clock: 0,
            matches: 0,
        }
    }

    /// A refused command: a well-formed error, and the board unchanged.
    fn refused(&self, e: &Value, before: &Grid, ctx: &str) {
        error_code(e);
        assert_eq!(&check_view(&self.app.state()), before, "{ctx}: {e}");
    }

    /// A cell to tap: mostly a tile, sometimes near or far off the board.
    fn random_cell(&mut self) -> (i64, i64) {
        let (rows, cols) = (self.grid.len() as i64, self.grid[0].len() as i64);
        match self.rng.random_range(0..10) {
            0 => (
                self.rng.random_range(-3..rows + 3),
                self.rng.random_range(-3..cols + 3),
            ),
            1 => (
                self.rng.random_range(-100_000..100_000),
                self.rng.random_range(-100_000..100_000),
            ),
            _ => {
                let occupied: Vec<(i64, i64)> = (0..rows)
                    .flat_map(|r| (0..cols).map(move |c| (r, c)))
                    .filter(|&(r, c)| self.grid[r as usize][c as usize].is_some())
                    .collect();
                if occupied.is_empty() {
                    (0, 0)
                } else {
                    occupied[self.rng.random_range(0..occupied.len())]
                }
            }
        }
    }

    /// A tap: a match removes exactly a legal pair (or, with an auto-shuffle, keeps the
    /// other tiles); anything else leaves the board alone.
    fn select(&mut self, before: Grid, ctx: &str) {
        let (r, c) = self.random_cell();
        match self.app.select(&json!([r, c]), self.clock) {
            Ok(res) => {
                self.view = res["game"].clone();
                self.grid = check_view(&self.view);
                let outcome = &res["outcome"];
                if outcome["kind"] != "matched" {
                    assert_eq!(self.grid, before, "{ctx}: {outcome}");
                    return;
                }
                self.matches += 1;
                let removed = &outcome["removed"];
                check_link(
                    &before,
                    self.ring,
                    &removed[0],
                    &removed[1],
                    &outcome["path"],
                );
                let kind = at(&before, &removed[0]).expect("kind");
                let mut expect = census(&before);
                let n = expect.get_mut(&kind).expect("count");
                *n -= 2;
                if *n == 0 {
                    expect.remove(&kind);
                }
                assert_eq!(census(&self.grid), expect, "{ctx}");
                if outcome["shuffled"] == false {
                    let mut expect_grid = before.clone();
                    for p in removed.as_array().expect("removed") {
                        expect_grid[p[0].as_u64().expect("r") as usize]
                            [p[1].as_u64().expect("c") as usize] = None;
                    }
                    assert_eq!(self.grid, expect_grid, "{ctx}");
                }
                self.history.push(before);
            }
            Err(e) => self.refused(&e, &before, ctx),
        }
    }

    /// A hint is a legal link, and missing only when the game is not being played.
    fn hint(&mut self, before: &Grid, ctx: &str) {
        match self
            .app
            .invoke("hint", json!({}))
            .map(|h| h["hint"].clone())
        {
            Ok(h) if !h.is_null() => check_link(before, self.ring, &h["a"], &h["b"], &h["path"]),
            Ok(_) => assert_ne!(
                self.app.state()["status"],
                "playing",
                "{ctx}: no hint while playing"
            ),
            Err(e) => {
                error_code(&e);
            }
        }
        self.view = self.app.state();
    }

    /// A shuffle keeps the tiles.
    fn shuffle(&mut self, before: Grid, ctx: &str) {
        match self.app.invoke("shuffle", json!({})) {
            Ok(v) => {
                self.view = v;
                self.grid = check_view(&self.view);
                assert_eq!(census(&self.grid), census(&before), "{ctx}");
                self.history.push(before);
            }
            Err(e) => self.refused(&e, &before, ctx),
        }
    }

    /// An undo restores exactly the board before the last change.
    fn undo(&mut self, before: Grid, ctx: &str) {
        match self.app.invoke("undo", json!({})) {
            Ok(v) => {
                self.view = v;
                self.grid = check_view(&self.view);
                let previous = self
                    .history
                    .pop()
                    .expect("undo succeeded with an empty history");
                assert_eq!(self.grid, previous, "{ctx}: undo restores the board");
            }
            Err(e) => {
                assert!(
                    self.history.is_empty() || self.view["status"] != "playing",
                    "{ctx}: {e}"
                );
                assert_eq!(check_view(&self.app.state()), before, "{ctx}");
            }
        }
    }

    fn set_elapsed(&mut self) {
        let ms = if self.rng.random_bool(0.9) {
            json!(self.clock)
        } else {
            json!(-1)
        };
        let _ = self
            .app
            .invoke("set_elapsed", json!({ "elapsedMs": ms }))
            .map_err(|e| error_code(&e));
    }

    /// A new small game, sometimes without the ring or auto-shuffle, sometimes bad.
    fn new_game(&mut self, before: Grid, ctx: &str) {
        let rows = self.rng.random_range(1..7usize);
        let cols = self.rng.random_range(1..7usize);
        let kinds = self.rng.random_range(0..(rows * cols / 2 + 2));
        let mut opts = options(rows, cols, kinds, self.rng.random());
        let new_ring = self.rng.random_bool(0.7);
        opts["ring"] = json!(new_ring);
        opts["auto_shuffle"] = json!(self.rng.random_bool(0.5));
        opts["solvable"] = json!(self.rng.random_bool(0.7));
        match self.app.invoke("new_game", json!({ "options": opts })) {
            Ok(v) => {
                self.view = v;
                self.grid = check_view(&self.view);
                self.ring = new_ring;
                self.history.clear();
                self.clock = 0;
            }
            Err(e) => self.refused(&e, &before, ctx),
        }
    }

    /// What holds after every command: undo is offered exactly when there is history and
    /// the game is not won, tiles go in pairs, and a cleared board is won.
    fn check_after(&self, ctx: &str) {
        assert_eq!(
            self.view["can_undo"].as_bool(),
            Some(!self.history.is_empty() && self.view["status"] != "won"),
            "{ctx}: can_undo vs history of {}",
            self.history.len()
        );
        let tiles = self.view["tiles_left"].as_u64().expect("tiles_left");
        assert_eq!(tiles % 2, 0, "{ctx}");
        if tiles == 0 {
            assert_eq!(self.view["status"], "won", "{ctx}");
        }
    }
}

/// 10,000 random commands, mostly plausible clicks, some nonsense. After each: the view is
/// consistent, tiles leave only as legal matched pairs, a refused command changes nothing,
/// shuffles keep the tiles, and undo restores exactly the board before the last change.
#[test]
fn random_commands_keep_the_invariants() {
    let (dir, app) = fresh();
    let mut walk = Walk::new(app);
    for step in 0..10_000 {
        walk.clock += walk.rng.random_range(0..3000);
        let roll = walk.rng.random_range(0..100);
        let before = walk.grid.clone();
        let ctx = format!("step {step}, roll {roll}");
        match roll {
            0..70 => walk.select(before, &ctx),
            70..78 => walk.hint(&before, &ctx),
            78..82 => walk.shuffle(before, &ctx),
            82..90 => walk.undo(before, &ctx),
            90..93 => walk.set_elapsed(),
            93..96 => walk.new_game(before, &ctx),
            _ => {
                walk.view = walk.app.state();
                assert_eq!(check_view(&walk.view), before, "{ctx}");
            }
        }
        walk.check_after(&ctx);
    }
    assert!(
        walk.matches > 300,
        "only {} matches: the walk is not exercising the game",
        walk.matches
    );
    // Everything was saved: a new app on the same directory resumes exactly.
    assert_resumes(walk.app, dir.path());
}

/// The command names registered with Tauri, declared in `build.rs` (whose generated
/// permissions are in `permissions/autogenerated/`) and granted by the capability are the
/// same list, and the capability grants nothing else.
#[test]
fn command_lists_agree() {
    use lianliankan_lib::commands::COMMANDS;
    use llk_session::command_names::DESKTOP_COMMANDS;
    use std::collections::BTreeSet;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let names: BTreeSet<String> = COMMANDS
        .iter()
        .chain(DESKTOP_COMMANDS)
        .map(|c| c.to_string())
        .collect();

    let declared: BTreeSet<String> = std::fs::read_dir(root.join("permissions/autogenerated"))
        .expect("permissions/autogenerated (written by build.rs)")
        .map(|e| {
            let name = e.expect("entry").file_name().to_string_lossy().into_owned();
            name.trim_end_matches(".toml").to_string()
        })
        .collect();
    assert_eq!(declared, names, "build.rs and commands::COMMANDS differ");

    let cap: Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("capabilities/main.json")).expect("capability"),
    )
    .expect("capability is JSON");
    let granted: BTreeSet<String> = cap["permissions"]
        .as_array()
        .expect("permissions")
        .iter()
        .map(|p| p.as_str().expect("a plain permission name").to_string())
        .collect();
    let expected: BTreeSet<String> = names
        .iter()
        .map(|c| format!("allow-{}", c.replace('_', "-")))
        .collect();
    assert_eq!(
        granted, expected,
        "the capability must grant exactly the app's commands"
    );
    assert_eq!(cap["windows"], json!(["main"]));

    // Every listed command is registered: none answers "command not found".
    let (_dir, app) = fresh();
    for name in COMMANDS.iter().chain(DESKTOP_COMMANDS) {
        if let Err(e) = app.invoke(name, json!({})) {
            error_code(&e);
        }
    }
}
