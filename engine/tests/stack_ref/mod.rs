//! Plain references for the stack solver and hint tests: random small layouts and
//! positions, the tray rules replayed literally (an ordered tray), and exhaustive
//! searches with no memo and no cuts. Written for obviousness, not speed.
#![allow(dead_code)]

use llk_engine::stack::{Layout, Tile, TileId};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngCore};

/// A position in the tests' own terms: kinds per tile, tiles on the board, the held
/// row and the tray as ordered `(id, kind)`.
#[derive(Clone, Debug)]
pub struct Pos {
    pub kinds: Vec<u16>,
    pub on_board: Vec<bool>,
    pub held: Vec<TileId>,
    pub tray: Vec<(TileId, u16)>,
    pub capacity: u8,
}

impl Pos {
    pub fn start(layout: &Layout, capacity: u8) -> Pos {
        Pos {
            kinds: layout.tiles().iter().map(|t| t.kind).collect(),
            on_board: vec![true; layout.len()],
            held: Vec::new(),
            tray: Vec::new(),
            capacity,
        }
    }

    pub fn tray_kinds(&self) -> Vec<u16> {
        self.tray.iter().map(|&(_, k)| k).collect()
    }

    pub fn is_free(&self, layout: &Layout, id: TileId) -> bool {
        self.on_board[usize::from(id)]
            && layout
                .above(id)
                .iter()
                .all(|&a| !self.on_board[usize::from(a)])
    }

    /// The tiles that may be taken now: free board tiles, then held tiles.
    pub fn takeable(&self, layout: &Layout) -> Vec<TileId> {
        let mut out: Vec<TileId> = (0..layout.len() as TileId)
            .filter(|&i| self.is_free(layout, i))
            .collect();
        out.extend(self.held.iter().copied());
        out
    }

    /// Takes `id` by the rules: `Err` if it is not takeable, `Ok(false)` if the take
    /// fills the tray without a triple (lost), `Ok(true)` otherwise.
    pub fn take(&mut self, layout: &Layout, id: TileId) -> Result<bool, String> {
        if let Some(h) = self.held.iter().position(|&h| h == id) {
            self.held.remove(h);
        } else if (usize::from(id) < layout.len()) && self.is_free(layout, id) {
            self.on_board[usize::from(id)] = false;
        } else {
            return Err(format!("tile {id} is not takeable"));
        }
        let kind = self.kinds[usize::from(id)];
        let at = self
            .tray
            .iter()
            .rposition(|&(_, k)| k == kind)
            .map_or(self.tray.len(), |p| p + 1);
        self.tray.insert(at, (id, kind));
        if self.tray.iter().filter(|&&(_, k)| k == kind).count() == 3 {
            self.tray.retain(|&(_, k)| k != kind);
        } else if self.tray.len() >= usize::from(self.capacity) {
            return Ok(false);
        }
        Ok(true)
    }

    pub fn move_out(&mut self) {
        let n = self.tray.len().min(3);
        self.held = self.tray.drain(..n).map(|(id, _)| id).collect();
    }

    pub fn won(&self) -> bool {
        self.tray.is_empty() && self.held.is_empty() && self.on_board.iter().all(|&b| !b)
    }
}

/// Replays `moves` from `pos`: `Ok` when they win, else why not.
pub fn replay(layout: &Layout, pos: &Pos, moves: &[TileId]) -> Result<(), String> {
    let mut p = pos.clone();
    for &m in moves {
        if !p.take(layout, m)? {
            return Err(format!("taking {m} fills the tray"));
        }
    }
    if p.won() {
        Ok(())
    } else {
        Err("the line does not empty board, tray and holding row".into())
    }
}

/// Exhaustive: can `pos` be won without props? No memo, no cuts.
pub fn winnable(layout: &Layout, pos: &Pos) -> bool {
    if pos.won() {
        return true;
    }
    pos.takeable(layout).into_iter().any(|t| {
        let mut next = pos.clone();
        next.take(layout, t) == Ok(true) && winnable(layout, &next)
    })
}

/// Exhaustive with props: move-outs at any moment (holding row empty, tray not), and
/// shuffles trying every distinct re-deal of the board's kinds.
pub fn winnable_with_props(layout: &Layout, pos: &Pos, move_outs: u8, shuffles: u8) -> bool {
    if pos.won() {
        return true;
    }
    let takes = pos.takeable(layout).into_iter().any(|t| {
        let mut next = pos.clone();
        next.take(layout, t) == Ok(true) && winnable_with_props(layout, &next, move_outs, shuffles)
    });
    if takes {
        return true;
    }
    if move_outs > 0 && pos.held.is_empty() && !pos.tray.is_empty() {
        let mut next = pos.clone();
        next.move_out();
        if winnable_with_props(layout, &next, move_outs - 1, shuffles) {
            return true;
        }
    }
    if shuffles > 0 {
        let board: Vec<usize> = (0..layout.len()).filter(|&i| pos.on_board[i]).collect();
        let mut kinds: Vec<u16> = board.iter().map(|&i| pos.kinds[i]).collect();
        kinds.sort_unstable();
        loop {
            let mut next = pos.clone();
            for (&i, &k) in board.iter().zip(&kinds) {
                next.kinds[i] = k;
            }
            if winnable_with_props(layout, &next, move_outs, shuffles - 1) {
                return true;
            }
            if !next_permutation(&mut kinds) {
                break;
            }
        }
    }
    false
}

fn next_permutation(v: &mut [u16]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap_or(i);
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// A random layout of `n` tiles (a multiple of 3) on a small grid of half-tile steps in
/// `layers` layers or more (more when they are full), with random kinds, each kind a multiple of 3.
pub fn random_layout(rng: &mut impl RngCore, n: usize, layers: i32) -> Layout {
    let mut tiles: Vec<Tile> = Vec::new();
    let (mut layers, mut misses) = (layers, 0);
    // Narrow grids stack tiles deep (more unwinnable fills), wide ones spread them.
    let (w, h) = (rng.random_range(2..=6), rng.random_range(1..=4));
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
        if !clash {
            tiles.push(t);
        } else {
            // The layers are full: open another one.
            misses += 1;
            if misses % 100 == 0 {
                layers += 1;
            }
        }
    }
    let groups = n / 3;
    let kinds_used = rng.random_range(1..=groups.clamp(1, 5)) as u16;
    let mut kinds: Vec<u16> = (0..groups)
        .flat_map(|g| [(g as u16) % kinds_used; 3])
        .collect();
    kinds.shuffle(rng);
    for (t, k) in tiles.iter_mut().zip(kinds) {
        t.kind = k;
    }
    Layout::new(tiles).expect("tiles of one layer never overlap here")
}

/// A position reached from the start of `layout` by `min_steps` or more random legal
/// takes (up to half the tiles), sometimes with a move-out on the way (the tray model
/// holds after one).
pub fn random_position(
    rng: &mut impl RngCore,
    layout: &Layout,
    capacity: u8,
    min_steps: usize,
) -> Pos {
    let mut pos = Pos::start(layout, capacity);
    let steps = rng.random_range(min_steps..=(layout.len() / 2).max(min_steps));
    for _ in 0..steps {
        if pos.held.is_empty() && !pos.tray.is_empty() && rng.random_bool(0.1) {
            pos.move_out();
            continue;
        }
        let takes = pos.takeable(layout);
        let Some(&t) = takes.choose(rng) else { break };
        let mut next = pos.clone();
        if next.take(layout, t) == Ok(true) {
            pos = next;
        }
    }
    pos
}
