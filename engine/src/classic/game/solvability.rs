//! Whether the game can still be won from where it stands (the dead-end warning), and
//! the computer playing it out ("Show me").
//!
//! Each position of the game (the deal, then one per step of the undo history) has a
//! [`Solvability`]: `yes`, `no` or `unknown`. What costs nothing is known at once: a
//! solvable deal or shuffle is `yes` (it was built with a certificate), a cleared board
//! is `yes`, a stuck one `no`, a match from a `no` position stays `no` (any way to clear
//! the board after the match would clear it before), and following the kept certificate
//! stays `yes`. The rest is decided by the exact solver for the game's slide rule within
//! a budget, off the caller's critical path: [`Game::judge_task`] copies what the search
//! needs (cheap, under the caller's lock), [`JudgeTask::run`] searches (no game needed),
//! and [`Game::store_judgement`] stores the verdict only if the game is still at that
//! position. Each `yes` keeps its certificate, so undo lands on a position the game can
//! play out at once. Verdicts are a cache and never trusted from a file: a save holds
//! only the current position's certificate, which loading replays on the board (a
//! certificate that does not clear it is dropped); every other position of a loaded
//! game starts `unknown`.

use serde::{Deserialize, Serialize};

use crate::classic::board::{Board, Pos};
use crate::classic::game::types::{Outcome, Status};
use crate::classic::game::{Game, Step};
use crate::classic::slide::{self, SlideRule};
use crate::classic::solver::{Budget, Verdict};
use crate::error::{EngineError, Result};

/// Search allowed for deciding a position off the tap's path: every preset's dealt
/// positions decide in far less (see engine/BENCHMARKS.md), so `unknown` is rare.
pub const JUDGE_BUDGET: Budget = Budget::nodes(300_000);

/// Whether the current position can still be cleared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Solvability {
    /// Every tile can still be removed (the solver has a certificate).
    Yes,
    /// No sequence of matches clears the board (or it is stuck).
    No,
    /// Not decided yet, or not within the budget.
    #[default]
    Unknown,
}

/// What the game knows about its positions: a cache, equal to any other.
#[derive(Clone, Debug, Default)]
pub(super) struct Knowledge {
    /// `known[i]`: the position after `i` steps of the history; missing = unknown.
    known: Vec<Known>,
}

/// One position's verdict, and for `yes` the moves that clear it (when kept). For an
/// `unknown` position reached under a slide rule by a match that left a certified
/// position's certificate: that position's board, its certificate and the match, for the
/// judgement to repair instead of searching afresh (and from an undecided position with
/// a guide, that guide with the match added).
#[derive(Clone, Debug, Default)]
struct Known {
    verdict: Solvability,
    certificate: Option<Vec<(Pos, Pos)>>,
    guide: Option<Box<Guide>>,
}

/// A certified board, its certificate, and the matches played since (oldest first).
#[derive(Clone, Debug)]
struct Guide {
    board: Board,
    certificate: Vec<(Pos, Pos)>,
    played: Vec<(Pos, Pos)>,
}

/// Most matches a guide is carried through (past that, a judgement searches afresh).
const GUIDE_MATCHES: usize = 32;

impl PartialEq for Knowledge {
    fn eq(&self, _: &Knowledge) -> bool {
        true
    }
}

impl Eq for Knowledge {}

impl Knowledge {
    fn get(&self, position: usize) -> Solvability {
        self.known
            .get(position)
            .map(|k| k.verdict)
            .unwrap_or_default()
    }

    fn certificate(&self, position: usize) -> Option<&Vec<(Pos, Pos)>> {
        self.known.get(position)?.certificate.as_ref()
    }

    fn set(&mut self, position: usize, verdict: Solvability, certificate: Option<Vec<(Pos, Pos)>>) {
        if self.known.len() <= position {
            self.known.resize(position + 1, Known::default());
        }
        self.known[position] = Known {
            verdict,
            certificate,
            guide: None,
        };
    }

    fn guide(&self, position: usize) -> Option<&Guide> {
        self.known.get(position)?.guide.as_deref()
    }

    fn set_guide(&mut self, position: usize, guide: Guide) {
        if let Some(k) = self.known.get_mut(position) {
            k.guide = Some(Box::new(guide));
        }
    }

    /// Forgets positions past `position` (after an undo).
    fn truncate(&mut self, position: usize) {
        self.known.truncate(position + 1);
    }
}

/// What a background judgement needs: the board and the rule (no history), and the
/// position's guide when it has one.
#[derive(Clone, Debug)]
pub struct JudgeTask {
    board: Board,
    rule: SlideRule,
    guide: Option<Guide>,
}

/// A decided (or undecided) position, to store back with [`Game::store_judgement`].
#[derive(Clone, Debug)]
pub struct Judgement {
    board: Board,
    rule: SlideRule,
    verdict: Solvability,
    certificate: Option<Vec<(Pos, Pos)>>,
}

impl Judgement {
    pub fn verdict(&self) -> Solvability {
        self.verdict
    }
}

impl JudgeTask {
    /// Decides the position with the exact solver for its rule, within `budget`,
    /// polling `interrupt` (true stops the search with `unknown`).
    pub fn run(&self, budget: Budget, interrupt: &mut dyn FnMut() -> bool) -> Judgement {
        let verdict = match &self.guide {
            // Exact either way: the guide only saves the search when its certificate
            // can be repaired, or orders the search's first round.
            Some(g) => slide::solve_from_plan(
                &self.board,
                self.rule,
                budget,
                (&g.board, g.certificate.clone()),
                &g.played,
                interrupt,
            ),
            None => slide::solve_with_interrupt(&self.board, self.rule, budget, interrupt),
        };
        let (verdict, certificate) = match verdict {
            Verdict::Solvable(moves) => (Solvability::Yes, Some(moves)),
            Verdict::Unsolvable => (Solvability::No, None),
            Verdict::Unknown => (Solvability::Unknown, None),
        };
        Judgement {
            board: self.board.clone(),
            rule: self.rule,
            verdict,
            certificate,
        }
    }
}

impl Game {
    /// The position's index in the history (0 = the deal).
    fn position(&self) -> usize {
        self.history.len()
    }

    /// Whether the current position can still be cleared, as far as is known (a
    /// cleared board is `yes`, a stuck one `no`, even in a game just loaded).
    pub fn solvable(&self) -> Solvability {
        match self.knowledge.get(self.position()) {
            Solvability::Unknown => self.cheap_verdict(false),
            known => known,
        }
    }

    /// The computer played a move of this game ("Show me"): its win is not the player's.
    pub fn is_assisted(&self) -> bool {
        self.assisted
    }

    /// What a judgement of the current position needs, or `None` when its verdict is
    /// already known. Cheap: copies the board.
    pub fn judge_task(&self) -> Option<JudgeTask> {
        (self.solvable() == Solvability::Unknown).then(|| JudgeTask {
            board: self.board.clone(),
            rule: self.options.slide,
            guide: self.knowledge.guide(self.position()).cloned(),
        })
    }

    /// Stores `judgement` if the game is still at the position it judged (same board,
    /// same rule) and its verdict is not known yet; whether it was stored.
    pub fn store_judgement(&mut self, judgement: Judgement) -> bool {
        if judgement.board != self.board
            || judgement.rule != self.options.slide
            || judgement.verdict == Solvability::Unknown
            || self.solvable() != Solvability::Unknown
        {
            return false;
        }
        let at = self.position();
        self.knowledge
            .set(at, judgement.verdict, judgement.certificate);
        true
    }

    /// Decides the current position in place (for callers without a lock to spare:
    /// the CLI, tests) and returns its verdict.
    pub fn judge(&mut self, budget: Budget) -> Solvability {
        if let Some(task) = self.judge_task() {
            self.store_judgement(task.run(budget, &mut || false));
        }
        self.solvable()
    }

    /// How many undos lead back to the most recent position known to be solvable (0 when
    /// the current one is), or `None` when no position of the history is known to be.
    pub fn undos_to_last_solvable(&self) -> Option<usize> {
        let at = self.position();
        if self.solvable() == Solvability::Yes {
            return Some(0);
        }
        (0..at)
            .rev()
            .find(|&i| self.knowledge.get(i) == Solvability::Yes)
            .map(|i| at - i)
    }

    /// Undoes back to the most recent position known to be solvable (each step counts
    /// as an undo); returns how many steps were undone. Refuses with
    /// [`EngineError::NoSolvablePosition`] when no position is known to be solvable.
    pub fn undo_to_last_solvable(&mut self) -> Result<usize> {
        let steps = self
            .undos_to_last_solvable()
            .ok_or(EngineError::NoSolvablePosition)?;
        for _ in 0..steps {
            self.undo()?;
        }
        Ok(steps)
    }

    /// "Show me": plays the next move of a certificate (the kept one, else the solver's
    /// within `budget`) exactly as two taps would, and marks the game assisted. Refuses
    /// with [`EngineError::NotSolvable`] or [`EngineError::Undecided`] when no
    /// certificate is known or found, [`EngineError::GameOver`] after a win.
    pub fn solve_step(&mut self, elapsed_ms: u64, budget: Budget) -> Result<Outcome> {
        if self.status == Status::Won {
            return Err(EngineError::GameOver);
        }
        let (a, b) = self.next_certified_move(budget)?;
        self.assisted = true;
        self.selection = None;
        self.select(a, elapsed_ms)?;
        self.select(b, elapsed_ms)
    }

    /// The first move of the kept certificate if it still applies, else of a new one.
    fn next_certified_move(&mut self, budget: Budget) -> Result<(Pos, Pos)> {
        let at = self.position();
        if let Some(&(a, b)) = self.knowledge.certificate(at).and_then(|c| c.first()) {
            if self.board.can_link(a, b) {
                return Ok((a, b));
            }
        }
        match slide::solve(&self.board, self.options.slide, budget) {
            Verdict::Solvable(moves) => {
                let first = moves.first().copied();
                self.knowledge.set(at, Solvability::Yes, Some(moves));
                first
                    .filter(|&(a, b)| self.board.can_link(a, b))
                    .ok_or(EngineError::Undecided)
            }
            Verdict::Unsolvable => {
                self.knowledge.set(at, Solvability::No, None);
                Err(EngineError::NotSolvable)
            }
            Verdict::Unknown => Err(EngineError::Undecided),
        }
    }

    /// The current position's certificate, for the save.
    pub(super) fn current_certificate(&self) -> Option<&Vec<(Pos, Pos)>> {
        self.knowledge.certificate(self.position())
    }

    /// A loaded game: nothing is known but what can be checked. The deal, when dealing
    /// the options again gives the board that undoing the whole history gives, is known
    /// as a fresh deal is; the current position is `yes` when `certificate` clears a
    /// copy of its board under the game's rule.
    pub(super) fn know_loaded(&mut self, certificate: Option<Vec<(Pos, Pos)>>) {
        self.knowledge = Knowledge::default();
        let mut start = self.clone();
        while start.undo().is_ok() {}
        if let Ok(dealt) = Game::new(self.options) {
            if dealt.board == start.board && start.history.is_empty() {
                self.knowledge.known = dealt.knowledge.known;
                self.knowledge.truncate(0);
            }
        }
        let Some(moves) = certificate else {
            return;
        };
        let mut board = self.board.clone();
        let clears = moves
            .iter()
            .all(|&(a, b)| slide::play(&mut board, self.options.slide, a, b).is_some())
            && board.is_cleared();
        if clears {
            let at = self.position();
            self.knowledge.set(at, Solvability::Yes, Some(moves));
        }
    }

    /// What is known of a new deal: `yes` with its certificate when it was built
    /// solvable (or the board is empty), `no` when it is stuck.
    pub(super) fn know_deal(&mut self, certificate: Option<Vec<(Pos, Pos)>>) {
        self.knowledge = Knowledge::default();
        let verdict = self.cheap_verdict(certificate.is_some());
        self.knowledge.set(0, verdict, certificate);
    }

    /// What is known after the match `(a, b)` just pushed onto the history (and after
    /// `shuffle_cert`'s shuffle when one followed it).
    pub(super) fn know_match(
        &mut self,
        a: Pos,
        b: Pos,
        shuffled: bool,
        shuffle_cert: Option<Vec<(Pos, Pos)>>,
    ) {
        let at = self.position();
        let before = at.saturating_sub(1);
        let followed = match self.knowledge.certificate(before) {
            Some(moves) if matches!(moves.first(), Some(&m) if m == (a, b) || m == (b, a)) => {
                Some(moves[1..].to_vec())
            }
            _ => None,
        };
        let (verdict, certificate) = if shuffled {
            (self.cheap_verdict(shuffle_cert.is_some()), shuffle_cert)
        } else if self.knowledge.get(before) == Solvability::No {
            (Solvability::No, None)
        } else {
            (self.cheap_verdict(followed.is_some()), followed)
        };
        let unknown = verdict == Solvability::Unknown;
        self.knowledge.set(at, verdict, certificate);
        if unknown && !shuffled && self.options.slide != SlideRule::None {
            if let Some(guide) = self.guide_from(before, a, b) {
                self.knowledge.set_guide(at, guide);
            }
        }
    }

    /// The guide of the position just reached by the match `(a, b)` from position
    /// `before`: that position's board (the current one with the match undone) and its
    /// certificate, when it has one; else its own guide carried one match further.
    fn guide_from(&self, before: usize, a: Pos, b: Pos) -> Option<Guide> {
        let Some(certificate) = self.knowledge.certificate(before) else {
            let mut guide = self.knowledge.guide(before)?.clone();
            if guide.played.len() >= GUIDE_MATCHES {
                return None;
            }
            guide.played.push((a, b));
            return Some(guide);
        };
        let board = self.board_before_last_match()?;
        Some(Guide {
            board,
            certificate: certificate.clone(),
            played: vec![(a, b)],
        })
    }

    /// The board before the last step of the history, when that step is a match (not
    /// followed by an auto-shuffle): the current board with the slide and the match
    /// taken back.
    fn board_before_last_match(&self) -> Option<Board> {
        let Some(Step::Match {
            a,
            b,
            kind,
            reshuffled: None,
            slid,
            ..
        }) = self.history.last()
        else {
            return None;
        };
        let mut board = self.board.clone();
        slide::unapply(&mut board, slid);
        board.set(*a, Some(*kind)).ok()?;
        board.set(*b, Some(*kind)).ok()?;
        Some(board)
    }

    /// What is known after a shuffle pushed onto the history.
    pub(super) fn know_shuffle(&mut self, certificate: Option<Vec<(Pos, Pos)>>) {
        let verdict = self.cheap_verdict(certificate.is_some());
        let at = self.position();
        self.knowledge.set(at, verdict, certificate);
    }

    /// After an undo: what was known of later positions goes.
    pub(super) fn know_undo(&mut self) {
        let at = self.position();
        self.knowledge.truncate(at);
    }

    /// `yes` when cleared or `certified`, `no` when stuck, else unknown.
    fn cheap_verdict(&self, certified: bool) -> Solvability {
        match self.status {
            Status::Won => Solvability::Yes,
            Status::Stuck => Solvability::No,
            Status::Playing if certified => Solvability::Yes,
            Status::Playing => Solvability::Unknown,
        }
    }
}
