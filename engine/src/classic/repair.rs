//! Carrying what a kept hint plan knows from the board it was made on to a later board of
//! the same game (see [`crate::classic::hint::hint_with_plan`]): a certificate repaired
//! around the tiles removed since, or "cannot be cleared" carried when the tiles gone can
//! be removed from the old board by legal moves. Everything returned is checked by
//! replaying it on the new board.

use crate::classic::board::{Board, Kind, Pos};
use crate::classic::hint::HintSource;
use crate::classic::known::Known;
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

/// What is known about `old` carried to `board`, when `board` is `old` with some tiles
/// gone (same size, same ring, every tile of `board` on `old` with its kind) and the
/// carry succeeds.
/// With how it was carried ([`HintSource::Carried`], [`HintSource::Repaired`] or
/// [`HintSource::SolvedLocally`]).
pub(crate) fn carry(
    old: &Board,
    known: Known,
    board: &Board,
    budget: Budget,
) -> Option<(Known, HintSource)> {
    let gone = removed_tiles(old, board)?;
    match known {
        Known::Moves(moves) => {
            let (moves, how) = repair(board, &moves, &gone, budget)?;
            replays(board, &moves).then_some((Known::Moves(moves), how))
        }
        Known::Unsolvable => {
            let mut b = old.clone();
            clear_greedily(&mut b, gone).then_some((Known::Unsolvable, HintSource::Carried))
        }
    }
}

/// The tiles of `old` missing from `board`, with their kinds; `None` when `board` is not
/// `old` minus some tiles.
fn removed_tiles(old: &Board, board: &Board) -> Option<Vec<(Pos, Kind)>> {
    if old.rows() != board.rows() || old.cols() != board.cols() || old.ring() != board.ring() {
        return None;
    }
    if board.tiles().any(|(p, k)| old.get(p) != Some(k)) {
        return None;
    }
    Some(
        old.tiles()
            .filter(|&(p, _)| board.get(p).is_none())
            .collect(),
    )
}

/// Removes the tiles `gone` from `board` by legal moves, taking any same-kind pair of them
/// that links until none is left; whether they all went.
fn clear_greedily(board: &mut Board, mut gone: Vec<(Pos, Kind)>) -> bool {
    while !gone.is_empty() {
        let Some((i, j)) = linking_pair(board, &gone) else {
            return false;
        };
        for p in [gone[i].0, gone[j].0] {
            board.clear(p);
        }
        gone.swap_remove(j.max(i));
        gone.swap_remove(j.min(i));
    }
    true
}

/// Two entries of `tiles` of one kind that link on `board`.
fn linking_pair(board: &Board, tiles: &[(Pos, Kind)]) -> Option<(usize, usize)> {
    for (i, &(a, ka)) in tiles.iter().enumerate() {
        for (j, &(b, kb)) in tiles.iter().enumerate().skip(i + 1) {
            if ka == kb && board.cells_link(a, b) {
                return Some((i, j));
            }
        }
    }
    None
}

/// Tiles with their kinds.
type Tiles = Vec<(Pos, Kind)>;

/// How many positions the exact solve of what a failed repair left may expand: the
/// leftover is usually a few dozen tiles, decided in far fewer; past this, the caller
/// solves the whole board.
const LOCAL_NODES: u64 = 2_000;

/// The certificate `moves` (made on a board holding `board`'s tiles and `gone`) turned
/// into one for `board`, or `None`, in three tries:
///
/// 1. Moves whose tiles are both gone are dropped; a tile whose partner is gone waits
///    (see [`play`]).
/// 2. Every tile left of a kind that lost a tile waits: such kinds are paired anew.
/// 3. From the position where the try that got further was stuck (reached by legal
///    moves), an exact solve within `budget` (and [`LOCAL_NODES`]); its certificate
///    after the moves made is one for `board`.
///
/// Every answer is a certificate (each move links at its turn), checked by the caller;
/// with how it was found.
fn repair(
    board: &Board,
    moves: &[(Pos, Pos)],
    gone: &[(Pos, Kind)],
    budget: Budget,
) -> Option<(Vec<(Pos, Pos)>, HintSource)> {
    let (kept, waiting) = split(board, moves, gone, false)?;
    if waiting.is_empty() {
        // The moves left replay: each met a subset of the tiles it met before.
        return Some((kept, HintSource::Carried));
    }
    let first = play(board, kept, waiting);
    if first.done {
        return Some((first.moves, HintSource::Repaired));
    }
    let (kept, waiting) = split(board, moves, gone, true)?;
    let second = play(board, kept, waiting);
    if second.done {
        return Some((second.moves, HintSource::Repaired));
    }
    let stuck = if second.board.tiles_left() < first.board.tiles_left() {
        second
    } else {
        first
    };
    let local = Budget::nodes(budget.max_nodes.min(LOCAL_NODES));
    match solve(&stuck.board, local) {
        Verdict::Solvable(rest) => {
            let mut out = stuck.moves;
            out.extend(rest);
            Some((out, HintSource::SolvedLocally))
        }
        Verdict::Unsolvable | Verdict::Unknown => None,
    }
}

/// The moves of `moves` still to play on `board` (both tiles there) and the tiles that
/// wait for a new partner: those whose partner is gone, or with `hit_kinds` every tile
/// of a kind that lost a tile (their moves dropped). `None` if `moves` names an empty
/// cell that is not in `gone`.
fn split(
    board: &Board,
    moves: &[(Pos, Pos)],
    gone: &[(Pos, Kind)],
    hit_kinds: bool,
) -> Option<(Vec<(Pos, Pos)>, Tiles)> {
    let is_gone = |p: Pos| gone.iter().any(|&(g, _)| g == p);
    let hit = |k: Kind| hit_kinds && gone.iter().any(|&(_, g)| g == k);
    let mut waiting: Vec<(Pos, Kind)> = Vec::new();
    let mut kept: Vec<(Pos, Pos)> = Vec::with_capacity(moves.len());
    for &(x, y) in moves {
        match (is_gone(x), is_gone(y)) {
            (true, true) => {}
            (false, false) => {
                let k = board.get(x)?;
                if hit(k) {
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
fn play(board: &Board, mut kept: Vec<(Pos, Pos)>, mut waiting: Vec<(Pos, Kind)>) -> Played {
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
        let Some((i, j)) = linking_pair(&b, &waiting) else {
            break;
        };
        let (x, y) = (waiting[i].0, waiting[j].0);
        b.clear(x);
        b.clear(y);
        out.push((x, y));
        waiting.swap_remove(j.max(i));
        waiting.swap_remove(j.min(i));
    }
    Played {
        moves: out,
        board: b,
        done: kept.is_empty() && waiting.is_empty(),
    }
}
