//! Exhaustive reference solver and a certificate checker, written plainly: try every
//! connectable pair, remove it, let the rest slide by the table (`slide::slide`; nothing
//! moves under `none`), recurse, remember positions already seen. Only for small boards.

use std::collections::HashMap;

use llk_engine::classic::slide::SlideRule;
use llk_engine::classic::{Board, Kind, Pos};

use super::slide::slide_board;

/// Whether every tile of `board` can be removed (no sliding).
pub fn solvable(board: &Board) -> bool {
    solvable_under(board, SlideRule::None)
}

/// Whether every tile of `board` can be removed under `rule`: tries every connectable
/// same-kind pair (via `can_link`) in turn, then the plain slide, recursively, memoising
/// on the exact cell contents.
pub fn solvable_under(board: &Board, rule: SlideRule) -> bool {
    let mut memo = HashMap::new();
    search(board.clone(), rule, &mut memo)
}

fn search(board: Board, rule: SlideRule, memo: &mut HashMap<Vec<Vec<Option<Kind>>>, bool>) -> bool {
    if board.is_cleared() {
        return true;
    }
    let key = board.to_rows();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let tiles: Vec<(Pos, Kind)> = board.tiles().collect();
    let mut result = false;
    'outer: for (i, &(a, ka)) in tiles.iter().enumerate() {
        for &(b, kb) in &tiles[i + 1..] {
            if ka == kb && board.can_link(a, b) {
                let mut next = board.clone();
                next.set(a, None).unwrap();
                next.set(b, None).unwrap();
                slide_board(&mut next, rule);
                if search(next, rule, memo) {
                    result = true;
                    break 'outer;
                }
            }
        }
    }
    memo.insert(key, result);
    result
}

/// Replays `moves` on a copy of `board` (no sliding). See [`replay_under`].
pub fn replay(board: &Board, moves: &[(Pos, Pos)]) -> Result<(), String> {
    replay_under(board, SlideRule::None, moves)
}

/// Replays `moves` on a copy of `board` under `rule`: each must be two tiles of one kind
/// that link at that moment (then the plain slide), and at the end the board must be
/// empty. Returns what went wrong.
pub fn replay_under(board: &Board, rule: SlideRule, moves: &[(Pos, Pos)]) -> Result<(), String> {
    let mut b = board.clone();
    for (i, &(x, y)) in moves.iter().enumerate() {
        let (kx, ky) = (b.get(x), b.get(y));
        if kx.is_none() || kx != ky || x == y {
            return Err(format!("move {i} {x:?}-{y:?}: not two tiles of one kind"));
        }
        if !b.can_link(x, y) {
            return Err(format!("move {i} {x:?}-{y:?}: tiles do not link"));
        }
        b.set(x, None).map_err(|e| e.to_string())?;
        b.set(y, None).map_err(|e| e.to_string())?;
        slide_board(&mut b, rule);
    }
    if b.is_cleared() {
        Ok(())
    } else {
        Err(format!("{} tiles left after the moves", b.tiles_left()))
    }
}
