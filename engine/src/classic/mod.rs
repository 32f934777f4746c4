//! Classic mode (连连看 / Shisen-Sho): a grid of tiles, two alike vanish when a line with at
//! most two turns joins them. The board, the link search, pairs and hints, shuffles,
//! deals, the exact solver and the game state machine.

mod arrange;
mod bits;
pub mod board;
pub mod deal;
pub mod game;
pub mod hint;
pub mod journey;
mod known;
pub mod layout;
pub mod link;
pub(crate) mod meter;
pub mod pairs;
mod pos;
mod repair;
pub mod replay;
pub mod shuffle;
pub mod slide;
pub mod solver;

pub use board::{Board, Kind, Pos, MAX_KIND, MAX_SIDE};
pub use deal::{deal, Deal, DealOptions};
pub use game::{Game, GameOptions, Outcome, Status};
pub use hint::hint;
pub use link::Path;
pub use pairs::Pair;
pub use slide::SlideRule;
pub use solver::{solve, solve_with_interrupt, Budget, SolveStats, Verdict};
