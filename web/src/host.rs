//! The clock and the entropy of the session in a browser, which the session may not take
//! itself: the clock is the last `now_ms` the page sent (`Date.now()` with each request), the
//! entropy a ChaCha generator seeded once from the page's `crypto.getRandomValues` (256 bits
//! when the page sends them, as 64 hex digits; a decimal u64 still works). It is
//! ChaCha8, the engine's own generator (`llk_engine::rng`), so the module carries one ChaCha
//! core, not two (a second one, ChaCha12, cost ~5 kB of module); the seeds it draws only
//! need to be unpredictable and spread, which eight rounds give. It draws through the
//! engine's `Rng` (keyed with the generator's own seed), not a `ChaCha8Rng` of its own:
//! the block function is compiled where it is called, and this crate is compiled for size in
//! the web build while the engine is not, so a `ChaCha8Rng` here was a second copy (~2 kB
//! of gzip).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use llk_engine::rng::Rng;
use llk_session::host::Host;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The page's clock, set by the protocol before every request and read by the session.
#[derive(Clone, Debug, Default)]
pub struct Clock(Arc<AtomicU64>);

impl Clock {
    pub fn set(&self, now_ms: u64) {
        self.0.store(now_ms, Ordering::Relaxed);
    }

    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// What the session sees as its host.
pub struct WebHost {
    clock: Clock,
    rng: Mutex<Rng>,
}

impl WebHost {
    pub fn new(clock: Clock, seed: u64) -> WebHost {
        WebHost {
            clock,
            // rand's expansion of the u64 into a key, as before (`seed_from_u64`)
            rng: Mutex::new(Rng::from_key(ChaCha8Rng::seed_from_u64(seed).get_seed())),
        }
    }

    /// A host whose generator is seeded with all of `seed` (256 bits from the page: the
    /// online identity's secret key is drawn from it, so 64 bits would not do).
    pub fn from_seed(clock: Clock, seed: [u8; 32]) -> WebHost {
        WebHost {
            clock,
            rng: Mutex::new(Rng::from_key(seed)),
        }
    }
}

/// Just the name: the session's hosts must be `Debug`, and a derived impl would ship the
/// generator's and the lock's formatting code in the module for no reader.
impl std::fmt::Debug for WebHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WebHost")
    }
}

impl Host for WebHost {
    fn now_ms(&self) -> u64 {
        self.clock.get()
    }

    fn random_u64(&self) -> u64 {
        self.rng
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .next_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_is_what_the_page_said_last() {
        let clock = Clock::default();
        let host = WebHost::new(clock.clone(), 1);
        clock.set(1_700_000_000_000);
        assert_eq!(host.now_ms(), 1_700_000_000_000);
        clock.set(1_700_000_000_500);
        assert_eq!(host.now_ms(), 1_700_000_000_500);
    }

    #[test]
    fn entropy_follows_the_seed() {
        let a = WebHost::new(Clock::default(), 42);
        let b = WebHost::new(Clock::default(), 42);
        let c = WebHost::new(Clock::default(), 43);
        let xs: Vec<u64> = (0..4).map(|_| a.random_u64()).collect();
        let ys: Vec<u64> = (0..4).map(|_| b.random_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs[0], c.random_u64());
        assert_ne!(xs[0], xs[1]);
        let d = WebHost::from_seed(Clock::default(), [7; 32]);
        let e = WebHost::from_seed(Clock::default(), [7; 32]);
        assert_eq!(d.random_u64(), e.random_u64());
    }

    /// The streams are ChaCha8Rng's, as when the host held one (saved keys came from them).
    #[test]
    fn the_streams_are_chacha8rngs() {
        use rand::RngCore;
        let a = WebHost::new(Clock::default(), 42);
        let mut a_was = ChaCha8Rng::seed_from_u64(42);
        let b = WebHost::from_seed(Clock::default(), [9; 32]);
        let mut b_was = ChaCha8Rng::from_seed([9; 32]);
        for _ in 0..100 {
            assert_eq!(a.random_u64(), a_was.next_u64());
            assert_eq!(b.random_u64(), b_was.next_u64());
        }
    }
}
