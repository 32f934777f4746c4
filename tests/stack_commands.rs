//! Command-layer tests of stack mode on Tauri's mock runtime: every stack command, the
//! mode checks (a command or argument of the other mode), bad tile ids and refused takes
//! and props (always a `{ code, message }` rejection), the best score per level, and
//! random commands across both modes checked against the rules from outside the engine.

mod common;

use std::collections::BTreeMap;

use common::{assert_resumes, error_code, free_ids, ids, options, stack_options, tiles, TestApp};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

fn fresh() -> (tempfile::TempDir, TestApp) {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    (dir, app)
}

fn place(view: &Value, id: u64) -> &str {
    tiles(view)[id as usize]["place"].as_str().expect("place")
}

/// Whether tile `a` lies on tile `b` (stack mode's cover rule, written plainly).
fn covers(a: &Value, b: &Value) -> bool {
    let n = |t: &Value, k: &str| t[k].as_i64().expect("coordinate");
    n(a, "z") > n(b, "z") && (n(a, "x") - n(b, "x")).abs() < 4 && (n(a, "y") - n(b, "y")).abs() < 4
}

/// Kind → number of tiles of it in `view` whose place is one of `places`.
fn kinds_in(view: &Value, places: &[&str]) -> BTreeMap<u64, usize> {
    let mut counts = BTreeMap::new();
    for t in tiles(view) {
        if places.contains(&t["place"].as_str().expect("place")) {
            *counts.entry(t["kind"].as_u64().expect("kind")).or_insert(0) += 1;
        }
    }
    counts
}

/// Checks a stack view against the rules, from outside the engine: ids in order, tray and
/// holding row agree with the tiles' places and their sizes, tiles leave only in triples
/// of one kind, freedom is the cover rule, and the status fits the tray.
fn check_stack_view(view: &Value) {
    assert_eq!(view["mode"], "stack", "{view}");
    let all = tiles(view);
    for (i, t) in all.iter().enumerate() {
        assert_eq!(t["id"].as_u64(), Some(i as u64), "tiles are in id order");
    }
    let (tray, held) = (ids(view, "tray"), ids(view, "held"));
    let tray_size = view["tray_size"].as_u64().expect("tray_size");
    assert!(tray.len() as u64 <= tray_size, "tray over its size: {view}");
    assert!(held.len() <= 3, "holding row over 3: {held:?}");
    for &id in &tray {
        assert_eq!(place(view, id), "tray", "tray tile {id}");
    }
    for &id in &held {
        assert_eq!(place(view, id), "held", "held tile {id}");
    }
    let count = |p: &str| all.iter().filter(|t| t["place"] == p).count();
    assert_eq!(count("tray"), tray.len());
    assert_eq!(count("held"), held.len());
    let left = all.len() - count("gone");
    assert_eq!(view["tiles_left"].as_u64(), Some(left as u64));
    for (kind, n) in kinds_in(view, &["board", "tray", "held"]) {
        assert_eq!(
            n % 3,
            0,
            "kind {kind} has {n} tiles left: tiles leave in triples"
        );
    }
    for t in all {
        let expect = match t["place"].as_str() {
            Some("board") => !all
                .iter()
                .any(|o| o["place"] == "board" && o["id"] != t["id"] && covers(o, t)),
            Some("held") => true,
            _ => false,
        };
        assert_eq!(t["free"].as_bool(), Some(expect), "freedom of {t}");
        let right = t["x"].as_i64().expect("x") + 4;
        let bottom = t["y"].as_i64().expect("y") + 4;
        assert!(right <= view["width"].as_i64().expect("width"));
        assert!(bottom <= view["height"].as_i64().expect("height"));
    }
    match view["status"].as_str() {
        Some("won") => assert_eq!(left, 0, "won with tiles left"),
        Some("lost") => assert_eq!(tray.len() as u64, tray_size, "lost with room in the tray"),
        Some("playing") => {
            assert!(left > 0, "playing with nothing left");
            assert!((tray.len() as u64) < tray_size, "playing with a full tray");
        }
        other => panic!("status {other:?}"),
    }
    if view["can_undo"] == true {
        assert!(
            view["props_left"]["undo"].as_u64() > Some(0),
            "undo offered with none left"
        );
    }
}

/// The stack view of a result (`select`, `hint`) with its `mode` checked.
fn stack_game(res: &Value) -> Value {
    assert_eq!(res["mode"], "stack", "{res}");
    let mut game = res["game"].clone();
    game["mode"] = json!("stack");
    check_stack_view(&game);
    game
}

#[test]
fn every_stack_command_answers() {
    let (_dir, app) = fresh();
    for cmd in ["move_out", "winning_line"] {
        assert_eq!(app.err(cmd, json!({})), "no_game", "{cmd}");
    }
    assert_eq!(
        app.err("select", json!({"id": 0, "elapsedMs": 0})),
        "no_game"
    );

    let view = app.new_stack(1, 5);
    check_stack_view(&view);
    assert_eq!(view["options"], {
        let mut o = stack_options(1, 5);
        o.as_object_mut().expect("object").remove("mode");
        o
    });
    assert_eq!(view["status"], "playing");
    assert_eq!(view["tray_size"], 7);
    assert_eq!(
        view["props_left"],
        json!({ "move_out": 1, "shuffle": 1, "undo": 1 })
    );
    assert_eq!(view["can_undo"], false);
    assert_eq!(view["best_score"], Value::Null);
    assert_eq!(app.state(), view);
    assert_eq!(app.start()["game"], view, "start resumes the stack game");

    let line = app.ok("winning_line", json!({}));
    let moves = line["moves"]
        .as_array()
        .expect("a fresh deal has a winning line");
    assert_eq!(moves.len(), tiles(&view).len(), "the line takes every tile");

    let hint = app.ok("hint", json!({}));
    let after_hint = stack_game(&hint);
    assert_eq!(hint["hint"]["lost"], false);
    let id = hint["hint"]["id"].as_u64().expect("a hint on a fresh deal");
    assert!(free_ids(&view).contains(&id), "hinted tile {id} is free");
    assert_eq!(after_hint["counters"]["hints"], 1);
    assert_eq!(app.state(), after_hint);

    let taken = app.take(json!(id), 700).expect("take the hint");
    let after = stack_game(&taken);
    assert_eq!(taken["outcome"]["id"].as_u64(), Some(id));
    assert_eq!(ids(&after, "tray"), vec![id]);
    assert_eq!(after["counters"]["takes"], 1);
    assert_eq!(after["can_undo"], true);
    assert_eq!(app.state(), after);

    let moved = app.ok("move_out", json!({}));
    check_stack_view(&moved);
    assert_eq!(ids(&moved, "held"), vec![id]);
    assert!(ids(&moved, "tray").is_empty());
    assert_eq!(moved["props_left"]["move_out"], 0);

    let shuffled = app.ok("shuffle", json!({}));
    check_stack_view(&shuffled);
    assert_eq!(
        kinds_in(&shuffled, &["board"]),
        kinds_in(&moved, &["board"])
    );
    assert_eq!(shuffled["props_left"]["shuffle"], 0);

    // Take the held tile back into the tray, then undo that take.
    let back = stack_game(&app.take(json!(id), 900).expect("take back the held tile"));
    assert_eq!(ids(&back, "tray"), vec![id]);
    let undone = app.ok("undo", json!({}));
    check_stack_view(&undone);
    assert_eq!(undone["props_left"]["undo"], 0);
    assert_eq!(ids(&undone, "tray"), Vec::<u64>::new());
    assert_eq!(ids(&undone, "held"), vec![id]);

    assert_eq!(
        app.ok("set_elapsed", json!({"elapsedMs": 4321})),
        Value::Null
    );
    assert_eq!(app.state()["elapsed_ms"], 4321);
}

#[test]
fn commands_of_the_other_mode_are_refused() {
    let (_dir, app) = fresh();
    app.new_game(4, 4, 4, 1);
    for cmd in ["move_out", "winning_line"] {
        assert_eq!(app.err(cmd, json!({})), "wrong_mode", "{cmd} in classic");
    }
    let classic = app.state();
    assert_eq!(
        app.err("select", json!({"id": 0, "elapsedMs": 0})),
        "bad_argument",
        "a tile id in classic"
    );
    assert_eq!(app.state(), classic, "a refusal changes nothing");

    let stack = app.new_stack(1, 2);
    for args in [
        json!({"row": 0, "col": 0, "elapsedMs": 0}),
        json!({"row": 0, "elapsedMs": 0}),
        json!({"row": 0, "col": 0, "id": 0, "elapsedMs": 0}),
        json!({"id": 0, "col": "x", "elapsedMs": 0}),
    ] {
        assert_eq!(app.err("select", args.clone()), "bad_argument", "{args}");
    }
    assert_eq!(app.state(), stack, "a refusal changes nothing");
}

#[test]
fn bad_tile_ids_are_refused_with_code_and_message() {
    let (_dir, app) = fresh();
    let view = app.new_stack(1, 3);
    let n = tiles(&view).len() as u64;
    for id in [json!(n), json!(65536), json!(u64::MAX), json!(1e300)] {
        assert_eq!(
            app.take(id.clone(), 0).map_err(|e| error_code(&e)),
            Err("unknown_tile".into()),
            "{id}"
        );
    }
    // Negative ids, fractions and non-numbers are not tile ids at all.
    for id in [
        json!(-1),
        json!(i64::MIN),
        json!(-1e300),
        json!(1.5),
        json!("1"),
        json!(null),
        json!(true),
        json!([1]),
        json!({}),
    ] {
        assert_eq!(
            app.take(id.clone(), 0).map_err(|e| error_code(&e)),
            Err("bad_argument".into()),
            "{id}"
        );
    }
    assert_eq!(
        app.err("select", json!({ "elapsedMs": 0 })),
        "bad_argument",
        "no id"
    );
    assert_eq!(
        app.err("select", json!({ "id": 0 })),
        "bad_argument",
        "no clock"
    );
    assert_eq!(
        app.err("select", json!({ "id": 0, "elapsedMs": -1 })),
        "bad_argument"
    );
    assert_eq!(app.state(), view, "refusals change nothing");
}

#[test]
fn covered_and_used_tiles_are_refused() {
    let (_dir, app) = fresh();
    let view = app.new_stack(1, 4);
    let covered = tiles(&view)
        .iter()
        .find(|t| t["free"] == false)
        .expect("a deal with layers has a covered tile")["id"]
        .clone();
    assert_eq!(
        app.take(covered, 0).map_err(|e| error_code(&e)),
        Err("tile_covered".into())
    );
    let id = free_ids(&view)[0];
    stack_game(&app.take(json!(id), 0).expect("take a free tile"));
    let after = app.state();
    assert_eq!(
        app.take(json!(id), 0).map_err(|e| error_code(&e)),
        Err("tile_not_available".into()),
        "a tile already in the tray"
    );
    assert_eq!(app.state(), after);
}

#[test]
fn props_with_none_left_are_refused() {
    let (_dir, app) = fresh();
    let mut opts = stack_options(1, 6);
    opts["props"] = json!({ "move_out": 0, "shuffle": 0, "undo": 0 });
    let view = app.ok("new_game", json!({ "options": opts }));
    check_stack_view(&view);
    let id = free_ids(&view)[0];
    let after = stack_game(&app.take(json!(id), 0).expect("take"));
    assert_eq!(after["can_undo"], false, "no undo prop: nothing offered");
    for cmd in ["move_out", "shuffle", "undo"] {
        assert_eq!(app.err(cmd, json!({})), "no_prop_left", "{cmd}");
    }
    assert_eq!(app.state(), after, "refusals change nothing");
}

#[test]
fn move_out_with_an_empty_tray_or_a_full_hold_is_refused() {
    let (_dir, app) = fresh();
    let mut opts = stack_options(1, 8);
    opts["props"] = json!({ "move_out": 2, "shuffle": 1, "undo": 1 });
    app.ok("new_game", json!({ "options": opts }));
    assert_eq!(app.err("move_out", json!({})), "tray_empty");
    let id = free_ids(&app.state())[0];
    app.take(json!(id), 0).expect("take");
    app.ok("move_out", json!({}));
    let next = free_ids(&app.state())
        .into_iter()
        .find(|&t| t != id)
        .expect("another free tile");
    app.take(json!(next), 0).expect("take");
    assert_eq!(app.err("move_out", json!({})), "hold_full");
}

#[test]
fn bad_stack_options_are_refused() {
    let (_dir, app) = fresh();
    let view = app.new_stack(1, 1);
    let mut bad = Vec::new();
    for (key, value) in [
        ("mode", json!("bogus")),
        ("mode", json!(null)),
        ("level", json!("two")),
        ("seed", json!("twelve")),
        ("tray", json!(-7)),
        ("props", json!(null)),
    ] {
        let mut o = stack_options(1, 1);
        o[key] = value;
        bad.push(o);
    }
    let mut missing = stack_options(1, 1);
    missing.as_object_mut().expect("object").remove("tray");
    bad.push(missing);
    for o in bad {
        assert_eq!(
            app.err("new_game", json!({ "options": o.clone() })),
            "bad_argument",
            "{o}"
        );
    }
    // Well-formed options the engine cannot deal: the engine's code.
    let mut small = stack_options(1, 1);
    small["tray"] = json!(4);
    let code = app.err("new_game", json!({ "options": small }));
    assert!(
        !["bad_argument", "internal"].contains(&code.as_str()),
        "{code}"
    );
    assert_eq!(app.state(), view);
}

#[test]
fn a_won_stack_game_sets_the_best_score_for_its_level() {
    let (dir, app) = fresh();
    app.new_stack(1, 9);
    let line = app.ok("winning_line", json!({}));
    let moves = line["moves"].as_array().expect("a winning line").clone();
    let mut t = 0;
    for id in &moves {
        t += 400;
        let res = app
            .take(id.clone(), t)
            .expect("take along the winning line");
        stack_game(&res);
    }
    let won = app.state();
    check_stack_view(&won);
    assert_eq!(won["status"], "won");
    let score = won["score"].as_u64().expect("score");
    assert_eq!(won["best_score"].as_u64(), Some(score));
    assert_eq!(
        app.take(json!(0), t).map_err(|e| error_code(&e)),
        Err("game_over".into())
    );
    app.flush();
    let saved = std::fs::read_to_string(dir.path().join("scores.json")).expect("scores.json");
    assert!(saved.contains("stack/L1"), "{saved}");
    assert_eq!(app.new_stack(1, 10)["best_score"].as_u64(), Some(score));
    assert_eq!(app.new_stack(2, 10)["best_score"], Value::Null);
    assert_eq!(app.new_game(2, 4, 2, 4)["best_score"], Value::Null);
}

/// Random commands across both modes, mostly plausible taps, some nonsense. After each:
/// the view keeps the rules (`check_stack_view`), a refusal changes nothing, a take moves
/// exactly its tile (and clears a triple of one kind), props spend their allowance.
#[test]
fn random_commands_keep_the_invariants_in_both_modes() {
    let (dir, app) = fresh();
    let mut rng = ChaCha8Rng::seed_from_u64(0x57ac);
    app.new_stack(1, 1);
    let mut clock: u64 = 0;
    let (mut takes, mut stack_games, mut classic_games) = (0, 1, 0);
    for step in 0..3000 {
        let before = app.state();
        clock += rng.random_range(0..2000);
        let ctx = format!("step {step}");
        if before["mode"] == "classic" {
            // Classic is covered by tests/commands.rs; here it only needs to pass through.
            let code = app.err("move_out", json!({}));
            assert_eq!(code, "wrong_mode", "{ctx}");
            if rng.random_bool(0.5) {
                let options = small_stack(&mut rng);
                if app
                    .invoke("new_game", json!({ "options": options }))
                    .is_ok()
                {
                    stack_games += 1;
                }
            } else {
                let hint = app.classic_hint();
                if !hint.is_null() {
                    app.select(&hint["a"], clock).expect("a");
                    app.select(&hint["b"], clock).expect("b");
                }
            }
            continue;
        }
        check_stack_view(&before);
        let roll = rng.random_range(0..100);
        let result = if roll < 70 {
            let free = free_ids(&before);
            let id = match rng.random_range(0..10) {
                0 => json!(rng.random_range(0..tiles(&before).len() as u64)),
                1 => [json!(-1), json!(1e9), json!(0.5), json!("x"), json!(null)]
                    [rng.random_range(0..5)]
                .clone(),
                _ if !free.is_empty() => json!(free[rng.random_range(0..free.len())]),
                _ => json!(0),
            };
            app.take(id.clone(), clock).map(|res| {
                takes += 1;
                check_take(&before, &res, &id, &ctx)
            })
        } else if roll < 76 {
            app.invoke("hint", json!({})).map(|res| {
                let after = stack_game(&res);
                let hint = &res["hint"];
                if let Some(id) = hint["id"].as_u64() {
                    assert!(
                        free_ids(&before).contains(&id),
                        "{ctx}: hint {hint} is not free"
                    );
                    assert_eq!(hint["lost"], false, "{ctx}");
                }
                after
            })
        } else if roll < 82 {
            app.invoke("move_out", json!({})).inspect(|after| {
                check_stack_view(after);
                let (tray, held) = (ids(&before, "tray"), ids(after, "held"));
                assert!(!held.is_empty() && held.len() <= 3, "{ctx}");
                assert_eq!(
                    held,
                    tray[..held.len()],
                    "{ctx}: the first tray tiles move out"
                );
                assert_eq!(ids(after, "tray"), tray[held.len()..], "{ctx}");
                spent(&before, after, "move_out", &ctx);
            })
        } else if roll < 86 {
            app.invoke("shuffle", json!({})).inspect(|after| {
                check_stack_view(after);
                assert_eq!(
                    kinds_in(after, &["board"]),
                    kinds_in(&before, &["board"]),
                    "{ctx}"
                );
                assert_eq!(after["tray"], before["tray"], "{ctx}");
                spent(&before, after, "shuffle", &ctx);
            })
        } else if roll < 92 {
            app.invoke("undo", json!({})).inspect(|after| {
                check_stack_view(after);
                assert_eq!(
                    before["can_undo"], true,
                    "{ctx}: undo ran though not offered"
                );
                spent(&before, after, "undo", &ctx);
            })
        } else if roll < 93 {
            app.invoke("winning_line", json!({})).map(|line| {
                if let Some(moves) = line["moves"].as_array() {
                    let first = moves.first().and_then(Value::as_u64);
                    if let Some(id) = first {
                        assert!(
                            free_ids(&before).contains(&id),
                            "{ctx}: line starts at {id}"
                        );
                    }
                }
                app.state()
            })
        } else if roll < 96 {
            app.invoke("set_elapsed", json!({ "elapsedMs": clock }))
                .map(|_| app.state())
        } else {
            let res = if rng.random_bool(0.8) {
                let o = small_stack(&mut rng);
                let res = app.invoke("new_game", json!({ "options": o }));
                stack_games += usize::from(res.is_ok());
                res
            } else {
                classic_games += 1;
                app.invoke(
                    "new_game",
                    json!({ "options": options(4, 4, 4, rng.random()) }),
                )
            };
            clock = 0;
            res
        };
        match result {
            Ok(after) if after["mode"] == "stack" => check_stack_view(&after),
            Ok(_) => {}
            Err(e) => {
                error_code(&e);
                assert_eq!(
                    app.state(),
                    before,
                    "{ctx}: a refusal ({e}) changed the game"
                );
            }
        }
    }
    assert!(takes > 1000, "only {takes} takes");
    assert!(
        stack_games > 20 && classic_games > 5,
        "{stack_games} stack, {classic_games} classic"
    );

    // Everything was saved: a new app on the same directory resumes exactly.
    assert_resumes(app, dir.path());
}

/// Options for a small stack deal: level 1 or a custom size, any tray size (4 is refused),
/// sometimes a random fill.
fn small_stack(rng: &mut ChaCha8Rng) -> Value {
    let mut o = stack_options(1, rng.random());
    if rng.random_bool(0.5) {
        o["level"] = Value::Null;
        o["tiles"] = json!(15 * rng.random_range(1..5));
        o["kinds"] = json!(rng.random_range(3..7));
        o["layers"] = json!(rng.random_range(2..5));
    }
    o["tray"] = json!(rng.random_range(4..10));
    o["random_fill"] = json!(rng.random_bool(0.2));
    o
}

/// Checks what a successful take did and returns the game after it.
fn check_take(before: &Value, res: &Value, id: &Value, ctx: &str) -> Value {
    let after = stack_game(res);
    let outcome = &res["outcome"];
    let id = id.as_u64().expect("only a tile id can be taken");
    assert_eq!(outcome["id"].as_u64(), Some(id), "{ctx}");
    assert!(
        free_ids(before).contains(&id),
        "{ctx}: took {id}, which was not free"
    );
    let cleared: Vec<u64> = outcome["cleared"]
        .as_array()
        .expect("cleared")
        .iter()
        .map(|v| v.as_u64().expect("id"))
        .collect();
    let kind = |t: u64| tiles(before)[t as usize]["kind"].clone();
    if cleared.is_empty() {
        assert_eq!(place(&after, id), "tray", "{ctx}");
        assert_eq!(after["tiles_left"], before["tiles_left"], "{ctx}");
    } else {
        assert_eq!(cleared.len(), 3, "{ctx}: {outcome}");
        assert!(
            cleared.contains(&id),
            "{ctx}: the take completes the triple"
        );
        for &t in &cleared {
            assert_eq!(kind(t), kind(id), "{ctx}: a triple of one kind");
            assert_eq!(place(&after, t), "gone", "{ctx}");
        }
        let left = |v: &Value| v["tiles_left"].as_u64().expect("tiles_left");
        assert_eq!(left(&after) + 3, left(before), "{ctx}");
    }
    assert_eq!(outcome["status"], after["status"], "{ctx}");
    for t in tiles(before) {
        let t_id = t["id"].as_u64().expect("id");
        if t_id != id && !cleared.contains(&t_id) {
            assert_eq!(
                t["place"],
                tiles(&after)[t_id as usize]["place"],
                "{ctx}: {t_id} moved"
            );
        }
    }
    after
}

/// Checks that a prop spent exactly one of its allowance and was counted.
fn spent(before: &Value, after: &Value, prop: &str, ctx: &str) {
    let left = |v: &Value| v["props_left"][prop].as_u64().expect("props_left");
    assert_eq!(left(after) + 1, left(before), "{ctx}: {prop} spends one");
    let counter = format!("{prop}s");
    let used = |v: &Value| v["counters"][&counter].as_u64().expect("counter");
    assert_eq!(used(after), used(before) + 1, "{ctx}: {prop} is counted");
}
