//! Stack mode (羊了个羊 style, seed 003): tiles in layers at quarter-tile offsets, only
//! uncovered tiles can be taken, a taken tile goes to a tray, three alike in the tray
//! vanish; the tray filling up loses. Deals are winnable by construction and carry
//! their winning line.

pub mod board;
pub mod deal;
pub mod file;
pub mod game;
pub mod geometry;
pub mod hint;
pub mod import;
pub mod layout;
pub mod level;
pub mod real_style;
pub mod replay;
pub mod shuffle;
pub mod solver;
pub mod tray;
pub mod types;

pub use board::StackBoard;
pub use deal::{deal, StackDeal};
pub use game::{
    Place, Props, StackCounters, StackGame, StackHint, StackOptions, StackStatus, Taken,
};
pub use geometry::{Layout, Tile, TileId, MAX_KINDS, MAX_TILES, TILE_SIDE};
pub use hint::hint;
pub use solver::{solve, solve_with_interrupt, Position, StackVerdict};
