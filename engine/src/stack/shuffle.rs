//! The shuffle prop: new kinds for the tiles still on the board (the multiset of their
//! kinds is kept; tray and held tiles keep theirs), built like a deal so the position is
//! winnable again when the current tray allows it. A random removal order of the board
//! tiles (held tiles are free throughout) is walked from the current tray, each board
//! tile getting a kind so the simulated tray never fills; the walk is the new winning
//! line. Board tiles are interchangeable here (any kind may go anywhere), so only tray
//! counts matter: several randomized walks are tried, the last one greedy.

use crate::rng::Rng;
use crate::stack::board::StackBoard;
use crate::stack::geometry::{Layout, TileId, MAX_KINDS};

/// Walks tried before giving up (the last one is greedy).
const ATTEMPTS: usize = 8;

/// New kinds for every tile, and a winning line from the position when one was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reshuffled {
    /// `kinds[i]` for tile i (unchanged for tiles not on the board).
    pub kinds: Vec<u16>,
    /// A winning line without props from the reshuffled position; `None` when no walk
    /// kept the tray from filling (the kinds are then a plain random re-deal).
    pub certificate: Option<Vec<TileId>>,
}

/// Re-deals the kinds of `board`'s board tiles.
pub fn reshuffle(board: &StackBoard, rng: &mut Rng) -> Reshuffled {
    let layout = board.layout();
    let mut kinds: Vec<u16> = layout.tiles().iter().map(|t| t.kind).collect();
    let on_board = board.on_board();
    let mut remaining = vec![0usize; usize::from(MAX_KINDS)];
    for (i, _) in on_board.iter().enumerate().filter(|(_, &b)| b) {
        remaining[usize::from(kinds[i])] += 1;
    }
    for attempt in 0..ATTEMPTS {
        let order = board_order(layout, &on_board, rng);
        let mode = Mode {
            greedy: attempt + 1 == ATTEMPTS,
            held_early: attempt % 2 == 0,
        };
        if let Some((line, assigned)) = walk(board, &order, remaining.clone(), mode, rng) {
            for (&id, &k) in order.iter().zip(&assigned) {
                kinds[usize::from(id)] = k;
            }
            return Reshuffled {
                kinds,
                certificate: Some(line),
            };
        }
    }
    // No walk found: a plain random re-deal of the same kinds.
    let ids: Vec<usize> = (0..on_board.len()).filter(|&i| on_board[i]).collect();
    let mut faces: Vec<u16> = ids.iter().map(|&i| kinds[i]).collect();
    rng.shuffle(&mut faces);
    for (&i, &k) in ids.iter().zip(&faces) {
        kinds[i] = k;
    }
    Reshuffled {
        kinds,
        certificate: None,
    }
}

/// A random order of the board tiles respecting covering among them.
fn board_order(layout: &Layout, on_board: &[bool], rng: &mut Rng) -> Vec<TileId> {
    let mut live: Vec<u16> = (0..layout.len())
        .map(|i| {
            let above = layout.above(i as TileId);
            above.iter().filter(|&&a| on_board[usize::from(a)]).count() as u16
        })
        .collect();
    let mut free: Vec<TileId> = (0..layout.len() as TileId)
        .filter(|&i| on_board[usize::from(i)] && live[usize::from(i)] == 0)
        .collect();
    let mut order = Vec::new();
    while !free.is_empty() {
        let id = free.swap_remove(rng.below(free.len()));
        order.push(id);
        for &b in layout.below(id) {
            live[usize::from(b)] -= 1;
            if live[usize::from(b)] == 0 && on_board[usize::from(b)] {
                free.push(b);
            }
        }
    }
    order
}

#[derive(Clone, Copy)]
struct Mode {
    /// Always the choice that keeps the tray lowest (no random openings).
    greedy: bool,
    /// Take held tiles back while the tray has room, rather than last.
    held_early: bool,
}

/// One walk: the line (board tiles in `order`, held tiles slotted in) and the kinds
/// given to `order`'s tiles, or `None` if the tray would fill.
fn walk(
    board: &StackBoard,
    order: &[TileId],
    mut remaining: Vec<usize>,
    mode: Mode,
    rng: &mut Rng,
) -> Option<(Vec<TileId>, Vec<u16>)> {
    let kind_of = |id: TileId| board.layout().tiles()[usize::from(id)].kind;
    let top = usize::from(board.capacity()) - 1;
    let mut count = vec![0u8; usize::from(MAX_KINDS)];
    for k in board.tray_kinds() {
        count[usize::from(k)] += 1;
    }
    let mut fill = board.tray().len();
    let mut held: Vec<TileId> = board.held().to_vec();
    let mut line = Vec::new();
    let mut assigned = Vec::with_capacity(order.len());
    let mut next = 0;
    let add = |count: &mut Vec<u8>, fill: &mut usize, k: u16| -> bool {
        let c = &mut count[usize::from(k)];
        if *c == 2 {
            *c = 0;
            *fill -= 2;
            true
        } else {
            *c += 1;
            *fill += 1;
            *fill <= top
        }
    };
    while next < order.len() || !held.is_empty() {
        let roomy = fill + 2 <= top;
        // A held tile completing a triple, or (early mode, room left, or no board
        // tile left) any held tile, preferring one that makes a pair.
        let completing = held
            .iter()
            .position(|&h| count[usize::from(kind_of(h))] == 2);
        let pairing = held
            .iter()
            .position(|&h| count[usize::from(kind_of(h))] == 1);
        let take_held = completing.or_else(|| {
            let want = (mode.held_early && roomy) || next == order.len();
            want.then(|| pairing.unwrap_or(0))
        });
        if let Some(at) = take_held.filter(|_| !held.is_empty()) {
            let h = held.remove(at);
            line.push(h);
            if !add(&mut count, &mut fill, kind_of(h)) {
                return None;
            }
            continue;
        }
        let id = order[next];
        next += 1;
        let k = choose(&count, &remaining, roomy && !mode.greedy, rng)?;
        remaining[usize::from(k)] -= 1;
        assigned.push(k);
        line.push(id);
        if !add(&mut count, &mut fill, k) {
            return None;
        }
    }
    Some((line, assigned))
}

/// A kind for the next board tile: one completing a triple if any; with room to spare
/// (`free_pick`), any kind left, weighted by how many are left; else one making a pair,
/// else the kind with the most tiles left.
fn choose(count: &[u8], remaining: &[usize], free_pick: bool, rng: &mut Rng) -> Option<u16> {
    let left = |c: u8| {
        (0..remaining.len())
            .filter(move |&k| remaining[k] > 0 && count[k] == c)
            .map(|k| k as u16)
    };
    let done: Vec<u16> = left(2).collect();
    if !done.is_empty() {
        return Some(done[rng.below(done.len())]);
    }
    if free_pick {
        let total: usize = remaining.iter().sum();
        if total == 0 {
            return None;
        }
        let mut r = rng.below(total);
        for (k, &n) in remaining.iter().enumerate() {
            if r < n {
                return Some(k as u16);
            }
            r -= n;
        }
    }
    let pairs: Vec<u16> = left(1).collect();
    if !pairs.is_empty() {
        return Some(pairs[rng.below(pairs.len())]);
    }
    left(0).max_by_key(|&k| remaining[usize::from(k)])
}
