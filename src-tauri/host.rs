//! The desktop's [`Host`]: the system clock and the operating system's entropy, which the
//! session may not take itself.

use std::time::{SystemTime, UNIX_EPOCH};

use llk_session::Host;

/// The system clock and `rand`'s thread generator (seeded by the OS).
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemHost;

impl Host for SystemHost {
    fn now_ms(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }

    fn random_u64(&self) -> u64 {
        rand::random()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_and_entropy_are_the_systems() {
        // 2026-01-01T00:00:00Z: this build is newer.
        assert!(SystemHost.now_ms() >= 1_767_225_600_000);
        let draws: std::collections::BTreeSet<u64> =
            (0..8).map(|_| SystemHost.random_u64()).collect();
        assert_eq!(draws.len(), 8, "eight fresh numbers");
    }
}
