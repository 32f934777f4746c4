//! The stack search's memo of dead remaining-sets: a set of bitsets keyed by their
//! Zobrist hash, stored so that freeing it is cheap however large it grew.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// Hashes a `u64` that is already a good hash (the Zobrist key) by passing it through.
#[derive(Default)]
pub(crate) struct PassHasher(u64);

impl Hasher for PassHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// Remaining-sets proven dead: keyed by their Zobrist hash, checked against the whole
/// bitset (a hash collision never makes a live set look dead).
///
/// The sets are stored one after another in one vector, not each in its own allocation:
/// a search stopped by its budget may hold millions of them, and freeing them one by one
/// took 90-160 ms after the interrupt (more than the budget's 50 ms allowance), while
/// freeing two large blocks takes a few. It also halves the memo's memory.
#[derive(Default)]
pub(crate) struct DeadMemo {
    /// Words per stored set: every remaining-set of one search has the same length (fixed
    /// by the first insert; a set of another length goes to `more`).
    words: usize,
    /// The stored sets, `words` words each, one after another.
    sets: Vec<u64>,
    /// Hash → where its first set starts in `sets`.
    first: HashMap<u64, usize, BuildHasherDefault<PassHasher>>,
    /// Sets whose hash was already taken by another set (rare).
    more: HashSet<Box<[u64]>>,
}

impl DeadMemo {
    /// The stored set starting at `at`.
    fn stored(&self, at: usize) -> &[u64] {
        self.sets.get(at..at + self.words).unwrap_or(&[])
    }

    pub fn contains(&self, hash: u64, set: &[u64]) -> bool {
        match self.first.get(&hash) {
            Some(&at) if self.stored(at) == set => true,
            Some(_) => self.more.contains(set),
            None => set.len() != self.words && self.more.contains(set),
        }
    }

    pub fn insert(&mut self, hash: u64, set: &[u64]) {
        if self.sets.is_empty() {
            self.words = set.len();
        }
        match self.first.get(&hash) {
            Some(&at) if self.stored(at) == set => {}
            None if set.len() == self.words => {
                self.first.insert(hash, self.sets.len());
                self.sets.extend_from_slice(set);
            }
            _ => {
                self.more.insert(set.into());
            }
        }
    }

    pub fn len(&self) -> usize {
        self.first.len() + self.more.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A coarse hash (the real search's is a Zobrist key): distinct sets often share it.
    fn coarse(set: &[u64]) -> u64 {
        set.iter().sum::<u64>() % 3
    }

    proptest! {
        /// The memo answers as a plain set of sets does, when distinct sets share a hash
        /// and when sets of another length than the first turn up.
        #[test]
        fn memo_is_a_set_of_sets(
            ops in prop::collection::vec((prop::collection::vec(0..4u64, 1..=3), any::<bool>()), 0..200),
        ) {
            let mut memo = DeadMemo::default();
            let mut reference: HashSet<Vec<u64>> = HashSet::new();
            for (set, insert) in ops {
                if insert {
                    memo.insert(coarse(&set), &set);
                    reference.insert(set);
                    prop_assert_eq!(memo.len(), reference.len());
                } else {
                    prop_assert_eq!(memo.contains(coarse(&set), &set), reference.contains(&set));
                }
            }
            for set in &reference {
                prop_assert!(memo.contains(coarse(set), set));
            }
        }
    }
}
