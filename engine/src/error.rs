//! The engine's one error type: every way a caller's input can be refused, each with a
//! stable machine-readable code (for IPC and the CLI) and a message a person can act on.

use thiserror::Error;

/// Everything the engine can refuse. Never a panic: bad input becomes one of these.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    #[error("the board has no cells: it needs at least one row and one column")]
    EmptyBoard,
    #[error(
        "row {row} has {len} cells but row 0 has {expected}: every row must be the same length"
    )]
    RaggedRows {
        row: usize,
        len: usize,
        expected: usize,
    },
    #[error("a board of {rows}x{cols} is too large: each side must be 1..={max}")]
    BoardTooLarge {
        rows: usize,
        cols: usize,
        max: usize,
    },
    #[error("tile kind {kind} is too large: kinds must be 0..={max}")]
    KindTooLarge { kind: u64, max: u16 },
    #[error("cell ({row}, {col}) is outside the {rows}x{cols} board")]
    OutOfBounds {
        row: i64,
        col: i64,
        rows: usize,
        cols: usize,
    },
    #[error("cell ({row}, {col}) is empty")]
    EmptyCell { row: i64, col: i64 },
    #[error("cannot deal: {0}")]
    BadDealOptions(String),
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("the game is over: start a new game")]
    GameOver,
    #[error("bad stack layout: {0}")]
    BadStack(String),
    #[error("not a usable captured map: {0}")]
    BadMap(crate::stack::import::ImportError),
    #[error("saved game is not usable: {0}")]
    BadSave(String),
    #[error("saved game has format version {found}; this build reads versions up to {supported}")]
    UnsupportedSaveVersion { found: u32, supported: u32 },
    #[error("tile {id} does not exist: ids are 0..{count}")]
    UnknownTile { id: u64, count: usize },
    #[error("tile {id} is covered by another tile: take the tiles above it first")]
    TileCovered { id: u64 },
    #[error("tile {id} is not available: it is already in the tray or gone")]
    TileNotAvailable { id: u64 },
    #[error("no {prop} left in this game")]
    NoPropLeft { prop: &'static str },
    #[error("the holding row is occupied: take its tiles back first")]
    HoldFull,
    #[error("the tray is empty: there is nothing to move out")]
    TrayEmpty,
    #[error("the level is not cleared yet: clear the board to go on to the next level")]
    LevelNotCleared,
    #[error("not a deal code: {0}")]
    BadCode(String),
    #[error("the code is mistyped: its check symbol does not match")]
    CodeMistyped,
    #[error("the code has format version {found}; this build reads version {supported}: update the game")]
    UnsupportedCodeVersion { found: u8, supported: u8 },
    #[error("this game has no code: {0}")]
    NotEncodable(String),
    #[error("bad date: {0}")]
    BadDate(String),
    #[error("no earlier position of this game is known to be solvable")]
    NoSolvablePosition,
    #[error("this position cannot be cleared: undo to a solvable position first")]
    NotSolvable,
    #[error("the solver could not decide this position in time")]
    Undecided,
}

impl EngineError {
    /// A stable identifier for the error kind, for programs (IPC, scripts) to match on.
    pub fn code(&self) -> &'static str {
        match self {
            EngineError::EmptyBoard => "empty_board",
            EngineError::RaggedRows { .. } => "ragged_rows",
            EngineError::BoardTooLarge { .. } => "board_too_large",
            EngineError::KindTooLarge { .. } => "kind_too_large",
            EngineError::OutOfBounds { .. } => "out_of_bounds",
            EngineError::EmptyCell { .. } => "empty_cell",
            EngineError::BadDealOptions(_) => "bad_deal_options",
            EngineError::NothingToUndo => "nothing_to_undo",
            EngineError::GameOver => "game_over",
            EngineError::BadStack(_) => "bad_stack",
            EngineError::BadMap(_) => "bad_map",
            EngineError::BadSave(_) => "bad_save",
            EngineError::UnsupportedSaveVersion { .. } => "unsupported_save_version",
            EngineError::UnknownTile { .. } => "unknown_tile",
            EngineError::TileCovered { .. } => "tile_covered",
            EngineError::TileNotAvailable { .. } => "tile_not_available",
            EngineError::NoPropLeft { .. } => "no_prop_left",
            EngineError::HoldFull => "hold_full",
            EngineError::TrayEmpty => "tray_empty",
            EngineError::LevelNotCleared => "level_not_cleared",
            EngineError::BadCode(_) => "bad_code",
            EngineError::CodeMistyped => "code_mistyped",
            EngineError::UnsupportedCodeVersion { .. } => "unsupported_code_version",
            EngineError::NotEncodable(_) => "not_encodable",
            EngineError::BadDate(_) => "bad_date",
            EngineError::NoSolvablePosition => "no_solvable_position",
            EngineError::NotSolvable => "not_solvable",
            EngineError::Undecided => "undecided",
        }
    }
}

/// Shorthand used across the engine.
pub type Result<T> = std::result::Result<T, EngineError>;
