//! Solvable arrangements by construction: pick a random removal order over a set of
//! cells (each step removes two cells that connect on the current occupancy), then give
//! each removed pair a kind. The board is solvable because that order replays on it.
//!
//! An order always exists: among any two or more occupied cells, a pair whose bounding
//! rectangle is smallest has no other tile inside it, so the L-path along that
//! rectangle is clear. Each step therefore succeeds and the work is bounded:
//! O(n) link tests per step, O(n²) in all, no retries.

use crate::board::{Board, Kind, Pos};
use crate::rng::Rng;

/// A random order removing `cells` two at a time, each pair connecting (whatever their
/// kinds) on a board of `shape`'s size and ring where the not-yet-removed cells are
/// occupied. Cells left over (at most one) are returned second.
pub(crate) fn removal_order(
    shape: &Board,
    cells: &[Pos],
    rng: &mut Rng,
) -> (Vec<(Pos, Pos)>, Vec<Pos>) {
    let Ok(mut occ) = Board::new(shape.rows(), shape.cols(), shape.ring()) else {
        return (Vec::new(), cells.to_vec());
    };
    let mut left: Vec<Pos> = cells.iter().copied().filter(|&p| occ.contains(p)).collect();
    for &p in &left {
        // In bounds: filtered just above.
        let _ = occ.set(p, Some(0));
    }
    let mut order = Vec::with_capacity(left.len() / 2);
    let mut partners = Vec::new();
    'steps: while left.len() >= 2 {
        let start = rng.below(left.len());
        for off in 0..left.len() {
            let i = (start + off) % left.len();
            let x = left[i];
            partners.clear();
            partners.extend((0..left.len()).filter(|&j| j != i && occ.cells_link(x, left[j])));
            if partners.is_empty() {
                continue;
            }
            let j = partners[rng.below(partners.len())];
            let y = left[j];
            let _ = occ.set(x, None);
            let _ = occ.set(y, None);
            order.push((x, y));
            // Remove the higher index first so the lower stays valid.
            left.swap_remove(i.max(j));
            left.swap_remove(i.min(j));
            continue 'steps;
        }
        // Unreachable by the argument above; stop rather than loop.
        break;
    }
    (order, left)
}

/// Places `kinds` (any multiset) on `cells` of `board` so that the board is solvable
/// when every kind count is even. Returns the solution (the removal order) when the
/// whole multiset could be paired, else `None` (odd counts cannot all be removed).
pub(crate) fn arrange_solvable(
    board: &mut Board,
    cells: &[Pos],
    kinds: &[Kind],
    rng: &mut Rng,
) -> Option<Vec<(Pos, Pos)>> {
    let (mut order, leftover) = removal_order(board, cells, rng);
    // Pair up equal kinds; odd ones out become singles.
    let mut sorted = kinds.to_vec();
    sorted.sort_unstable();
    let mut pair_kinds = Vec::with_capacity(sorted.len() / 2);
    let mut singles = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        if i + 1 < sorted.len() && sorted[i] == sorted[i + 1] {
            pair_kinds.push(sorted[i]);
            i += 2;
        } else {
            singles.push(sorted[i]);
            i += 1;
        }
    }
    rng.shuffle(&mut pair_kinds);
    rng.shuffle(&mut singles);
    let complete = singles.is_empty() && pair_kinds.len() == order.len() && leftover.is_empty();
    // Cells beyond the paired ones (only when some kinds are odd) take the singles.
    let tail: Vec<Pos> = order
        .split_off(pair_kinds.len().min(order.len()))
        .into_iter()
        .flat_map(|(a, b)| [a, b])
        .chain(leftover)
        .collect();
    for (&(a, b), &k) in order.iter().zip(&pair_kinds) {
        let _ = board.set(a, Some(k));
        let _ = board.set(b, Some(k));
    }
    for (&p, &k) in tail.iter().zip(&singles) {
        let _ = board.set(p, Some(k));
    }
    complete.then_some(order)
}
