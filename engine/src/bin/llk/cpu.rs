//! This thread's CPU time, for the benchmarks on a loaded machine (where wall time is
//! mostly waiting for a core): `CLOCK_THREAD_CPUTIME_ID` through the `cpu-time` crate;
//! zero where the clock is unavailable. (`/proc/thread-self/schedstat` gives 0 on some
//! kernels, this machine's among them.)

use std::time::Duration;

pub fn thread_cpu() -> Duration {
    cpu_time::ThreadTime::try_now()
        .map(|t| t.as_duration())
        .unwrap_or(Duration::ZERO)
}
