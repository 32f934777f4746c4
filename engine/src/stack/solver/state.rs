//! The solver's working state: the tiles still to take (on the board or held) under
//! compact indices, who covers whom among them, which are free, the tray as counts per
//! kind, and a Zobrist hash of the remaining set. Taking and un-taking a tile update all
//! of it in O(tiles it covers).

use super::Position;
use crate::stack::geometry::{Layout, TileId, MAX_KINDS};

/// Kinds are `0..MAX_KINDS`; per-kind arrays have this many slots.
pub(crate) const KINDS: usize = MAX_KINDS as usize;
// The per-kind bit masks (`at_one`, `free_any`, ...) hold one bit per kind in a `u64`.
const _: () = assert!(KINDS <= 64);

/// Sets or clears bit `k` of `mask`.
fn set_bit(mask: &mut u64, k: usize, on: bool) {
    *mask = (*mask & !(1u64 << k)) | (u64::from(on) << k);
}

/// Why a position cannot even be searched: it is lost as given.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Hopeless;

/// The remaining tiles and the tray, as the search changes them.
pub(crate) struct State {
    /// Compact index → the tile's id in the layout.
    pub ids: Vec<TileId>,
    pub kind: Vec<u8>,
    /// Layer of each tile (held tiles: 0).
    pub layer: Vec<u16>,
    /// Compact indices of the tiles each tile covers (empty for held tiles); they all
    /// remain as long as the tile does.
    pub below: Vec<Vec<u16>>,
    /// Remaining tiles covering each tile.
    pub cover: Vec<u16>,
    /// Bitset of the tiles still to take.
    pub rem: Vec<u64>,
    /// Bitset of the remaining tiles no remaining tile covers.
    pub free: Vec<u64>,
    /// Tray tiles per kind (0..=2).
    pub tray: [u8; KINDS],
    /// Tray tiles in all.
    pub tray_len: u32,
    pub capacity: u32,
    /// Remaining tiles per kind.
    pub left_of: [u16; KINDS],
    pub left: usize,
    pub zobrist: Vec<u64>,
    pub hash: u64,
    /// Free tiles per kind (kept with `free`, so that the jammed check and the move
    /// ordering need not count them at every node).
    pub free_of: [u16; KINDS],
    /// Bit `k`: the tray holds one tile of kind `k`.
    at_one: u64,
    /// Bit `k`: the tray holds two tiles of kind `k`.
    at_two: u64,
    /// Bit `k`: some tile of kind `k` is free.
    free_any: u64,
    /// Bit `k`: at least two tiles of kind `k` are free.
    free_pair: u64,
    /// `dominators[t * words..][..words]`: the tiles `s` of `t`'s kind that make taking `t`
    /// unnecessary whenever both are free (module doc of `solver`, "Dominance within a
    /// kind"): every tile `t` covers is covered by `s` too, and if the reverse also holds
    /// (the two cover the same tiles), `s` has the lower index. Fixed for a search: while a
    /// tile remains, every tile it covers remains, so `below` never changes.
    dominators: Vec<u64>,
}

/// What one take changed, to undo it.
#[derive(Clone, Copy)]
pub(crate) struct Undo {
    pub tile: u16,
    pub tripled: bool,
}

impl State {
    /// Builds the state of `pos`. `Err(Hopeless)` when no line can win whatever the
    /// search does: the tray is already full, or some kind's tiles (tray + remaining)
    /// are not a multiple of three.
    pub fn new(pos: &Position) -> Result<State, Hopeless> {
        let held: Vec<(TileId, u16)> = pos
            .held
            .iter()
            .filter_map(|&h| pos.layout.tile(h).map(|t| (h, t.kind)))
            .collect();
        let on_board: Vec<bool> = (0..pos.layout.len())
            .map(|i| {
                pos.on_board.get(i).copied().unwrap_or(false)
                    && !pos.held.iter().any(|&h| usize::from(h) == i)
            })
            .collect();
        State::build(pos.layout, &on_board, &held, pos.tray, pos.capacity)
    }

    /// Builds the state from the board tiles (`on_board`, held tiles excluded), the held
    /// tiles as `(id, kind)` (the id is only reported back in lines) and the tray kinds.
    pub fn build(
        layout: &Layout,
        on_board: &[bool],
        held: &[(TileId, u16)],
        tray_kinds: &[u16],
        capacity: u8,
    ) -> Result<State, Hopeless> {
        let n = layout.len();
        let on_board = |i: usize| on_board.get(i).copied().unwrap_or(false);
        let mut compact = vec![u16::MAX; n];
        let mut ids = Vec::new();
        let mut kind = Vec::new();
        let mut layer = Vec::new();
        for (i, slot) in compact.iter_mut().enumerate() {
            if on_board(i) {
                *slot = ids.len() as u16;
                ids.push(i as TileId);
                kind.push(layout.tiles()[i].kind.min(MAX_KINDS - 1) as u8);
                layer.push(layout.tiles()[i].z.clamp(0, i32::from(u16::MAX)) as u16);
            }
        }
        let board = ids.len();
        for &(id, k) in held {
            ids.push(id);
            kind.push(k.min(MAX_KINDS - 1) as u8);
            layer.push(0);
        }
        let below: Vec<Vec<u16>> = ids
            .iter()
            .enumerate()
            .map(|(c, &id)| {
                if c < board {
                    layout
                        .below(id)
                        .iter()
                        .filter(|&&b| on_board(usize::from(b)))
                        .map(|&b| compact[usize::from(b)])
                        .collect()
                } else {
                    Vec::new()
                }
            })
            .collect();
        let mut counts = [0u32; KINDS];
        for &k in tray_kinds {
            counts[usize::from(k.min(MAX_KINDS - 1))] += 1;
        }
        let tray = counts.map(|c| (c % 3) as u8);
        State::from_graph(ids, kind, layer, below, tray, u32::from(capacity))
    }

    /// Builds the state of a game given as a cover graph: tile `c` (compact index) has
    /// face `kind[c]`, lies on layer `layer[c]` (used only to order moves) and covers the
    /// tiles `below[c]`; a tile is free once every tile whose list holds it is taken.
    /// `tray` holds the tray's tiles per kind (each 0..=2). `Err(Hopeless)` as in
    /// [`State::build`].
    pub fn from_graph(
        ids: Vec<TileId>,
        kind: Vec<u8>,
        layer: Vec<u16>,
        below: Vec<Vec<u16>>,
        tray: [u8; KINDS],
        capacity: u32,
    ) -> Result<State, Hopeless> {
        let m = ids.len();
        let mut cover = vec![0u16; m];
        for list in &below {
            for &b in list {
                cover[usize::from(b)] += 1;
            }
        }
        let words = m.div_ceil(64).max(1);
        let mut rem = vec![0u64; words];
        let mut free = vec![0u64; words];
        let mut left_of = [0u16; KINDS];
        let mut zobrist = Vec::with_capacity(m);
        let mut z = 0x9E37_79B9_7F4A_7C15u64;
        let mut hash = 0;
        for c in 0..m {
            rem[c / 64] |= 1 << (c % 64);
            if cover[c] == 0 {
                free[c / 64] |= 1 << (c % 64);
            }
            left_of[usize::from(kind[c])] += 1;
            z = splitmix(z);
            zobrist.push(z);
            hash ^= z;
        }
        let mut tray_len = 0;
        for k in 0..KINDS {
            tray_len += u32::from(tray[k]);
            if (u32::from(tray[k]) + u32::from(left_of[k])) % 3 != 0 {
                return Err(Hopeless);
            }
        }
        if tray_len >= capacity {
            return Err(Hopeless);
        }
        let mut st = State {
            ids,
            kind,
            layer,
            below,
            cover,
            rem,
            free,
            tray,
            tray_len,
            capacity,
            left_of,
            left: m,
            zobrist,
            hash,
            free_of: [0; KINDS],
            at_one: 0,
            at_two: 0,
            free_any: 0,
            free_pair: 0,
            dominators: Vec::new(),
        };
        st.dominators = dominator_table(&st.kind, &st.below, words);
        for c in 0..m {
            if st.cover[c] == 0 {
                st.free_of[usize::from(st.kind[c])] += 1;
            }
        }
        for k in 0..KINDS {
            st.mark_free(k);
            st.mark_tray(k);
        }
        Ok(st)
    }

    /// Whether free tile `t` is dominated by another free tile of its kind (module doc of
    /// `solver`, "Dominance within a kind"), so that taking it need not be tried.
    pub fn dominated(&self, t: usize) -> bool {
        self.free_of[usize::from(self.kind[t])] > 1
            && dominated_within(&self.dominators, t, &self.free)
    }

    /// Brings kind `k`'s bits of `free_any` and `free_pair` up to date with `free_of`.
    fn mark_free(&mut self, k: usize) {
        let n = self.free_of[k];
        set_bit(&mut self.free_any, k, n >= 1);
        set_bit(&mut self.free_pair, k, n >= 2);
    }

    /// Brings kind `k`'s bits of `at_one` and `at_two` up to date with `tray`.
    fn mark_tray(&mut self, k: usize) {
        let n = self.tray[k];
        set_bit(&mut self.at_one, k, n == 1);
        set_bit(&mut self.at_two, k, n == 2);
    }

    /// Whether taking free tile `t` now does not lose: it makes a triple, or leaves a
    /// slot empty.
    pub fn legal(&self, t: usize) -> bool {
        self.tray[usize::from(self.kind[t])] == 2 || self.tray_len + 1 < self.capacity
    }

    /// Whether the position is lost for want of tray room, by a check that looks at most
    /// two takes ahead (the proof is in the module doc of `solver`, "Jammed trays"): tiles
    /// remain, no free tile completes a triple, and either the tray is one short of full
    /// (no take is legal), or it is two short and no take leaves a free tile that
    /// completes a triple.
    pub fn jammed(&self) -> bool {
        if self.left == 0 || self.tray_len + 2 < self.capacity {
            return false;
        }
        // A free tile of a kind the tray holds twice completes a triple.
        if self.at_two & self.free_any != 0 {
            return false;
        }
        if self.tray_len + 1 >= self.capacity {
            return true;
        }
        // Two short: a take of `t` (kind `k`, not completing) fills all but one slot; it
        // survives if a tile of a kind then at two is free: another free `k` when `k` was
        // at one, or a tile `t` uncovers of such a kind.
        if self.at_one & self.free_pair != 0 {
            return false;
        }
        for (w, &word) in self.free.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let t = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let k = usize::from(self.kind[t]);
                for &b in &self.below[t] {
                    let b = usize::from(b);
                    let kb = usize::from(self.kind[b]);
                    let at_two = if kb == k {
                        self.tray[k] == 1
                    } else {
                        self.tray[kb] == 2
                    };
                    if self.cover[b] == 1 && at_two {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Bit `k`: the tray holds two tiles of kind `k` and its only remaining tile is free
    /// (taking it first is safe: module doc of `solver`, "The last tile of a kind").
    pub fn last_tile_kinds(&self) -> u64 {
        let mut kinds = self.at_two & self.free_any;
        let mut out = 0;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            if self.left_of[k] == 1 {
                out |= 1 << k;
            }
        }
        out
    }

    /// Bit `k`: kind `k` is an exposed triple: some remaining tile of the kind is free,
    /// every one is, they and the tray's tiles of the kind make exactly three, and taking
    /// them one after another leaves a slot empty after each take that does not complete
    /// the triple (proof that taking them first is safe: the module doc of `solver`).
    pub fn exposed_kinds(&self) -> u64 {
        let mut kinds = self.free_any;
        let mut out = 0;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let tray = u16::from(self.tray[k]);
            if tray + self.left_of[k] == 3
                && self.free_of[k] == self.left_of[k]
                && self.tray_len + 2 - u32::from(self.tray[k]) < self.capacity
            {
                out |= 1 << k;
            }
        }
        out
    }

    /// Whether taking free tile `t` binds the next take to `t`'s kind (module doc of
    /// `solver`, "Leaves wait for their triple"): `t` covers nothing and does not
    /// complete a triple.
    pub fn binds_next(&self, t: usize) -> bool {
        self.below[t].is_empty() && self.tray[usize::from(self.kind[t])] < 2
    }

    /// Whether the tray's tiles of `t`'s kind and its free tiles make a triple. For a
    /// free leaf `t` that no free tile of its kind dominates, those free tiles are all
    /// leaves, so after a take that binds the next take to the kind, the bound takes can
    /// complete the triple only if this holds.
    pub fn leaves_complete(&self, t: usize) -> bool {
        let k = usize::from(self.kind[t]);
        u16::from(self.tray[k]) + self.free_of[k] >= 3
    }

    /// Tiles that taking `t` would uncover.
    pub fn frees(&self, t: usize) -> usize {
        self.below[t]
            .iter()
            .filter(|&&b| self.cover[usize::from(b)] == 1)
            .count()
    }

    /// Takes free tile `t` (the caller checked [`State::legal`]).
    pub fn take(&mut self, t: usize) -> Undo {
        let bit = 1u64 << (t % 64);
        self.rem[t / 64] &= !bit;
        self.free[t / 64] &= !bit;
        self.hash ^= self.zobrist[t];
        self.left -= 1;
        let k = usize::from(self.kind[t]);
        self.left_of[k] -= 1;
        self.free_of[k] -= 1;
        self.mark_free(k);
        for i in 0..self.below[t].len() {
            let b = usize::from(self.below[t][i]);
            self.cover[b] -= 1;
            if self.cover[b] == 0 {
                self.free[b / 64] |= 1 << (b % 64);
                let kb = usize::from(self.kind[b]);
                self.free_of[kb] += 1;
                self.mark_free(kb);
            }
        }
        let tripled = self.tray[k] == 2;
        if tripled {
            self.tray[k] = 0;
            self.tray_len -= 2;
        } else {
            self.tray[k] += 1;
            self.tray_len += 1;
        }
        self.mark_tray(k);
        Undo {
            tile: t as u16,
            tripled,
        }
    }

    /// Reverses [`State::take`].
    pub fn untake(&mut self, u: Undo) {
        let t = usize::from(u.tile);
        let k = usize::from(self.kind[t]);
        if u.tripled {
            self.tray[k] = 2;
            self.tray_len += 2;
        } else {
            self.tray[k] -= 1;
            self.tray_len -= 1;
        }
        self.mark_tray(k);
        for i in 0..self.below[t].len() {
            let b = usize::from(self.below[t][i]);
            if self.cover[b] == 0 {
                self.free[b / 64] &= !(1 << (b % 64));
                let kb = usize::from(self.kind[b]);
                self.free_of[kb] -= 1;
                self.mark_free(kb);
            }
            self.cover[b] += 1;
        }
        self.free_of[k] += 1;
        self.mark_free(k);
        self.left_of[k] += 1;
        self.left += 1;
        self.hash ^= self.zobrist[t];
        let bit = 1u64 << (t % 64);
        self.rem[t / 64] |= bit;
        self.free[t / 64] |= bit;
    }

    /// The free tiles, in index order.
    pub fn free_tiles(&self, out: &mut Vec<u16>) {
        for (w, &word) in self.free.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                out.push((w * 64 + b) as u16);
                bits &= bits - 1;
            }
        }
    }
}

/// For each tile `t` (a row of `words` words), the tiles `s` of its kind whose list
/// `lists[s]` holds every tile of `lists[t]` and, when the two lists hold the same tiles, a
/// lower index than `t`: the tiles that dominate `t` (module doc of `solver`, "Dominance
/// within a kind"; the backward search's lists are the tiles above each tile).
pub(crate) fn dominator_table(kind: &[u8], lists: &[Vec<u16>], words: usize) -> Vec<u64> {
    let m = kind.len();
    let mut of_kind: Vec<Vec<usize>> = vec![Vec::new(); KINDS];
    for (t, &k) in kind.iter().enumerate() {
        of_kind[usize::from(k)].push(t);
    }
    // The lists as bitsets, so that a pair costs `words` steps.
    let mut bits = vec![0u64; m * words];
    for (t, list) in lists.iter().enumerate() {
        for &b in list {
            bits[t * words + usize::from(b) / 64] |= 1 << (b % 64);
        }
    }
    let within = |t: usize, s: usize| {
        bits[t * words..][..words]
            .iter()
            .zip(&bits[s * words..][..words])
            .all(|(a, b)| a & !b == 0)
    };
    let mut dom = vec![0u64; m * words];
    for tiles in &of_kind {
        for &t in tiles {
            for &s in tiles {
                if s != t && within(t, s) && (s < t || !within(s, t)) {
                    dom[t * words + s / 64] |= 1 << (s % 64);
                }
            }
        }
    }
    dom
}

/// Whether some tile of the set `set` (a bitset) dominates tile `t`, by `t`'s row of a
/// [`dominator_table`] of rows as long as `set`.
pub(crate) fn dominated_within(table: &[u64], t: usize, set: &[u64]) -> bool {
    let words = set.len();
    table[t * words..][..words]
        .iter()
        .zip(set)
        .any(|(d, s)| d & s != 0)
}

/// The bits of `word` (tiles `base + bit`) whose tile `keep` accepts: how both searches
/// carry a sleep set down to a child, keeping the sleeping moves still legal there.
pub(crate) fn retain_bits(word: u64, base: usize, keep: impl Fn(usize) -> bool) -> u64 {
    let mut out = word;
    let mut bits = word;
    while bits != 0 {
        let b = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if !keep(base + b) {
            out &= !(1u64 << b);
        }
    }
    out
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut x = z;
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE5_B9E9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
