//! Build script: tauri-build reads `tauri.conf.json` and `capabilities/`, and declares the
//! app's own commands so that each gets an `allow-<command>` permission; the capability
//! grants exactly those. The names live in the session crate's `command_names.rs`, shared
//! with its dispatcher and with `commands/` here, which registers one handler per name.

include!("../session/src/command_names.rs");

fn main() {
    println!("cargo:rerun-if-changed=capabilities");
    println!("cargo:rerun-if-changed=tauri.conf.json");
    println!("cargo:rerun-if-changed=session/src/command_names.rs");
    // tauri-build keeps the names for the whole build: a list made once, kept.
    let names: &'static [&'static str] =
        Vec::leak(COMMANDS.iter().chain(DESKTOP_COMMANDS).copied().collect());
    let manifest = tauri_build::AppManifest::new().commands(names);
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .unwrap_or_else(|e| panic!("tauri-build failed: {e:#}"));
}
