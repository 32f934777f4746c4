//! The game state machine: a dealt board, the current selection, score and counters,
//! and an unlimited undo history. Pure and serializable (see `save`); the caller passes
//! the game time in, the engine has no clock.

mod links;
mod on_board;
mod save;
pub mod score;
pub mod solvability;
mod step;
mod types;

use serde::{Deserialize, Serialize};

pub use save::SAVE_VERSION;
pub use score::Scoreline;
pub use solvability::{JudgeTask, Judgement, Solvability, JUDGE_BUDGET};
pub use types::{Counters, GameOptions, Hint, Link, Outcome, Status};

use step::Step;

use crate::classic::board::{Board, Kind, Pos};
use crate::classic::hint::{hint_with_plan, Plan};
use crate::classic::slide::{self, play, unapply, Move, SlidePlan, SlideRule};
use crate::classic::solver::Budget;
use crate::error::{EngineError, Result};

/// Search allowed for a hint before it falls back to any legal pair: enough for
/// the presets' typical positions, small enough to answer a tap at once.
pub const HINT_BUDGET: Budget = Budget::nodes(20_000);

/// A game in progress (or finished).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    options: GameOptions,
    board: Board,
    selection: Option<Pos>,
    scoreline: Scoreline,
    counters: Counters,
    elapsed_ms: u64,
    /// Shuffles drawn so far: each shuffle uses the next random stream of the seed, and
    /// this never goes back on undo, so a shuffle after an undo is a fresh one.
    shuffle_streams: u64,
    history: Vec<Step>,
    /// Derived from the board; recomputed on load rather than trusted.
    #[serde(skip, default = "playing")]
    status: Status,
    /// What the last hint learnt (a cache: checked on every use, not saved).
    #[serde(skip)]
    plan: Plan,
    /// The same under a slide rule (seeded with a solvable deal's certificate).
    #[serde(skip)]
    slide_plan: SlidePlan,
    /// The computer played a move ("Show me"): a win does not count as the player's.
    #[serde(default)]
    assisted: bool,
    /// Solvability per position and a certificate (a cache: not saved, see
    /// `solvability`).
    #[serde(skip)]
    knowledge: solvability::Knowledge,
}

fn playing() -> Status {
    Status::Playing
}

impl Game {
    /// A game at its start on `board`: no selection, score, counters, history or plans.
    fn fresh(options: GameOptions, board: Board) -> Game {
        Game {
            options,
            board,
            selection: None,
            scoreline: Scoreline::default(),
            counters: Counters::default(),
            elapsed_ms: 0,
            shuffle_streams: 0,
            history: Vec::new(),
            status: Status::Playing,
            plan: Plan::default(),
            slide_plan: SlidePlan::default(),
            assisted: false,
            knowledge: solvability::Knowledge::default(),
        }
    }

    /// Deals a new game. Refuses options that cannot make a deal.
    pub fn new(options: GameOptions) -> Result<Game> {
        let dealt = slide::deal(&options.deal_options(), options.slide)?;
        let mut game = Game::fresh(options, dealt.board);
        if let (Some(moves), true) = (dealt.solution.clone(), options.slide != SlideRule::None) {
            game.slide_plan = SlidePlan::seeded(&game.board, options.slide, moves);
        }
        game.refresh_status();
        let mut certificate = dealt.solution;
        if game.status == Status::Stuck && options.auto_shuffle {
            // A random deal with no move: rearrange before the player sees it.
            certificate = game.draw_shuffle();
            game.refresh_status();
        } else if let (SlideRule::None, Some(moves)) = (options.slide, &certificate) {
            // The deal's own solution is the first plan: the first hint needs no search.
            game.plan = Plan::with_certificate(&game.board, moves.clone());
        }
        game.know_deal(certificate);
        Ok(game)
    }

    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn selection(&self) -> Option<Pos> {
        self.selection
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn score(&self) -> u32 {
        self.scoreline.score
    }

    pub fn combo(&self) -> u32 {
        self.scoreline.combo
    }

    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// Game time until which a match extends the combo (`None` when no combo runs: no
    /// match yet, or a hint or shuffle broke it).
    pub fn combo_until_ms(&self) -> Option<u64> {
        self.scoreline.combo_until_ms()
    }

    /// Turns automatic shuffles on or off for the rest of this game (a player setting,
    /// not part of the deal). Turned on while the board is stuck, it shuffles at once (as
    /// it would have after the match that left no move; an undoable shuffle) and returns
    /// true; otherwise it applies from the next match on and returns false.
    pub fn set_auto_shuffle(&mut self, on: bool) -> bool {
        self.options.auto_shuffle = on;
        on && self.status == Status::Stuck && self.shuffle().is_ok()
    }

    /// Game time the caller last reported.
    pub fn elapsed_ms(&self) -> u64 {
        self.elapsed_ms
    }

    /// Records the caller's game clock (saved with the game).
    pub fn set_elapsed(&mut self, ms: u64) {
        self.elapsed_ms = ms;
    }

    /// Whether `undo` would take something back: never after a win (a won board stays won,
    /// so its score and best time stand).
    pub fn can_undo(&self) -> bool {
        self.status != Status::Won && !self.history.is_empty()
    }

    /// The player taps `cell` at game time `elapsed_ms`.
    pub fn select(&mut self, cell: Pos, elapsed_ms: u64) -> Result<Outcome> {
        self.board.check(cell)?;
        if self.status == Status::Won {
            return Err(EngineError::GameOver);
        }
        let Some(kind) = self.board.get(cell) else {
            return Err(EngineError::EmptyCell {
                row: cell.row.into(),
                col: cell.col.into(),
            });
        };
        self.elapsed_ms = elapsed_ms;
        let Some(first) = self.selection else {
            self.selection = Some(cell);
            return Ok(Outcome::Selected { cell });
        };
        if first == cell {
            self.selection = None;
            return Ok(Outcome::Deselected { cell });
        }
        let Some(played) = play(&mut self.board, self.options.slide, first, cell) else {
            self.selection = Some(cell);
            return Ok(Outcome::Switched {
                from: first,
                to: cell,
                no_path: self.board.get(first) == Some(kind),
            });
        };
        let before = self.scoreline;
        let points = self.scoreline.record_match(elapsed_ms);
        self.counters.moves += 1;
        self.selection = None;
        self.refresh_status();
        let mut reshuffled = None;
        let mut shuffle_cert = None;
        if self.status == Status::Stuck && self.options.auto_shuffle {
            reshuffled = Some(self.arrangement());
            shuffle_cert = self.draw_shuffle();
            self.refresh_status();
        }
        let shuffled = reshuffled.is_some();
        self.history.push(Step::Match {
            a: first,
            b: cell,
            kind,
            before,
            reshuffled,
            slid: played.moves.clone(),
        });
        self.know_match(first, cell, shuffled, shuffle_cert);
        Ok(Outcome::Matched {
            path: played.path.points().to_vec(),
            removed: [first, cell],
            points,
            combo: self.scoreline.combo,
            status: self.status,
            shuffled,
            moves: played.moves,
        })
    }

    /// A pair worth playing (one that keeps a solvable board solvable, when the search
    /// decides in time), or `None` when no pair can be removed.
    pub fn hint(&mut self) -> Option<Hint> {
        // The kept plan is repaired between hints (under a slide rule through the
        // matches played since).
        let pair = if self.options.slide == SlideRule::None {
            hint_with_plan(&self.board, HINT_BUDGET, &mut self.plan)?
        } else {
            let played = self.matches_since_shuffle();
            slide::hint_with_plan(
                &self.board,
                self.options.slide,
                HINT_BUDGET,
                &mut self.slide_plan,
                &played,
            )?
        };
        self.counters.hints += 1;
        self.scoreline.break_combo();
        Some(Hint {
            a: pair.a,
            b: pair.b,
            path: pair.path.points().to_vec(),
        })
    }

    /// The matches of the history since the last shuffle, oldest first.
    fn matches_since_shuffle(&self) -> Vec<(Pos, Pos)> {
        let mut out: Vec<(Pos, Pos)> = Vec::new();
        for step in self.history.iter().rev() {
            match step {
                Step::Match {
                    a,
                    b,
                    reshuffled: None,
                    ..
                } => out.push((*a, *b)),
                _ => break,
            }
        }
        out.reverse();
        out
    }

    /// Rearranges the remaining tiles (solvable when the game is in solvable mode).
    pub fn shuffle(&mut self) -> Result<()> {
        if self.status == Status::Won {
            return Err(EngineError::GameOver);
        }
        let before = self.scoreline;
        let arrangement = self.arrangement();
        let certificate = self.draw_shuffle();
        self.scoreline.break_combo();
        self.selection = None;
        self.refresh_status();
        self.history.push(Step::Shuffle {
            arrangement,
            before,
        });
        self.know_shuffle(certificate);
        Ok(())
    }

    /// Takes back the last match or shuffle, restoring board, score and combo exactly.
    /// Refused after a win (`GameOver`): a won board stays won.
    pub fn undo(&mut self) -> Result<()> {
        if self.status == Status::Won {
            return Err(EngineError::GameOver);
        }
        let step = self.history.pop().ok_or(EngineError::NothingToUndo)?;
        let restored = match &step {
            Step::Match {
                a,
                b,
                kind,
                before,
                reshuffled,
                slid,
            } => {
                if let Some(arrangement) = reshuffled {
                    self.restore(arrangement)?;
                }
                self.unslide(slid)?;
                self.put_back(*a, *kind)?;
                self.put_back(*b, *kind)?;
                self.counters.moves = self.counters.moves.saturating_sub(1);
                *before
            }
            Step::Shuffle {
                arrangement,
                before,
            } => {
                self.restore(arrangement)?;
                *before
            }
        };
        self.scoreline = restored;
        self.counters.undos += 1;
        self.selection = None;
        self.refresh_status();
        self.know_undo();
        Ok(())
    }

    /// Takes back a slide: checks every tile is where the move left it and its old
    /// cell is free (a corrupted history is an error, not a panic), then moves it back.
    fn unslide(&mut self, slid: &[Move]) -> Result<()> {
        let mut check = self.board.clone();
        for &[from, to] in slid.iter().rev() {
            if check.get(to).is_none() || check.get(from).is_some() {
                return Err(EngineError::BadSave(format!(
                    "undo history slides a tile back from ({}, {}) to ({}, {}), which does not fit the board",
                    to.row, to.col, from.row, from.col
                )));
            }
            let k = check.get(to);
            check.set(to, None)?;
            check.set(from, k)?;
        }
        unapply(&mut self.board, slid);
        Ok(())
    }

    fn put_back(&mut self, p: Pos, kind: Kind) -> Result<()> {
        if self.board.get(p).is_some() {
            return Err(EngineError::BadSave(format!(
                "undo history puts a tile on occupied cell ({}, {})",
                p.row, p.col
            )));
        }
        self.board.set(p, Some(kind))
    }

    fn arrangement(&self) -> Vec<(Pos, Kind)> {
        self.board.tiles().collect()
    }

    fn restore(&mut self, arrangement: &[(Pos, Kind)]) -> Result<()> {
        for &(p, k) in arrangement {
            if self.board.get(p).is_none() {
                return Err(EngineError::BadSave(format!(
                    "undo history rearranges empty cell ({}, {})",
                    p.row, p.col
                )));
            }
            self.board.set(p, Some(k))?;
        }
        Ok(())
    }

    /// Shuffles with the next random stream and counts it; the new board's certificate
    /// when it was built solvable.
    fn draw_shuffle(&mut self) -> Option<Vec<(Pos, Pos)>> {
        self.shuffle_streams += 1;
        let certificate = slide::shuffle(
            &mut self.board,
            self.options.slide,
            self.options.seed,
            self.shuffle_streams,
            self.options.solvable,
        );
        // A solvable shuffle's certificate is the next plan, so that the hint after a
        // shuffle needs no search either.
        match (certificate.clone(), self.options.slide) {
            (Some(moves), SlideRule::None) => {
                self.plan = Plan::with_certificate(&self.board, moves);
            }
            (Some(moves), rule) => self.slide_plan = SlidePlan::seeded(&self.board, rule, moves),
            (None, _) => {}
        }
        self.counters.shuffles += 1;
        certificate
    }

    fn refresh_status(&mut self) {
        self.status = if self.board.is_cleared() {
            Status::Won
        } else if self.board.has_pair() {
            Status::Playing
        } else {
            Status::Stuck
        };
    }
}
