//! `llk-server` as a library (the binary and the in-process tests share it): the web build
//! and the daily leaderboards' API (docs/api.md), every result verified by the engine's
//! replay before it is stored (docs/SERVER.md).

pub mod config;
mod engine_api;
pub mod handlers;
pub mod limits;
pub mod reply;
pub mod router;
pub mod serve;
pub mod store;
pub mod verify;
pub mod writer;

pub use config::Config;
pub use router::{build, AppState};
pub use serve::serve;
