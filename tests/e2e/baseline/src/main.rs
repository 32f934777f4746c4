//! The smallest Tauri 2 window: `make bench-app` measures the game's memory and start-up
//! against it (tests/e2e/bench-app.mjs). Its one command, `launch_report`, hands the page's
//! first-paint figures to the benchmark when it launches the window without WebDriver
//! (like the game's, it writes only when `LLK_LAUNCH_REPORT` names a file).

use std::io::Write;

#[tauri::command]
fn launch_report(report: String) -> bool {
    let Some(path) = std::env::var_os("LLK_LAUNCH_REPORT") else {
        return false;
    };
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(format!("{report}\n").as_bytes()))
        .is_ok()
}

fn main() {
    tauri::Builder::default()
        .invoke_handler(tauri::generate_handler![launch_report])
        .run(tauri::generate_context!())
        .unwrap_or_else(|e| {
            eprintln!("llk-window-baseline: {e}");
            std::process::exit(1);
        });
}
