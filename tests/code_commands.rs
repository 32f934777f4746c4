//! Deal codes and the daily deal on the command layer: `new_game_from_code` (a refused
//! code changes nothing), `daily_deal` and `daily_status` (best time and streak, saved in
//! `daily.json`), views carrying their code, and seeds only as decimal strings.

mod common;

use common::{error_code, options, TestApp};
use llk_engine::code::daily::{daily_seed, UtcDate};
use llk_engine::code::SEED_BITS;
use serde_json::{json, Value};

fn fresh() -> (tempfile::TempDir, TestApp) {
    let dir = tempfile::tempdir().expect("tempdir");
    let app = TestApp::new(dir.path());
    (dir, app)
}

/// A date that is not today, so only `daily_deal` makes its game a daily deal.
const DAY: &str = "2030-01-01";

/// Plays the current classic game to its end with hints; returns the last view.
fn play_out(app: &TestApp, elapsed_ms: u64) -> Value {
    let mut view = app.state();
    while view["status"] == "playing" {
        let hint = app.classic_hint();
        assert!(!hint.is_null(), "a solvable daily deal never gets stuck");
        app.select(&hint["a"], elapsed_ms).expect("select a");
        let res = app.select(&hint["b"], elapsed_ms).expect("select b");
        view = res["game"].clone();
    }
    view
}

#[test]
fn a_code_deals_its_game_and_views_carry_their_code() {
    let (_dir, app) = fresh();
    let first = app.start()["game"].clone();
    assert!(
        first["code"].is_string(),
        "the first game has a code: {first}"
    );
    let view = app.new_game(8, 18, 36, 7);
    let code = view["code"]
        .as_str()
        .expect("a preset game has a code")
        .to_string();
    app.new_game(6, 14, 21, 99);
    // Any case, aliases and no hyphens.
    let typed = code.replace('-', "").to_lowercase().replace('1', "l");
    let again = app.ok("new_game_from_code", json!({ "code": typed }));
    assert_eq!(again["mode"], "classic");
    // The code does not carry auto-shuffle: the player's setting applies.
    let auto = app.ok("get_settings", json!({}))["auto_shuffle"].clone();
    assert_eq!(again["options"]["auto_shuffle"], auto);
    let mut want = view["options"].clone();
    want["auto_shuffle"] = auto;
    assert_eq!(again["options"], want);
    assert_eq!(again["cells"], view["cells"]);
    assert_eq!(again["code"], code.as_str());
    // A board no code can hold, and a seed past 2^35, have none.
    assert!(app.new_game(4, 4, 4, 1)["code"].is_null());
    assert!(app.new_game(8, 18, 36, 1 << 35)["code"].is_null());
    // Stack levels have codes too.
    let stack = app.new_stack(2, 41);
    let stack_code = stack["code"]
        .as_str()
        .expect("a level has a code")
        .to_string();
    app.new_game(4, 4, 4, 1);
    let again = app.ok("new_game_from_code", json!({ "code": stack_code }));
    assert_eq!(again["mode"], "stack");
    assert_eq!(again["tiles"], stack["tiles"]);
}

#[test]
fn refused_codes_change_nothing() {
    let (_dir, app) = fresh();
    let view = app.new_game(8, 18, 36, 7);
    let code: Vec<char> = view["code"].as_str().unwrap().chars().collect();
    let mut swapped = code.clone();
    let i = (0..code.len() - 1)
        .find(|&i| code[i] != code[i + 1] && code[i] != '-' && code[i + 1] != '-')
        .expect("two different adjacent symbols");
    swapped.swap(i, i + 1);
    let mut substituted = code.clone();
    substituted[0] = if code[0] == 'Z' { 'Y' } else { 'Z' };
    for (arg, want) in [
        (json!(swapped.iter().collect::<String>()), "code_mistyped"),
        (
            json!(substituted.iter().collect::<String>()),
            "code_mistyped",
        ),
        (json!("4E7G-12F1-2FXU"), "bad_code"),
        // Version 2 (first symbol 8), with its check symbol.
        (json!("8000-0000-000G"), "unsupported_code_version"),
        (json!(12345), "bad_argument"),
        (json!(null), "bad_argument"),
    ] {
        let e = app
            .invoke("new_game_from_code", json!({ "code": arg }))
            .unwrap_err();
        assert_eq!(error_code(&e), want, "{arg}: {e}");
        assert_eq!(app.state(), view, "{arg}: nothing changed");
    }
}

#[test]
fn the_daily_deal_records_best_time_and_streak() {
    let dir = tempfile::tempdir().expect("tempdir");
    let day = UtcDate::parse(DAY).unwrap();
    {
        let app = TestApp::new(dir.path());
        app.start();
        let view = app.ok("daily_deal", json!({ "date": DAY }));
        assert_eq!(view["options"]["seed"], daily_seed(day).to_string());
        assert_eq!(
            (view["rows"].as_u64(), view["cols"].as_u64()),
            (Some(8), Some(18))
        );
        let status = app.ok("daily_status", json!({ "date": DAY }));
        assert_eq!(status["today"], DAY);
        assert_eq!(status["current"], DAY);
        assert_eq!(status["code"], view["code"]);
        assert_eq!(
            (status["today_best_ms"].clone(), status["streak"].clone()),
            (json!(null), json!(0))
        );
        let won = play_out(&app, 90_000);
        assert_eq!(won["status"], "won");
        let status = app.ok("daily_status", json!({ "date": DAY }));
        assert_eq!(
            (status["today_best_ms"].clone(), status["streak"].clone()),
            (json!(90_000), json!(1))
        );
        // A slower win of the same day keeps the best; the next day the streak holds.
        app.ok("daily_deal", json!({ "date": DAY }));
        play_out(&app, 120_000);
        assert_eq!(
            app.ok("daily_status", json!({ "date": DAY }))["today_best_ms"],
            90_000
        );
        let next = app.ok("daily_status", json!({ "date": "2030-01-02" }));
        assert_eq!(
            (next["today_best_ms"].clone(), next["streak"].clone()),
            (json!(null), json!(1))
        );
        assert_eq!(
            app.ok("daily_status", json!({ "date": "2030-01-03" }))["streak"],
            0
        );
        // Another game is not a daily deal.
        app.new_game(4, 4, 4, 1);
        assert_eq!(
            app.ok("daily_status", json!({ "date": DAY }))["current"],
            json!(null)
        );
        app.flush();
    }
    // Saved beside the scores.
    assert!(dir.path().join("daily.json").exists());
    let app = TestApp::new(dir.path());
    app.start();
    assert_eq!(
        app.ok("daily_status", json!({ "date": DAY }))["today_best_ms"],
        90_000
    );
    // Without a date: today, from the clock.
    let today = app.ok("daily_status", json!({}));
    assert!(today["today"].as_str().unwrap() >= "2026-01-01");
    let view = app.ok("daily_deal", json!({}));
    assert_eq!(view["code"], today["code"]);
    assert_eq!(app.ok("daily_status", json!({}))["current"], today["today"]);
    for (date, want) in [
        (json!("2030-02-30"), "bad_date"),
        (json!(20300101), "bad_argument"),
    ] {
        let e = app
            .invoke("daily_deal", json!({ "date": date }))
            .unwrap_err();
        assert_eq!(error_code(&e), want);
        let e = app
            .invoke("daily_status", json!({ "date": date }))
            .unwrap_err();
        assert_eq!(error_code(&e), want);
    }
}

#[test]
fn seeds_are_decimal_strings_only() {
    let (_dir, app) = fresh();
    let mut opts = options(4, 4, 4, 1);
    opts["seed"] = json!(1);
    let e = app
        .invoke("new_game", json!({ "options": opts }))
        .unwrap_err();
    assert_eq!(error_code(&e), "bad_argument");
    opts["seed"] = json!(18446744073709551615u64);
    let e = app
        .invoke("new_game", json!({ "options": opts }))
        .unwrap_err();
    assert_eq!(error_code(&e), "bad_argument");
    opts["seed"] = json!("18446744073709551615");
    app.ok("new_game", json!({ "options": opts }));
}

/// The view draws random seeds below 2^CODE_SEED_BITS; it must be the engine's width.
#[test]
fn the_view_draws_seeds_a_code_holds() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/ui/src/seed.ts"))
        .expect("ui/src/seed.ts");
    assert!(
        text.contains(&format!("export const CODE_SEED_BITS = {SEED_BITS};")),
        "ui/src/seed.ts's CODE_SEED_BITS differs from the engine's SEED_BITS = {SEED_BITS}"
    );
}
