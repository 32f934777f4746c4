//! Slide rules: the movement against the plain table, tiles conserved, undo of a slide,
//! deals replaying their certificates (per rule per preset), `none` keeping the classic
//! deal, and shuffles keeping their promises.

mod common;

use common::exhaustive::{replay_under, solvable_under};
use common::slide::{slide as reference, small_board, to_board, Grid};
use llk_engine::classic::deal::{deal as classic_deal, DealOptions};
use llk_engine::classic::layout::PRESETS;
use llk_engine::classic::slide::{self, unapply, SlideRule};
use llk_engine::classic::{Board, Kind};
use llk_engine::rng::Rng;
use proptest::prelude::*;

fn kinds_sorted(b: &Board) -> Vec<Kind> {
    let mut k: Vec<Kind> = b.tiles().map(|(_, k)| k).collect();
    k.sort_unstable();
    k
}

/// The engine's movement equals the table's, conserves tiles, its move list replays
/// the movement one tile at a time, and `unapply` restores the board.
#[test]
fn movement_matches_the_table_on_random_boards() {
    for rule in SlideRule::ALL {
        let mut rng = Rng::new(11, rule as u64);
        for case in 0..3_000 {
            let (rows, cols) = (1 + rng.below(9), 1 + rng.below(9));
            let density = rng.below(101);
            let grid: Grid = (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| (rng.below(100) < density).then(|| rng.below(5) as Kind))
                        .collect()
                })
                .collect();
            let before = to_board(&grid, case % 2 == 0);
            let mut after = before.clone();
            let moves = rule.apply(&mut after);
            assert_eq!(
                after.to_rows(),
                reference(&grid, rule),
                "{rule} case {case}"
            );
            assert_eq!(kinds_sorted(&after), kinds_sorted(&before));
            let mut stepwise = before.clone();
            for &[from, to] in &moves {
                let k = stepwise.get(from);
                assert!(k.is_some() && stepwise.get(to).is_none(), "{rule} {case}");
                stepwise.set(from, None).unwrap();
                stepwise.set(to, k).unwrap();
            }
            assert_eq!(stepwise, after, "{rule} case {case}: moves replay");
            if rule == SlideRule::None {
                assert!(moves.is_empty());
            }
            unapply(&mut after, &moves);
            assert_eq!(after, before, "{rule} case {case}: unapply");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    /// The same property, shrinking to a smallest counterexample: any grid, any rule.
    #[test]
    fn movement_is_the_table(
        rows in 1usize..8,
        cols in 1usize..8,
        cells in prop::collection::vec(prop::option::of(0u16..4), 64),
        rule in 0usize..9,
        ring in any::<bool>(),
    ) {
        let rule = SlideRule::ALL[rule];
        let grid: Grid = (0..rows)
            .map(|r| (0..cols).map(|c| cells[r * 8 + c]).collect())
            .collect();
        let before = to_board(&grid, ring);
        let mut after = before.clone();
        let moves = rule.apply(&mut after);
        prop_assert_eq!(after.to_rows(), reference(&grid, rule));
        prop_assert_eq!(kinds_sorted(&after), kinds_sorted(&before));
        unapply(&mut after, &moves);
        prop_assert_eq!(after, before);
    }
}

/// Deals per rule per preset, 1,000 each (seeds 0..1000, ring off on every fourth):
/// full, every kind even, same seed same board, and the certificate replays under the
/// plain slide. One test per rule, so that the harness spreads them over the cores.
macro_rules! deals_replay_tests {
    ($($name:ident: $rule:expr,)*) => {$(
        #[test]
        fn $name() {
            deals_replay($rule, 1_000);
        }
    )*};
}

deals_replay_tests! {
    deals_replay_their_certificates_down: SlideRule::Down,
    deals_replay_their_certificates_up: SlideRule::Up,
    deals_replay_their_certificates_left: SlideRule::Left,
    deals_replay_their_certificates_right: SlideRule::Right,
    deals_replay_their_certificates_apart_h: SlideRule::ApartH,
    deals_replay_their_certificates_together_h: SlideRule::TogetherH,
    deals_replay_their_certificates_apart_v: SlideRule::ApartV,
    deals_replay_their_certificates_together_v: SlideRule::TogetherV,
}

fn deals_replay(rule: SlideRule, count: u64) {
    for preset in PRESETS {
        for seed in 0..count {
            let opts = DealOptions {
                rows: preset.rows,
                cols: preset.cols,
                kinds: preset.kinds,
                seed,
                solvable: true,
                ring: seed % 4 != 3,
            };
            let d = slide::deal(&opts, rule).unwrap();
            assert_eq!(d.board.tiles_left(), preset.rows * preset.cols);
            let moves = d
                .solution
                .clone()
                .expect("a solvable deal has its certificate");
            if let Err(e) = replay_under(&d.board, rule, &moves) {
                panic!("{rule} {} seed {seed}: {e}", preset.name);
            }
            if seed < 3 {
                assert_eq!(slide::deal(&opts, rule).unwrap(), d);
            }
        }
    }
}

/// Under `none`, and for random deals under any rule, the deal is the classic one.
#[test]
fn none_and_random_deals_are_the_classic_deal() {
    for seed in 0..50 {
        for solvable in [true, false] {
            let opts = DealOptions {
                rows: 8,
                cols: 18,
                kinds: 36,
                seed,
                solvable,
                ring: true,
            };
            let classic = classic_deal(&opts).unwrap();
            assert_eq!(slide::deal(&opts, SlideRule::None).unwrap(), classic);
            if !solvable {
                assert_eq!(slide::deal(&opts, SlideRule::Down).unwrap(), classic);
            }
        }
    }
}

/// Deals are not built from neighbours only: the mean Manhattan distance of the
/// certificate's moves is well above 1 on 18×8.
#[test]
fn deals_are_not_too_local() {
    for rule in SlideRule::ALL.into_iter().skip(1) {
        let mut total = 0usize;
        let mut moves = 0usize;
        for seed in 0..20 {
            let opts = DealOptions {
                rows: 8,
                cols: 18,
                kinds: 36,
                seed,
                solvable: true,
                ring: true,
            };
            for (a, b) in slide::deal(&opts, rule).unwrap().solution.unwrap() {
                total += (a.row.abs_diff(b.row) + a.col.abs_diff(b.col)) as usize;
                moves += 1;
            }
        }
        let mean = total as f64 / moves as f64;
        assert!(mean > 2.5, "{rule}: mean link distance {mean:.2}");
    }
}

/// Shuffles conserve tiles and cells; never leave a stuck board; in solvable mode the
/// board is solvable (checked by replaying the certificate and by exhaustive search).
#[test]
fn shuffles_keep_their_promises() {
    for rule in SlideRule::ALL {
        let mut rng = Rng::new(5, rule as u64);
        for case in 0..600 {
            let board = small_board(&mut rng, 4, 12, 3);
            for solvable in [false, true] {
                let mut b = board.clone();
                let cert = slide::shuffle(&mut b, rule, case, 1, solvable);
                assert_eq!(kinds_sorted(&b), kinds_sorted(&board));
                let cells = |x: &Board| x.tiles().map(|(p, _)| p).collect::<Vec<_>>();
                assert_eq!(cells(&b), cells(&board));
                assert!(!b.is_stuck(), "{rule} case {case}: stuck after shuffle");
                if solvable {
                    let cert = cert.expect("even counts: a certificate");
                    if let Err(e) = replay_under(&b, rule, &cert) {
                        panic!("{rule} case {case}: {e}");
                    }
                    assert!(solvable_under(&b, rule));
                }
            }
        }
    }
}
