//! One match under a slide rule: the path is found on the board before the movement,
//! both tiles go, then the rest slides. The same step for the game and `llk play`.

use crate::classic::board::Board;
use crate::classic::board::Pos;
use crate::classic::link::Path;
use crate::classic::slide::rule::{Move, SlideRule};

/// What a match did: its path (on the board before it) and each tile that slid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub path: Path,
    pub moves: Vec<Move>,
}

/// Matches the tiles at `a` and `b` when they are two tiles of one kind that link, then
/// applies `rule`; `None` (board untouched) when they cannot be matched.
pub fn play(board: &mut Board, rule: SlideRule, a: Pos, b: Pos) -> Option<Played> {
    let path = board.find_path(a, b)?;
    // find_path only answers for two tiles on the board.
    board.clear(a);
    board.clear(b);
    let moves = rule.apply(board);
    Some(Played { path, moves })
}
