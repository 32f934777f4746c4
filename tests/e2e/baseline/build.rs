//! Build script: tauri-build reads this crate's own `tauri.conf.json`.

fn main() {
    tauri_build::build();
}
