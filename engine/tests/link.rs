//! Named traps for the link search: each board is small enough to check by eye, and
//! each answer is also checked against the reference search.

mod common;

use common::reference::{best_cost, check_path};
use common::{board, p};
use llk_engine::classic::{Board, Pos};

/// The fast path's points, after checking it is legal and as good as the reference's.
fn path(b: &Board, a: Pos, c: Pos) -> Option<Vec<Pos>> {
    let fast = b.find_path(a, c);
    let want = best_cost(b, a, c);
    match fast {
        Some(path) => {
            let cost = check_path(b, a, c, path.points()).expect("legal path");
            assert_eq!(Some(cost), want, "not optimal: {:?}", path.points());
            Some(path.points().to_vec())
        }
        None => {
            assert_eq!(want, None, "missed a path");
            None
        }
    }
}

#[test]
fn adjacent_tiles_link_straight() {
    let b = board(&["AA", "BC"], false);
    assert_eq!(path(&b, p(0, 0), p(0, 1)), Some(vec![p(0, 0), p(0, 1)]));
    let b = board(&["AB", "AC"], false);
    assert_eq!(path(&b, p(1, 0), p(0, 0)), Some(vec![p(1, 0), p(0, 0)]));
}

/// Seed 000's warning: a two-turn scan that lets the outer tile's reach run past the
/// inner tile's column finds a "path" turning at an occupied cell behind the inner tile.
/// Here the A at (0,1) is walled in; B's row reaches column 0, under the X.
#[test]
fn two_turn_path_does_not_wrap_behind_the_inner_tile() {
    for ring in [false, true] {
        let b = board(&["XAY", ".W.", "..A"], ring);
        assert_eq!(path(&b, p(0, 1), p(2, 2)), None, "ring {ring}");
        assert_eq!(path(&b, p(2, 2), p(0, 1)), None, "ring {ring}");
    }
}

/// The seeds' one-corner bug: the first corner (0,2) is empty but cut off by X; the
/// search must still try the second corner (2,0).
#[test]
fn one_corner_tries_the_second_corner() {
    let b = board(&["AX.", "...", "..A"], false);
    assert_eq!(
        path(&b, p(0, 0), p(2, 2)),
        Some(vec![p(0, 0), p(2, 0), p(2, 2)])
    );
    assert_eq!(
        path(&b, p(2, 2), p(0, 0)),
        Some(vec![p(2, 2), p(2, 0), p(0, 0)])
    );
}

#[test]
fn ring_paths_on_each_side() {
    // Top: the A's share the top row with X between them and tiles below.
    let top = ["AXA", "YZW"];
    // Bottom: the same, upside down.
    let bottom = ["YZW", "AXA"];
    // Left: the A's share the left column with X between them, tiles to the right.
    let left = ["AY", "XZ", "AW"];
    // Right: mirrored.
    let right = ["YA", "ZX", "WA"];
    let cases: [(&[&str], Pos, Pos, [Pos; 2]); 4] = [
        (&top, p(0, 0), p(0, 2), [p(-1, 0), p(-1, 2)]),
        (&bottom, p(1, 0), p(1, 2), [p(2, 0), p(2, 2)]),
        (&left, p(0, 0), p(2, 0), [p(0, -1), p(2, -1)]),
        (&right, p(0, 1), p(2, 1), [p(0, 2), p(2, 2)]),
    ];
    for (rows, a, c, corners) in cases {
        let open = board(rows, true);
        assert_eq!(
            path(&open, a, c),
            Some(vec![a, corners[0], corners[1], c]),
            "{rows:?}"
        );
        let closed = board(rows, false);
        assert_eq!(path(&closed, a, c), None, "{rows:?} with the ring closed");
    }
}

#[test]
fn prefers_fewer_turns_then_shorter() {
    // A straight line exists: it beats any detour.
    let b = board(&["A..A", "...."], true);
    assert_eq!(path(&b, p(0, 0), p(0, 3)), Some(vec![p(0, 0), p(0, 3)]));
    // Two turns, equally long through the ring above or the row below: the tie goes
    // to the lower row index (the ring), deterministically.
    let b = board(&["AXA", "...", "..."], true);
    assert_eq!(
        path(&b, p(0, 0), p(0, 2)),
        Some(vec![p(0, 0), p(-1, 0), p(-1, 2), p(0, 2)])
    );
    // A shorter detour wins over a longer one: the row below, not the ring.
    let b = board(&["AXA", "...", "..."], false);
    assert_eq!(
        path(&b, p(0, 0), p(0, 2)),
        Some(vec![p(0, 0), p(1, 0), p(1, 2), p(0, 2)])
    );
    // Among columns between the tiles (no detour) the search turns as early as it can.
    let b = board(&["A...X", "X.X..", "....A"], false);
    assert_eq!(
        path(&b, p(0, 0), p(2, 4)),
        Some(vec![p(0, 0), p(0, 1), p(2, 1), p(2, 4)])
    );
}

#[test]
fn not_a_pair_has_no_path() {
    let b = board(&["AB", ".."], true);
    assert_eq!(b.find_path(p(0, 0), p(0, 1)), None, "different kinds");
    assert_eq!(b.find_path(p(0, 0), p(0, 0)), None, "same tile");
    assert_eq!(b.find_path(p(0, 0), p(1, 1)), None, "empty cell");
    assert_eq!(b.find_path(p(0, 0), p(5, 9)), None, "outside");
    assert_eq!(b.find_path(p(-1, 0), p(0, 0)), None, "ring");
}

#[test]
fn largest_board_corners_link_around() {
    let mut rows = vec![vec![None; 256]; 256];
    rows[0][0] = Some(1);
    rows[255][255] = Some(1);
    rows[0][1] = Some(2);
    rows[1][0] = Some(2);
    let b = Board::from_rows(&rows, true).unwrap();
    let got = b.find_path(p(0, 0), p(255, 255)).expect("around the ring");
    assert_eq!(got.turns(), 2);
}
