//! Solvable arrangements by construction: pick a random removal order over a set of
//! cells (each step removes two cells that connect on the current occupancy), then give
//! each removed pair a kind. The board is solvable because that order replays on it.
//!
//! An order always exists: among any two or more occupied cells, a pair whose bounding
//! rectangle is smallest has no other tile inside it, so the L-path along that
//! rectangle is clear. Each step therefore succeeds and the work is bounded:
//! at most O(n) link tests per step (usually a few), O(n²) in all, no retries.

use crate::classic::board::{Board, Kind, Pos};
use crate::rng::Rng;

/// Random partner draws tried before listing a tile's partners outright.
const DRAWS: usize = 24;

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
        occ.place(p, 0);
    }
    let cols = shape.cols();
    // slot[row * cols + col] = index of that cell in `left`.
    let mut slot = vec![usize::MAX; shape.rows() * cols];
    let at = |p: Pos| p.row as usize * cols + p.col as usize;
    for (i, &p) in left.iter().enumerate() {
        slot[at(p)] = i;
    }
    let mut order = Vec::with_capacity(left.len() / 2);
    let mut partners = Vec::new();
    'steps: while left.len() >= 2 {
        let start = rng.below(left.len());
        for off in 0..left.len() {
            let i = (start + off) % left.len();
            let x = left[i];
            // A uniformly random partner of x. Sparse boards: a few random draws find
            // one. Dense boards: list x's partners by walking its paths (cheap there).
            let mut pick = None;
            for _ in 0..DRAWS {
                let j = rng.below(left.len());
                if j != i && occ.cells_link(x, left[j]) {
                    pick = Some(j);
                    break;
                }
            }
            if pick.is_none() {
                partners_of(&occ, x, &mut partners);
                if !partners.is_empty() {
                    pick = Some(slot[at(partners[rng.below(partners.len())])]);
                }
            }
            let Some(j) = pick else { continue };
            let y = left[j];
            occ.clear(x);
            occ.clear(y);
            order.push((x, y));
            // Remove the higher index first so the lower stays valid.
            for k in [i.max(j), i.min(j)] {
                left.swap_remove(k);
                if let Some(&moved) = left.get(k) {
                    slot[at(moved)] = k;
                }
            }
            continue 'steps;
        }
        // Unreachable by the argument above; stop rather than loop.
        break;
    }
    (order, left)
}

/// Every occupied cell that links to `x` on `occ` (whatever the kinds), by walking
/// the straight runs of free cells a path of at most two turns can take from `x`.
/// The last legs of different paths often run along the same cells toward the same
/// tile: a last leg stops where an earlier one in the same direction passed, since that
/// one went on to the same tile.
pub(crate) fn partners_of(occ: &Board, x: Pos, out: &mut Vec<Pos>) {
    out.clear();
    let (h, w) = occ.padded_dims();
    let start = (x.row as isize + 1, x.col as isize + 1);
    let inside =
        |c: (isize, isize)| c.0 >= 0 && c.1 >= 0 && (c.0 as usize) < h && (c.1 as usize) < w;
    // The board cell at padded `c`, if it holds a tile (not the ring).
    let tile = |c: (isize, isize)| {
        let p = Pos::new(c.0 as i16 - 1, c.1 as i16 - 1);
        occ.contains(p).then_some(p)
    };
    // Walks from `from` (exclusive) along `d` over free cells, calling `each` on them;
    // returns the board cell that stops the walk, if it is a tile.
    let walk = |from: (isize, isize), d: (isize, isize), each: &mut dyn FnMut((isize, isize))| {
        let mut c = (from.0 + d.0, from.1 + d.1);
        while inside(c) {
            if !occ.free(c.0 as usize, c.1 as usize) {
                return tile(c);
            }
            each(c);
            c = (c.0 + d.0, c.1 + d.1);
        }
        None
    };
    const DIRS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    let across = |d: (isize, isize)| {
        (0..DIRS.len()).filter(move |&i| DIRS[i].0 * d.0 + DIRS[i].1 * d.1 == 0)
    };
    // seen[dir * h * w + cell]: a last leg in `dir` has passed `cell` (or started there).
    let mut seen = vec![false; DIRS.len() * h * w];
    let mut last_leg = |from: (isize, isize), di: usize| -> Option<Pos> {
        let d = DIRS[di];
        let mut c = from;
        loop {
            let k = di * h * w + c.0 as usize * w + c.1 as usize;
            if seen[k] {
                return None;
            }
            seen[k] = true;
            c = (c.0 + d.0, c.1 + d.1);
            if !inside(c) {
                return None;
            }
            if !occ.free(c.0 as usize, c.1 as usize) {
                return tile(c);
            }
        }
    };
    for d0 in DIRS {
        let hit = walk(start, d0, &mut |c0| {
            for d1 in across(d0) {
                let d1 = DIRS[d1];
                let hit = walk(c0, d1, &mut |c1| {
                    for d2 in across(d1) {
                        out.extend(last_leg(c1, d2));
                    }
                });
                out.extend(hit);
            }
        });
        out.extend(hit);
    }
    out.sort_unstable();
    out.dedup();
    out.retain(|&p| p != x);
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
    let (pair_kinds, singles) = pair_up(kinds, rng);
    let complete = singles.is_empty() && pair_kinds.len() == order.len() && leftover.is_empty();
    // Cells beyond the paired ones (only when some kinds are odd) take the singles.
    let tail: Vec<Pos> = order
        .split_off(pair_kinds.len().min(order.len()))
        .into_iter()
        .flat_map(|(a, b)| [a, b])
        .chain(leftover)
        .collect();
    for (&(a, b), &k) in order.iter().zip(&pair_kinds) {
        board.place(a, k);
        board.place(b, k);
    }
    for (&p, &k) in tail.iter().zip(&singles) {
        board.place(p, k);
    }
    complete.then_some(order)
}

/// `kinds` paired up (equal kinds), the pairs' kinds and the odd ones out, each list
/// in a random order.
pub(crate) fn pair_up(kinds: &[Kind], rng: &mut Rng) -> (Vec<Kind>, Vec<Kind>) {
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
    (pair_kinds, singles)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `partners_of` lists exactly the cells `cells_link` accepts, on random boards.
    #[test]
    fn partners_match_the_link_search() {
        let mut rng = Rng::new(99, 0);
        for case in 0..2_000 {
            let (rows, cols) = (1 + rng.below(9), 1 + rng.below(12));
            let ring = case % 2 == 0;
            let density = rng.below(101);
            let mut b = Board::new(rows, cols, ring).unwrap();
            let mut tiles = Vec::new();
            for r in 0..rows {
                for c in 0..cols {
                    if rng.below(100) < density {
                        let p = Pos::new(r as i16, c as i16);
                        b.set(p, Some(0)).unwrap();
                        tiles.push(p);
                    }
                }
            }
            let mut got = Vec::new();
            for &x in &tiles {
                partners_of(&b, x, &mut got);
                let want: Vec<Pos> = tiles
                    .iter()
                    .copied()
                    .filter(|&y| b.cells_link(x, y))
                    .collect();
                assert_eq!(got, want, "case {case} from {x:?}");
            }
        }
    }

    #[test]
    fn removal_order_removes_everything_in_linking_pairs() {
        let shape = Board::new(6, 7, false).unwrap();
        let cells: Vec<Pos> = (0..6)
            .flat_map(|r| (0..7).map(move |c| Pos::new(r, c)))
            .collect();
        let (order, left) = removal_order(&shape, &cells, &mut Rng::new(5, 0));
        assert_eq!(order.len(), 21);
        assert!(left.is_empty());
        let mut occ = Board::new(6, 7, false).unwrap();
        for &p in &cells {
            occ.set(p, Some(0)).unwrap();
        }
        for (x, y) in order {
            assert!(occ.cells_link(x, y));
            occ.set(x, None).unwrap();
            occ.set(y, None).unwrap();
        }
    }
}
