//! The session's two doors to the outside world, which each shell implements: [`Store`],
//! where the session's files live, and [`Host`], the clock and the entropy. The session
//! itself reads no clock, touches no file and draws no OS randomness, so that the same
//! code runs in the desktop app and in a browser (WebAssembly).

/// Where the session's files live (the desktop: a directory with atomic writes and a
/// background saver; the web: browser storage). Names are plain file names such as
/// "game.json".
pub trait Store: Send + std::fmt::Debug {
    /// The file's text; Ok(None) when it does not exist; Err(reason) when it cannot be read.
    fn read(&self, name: &str) -> Result<Option<String>, String>;
    /// Moves `name` out of the way (the desktop: `<name>.corrupt`, `<name>.<n>.corrupt`)
    /// and returns the name it is now kept as.
    fn set_aside(&self, name: &str) -> Result<String, String>;
    /// Saves `contents` as `name` soon (the desktop: the background saver; latest wins).
    /// Never fails here: the adapter reports its own failures.
    fn queue(&self, name: &str, contents: String);
    /// Saves `contents` as `name` now and durably (settings); Err(reason) when it failed.
    fn write(&self, name: &str, contents: &str) -> Result<(), String>;
    /// Waits until everything queued is stored (before exit, and in tests).
    fn flush(&self);
    /// How the English notice about a set-aside file names where it is kept (`kept_as`
    /// from [`Store::set_aside`]): the desktop gives the full path, for the log; by
    /// default the name itself.
    fn describe(&self, kept_as: &str) -> String {
        kept_as.to_string()
    }
}

/// The clock and the entropy the session may not take itself.
pub trait Host: Send + std::fmt::Debug {
    /// Milliseconds since the Unix epoch, UTC (statistics' dates, the daily deal's date).
    fn now_ms(&self) -> u64;
    /// A fresh random number (seeds of new games and journeys).
    fn random_u64(&self) -> u64;
    /// A line for the log: a file set aside, a save that could not be made. By default
    /// stderr (nowhere on WebAssembly, which has none).
    fn log(&self, line: &str) {
        eprintln!("lianliankan: {line}");
    }
}
