//! Build script: tauri-build reads `tauri.conf.json` and `capabilities/`, and declares the
//! app's own commands so that each gets an `allow-<command>` permission; the capability
//! grants exactly those. The names live in `command_names.rs`, shared with `commands.rs`.

include!("command_names.rs");

fn main() {
    println!("cargo:rerun-if-changed=capabilities");
    println!("cargo:rerun-if-changed=tauri.conf.json");
    println!("cargo:rerun-if-changed=src-tauri/command_names.rs");
    let manifest = tauri_build::AppManifest::new().commands(COMMANDS);
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .unwrap_or_else(|e| panic!("tauri-build failed: {e:#}"));
}
