//! The desktop entry point: everything lives in the library so tests can build the app.

// Prevents an additional console window on Windows in release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    lianliankan_lib::run();
}
