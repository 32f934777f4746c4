//! `llk stack solve` and `llk stack hint`: the exact stack solver and the hint on a
//! stack file (after replaying its `taken`). Stack files hold no props, so the hint
//! assumes none are left: `lost` means no line without props wins.

use llk_engine::classic::Budget;
use llk_engine::stack::file;
use llk_engine::stack::solver::props::{plan_with_stats, FirstStep, PropLine};
use llk_engine::stack::solver::solve_with_stats;
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
    options: &["budget-ms", "nodes", "move-outs"],
};

const HINT: Spec = Spec {
    command: "stack hint",
    positional: &["FILE"],
    switches: &[],
    options: &[],
};

/// `{"result":"winnable","moves":[ids...],"nodes":n}`, `{"result":"unwinnable","nodes":n}`
/// or `{"result":"unknown","nodes":n}`: `nodes`, those of all the searches (main,
/// refutation, backward), the same for every budget that reaches the answer.
#[derive(Serialize)]
struct SolveOut {
    result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<TileId>>,
    nodes: u64,
}

/// With `--move-outs`: `{"result":"winnable","line":[{"take":12},{"move_out":true},...],
/// "nodes":n}`, `{"result":"unwinnable","nodes":n}` or `{"result":"unknown","nodes":n}`.
#[derive(Serialize)]
struct PlanOut {
    result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<StepOut>>,
    nodes: u64,
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

/// `llk stack solve FILE [--budget-ms N] [--nodes N] [--move-outs M]`: bounded by `--nodes`
/// nodes, by `--budget-ms` of wall time (from the command's start), or by
/// `Budget::DEFAULT` nodes without either (see `options::search_limits`); the answer says
/// how many nodes it took. With `--move-outs M`: whether a line with at most M move-outs
/// wins, and the line.
pub fn solve(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&SOLVE, argv)?;
    let budget_ms: Option<u64> = a.number("budget-ms")?;
    let nodes: Option<u64> = a.number("nodes")?;
    let move_outs: Option<u8> = a.number("move-outs")?;
    let board = read_position(&a.positional[0])?;
    if let Some(m) = move_outs {
        return plan(&board, m, budget_ms, nodes);
    }
    let (verdict, stats) = board.with_position(|pos| {
        let (budget, mut interrupt) = search_limits(budget_ms, nodes);
        solve_with_stats(pos, budget, &mut interrupt)
    });
    let (result, moves) = match verdict {
        StackVerdict::Winnable(moves) => ("winnable", Some(moves)),
        StackVerdict::Unwinnable => ("unwinnable", None),
        StackVerdict::Unknown => ("unknown", None),
    };
    emit(&SolveOut {
        result,
        moves,
        nodes: stats.total_nodes(),
    })
}

/// `llk stack solve FILE --move-outs M`: a line with at most M move-outs.
fn plan(
    board: &StackBoard,
    move_outs: u8,
    budget_ms: Option<u64>,
    nodes: Option<u64>,
) -> CliResult<()> {
    let tray_ids: Vec<Option<TileId>> = board.tray().iter().map(|&t| Some(t)).collect();
    let (line, nodes) = board.with_position(|pos| {
        let (budget, mut interrupt) = search_limits(budget_ms, nodes);
        plan_with_stats(pos, &tray_ids, move_outs, budget.max_nodes, &mut interrupt)
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
            nodes,
        },
        PropLine::Unwinnable => PlanOut {
            result: "unwinnable",
            line: None,
            nodes,
        },
        PropLine::Unknown => PlanOut {
            result: "unknown",
            line: None,
            nodes,
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
