//! `llk play` (one match under a slide rule) and the `--slide RULE` option the board
//! commands share.

use llk_engine::classic::slide::{play, SlideRule};
use llk_engine::classic::{Path, Pos};
use serde::Serialize;

use crate::args::{self, printable, Parsed, Spec};
use crate::fail::{CliError, CliResult};
use crate::io::{emit, read_board};
use crate::query::cell;

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

/// The `--slide RULE` option's rule (`none` when absent).
pub fn slide_rule(a: &Parsed) -> CliResult<SlideRule> {
    match a.option("slide") {
        None => Ok(SlideRule::None),
        Some(name) => name.parse().map_err(|_| {
            let names: Vec<&str> = SlideRule::ALL.iter().map(|r| r.name()).collect();
            CliError::usage(format!(
                "--slide: unknown slide rule '{}' (one of: {})",
                printable(name),
                names.join(", ")
            ))
        }),
    }
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
