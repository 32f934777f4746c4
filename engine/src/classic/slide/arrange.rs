//! Solvable arrangements under a slide rule, built forward: on the unlabelled board
//! (occupancy only) repeatedly pick two tiles that link, remove them and let the rest
//! slide; then give each removed pair a kind. The removal order, as positions at the time
//! of each move, replays on the labelled board and is its certificate.
//!
//! A step always exists: among two or more tiles, a pair with the smallest bounding
//! rectangle has nothing inside it, so its L-path is clear. Partners are drawn with
//! weight `d²` (`d` the Manhattan distance) so that deals are not built from neighbours
//! only.

use crate::classic::arrange::{pair_up, partners_of};
use crate::classic::board::{Board, Kind, Pos};
use crate::classic::slide::rule::{Lanes, SlideRule};
use crate::rng::Rng;

/// No tile here.
const NONE: u32 = u32::MAX;

/// A removal order on occupancy alone: the moves (positions when made) and, for each,
/// the two tiles removed as indices into the starting `cells`; the tile left over (odd
/// counts) last.
pub(crate) struct Order {
    pub moves: Vec<(Pos, Pos)>,
    pub tiles: Vec<(usize, usize)>,
    pub leftover: Vec<usize>,
}

/// A random removal order of `cells` on a board of `shape`'s size and ring under `rule`.
pub(crate) fn removal_order(shape: &Board, cells: &[Pos], rule: SlideRule, rng: &mut Rng) -> Order {
    let mut order = Order {
        moves: Vec::new(),
        tiles: Vec::new(),
        leftover: Vec::new(),
    };
    let Ok(mut occ) = Board::new(shape.rows(), shape.cols(), shape.ring()) else {
        order.leftover = (0..cells.len()).collect();
        return order;
    };
    let cols = shape.cols();
    let slot_of = |p: Pos| p.row as usize * cols + p.col as usize;
    // id_at[cell] = starting index of the tile on it; alive[i] = where tile i is now
    // (the alive tiles, swap-removed), alive_slot[cell] = its index in `alive`.
    let mut id_at = vec![NONE; shape.rows() * cols];
    let mut alive: Vec<Pos> = Vec::new();
    let mut alive_slot = vec![usize::MAX; shape.rows() * cols];
    for (i, &p) in cells.iter().enumerate() {
        if occ.contains(p) && id_at[slot_of(p)] == NONE {
            occ.place(p, 0);
            id_at[slot_of(p)] = i as u32;
            alive_slot[slot_of(p)] = alive.len();
            alive.push(p);
        }
    }
    let lanes = Lanes::new(rule, shape.rows(), cols);
    let mut partners = Vec::new();
    // Before the first move the tiles may sit anywhere; after it every lane is packed,
    // so a move leaves gaps only in the lanes of its two tiles.
    let mut packed = false;
    'steps: while alive.len() >= 2 {
        let start = rng.below(alive.len());
        for off in 0..alive.len() {
            let x = alive[(start + off) % alive.len()];
            partners_of(&occ, x, &mut partners);
            let Some(y) = weighted_pick(x, &partners, rng) else {
                continue;
            };
            let (ix, iy) = (id_at[slot_of(x)], id_at[slot_of(y)]);
            order.moves.push((x, y));
            order.tiles.push((ix as usize, iy as usize));
            for p in [x, y] {
                occ.clear(p);
                id_at[slot_of(p)] = NONE;
                let k = alive_slot[slot_of(p)];
                alive.swap_remove(k);
                if let Some(&moved) = alive.get(k) {
                    alive_slot[slot_of(moved)] = k;
                }
            }
            let slid = if packed {
                lanes.apply_after(&mut occ, [x, y])
            } else {
                lanes.apply(&mut occ)
            };
            packed = true;
            for [from, to] in slid {
                let (f, t) = (slot_of(from), slot_of(to));
                id_at[t] = id_at[f];
                id_at[f] = NONE;
                let k = alive_slot[f];
                alive[k] = to;
                alive_slot[t] = k;
            }
            continue 'steps;
        }
        // Unreachable by the argument in the module notes; stop rather than loop.
        break;
    }
    order.leftover = alive.iter().map(|&p| id_at[slot_of(p)] as usize).collect();
    order
}

/// A partner of `x` drawn with weight `d²` (Manhattan distance `d`), or `None`.
fn weighted_pick(x: Pos, partners: &[Pos], rng: &mut Rng) -> Option<Pos> {
    let weight = |p: &Pos| {
        let d = x.row.abs_diff(p.row) as usize + x.col.abs_diff(p.col) as usize;
        d * d
    };
    let total: usize = partners.iter().map(weight).sum();
    if total == 0 {
        return None;
    }
    let mut r = rng.below(total);
    for p in partners {
        let w = weight(p);
        if r < w {
            return Some(*p);
        }
        r -= w;
    }
    None
}

/// Places `kinds` on `cells` of `board` so that it is solvable under `rule` when every
/// kind count is even; returns the certificate then, else `None`.
pub(crate) fn arrange_solvable(
    board: &mut Board,
    cells: &[Pos],
    kinds: &[Kind],
    rule: SlideRule,
    rng: &mut Rng,
) -> Option<Vec<(Pos, Pos)>> {
    let order = removal_order(board, cells, rule, rng);
    let (pair_kinds, singles) = pair_up(kinds, rng);
    let complete =
        singles.is_empty() && pair_kinds.len() == order.tiles.len() && order.leftover.is_empty();
    let paired = pair_kinds.len().min(order.tiles.len());
    for (&(a, b), &k) in order.tiles.iter().zip(&pair_kinds) {
        board.place(cells[a], k);
        board.place(cells[b], k);
    }
    let tail = order.tiles[paired..]
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .chain(order.leftover.iter().copied());
    for (t, &k) in tail.zip(&singles) {
        board.place(cells[t], k);
    }
    complete.then_some(order.moves)
}
