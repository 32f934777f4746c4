//! Why a captured map cannot be imported: the importer's typed error. A leaf module (it
//! uses nothing of the crate), so the crate's `EngineError` can wrap it without a cycle.

use thiserror::Error;

/// Why a captured map cannot be imported.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ImportError {
    #[error("not JSON: {0}")]
    NotJson(String),
    #[error(
        "a captured map is a JSON object keyed by layer (or one with \"levelData\"), found {0}"
    )]
    NotAnObject(&'static str),
    #[error("this is a stack file, not a captured map: open it as a stack file")]
    AlreadyStackFile,
    #[error("\"levelData\" must be an object keyed by layer, found {0}")]
    BadLevelData(&'static str),
    #[error("layer {layer} must be an array of cards, found {found}")]
    LayerNotArray { layer: String, found: &'static str },
    #[error("layer {layer}, card {index}: {problem}")]
    BadCard {
        layer: String,
        index: usize,
        problem: String,
    },
    #[error("the map has no cards")]
    NoCards,
    #[error("{count} cards is too many: at most {max}")]
    TooManyCards { count: usize, max: usize },
    #[error("{count} kinds is too many: at most {max}")]
    TooManyKinds { count: usize, max: u16 },
    #[error("kind {kind} appears {count} times: every kind must come a multiple of 3 times")]
    KindNotInThrees { kind: i64, count: usize },
    #[error("cards {first} and {second} overlap in their layer")]
    Overlap { first: String, second: String },
    #[error(
        "halving the coordinates would change the game: card {over} lies over card {under} \
         {where_}, not in the other"
    )]
    ClosureChanged {
        over: String,
        under: String,
        where_: &'static str,
    },
    #[error("the halved layout does not fit a stack file: {0}")]
    DoesNotFit(String),
}
