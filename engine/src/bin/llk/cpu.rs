//! This thread's CPU time, for the benchmarks on a loaded machine (where wall time is
//! mostly waiting for a core): `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, to the
//! nanosecond, on 64-bit Linux; zero elsewhere. (`/proc/thread-self/schedstat`, which
//! `llk sweep` reads, gives 0 on some kernels, this machine's among them.)

use std::time::Duration;

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
pub fn thread_cpu() -> Duration {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a live, writable `struct timespec` (two 64-bit fields on 64-bit
    // Linux) and the clock id is a constant the kernel knows; the call writes only `ts`.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 || ts.tv_sec < 0 || ts.tv_nsec < 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
pub fn thread_cpu() -> Duration {
    Duration::ZERO
}
