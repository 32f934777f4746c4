//! The engine's random numbers: ChaCha8 seeded from a u64 by a fixed expansion, with our
//! own bounded sampling and Fisher–Yates shuffle, so the same seed gives the same deal on
//! every platform and release (nothing depends on `rand`'s unspecified algorithms).

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A deterministic random stream for deals and shuffles.
pub struct Rng(ChaCha8Rng);

impl Rng {
    /// The stream for `seed`; `stream` separates independent uses of one seed
    /// (the deal is stream 0, the n-th shuffle of a game stream n).
    pub fn new(seed: u64, stream: u64) -> Rng {
        // SplitMix64 expands (seed, stream) into the 32-byte ChaCha key.
        let mut state = seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03);
        let mut key = [0u8; 32];
        for chunk in key.chunks_exact_mut(8) {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            chunk.copy_from_slice(&(z ^ (z >> 31)).to_le_bytes());
        }
        Rng(ChaCha8Rng::from_seed(key))
    }

    /// The ChaCha8 stream of the 32-byte `key` itself (`ChaCha8Rng::from_seed`), for a
    /// caller that brings its own entropy: the web shell's host draws from it, through this
    /// type rather than its own `ChaCha8Rng`, so that the web build's module carries one copy
    /// of the ChaCha block function (compiled once, here) and not two.
    pub fn from_key(key: [u8; 32]) -> Rng {
        Rng(ChaCha8Rng::from_seed(key))
    }

    /// The stream's next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..n` (`n > 0`), by rejection so there is no bias.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let n = n as u64;
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let v = self.0.next_u64();
            if v < zone {
                return (v % n) as usize;
            }
        }
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_streams_differ() {
        let a: Vec<usize> = (0..8).map(|_| Rng::new(7, 0).below(1000)).collect();
        let mut r = Rng::new(7, 0);
        let b: Vec<usize> = (0..8).map(|_| r.below(1000)).collect();
        assert_eq!(a[0], b[0]);
        let mut s = Rng::new(7, 1);
        let c: Vec<usize> = (0..8).map(|_| s.below(1000)).collect();
        assert_ne!(b, c);
    }

    #[test]
    fn a_key_gives_chacha8s_own_stream() {
        let key: [u8; 32] = std::array::from_fn(|i| i as u8 * 7);
        let mut ours = Rng::from_key(key);
        let mut theirs = ChaCha8Rng::from_seed(key);
        // past the first 64-word block, so the block function runs again
        for _ in 0..100 {
            assert_eq!(ours.next_u64(), theirs.next_u64());
        }
    }

    #[test]
    fn below_stays_in_range_and_shuffle_permutes() {
        let mut r = Rng::new(1, 0);
        assert!((0..1000).all(|_| r.below(3) < 3));
        let mut v: Vec<u32> = (0..50).collect();
        r.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
