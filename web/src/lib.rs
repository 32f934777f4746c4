//! The web shell of Lianliankan: the Tauri-free session (`llk_session`) behind one JSON protocol,
//! compiled to a WebAssembly module that the page's engine worker loads (`ui/src/web/`).
//!
//! - `protocol`: requests in, responses out, as plain bytes (`Shell::handle`); natively tested.
//! - `store`: the session's files as the page sent them, every change recorded as a storage op.
//! - `host`: the clock the page reports and a ChaCha generator the page seeds.
//! - `exports`: `llk_alloc`, `llk_call`, `llk_out` over linear memory (the module's only exports;
//!   natively they are plain functions, tested like the rest).

pub mod host;
pub mod protocol;
pub mod store;

pub mod exports;
