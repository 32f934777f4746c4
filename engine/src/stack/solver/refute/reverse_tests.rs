//! The backward search and the turns it takes with the main search, against the plain
//! exhaustive search of `tests` on small random layouts: the same verdict from the start
//! and from positions part way through, and every winning line replays under the plain
//! rules.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

use super::reverse::Backward;
use super::run_in_turns;
use super::tests::{case, wide_case, wins};
use crate::stack::geometry::Layout;
use crate::stack::solver::search::{Outcome, Search};
use crate::stack::solver::state::State;
use crate::stack::solver::Strategy;

/// The plain rules: tiles covering each tile (as a bit mask) and the kinds.
fn rules(layout: &Layout) -> (Vec<u32>, Vec<usize>) {
    let n = layout.len();
    let covered_by = (0..n)
        .map(|i| layout.above(i as u16).iter().fold(0, |m, &a| m | 1 << a))
        .collect();
    let kinds = layout.tiles().iter().map(|t| usize::from(t.kind)).collect();
    (covered_by, kinds)
}

/// Whether taking `line` (layout ids) from the position with `left` still on the board
/// takes every tile under the plain rules: each take free, each leaving a slot empty or
/// completing a triple (the tray per kind being the kind's taken tiles modulo 3).
fn replays(layout: &Layout, mut left: u32, line: &[usize], capacity: u8) -> bool {
    let (covered_by, kinds) = rules(layout);
    for &t in line {
        if left & 1 << t == 0 || covered_by[t] & left != 0 {
            return false;
        }
        left &= !(1 << t);
        let mut tray = [0usize; 8];
        for (u, &k) in kinds.iter().enumerate() {
            if left & 1 << u == 0 {
                tray[k] += 1;
            }
        }
        if tray.iter().map(|c| c % 3).sum::<usize>() >= usize::from(capacity) {
            return false;
        }
    }
    left == 0
}

/// A position part way through `layout`: up to `steps` random legal takes from the
/// start (under the plain rules), as the set of tiles left.
fn part_way(layout: &Layout, capacity: u8, steps: usize, rng: &mut ChaCha8Rng) -> u32 {
    let (covered_by, kinds) = rules(layout);
    let mut left: u32 = (1u32 << layout.len()) - 1;
    for _ in 0..steps {
        let mut tray = [0usize; 8];
        for (u, &k) in kinds.iter().enumerate() {
            if left & 1 << u == 0 {
                tray[k] += 1;
            }
        }
        let tray = tray.map(|c| c % 3);
        let in_tray: usize = tray.iter().sum();
        let legal: Vec<usize> = (0..layout.len())
            .filter(|&t| left & 1 << t != 0 && covered_by[t] & left == 0)
            .filter(|&t| tray[kinds[t]] == 2 || in_tray + 1 < usize::from(capacity))
            .collect();
        if legal.is_empty() {
            break;
        }
        left &= !(1 << legal[rng.random_range(0..legal.len())]);
    }
    left
}

/// The solver's state of the position with `left` on the board (the tray: the taken
/// tiles' kinds), or `None` when it is hopeless as given.
fn state(layout: &Layout, left: u32, capacity: u8) -> Option<State> {
    let on_board: Vec<bool> = (0..layout.len()).map(|t| left & 1 << t != 0).collect();
    let tray: Vec<u16> = layout
        .tiles()
        .iter()
        .enumerate()
        .filter(|&(t, _)| left & 1 << t == 0)
        .map(|(_, tile)| tile.kind)
        .collect();
    State::build(layout, &on_board, &[], &tray, capacity).ok()
}

fn exhaustive_from(layout: &Layout, left: u32, capacity: u8) -> bool {
    let (covered_by, kinds) = rules(layout);
    wins(left, &covered_by, &kinds, capacity, &mut HashMap::new())
}

#[test]
fn the_backward_search_agrees_with_the_exhaustive_search() {
    agrees_with_the_exhaustive_search(case, 200, 0);
}

/// On wide layouts, where many tiles are covered by nothing, put-backs bind the next one
/// to their kind often (2,517 times over the 1,200 positions when this was written; 21 on
/// the layouts above).
#[test]
fn the_backward_search_agrees_with_the_exhaustive_search_on_wide_layouts() {
    agrees_with_the_exhaustive_search(wide_case, 100, 1000);
}

/// The backward search from 1,200 positions of `layouts` (every other one part way
/// through the game) against the exhaustive search: the same verdict, and each line it
/// finds replays to a win; at least `verdicts` of each verdict, and at least `min_bound`
/// binding put-backs in all.
fn agrees_with_the_exhaustive_search(
    layouts: fn(u64) -> (Layout, u8),
    verdicts: u32,
    min_bound: u64,
) {
    let (mut won, mut lost, mut part, mut bound) = (0, 0, 0, 0);
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for seed in 0..1200 {
        let (layout, capacity) = layouts(seed);
        let steps = if seed % 2 == 0 {
            0
        } else {
            rng.random_range(1..8)
        };
        let left = part_way(&layout, capacity, steps, &mut rng);
        let Some(st) = state(&layout, left, capacity) else {
            continue;
        };
        let expected = exhaustive_from(&layout, left, capacity);
        let mut back = Backward::new(&st, u64::MAX);
        let out = back.run(&mut || false);
        bound += back.bound;
        let line: Vec<usize> = back
            .line()
            .iter()
            .map(|&c| usize::from(st.ids[usize::from(c)]))
            .collect();
        match out {
            Outcome::Win => {
                assert!(
                    expected,
                    "seed {seed}: a win where the exhaustive search finds none"
                );
                assert!(
                    replays(&layout, left, &line, capacity),
                    "seed {seed}: the line does not replay"
                );
                won += 1;
            }
            Outcome::Dead => {
                assert!(
                    !expected,
                    "seed {seed}: proven lost, but the exhaustive search wins"
                );
                lost += 1;
            }
            Outcome::OutOfBudget => panic!("seed {seed}: no budget limit, yet no answer"),
        }
        part += usize::from(steps > 0);
    }
    // Both verdicts, from the start and part way, occur often enough to mean something.
    eprintln!("{won} won, {lost} lost, {part} part way, {bound} put-backs bind");
    assert!(
        won >= verdicts && lost >= verdicts,
        "{won} won, {lost} lost"
    );
    assert!(part >= 400, "only {part} positions part way through");
    assert!(
        bound >= min_bound,
        "only {bound} put-backs bound the next one"
    );
}

/// The sleep sets are in use on these boards, so the agreement above covers them (173 of
/// the 300 boards skip put-backs, 1,299 in all, when this was written).
#[test]
fn the_backward_sleep_sets_skip_put_backs() {
    let (mut slept, mut boards) = (0, 0);
    for seed in 0..300 {
        let (layout, capacity) = case(seed);
        let all = (1u32 << layout.len()) - 1;
        let Some(st) = state(&layout, all, capacity) else {
            continue;
        };
        let mut back = Backward::new(&st, u64::MAX);
        back.run(&mut || false);
        slept += back.slept;
        boards += u64::from(back.slept > 0);
    }
    assert!(
        boards >= 100,
        "sleep sets skipped put-backs on only {boards} boards"
    );
    assert!(slept >= 500, "only {slept} put-backs skipped");
}

#[test]
fn the_turns_agree_with_the_exhaustive_search() {
    let mut turns = 0;
    for seed in 0..600 {
        let (layout, capacity) = case(seed);
        let all = (1u32 << layout.len()) - 1;
        let Some(st) = state(&layout, all, capacity) else {
            continue;
        };
        let expected = exhaustive_from(&layout, all, capacity);
        let mut never = || false;
        let mut search = Search::new(st, u64::MAX / 4, &mut never);
        search.strategy = Strategy::Current;
        // A probe of 4 nodes sends every board not decided at once through the
        // refutation and the turns of the backward and main searches.
        let (out, refuted) = run_in_turns(&mut search, 4);
        turns += usize::from(refuted.backward_nodes > 0);
        match out {
            Outcome::Win => {
                let line: Vec<usize> = search
                    .path
                    .iter()
                    .map(|&c| usize::from(search.st.ids[usize::from(c)]))
                    .collect();
                assert!(
                    expected,
                    "seed {seed}: a win where the exhaustive search finds none"
                );
                assert!(
                    replays(&layout, all, &line, capacity),
                    "seed {seed}: the line does not replay"
                );
            }
            Outcome::Dead => assert!(!expected, "seed {seed}: proven lost, but it wins"),
            Outcome::OutOfBudget => panic!("seed {seed}: out of a huge budget"),
        }
    }
    assert!(
        turns >= 100,
        "only {turns} boards reached the backward search"
    );
}
