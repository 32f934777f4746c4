//! The board queries: `path`, `pairs`, `hint`, `solve`.

use llk_engine::classic::slide::{hint, solve_with_stats as slide_solve, SlideRule};
use llk_engine::classic::solver::solve_with_stats as classic_solve;
use llk_engine::classic::{Budget, Pair, Path, Pos, Verdict};
use serde::Serialize;

use crate::args::{self, Spec};
use crate::fail::CliResult;
use crate::io::{emit, read_board};
use crate::options::{cell, search_limits, slide_rule};

const PATH: Spec = Spec {
    command: "path",
    positional: &["BOARD", "R1", "C1", "R2", "C2"],
    switches: &["no-border"],
    options: &["slide"],
};

const PAIRS: Spec = Spec {
    command: "pairs",
    positional: &["BOARD"],
    switches: &["no-border"],
    options: &["slide"],
};

const HINT: Spec = Spec {
    command: "hint",
    positional: &["BOARD"],
    switches: &["no-border"],
    options: &["slide"],
};

const SOLVE: Spec = Spec {
    command: "solve",
    positional: &["BOARD"],
    switches: &["no-border"],
    options: &["budget-ms", "nodes", "slide"],
};

/// `{"path": [[r,c],...], "turns": t, "length": l}` or `{"path": null}`.
#[derive(Serialize)]
struct PathOut {
    path: Option<Path>,
    #[serde(skip_serializing_if = "Option::is_none")]
    turns: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    length: Option<u32>,
}

#[derive(Serialize)]
struct PairsOut {
    pairs: Vec<Pair>,
}

#[derive(Serialize)]
struct HintOut {
    hint: Option<Pair>,
}

/// `{"result": "solvable", "moves": [...], "nodes": n}`, `{"result": "unsolvable", "nodes":
/// n}` or `{"result": "unknown", "nodes": n}`: `nodes`, the positions the search expanded.
#[derive(Serialize)]
struct SolveOut {
    result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<(Pos, Pos)>>,
    nodes: u64,
}

/// `llk path BOARD R1 C1 R2 C2 [--no-border] [--slide RULE]` (the path is found
/// before any slide, so the rule is checked but changes nothing).
pub fn path(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&PATH, argv)?;
    slide_rule(&a)?;
    let board = read_board(&a.positional[0], !a.switch("no-border"))?;
    let from = cell(&board, &a.positional[1], &a.positional[2])?;
    let to = cell(&board, &a.positional[3], &a.positional[4])?;
    let path = board.find_path(from, to);
    emit(&PathOut {
        path,
        turns: path.map(|p| p.turns()),
        length: path.map(|p| p.length()),
    })
}

/// `llk pairs BOARD [--no-border] [--slide RULE]` (the pairs that link now: the rule
/// is checked but changes nothing).
pub fn pairs(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&PAIRS, argv)?;
    slide_rule(&a)?;
    let board = read_board(&a.positional[0], !a.switch("no-border"))?;
    emit(&PairsOut {
        pairs: board.pairs(),
    })
}

/// `llk hint BOARD [--no-border] [--slide RULE]`
pub fn hint_cmd(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&HINT, argv)?;
    let rule = slide_rule(&a)?;
    let board = read_board(&a.positional[0], !a.switch("no-border"))?;
    emit(&HintOut {
        hint: hint(&board, rule, Budget::DEFAULT),
    })
}

/// `llk solve BOARD [--no-border] [--budget-ms N] [--nodes N] [--slide RULE]`: bounded by
/// `--nodes` nodes, by `--budget-ms` of wall time (from the command's start), or by
/// `Budget::DEFAULT` nodes without either (see `options::search_limits`); the answer says
/// how many nodes it took.
pub fn solve(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&SOLVE, argv)?;
    let budget_ms: Option<u64> = a.number("budget-ms")?;
    let nodes: Option<u64> = a.number("nodes")?;
    let rule = slide_rule(&a)?;
    let board = read_board(&a.positional[0], !a.switch("no-border"))?;
    let (budget, mut interrupt) = search_limits(budget_ms, nodes);
    let (verdict, stats) = if rule == SlideRule::None {
        classic_solve(&board, budget, &mut interrupt)
    } else {
        slide_solve(&board, rule, budget, &mut interrupt)
    };
    let (result, moves) = match verdict {
        Verdict::Solvable(moves) => ("solvable", Some(moves)),
        Verdict::Unsolvable => ("unsolvable", None),
        Verdict::Unknown => ("unknown", None),
    };
    emit(&SolveOut {
        result,
        moves,
        nodes: stats.nodes,
    })
}
