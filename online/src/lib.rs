//! The online API's contract (`docs/api.md`): what a client signs and sends after a won
//! daily game, what the server answers, and the one stable error code of each refusal.
//! The server verifies with [`envelope::open`]; the app signs with [`envelope::seal`].

pub mod answer;
pub mod claim;
pub mod envelope;
pub mod hex;
pub mod name;

pub use answer::{ApiError, Entry, ErrorCode, Leaderboard, SubmitAnswer, You};
pub use claim::{Claim, Mode, Moves, CLAIM_VERSION};
pub use envelope::{open, open_envelope, seal, Envelope, Opened, SIGNING_CONTEXT};
pub use name::{check_name, MAX_NAME_CHARS};

/// Largest request body the API takes (bytes).
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// Most moves a claim may hold (a real-style stack level has at most 270 tiles).
pub const MAX_MOVES: usize = 4_000;
/// Most entries a leaderboard answer lists.
pub const MAX_TOP: usize = 50;
