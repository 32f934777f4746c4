//! Shuffle: permutes the remaining tiles over their own cells. Never leaves a move-less
//! board when a move is possible at all; in solvable mode always leaves a solvable board
//! (when every kind count is even). Bounded work: a few random tries, then the
//! constructive arrangement, which always has a move.

use crate::classic::arrange::arrange_solvable;
use crate::classic::board::{Board, Kind, Pos};
use crate::rng::Rng;

/// Random permutations tried before falling back to the constructive arrangement.
const RANDOM_TRIES: usize = 4;

/// Rearranges `board`'s tiles in place using the random stream (`seed`, `stream`).
/// Returns a solution of the new board when it was built solvable.
pub fn shuffle(
    board: &mut Board,
    seed: u64,
    stream: u64,
    solvable: bool,
) -> Option<Vec<(Pos, Pos)>> {
    match random_tries(board, seed, stream, solvable) {
        Tried::Done => None,
        Tried::Construct(cells, kinds, mut rng) => {
            arrange_solvable(board, &cells, &kinds, &mut rng)
        }
    }
}

/// What the random tries of a shuffle left to do.
pub(crate) enum Tried {
    /// A random permutation left a move: done.
    Done,
    /// Build the arrangement on these cells with these kinds and the stream as it is.
    Construct(Vec<Pos>, Vec<Kind>, Box<Rng>),
}

/// The random part of a shuffle (none in solvable mode): a few random permutations of
/// the tiles over their cells, stopping at the first that leaves a move.
pub(crate) fn random_tries(board: &mut Board, seed: u64, stream: u64, solvable: bool) -> Tried {
    let tiles: Vec<_> = board.tiles().collect();
    let cells: Vec<Pos> = tiles.iter().map(|&(p, _)| p).collect();
    let mut kinds: Vec<_> = tiles.iter().map(|&(_, k)| k).collect();
    let mut rng = Rng::new(seed, stream);
    if !solvable {
        for _ in 0..RANDOM_TRIES {
            rng.shuffle(&mut kinds);
            for (&p, &k) in cells.iter().zip(&kinds) {
                // Cells come from the board itself, so they are in bounds.
                board.place(p, k);
            }
            if !board.is_stuck() {
                return Tried::Done;
            }
        }
    }
    Tried::Construct(cells, kinds, Box::new(rng))
}
