//! The state's per-kind shortcuts against plain definitions, along random lines on small
//! random layouts: the dominance table against a pairwise comparison of the free tiles,
//! and the forced kinds (last tile, exposed triple) against a scan of the free tiles.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::State;
use crate::stack::solver::refute::tests::case;
use crate::stack::solver::Position;

/// Whether free tile `t` is dominated, plainly: another free tile of its kind covers
/// every tile `t` covers, and if `t` covers all that one covers too, it has the lower
/// index.
fn dominated_plainly(st: &State, free: &[u16], t: usize) -> bool {
    let within = |a: usize, b: usize| st.below[a].iter().all(|x| st.below[b].contains(x));
    free.iter().any(|&s| {
        let s = usize::from(s);
        s != t && st.kind[s] == st.kind[t] && within(t, s) && (s < t || !within(s, t))
    })
}

/// Bit `k` set for the kinds of free tiles that `pick` accepts.
fn kinds_of(st: &State, free: &[u16], pick: impl Fn(usize) -> bool) -> u64 {
    free.iter()
        .map(|&t| usize::from(t))
        .filter(|&t| pick(t))
        .fold(0, |m, t| m | 1 << st.kind[t])
}

proptest! {
    #[test]
    fn shortcuts_agree_with_plain_definitions(seed in any::<u64>()) {
        let (layout, capacity) = case(seed);
        let on = vec![true; layout.len()];
        let pos = Position { layout: &layout, on_board: &on, held: &[], tray: &[], capacity };
        let Ok(mut st) = State::new(&pos) else { return Ok(()) };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        loop {
            let mut free = Vec::new();
            st.free_tiles(&mut free);
            for &t in &free {
                let t = usize::from(t);
                prop_assert_eq!(st.dominated(t), dominated_plainly(&st, &free, t));
            }
            let last = kinds_of(&st, &free, |t| {
                let k = usize::from(st.kind[t]);
                st.tray[k] == 2 && st.left_of[k] == 1
            });
            prop_assert_eq!(st.last_tile_kinds(), last);
            let exposed = kinds_of(&st, &free, |t| {
                let k = usize::from(st.kind[t]);
                u16::from(st.tray[k]) + st.left_of[k] == 3
                    && free.iter().filter(|&&s| st.kind[usize::from(s)] == st.kind[t]).count()
                        == usize::from(st.left_of[k])
                    && st.tray_len + 2 - u32::from(st.tray[k]) < st.capacity
            });
            prop_assert_eq!(st.exposed_kinds(), exposed);
            let legal: Vec<usize> =
                free.iter().map(|&t| usize::from(t)).filter(|&t| st.legal(t)).collect();
            if legal.is_empty() {
                break;
            }
            st.take(legal[rng.random_range(0..legal.len())]);
        }
    }
}
