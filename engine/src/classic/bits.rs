//! Bit lines: one row or column of the padded grid as a slice of words, a bit per cell
//! (set = occupied). Owns the three questions the board's segment tests ask of a line —
//! is a stretch clear, where is the nearest occupied cell below or above a point — each
//! answered with one or two word operations when the line fits a word (every preset:
//! padded sides up to 64), a word at a time beyond.

/// Bits per word.
pub(crate) const WORD: usize = 64;

/// Words holding a line of `n` cells.
pub(crate) fn words_for(n: usize) -> usize {
    n.div_ceil(WORD)
}

/// Sets (`on`) or clears bit `i`.
#[inline]
pub(crate) fn set(line: &mut [u64], i: usize, on: bool) {
    let bit = 1u64 << (i % WORD);
    if on {
        line[i / WORD] |= bit;
    } else {
        line[i / WORD] &= !bit;
    }
}

/// Whether no bit strictly between `lo` and `hi` is set (`lo < hi`, both in the line).
#[inline]
pub(crate) fn none_between(line: &[u64], lo: usize, hi: usize) -> bool {
    if hi <= lo + 1 {
        return true;
    }
    let (s, e) = (lo + 1, hi - 1);
    let (ws, we) = (s / WORD, e / WORD);
    let head = !0u64 << (s % WORD);
    let tail = !0u64 >> (WORD - 1 - e % WORD);
    if ws == we {
        return line[ws] & head & tail == 0;
    }
    line[ws] & head == 0 && line[ws + 1..we].iter().all(|&w| w == 0) && line[we] & tail == 0
}

/// The highest set bit below `x`, if any.
#[inline]
pub(crate) fn last_below(line: &[u64], x: usize) -> Option<usize> {
    let mut wi = x / WORD;
    let mut w = line[wi] & ((1u64 << (x % WORD)) - 1);
    loop {
        if w != 0 {
            return Some(wi * WORD + (WORD - 1 - w.leading_zeros() as usize));
        }
        if wi == 0 {
            return None;
        }
        wi -= 1;
        w = line[wi];
    }
}

/// The lowest set bit above `x`, if any.
#[inline]
pub(crate) fn first_above(line: &[u64], x: usize) -> Option<usize> {
    let mut wi = x / WORD;
    let b = x % WORD;
    let mut w = if b == WORD - 1 {
        0
    } else {
        line[wi] & (!0u64 << (b + 1))
    };
    loop {
        if w != 0 {
            return Some(wi * WORD + w.trailing_zeros() as usize);
        }
        wi += 1;
        if wi >= line.len() {
            return None;
        }
        w = line[wi];
    }
}

/// The run `lo..=hi` around `x` in a line of `n` cells whose cells other than `x` are all
/// clear: how far a straight path from `x` reaches either way. Always inlined, for
/// WebAssembly (see `Board::row_reach`).
#[inline(always)]
pub(crate) fn clear_run(line: &[u64], x: usize, n: usize) -> (usize, usize) {
    let lo = last_below(line, x).map_or(0, |b| b + 1);
    let hi = first_above(line, x).map_or(n - 1, |b| b - 1);
    (lo, hi)
}

/// The clear run around `x` in a one-word line of `n` cells (`n <= 64`) as a mask: the
/// bits `lo..=hi` of [`clear_run`] (`x` included).
#[inline]
pub(crate) fn run_mask(word: u64, x: usize, n: usize) -> u64 {
    let below = word & ((1u64 << x) - 1);
    let lo = WORD - below.leading_zeros() as usize;
    let above = word & !(2u64 << x).wrapping_sub(1);
    let end = (above.trailing_zeros() as usize).min(n);
    ones_below(end) & !ones_below(lo)
}

/// The bits `0..n` (`n <= 64`).
#[inline]
fn ones_below(n: usize) -> u64 {
    if n >= WORD {
        !0
    } else {
        (1u64 << n) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A line of `n` cells from flags, and the flags.
    fn line_of(flags: &[bool]) -> Vec<u64> {
        let mut line = vec![0; words_for(flags.len())];
        for (i, &f) in flags.iter().enumerate() {
            set(&mut line, i, f);
        }
        line
    }

    #[test]
    fn word_edges() {
        let mut flags = vec![false; 130];
        flags[63] = true;
        flags[64] = true;
        flags[128] = true;
        let line = line_of(&flags);
        assert!(none_between(&line, 0, 63));
        assert!(!none_between(&line, 0, 64));
        assert!(none_between(&line, 64, 128));
        assert_eq!(last_below(&line, 64), Some(63));
        assert_eq!(last_below(&line, 63), None);
        assert_eq!(first_above(&line, 63), Some(64));
        assert_eq!(first_above(&line, 64), Some(128));
        assert_eq!(first_above(&line, 128), None);
        assert_eq!(clear_run(&line, 100, 130), (65, 127));
        assert_eq!(clear_run(&line, 129, 130), (129, 129));
    }

    proptest! {
        /// Each answer agrees with a plain walk over the cells.
        #[test]
        fn agrees_with_a_plain_walk(
            flags in prop::collection::vec(any::<bool>(), 1..200),
            a in 0usize..200,
            b in 0usize..200,
        ) {
            let n = flags.len();
            let (a, b) = (a % n, b % n);
            let line = line_of(&flags);
            let (lo, hi) = (a.min(b), a.max(b));
            let plain_clear = (lo + 1..hi).all(|i| !flags[i]);
            prop_assert_eq!(none_between(&line, lo, hi), plain_clear);
            prop_assert_eq!(last_below(&line, a), (0..a).rev().find(|&i| flags[i]));
            prop_assert_eq!(first_above(&line, a), (a + 1..n).find(|&i| flags[i]));
            let mut run = (a, a);
            while run.0 > 0 && !flags[run.0 - 1] {
                run.0 -= 1;
            }
            while run.1 + 1 < n && !flags[run.1 + 1] {
                run.1 += 1;
            }
            prop_assert_eq!(clear_run(&line, a, n), run);
            if n <= WORD {
                let mask = (run.0..=run.1).fold(0u64, |m, i| m | 1 << i);
                prop_assert_eq!(run_mask(line[0], a, n), mask);
            }
        }
    }
}
