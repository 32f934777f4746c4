//! The slide rules' table written plainly (the movement on a grid of rows), for checking
//! the engine's movement, and random small boards for the slide tests. The exhaustive
//! search and certificate checker under a rule are in `exhaustive`.

use llk_engine::classic::slide::SlideRule;
use llk_engine::classic::{Board, Kind, Pos};
use llk_engine::rng::Rng;

pub type Grid = Vec<Vec<Option<Kind>>>;
/// How one line (a row or a column, as a slice of cells) is packed.
type LinePack<'a> = &'a dyn Fn(&[Option<Kind>]) -> Vec<Option<Kind>>;

/// `cells` packed toward the front (`true`) or the back, keeping their order.
fn pack(cells: &[Option<Kind>], toward_front: bool) -> Vec<Option<Kind>> {
    let tiles: Vec<Option<Kind>> = cells.iter().copied().filter(Option::is_some).collect();
    let gaps = vec![None; cells.len() - tiles.len()];
    if toward_front {
        [tiles, gaps].concat()
    } else {
        [gaps, tiles].concat()
    }
}

/// A line packed by halves: first half `0 .. n/2` toward `first`, the rest toward `second`
/// (`true` = toward index 0).
fn pack_halves(line: &[Option<Kind>], first: bool, second: bool) -> Vec<Option<Kind>> {
    let m = line.len() / 2;
    [pack(&line[..m], first), pack(&line[m..], second)].concat()
}

/// The slide rules' table (what each rule packs, and toward which side), applied to a grid.
pub fn slide(grid: &Grid, rule: SlideRule) -> Grid {
    let rows = grid.len();
    let cols = grid[0].len();
    let by_rows = |f: LinePack| -> Grid { grid.iter().map(|r| f(r)).collect() };
    let by_cols = |f: LinePack| -> Grid {
        let mut out = grid.clone();
        for c in 0..cols {
            let col: Vec<Option<Kind>> = (0..rows).map(|r| grid[r][c]).collect();
            let packed = f(&col);
            for r in 0..rows {
                out[r][c] = packed[r];
            }
        }
        out
    };
    match rule {
        SlideRule::None => grid.clone(),
        SlideRule::Down => by_cols(&|l| pack(l, false)),
        SlideRule::Up => by_cols(&|l| pack(l, true)),
        SlideRule::Left => by_rows(&|l| pack(l, true)),
        SlideRule::Right => by_rows(&|l| pack(l, false)),
        SlideRule::ApartH => by_rows(&|l| pack_halves(l, true, false)),
        SlideRule::TogetherH => by_rows(&|l| pack_halves(l, false, true)),
        SlideRule::ApartV => by_cols(&|l| pack_halves(l, true, false)),
        SlideRule::TogetherV => by_cols(&|l| pack_halves(l, false, true)),
    }
}

pub fn to_board(grid: &Grid, ring: bool) -> Board {
    let g: Vec<Vec<Option<u64>>> = grid
        .iter()
        .map(|r| r.iter().map(|c| c.map(u64::from)).collect())
        .collect();
    Board::from_rows(&g, ring).expect("valid test grid")
}

/// Slides `board` in place by the table (`slide` on its rows), setting only the cells
/// that change.
pub fn slide_board(board: &mut Board, rule: SlideRule) {
    if rule == SlideRule::None {
        return;
    }
    let before = board.to_rows();
    let after = slide(&before, rule);
    for (r, (was, now)) in before.iter().zip(&after).enumerate() {
        for (c, (x, y)) in was.iter().zip(now).enumerate() {
            if x != y {
                board
                    .set(Pos::new(r as i16, c as i16), *y)
                    .expect("cell of the board");
            }
        }
    }
}

/// A random small board, dense and mostly with the ring closed so that both answers
/// are common: an even count of tiles (at most `max_tiles`, each kind an even count of
/// `1 ..= kinds` kinds) on a grid of at most `max_side`×`max_side` cells.
pub fn small_board(rng: &mut Rng, max_side: usize, max_tiles: usize, kinds: usize) -> Board {
    let rows = 2 + rng.below(max_side - 1);
    let cols = 2 + rng.below(max_side - 1);
    let cells = rows * cols;
    let most = max_tiles.min(cells) & !1;
    let n = most.saturating_sub(2 * (rng.below(4) / 3)).max(2);
    let mut grid: Grid = vec![vec![None; cols]; rows];
    let mut slots: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut slots);
    let kinds = 1 + rng.below(kinds);
    for pair in 0..n / 2 {
        let k = rng.below(kinds) as Kind;
        for &s in &slots[2 * pair..2 * pair + 2] {
            grid[s / cols][s % cols] = Some(k);
        }
    }
    to_board(&grid, rng.below(8) == 0)
}
