//! The engine's benchmark workloads, compiled twice from the same source: to a WebAssembly
//! module (`exports`, raw `extern "C"` functions Node calls, no wasm-bindgen) and into a
//! native runner (`src/main.rs`). `web/bench/compare.mjs` runs both, interleaved, and prints
//! them side by side; the checksums show that both did the same work.
//!
//! The boards, queries and deals are the engine's own bench workloads
//! (`engine/benches/support/workload.rs`, included by path in `workloads`).

pub mod checksum;
pub mod workloads;

pub mod exports;
