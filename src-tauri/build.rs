//! Build script: tauri-build reads `tauri.conf.json` and `capabilities/`, and declares the
//! app's own commands so that each gets an `allow-<command>` permission; the capability
//! grants exactly those (the list must match `commands::COMMANDS`).

fn main() {
    println!("cargo:rerun-if-changed=capabilities");
    println!("cargo:rerun-if-changed=tauri.conf.json");
    let manifest = tauri_build::AppManifest::new().commands(&[
        "start",
        "presets",
        "new_game",
        "select",
        "hint",
        "shuffle",
        "undo",
        "game_state",
        "set_elapsed",
        "get_settings",
        "set_settings",
    ]);
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .unwrap_or_else(|e| panic!("tauri-build failed: {e:#}"));
}
