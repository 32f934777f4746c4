//! The Lianliankan session: what every IPC command of `docs/ipc.md` means, over the rules
//! engine (`llk_engine`) for every mode (classic, stack, journey). It owns the argument
//! checks, the errors, the state ([`Session`]), the payloads the view draws, the best
//! scores, statistics, settings and daily record, and the save format with its salvage
//! rules. It has no Tauri, clock, file or OS entropy: a shell hands it a [`Store`] and a
//! [`Host`] (`host.rs`) and calls either the command functions (`commands`) or the one
//! JSON dispatcher [`invoke::invoke`]. The desktop shell (`src-tauri/`) and the web shell
//! (`web/`, WebAssembly) are thin adapters over it.

pub mod args;
pub mod command_names;
pub mod commands;
pub mod daily;
pub mod error;
pub mod host;
pub mod invoke;
mod load;
pub mod memory;
pub mod mode;
pub mod online;
pub mod salvage;
pub mod scores;
pub mod settings;
pub mod state;
pub mod stats;
pub mod view;

pub use host::{Host, Store};
pub use load::MAX_FILE_BYTES;
pub use state::Session;
