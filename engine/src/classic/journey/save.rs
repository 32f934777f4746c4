//! Saving and resuming a journey: a JSON document with a format name and version, the
//! current level's game inside as the classic game's own save document. Loading checks
//! what a corrupted file could get wrong (level number, props used, bonus against the
//! board) and derives the status rather than trusting it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::levels::level;
use super::state::{Journey, JourneyStatus, LevelProps};
use crate::classic::game::{Game, Status};
use crate::error::{EngineError, Result};

/// The journey save format this build writes and reads.
pub const JOURNEY_SAVE_VERSION: u32 = 1;
const FORMAT: &str = "lianliankan-journey";

#[derive(Serialize, Deserialize)]
struct Doc {
    format: String,
    version: u32,
    #[serde(with = "crate::seed_string")]
    seed: u64,
    level: u32,
    carried: u32,
    used: LevelProps,
    bonus: Option<u32>,
    /// The classic game's save document.
    game: Value,
}

#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u32>,
}

fn bad(why: impl Into<String>) -> EngineError {
    EngineError::BadSave(why.into())
}

impl Journey {
    /// The journey as a versioned JSON document.
    #[inline] // compiled in the caller, for size (see lib.rs)
    pub fn to_json(&self) -> Result<String> {
        serde_json::to_string(&self.doc()?).map_err(|e| bad(e.to_string()))
    }

    /// [`Journey::to_json`]'s document as a JSON value, as `serde_json` reads that text
    /// back (objects keyed in sorted order): for a caller that adds to the document before
    /// writing it (the session, on every move), without writing and reading the text first.
    #[inline] // compiled in the caller, for size (see lib.rs)
    pub fn to_json_value(&self) -> Result<Value> {
        serde_json::to_value(self.doc()?).map_err(|e| bad(e.to_string()))
    }

    #[inline] // compiled in the caller, for size (see lib.rs)
    fn doc(&self) -> Result<Doc> {
        Ok(Doc {
            format: FORMAT.into(),
            version: JOURNEY_SAVE_VERSION,
            seed: self.seed,
            level: self.level,
            carried: self.carried,
            used: self.used,
            bonus: self.bonus,
            // the game's document as its text reads back (this was that: to_json, parsed)
            game: self.game.to_json_value()?,
        })
    }

    /// A journey from [`Journey::to_json`]'s output, validated.
    #[inline] // compiled in the caller, for size (see lib.rs)
    pub fn from_json(text: &str) -> Result<Journey> {
        let header: Header = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
        if header.format.as_deref() != Some(FORMAT) {
            return Err(bad(format!(
                "not a Lianliankan journey (format is {:?})",
                header.format
            )));
        }
        match header.version {
            Some(JOURNEY_SAVE_VERSION) => {}
            Some(found) => {
                return Err(EngineError::UnsupportedSaveVersion {
                    found,
                    supported: JOURNEY_SAVE_VERSION,
                })
            }
            None => return Err(bad("no format version")),
        }
        let doc: Doc = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
        let rules = level(doc.level).map_err(|e| bad(e.to_string()))?;
        let game = Game::from_json(&doc.game.to_string())?;
        let expected = rules.game_options(doc.seed);
        if *game.options() != expected {
            return Err(bad(format!(
                "the game's options do not match level {} of this journey",
                doc.level
            )));
        }
        let allowed = (rules.hints, rules.shuffles, rules.undos);
        let used = (doc.used.hints, doc.used.shuffles, doc.used.undos);
        if used.0 > allowed.0 || used.1 > allowed.1 || used.2 > allowed.2 {
            return Err(bad(
                "more hints, shuffles or undos used than the level allows",
            ));
        }
        let won = game.status() == Status::Won;
        if won != doc.bonus.is_some() {
            return Err(bad("the time bonus does not match the board"));
        }
        let mut journey = Journey {
            seed: doc.seed,
            level: doc.level,
            rules,
            carried: doc.carried,
            game,
            used: doc.used,
            status: if won {
                JourneyStatus::Won
            } else {
                JourneyStatus::Playing
            },
            bonus: doc.bonus,
        };
        journey.set_elapsed(journey.game.elapsed_ms());
        Ok(journey)
    }
}
