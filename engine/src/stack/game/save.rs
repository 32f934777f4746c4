//! Saving and resuming a stack game: a JSON document with a format name
//! (`lianliankan-stack-save`) and version. Loading rebuilds the layout and the
//! position from their parts and checks everything a corrupted or foreign file could
//! get wrong (each undo step is replayed on a copy and checked), answering with a typed
//! error, never a panic.

use serde::{Deserialize, Serialize};

use super::{Origin, Plan, StackGame, Step};
use crate::classic::game::Scoreline;
use crate::error::{EngineError, Result};
use crate::stack::board::StackBoard;
use crate::stack::game::{Place, Props, StackCounters, StackOptions};
use crate::stack::geometry::{Layout, Tile, TileId, MAX_KINDS};

/// The stack save format this build writes and reads.
pub const STACK_SAVE_VERSION: u32 = 1;
const FORMAT: &str = "lianliankan-stack-save";

/// The game's parts as saved.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    format: String,
    version: u32,
    options: StackOptions,
    tiles: Vec<Tile>,
    places: Vec<Place>,
    tray: Vec<TileId>,
    held: Vec<TileId>,
    certificate: Vec<TileId>,
    plan: Option<Plan>,
    scoreline: Scoreline,
    counters: StackCounters,
    props_left: Props,
    elapsed_ms: u64,
    shuffles_drawn: u64,
    history: Vec<Step>,
    /// A brought level's start, its faces and takes (both absent for deals).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start_kinds: Option<Vec<u16>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start_taken: Option<Vec<TileId>>,
}

#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u32>,
}

fn bad<T>(m: impl Into<String>) -> Result<T> {
    Err(bad_save(m))
}

fn bad_save(m: impl Into<String>) -> EngineError {
    EngineError::BadSave(m.into())
}

impl StackGame {
    /// The game as a versioned JSON document.
    pub fn to_json(&self) -> Result<String> {
        serde_json::to_string(&self.saved()).map_err(|e| EngineError::BadSave(e.to_string()))
    }

    /// [`StackGame::to_json`]'s document as a JSON value, as `serde_json` reads that text
    /// back (objects keyed in sorted order): for a caller that adds to the document before
    /// writing it (the session, on every move), without writing and reading the text first.
    #[inline] // compiled in the caller, for size (see lib.rs)
    pub fn to_json_value(&self) -> Result<serde_json::Value> {
        serde_json::to_value(self.saved()).map_err(|e| EngineError::BadSave(e.to_string()))
    }

    fn saved(&self) -> Saved {
        let board = &self.board;
        Saved {
            format: FORMAT.into(),
            version: STACK_SAVE_VERSION,
            options: self.options,
            tiles: board.layout().tiles().to_vec(),
            places: board.places().to_vec(),
            tray: board.tray().to_vec(),
            held: board.held().to_vec(),
            certificate: self.certificate.clone(),
            plan: self.plan.clone(),
            scoreline: self.scoreline,
            counters: self.counters,
            props_left: self.props_left,
            elapsed_ms: self.elapsed_ms,
            shuffles_drawn: self.shuffles_drawn,
            history: self.history.clone(),
            start_kinds: self.origin.as_ref().map(|o| o.kinds.clone()),
            start_taken: self.origin.as_ref().map(|o| o.taken.clone()),
        }
    }

    /// A game from [`StackGame::to_json`]'s output, validated.
    #[inline] // compiled in the caller, for size (see lib.rs)
    pub fn from_json(text: &str) -> Result<StackGame> {
        let header: Header =
            serde_json::from_str(text).map_err(|e| EngineError::BadSave(e.to_string()))?;
        if header.format.as_deref() != Some(FORMAT) {
            return bad(format!(
                "not a Lianliankan stack save (format is {:?})",
                header.format
            ));
        }
        match header.version {
            Some(STACK_SAVE_VERSION) => {}
            Some(found) => {
                return Err(EngineError::UnsupportedSaveVersion {
                    found,
                    supported: STACK_SAVE_VERSION,
                })
            }
            None => return bad("no format version"),
        }
        let s: Saved =
            serde_json::from_str(text).map_err(|e| EngineError::BadSave(e.to_string()))?;
        let as_save = |e: EngineError| EngineError::BadSave(e.to_string());
        let layout = Layout::new(s.tiles).map_err(as_save)?;
        let mut per_kind = vec![0usize; usize::from(MAX_KINDS)];
        for t in layout.tiles() {
            per_kind[usize::from(t.kind)] += 1;
        }
        if per_kind.iter().any(|c| c % 3 != 0) {
            return bad("each kind must come a multiple of 3 times");
        }
        let n = layout.len();
        let board = StackBoard::from_parts(layout, s.options.tray, s.places, s.tray, s.held)
            .map_err(as_save)?;
        let p = (s.props_left, s.options.props);
        if p.0.move_out > p.1.move_out || p.0.shuffle > p.1.shuffle || p.0.undo > p.1.undo {
            return bad("more props left than the game allows");
        }
        let mut sorted = s.certificate.clone();
        sorted.sort_unstable();
        if !sorted.is_empty()
            && !sorted
                .iter()
                .enumerate()
                .all(|(i, &id)| usize::from(id) == i)
        {
            return bad("the certificate is not an order of all the tiles");
        }
        if let Some(plan) = &s.plan {
            if plan.at > plan.line.len() || plan.line.iter().any(|&id| usize::from(id) >= n) {
                return bad("the plan names tiles outside the layout");
            }
        }
        check_history(&board, &s.history)?;
        let origin = match (s.start_kinds, s.start_taken) {
            (Some(kinds), Some(taken)) if s.options.imported => {
                let origin = Origin { kinds, taken };
                origin.check(board.layout()).map_err(bad_save)?;
                Some(origin)
            }
            (None, None) if !s.options.imported => None,
            _ => return bad("a brought level's game must keep its start, and only it"),
        };
        Ok(StackGame {
            options: s.options,
            board,
            certificate: s.certificate,
            plan: s.plan,
            scoreline: s.scoreline,
            counters: s.counters,
            props_left: s.props_left,
            elapsed_ms: s.elapsed_ms,
            shuffles_drawn: s.shuffles_drawn,
            history: s.history,
            origin,
        })
    }
}

/// Replays every undo on a copy of `board`, checking each step before it runs and the
/// position after it, so a later undo can never corrupt the game.
fn check_history(board: &StackBoard, history: &[Step]) -> Result<()> {
    let mut copy = board.clone();
    let n = board.layout().len();
    let cap = usize::from(board.capacity());
    for step in history.iter().rev() {
        let named = std::iter::once(&step.id)
            .chain(&step.tray_before)
            .chain(&step.effect.cleared);
        if named.clone().any(|&id| usize::from(id) >= n) {
            return bad("the undo history names tiles outside the layout");
        }
        let here = copy.place(step.id);
        let from_ok = matches!(step.effect.from, Place::Board | Place::Held);
        let cleared_ok = step
            .effect
            .cleared
            .iter()
            .all(|&c| copy.place(c) == Place::Gone);
        if !(here == Place::Tray || here == Place::Gone)
            || !from_ok
            || !cleared_ok
            || step.tray_before.len() >= cap
        {
            return bad("the undo history does not match the position");
        }
        copy.untake(step.id, &step.effect, step.tray_before.clone());
        copy = StackBoard::from_parts(
            copy.layout().clone(),
            copy.capacity(),
            copy.places().to_vec(),
            copy.tray().to_vec(),
            copy.held().to_vec(),
        )
        .map_err(|e| EngineError::BadSave(format!("the undo history is inconsistent: {e}")))?;
    }
    Ok(())
}
