//! Shuffle under a slide rule: permutes the remaining tiles over their own cells. Never
//! leaves a stuck board; in solvable mode leaves one solvable under the rule (when every
//! kind count is even), built forward like a deal. Under `none`, the classic shuffle.

use crate::classic::board::{Board, Pos};
use crate::classic::shuffle::shuffle as classic_shuffle;
use crate::classic::shuffle::{random_tries, Tried};
use crate::classic::slide::arrange::arrange_solvable;
use crate::classic::slide::rule::SlideRule;

/// Rearranges `board`'s tiles in place using the random stream (`seed`, `stream`).
/// Returns a certificate of the new board under `rule` when it was built solvable.
pub fn shuffle(
    board: &mut Board,
    rule: SlideRule,
    seed: u64,
    stream: u64,
    solvable: bool,
) -> Option<Vec<(Pos, Pos)>> {
    if rule == SlideRule::None {
        return classic_shuffle(board, seed, stream, solvable);
    }
    match random_tries(board, seed, stream, solvable) {
        Tried::Done => None,
        Tried::Construct(cells, kinds, mut rng) => {
            arrange_solvable(board, &cells, &kinds, rule, &mut rng)
        }
    }
}
