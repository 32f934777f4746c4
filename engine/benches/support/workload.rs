//! The fixed, seeded workloads that `llk bench`, the criterion benches
//! (`engine/benches/engine.rs`, `engine/benches/stack.rs`) and the WebAssembly comparison
//! (`web/bench/`) all measure, so that their figures describe the same boards, queries and
//! deals. Each of them includes this file by path: it is bench code, kept out of the
//! engine library the game links.

use llk_engine::classic::deal::{deal, DealOptions};
use llk_engine::classic::{Board, Pos};
use llk_engine::stack::{Layout, Position, StackOptions};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The default layout, "18x8": 18 columns by 8 rows, 36 kinds × 4 tiles.
pub const ROWS: usize = 8;
pub const COLS: usize = 18;
pub const KINDS: usize = 36;

/// Boards in the solver set (seeds `0..SOLVER_BOARDS`).
pub const SOLVER_BOARDS: u64 = 1000;

/// The densities (percent of cells holding a tile) of the path-query workloads.
pub const DENSITIES: [u32; 3] = [100, 60, 20];

/// Boards per density and the cap on queries per density.
const BOARDS_PER_DENSITY: u64 = 16;
const MAX_QUERIES: usize = 256;

/// The deal options of the 18×8 workloads.
pub fn options(seed: u64, solvable: bool) -> DealOptions {
    DealOptions {
        rows: ROWS,
        cols: COLS,
        kinds: KINDS,
        seed,
        solvable,
        ring: true,
    }
}

/// A full random 18×8 board (a seeded random permutation of the 144 tiles, ring open):
/// the solver set is seeds `0..1000`.
pub fn random_board(seed: u64) -> Board {
    // Fixed valid options (18×8, 36 kinds): this cannot fail.
    deal(&options(seed, false))
        .expect("the 18x8 workload deal is valid")
        .board
}

/// The stack level of the stack workloads: level 2, the largest of the named levels
/// (213 tiles) and the slowest to solve from the start.
pub const STACK_LEVEL: u32 = 2;

/// The options of the stack deal of `level` and `seed` (a constructed, winnable deal; the
/// level's tray and props).
pub fn stack_options(level: u32, seed: u64) -> StackOptions {
    StackOptions {
        level: Some(level),
        seed,
        ..StackOptions::default()
    }
}

/// The start of a stack deal as the solver sees it: every tile of `layout` on the board
/// (`on_board` all true, one per tile), tray and holding row empty.
pub fn stack_start<'a>(layout: &'a Layout, on_board: &'a [bool], capacity: u8) -> Position<'a> {
    Position {
        layout,
        on_board,
        held: &[],
        tray: &[],
        capacity,
    }
}

/// A set of path queries: boards, and same-kind tile pairs on them (connectable or not).
pub struct PathSet {
    pub density: u32,
    pub boards: Vec<Board>,
    pub queries: Vec<(usize, Pos, Pos)>,
}

impl PathSet {
    /// Queries whose tiles connect.
    pub fn connectable(&self) -> usize {
        self.queries
            .iter()
            .filter(|&&(i, a, b)| self.boards[i].can_link(a, b))
            .count()
    }
}

/// The path-query workload at `density` percent: 16 random 18×8 boards thinned to that
/// density by removing random tiles, and up to 256 of their same-kind pairs (a seeded
/// sample when there are more).
pub fn path_set(density: u32) -> PathSet {
    let mut rng = ChaCha8Rng::seed_from_u64(0x9a7e_0000 + u64::from(density));
    let keep = (ROWS * COLS * density as usize + 50) / 100;
    let mut boards = Vec::new();
    let mut queries = Vec::new();
    for seed in 0..BOARDS_PER_DENSITY {
        let mut board = random_board(1_000_000 + seed);
        let mut tiles: Vec<Pos> = board.tiles().map(|(p, _)| p).collect();
        tiles.shuffle(&mut rng);
        for &p in &tiles[keep.min(tiles.len())..] {
            board.set(p, None).expect("p is a tile of the board");
        }
        let i = boards.len();
        for (_, ps) in board.tiles_by_kind() {
            for (j, &a) in ps.iter().enumerate() {
                for &b in &ps[j + 1..] {
                    queries.push((i, a, b));
                }
            }
        }
        boards.push(board);
    }
    if queries.len() > MAX_QUERIES {
        queries.shuffle(&mut rng);
        queries.truncate(MAX_QUERIES);
    }
    PathSet {
        density,
        boards,
        queries,
    }
}

/// A worst-case-ish query on an empty `n`×`n` board but for a wall of tiles filling
/// column `n / 2`: two tiles of one kind either side of the wall in the middle row, so the
/// only path leaves through the ring (two turns, a detour of about `n`), and the search
/// scans both tiles' whole columns and every candidate row.
pub fn detour_case(n: usize) -> (Board, Pos, Pos) {
    // Sizes are the bench's own constants (3..=256): these cannot fail.
    let mut board = Board::new(n, n, true).expect("the scaling board size is valid");
    let (mid, wall) = ((n / 2) as i16, (n / 2) as i16);
    let (a, b) = (Pos::new(mid, wall - 1), Pos::new(mid, wall + 1));
    for r in 0..n as i16 {
        board
            .set(Pos::new(r, wall), Some(1))
            .expect("wall cell is on the board");
    }
    board.set(a, Some(0)).expect("tile is on the board");
    board.set(b, Some(0)).expect("tile is on the board");
    (board, a, b)
}
