// The app's IPC command names, in one place: included by `build.rs` (which declares
// them to tauri-build, so each gets an `allow-<command>` permission) and by `commands.rs`
// (which registers the handlers; a test checks handlers, names and capability agree).

/// Every command name, as registered.
pub const COMMANDS: &[&str] = &[
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
    "move_out",
    "winning_line",
    "journey_start",
    "journey_next",
    "journey_retry",
    "judge",
    "undo_to_solvable",
    "solve_step",
    "new_game_from_code",
    "daily_deal",
    "daily_status",
    "statistics",
    "launch_report",
];
