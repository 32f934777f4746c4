//! The WebAssembly module's interface (raw exports, no wasm-bindgen), for
//! `web/bench/compare.mjs`:
//! * import `env.now_ns() -> f64`: the host's monotonic clock in nanoseconds
//!   (`performance.now() * 1e6`);
//! * `llk_bench_run(workload, samples) -> u64`: runs a workload (ids and names as the
//!   native runner's `list` prints them) and returns its checksum;
//! * `llk_bench_samples_ptr() -> *const f64`, `llk_bench_samples_len() -> usize`: the last
//!   run's times per operation (ns), one per sample; the length is 0 when the run failed.
//!
//! Natively the same functions exist (the clock is then `Instant`), so they are tested and
//! linted like the rest; only the WebAssembly build imports the clock.

use std::sync::Mutex;

use crate::workloads::{self, Clock};

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// The host's clock (nanoseconds, monotonic).
    safe fn now_ns() -> f64;
}

/// The native stand-in for the host's clock: nanoseconds since its first reading.
#[cfg(not(target_arch = "wasm32"))]
fn now_ns() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_nanos() as f64
}

struct HostClock;

impl Clock for HostClock {
    fn now_ns(&mut self) -> f64 {
        now_ns()
    }
}

/// The last run's samples (the module is single-threaded; the lock is uncontended).
static SAMPLES: Mutex<Vec<f64>> = Mutex::new(Vec::new());

fn last_samples() -> std::sync::MutexGuard<'static, Vec<f64>> {
    // A poisoned lock cannot happen (a panic aborts the module); take the data anyway.
    SAMPLES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `workload` for `samples` samples; 0 and no samples when it cannot run.
#[unsafe(no_mangle)]
pub extern "C" fn llk_bench_run(workload: u32, samples: u32) -> u64 {
    let mut out = last_samples();
    out.clear();
    match workloads::run(workload, samples as usize, &mut HostClock, &mut out) {
        Ok(sum) => sum,
        Err(_) => {
            out.clear();
            0
        }
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn llk_bench_samples_ptr() -> *const f64 {
    last_samples().as_ptr()
}

#[unsafe(no_mangle)]
pub extern "C" fn llk_bench_samples_len() -> usize {
    last_samples().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_leaves_its_samples_and_a_failed_run_none() {
        let sum = llk_bench_run(3, 4);
        assert_eq!(llk_bench_samples_len(), 4);
        let times = last_samples().clone();
        assert!(times.iter().all(|&t| t > 0.0), "{times:?}");
        assert_eq!(llk_bench_samples_ptr(), last_samples().as_ptr());
        let mut out = Vec::new();
        let mut clock = HostClock;
        assert_eq!(workloads::run(3, 4, &mut clock, &mut out), Ok(sum));

        assert_eq!(llk_bench_run(u32::MAX, 4), 0);
        assert_eq!(llk_bench_samples_len(), 0);
    }
}
