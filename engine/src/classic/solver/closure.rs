//! The closure: what can be done without branching (committed pairs that link, forced
//! pairings, safe moves), applied to a fixpoint. See the module notes in `mod.rs`.

use super::position::{Position, NONE};

/// Calls allowed when trying to clear a kind's open tiles on their own (exhaustive for 8
/// tiles or fewer in practice; beyond, a failure only means "not known safe").
const CLEAR_KIND_STEPS: u32 = 256;
/// Open tiles of a kind from which on a clearing attempt first works out which pairs
/// could ever link (see [`Possible`]); fewer are tried directly.
const POSSIBLE_FROM: usize = 6;
/// Largest kind (in tiles) whose possible pairs are tabulated.
const POSSIBLE_MAX: usize = 64;

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
        if p.halted() {
            return false;
        }
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
    let possible = if tiles.len() >= POSSIBLE_FROM && p.tiles_of(k).len() <= POSSIBLE_MAX {
        match Possible::of(p, k, &tiles) {
            Some(possible) => Some(possible),
            None => return false,
        }
    } else {
        None
    };
    let mark = p.moves().len();
    let mut steps = 0;
    if clear_tiles(p, &tiles, possible.as_ref(), &mut steps) {
        true
    } else {
        let commits = p.commit_len();
        p.undo_to(mark, commits);
        false
    }
}

/// The pairs of a kind's open tiles that could ever link while those tiles are cleared
/// among themselves: the pairs that link with all of them taken off the board (the
/// other tiles stay, and taking tiles off only opens paths). A tile in none of them
/// can never go this way, so the attempt fails without a search; and the search
/// tries only these pairs.
struct Possible {
    /// Tiles of the kind, and per pair of them (by [`Position::rank`]) whether it could link.
    size: usize,
    pairs: Vec<bool>,
}

impl Possible {
    /// The possible pairs of `tiles` (the open tiles of kind `k`), or `None` when one of
    /// them has no possible partner.
    fn of(p: &mut Position, k: usize, tiles: &[u32]) -> Option<Possible> {
        let size = p.tiles_of(k).len();
        let mut pairs = vec![false; size * size];
        for &t in tiles {
            p.take_off(t);
        }
        // Tile by tile, stopping at the first with no possible partner (its pairs with
        // the tiles before it are known by then).
        let mut all_paired = true;
        for (i, &a) in tiles.iter().enumerate() {
            if p.halted() {
                all_paired = false;
                break;
            }
            for &b in &tiles[i + 1..] {
                if p.cells_link(a, b) {
                    pairs[p.rank(a) * size + p.rank(b)] = true;
                    pairs[p.rank(b) * size + p.rank(a)] = true;
                }
            }
            let row = p.rank(a) * size;
            if !pairs[row..row + size].contains(&true) {
                all_paired = false;
                break;
            }
        }
        for &t in tiles {
            p.put_back(t);
        }
        all_paired.then_some(Possible { size, pairs })
    }

    #[inline]
    fn may(&self, p: &Position, a: u32, b: u32) -> bool {
        self.pairs[p.rank(a) * self.size + p.rank(b)]
    }
}

fn clear_tiles(
    p: &mut Position,
    tiles: &[u32],
    possible: Option<&Possible>,
    steps: &mut u32,
) -> bool {
    if tiles.is_empty() {
        return true;
    }
    *steps += 1;
    if *steps > CLEAR_KIND_STEPS {
        return false;
    }
    let n = tiles.len();
    for i in 0..n {
        if p.halted() {
            return false;
        }
        for j in i + 1..n {
            let (a, b) = (tiles[i], tiles[j]);
            if possible.is_some_and(|q| !q.may(p, a, b)) || !p.links(a, b) {
                continue;
            }
            let mark = p.moves().len();
            p.apply(a, b);
            let rest: Vec<u32> = tiles
                .iter()
                .copied()
                .filter(|&t| t != a && t != b)
                .collect();
            // Copying a huge kind's tiles (65,536 on a 256×256 board of one kind) at
            // each of up to 256 levels is work the link checks do not count.
            if !p.count_work((rest.len() / 64) as u32) {
                return false;
            }
            if clear_tiles(p, &rest, possible, steps) {
                return true;
            }
            let commits = p.commit_len();
            p.undo_to(mark, commits);
            if *steps > CLEAR_KIND_STEPS || p.halted() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::board::Board;
    use crate::rng::Rng;

    /// A random `rows`×`cols` board: kind 0 on `n` cells, others on a random share of the rest.
    fn board(seed: u64, n: usize) -> Board {
        let mut rng = Rng::new(seed, 11);
        let (rows, cols) = (4 + seed as usize % 3, 5 + seed as usize % 4);
        let mut cells: Vec<Option<u64>> = vec![Some(0); n];
        let rest = rows * cols - n;
        let filled = rng.below(rest + 1) / 2 * 2;
        cells.extend((0..filled).map(|i| Some(1 + i as u64 / 2)));
        cells.resize(rows * cols, None);
        rng.shuffle(&mut cells);
        let grid: Vec<Vec<Option<u64>>> = cells.chunks(cols).map(<[_]>::to_vec).collect();
        Board::from_rows(&grid, !seed.is_multiple_of(5)).expect("a valid board")
    }

    /// The filter of possible pairs changes nothing but the work: clearing kind 0 with it
    /// gives what the plain search gives, and when it refuses at once the plain search
    /// finds no way either.
    #[test]
    fn possible_pairs_only_save_work() {
        let (mut refused, mut cleared) = (0, 0);
        for seed in 0..3_000 {
            let n = [6, 8][seed as usize % 2];
            let b = board(seed, n);
            let mut p = Position::new(&b);
            let tiles = p.open_of(0);
            assert_eq!(tiles.len(), n);
            let possible = Possible::of(&mut p, 0, &tiles);
            let mut steps = 0;
            let plain = clear_tiles(&mut p, &tiles, None, &mut steps);
            p.undo_to(0, 0);
            let mut steps = 0;
            let filtered = possible
                .as_ref()
                .is_some_and(|q| clear_tiles(&mut p, &tiles, Some(q), &mut steps));
            p.undo_to(0, 0);
            assert_eq!(filtered, plain, "seed {seed}");
            refused += usize::from(possible.is_none());
            cleared += usize::from(plain);
        }
        assert!(refused > 100, "the filter refused only {refused} attempts");
        assert!(cleared > 100, "only {cleared} boards cleared");
    }
}
