//! What a rank sums. A board keeps two tallies of its bests: `tally` counts them per
//! props and tenth of a second (a coarse bucket), `tally_ms` per props and exact
//! millisecond. A score's rank is 1 + the coarse buckets before its own + the exact times
//! before it within its own bucket: two short sums, never a count over the board's bests
//! (which, with a day's times clustered, meant hundreds of index entries per answer).
//! Pure: both databases read the rows and this sums them.

use std::collections::{BTreeMap, BTreeSet};

use llk_online::Mode;

use super::{to_i64, to_u64, Score, Standing, Written};

/// Milliseconds of time per coarse bucket: few enough buckets in a day that their sum is
/// short, few enough exact times within one that theirs is too (at most 100 per props).
pub const BUCKET_MS: u64 = 100;

/// The coarse bucket of a time.
pub fn bucket(time_ms: u64) -> i64 {
    i64::try_from(time_ms / BUCKET_MS).unwrap_or(i64::MAX)
}

/// The first time of a bucket.
pub fn bucket_start(bucket: i64) -> i64 {
    bucket.saturating_mul(BUCKET_MS as i64)
}

/// A board (date, mode).
pub type Board = (String, Mode);

/// A board's tallies as a store read them: every coarse bucket, and the exact times of the
/// buckets it was asked for (`wanted`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tallies {
    /// (props, bucket) -> bests.
    pub coarse: BTreeMap<(bool, i64), i64>,
    /// (props, time_ms) -> bests, within the wanted buckets only.
    pub fine: BTreeMap<(bool, i64), i64>,
}

impl Tallies {
    /// The board's finishers: every best it counts.
    pub fn finishers(&self) -> u64 {
        to_u64(self.coarse.values().sum())
    }

    /// `score`'s standing: 1 + the bests strictly better (fewer props, then less time),
    /// given that `score`'s bucket was among the wanted ones.
    pub fn standing(&self, score: Score) -> Standing {
        let finishers = self.finishers();
        let (props, t) = (score.0, to_i64(score.1));
        let b = bucket(score.1);
        let below: i64 = self.coarse.range(..(props, b)).map(|(_, n)| n).sum();
        let within: i64 = self
            .fine
            .range((props, bucket_start(b))..(props, t))
            .map(|(_, n)| n)
            .sum();
        Standing {
            rank: (1 + to_u64(below) + to_u64(within)).min(finishers.max(1)),
            finishers,
        }
    }
}

/// The coarse buckets (props, bucket) whose exact times a batch's answers need, per board.
pub fn wanted(boards: &[Board], written: &[Written]) -> BTreeMap<Board, BTreeSet<(bool, i64)>> {
    let mut out: BTreeMap<Board, BTreeSet<(bool, i64)>> = BTreeMap::new();
    for (board, w) in boards.iter().zip(written) {
        out.entry(board.clone())
            .or_default()
            .insert((w.best.0, bucket(w.best.1)));
    }
    out
}

/// Each written result with its standing on its board's tallies (read after the batch's
/// own writes, in its transaction).
pub fn place(
    boards: &[Board],
    written: Vec<Written>,
    tallies: &BTreeMap<Board, Tallies>,
) -> Vec<(Written, Standing)> {
    let empty = Tallies::default();
    boards
        .iter()
        .zip(written)
        .map(|(board, w)| (w, tallies.get(board).unwrap_or(&empty).standing(w.best)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The tallies of `bests` as the databases keep them, with every bucket wanted.
    fn tallies(bests: &[Score]) -> Tallies {
        let mut t = Tallies::default();
        for &(p, ms) in bests {
            *t.coarse.entry((p, bucket(ms))).or_default() += 1;
            *t.fine.entry((p, to_i64(ms))).or_default() += 1;
        }
        t
    }

    proptest! {
        /// The two sums give what counting the board's bests gives.
        #[test]
        fn standing_counts_the_better_bests(
            bests in prop::collection::vec((any::<bool>(), 0u64..3_000), 1..60),
            pick in any::<prop::sample::Index>(),
        ) {
            let t = tallies(&bests);
            let mine = bests[pick.index(bests.len())];
            let better = bests.iter().filter(|s| **s < mine).count() as u64;
            prop_assert_eq!(
                t.standing(mine),
                Standing { rank: 1 + better, finishers: bests.len() as u64 }
            );
        }
    }

    #[test]
    fn buckets_are_wanted_per_board_and_placed() {
        let d = "2026-12-04".to_string();
        let boards = vec![(d.clone(), Mode::Classic), (d.clone(), Mode::Stack)];
        let w = |t| Written {
            stored: true,
            improved: true,
            best: (false, t),
        };
        let written = vec![w(4_250), w(900)];
        let want = wanted(&boards, &written);
        assert_eq!(want[&boards[0]].iter().collect::<Vec<_>>(), [&(false, 42)]);
        assert_eq!(want[&boards[1]].iter().collect::<Vec<_>>(), [&(false, 9)]);
        let mut read = BTreeMap::new();
        read.insert(
            boards[0].clone(),
            tallies(&[(false, 4_200), (false, 4_250)]),
        );
        let placed = place(&boards, written, &read);
        assert_eq!(
            placed[0].1,
            Standing {
                rank: 2,
                finishers: 2
            }
        );
        assert_eq!(
            placed[1].1,
            Standing {
                rank: 1,
                finishers: 0
            },
            "a board read as empty"
        );
    }
}
