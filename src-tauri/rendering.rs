//! How the webview draws on Linux. WebKitGTK's accelerated compositing is turned off
//! unless the player asks for it: the board is one flat page (its tiles never get layers of
//! their own), and with compositing on, the web process held about twice the memory and
//! painted the first board about a second later, with the same pixels (docs/RELIABILITY.md,
//! "Memory and start-up", measured by `make bench-app`).
//!
//! `LLK_COMPOSITING=1` keeps WebKit's default; a `WEBKIT_DISABLE_COMPOSITING_MODE` the
//! player set is left as it is. Other platforms draw as they do.

use std::ffi::OsStr;

/// The environment variable WebKitGTK reads when it starts its web process.
pub const WEBKIT_VAR: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";
/// Set to `1` to keep WebKit's accelerated compositing.
pub const OPT_IN_VAR: &str = "LLK_COMPOSITING";

/// Whether the game should turn compositing off, given the two variables as found.
pub fn turn_compositing_off(webkit: Option<&OsStr>, opt_in: Option<&OsStr>) -> bool {
    webkit.is_none() && opt_in != Some(OsStr::new("1"))
}

/// Applies the choice: call first thing in `run`, before any thread or webview starts
/// (the environment is then read by WebKit and inherited by its processes).
pub fn choose() {
    if cfg!(target_os = "linux")
        && turn_compositing_off(
            std::env::var_os(WEBKIT_VAR).as_deref(),
            std::env::var_os(OPT_IN_VAR).as_deref(),
        )
    {
        std::env::set_var(WEBKIT_VAR, "1");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_unless_the_player_chose() {
        let s = |x: &'static str| Some(OsStr::new(x));
        assert!(turn_compositing_off(None, None));
        assert!(turn_compositing_off(None, s("0")));
        assert!(!turn_compositing_off(None, s("1")));
        // the player's own WebKit setting stands, whatever it says
        assert!(!turn_compositing_off(s("0"), None));
        assert!(!turn_compositing_off(s("1"), s("1")));
    }
}
