//! Saving and resuming a game: a JSON document with a format name and version. Loading
//! checks everything a corrupted or foreign file could get wrong and answers with a
//! typed error, never a panic.

use serde::{Deserialize, Serialize};

use super::Game;
use crate::classic::board::Pos;
use crate::error::{EngineError, Result};

/// The save format this build writes; it reads this version only (no older one exists).
pub const SAVE_VERSION: u32 = 1;
const FORMAT: &str = "lianliankan-save";

#[derive(Serialize)]
struct SaveOut<'a> {
    format: &'static str,
    version: u32,
    game: &'a Game,
    /// Moves that clear the current board, when known: replayed on load, never trusted.
    #[serde(skip_serializing_if = "Option::is_none")]
    certificate: Option<&'a Vec<(Pos, Pos)>>,
}

#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u32>,
}

#[derive(Deserialize)]
struct SaveIn {
    game: Game,
    #[serde(default)]
    certificate: Option<Vec<(Pos, Pos)>>,
}

impl Game {
    /// The game as a versioned JSON document.
    pub fn to_json(&self) -> Result<String> {
        serde_json::to_string(&self.save_out()).map_err(|e| EngineError::BadSave(e.to_string()))
    }

    /// [`Game::to_json`]'s document as a JSON value, as `serde_json` reads that text back
    /// (objects keyed in sorted order): for a caller that adds to the document before writing
    /// it (the session, on every move), without writing and reading the text first.
    #[inline] // compiled in the caller, for size (see lib.rs)
    pub fn to_json_value(&self) -> Result<serde_json::Value> {
        serde_json::to_value(self.save_out()).map_err(|e| EngineError::BadSave(e.to_string()))
    }

    fn save_out(&self) -> SaveOut<'_> {
        SaveOut {
            format: FORMAT,
            version: SAVE_VERSION,
            game: self,
            certificate: self.current_certificate(),
        }
    }

    /// A game from [`Game::to_json`]'s output, validated.
    #[inline] // compiled in the caller, for size (see lib.rs)
    pub fn from_json(text: &str) -> Result<Game> {
        let header: Header =
            serde_json::from_str(text).map_err(|e| EngineError::BadSave(e.to_string()))?;
        if header.format.as_deref() != Some(FORMAT) {
            return Err(EngineError::BadSave(format!(
                "not a Lianliankan save (format is {:?})",
                header.format
            )));
        }
        match header.version {
            Some(SAVE_VERSION) => {}
            Some(found) => {
                return Err(EngineError::UnsupportedSaveVersion {
                    found,
                    supported: SAVE_VERSION,
                })
            }
            None => return Err(EngineError::BadSave("no format version".into())),
        }
        let SaveIn {
            mut game,
            certificate,
        } = serde_json::from_str(text).map_err(|e| EngineError::BadSave(e.to_string()))?;
        game.validate()?;
        game.refresh_status();
        game.know_loaded(certificate);
        Ok(game)
    }

    /// Checks what the types alone cannot: the board matches the options, the
    /// selection is a tile, the history only names cells of the board.
    pub(super) fn validate(&self) -> Result<()> {
        let o = &self.options;
        let b = &self.board;
        if (usize::from(o.rows), usize::from(o.cols), o.ring) != (b.rows(), b.cols(), b.ring()) {
            return Err(EngineError::BadSave(format!(
                "board is {}x{} but the options say {}x{}",
                b.rows(),
                b.cols(),
                o.rows,
                o.cols
            )));
        }
        if let Some(p) = self.selection {
            if b.get(p).is_none() {
                return Err(EngineError::BadSave("the selection is not a tile".into()));
            }
        }
        let tiles_ok = self.history.iter().all(|step| match step {
            super::Step::Match {
                a,
                b: q,
                reshuffled,
                slid,
                ..
            } => {
                b.contains(*a)
                    && b.contains(*q)
                    && reshuffled.iter().flatten().all(|(p, _)| b.contains(*p))
                    && slid.iter().flatten().all(|p| b.contains(*p))
            }
            super::Step::Shuffle { arrangement, .. } => {
                arrangement.iter().all(|(p, _)| b.contains(*p))
            }
        });
        if !tiles_ok {
            return Err(EngineError::BadSave(
                "the undo history names cells outside the board".into(),
            ));
        }
        check_tiles(b, o.kinds)?;
        // Every undo the history offers must work and leave a board that keeps the rules:
        // take them all back on a copy (a corrupted history is refused now, not when the
        // player presses undo).
        let mut replay = self.clone();
        while !replay.history.is_empty() {
            replay.undo().map_err(|e| match e {
                EngineError::BadSave(_) => e,
                other => {
                    EngineError::BadSave(format!("the undo history cannot be replayed: {other}"))
                }
            })?;
            check_tiles(&replay.board, o.kinds).map_err(|e| {
                EngineError::BadSave(format!("the undo history breaks the rules: {e}"))
            })?;
        }
        Ok(())
    }
}

/// The board's tiles keep the rules: every kind below `kinds` and present an even number
/// of times (tiles leave in pairs).
fn check_tiles(board: &crate::classic::Board, kinds: u16) -> Result<()> {
    let mut counts = std::collections::BTreeMap::new();
    for kind in board.to_rows().into_iter().flatten().flatten() {
        if kind >= kinds.max(1) {
            return Err(EngineError::BadSave(format!(
                "the board holds kind {kind}, but the game has {kinds} kinds"
            )));
        }
        *counts.entry(kind).or_insert(0usize) += 1;
    }
    match counts.into_iter().find(|(_, n)| n % 2 == 1) {
        Some((kind, n)) => Err(EngineError::BadSave(format!(
            "the board holds {n} tiles of kind {kind}: tiles come in pairs"
        ))),
        None => Ok(()),
    }
}
