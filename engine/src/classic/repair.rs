//! Carrying what a kept hint plan knows from the board it was made on to a later board of
//! the same game (see [`crate::classic::hint::hint_with_plan`]): a certificate repaired
//! around the tiles removed since, or "cannot be cleared" carried when the tiles gone can
//! be removed from the old board by legal moves. Everything returned is checked by
//! replaying it on the new board.

use crate::classic::board::{Board, Kind, Pos};
use crate::classic::known::Known;

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
pub(crate) fn carry(old: &Board, known: Known, board: &Board) -> Option<Known> {
    let gone = removed_tiles(old, board)?;
    match known {
        Known::Moves(moves) => repair(board, &moves, &gone)
            .or_else(|| repair_kinds(board, &moves, &gone))
            .map(Known::Moves),
        Known::Unsolvable => {
            let mut b = old.clone();
            clear_greedily(&mut b, gone).then_some(Known::Unsolvable)
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

/// The certificate `moves` (made on a board holding `board`'s tiles and `gone`) turned
/// into one for `board`, or `None`. Moves whose tiles are both gone are dropped; a tile
/// whose partner is gone waits, and waiting tiles of one kind are removed together as soon
/// as they link, before each remaining move. Checked by replaying on `board`.
fn repair(board: &Board, moves: &[(Pos, Pos)], gone: &[(Pos, Kind)]) -> Option<Vec<(Pos, Pos)>> {
    let is_gone = |p: Pos| gone.iter().any(|&(g, _)| g == p);
    let mut waiting: Vec<(Pos, Kind)> = Vec::new();
    let mut kept: Vec<(Pos, Pos)> = Vec::with_capacity(moves.len());
    for &(x, y) in moves {
        match (is_gone(x), is_gone(y)) {
            (true, true) => continue,
            (false, false) => kept.push((x, y)),
            (false, true) => waiting.push((x, board.get(x)?)),
            (true, false) => waiting.push((y, board.get(y)?)),
        }
    }
    if waiting.is_empty() {
        // The moves left replay: each met a subset of the tiles it met before.
        return Some(kept);
    }
    replay_waiting(board, kept, waiting)
}

/// As [`repair`], with every move of the kinds that lost a tile dropped: all their tiles
/// left wait, so any two of a kind that link go as soon as they do (a partner other than
/// the certificate's).
fn repair_kinds(
    board: &Board,
    moves: &[(Pos, Pos)],
    gone: &[(Pos, Kind)],
) -> Option<Vec<(Pos, Pos)>> {
    let hit = |k: Kind| gone.iter().any(|&(_, g)| g == k);
    let mut waiting: Vec<(Pos, Kind)> = Vec::new();
    let mut kept: Vec<(Pos, Pos)> = Vec::with_capacity(moves.len());
    for &(x, y) in moves {
        for p in [x, y] {
            if let Some(k) = board.get(p).filter(|&k| hit(k)) {
                waiting.push((p, k));
            }
        }
        if board.get(x).is_some_and(|k| !hit(k)) {
            kept.push((x, y));
        }
    }
    replay_waiting(board, kept, waiting)
}

/// Plays `kept` in order on `board`, removing any two `waiting` tiles of one kind that
/// link before each move and at the end; the moves made, if every move links at its turn
/// and no tile is left waiting.
fn replay_waiting(
    board: &Board,
    kept: Vec<(Pos, Pos)>,
    mut waiting: Vec<(Pos, Kind)>,
) -> Option<Vec<(Pos, Pos)>> {
    let mut b = board.clone();
    let mut out = Vec::with_capacity(kept.len() + waiting.len() / 2);
    let mut next = kept.into_iter();
    loop {
        while let Some((i, j)) = linking_pair(&b, &waiting) {
            let (x, y) = (waiting[i].0, waiting[j].0);
            for p in [x, y] {
                b.clear(p);
            }
            out.push((x, y));
            waiting.swap_remove(j.max(i));
            waiting.swap_remove(j.min(i));
        }
        let Some((x, y)) = next.next() else {
            break;
        };
        if !b.cells_link(x, y) {
            return None;
        }
        for p in [x, y] {
            b.clear(p);
        }
        out.push((x, y));
    }
    waiting.is_empty().then_some(out)
}
