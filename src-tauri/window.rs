//! When the game window appears. It opens hidden (`"visible": false` in tauri.conf.json) and
//! shows itself once its page has loaded: with WebKitGTK's compositing off (`rendering.rs`),
//! a window drawn before its web process was up waited for it, and about half of the cold
//! launches lost ~0.5 s that way before the page even started loading (docs/RELIABILITY.md,
//! "Memory and start-up"). The window never shows a blank frame either. A watchdog shows it
//! anyway after [`SHOW_AT_THE_LATEST`], should the page never finish loading.

use std::time::Duration;

use tauri::webview::PageLoadEvent;
use tauri::{Manager, Runtime};

/// The window's label in tauri.conf.json.
pub const MAIN: &str = "main";
/// The window shows by then even if its page never reports a load.
pub const SHOW_AT_THE_LATEST: Duration = Duration::from_secs(3);

/// Shows the window when its page has loaded.
pub fn show_when_loaded<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.on_page_load(|webview, payload| {
        if payload.event() == PageLoadEvent::Finished {
            let _ = webview.window().show();
        }
    })
}

/// Starts the watchdog (from `setup`): shows the window after [`SHOW_AT_THE_LATEST`].
pub fn show_at_the_latest<R: Runtime>(app: &tauri::AppHandle<R>) {
    let app = app.clone();
    std::thread::spawn(move || {
        std::thread::sleep(SHOW_AT_THE_LATEST);
        if let Some(window) = app.get_webview_window(MAIN) {
            let _ = window.show();
        }
    });
}
