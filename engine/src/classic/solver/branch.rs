//! The branch choice: which open tile to branch on and its partners, in the order tried.
//! See the module notes in `mod.rs`.

use super::position::{Position, NONE};

/// The tile to branch on and its partners, best first, `NONE` last for "none of those"
/// (the kind stays open with them banned); `None` when no allowed open pair links now
/// (after the closure no committed pair does either, so nothing can move: the position is
/// dead).
///
/// When every kind has at most four tiles, the kind chosen is the one with the highest
/// conflict `activity` (per dense kind: how much recent dead ends were about it, see
/// `search`), then the fewest branches, then one without the "none of those" branch (fail
/// first: measured on 10,000 random 18×8 boards it halves the nodes of the slowest
/// boards; the activity, on the same boards, takes the kinds of a stuck middle first
/// instead of pairing the edge in every combination). With larger kinds (24×12, 30×16)
/// that choice left a board undecided among 2,000, so there the kind chosen is the one
/// with the most branches holding a pair that links now. Ties go to the first in kind
/// order. The tile is one of an allowed pair that links.
pub(super) fn choose(p: &mut Position, activity: &[f64]) -> Option<(u32, Vec<u32>)> {
    let fail_first = p.largest_kind() <= 4;
    let mut best: Option<(Cost, u32, Vec<u32>)> = None;
    for k in 0..p.kind_count() {
        if p.left(k) < 4 || p.open(k) < 4 || p.halted() {
            continue;
        }
        let tiles = p.open_of(k);
        let Some(t) = linking_tile(p, &tiles) else {
            continue;
        };
        // (distance of the other pair, partner), for the branches holding a linkable pair.
        let mut scored: Vec<(u32, u32)> = Vec::with_capacity(tiles.len() - 1);
        let mut deferred = false;
        for &u in &tiles {
            if u == t || p.banned(t, u) {
                continue;
            }
            // A pairing with no pair linking now is not branched on: it stays possible in
            // the last branch, where the kind stays open with the pairings tried banned.
            let mut good = p.links(t, u);
            let mut dist = 0;
            if tiles.len() == 4 {
                let mut other = tiles.iter().copied().filter(|&x| x != t && x != u);
                if let (Some(c), Some(d)) = (other.next(), other.next()) {
                    good |= p.links(c, d);
                    let (pc, pd) = (p.pos(c), p.pos(d));
                    dist = u32::from(pc.row.abs_diff(pd.row) + pc.col.abs_diff(pd.col));
                }
            }
            if good {
                scored.push((dist, u));
            } else {
                deferred = true;
            }
        }
        scored.sort_unstable();
        let n_good = scored.len();
        let cost = if fail_first {
            let heat = activity.get(k).copied().unwrap_or(0.0);
            (-heat, n_good + usize::from(deferred), deferred)
        } else {
            (0.0, usize::MAX - n_good, false)
        };
        if best.as_ref().is_none_or(|b| cost < b.0) {
            let mut partners: Vec<u32> = scored.into_iter().map(|s| s.1).collect();
            if deferred {
                partners.push(NONE);
            }
            best = Some((cost, t, partners));
            if !fail_first && n_good >= 3 {
                break;
            }
        }
    }
    best.map(|(_, t, partners)| (t, partners))
}

/// A kind's rank, lowest first: minus its activity, its branches, whether one of them is
/// "none of those".
type Cost = (f64, usize, bool);

/// A tile of an allowed pair among `tiles` that links now.
fn linking_tile(p: &mut Position, tiles: &[u32]) -> Option<u32> {
    for (i, &a) in tiles.iter().enumerate() {
        if p.halted() {
            return None;
        }
        for &b in &tiles[i + 1..] {
            if !p.banned(a, b) && p.links(a, b) {
                return Some(a);
            }
        }
    }
    None
}
