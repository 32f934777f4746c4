//! `llk stack solve` and `llk stack hint`: the exact stack solver and the hint on a
//! stack file (after replaying its `taken`). Stack files hold no props, so the hint
//! assumes none are left: `lost` means no line without props wins.

use std::time::{Duration, Instant};

use llk_engine::classic::Budget;
use llk_engine::stack::file;
use llk_engine::stack::solver::solve_with_interrupt;
use llk_engine::stack::{hint, Position, StackBoard, StackVerdict, TileId};
use llk_engine::EngineError;
use serde::Serialize;

use crate::args::{self, Spec};
use crate::fail::{CliError, CliResult};
use crate::io::{emit, name, read_source};

const SOLVE: Spec = Spec {
    command: "stack solve",
    positional: &["FILE"],
    switches: &[],
    options: &["budget-ms"],
};

const HINT: Spec = Spec {
    command: "stack hint",
    positional: &["FILE"],
    switches: &[],
    options: &[],
};

/// `{"result":"winnable","moves":[ids...]}`, `{"result":"unwinnable"}` or
/// `{"result":"unknown"}`.
#[derive(Serialize)]
struct SolveOut {
    result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<TileId>>,
}

/// `{"hint": id}` or `{"hint": null, "lost": true}`.
#[derive(Serialize)]
struct HintOut {
    hint: Option<TileId>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    lost: bool,
}

/// The position a stack file describes (its `taken` replayed).
fn read_position(source: &str) -> CliResult<StackBoard> {
    let text = read_source(source)?;
    let in_file = |e: EngineError| CliError::usage(format!("{}: {e}", name(source)));
    let parsed = file::parse(&text).map_err(in_file)?;
    file::replay(&parsed).map_err(in_file)
}

/// Runs `f` on the solver's view of `board`.
fn with_position<T>(board: &StackBoard, f: impl FnOnce(&Position) -> T) -> T {
    let on_board = board.on_board();
    let tray = board.tray_kinds();
    let pos = Position {
        layout: board.layout(),
        on_board: &on_board,
        held: board.held(),
        tray: &tray,
        capacity: board.capacity(),
    };
    f(&pos)
}

/// `llk stack solve FILE [--budget-ms N]`: without `--budget-ms` the search is bounded
/// by `Budget::DEFAULT` nodes; with it, by N milliseconds of wall time only.
pub fn solve(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&SOLVE, argv)?;
    let budget_ms: Option<u64> = a.number("budget-ms")?;
    let board = read_position(&a.positional[0])?;
    let verdict = with_position(&board, |pos| match budget_ms {
        None => solve_with_interrupt(pos, Budget::DEFAULT, &mut || false),
        Some(ms) => {
            let start = Instant::now();
            let limit = Duration::from_millis(ms);
            let mut out_of_time = || start.elapsed() >= limit;
            solve_with_interrupt(pos, Budget::nodes(u64::MAX), &mut out_of_time)
        }
    });
    let out = match verdict {
        StackVerdict::Winnable(moves) => SolveOut {
            result: "winnable",
            moves: Some(moves),
        },
        StackVerdict::Unwinnable => SolveOut {
            result: "unwinnable",
            moves: None,
        },
        StackVerdict::Unknown => SolveOut {
            result: "unknown",
            moves: None,
        },
    };
    emit(&out)
}

/// `llk stack hint FILE`: a tile whose take keeps the position winnable, with no props
/// left (stack files hold none).
pub fn hint_cmd(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&HINT, argv)?;
    let board = read_position(&a.positional[0])?;
    let h = with_position(&board, |pos| hint(pos, 0, 0, Budget::DEFAULT));
    emit(&HintOut {
        hint: h.id,
        lost: h.lost,
    })
}
