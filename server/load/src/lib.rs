//! Load, balancing and crash tools for `llk-server` (docs/SERVER.md, "Figures"): signed
//! daily submissions made before the clock starts ([`claims`]), latency recording
//! ([`stats`]), the open-loop schedule ([`rate`]), an HTTP client over loopback ([`http`]),
//! the server's memory ([`procfs`]), the two bounded loads ([`run`]), servers started and
//! killed as child processes ([`server`]), the round-robin proxy ([`balance`]) in front of
//! several of them ([`cluster`]), and the
//! kill -9 campaign ([`crash`]) with its check against the stored submissions ([`recount`]).

pub mod args;
pub mod balance;
pub mod claims;
pub mod cluster;
pub mod crash;
pub mod http;
pub mod procfs;
pub mod rate;
pub mod recount;
pub mod run;
pub mod server;
pub mod stats;

/// One line for the user, then exit 2: what the tools do with a bad argument or a failed
/// set-up (never a panic on input from outside).
pub fn die(message: impl std::fmt::Display) -> ! {
    eprintln!("{message}");
    std::process::exit(2)
}
