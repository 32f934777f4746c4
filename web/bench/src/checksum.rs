//! A running 64-bit checksum of what a workload computed (paths, pairs, boards, verdicts),
//! so the native and WebAssembly runs can show they did the same work. Not cryptographic:
//! it only has to differ when a result differs.

/// A fold of `u64` words (the multiply-rotate mix of FxHash).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checksum(u64);

impl Default for Checksum {
    fn default() -> Checksum {
        Checksum(0x6c6c_6b5f_6265_6e63)
    }
}

impl Checksum {
    /// Folds one word in.
    #[inline]
    pub fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    /// Folds a position (row, column) in.
    #[inline]
    pub fn add_pos(&mut self, row: i16, col: i16) {
        self.add((u64::from(row as u16) << 16) | u64::from(col as u16));
    }

    /// The value so far.
    pub fn value(self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::Checksum;

    #[test]
    fn order_and_values_change_the_sum() {
        let fold = |words: &[u64]| {
            let mut c = Checksum::default();
            for &w in words {
                c.add(w);
            }
            c.value()
        };
        assert_eq!(fold(&[1, 2, 3]), fold(&[1, 2, 3]));
        assert_ne!(fold(&[1, 2, 3]), fold(&[3, 2, 1]));
        assert_ne!(fold(&[1, 2, 3]), fold(&[1, 2, 4]));
        assert_ne!(fold(&[0]), fold(&[]));
    }

    #[test]
    fn positions_fold_row_and_column_apart() {
        let (mut a, mut b) = (Checksum::default(), Checksum::default());
        a.add_pos(1, 2);
        b.add_pos(2, 1);
        assert_ne!(a.value(), b.value());
    }
}
