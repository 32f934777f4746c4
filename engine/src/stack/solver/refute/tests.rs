//! The refutation against a plain exhaustive search on small random layouts: a position
//! it proves lost is never one the exhaustive search wins, and it does prove some.

use std::collections::HashMap;

use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{candidates, refute, remains, Closure, MAX_EXTRA};
use crate::stack::geometry::{Layout, Tile};
use crate::stack::solver::state::{State, KINDS};

/// A random layout of `3 × (5..=8)` tiles on a narrow grid (so tiles stack deep), of 4 to
/// 7 kinds, and a tray of 5 to 7 slots.
pub(crate) fn case(seed: u64) -> (Layout, u8) {
    shaped_case(seed, false)
}

/// As [`case`], on a wide area of two layers (more layers only when the tiles do not
/// fit): most tiles are covered by nothing or by one tile, where the rules about tiles
/// nothing covers (the backward search's binding put-backs) come into play.
pub(crate) fn wide_case(seed: u64) -> (Layout, u8) {
    shaped_case(seed, true)
}

fn shaped_case(seed: u64, wide: bool) -> (Layout, u8) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = 3 * rng.random_range(5..=8);
    let (w, h) = if wide {
        (rng.random_range(8..=12), 3)
    } else {
        (rng.random_range(2..=4), rng.random_range(1..=3))
    };
    let mut tiles: Vec<Tile> = Vec::new();
    let mut layers = if wide { 2 } else { 3 };
    let mut misses = 0;
    while tiles.len() < n {
        let t = Tile {
            x: 2 * rng.random_range(0..w),
            y: 2 * rng.random_range(0..h),
            z: rng.random_range(0..layers),
            kind: 0,
        };
        let clash = tiles
            .iter()
            .any(|o| o.z == t.z && (o.x - t.x).abs() < 4 && (o.y - t.y).abs() < 4);
        if clash {
            misses += 1;
            if misses % 50 == 0 {
                layers += 1;
            }
        } else {
            tiles.push(t);
        }
    }
    let kinds_used = rng.random_range(4..=7u16).min((n / 3) as u16);
    let mut kinds: Vec<u16> = (0..n / 3)
        .flat_map(|g| [g as u16 % kinds_used; 3])
        .collect();
    kinds.shuffle(&mut rng);
    for (t, k) in tiles.iter_mut().zip(kinds) {
        t.kind = k;
    }
    let capacity = [5, 5, 6, 7][rng.random_range(0..4)];
    (
        Layout::new(tiles).expect("tiles of one layer never overlap here"),
        capacity,
    )
}

/// Whether every tile of `layout` can be taken from the start: every order tried, with
/// a memo of the remaining sets already known lost. A tile can be taken when no
/// remaining tile covers it; the tray holds, per kind, the kind's taken tiles modulo 3,
/// and a take that would fill the last slot without completing a triple is not allowed.
pub(super) fn exhaustive(layout: &Layout, capacity: u8) -> bool {
    let n = layout.len();
    let covered_by: Vec<u32> = (0..n)
        .map(|i| layout.above(i as u16).iter().fold(0, |m, &a| m | 1 << a))
        .collect();
    let kinds: Vec<usize> = layout.tiles().iter().map(|t| usize::from(t.kind)).collect();
    let mut lost = HashMap::new();
    wins((1u32 << n) - 1, &covered_by, &kinds, capacity, &mut lost)
}

pub(super) fn wins(
    left: u32,
    covered_by: &[u32],
    kinds: &[usize],
    capacity: u8,
    lost: &mut HashMap<u32, ()>,
) -> bool {
    if left == 0 {
        return true;
    }
    if lost.contains_key(&left) {
        return false;
    }
    let mut tray = [0usize; 8];
    for (t, &k) in kinds.iter().enumerate() {
        if left & 1 << t == 0 {
            tray[k] += 1;
        }
    }
    let tray = tray.map(|taken| taken % 3);
    let in_tray: usize = tray.iter().sum();
    for t in 0..kinds.len() {
        let free = left & 1 << t != 0 && covered_by[t] & left == 0;
        let fits = tray[kinds[t]] == 2 || in_tray + 1 < usize::from(capacity);
        if free && fits && wins(left & !(1 << t), covered_by, kinds, capacity, lost) {
            return true;
        }
    }
    lost.insert(left, ());
    false
}

/// Whether the refutation proves the start of `layout` lost.
fn refuted(layout: &Layout, capacity: u8) -> bool {
    let on_board = vec![true; layout.len()];
    match State::build(layout, &on_board, &[], &[], capacity) {
        Ok(st) => refute(&st, 1 << 20, 1 << 20, &mut || false).lost,
        Err(_) => true,
    }
}

#[test]
fn refutations_are_sound_and_fire() {
    let (mut fired, mut lost) = (0, 0);
    for seed in 0..1500 {
        let (layout, capacity) = case(seed);
        let wins = exhaustive(&layout, capacity);
        let proven = refuted(&layout, capacity);
        assert!(!(proven && wins), "seed {seed}: refuted a winnable layout");
        fired += usize::from(proven);
        lost += usize::from(!wins);
    }
    // Both kinds of layout occur, and the refutation proves a good share of the lost
    // ones (without it firing, the soundness check above would check nothing).
    assert!(lost >= 600, "only {lost} lost layouts");
    assert!(
        fired >= 500,
        "the refutation proved only {fired} of {lost} lost layouts"
    );
}

proptest! {
    #[test]
    fn a_refuted_layout_is_never_winnable(seed in any::<u64>()) {
        let (layout, capacity) = case(seed);
        prop_assert!(!(refuted(&layout, capacity) && exhaustive(&layout, capacity)));
    }
}

/// The kind sets to try, as the module doc states it: from each kind, grow a set greedily
/// (add the kind with the most above/below pairs with the set, the last such kind on a
/// tie); every size from the minimum up is a candidate,
/// all of one size before the next, each size's sets in the order of their start kinds,
/// sorted, without repeats.
fn candidates_reference(st: &State, closure: &Closure) -> Vec<Vec<usize>> {
    let kinds: Vec<usize> = (0..KINDS).filter(|&k| st.left_of[k] > 0).collect();
    let min = st.capacity as usize / 2 + 1;
    if kinds.len() <= min {
        return Vec::new();
    }
    let max = (min + MAX_EXTRA).min(kinds.len() - 1);
    let n = kinds.len();
    let mut pairs = vec![vec![0u32; n]; n];
    for b in 0..st.kind.len() {
        for a in 0..st.kind.len() {
            if remains(st, a) && remains(st, b) && closure.is_above(a, b) {
                let i = kinds
                    .iter()
                    .position(|&k| k == usize::from(st.kind[a]))
                    .unwrap();
                let j = kinds
                    .iter()
                    .position(|&k| k == usize::from(st.kind[b]))
                    .unwrap();
                pairs[i][j] += 1;
            }
        }
    }
    let mut by_size: Vec<Vec<Vec<usize>>> = vec![Vec::new(); max + 1];
    for start in 0..n {
        let mut set = vec![start];
        while set.len() < max {
            let mut best: Option<(u32, usize)> = None;
            for (x, above_x) in pairs.iter().enumerate() {
                if set.contains(&x) {
                    continue;
                }
                let score: u32 = set.iter().map(|&k| pairs[k][x] + above_x[k]).sum();
                if best.is_none_or(|(s, _)| score >= s) {
                    best = Some((score, x));
                }
            }
            let Some((_, best)) = best else { break };
            set.push(best);
            if set.len() >= min {
                let mut kset: Vec<usize> = set.iter().map(|&i| kinds[i]).collect();
                kset.sort();
                if !by_size[kset.len()].contains(&kset) {
                    by_size[kset.len()].push(kset);
                }
            }
        }
    }
    let mut out = Vec::new();
    for sets in by_size {
        out.extend(sets);
    }
    out
}

#[test]
fn candidates_follow_the_greedy_growth() {
    let mut nonempty = 0;
    for seed in 0..400 {
        let (layout, capacity) = case(seed);
        let on_board = vec![true; layout.len()];
        let Ok(st) = State::build(&layout, &on_board, &[], &[], capacity) else {
            continue;
        };
        let closure = Closure::of(&st);
        let got = candidates(&st, &closure);
        assert_eq!(got, candidates_reference(&st, &closure), "seed {seed}");
        nonempty += usize::from(got.len() > 1);
    }
    // Enough cases have several candidates for the order to matter.
    assert!(
        nonempty >= 100,
        "only {nonempty} cases with several candidates"
    );
}
