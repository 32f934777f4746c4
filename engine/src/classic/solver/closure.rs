//! The closure: what can be done without branching (committed pairs that link, forced
//! pairings, safe moves), applied to a fixpoint. See the module notes in `mod.rs`.

use super::position::{Position, NONE};

/// Calls allowed when trying to clear a kind's open tiles on their own (exhaustive for 8
/// tiles or fewer in practice; beyond, a failure only means "not known safe").
const CLEAR_KIND_STEPS: u32 = 256;

/// Applies the closure until nothing changes, visiting kinds round-robin until a full
/// round changes nothing. Returns false when the position is found dead on the way.
pub(super) fn close(p: &mut Position) -> bool {
    let nk = p.kind_count();
    let (mut k, mut quiet) = (0, 0);
    while quiet < nk {
        let changed = if p.left(k) > 0 {
            match step(p, k) {
                Some(c) => c,
                None => return false,
            }
        } else {
            false
        };
        if changed {
            // Look at the same kind again: it may have more to give.
            quiet = 0;
        } else {
            quiet += 1;
            k = (k + 1) % nk;
        }
    }
    true
}

/// One closure step on kind `k`: whether it changed anything, `None` if the position is
/// dead (an open tile with no allowed partner, or the kind's open tiles can all go now
/// but only through a banned pair: the position then solves only if a dead one does).
fn step(p: &mut Position, k: usize) -> Option<bool> {
    let mut changed = false;
    if p.open(k) < p.left(k) {
        for i in 0..p.tiles_of(k).len() {
            let t = p.tiles_of(k)[i];
            let m = p.mate(t);
            if m != NONE && t < m && p.is_alive(t) && p.links(t, m) {
                p.apply(t, m);
                changed = true;
            }
        }
    }
    if p.open(k) == 0 {
        return Some(changed);
    }
    // Clearing the open tiles needs a first pair that links now.
    let mark = p.moves().len();
    if any_open_link(p, k) && clear_open(p, k) {
        if p.moves()[mark..].iter().any(|&(a, b)| p.banned(a, b)) {
            return None;
        }
        return Some(true);
    }
    // With four or more open tiles and no bans among them, every tile has several
    // allowed partners: nothing is forced.
    if p.open(k) > 2 && !p.kind_has_bans(k) {
        return Some(changed);
    }
    let tiles = p.open_of(k);
    for &t in &tiles {
        let mut allowed = tiles.iter().filter(|&&u| u != t && !p.banned(t, u));
        match (allowed.next(), allowed.next()) {
            (None, _) => return None,
            (Some(&u), None) => {
                p.commit(t, u);
                return Some(true);
            }
            _ => {}
        }
    }
    Some(changed)
}

/// Whether two open tiles of kind `k` link now.
pub(super) fn any_open_link(p: &mut Position, k: usize) -> bool {
    let n = p.tiles_of(k).len();
    for i in 0..n {
        let a = p.tiles_of(k)[i];
        if !p.is_alive(a) || p.mate(a) != NONE {
            continue;
        }
        for j in i + 1..n {
            let b = p.tiles_of(k)[j];
            if p.is_alive(b) && p.mate(b) == NONE && p.links(a, b) {
                return true;
            }
        }
    }
    false
}

/// Removes every open tile of kind `k` if that can be done now with moves among them
/// alone (recording the moves); otherwise leaves the position as it was.
pub(super) fn clear_open(p: &mut Position, k: usize) -> bool {
    let tiles = p.open_of(k);
    let mark = p.moves().len();
    let mut steps = 0;
    if clear_tiles(p, &tiles, &mut steps) {
        true
    } else {
        let commits = p.commit_len();
        p.undo_to(mark, commits);
        false
    }
}

fn clear_tiles(p: &mut Position, tiles: &[u32], steps: &mut u32) -> bool {
    if tiles.is_empty() {
        return true;
    }
    *steps += 1;
    if *steps > CLEAR_KIND_STEPS {
        return false;
    }
    let n = tiles.len();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (tiles[i], tiles[j]);
            if !p.links(a, b) {
                continue;
            }
            let mark = p.moves().len();
            p.apply(a, b);
            let rest: Vec<u32> = tiles
                .iter()
                .copied()
                .filter(|&t| t != a && t != b)
                .collect();
            if clear_tiles(p, &rest, steps) {
                return true;
            }
            let commits = p.commit_len();
            p.undo_to(mark, commits);
            if *steps > CLEAR_KIND_STEPS {
                return false;
            }
        }
    }
    false
}

/// The first move of the first kind (in kind order) whose open tiles can all go now.
pub(super) fn first_safe_move(p: &mut Position) -> Option<(u32, u32)> {
    for k in 0..p.kind_count() {
        if p.left(k) > 0 && clear_open(p, k) {
            return p.moves().first().copied();
        }
    }
    None
}
