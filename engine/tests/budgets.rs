//! Every solver honours its interrupt on the inputs where one search node is huge: boards
//! of 1-3 kinds up to the largest the CLI accepts (256×256 classic and slide boards,
//! stack files of about a thousand free tiles). The engine has no clock, so these are
//! deterministic checks that the interrupt is *polled* often enough (work between polls
//! is bounded), not timings: the CLI's `--budget-ms` is one such interrupt, and its
//! elapsed times are measured in `engine/BENCHMARKS.md`.
//!
//! The classic and slide solvers poll every 2,048 link checks (and on the first node and
//! every 1,024 nodes); the stack solver every 1,024 nodes and every 2^20 candidate
//! comparisons (a node compares its free tiles pairwise); the stack search with
//! move-outs every 1,024 of its nodes, counting those of the plain searches it runs once
//! no move-out is left (so at most about 2,048 nodes pass between two polls). Real-style
//! stack maps are here too: their searches ran past their budgets on the way out (freeing
//! the memo, see `tests/stop_cost.rs`), and the move-out search on them polled unevenly.
//!
//! If polling broke, these solves would not fail but run for minutes or for ever (the
//! stack check has no node budget), so each runs on its own thread under a wall-clock
//! guard ([`GUARD`], far above any normal run) that fails the test run if it has not
//! returned.

use llk_engine::classic::slide::{solve_with_stats as slide_solve, SlideRule};
use llk_engine::classic::solver::solve_with_stats;
use llk_engine::classic::{Board, Budget, SolveStats, Verdict, MAX_SIDE};
use llk_engine::stack::real_style::real_style;
use llk_engine::stack::solver::props::{line_with_move_outs, plan_with_move_outs, PropLine};
use llk_engine::stack::solver::solve_with_stats as stack_solve;
use llk_engine::stack::{Layout, Position, StackBoard, StackVerdict, Tile, TileId};
use proptest::prelude::*;
use std::io::Write;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// How long one solve may take before the guard calls it hung. These solves take
/// milliseconds (the file's 64 cases about 0.1 s in all, release or debug build, on a
/// loaded 2-core machine), so this is a hundred times more than the slowest of them
/// needs, yet turns a hang into a failure within half a minute.
const GUARD: Duration = Duration::from_secs(20);

/// Runs `solve` on its own thread and returns its result, or ends the test run with a
/// message naming `what` if it has not returned within [`GUARD`]. Ending the process,
/// not panicking: a hung thread cannot be stopped (it would keep a core busy for the
/// rest of the run), and proptest would answer a panic by shrinking, re-running cases
/// that hang too. A panic inside `solve` is passed on as it is.
fn guarded<T: Send + 'static>(what: String, solve: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = mpsc::channel();
    let worker = thread::spawn(move || {
        // The receiver is gone only if the guard has already given up.
        let _ = done.send(solve());
    });
    match result.recv_timeout(GUARD) {
        Ok(value) => value,
        Err(mpsc::RecvTimeoutError::Disconnected) => match worker.join() {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(()) => unreachable!("the solve thread ended without sending its result"),
        },
        Err(mpsc::RecvTimeoutError::Timeout) => {
            // Straight to stderr: the test harness's capture of `eprintln!` would be lost.
            let _ = writeln!(
                std::io::stderr(),
                "budgets: {what} had not returned after {GUARD:?}: \
                 the solver no longer polls its interrupt often enough (or at all)"
            );
            std::process::exit(101)
        }
    }
}

/// Link checks between two polls of the classic and slide solvers.
const POLL_WORK: u64 = 2048;

/// A full `rows`×`cols` board of `kinds` kinds, every kind an even number of times (one
/// cell left empty when the area is odd), shuffled by `seed`.
fn board(rows: usize, cols: usize, kinds: u64, seed: u64, border: bool) -> Board {
    let n = rows * cols / 2 * 2;
    let mut cells: Vec<Option<u64>> = (0..n).map(|i| Some((i as u64 / 2) % kinds)).collect();
    cells.resize(rows * cols, None);
    let mut x = seed | 1;
    for i in (1..cells.len()).rev() {
        // xorshift64: a plain shuffle, enough to scatter the kinds.
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        cells.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let grid: Vec<Vec<Option<u64>>> = cells.chunks(cols).map(<[_]>::to_vec).collect();
    Board::from_rows(&grid, border).expect("a valid board")
}

/// Runs `solve` with an interrupt that fires on its fifth poll: the search must stop
/// within a poll's worth of work of it (plus the loops winding down: about a pass over
/// the tiles for each part of a node), and not poll again. The node budget only ends
/// the search if polling is broken (then the work check fails) on the smaller boards.
/// `what` names the input for the guard's message.
fn check_polling(
    what: String,
    tiles: u64,
    solve: impl FnOnce(Budget, &mut dyn FnMut() -> bool) -> (Verdict, SolveStats) + Send + 'static,
) {
    const FIRES_ON: u64 = 5;
    let (calls, st) = guarded(what, move || {
        let mut calls = 0u64;
        let (_, st) = solve(Budget::nodes(50), &mut || {
            calls += 1;
            calls >= FIRES_ON
        });
        (calls, st)
    });
    assert!(
        calls <= FIRES_ON,
        "polled {calls} times: again after it fired"
    );
    assert!(
        st.link_checks <= FIRES_ON * POLL_WORK + 8 * tiles,
        "{st:?} for {tiles} tiles, {calls} polls: too much work between polls"
    );
}

/// Board sides: the largest the CLI accepts, and some smaller (where a broken poll fails
/// the check quickly instead of running for minutes).
fn side() -> impl Strategy<Value = usize> {
    prop_oneof![Just(MAX_SIDE), Just(200), 1..=MAX_SIDE, 20..=60usize]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn classic_solver_polls_on_huge_boards_of_few_kinds(
        rows in side(), cols in side(), kinds in 1..=3u64, seed: u64, border: bool,
    ) {
        let b = board(rows, cols, kinds, seed, border);
        let tiles = (rows * cols) as u64;
        let what = format!("classic solve of {rows}x{cols}, {kinds} kinds, seed {seed}, border {border}");
        check_polling(what, tiles, move |budget, interrupt| solve_with_stats(&b, budget, interrupt));
    }

    #[test]
    fn slide_solver_polls_on_huge_boards_of_few_kinds(
        rows in side(), cols in side(), kinds in 1..=3u64, seed: u64, border: bool,
        rule in 1..SlideRule::ALL.len(),
    ) {
        let b = board(rows, cols, kinds, seed, border);
        let rule = SlideRule::ALL[rule];
        let tiles = (rows * cols) as u64;
        let what = format!("{rule:?} slide solve of {rows}x{cols}, {kinds} kinds, seed {seed}, border {border}");
        check_polling(what, tiles, move |budget, interrupt| slide_solve(&b, rule, budget, interrupt));
    }
}

/// A stack layout of `n` tiles on `layers` layers (a 32-wide grid each, every other
/// layer offset by half a tile), kinds in triples: 1-3 kinds, or 64 (the most allowed).
fn stack_layout(n: usize, layers: usize, kinds: usize) -> Layout {
    let per_layer = n.div_ceil(layers);
    let tiles = (0..n)
        .map(|i| {
            let (z, j) = (i / per_layer, i % per_layer);
            let shift = 4 * (z % 2) as i32;
            Tile {
                x: 8 * (j % 32) as i32 + shift,
                y: 8 * (j / 32) as i32 + shift,
                z: z as i32,
                kind: ((i / 3) % kinds) as u16,
            }
        })
        .collect();
    Layout::new(tiles).expect("a valid layout")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every node of these reads a 16-word row of the dominance table for each of its
    /// free tiles (about 1,000 of them: some 16,000 steps), so the interrupt is polled
    /// every 70 nodes or so: firing on its second poll, it stops the search within a few
    /// hundred nodes (142 on 1,002 tiles of one kind; polling by nodes alone would run
    /// 2,048 of them).
    #[test]
    fn stack_solver_polls_on_a_thousand_free_tiles(
        triples in 334..=341usize, layers in 1..=2usize, kinds in prop_oneof![1..=3usize, Just(64)],
    ) {
        let what = format!("stack solve of {} tiles on {layers} layers, {kinds} kinds", 3 * triples);
        let (verdict, st, calls) = guarded(what, move || {
            let layout = stack_layout(3 * triples, layers, kinds);
            let on_board = vec![true; layout.len()];
            let pos = Position { layout: &layout, on_board: &on_board, held: &[], tray: &[], capacity: 7 };
            let mut calls = 0;
            let (verdict, st) = stack_solve(&pos, Budget::nodes(u64::MAX), &mut || {
                calls += 1;
                calls >= 2
            });
            (verdict, st, calls)
        });
        prop_assert_eq!(verdict, StackVerdict::Unknown);
        prop_assert!(st.nodes <= 256, "{:?}: {} polls", st, calls);
    }
}

/// Nodes between two polls of the stack searches.
const STACK_POLL_NODES: u64 = 1024;

/// Real-style map `seed` from its start, with `prefill` free tiles of distinct kinds
/// already taken into the tray (6 fill all but one of its 7 slots: then every take loses
/// without a move-out, so the move-out search does all the work).
fn real_style_board(seed: u64, prefill: usize) -> StackBoard {
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

/// Runs `f` on the solver's view of `board` and the ids of its tray tiles.
fn with_position<T>(board: &StackBoard, f: impl FnOnce(&Position, &[Option<TileId>]) -> T) -> T {
    let tray_ids: Vec<Option<TileId>> = board.tray().iter().map(|&t| Some(t)).collect();
    board.with_position(|pos| f(pos, &tray_ids))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    /// The plain stack search on real-style maps (some with a tray already filling up)
    /// stops within a poll's worth of nodes of the interrupt's firing, and never polls
    /// again.
    #[test]
    fn stack_solver_stops_within_a_poll_on_real_style_maps(
        seed in 0..5_000u64, prefill in 0..=5usize, fires_on in 1..=8u64,
    ) {
        let what = format!("stack solve of real-style seed {seed}, {prefill} tiles in the tray");
        let (verdict, st, calls) = guarded(what, move || {
            let board = real_style_board(seed, prefill);
            let mut calls = 0;
            let (verdict, st) = with_position(&board, |pos, _| {
                stack_solve(pos, Budget::nodes(u64::MAX), &mut || {
                    calls += 1;
                    calls >= fires_on
                })
            });
            (verdict, st, calls)
        });
        prop_assert!(calls <= fires_on, "polled {} times: again after it fired", calls);
        if verdict == StackVerdict::Unknown {
            prop_assert!(st.nodes <= fires_on * STACK_POLL_NODES, "{:?}: {} polls", st, calls);
        }
    }

    /// The search with move-outs (what `llk stack solve --move-outs N` runs after the
    /// plain search) polls at least once every 2,048 nodes: run to a node budget with an
    /// interrupt that never fires, it has polled at least that often when the budget is
    /// spent. Seeds 42, 51 and 874 are real-style maps the plain search leaves undecided
    /// after a second; with the tray filling up, more of the nodes are the move-out
    /// search's own rather than its plain tails'.
    #[test]
    fn move_out_search_polls_every_two_thousand_nodes(
        seed in prop_oneof![0..5_000u64, Just(42), Just(51), Just(874)], prefill in 0..=6usize, move_outs in 1..=2u8, nodes in 20_000..200_000u64,
    ) {
        let what = format!("move-out search of real-style seed {seed}, {move_outs} move-outs");
        let (line, calls) = guarded(what, move || {
            let board = real_style_board(seed, prefill);
            let mut calls = 0u64;
            let line = with_position(&board, |pos, tray_ids| {
                line_with_move_outs(pos, tray_ids, move_outs, nodes, &mut || {
                    calls += 1;
                    false
                })
            });
            (line, calls)
        });
        if line == PropLine::Unknown {
            prop_assert!(
                calls >= nodes / (2 * STACK_POLL_NODES + 2),
                "{} polls in {} nodes", calls, nodes
            );
        }
    }

    /// The search with move-outs stops when the interrupt fires: it returns, unknown
    /// unless decided before, and never polls again.
    #[test]
    fn move_out_search_stops_when_the_interrupt_fires(
        seed in 0..5_000u64, move_outs in 1..=2u8, fires_on in 1..=8u64,
    ) {
        let what = format!("move-out search of real-style seed {seed}, {move_outs} move-outs");
        let (line, calls) = guarded(what, move || {
            let board = real_style_board(seed, 6);
            let mut calls = 0u64;
            let line = with_position(&board, |pos, tray_ids| {
                plan_with_move_outs(pos, tray_ids, move_outs, u64::MAX, &mut || {
                    calls += 1;
                    calls >= fires_on
                })
            });
            (line, calls)
        });
        prop_assert!(calls <= fires_on, "polled {} times: again after it fired", calls);
        prop_assert!(calls == fires_on || line != PropLine::Unknown, "unknown after {} polls", calls);
    }
}
