//! Carrying what a kept hint plan knows from the board it was made on to a later board of
//! the same game (see [`crate::classic::hint::hint_with_plan`]): a certificate repaired
//! around the tiles removed since (and after taking off again any tiles an undo put
//! back), by re-pairing the tiles that lost their partner, then by small local solves;
//! or "cannot be cleared" carried when the tiles gone can be removed from the old board
//! by legal moves. Every certificate returned is checked by replaying it on the new
//! board.

use crate::classic::board::{Board, Kind, Pos};
use crate::classic::known::{HintSource, Known};
use crate::classic::solver::{solve, Budget, Verdict};

/// Whether `moves` played in order on `board` are each a same-kind pair that links at its
/// turn, and together clear it.
pub(crate) fn replays(board: &Board, moves: &[(Pos, Pos)]) -> bool {
    let mut b = board.clone();
    for &(x, y) in moves {
        let linked =
            matches!((b.get(x), b.get(y)), (Some(kx), Some(ky)) if kx == ky) && b.cells_link(x, y);
        if !linked || b.set(x, None).is_err() || b.set(y, None).is_err() {
            return false;
        }
    }
    b.is_cleared()
}

/// What is known about `old` carried to `board`, a board of the same size and ring on
/// which every cell holds what it held on `old` or is emptied or refilled (tiles gone
/// since, tiles put back by an undo), when the carry succeeds; with how it was carried
/// ([`HintSource::Carried`], [`HintSource::Repaired`] or [`HintSource::SolvedLocally`]).
///
/// A certificate: the tiles put back are first taken off again by legal moves (any two of
/// a kind that link, greedily), then the certificate is repaired around the tiles gone
/// ([`repair`]); the whole is replayed on `board`. "Cannot be cleared" carries when no
/// tile was put back and the tiles gone can be removed from `old` by legal moves.
pub(crate) fn carry(
    old: &Board,
    known: Known,
    board: &Board,
    budget: Budget,
) -> Option<(Known, HintSource)> {
    let (added, gone) = difference(old, board)?;
    match known {
        Known::Moves(moves) if added.is_empty() => {
            let (moves, how) = repair(board, &moves, &gone, budget)?;
            replays(board, &moves).then_some((Known::Moves(moves), how))
        }
        Known::Moves(moves) => {
            let mut b = board.clone();
            let mut out = clear_greedily(&mut b, added)?;
            let (rest, _) = repair(&b, &moves, &gone, budget)?;
            out.extend(rest);
            replays(board, &out).then_some((Known::Moves(out), HintSource::Repaired))
        }
        Known::Unsolvable if added.is_empty() => {
            let mut b = old.clone();
            clear_greedily(&mut b, gone).map(|_| (Known::Unsolvable, HintSource::Carried))
        }
        Known::Unsolvable => None,
    }
}

/// The tiles only `board` has and the tiles only `old` has, with their kinds; `None` when
/// the boards differ in size or ring, or a cell holds a tile of another kind on each.
fn difference(old: &Board, board: &Board) -> Option<(Tiles, Tiles)> {
    if old.rows() != board.rows() || old.cols() != board.cols() || old.ring() != board.ring() {
        return None;
    }
    let mut added = Vec::new();
    for (p, k) in board.tiles() {
        match old.get(p) {
            None => added.push((p, k)),
            Some(o) if o == k => {}
            Some(_) => return None,
        }
    }
    let gone = old
        .tiles()
        .filter(|&(p, _)| board.get(p).is_none())
        .collect();
    Some((added, gone))
}

/// Removes the tiles `tiles` from `board` by legal moves, taking any same-kind pair of
/// them that links until none is left; the moves, if they all went.
fn clear_greedily(board: &mut Board, mut tiles: Tiles) -> Option<Vec<(Pos, Pos)>> {
    let mut moves = Vec::with_capacity(tiles.len() / 2);
    while !tiles.is_empty() {
        moves.push(take_linking_pair(board, &mut tiles)?);
    }
    Some(moves)
}

/// Takes off `board` two entries of `tiles` of one kind that link (the first such pair),
/// dropping them from `tiles`; the move, if there is one.
fn take_linking_pair(board: &mut Board, tiles: &mut Tiles) -> Option<(Pos, Pos)> {
    let (i, j) = tiles.iter().enumerate().find_map(|(i, &(a, ka))| {
        let j =
            (i + 1..tiles.len()).find(|&j| tiles[j].1 == ka && board.cells_link(a, tiles[j].0))?;
        Some((i, j))
    })?;
    let (x, y) = (tiles[i].0, tiles[j].0);
    board.clear(x);
    board.clear(y);
    tiles.swap_remove(j);
    tiles.swap_remove(i);
    Some((x, y))
}

/// How many positions each exact solve of what a failed re-pairing left may expand: the
/// leftover is usually a few tiles, decided in far fewer; past this, the next try or the
/// caller's solve of the whole board.
const LOCAL_NODES: u64 = 1_000;

/// How many of the re-pairing's last moves each local solve takes back, in turn: a
/// leftover that is dead (e.g. two kinds crossed) is often alive a few moves earlier.
const BACK_OFF: [usize; 3] = [0, 8, 32];

/// The certificate `moves` (made on a board holding `board`'s tiles and `gone`) turned
/// into one for `board`, or `None`:
///
/// 1. Moves whose tiles are both gone are dropped; a tile whose partner is gone waits
///    for a new partner (see [`play`]). If none waits, the moves left are the answer.
/// 2. Otherwise, if tiles are left: every tile left of a kind that lost one waits;
/// 3. and then also every tile of the kinds that try left on the board.
/// 4. From the position where the try that got furthest was stuck, and from the
///    positions [`BACK_OFF`] of its moves earlier (all reached by legal moves), an
///    exact solve within `budget` and [`LOCAL_NODES`]; the first certificate found,
///    after the moves that reach its position, is one for `board`.
///
/// Every answer is a certificate (each move links at its turn), checked by the caller;
/// with how it was found.
fn repair(
    board: &Board,
    moves: &[(Pos, Pos)],
    gone: &[(Pos, Kind)],
    budget: Budget,
) -> Option<(Vec<(Pos, Pos)>, HintSource)> {
    let (kept, waiting) = split(board, moves, gone, &[])?;
    if waiting.is_empty() {
        // The moves left replay: each met a subset of the tiles it met before.
        return Some((kept, HintSource::Carried));
    }
    let mut best = play(board, kept, waiting);
    if best.done {
        return Some((best.moves, HintSource::Repaired));
    }
    let mut wait: Vec<Kind> = gone.iter().map(|&(_, k)| k).collect();
    wait.sort_unstable();
    wait.dedup();
    for _ in 0..2 {
        let (kept, waiting) = split(board, moves, gone, &wait)?;
        let tried = play(board, kept, waiting);
        if tried.done {
            return Some((tried.moves, HintSource::Repaired));
        }
        let before = wait.len();
        wait.extend(tried.board.tiles().map(|(_, k)| k));
        wait.sort_unstable();
        wait.dedup();
        if tried.board.tiles_left() < best.board.tiles_left() {
            best = tried;
        }
        if wait.len() == before {
            break;
        }
    }
    solve_backing_off(board, best.moves, budget).map(|m| (m, HintSource::SolvedLocally))
}

/// After `played` (legal moves on `board`, in order), or [`BACK_OFF`] of them fewer (at
/// least one), the first position an exact solve within `budget` and [`LOCAL_NODES`]
/// clears: the moves that reach it and then its certificate, a certificate for `board`.
fn solve_backing_off(
    board: &Board,
    mut played: Vec<(Pos, Pos)>,
    budget: Budget,
) -> Option<Vec<(Pos, Pos)>> {
    let local = Budget::nodes(budget.max_nodes.min(LOCAL_NODES));
    for back in BACK_OFF {
        let Some(n) = played.len().checked_sub(back).filter(|&n| n > 0) else {
            break;
        };
        let mut b = board.clone();
        for &(x, y) in &played[..n] {
            b.clear(x);
            b.clear(y);
        }
        if let Verdict::Solvable(rest) = solve(&b, local) {
            played.truncate(n);
            played.extend(rest);
            return Some(played);
        }
    }
    None
}

/// The moves of `moves` still to play on `board` (both tiles there) and the tiles that
/// wait for a new partner: those whose partner is gone, and every tile of the kinds
/// `wait` (their moves dropped). `None` if `moves` names an empty cell that is not in
/// `gone`.
fn split(
    board: &Board,
    moves: &[(Pos, Pos)],
    gone: &[(Pos, Kind)],
    wait: &[Kind],
) -> Option<(Vec<(Pos, Pos)>, Tiles)> {
    let is_gone = |p: Pos| gone.iter().any(|&(g, _)| g == p);
    let mut waiting: Tiles = Vec::new();
    let mut kept: Vec<(Pos, Pos)> = Vec::with_capacity(moves.len());
    for &(x, y) in moves {
        match (is_gone(x), is_gone(y)) {
            (true, true) => {}
            (false, false) => {
                let k = board.get(x)?;
                if wait.contains(&k) {
                    waiting.extend([(x, k), (y, board.get(y)?)]);
                } else {
                    kept.push((x, y));
                }
            }
            (false, true) => waiting.push((x, board.get(x)?)),
            (true, false) => waiting.push((y, board.get(y)?)),
        }
    }
    Some((kept, waiting))
}

/// Tiles with their kinds.
type Tiles = Vec<(Pos, Kind)>;

/// What [`play`] did: the moves made, the board left, and whether nothing was left to
/// play.
struct Played {
    moves: Vec<(Pos, Pos)>,
    board: Board,
    done: bool,
}

/// Plays the pairs `kept` on `board` and pairs the `waiting` tiles: rounds over `kept` in
/// order, each playing every pair that links, until a round plays none; then one pair of
/// waiting tiles of one kind that link (chosen as late as possible, with the most paths
/// open), and again, until nothing links.
///
/// With a fixed pairing this is exact: removing a tile never blocks a path, so if some
/// order plays every pair, playing any pair that links first still allows one. Only the
/// waiting tiles' pairing is a guess.
fn play(board: &Board, mut kept: Vec<(Pos, Pos)>, mut waiting: Tiles) -> Played {
    let mut b = board.clone();
    let mut out = Vec::with_capacity(kept.len() + waiting.len() / 2);
    loop {
        loop {
            let before = kept.len();
            kept.retain(|&(x, y)| {
                if !b.cells_link(x, y) {
                    return true;
                }
                b.clear(x);
                b.clear(y);
                out.push((x, y));
                false
            });
            if kept.len() == before || kept.is_empty() {
                break;
            }
        }
        let Some(pair) = take_linking_pair(&mut b, &mut waiting) else {
            break;
        };
        out.push(pair);
    }
    Played {
        moves: out,
        board: b,
        done: kept.is_empty() && waiting.is_empty(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn p(row: i16, col: i16) -> Pos {
        Pos::new(row, col)
    }

    #[test]
    fn play_defers_a_pair_a_waiting_tile_blocks() {
        // B-B is blocked by the waiting A at (0,1), which links to its new partner only
        // once C-C, later in the plan, is gone: the strict order failed here.
        let grid = vec![
            vec![Some(1), Some(0), Some(1)],
            vec![Some(2), Some(2), Some(0)],
        ];
        let board = Board::from_rows(&grid, false).unwrap();
        let kept = vec![(p(0, 0), p(0, 2)), (p(1, 0), p(1, 1))];
        let waiting = vec![(p(0, 1), 0), (p(1, 2), 0)];
        let played = play(&board, kept, waiting);
        assert!(played.done && played.board.is_cleared());
        assert_eq!(
            played.moves,
            vec![(p(1, 0), p(1, 1)), (p(0, 1), p(1, 2)), (p(0, 0), p(0, 2))]
        );
        assert!(replays(&board, &played.moves));
    }

    /// A random board of 4..=6 × 6..=8 cells, up to 40 tiles of 3 to 8 kinds, ring
    /// sometimes on: games long enough to back off from.
    fn random_board(rng: &mut Rng) -> Board {
        let (rows, cols) = (4 + rng.below(3), 6 + rng.below(3));
        let kinds = 3 + rng.below(6) as u64;
        let n = (rows * cols).min(40) & !1;
        let mut cells: Vec<Option<u64>> = (0..n as u64).map(|i| Some(i / 2 % kinds)).collect();
        cells.resize(rows * cols, None);
        for i in (1..cells.len()).rev() {
            cells.swap(i, rng.below(i + 1));
        }
        let grid: Vec<Vec<Option<u64>>> = cells.chunks(cols).map(<[_]>::to_vec).collect();
        Board::from_rows(&grid, rng.below(3) == 0).unwrap()
    }

    #[test]
    fn solving_backing_off_finds_a_live_earlier_position() {
        // Random legal moves from a solvable board (often into a dead end): the answer,
        // when there is one, replays; there is one whenever a position it may try is
        // solvable; and some come from backing off.
        let mut rng = Rng::new(3, 1);
        let (mut found, mut backed) = (0, 0);
        for _ in 0..1_000 {
            let board = random_board(&mut rng);
            if !matches!(solve(&board, Budget::DEFAULT), Verdict::Solvable(_)) {
                continue;
            }
            let mut b = board.clone();
            let mut played = Vec::new();
            loop {
                let pairs = b.linkable_pairs();
                if pairs.is_empty() {
                    break;
                }
                let (x, y) = pairs[rng.below(pairs.len())];
                b.clear(x);
                b.clear(y);
                played.push((x, y));
            }
            let alive = |n: usize| {
                let mut b = board.clone();
                for &(x, y) in &played[..n] {
                    b.clear(x);
                    b.clear(y);
                }
                matches!(solve(&b, Budget::DEFAULT), Verdict::Solvable(_))
            };
            let tried: Vec<usize> = BACK_OFF
                .iter()
                .filter_map(|&k| played.len().checked_sub(k).filter(|&n| n > 0))
                .collect();
            match solve_backing_off(&board, played.clone(), Budget::DEFAULT) {
                Some(moves) => {
                    assert!(replays(&board, &moves), "{board:?} {moves:?}");
                    found += 1;
                    if !tried.first().is_some_and(|&n| alive(n)) {
                        backed += 1;
                    }
                }
                None => assert!(!tried.iter().any(|&n| alive(n)), "{board:?} {played:?}"),
            }
        }
        assert!(found > 300 && backed > 20, "{found} {backed}");
    }
}
