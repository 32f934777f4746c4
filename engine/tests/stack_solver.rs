//! The stack solver and hint against plain exhaustive searches (tests/stack_ref) on
//! thousands of small random layouts and positions: same verdicts, every winning line
//! replays to a win under the tray rules, hints keep winnable positions winnable and
//! say `lost` exactly when even the props cannot save the position.

mod stack_ref;

use llk_engine::classic::Budget;
use llk_engine::stack::solver::{solve_with_stats, solve_with_strategy, Strategy};
use llk_engine::stack::{hint, solve, Layout, Position, StackVerdict, TileId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use stack_ref::{random_layout, random_position, replay, winnable, winnable_with_props, Pos};

fn position<'a>(layout: &'a Layout, pos: &'a Pos, tray: &'a [u16]) -> Position<'a> {
    Position {
        layout,
        on_board: &pos.on_board,
        held: &pos.held,
        tray,
        capacity: pos.capacity,
    }
}

/// A small random case: layout and position (start or mid-game), tray size 5..=7
/// (mostly 5, so both verdicts occur). At most about 9 tiles remain, so the reference
/// (no memo) stays quick: 12- and 15-tile layouts are only used mid-game.
fn case(rng: &mut ChaCha8Rng) -> (Layout, Pos) {
    let n = 3 * rng.random_range(2..=5);
    let layers = rng.random_range(2..=4);
    let layout = random_layout(rng, n, layers);
    let capacity = [5, 5, 5, 6, 7][rng.random_range(0..5)];
    let pos = if n < 12 && rng.random_bool(0.5) {
        Pos::start(&layout, capacity)
    } else {
        random_position(rng, &layout, capacity, n.saturating_sub(9))
    };
    (layout, pos)
}

#[test]
fn solver_agrees_with_the_exhaustive_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let (mut wins, mut losses) = (0u32, 0u32);
    // Positions the tray-pressure test proved lost: the comparison above checks it.
    let mut cuts = 0u64;
    // Positions the jammed-tray check proved lost before searching them: likewise.
    let mut jammed = 0u64;
    // Positions where an exposed triple's tile was the only move tried: likewise.
    let mut exposed = 0u64;
    // Takes skipped because they were asleep (partial-order reduction): likewise.
    let mut slept = 0u64;
    // Leaf takes that bound the next take to their kind: likewise.
    let mut bound = 0u64;
    let cases = 6000;
    for c in 0..cases {
        let (layout, pos) = case(&mut rng);
        let tray = pos.tray_kinds();
        let expected = winnable(&layout, &pos);
        let (verdict, current) = solve_with_stats(
            &position(&layout, &pos, &tray),
            Budget::DEFAULT,
            &mut || false,
        );
        jammed += current.jammed_cuts;
        exposed += current.exposed_takes;
        slept += current.slept_takes;
        bound += current.bound_takes;
        // The searches kept for benchmarks (with the tray-pressure test, and the
        // baseline) must agree too.
        for strategy in [Strategy::Pressure, Strategy::Baseline] {
            let (other, stats) = solve_with_strategy(
                &position(&layout, &pos, &tray),
                Budget::DEFAULT,
                &mut || false,
                strategy,
            );
            cuts += stats.pressure_cuts;
            assert_eq!(
                matches!(other, StackVerdict::Winnable(_)),
                matches!(verdict, StackVerdict::Winnable(_)),
                "case {c}: {strategy:?} and current disagree: {pos:?}"
            );
        }
        match verdict {
            StackVerdict::Winnable(line) => {
                assert!(
                    expected,
                    "case {c}: solver wins, reference does not: {pos:?}"
                );
                if let Err(why) = replay(&layout, &pos, &line) {
                    panic!("case {c}: line {line:?} does not replay: {why}; {pos:?}");
                }
                wins += 1;
            }
            StackVerdict::Unwinnable => {
                assert!(
                    !expected,
                    "case {c}: reference wins, solver does not: {pos:?}"
                );
                losses += 1;
            }
            StackVerdict::Unknown => panic!("case {c}: unknown on a tiny position"),
        }
    }
    eprintln!(
        "{cases} cases: {:.1}% winnable, {:.1}% unwinnable",
        100.0 * f64::from(wins) / f64::from(cases),
        100.0 * f64::from(losses) / f64::from(cases)
    );
    assert!(
        wins > cases / 10 && losses > cases / 10,
        "{wins} / {losses}"
    );
    assert!(
        cuts > u64::from(cases / 10),
        "the pressure test cut only {cuts} positions"
    );
    assert!(
        jammed > u64::from(cases / 10),
        "the jammed-tray check cut only {jammed} positions"
    );
    assert!(
        exposed > u64::from(cases / 10),
        "the exposed-triple rule fired only {exposed} times"
    );
    // (Fewer since leaves wait for their triple: many of the commuting pairs were a
    // leaf's take and another kind's.)
    assert!(
        slept > u64::from(cases / 60),
        "the sleep sets skipped only {slept} takes"
    );
    assert!(
        bound > u64::from(cases / 10),
        "leaf takes bound the next take only {bound} times"
    );
    eprintln!("cuts: jammed {jammed}, exposed {exposed}, slept {slept}, bound {bound}");
}

/// The sleep sets (partial-order reduction) on layouts with many free tiles at once, where
/// most pairs of takes commute: the current search and the baseline (no sleep sets, and
/// itself checked against the exhaustive search above) give the same verdict on every
/// case, and the sleep sets skip many takes.
#[test]
fn sleep_sets_agree_with_the_baseline_on_wide_layouts() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    let (mut slept, mut wins, mut losses) = (0u64, 0u32, 0u32);
    let cases = 1500;
    for c in 0..cases {
        let n = 3 * rng.random_range(10..=16);
        // As many kinds as triples, and a small tray: long searches with many dead ends.
        let layout = random_layout_wide_of(&mut rng, n, n as u16 / 3);
        let capacity = [5, 5, 6][rng.random_range(0..3)];
        let pos = if rng.random_bool(0.5) {
            Pos::start(&layout, capacity)
        } else {
            random_position(&mut rng, &layout, capacity, n / 3)
        };
        let tray = pos.tray_kinds();
        let here = position(&layout, &pos, &tray);
        let (verdict, stats) = solve_with_stats(&here, Budget::DEFAULT, &mut || false);
        slept += stats.slept_takes;
        let (baseline, _) =
            solve_with_strategy(&here, Budget::DEFAULT, &mut || false, Strategy::Baseline);
        match (&verdict, &baseline) {
            (StackVerdict::Winnable(line), StackVerdict::Winnable(_)) => {
                replay(&layout, &pos, line).unwrap_or_else(|why| panic!("case {c}: {why}"));
                wins += 1;
            }
            (StackVerdict::Unwinnable, StackVerdict::Unwinnable) => losses += 1,
            _ => panic!("case {c}: current {verdict:?}, baseline {baseline:?}: {pos:?}"),
        }
    }
    eprintln!("{cases} wide cases: {wins} winnable, {losses} unwinnable, {slept} takes asleep");
    assert!(
        wins > cases / 10 && losses > cases / 10,
        "{wins} / {losses}"
    );
    assert!(
        slept > u64::from(cases) * 10,
        "the sleep sets skipped only {slept} takes"
    );
}

#[test]
fn larger_layouts_give_lines_that_replay() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut decided = 0;
    for c in 0..300 {
        let n = 3 * rng.random_range(10..=30);
        let layout = random_layout_wide(&mut rng, n);
        let pos = Pos::start(&layout, 7);
        let tray = pos.tray_kinds();
        if let StackVerdict::Winnable(line) =
            solve(&position(&layout, &pos, &tray), Budget::DEFAULT)
        {
            assert_eq!(line.len(), n);
            replay(&layout, &pos, &line).unwrap_or_else(|why| panic!("case {c}: {why}"));
            decided += 1;
        }
    }
    assert!(decided > 0);
}

/// Layouts too big for the reference: a wider grid and more layers, 3 to 8 kinds.
fn random_layout_wide(rng: &mut ChaCha8Rng, n: usize) -> Layout {
    let kinds = rng.random_range(3..=8) as u16;
    random_layout_wide_of(rng, n, kinds)
}

/// As [`random_layout_wide`], with `kinds` kinds.
fn random_layout_wide_of(rng: &mut ChaCha8Rng, n: usize, kinds: u16) -> Layout {
    use llk_engine::stack::Tile;
    let mut tiles: Vec<Tile> = Vec::new();
    let mut layers = 6;
    while tiles.len() < n {
        let t = Tile {
            x: 2 * rng.random_range(0..14),
            y: 2 * rng.random_range(0..14),
            z: rng.random_range(0..layers),
            kind: 0,
        };
        layers += i32::from(rng.random_bool(0.01));
        if !tiles
            .iter()
            .any(|o| o.z == t.z && (o.x - t.x).abs() < 4 && (o.y - t.y).abs() < 4)
        {
            tiles.push(t);
        }
    }
    let mut faces: Vec<u16> = (0..n / 3).flat_map(|g| [(g as u16) % kinds; 3]).collect();
    rand::seq::SliceRandom::shuffle(faces.as_mut_slice(), rng);
    for (t, k) in tiles.iter_mut().zip(faces) {
        t.kind = k;
    }
    Layout::new(tiles).expect("no overlap by construction")
}

#[test]
fn a_tiny_budget_answers_unknown_never_wrong() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut unknown = 0;
    for _ in 0..500 {
        let (layout, pos) = case(&mut rng);
        let tray = pos.tray_kinds();
        match solve(&position(&layout, &pos, &tray), Budget::nodes(3)) {
            StackVerdict::Winnable(line) => replay(&layout, &pos, &line).expect("replays"),
            StackVerdict::Unwinnable => assert!(!winnable(&layout, &pos)),
            StackVerdict::Unknown => unknown += 1,
        }
    }
    assert!(unknown > 0);
}

#[test]
fn hint_keeps_winnable_positions_winnable() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut checked = 0;
    for c in 0..2000 {
        let (layout, pos) = case(&mut rng);
        if !winnable(&layout, &pos) {
            continue;
        }
        let tray = pos.tray_kinds();
        let h = hint(&position(&layout, &pos, &tray), 1, 1, Budget::DEFAULT);
        assert!(!h.lost, "case {c}");
        let Some(id) = h.id else {
            assert!(pos.won(), "case {c}: no hint on a winnable position");
            continue;
        };
        let mut next = pos.clone();
        assert_eq!(next.take(&layout, id), Ok(true), "case {c}");
        assert!(winnable(&layout, &next), "case {c}: the hint {id} loses");
        checked += 1;
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn hint_says_lost_exactly_when_no_prop_saves_the_position() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    let (mut lost, mut rescued) = (0, 0);
    for c in 0..6000 {
        let n = 3 * rng.random_range(2..=3);
        let layers = rng.random_range(2..=4);
        let layout = random_layout(&mut rng, n, layers);
        let capacity = 5;
        let pos = random_position(&mut rng, &layout, capacity, 0);
        if winnable(&layout, &pos) {
            continue;
        }
        // The reference tries every re-deal at every node: shuffles only on small boards.
        let on_board = pos.on_board.iter().filter(|&&b| b).count();
        let shuffles = if on_board <= 6 {
            rng.random_range(0..=1)
        } else {
            0
        };
        let move_outs = rng.random_range(0..=2);
        let tray = pos.tray_kinds();
        let h = hint(
            &position(&layout, &pos, &tray),
            move_outs,
            shuffles,
            Budget::DEFAULT,
        );
        let expected = winnable_with_props(&layout, &pos, move_outs, shuffles);
        assert_eq!(
            h.lost, !expected,
            "case {c} ({move_outs}, {shuffles}): {pos:?}"
        );
        if h.lost {
            assert_eq!(h.id, None);
            lost += 1;
            continue;
        }
        rescued += 1;
        if let Some(id) = h.id {
            let mut next = pos.clone();
            assert_eq!(next.take(&layout, id), Ok(true), "case {c}");
            assert!(
                winnable_with_props(&layout, &next, move_outs, shuffles),
                "case {c}: the hint {id} loses"
            );
        }
    }
    eprintln!("unwinnable without props: {lost} lost, {rescued} rescued by props");
    assert!(lost > 20 && rescued > 20, "{lost} / {rescued}");
}

#[test]
fn hopeless_inputs_are_unwinnable_not_panics() {
    let layout = random_layout(&mut ChaCha8Rng::seed_from_u64(11), 6, 2);
    let on = vec![true; 6];
    let full: Vec<u16> = vec![1, 2, 3, 4, 5, 6, 7];
    let odd: Vec<u16> = vec![9];
    let bad_held: Vec<TileId> = vec![500];
    for (tray, held) in [(&full, &[][..]), (&odd, &[][..]), (&odd, &bad_held[..])] {
        let pos = Position {
            layout: &layout,
            on_board: &on,
            held,
            tray,
            capacity: 7,
        };
        assert_eq!(solve(&pos, Budget::DEFAULT), StackVerdict::Unwinnable);
    }
}
