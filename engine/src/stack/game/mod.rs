//! The stack game state machine: a dealt layout, the tray, the holding row, props left,
//! score and counters, and an undo history of takes. Pure and serializable; the caller
//! passes game time in, the engine has no clock.
//!
//! API contract (the shell and the CLI are written against it):
//! - `StackGame::new(StackOptions) -> Result<StackGame>` deals (winnable by construction
//!   unless `random_fill`); `from_level` opens a level the player brought; `restart` goes
//!   back to either's start.
//! - `take(id, elapsed_ms) -> Result<Taken>`: a free board tile or a held tile goes to
//!   the tray (inserted after the last tray tile of its kind, else at the end); three
//!   alike vanish; filling the last slot without a triple loses. Errors: unknown id,
//!   covered tile, tile not on the board / not held, game over.
//! - `move_out() -> Result<Vec<TileId>>`, `shuffle() -> Result<()>`, `undo() -> Result<TileId>`
//!   (each spends one of its prop; `NoPropLeft` when none is left; `undo` with nothing to
//!   undo is `NothingToUndo`). Undo of a prop is not offered.
//! - `hint() -> StackHint`; `certificate() -> &[TileId]` (the deal's winning line from
//!   the start, empty for random fills); getters for the layout, each tile's place and
//!   freedom, tray, held row, status, score, counters, props left, elapsed time.
//! - `to_json` / `from_json`: the versioned save (validated on load).

mod advice;
mod imported;
mod save;

use serde::{Deserialize, Serialize};

pub use crate::stack::types::{
    Place, Props, StackCounters, StackHint, StackOptions, StackStatus, Taken, DEFAULT_TRAY,
    HOLD_SLOTS, TRAY_RANGE,
};
pub use advice::{STACK_HINT_BUDGET, WINNING_LINE_BUDGET};
use imported::Origin;
pub use imported::{level_fingerprint, LevelVerdict, LEVEL_JUDGE_BUDGET};
pub use save::STACK_SAVE_VERSION;

use crate::classic::game::Scoreline;
use crate::error::{EngineError, Result};
use crate::rng::Rng;
use crate::stack::board::{StackBoard, TakeEffect};
use crate::stack::deal::deal;
use crate::stack::geometry::{Layout, TileId};
use crate::stack::shuffle::reshuffle;

/// One undoable take: what it did and what was there before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Step {
    id: TileId,
    effect: TakeEffect,
    tray_before: Vec<TileId>,
    before: Scoreline,
}

/// A winning line from some position of this game and how far play has followed it:
/// `at` of its moves were played in order, then `off` takes that left it (undo walks
/// back over those first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Plan {
    line: Vec<TileId>,
    at: usize,
    off: usize,
}

/// A stack game in progress (or finished).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackGame {
    options: StackOptions,
    board: StackBoard,
    certificate: Vec<TileId>,
    plan: Option<Plan>,
    scoreline: Scoreline,
    counters: StackCounters,
    props_left: Props,
    elapsed_ms: u64,
    /// Shuffles drawn so far: the n-th uses random stream n of the seed.
    shuffles_drawn: u64,
    history: Vec<Step>,
    /// A brought level's start (`options.imported`), which a restart goes back to.
    origin: Option<Origin>,
}

impl StackGame {
    /// Deals a new game (winnable by construction unless `random_fill`).
    pub fn new(options: StackOptions) -> Result<StackGame> {
        let dealt = deal(&options)?;
        let board = StackBoard::new(dealt.layout, options.tray)?;
        let plan = (!dealt.certificate.is_empty()).then(|| Plan {
            line: dealt.certificate.clone(),
            at: 0,
            off: 0,
        });
        Ok(StackGame {
            options,
            board,
            certificate: dealt.certificate,
            plan,
            scoreline: Scoreline::default(),
            counters: StackCounters::default(),
            props_left: options.props,
            elapsed_ms: 0,
            shuffles_drawn: 0,
            history: Vec::new(),
            origin: None,
        })
    }

    /// The same game from its start with all its props: a deal dealt again from its options,
    /// a brought level from the level it keeps.
    pub fn restart(&self) -> Result<StackGame> {
        match &self.origin {
            None => StackGame::new(self.options),
            Some(origin) => origin.start(self.layout(), &self.options),
        }
    }

    pub fn options(&self) -> &StackOptions {
        &self.options
    }

    pub fn layout(&self) -> &Layout {
        self.board.layout()
    }

    /// The position (places, tray, holding row) the game is in.
    pub fn board(&self) -> &StackBoard {
        &self.board
    }

    /// Where tile `id` is (`Gone` for an unknown id).
    pub fn place(&self, id: TileId) -> Place {
        self.board.place(id)
    }

    /// Whether `id` can be taken now (a board tile nothing covers, or a held tile).
    pub fn is_free(&self, id: TileId) -> bool {
        self.board.is_free(id)
    }

    pub fn tray(&self) -> &[TileId] {
        self.board.tray()
    }

    pub fn held(&self) -> &[TileId] {
        self.board.held()
    }

    /// Tiles on the board, in the tray or held.
    pub fn tiles_left(&self) -> usize {
        self.board.left()
    }

    pub fn status(&self) -> StackStatus {
        self.board.status()
    }

    pub fn score(&self) -> u32 {
        self.scoreline.score
    }

    pub fn combo(&self) -> u32 {
        self.scoreline.combo
    }

    pub fn counters(&self) -> StackCounters {
        self.counters
    }

    pub fn props_left(&self) -> Props {
        self.props_left
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.elapsed_ms
    }

    /// Records the caller's game clock (saved with the game).
    pub fn set_elapsed(&mut self, ms: u64) {
        self.elapsed_ms = ms;
    }

    /// A take to undo and an undo prop to spend, and the game not won.
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty() && self.props_left.undo > 0 && self.status() != StackStatus::Won
    }

    /// The deal's winning line from the start (empty for a random fill).
    pub fn certificate(&self) -> &[TileId] {
        &self.certificate
    }

    /// Takes tile `id` (a free board tile or a held tile) at game time `elapsed_ms`.
    pub fn take(&mut self, id: TileId, elapsed_ms: u64) -> Result<Taken> {
        self.board.check_id(id)?;
        let tray_before = self.board.tray().to_vec();
        let effect = self.board.take(id)?;
        self.elapsed_ms = elapsed_ms;
        let before = self.scoreline;
        let points = if effect.cleared.is_empty() {
            0
        } else {
            self.scoreline.record_match(elapsed_ms)
        };
        self.counters.takes += 1;
        if let Some(plan) = &mut self.plan {
            if plan.off == 0 && plan.line.get(plan.at) == Some(&id) {
                plan.at += 1;
            } else {
                plan.off += 1;
            }
        }
        let taken = Taken {
            id,
            slot: effect.slot as u8,
            cleared: effect.cleared.clone(),
            points,
            status: self.status(),
        };
        self.history.push(Step {
            id,
            effect,
            tray_before,
            before,
        });
        Ok(taken)
    }

    /// Move-out: the first three tray tiles (fewer if fewer) go to the holding row.
    /// Takes before it can no longer be undone.
    pub fn move_out(&mut self) -> Result<Vec<TileId>> {
        self.check_prop(self.props_left.move_out, "move-out")?;
        let moved = self.board.move_out()?;
        self.props_left.move_out -= 1;
        self.counters.move_outs += 1;
        self.history.clear();
        self.plan = None;
        Ok(moved)
    }

    /// Shuffle: the tiles on the board get new kinds, winnable again when the tray
    /// allows it (the new winning line becomes the plan).
    pub fn shuffle(&mut self) -> Result<()> {
        self.check_prop(self.props_left.shuffle, "shuffle")?;
        self.shuffles_drawn += 1;
        let mut rng = Rng::new(self.options.seed, self.shuffles_drawn);
        let dealt = reshuffle(&self.board, &mut rng);
        self.board.set_kinds(&dealt.kinds)?;
        self.plan = dealt.certificate.map(|line| Plan {
            line,
            at: 0,
            off: 0,
        });
        self.props_left.shuffle -= 1;
        self.counters.shuffles += 1;
        self.scoreline.break_combo();
        Ok(())
    }

    /// Undo: the last take is taken back (the tile returns to its place, a triple it
    /// made comes back, the score is restored). Allowed after a loss, not after a win.
    pub fn undo(&mut self) -> Result<TileId> {
        if self.status() == StackStatus::Won {
            return Err(EngineError::GameOver);
        }
        if self.history.is_empty() {
            return Err(EngineError::NothingToUndo);
        }
        if self.props_left.undo == 0 {
            return Err(EngineError::NoPropLeft { prop: "undo" });
        }
        let Some(step) = self.history.pop() else {
            return Err(EngineError::NothingToUndo);
        };
        self.board.untake(step.id, &step.effect, step.tray_before);
        self.scoreline = step.before;
        self.counters.takes = self.counters.takes.saturating_sub(1);
        self.counters.undos += 1;
        self.props_left.undo -= 1;
        if let Some(plan) = &mut self.plan {
            if plan.off > 0 {
                plan.off -= 1;
            } else if plan.at > 0 {
                plan.at -= 1;
            } else {
                // Back before the position the plan was made for.
                self.plan = None;
            }
        }
        Ok(step.id)
    }

    /// A tile to take next, or `lost` when no winning line is left. Counts a hint.
    pub fn hint(&mut self) -> StackHint {
        self.counters.hints += 1;
        self.scoreline.break_combo();
        advice::hint(self)
    }

    /// A winning line from the current position (no props), for the demo.
    pub fn winning_line(&self) -> Option<Vec<TileId>> {
        advice::winning_line(self)
    }

    /// The rest of the plan, when play has followed it so far.
    fn plan_rest(&self) -> Option<&[TileId]> {
        let plan = self.plan.as_ref()?;
        (plan.off == 0).then(|| &plan.line[plan.at.min(plan.line.len())..])
    }

    fn check_prop(&self, left: u8, prop: &'static str) -> Result<()> {
        if self.status() != StackStatus::Playing {
            return Err(EngineError::GameOver);
        }
        if left == 0 {
            return Err(EngineError::NoPropLeft { prop });
        }
        Ok(())
    }
}
