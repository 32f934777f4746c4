//! Slide levels: after a match the remaining tiles pack along lines by a [`SlideRule`].
//! The rules and their movement, solvable deals built forward under a rule, the exact
//! solver branching on moves, and hints (also with a plan kept between them) and
//! shuffles that keep their promises under every rule. Under `none` each entry point is
//! the classic one.

mod arrange;
pub mod deal;
pub mod hint;
pub mod plan;
pub mod play;
pub mod rule;
mod search;
pub mod shuffle;
pub mod solver;

pub use deal::deal;
pub use hint::hint;
pub use plan::{hint_with_plan, solve_from_plan, SlidePlan};
pub use play::{play, Played};
pub use rule::{unapply, Move, SlideRule, UnknownRule};
pub use shuffle::shuffle;
pub use solver::{solve, solve_guided, solve_with_interrupt, solve_with_stats};
