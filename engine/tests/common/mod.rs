//! Plain reference implementations the fast engine is checked against, and helpers
//! for building boards in tests. Written for obviousness, not speed.
#![allow(dead_code)]

pub mod exhaustive;
pub mod llk;
pub mod mutate;
pub mod reference;
pub mod slide;
pub mod stack;

use llk_engine::classic::{Board, Pos};

/// A board from a picture: one string per row, `.` empty, letters/digits are kinds.
pub fn board(rows: &[&str], ring: bool) -> Board {
    let grid: Vec<Vec<Option<u64>>> = rows
        .iter()
        .map(|r| {
            r.chars()
                .map(|ch| match ch {
                    '.' => None,
                    c => Some(c as u64),
                })
                .collect()
        })
        .collect();
    Board::from_rows(&grid, ring).expect("test board is valid")
}

pub fn p(row: i16, col: i16) -> Pos {
    Pos::new(row, col)
}
