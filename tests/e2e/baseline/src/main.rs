//! The smallest Tauri 2 window: `make bench-app` measures the game's memory and start-up
//! against it (tests/e2e/bench-app.mjs).

fn main() {
    tauri::Builder::default()
        .run(tauri::generate_context!())
        .unwrap_or_else(|e| {
            eprintln!("llk-window-baseline: {e}");
            std::process::exit(1);
        });
}
