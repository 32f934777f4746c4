//! The transitive closure of a cover relation, as one bitset per tile: `reach[i]` holds
//! every tile lying under `i` directly or through others. Two layouts with the same
//! closure free the same tiles after any sequence of takes (a tile is free when nothing
//! above it is left, and "above" is the closure's converse), so they play the same game.

/// One bitset of `words` 64-bit words per tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closure {
    words: usize,
    bits: Vec<u64>,
}

impl Closure {
    /// The closure of `covers` over `n` tiles, where `covers(a, b)` says `a` lies directly
    /// on `b`. `z[i]` is tile `i`'s layer: `covers(a, b)` must imply `z[a] > z[b]`, so
    /// filling tiles in ascending layer order sees every lower tile's closure complete.
    pub fn new(z: &[i64], covers: impl Fn(usize, usize) -> bool) -> Closure {
        let n = z.len();
        let words = n.div_ceil(64).max(1);
        let mut bits = vec![0u64; n * words];
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| z[i]);
        for (oi, &a) in order.iter().enumerate() {
            for &b in &order[..oi] {
                if z[b] < z[a] && covers(a, b) {
                    bits[a * words + b / 64] |= 1 << (b % 64);
                    for w in 0..words {
                        let under = bits[b * words + w];
                        bits[a * words + w] |= under;
                    }
                }
            }
        }
        Closure { words, bits }
    }

    /// The first pair `(a, b)` (by `a`, then `b`) where `a` lies over `b` in exactly one of
    /// `self` and `other`, if any; both must be over the same number of tiles.
    pub fn first_difference(&self, other: &Closure) -> Option<(usize, usize)> {
        let n = self.bits.len() / self.words;
        (0..n).find_map(|a| {
            (0..self.words).find_map(|w| {
                let i = a * self.words + w;
                let diff = self.bits[i] ^ other.bits.get(i).copied().unwrap_or(0);
                (diff != 0).then(|| (a, w * 64 + diff.trailing_zeros() as usize))
            })
        })
    }

    /// Whether `a` lies over `b`, directly or through others.
    pub fn over(&self, a: usize, b: usize) -> bool {
        self.bits
            .get(a * self.words + b / 64)
            .is_some_and(|w| w >> (b % 64) & 1 == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_closes_and_a_gap_shows() {
        // 0 under 1 under 2, directly; 2 reaches 0 only through 1.
        let z = [0, 1, 2];
        let chain = Closure::new(&z, |a, b| a == b + 1);
        assert!(chain.over(2, 0) && chain.over(2, 1) && chain.over(1, 0));
        assert!(!chain.over(0, 2) && !chain.over(0, 0));
        let cut = Closure::new(&z, |a, b| a == 2 && b == 1);
        assert_eq!(chain.first_difference(&cut), Some((1, 0)));
        assert_eq!(chain.first_difference(&chain.clone()), None);
    }
}
