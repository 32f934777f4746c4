//! `llk stack import` end to end: the real captured maps become stack files that `llk
//! stack play` and `llk stack solve` read, from a path or stdin, with `--tray`; every
//! refusal is one stderr line with exit code 2.

mod common;

use common::llk::{ok_json, refused, run};
use serde_json::Value;

fn real_path(name: &str) -> String {
    format!(
        "{}/tests/data/sheep-maps/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn real_maps_import_and_the_output_is_a_stack_file_llk_reads() {
    for (name, cards) in [
        ("captured-192.json", 192),
        ("captured-270.json", 270),
        ("captured-255.json", 255),
        ("captured-264.json", 264),
    ] {
        let path = real_path(name);
        let out = ok_json(&["stack", "import", &path], "");
        assert_eq!(out["tray"], 7, "{name}");
        assert_eq!(out["tiles"].as_array().map(Vec::len), Some(cards), "{name}");
        assert!(out.get("taken").is_none(), "{name}");
        let text = out.to_string();
        let state = ok_json(&["stack", "play", "-"], &text);
        assert_eq!(state["status"], "playing", "{name}");
        let first = state["free"][0].as_u64().expect("a free tile").to_string();
        let after = ok_json(&["stack", "play", "-", &first], &text);
        assert_eq!(after["tray"].as_array().map(Vec::len), Some(1), "{name}");
        let solved = ok_json(&["stack", "solve", "-", "--budget-ms", "50"], &text);
        assert!(
            ["winnable", "unwinnable", "unknown"]
                .contains(&solved["result"].as_str().unwrap_or("")),
            "{name}: {solved}"
        );
    }
}

#[test]
fn stdin_and_tray_are_honoured() {
    let text = std::fs::read_to_string(real_path("captured-255.json")).expect("map");
    let from_file = ok_json(&["stack", "import", &real_path("captured-255.json")], "");
    let from_stdin = ok_json(&["stack", "import", "-"], &text);
    assert_eq!(from_file, from_stdin);
    let nine = ok_json(&["stack", "import", "-", "--tray", "9"], &text);
    assert_eq!(nine["tray"], 9);
    assert_eq!(nine["tiles"], from_file["tiles"]);
    // The output is exactly what the library writes: one line, kinds from 0.
    let out = run(&["stack", "import", "-"], &text);
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let v: Value = serde_json::from_str(&stdout).expect("JSON");
    assert!(v["tiles"]
        .as_array()
        .expect("tiles")
        .iter()
        .any(|t| t["kind"] == 0));
}

#[test]
fn bad_maps_and_arguments_are_refused_in_one_line() {
    let lost = r#"{"1": [{"type": 1, "rolNum": 1, "rowNum": 0, "layerNum": 1},
                         {"type": 1, "rolNum": 40, "rowNum": 0, "layerNum": 1}],
                   "2": [{"type": 1, "rolNum": 8, "rowNum": 0, "layerNum": "2"}]}"#;
    assert!(refused(&["stack", "import", "-"], lost).contains("halving"));
    let two =
        r#"{"1": [{"type": 1, "rolNum": 0, "rowNum": 0}, {"type": 1, "rolNum": 8, "rowNum": 0}]}"#;
    assert!(refused(&["stack", "import", "-"], two).contains("multiple of 3"));
    let overlap = r#"{"1": [{"type": 1, "rolNum": 0, "rowNum": 0}, {"type": 1, "rolNum": 4, "rowNum": 0},
                            {"type": 1, "rolNum": 16, "rowNum": 0}]}"#;
    assert!(refused(&["stack", "import", "-"], overlap).contains("overlap"));
    for bad in ["", "{", "[]", "{\"1\": 3}", "{\"tray\": 7, \"tiles\": []}"] {
        refused(&["stack", "import", "-"], bad);
    }
    let path = real_path("captured-192.json");
    for args in [
        vec!["stack", "import"],
        vec!["stack", "import", "/no/such/map.json"],
        vec!["stack", "import", &path, "--tray", "4"],
        vec!["stack", "import", &path, "--tray", "x"],
        vec!["stack", "import", &path, "--budget-ms", "5"],
        vec!["stack", "import", &path, "extra"],
    ] {
        refused(&args, "");
    }
}
