//! Deals: a full board of a layout's size, either a seeded random permutation of its
//! tiles or (solvable mode) a solvable arrangement built from a random removal order,
//! which is kept as the deal's solution.

use serde::{Deserialize, Serialize};

use crate::classic::arrange::arrange_solvable;
use crate::classic::board::{Board, Pos};
use crate::classic::layout::kind_multiset;
use crate::error::Result;
use crate::rng::Rng;

/// What to deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealOptions {
    pub rows: usize,
    pub cols: usize,
    pub kinds: usize,
    pub seed: u64,
    pub solvable: bool,
    pub ring: bool,
}

/// A dealt board, with its solution when it was built solvable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub board: Board,
    pub solution: Option<Vec<(Pos, Pos)>>,
}

/// Deals a full board. The same options give the same board on every platform.
pub fn deal(opts: &DealOptions) -> Result<Deal> {
    let mut kinds = kind_multiset(opts.rows, opts.cols, opts.kinds)?;
    let mut board = Board::new(opts.rows, opts.cols, opts.ring)?;
    let mut rng = Rng::new(opts.seed, 0);
    let cells: Vec<Pos> = (0..opts.rows)
        .flat_map(|r| (0..opts.cols).map(move |c| Pos::new(r as i16, c as i16)))
        .collect();
    let solution = if opts.solvable {
        arrange_solvable(&mut board, &cells, &kinds, &mut rng)
    } else {
        rng.shuffle(&mut kinds);
        for (&p, &k) in cells.iter().zip(&kinds) {
            board.set(p, Some(k))?;
        }
        None
    };
    Ok(Deal { board, solution })
}
