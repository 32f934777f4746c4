//! Deals under a slide rule. `none` and random (not solvable) deals are the classic
//! deals, unchanged; a solvable deal under a moving rule is built forward
//! (see `arrange`) and carries its certificate.

use crate::classic::board::{Board, Pos};
use crate::classic::deal::{deal as classic_deal, Deal, DealOptions};
use crate::classic::layout::kind_multiset;
use crate::classic::slide::arrange::arrange_solvable;
use crate::classic::slide::rule::SlideRule;
use crate::error::Result;
use crate::rng::Rng;

/// Deals a full board for play under `rule`. The same options and rule give the same
/// board on every platform; under `none` (or when not solvable) the classic deal.
pub fn deal(opts: &DealOptions, rule: SlideRule) -> Result<Deal> {
    if rule == SlideRule::None || !opts.solvable {
        return classic_deal(opts);
    }
    let kinds = kind_multiset(opts.rows, opts.cols, opts.kinds)?;
    let mut board = Board::new(opts.rows, opts.cols, opts.ring)?;
    let mut rng = Rng::new(opts.seed, 0);
    let cells: Vec<Pos> = (0..opts.rows)
        .flat_map(|r| (0..opts.cols).map(move |c| Pos::new(r as i16, c as i16)))
        .collect();
    let solution = arrange_solvable(&mut board, &cells, &kinds, rule, &mut rng);
    Ok(Deal { board, solution })
}
