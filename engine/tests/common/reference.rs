//! Reference link search: Dijkstra over (cell, direction) states with cost
//! (turns, length), on the board plus its ring. Slow and obviously right.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use llk_engine::classic::{Board, Pos};

const DIRS: [(i16, i16); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// Whether a path may pass through `p`: an empty board cell, or a ring cell when the ring is open.
pub fn passable(b: &Board, p: Pos) -> bool {
    let (r, c) = (p.row, p.col);
    let (rows, cols) = (b.rows() as i16, b.cols() as i16);
    if r < -1 || c < -1 || r > rows || c > cols {
        return false;
    }
    if b.contains(p) {
        return b.get(p).is_none();
    }
    b.ring()
}

/// The optimal (turns, length) of a path of at most two turns from `a` to `b` through
/// passable cells, or `None`. Ignores what `a` and `b` hold.
pub fn best_cost(b: &Board, a: Pos, t: Pos) -> Option<(u32, u32)> {
    if a == t {
        return None;
    }
    let mut best: Option<(u32, u32)> = None;
    let mut seen = std::collections::HashMap::new();
    let mut heap = BinaryHeap::new();
    for (d, &(dr, dc)) in DIRS.iter().enumerate() {
        heap.push(Reverse((0u32, 1u32, a.row + dr, a.col + dc, d)));
    }
    while let Some(Reverse((turns, len, r, c, d))) = heap.pop() {
        let here = Pos::new(r, c);
        if here == t {
            if best.is_none_or(|bc| (turns, len) < bc) {
                best = Some((turns, len));
            }
            continue;
        }
        if !passable(b, here) {
            continue;
        }
        if let Some(&old) = seen.get(&(r, c, d)) {
            if old <= (turns, len) {
                continue;
            }
        }
        seen.insert((r, c, d), (turns, len));
        for (d2, &(dr, dc)) in DIRS.iter().enumerate() {
            let t2 = turns + u32::from(d2 != d);
            if t2 > 2 {
                continue;
            }
            heap.push(Reverse((t2, len + 1, r + dr, c + dc, d2)));
        }
    }
    best
}

/// Checks that `points` is a legal link from `a` to `b` on `board`: right endpoints,
/// axis-aligned segments, at most two turns, every passed cell passable. Returns its
/// (turns, length).
pub fn check_path(board: &Board, a: Pos, b: Pos, points: &[Pos]) -> Result<(u32, u32), String> {
    if points.len() < 2 || points.len() > 4 {
        return Err(format!("{} points", points.len()));
    }
    if points[0] != a || points[points.len() - 1] != b {
        return Err("wrong endpoints".into());
    }
    let mut len = 0u32;
    let mut prev_dir = None;
    for w in points.windows(2) {
        let (p, q) = (w[0], w[1]);
        if p.row != q.row && p.col != q.col {
            return Err(format!("diagonal segment {p:?}->{q:?}"));
        }
        if p == q {
            return Err("zero-length segment".into());
        }
        let dir = ((q.row - p.row).signum(), (q.col - p.col).signum());
        if prev_dir == Some(dir) || prev_dir == Some((-dir.0, -dir.1)) {
            return Err("collinear or reversing corner".into());
        }
        prev_dir = Some(dir);
        let mut cur = p;
        loop {
            cur = Pos::new(cur.row + dir.0, cur.col + dir.1);
            len += 1;
            if cur == q {
                break;
            }
            if !passable(board, cur) {
                return Err(format!("passes blocked cell {cur:?}"));
            }
        }
        if q != b && !passable(board, q) {
            return Err(format!("corner on blocked cell {q:?}"));
        }
    }
    Ok((points.len() as u32 - 2, len))
}
