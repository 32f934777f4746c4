//! `launch_report`'s desktop half: the view's start-up marks, checked by the session
//! (`llk_session::commands::launch`), appended as one JSON line to the file named by
//! `LLK_LAUNCH_REPORT` when the app was started with it (`make bench-app` times launches
//! the way a player starts the game, without WebDriver: docs/RELIABILITY.md). Without the
//! variable it writes nothing, so players never write anything.

use std::io::Write;
use std::path::Path;

use llk_session::args::Arg;
use llk_session::commands::launch::report_line;
use llk_session::error::{AppError, AppResult};

/// The environment variable naming the report file.
pub const REPORT_VAR: &str = "LLK_LAUNCH_REPORT";

/// Appends `report` (a JSON object) to `$LLK_LAUNCH_REPORT`; returns whether it wrote.
#[tauri::command]
pub fn launch_report(report: Arg) -> AppResult<bool> {
    let path = std::env::var_os(REPORT_VAR);
    append_report(path.as_deref().map(Path::new), &report)
}

/// The command's work: the session checks `report` even when there is nowhere to write
/// it, so a bad argument is refused the same way with and without the variable.
pub fn append_report(path: Option<&Path>, report: &Arg) -> AppResult<bool> {
    let line = report_line(report)?;
    let Some(path) = path else { return Ok(false) };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| AppError::Storage(format!("launch report: {e}")))?;
    // one write of the whole line: reports of concurrent launches never interleave
    file.write_all(format!("{line}\n").as_bytes())
        .map_err(|e| AppError::Storage(format!("launch report: {e}")))?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    #[test]
    fn writes_one_line_per_report_only_when_asked() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("launch.jsonl");
        let report = json!({ "origin": 1.5e12, "firstBoardMs": 700.0, "marks": { "init": 2.0 } });
        let arg = Arg::from_value(report.clone());
        assert!(!append_report(None, &arg).expect("no file: nothing to do"));
        assert!(!path.exists());
        assert!(append_report(Some(&path), &arg).expect("written"));
        assert!(append_report(Some(&path), &Arg::from_value(json!({}))).expect("written"));
        let text = std::fs::read_to_string(&path).expect("report");
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON line"))
            .collect();
        assert_eq!(lines, vec![report, json!({})]);
    }

    #[test]
    fn refuses_what_is_not_a_small_object() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("launch.jsonl");
        for bad in [
            Arg::default(),
            Arg::from_value(json!([1])),
            Arg::from_value(json!("x")),
            Arg::from_value(json!({ "x": "y".repeat(5000) })),
        ] {
            for p in [None, Some(path.as_path())] {
                let e = append_report(p, &bad).expect_err("refused");
                assert_eq!(e.code(), "bad_argument", "{bad:?}");
            }
        }
        assert!(!path.exists(), "nothing written for a refused report");
        let e =
            append_report(Some(dir.path()), &Arg::from_value(json!({}))).expect_err("a directory");
        assert_eq!(e.code(), "storage");
    }
}
