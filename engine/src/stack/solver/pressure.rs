//! The tray-pressure test: a sound check that no line from a position can complete its
//! next triple before the tray fills (the proof is in the module doc of `solver`, "Tray
//! pressure"). It needs, for some tiles, how many remaining tiles lie above them
//! (cover them directly or through other tiles), computed on demand as bitsets.

use super::state::{State, KINDS};

/// The largest room for which the full test runs (beyond it, a position is kept alive
/// after the quick check: always sound, and the full test rarely cuts there).
const ROOM_CHECKED: usize = 2;

/// Scratch space and the fixed top-down order of the tiles, for [`Pressure::dead`].
pub(crate) struct Pressure {
    /// Compact indices ordered so that every tile comes after all tiles that cover it.
    topo: Vec<u16>,
    /// Bitset words per tile.
    words: usize,
    /// `above[t * words..][..words]`: the remaining tiles above tile `t`.
    above: Vec<u64>,
    /// Free tiles of the position being tested.
    free: Vec<u16>,
    /// Remaining tiles with more tiles above them than the room (their `above` is not
    /// kept up to date: such a tile, and every tile below it, can never be taken in time).
    deep: Vec<bool>,
    /// The remaining tiles that are not deep, top down.
    shallow: Vec<usize>,
}

impl Pressure {
    /// The top-down order of `st`'s tiles (covers never form a cycle: a tile covers only
    /// tiles of lower layers).
    pub fn new(st: &State) -> Pressure {
        let m = st.kind.len();
        let words = st.rem.len();
        Pressure {
            topo: top_down(st),
            words,
            above: vec![0; m * words],
            free: Vec::new(),
            deep: vec![false; m],
            shallow: Vec::new(),
        }
    }

    /// Whether every line from `st` fills the tray before it completes a triple (so the
    /// position is lost). Cheap when some kind can obviously complete a triple soon;
    /// otherwise it computes the tiles above every remaining tile. Adds the work done
    /// (in tile-word steps) to `work`.
    pub fn dead(&mut self, st: &State, work: &mut u64) -> bool {
        if st.left == 0 {
            return false;
        }
        // Takes that may go into the tray before the completing one.
        let room = st.capacity.saturating_sub(1 + st.tray_len) as usize;
        let mut free_of = [0u8; KINDS];
        self.free.clear();
        st.free_tiles(&mut self.free);
        for &t in &self.free {
            let k = usize::from(st.kind[usize::from(t)]);
            free_of[k] = free_of[k].saturating_add(1);
        }
        let need = |k: usize| 3 - usize::from(st.tray[k]);
        // Quick exit: a kind whose missing tiles are all free and fit.
        if (0..KINDS)
            .any(|k| st.left_of[k] > 0 && need(k) - 1 <= room && usize::from(free_of[k]) >= need(k))
        {
            return false;
        }
        if room > ROOM_CHECKED {
            return false;
        }
        self.fill_above(st, room, work);
        let mut near: Vec<usize> = Vec::new();
        for k in 0..KINDS {
            if st.left_of[k] == 0 || need(k) - 1 > room {
                continue;
            }
            // The kind's tiles with few enough tiles above them to be taken in time.
            near.clear();
            near.extend(
                self.shallow
                    .iter()
                    .filter(|&&t| usize::from(st.kind[t]) == k),
            );
            if near.len() >= need(k) && self.some_set_fits(&near, need(k), room) {
                return false;
            }
        }
        true
    }

    /// Tiles in the union of `xs` and the tiles above them.
    fn count(&self, xs: &[usize]) -> usize {
        let w = self.words;
        (0..w)
            .map(|i| {
                let mut v = 0u64;
                for &x in xs {
                    v |= self.above[x * w + i];
                    if i == x / 64 {
                        v |= 1 << (x % 64);
                    }
                }
                v.count_ones() as usize
            })
            .sum()
    }

    /// Whether some `need` tiles of `near` (1..=3 of them) have at most `room + 1` tiles
    /// in the union of themselves and the tiles above them. Many candidates for a triple
    /// answer yes without checking (always sound: it only keeps a position alive).
    fn some_set_fits(&self, near: &[usize], need: usize, room: usize) -> bool {
        let n = near.len();
        match need {
            1 => n >= 1,
            2 => (0..n).any(|i| (i + 1..n).any(|j| self.count(&[near[i], near[j]]) <= room + 1)),
            _ if n > 12 => true,
            _ => (0..n).any(|i| {
                (i + 1..n).any(|j| {
                    (j + 1..n).any(|l| self.count(&[near[i], near[j], near[l]]) <= room + 1)
                })
            }),
        }
    }

    /// Fills `above` for the remaining tiles with at most `room` tiles above them (listed
    /// in `shallow`), top down: a tile's set is the union over the remaining tiles
    /// covering it of their own sets and themselves. A tile with more is marked deep, and
    /// so is every tile below it (its set is a superset).
    fn fill_above(&mut self, st: &State, room: usize, work: &mut u64) {
        let w = self.words;
        let remains = |t: usize| st.rem[t / 64] & (1 << (t % 64)) != 0;
        for &t in &self.topo {
            let tu = usize::from(t);
            if remains(tu) {
                self.above[tu * w..][..w].fill(0);
                self.deep[tu] = false;
            }
        }
        self.shallow.clear();
        for &t in &self.topo {
            let tu = usize::from(t);
            if !remains(tu) {
                continue;
            }
            if !self.deep[tu] && self.count(&[tu]) > room + 1 {
                self.deep[tu] = true;
            }
            if self.deep[tu] {
                for &b in &st.below[tu] {
                    self.deep[usize::from(b)] = true;
                }
                continue;
            }
            self.shallow.push(tu);
            for &b in &st.below[tu] {
                let bu = usize::from(b);
                if self.deep[bu] {
                    continue;
                }
                for i in 0..w {
                    let mut v = self.above[tu * w + i];
                    if i == tu / 64 {
                        v |= 1 << (tu % 64);
                    }
                    self.above[bu * w + i] |= v;
                }
                *work += w as u64;
            }
        }
    }
}

/// `st`'s tiles (compact indices) ordered so that every tile comes after all tiles that
/// cover it (covers never form a cycle: a tile covers only tiles of lower layers).
pub(crate) fn top_down(st: &State) -> Vec<u16> {
    let m = st.kind.len();
    let mut cover: Vec<u16> = vec![0; m];
    for list in &st.below {
        for &b in list {
            cover[usize::from(b)] += 1;
        }
    }
    let mut topo: Vec<u16> = (0..m as u16)
        .filter(|&t| cover[usize::from(t)] == 0)
        .collect();
    let mut i = 0;
    while i < topo.len() {
        let t = usize::from(topo[i]);
        i += 1;
        for &b in &st.below[t] {
            let c = &mut cover[usize::from(b)];
            *c -= 1;
            if *c == 0 {
                topo.push(b);
            }
        }
    }
    topo
}
