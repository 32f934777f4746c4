//! `launch_report`: the view's start-up marks, which the desktop shell appends as one JSON
//! line to the file named by `LLK_LAUNCH_REPORT` when the app was started with it (`make
//! bench-app` times launches the way a player starts the game, without WebDriver:
//! docs/RELIABILITY.md). The session checks the report, the same way whether or not
//! anything is written; writing is the desktop shell's. Through the session alone (the
//! dispatcher, the web) nothing is written.

use serde_json::Value;

use crate::args::Arg;
use crate::error::{AppError, AppResult};

/// The longest line written: the view sends a dozen marks (well under 1 kB).
pub const MAX_REPORT_BYTES: usize = 4096;

/// The line a shell appends for `report`: it must be a JSON object of at most
/// [`MAX_REPORT_BYTES`] as one line.
pub fn report_line(report: &Arg) -> AppResult<String> {
    let report: Value = report.parse("report")?;
    if !report.is_object() {
        return Err(AppError::BadArgument("`report` must be an object".into()));
    }
    let line = report.to_string();
    if line.len() > MAX_REPORT_BYTES {
        return Err(AppError::BadArgument(format!(
            "`report` is {} bytes, at most {MAX_REPORT_BYTES}",
            line.len()
        )));
    }
    Ok(line)
}

/// The command without a file to write to: checks `report`, answers `false` (nothing
/// written).
pub fn launch_report(report: &Arg) -> AppResult<bool> {
    report_line(report).map(|_| false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_small_object_is_one_line() {
        let report = json!({ "origin": 1.5e12, "firstBoardMs": 700.0, "marks": { "init": 2.0 } });
        let line = report_line(&Arg::from_value(report.clone())).expect("accepted");
        assert!(!line.contains('\n'));
        assert_eq!(serde_json::from_str::<Value>(&line).ok(), Some(report));
        assert_eq!(launch_report(&Arg::from_value(json!({}))).ok(), Some(false));
    }

    #[test]
    fn refuses_what_is_not_a_small_object() {
        for bad in [
            json!([1]),
            json!("x"),
            json!(3),
            json!({ "x": "y".repeat(5000) }),
        ] {
            let e = launch_report(&Arg::from_value(bad.clone())).expect_err("refused");
            assert_eq!(e.code(), "bad_argument", "{bad}");
        }
        let e = launch_report(&Arg::default()).expect_err("missing");
        assert_eq!(e.code(), "bad_argument");
    }
}
