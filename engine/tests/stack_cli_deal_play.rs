//! `llk stack deal` and `llk stack play` end to end: output checked against the
//! library, and every kind of bad input refused with one stderr line and exit code 2.

mod common;

use common::llk::{ok_json, refused};
use common::stack::level;
use llk_engine::stack::deal::deal;
use llk_engine::stack::file::to_json;
use llk_engine::stack::StackOptions;
use serde_json::{json, Value};

fn ids(v: &Value) -> Vec<u64> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_u64().expect("an id"))
        .collect()
}

#[test]
fn deal_prints_the_library_deal_as_a_stack_file() {
    for lvl in 1..=3u32 {
        let out = ok_json(
            &["stack", "deal", "--level", &lvl.to_string(), "--seed", "42"],
            "",
        );
        let d = deal(&level(lvl, 42)).unwrap();
        let want: Value = serde_json::from_str(&to_json(7, &d.layout, None).unwrap()).unwrap();
        assert_eq!(out, want);
        assert!(out.get("taken").is_none());
    }
    let out = ok_json(
        &[
            "stack", "deal", "--tiles", "60", "--kinds", "5", "--layers", "4", "--peak", "3",
            "--seed=9",
        ],
        "",
    );
    let d = deal(&StackOptions {
        level: None,
        tiles: 60,
        kinds: 5,
        layers: 4,
        peak: Some(3),
        seed: 9,
        ..StackOptions::default()
    })
    .unwrap();
    assert_eq!(out["tiles"].as_array().unwrap().len(), d.layout.len());
    let fill = ok_json(
        &[
            "stack",
            "deal",
            "--level",
            "2",
            "--seed",
            "1",
            "--random-fill",
        ],
        "",
    );
    let plain = ok_json(&["stack", "deal", "--level", "2", "--seed", "1"], "");
    assert_ne!(fill, plain);
    // Without --seed the deal still works (clock seed).
    ok_json(&["stack", "deal", "--level", "1"], "");
}

#[test]
fn play_replays_the_certificate_to_a_win() {
    let d = deal(&level(1, 3)).unwrap();
    let dir = std::env::temp_dir().join(format!("llk-stack-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("l1.json");
    std::fs::write(&path, to_json(7, &d.layout, None).unwrap()).unwrap();
    let file = path.to_str().unwrap();
    let line: Vec<String> = d.certificate.iter().map(|id| id.to_string()).collect();
    let mut args = vec!["stack", "play", file];
    let start = ok_json(&args, "");
    assert_eq!(start["status"], "playing");
    assert_eq!(start["tray"], json!([]));
    let first = d.certificate[0];
    assert!(ids(&start["free"]).contains(&u64::from(first)));
    args.extend(line.iter().map(String::as_str));
    let end = ok_json(&args, "");
    assert_eq!(end, json!({"tray": [], "free": [], "status": "won"}));
    // Half the line, through the file's own "taken" and stdin.
    let half = d.certificate.len() / 2;
    let text = to_json(7, &d.layout, Some(&d.certificate[..half])).unwrap();
    let mid = ok_json(&["stack", "play", "-"], &text);
    let mut rest = vec!["stack", "play", "-"];
    rest.extend(line[half..].iter().map(String::as_str));
    assert_eq!(ok_json(&rest, &text)["status"], "won");
    assert_eq!(mid["status"], "playing");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_and_files_are_refused() {
    for args in [
        vec!["stack"],
        vec!["stack", "dance"],
        vec!["stack", "deal"],
        vec!["stack", "deal", "--level", "0"],
        vec!["stack", "deal", "--level", "x"],
        vec!["stack", "deal", "--level", "-1"],
        vec!["stack", "deal", "--level", "1", "--tiles", "30"],
        vec!["stack", "deal", "--tiles", "30", "--kinds", "3"],
        vec![
            "stack", "deal", "--tiles", "30", "--kinds", "30", "--layers", "2",
        ],
        vec!["stack", "deal", "--level", "1", "--peak", "7"],
        vec!["stack", "deal", "--level", "1", "--what"],
        vec!["stack", "deal", "--level", "1", "--random-fill=1"],
        vec!["stack", "deal", "--level", "1", "extra"],
        vec!["stack", "play"],
        vec!["stack", "play", "/nonexistent/stack.json"],
        vec!["stack", "play", "-", "x"],
        vec!["stack", "play", "-", "--seed", "1"],
    ] {
        refused(&args, "");
    }
    let small = r#"{"tray":7,"tiles":[{"x":0,"y":0,"z":0,"kind":0},{"x":1,"y":1,"z":1,"kind":0},{"x":8,"y":0,"z":0,"kind":0}]"#;
    let ok = format!("{small}}}");
    assert_eq!(
        ok_json(&["stack", "play", "-", "1"], &ok)["tray"],
        json!([1])
    );
    for (stdin, args) in [
        ("not json", vec![]),
        (
            r#"{"tray":7,"tiles":[{"x":0,"y":0,"z":0,"kind":0},{"x":1,"y":1,"z":0,"kind":0},{"x":8,"y":0,"z":0,"kind":0}]}"#,
            vec![],
        ),
        (
            r#"{"tray":7,"tiles":[{"x":0,"y":0,"z":0,"kind":0}]}"#,
            vec![],
        ),
        (&format!("{small},\"taken\":[0]}}") as &str, vec![]),
        (&format!("{small},\"taken\":[1,1]}}"), vec![]),
        (&format!("{small},\"taken\":[3]}}"), vec![]),
        (&format!("{small},\"extra\":1}}"), vec![]),
        (&ok, vec!["0"]),
        (&ok, vec!["1", "1"]),
        (&ok, vec!["70000"]),
        (&ok, vec!["3"]),
    ] {
        let mut a = vec!["stack", "play", "-"];
        a.extend(args);
        refused(&a, stdin);
    }
}
