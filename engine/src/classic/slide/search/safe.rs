//! Safe moves of the slide search: a kind that can leave the board without moving any
//! other tile is taken at once, without branching.
//!
//! **Tail sets.** In a packed position (every lane packed toward its end: any position
//! after the first move, or a board given packed) a tile's place in its lane is the
//! number of tiles before it there. Lanes keep their order and no tile ever enters a
//! lane, so a tile behind every other tile of its lane never counts toward another
//! tile's place, now or after any later removals. Call a set `T` of tiles a *tail set*
//! when in every lane its tiles are the lane's last ones (farthest from the end the lane
//! packs toward): removing `T` moves no other tile, ever.
//!
//! **Claim.** If all the remaining tiles of one kind form a tail set `T`, and `T` can be
//! cleared now by moves among its own tiles, then a solvable position stays solvable
//! after those moves. *Proof.* Take a solution from the position. Its moves of `T`'s
//! tiles pair `T`'s tiles with each other (`T` is a whole kind); drop them and play the
//! other moves, in their order, after clearing `T`. Before each of them the tiles
//! removed are those of the original play plus `T`, so every other tile is where it was
//! in the original play (above) and the occupied cells are the original ones minus some
//! of `T`'s cells: every path the original move used is still free, the move links, and
//! at the end every tile is gone. ∎
//!
//! So at such a position the search only needs the first move of `T`'s clearing as a
//! child (for four tiles the second is then again a safe move, of two tiles); any set of
//! children containing it is complete, which lets a plan's move be tried before it.
//! Kinds of two and four remaining tiles are checked (four: every pairing and order of
//! its two moves, replayed); unpacked positions (a board given with gaps, before its
//! first move) never.

use super::Search;

/// The two moves of each pairing of four tiles (by index), in both orders.
const FOUR: [[(usize, usize); 2]; 6] = [
    [(0, 1), (2, 3)],
    [(2, 3), (0, 1)],
    [(0, 2), (1, 3)],
    [(1, 3), (0, 2)],
    [(0, 3), (1, 2)],
    [(1, 2), (0, 3)],
];

impl Search<'_> {
    /// A move that can be made first without losing a solution (see the module notes),
    /// if the position has one.
    pub(super) fn safe_move(&mut self) -> Option<(u32, u32)> {
        if !self.is_packed() {
            return None;
        }
        let mut tiles = Vec::with_capacity(4);
        for k in 0..self.kinds.len() {
            let n = self.left[k];
            if n != 2 && n != 4 {
                continue;
            }
            tiles.clear();
            tiles.extend(self.kinds[k].iter().copied().filter(|&t| self.is_alive(t)));
            if !self.is_tail_set(&tiles) {
                continue;
            }
            if let Some(m) = self.clears_now(&tiles) {
                return Some(m);
            }
        }
        None
    }

    /// Whether `tiles` are, in every lane they are in, that lane's last tiles.
    fn is_tail_set(&self, tiles: &[u32]) -> bool {
        tiles
            .iter()
            .all(|&t| match self.lanes.place(self.pos[t as usize]) {
                Some((lane, j)) => {
                    let here = tiles
                        .iter()
                        .filter(|&&u| {
                            self.lanes
                                .place(self.pos[u as usize])
                                .is_some_and(|(l, _)| l == lane)
                        })
                        .count() as u32;
                    j + here >= self.lane_len[lane as usize]
                }
                // A tile in no lane never moves, so it moves nobody either.
                None => true,
            })
    }

    /// The first move of a way to clear `tiles` (two or four, of one kind) now by moves
    /// among themselves.
    fn clears_now(&mut self, tiles: &[u32]) -> Option<(u32, u32)> {
        let links =
            |s: &Search<'_>, a: u32, b: u32| s.board.can_link(s.pos[a as usize], s.pos[b as usize]);
        match *tiles {
            [a, b] => links(self, a, b).then_some((a, b)),
            [_, _, _, _] => {
                for [(i, j), (k, l)] in FOUR {
                    let (a, b, c, d) = (tiles[i], tiles[j], tiles[k], tiles[l]);
                    if !links(self, a, b) {
                        continue;
                    }
                    let slid = self.apply(a, b);
                    let then = links(self, c, d);
                    self.undo(a, b, &slid);
                    if then {
                        return Some((a, b));
                    }
                }
                None
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use crate::classic::board::{Board, Kind, Pos};
    use crate::classic::slide::rule::SlideRule;
    use crate::classic::slide::search::Search;
    use crate::classic::solver::Budget;

    fn board(rows: &[&str], ring: bool) -> Board {
        let grid: Vec<Vec<Option<u64>>> = rows
            .iter()
            .map(|r| r.chars().map(|c| (c != '.').then_some(c as u64)).collect())
            .collect();
        Board::from_rows(&grid, ring).unwrap()
    }

    /// The safe move of `b` under `rule`, as the positions of its two tiles.
    fn safe(b: &Board, rule: SlideRule) -> Option<(Pos, Pos)> {
        let mut never = || false;
        let mut s = Search::new(b, rule, Budget::DEFAULT, &mut never);
        let (x, y) = s.safe_move()?;
        Some((s.pos[x as usize], s.pos[y as usize]))
    }

    /// Plain exhaustive search: every linking pair, then the rule's slide.
    fn solvable(
        b: &Board,
        rule: SlideRule,
        memo: &mut HashMap<Vec<Vec<Option<Kind>>>, bool>,
    ) -> bool {
        if b.is_cleared() {
            return true;
        }
        let key = b.to_rows();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let tiles: Vec<(Pos, Kind)> = b.tiles().collect();
        let mut yes = false;
        'all: for (i, &(p, k)) in tiles.iter().enumerate() {
            for &(q, l) in &tiles[i + 1..] {
                if k == l && b.can_link(p, q) {
                    let mut next = b.clone();
                    next.clear(p);
                    next.clear(q);
                    rule.apply(&mut next);
                    if solvable(&next, rule, memo) {
                        yes = true;
                        break 'all;
                    }
                }
            }
        }
        memo.insert(key, yes);
        yes
    }

    /// A packed board of `rule` from `cells` (kinds by cell, `None` empty): every kind an
    /// even count (a lone last tile of a kind is dropped).
    fn packed(
        rows: usize,
        cols: usize,
        cells: &[Option<u8>],
        ring: bool,
        rule: SlideRule,
    ) -> Board {
        let mut count = [0usize; 4];
        for k in cells.iter().take(rows * cols).flatten() {
            count[*k as usize] += 1;
        }
        let mut grid = vec![vec![None; cols]; rows];
        for (i, c) in cells.iter().enumerate().take(rows * cols) {
            if let Some(k) = *c {
                if count[k as usize] % 2 == 1 {
                    count[k as usize] -= 1;
                    continue;
                }
                grid[i / cols][i % cols] = Some(u64::from(k));
            }
        }
        let mut b = Board::from_rows(&grid, ring).unwrap();
        rule.apply(&mut b);
        b
    }

    #[test]
    fn a_kind_at_the_lane_ends_that_links_is_safe() {
        // Under `left` the b's are both their rows' last tiles and link round (0, 2).
        let b = board(&["ab..", "cab.", "cc.."], true);
        assert!(safe(&b, SlideRule::Left).is_some());
        // Each kind has a tile in front of another tile of its lane: no tail set.
        let b = board(&["ab", "ba"], false);
        assert_eq!(safe(&b, SlideRule::Left), None);
        // Under `right` the tails are the leftmost tiles: one a, one c (of three).
        let b = board(&["..ab", ".cab", "..cc"], true);
        assert_eq!(safe(&b, SlideRule::Right), None);
        // Four of a kind at the ends of two rows, cleared in two moves.
        let b = board(&["xaa", "yaa", "xy."], false);
        assert_eq!(
            safe(&b, SlideRule::Left),
            Some((Pos::new(0, 1), Pos::new(0, 2)))
        );
    }

    #[test]
    fn unpacked_boards_have_no_safe_move() {
        let b = board(&["a.a", "b.b"], true);
        assert_eq!(safe(&b, SlideRule::Left), None);
        assert!(safe(&b, SlideRule::Down).is_some());
    }

    /// Safe moves are common on the property test's boards (so that it tests something).
    #[test]
    fn safe_moves_are_common_on_small_boards() {
        let mut rng = crate::rng::Rng::new(5, 0);
        let mut found = 0;
        for _ in 0..400 {
            let cells: Vec<Option<u8>> = (0..16)
                .map(|_| (rng.below(4) > 0).then(|| rng.below(3) as u8))
                .collect();
            let rule = SlideRule::ALL[1 + rng.below(8)];
            let b = packed(4, 4, &cells, rng.below(2) == 0, rule);
            found += usize::from(safe(&b, rule).is_some());
        }
        assert!(found > 100, "{found} of 400");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        /// A safe move never spoils a solvable position: under every rule, on packed
        /// small boards, the position after it is solvable exactly when the position is
        /// (by the plain exhaustive search). Checked to fail when the tail-set
        /// condition is left out.
        #[test]
        fn a_safe_move_keeps_a_solvable_board_solvable(
            rows in 1usize..=4,
            cols in 1usize..=4,
            cells in proptest::collection::vec(proptest::option::weighted(0.75, 0u8..3), 16),
            ring in any::<bool>(),
        ) {
            for rule in SlideRule::ALL.into_iter().skip(1) {
                let b = packed(rows, cols, &cells, ring, rule);
                let Some((p, q)) = safe(&b, rule) else { continue };
                prop_assert!(b.can_link(p, q));
                let mut after = b.clone();
                after.clear(p);
                after.clear(q);
                rule.apply(&mut after);
                let mut memo = HashMap::new();
                let before = solvable(&b, rule, &mut memo);
                let mut memo = HashMap::new();
                prop_assert_eq!(solvable(&after, rule, &mut memo), before, "{} {:?}", rule, b.to_rows());
            }
        }
    }
}
