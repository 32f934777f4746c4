// The app's IPC command names, in one place (plain `//` comments: this file is also
// `include!`d). The session's dispatcher (`invoke.rs`) answers each of them; the desktop
// shell's build script (`src-tauri/build.rs`) includes this file to declare them (and the
// desktop's own `DESKTOP_COMMANDS`) to tauri-build, so each gets an `allow-<command>`
// permission, and its `lib.rs` registers one handler per name. Tests check that handlers, names, capability and dispatcher agree.

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
    "new_game_from_level",
    "daily_deal",
    "daily_status",
    "statistics",
    "launch_report",
    "online_status",
    "set_online",
    "online_outbox",
    "online_delivered",
    "online_refused",
];

/// Commands of the desktop shell alone (`src-tauri/`), not of the session: the web view
/// does their work itself (`online_http`: the view's `fetch` to its own origin).
pub const DESKTOP_COMMANDS: &[&str] = &["online_http"];
