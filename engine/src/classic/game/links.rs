//! What a tap on each tile would match with the selected one, known before the tap: the
//! view draws a match in the tap's own frame from it, and `select` then answers the same.

use super::types::Link;
use super::Game;

impl Game {
    /// Every tile the selected tile would vanish with (same kind, joined by a line of at
    /// most two turns), with the line `select` would answer for it; empty when nothing is
    /// selected or the game is won. Row-major order.
    pub fn links(&self) -> Vec<Link> {
        let Some(first) = self.selection.filter(|_| self.status != super::Status::Won) else {
            return Vec::new();
        };
        let Some(kind) = self.board.get(first) else {
            return Vec::new();
        };
        self.board
            .tiles()
            .filter(|&(cell, k)| k == kind && cell != first)
            .filter_map(|(cell, _)| {
                let path = self.board.find_path(first, cell)?;
                Some(Link {
                    cell,
                    path: path.points().to_vec(),
                })
            })
            .collect()
    }
}
