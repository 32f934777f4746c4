//! Every solver is *anytime* (issue 30): its schedule (restart lengths, the refutation's
//! nodes, the turns of the backward and main stack searches, the search with move-outs
//! after the no-prop one) is a fixed sequence of nodes for a given position, and the
//! budget only says where it stops. So when a solve with budget `b1` decides after `n`
//! nodes, every budget `b2 >= n` gives the same answer (the same certificate) after the
//! same `n` nodes, and every budget below `n` answers unknown, having spent its budget.
//!
//! Node budgets are deterministic, so these are exact checks, not timings: for each
//! position the solve at a large budget gives the answer and its node count `n`, then a
//! ladder of budgets around `n` and around the stack solver's phase boundaries (the end of
//! the probe, of the refutation, of the first turns) must agree with it. A time budget
//! (the CLI's `--budget-ms`) is an interrupt on top of the same node sequence, so it
//! answers what the node budget it reached answers (the CLI reports the node count:
//! `tests/stack_cli_solve.rs`); how long that takes is measured in `engine/BENCHMARKS.md`.
//!
//! Positions: real-style stack maps whose answers come in each phase (main search before
//! the probe's end: 367; the backward search's first turn: 51, 874, 18; the main search's
//! first turn after it: 42), the captured maps 255 and 270, real-style maps with six tiles already
//! in the tray (only a line with move-outs wins), and the classic and slide (`left`) 18×8
//! deals that need the most nodes (restarts) among the first random ones and the first
//! solvable ones of the rule.

use std::fmt::Debug;

use llk_engine::classic::slide::deal as slide_deal;
use llk_engine::classic::slide::{solve_with_stats as slide_solve, SlideRule};
use llk_engine::classic::solver::solve_with_stats as classic_solve;
use llk_engine::classic::{Board, Budget, DealOptions, Verdict};
use llk_engine::stack::file::parse;
use llk_engine::stack::import::import_map;
use llk_engine::stack::real_style::real_style;
use llk_engine::stack::solver::props::{plan_with_stats, PropLine};
use llk_engine::stack::solver::solve_with_stats as stack_solve;
use llk_engine::stack::{Layout, Position, StackBoard, StackVerdict, TileId};

/// The stack search's phase boundaries in nodes (the main search's probe of 261,632, the
/// refutation's 65,536 after it, the first backward turn of 261,632 after that): budgets
/// just around them cut a phase short.
const PROBE: u64 = 261_632;
const PHASES: [u64; 7] = [
    1_000,
    PROBE - 1,
    PROBE,
    PROBE + 500,
    PROBE + 65_536,
    PROBE + 65_536 + 1_000,
    2 * PROBE + 65_536 + 1,
];

/// Checks the anytime property of `solve` (budget → answer, whether it is decided, and
/// the nodes spent) on the budgets `ladder` and around the answer's own node count,
/// against the solve at `full`; `exact`: an undecided solve has spent exactly its budget
/// (else at most one node more). Returns the full answer's node count.
fn check<V: PartialEq + Debug>(
    what: &str,
    full: u64,
    ladder: &[u64],
    exact: bool,
    solve: impl Fn(u64) -> (V, bool, u64),
) -> u64 {
    let (answer, decided, n) = solve(full);
    assert!(decided, "{what}: undecided at {full} nodes");
    let mut budgets: Vec<u64> = ladder.to_vec();
    budgets.extend([n / 2, n - 1, n, n + 1]);
    budgets.retain(|&b| b > 0 && b <= full);
    budgets.sort_unstable();
    budgets.dedup();
    for b in budgets {
        let (got, got_decided, spent) = solve(b);
        if b >= n {
            assert_eq!(
                got, answer,
                "{what}: budget {b} answers otherwise than {full}"
            );
            assert_eq!(spent, n, "{what}: budget {b} decides after other nodes");
        } else {
            assert!(
                !got_decided,
                "{what}: decided with budget {b}, below the {n} nodes of the full answer: {got:?}"
            );
            let over = if exact { 0 } else { 1 };
            assert!(
                spent <= b + over && (!exact || spent == b),
                "{what}: budget {b} undecided after {spent} nodes"
            );
        }
    }
    n
}

fn stack_case(what: &str, layout: &Layout, tray: u8, full: u64) -> u64 {
    let on_board = vec![true; layout.len()];
    let pos = Position {
        layout,
        on_board: &on_board,
        held: &[],
        tray: &[],
        capacity: tray,
    };
    check(what, full, &PHASES, true, |b| {
        let (v, st) = stack_solve(&pos, Budget::nodes(b), &mut || false);
        let decided = v != StackVerdict::Unknown;
        // every statistic (memo size, cuts) is compared: the same search ran
        ((v, st), decided, st.total_nodes())
    })
}

#[test]
fn stack_solver_is_anytime_on_real_style_maps() {
    // (seed, nodes of its answer, which phase gives it)
    let mut seen = Vec::new();
    for seed in [367, 51, 874, 18, 42] {
        let map = real_style(seed).expect("a real-style map");
        let n = stack_case(&format!("seed {seed}"), &map.layout, map.tray, 2_000_000);
        seen.push((seed, n));
    }
    // The maps cover every phase: decided before the probe's end, in the backward search's
    // first turn and in the main search's turn after it.
    assert!(seen.iter().any(|&(_, n)| n < PROBE), "{seen:?}");
    assert!(
        seen.iter().any(|&(_, n)| n > PROBE && n < 2 * PROBE),
        "{seen:?}"
    );
    // (past the probe and a whole backward turn: 42, at 549,431)
    assert!(seen.iter().any(|&(_, n)| n > 2 * PROBE), "{seen:?}");
}

#[test]
fn stack_solver_is_anytime_on_the_captured_maps() {
    for n in [255, 270] {
        let path = format!(
            "{}/tests/data/sheep-maps/captured-{n}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let file = import_map(&text, 7).expect("imports");
        stack_case(&format!("captured-{n}"), &file.layout, file.tray, 2_000_000);
    }
}

#[test]
fn a_budget_of_exactly_an_answers_nodes_reaches_it() {
    // One column of 12 tiles, a 5-slot tray: lost after four takes, the fourth a jammed
    // child (a position lost within two takes, counted as a node without being searched).
    // Until 2026-12-05 a jammed child that was a budget's last node stopped the search, so
    // a budget of exactly the answer's 4 nodes answered unknown.
    let tiles: Vec<String> = [3, 3, 2, 2, 1, 1, 0, 0, 3, 2, 1, 0]
        .iter()
        .enumerate()
        .map(|(z, k)| format!(r#"{{"x": 0, "y": 0, "z": {z}, "kind": {k}}}"#))
        .collect();
    let text = format!(r#"{{"tray": 5, "tiles": [{}]}}"#, tiles.join(", "));
    let file = parse(&text).expect("a stack file");
    let n = stack_case("one column", &file.layout, file.tray, 1_000);
    assert_eq!(n, 4);
}

/// Real-style map `seed` with `prefill` free tiles of distinct kinds taken into the tray
/// (6 of its 7 slots: every take then loses without a move-out).
fn prefilled(seed: u64, prefill: usize) -> StackBoard {
    let map = real_style(seed).expect("a real-style map");
    let mut board = StackBoard::new(map.layout, map.tray).expect("a valid board");
    let kind = |b: &StackBoard, t: TileId| b.layout().tile(t).map(|tile| tile.kind);
    let mut kinds = Vec::new();
    while kinds.len() < prefill {
        let next = board
            .free_on_board()
            .into_iter()
            .find(|&t| !kinds.contains(&kind(&board, t)));
        let Some(t) = next else { break };
        kinds.push(kind(&board, t));
        board.take(t).expect("a free tile");
    }
    board
}

#[test]
fn plans_with_move_outs_are_anytime() {
    let mut with_move_outs = 0;
    for seed in 0..12 {
        let board = prefilled(seed, 6);
        let tray_ids: Vec<Option<TileId>> = board.tray().iter().map(|&t| Some(t)).collect();
        for move_outs in [1u8, 2] {
            let what = format!("seed {seed} with six in the tray, {move_outs} move-outs");
            let full = 400_000;
            let decided = board.with_position(|pos| {
                let (line, _) = plan_with_stats(pos, &tray_ids, move_outs, full, &mut || false);
                line != PropLine::Unknown
            });
            if !decided {
                continue;
            }
            let n = check(&what, full, &[1, 2, 100, 5_000], true, |b| {
                board.with_position(|pos| {
                    let (line, nodes) =
                        plan_with_stats(pos, &tray_ids, move_outs, b, &mut || false);
                    let decided = line != PropLine::Unknown;
                    (line, decided, nodes)
                })
            });
            with_move_outs += usize::from(n > 100);
        }
    }
    assert!(
        with_move_outs >= 6,
        "only {with_move_outs} plans needed the move-out search"
    );
}

/// Deal `seed` of 18×8 with 36 kinds: random (`rule` `None`), or solvable under `rule`.
fn deal_18x8(seed: u64, rule: SlideRule) -> Board {
    let opts = DealOptions {
        rows: 8,
        cols: 18,
        kinds: 36,
        seed,
        solvable: rule != SlideRule::None,
        ring: true,
    };
    slide_deal(&opts, rule).expect("a deal").board
}

/// The hardest of the first `boards` deals of `rule` for `solve` (the most nodes to an
/// answer), at most `keep` of them: (nodes, seed).
fn hardest(
    boards: u64,
    keep: usize,
    rule: SlideRule,
    solve: impl Fn(&Board) -> (bool, u64),
) -> Vec<(u64, u64)> {
    let mut found: Vec<(u64, u64)> = (0..boards)
        .filter_map(|seed| {
            let (decided, n) = solve(&deal_18x8(seed, rule));
            decided.then_some((n, seed))
        })
        .collect();
    found.sort_unstable_by(|a, b| b.cmp(a));
    found.truncate(keep);
    found
}

#[test]
fn classic_solver_is_anytime_on_its_hardest_random_deals() {
    let full = 1_000_000;
    let solve = |board: &Board, b: u64| {
        let (v, st) = classic_solve(board, Budget::nodes(b), &mut || false);
        let decided = v != Verdict::Unknown;
        (v, decided, st.nodes)
    };
    let hard = hardest(200, 8, SlideRule::None, |board| {
        let (_, decided, n) = solve(board, full);
        (decided, n)
    });
    assert!(hard[0].0 > 1_000, "{hard:?}");
    for (_, seed) in hard {
        let board = deal_18x8(seed, SlideRule::None);
        check(
            &format!("classic seed {seed}"),
            full,
            &[1, 10],
            false,
            |b| solve(&board, b),
        );
    }
}

#[test]
fn slide_solver_is_anytime_on_its_hardest_solvable_deals() {
    let full = 1_000_000;
    let solve = |board: &Board, b: u64| {
        let (v, st) = slide_solve(board, SlideRule::Left, Budget::nodes(b), &mut || false);
        let decided = v != Verdict::Unknown;
        (v, decided, st.nodes)
    };
    let hard = hardest(200, 6, SlideRule::Left, |board| {
        let (_, decided, n) = solve(board, full);
        (decided, n)
    });
    // past the first rounds of the Luby restarts (256, then 1,024 × 1, 1, 2, ...)
    assert!(hard[0].0 > 2_500, "{hard:?}");
    for (_, seed) in hard {
        let board = deal_18x8(seed, SlideRule::Left);
        check(
            &format!("slide left seed {seed}"),
            full,
            &[1, 256, 1_281],
            false,
            |b| solve(&board, b),
        );
    }
}
