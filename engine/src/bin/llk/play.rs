//! `llk play`: one match under a slide rule.

use llk_engine::classic::slide::play;
use llk_engine::classic::{Path, Pos};
use serde::Serialize;

use crate::args::{self, Spec};
use crate::fail::{CliError, CliResult};
use crate::io::{emit, read_board};
use crate::options::{cell, slide_rule};

const PLAY: Spec = Spec {
    command: "play",
    positional: &["BOARD", "R1", "C1", "R2", "C2"],
    switches: &["no-border"],
    options: &["slide"],
};

/// `{"path": [...], "board": [[...]], "moves": [[[r,c],[r,c]], ...]}`.
#[derive(Serialize)]
struct PlayOut {
    path: Path,
    board: Vec<Vec<Option<u16>>>,
    moves: Vec<[Pos; 2]>,
}

/// `llk play BOARD R1 C1 R2 C2 [--slide RULE] [--no-border]`: the board after matching
/// the two tiles and the slide; exit 2 when they cannot be matched.
pub fn run(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&PLAY, argv)?;
    let rule = slide_rule(&a)?;
    let mut board = read_board(&a.positional[0], !a.switch("no-border"))?;
    let from = cell(&board, &a.positional[1], &a.positional[2])?;
    let to = cell(&board, &a.positional[3], &a.positional[4])?;
    let Some(played) = play(&mut board, rule, from, to) else {
        return Err(CliError::usage(format!(
            "play: tiles ({}, {}) and ({}, {}) cannot be matched",
            from.row, from.col, to.row, to.col
        )));
    };
    emit(&PlayOut {
        path: played.path,
        board: board.to_rows(),
        moves: played.moves,
    })
}
