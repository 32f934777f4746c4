//! `llk stack solve` and `llk stack hint`: the exact stack solver and the hint on a
//! stack file (after replaying its `taken`). Stack files hold no props, so the hint
//! assumes none are left: `lost` means no line without props wins.

use llk_engine::classic::Budget;
use llk_engine::stack::file;
use llk_engine::stack::solver::props::{plan_with_move_outs, FirstStep, PropLine};
use llk_engine::stack::solver::solve_with_interrupt;
use llk_engine::stack::{hint, StackBoard, StackVerdict, TileId};
use llk_engine::EngineError;
use serde::Serialize;

use crate::args::{self, Spec};
use crate::fail::{CliError, CliResult};
use crate::io::{emit, name, read_source};
use crate::options::search_limits;

const SOLVE: Spec = Spec {
    command: "stack solve",
    positional: &["FILE"],
    switches: &[],
    options: &["budget-ms", "move-outs"],
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

/// With `--move-outs`: `{"result":"winnable","line":[{"take":12},{"move_out":true},...]}`,
/// `{"result":"unwinnable"}` or `{"result":"unknown"}`.
#[derive(Serialize)]
struct PlanOut {
    result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<StepOut>>,
}

/// One step of a plan: `{"take": id}` or `{"move_out": true}`.
#[derive(Serialize)]
struct StepOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    take: Option<TileId>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    move_out: bool,
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

/// `llk stack solve FILE [--budget-ms N] [--move-outs M]`: without `--budget-ms` the
/// search is bounded by `Budget::DEFAULT` nodes; with it, by N milliseconds of wall time
/// only (from the command's start). With `--move-outs M`: whether a line with at most M move-outs wins, and the line.
pub fn solve(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&SOLVE, argv)?;
    let budget_ms: Option<u64> = a.number("budget-ms")?;
    let move_outs: Option<u8> = a.number("move-outs")?;
    let board = read_position(&a.positional[0])?;
    if let Some(m) = move_outs {
        return plan(&board, m, budget_ms);
    }
    let verdict = board.with_position(|pos| {
        let (budget, mut interrupt) = search_limits(budget_ms);
        solve_with_interrupt(pos, budget, &mut interrupt)
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

/// `llk stack solve FILE --move-outs M`: a line with at most M move-outs.
fn plan(board: &StackBoard, move_outs: u8, budget_ms: Option<u64>) -> CliResult<()> {
    let tray_ids: Vec<Option<TileId>> = board.tray().iter().map(|&t| Some(t)).collect();
    let line = board.with_position(|pos| {
        let (budget, mut interrupt) = search_limits(budget_ms);
        plan_with_move_outs(pos, &tray_ids, move_outs, budget.max_nodes, &mut interrupt)
    });
    let out = match line {
        PropLine::Winnable(steps) => PlanOut {
            result: "winnable",
            line: Some(
                steps
                    .into_iter()
                    .map(|s| match s {
                        FirstStep::Take(id) => StepOut {
                            take: Some(id),
                            move_out: false,
                        },
                        FirstStep::MoveOut => StepOut {
                            take: None,
                            move_out: true,
                        },
                    })
                    .collect(),
            ),
        },
        PropLine::Unwinnable => PlanOut {
            result: "unwinnable",
            line: None,
        },
        PropLine::Unknown => PlanOut {
            result: "unknown",
            line: None,
        },
    };
    emit(&out)
}

/// `llk stack hint FILE`: a tile whose take keeps the position winnable, with no props
/// left (stack files hold none).
pub fn hint_cmd(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&HINT, argv)?;
    let board = read_position(&a.positional[0])?;
    let h = board.with_position(|pos| hint(pos, 0, 0, Budget::DEFAULT));
    emit(&HintOut {
        hint: h.id,
        lost: h.lost,
    })
}
