//! The line of play of the current game while it is a daily challenge: each of the
//! player's moves with its game time (`llk_engine::line`), saved inside `game.json` (as
//! `"line"`, beside the session's `"mode"`) so a relaunch keeps it. Automatic shuffles are
//! not recorded (the replay makes them from `auto_shuffle`); a hint, the demo, "Show me"
//! or "undo to solvable" mark the line unpostable, as does changing auto-shuffle mid-game
//! (the replay could not follow). A won, postable line becomes a [`Claim`].

use llk_engine::line::{ClassicStep, StackStep};
use llk_online::{Claim, Mode, Moves, CLAIM_VERSION};
use serde::{Deserialize, Serialize};

/// What a change did to the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEvent {
    Classic(ClassicStep),
    Stack(StackStep),
    /// The computer helped (a hint, the demo, "Show me", undo to solvable).
    Assisted,
    /// Auto-shuffle was turned on or off mid-game.
    RulesChanged,
}

/// The daily challenge being played and its line so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyLine {
    /// `YYYY-MM-DD`, the challenge's UTC date.
    pub date: String,
    pub mode: Mode,
    /// Classic: the game's auto-shuffle when it was dealt.
    #[serde(default)]
    pub auto_shuffle: bool,
    /// No hint, demo or other help so far.
    pub postable: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classic: Vec<ClassicStep>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stack: Vec<StackStep>,
}

impl DailyLine {
    pub fn new(date: String, mode: Mode, auto_shuffle: bool) -> DailyLine {
        DailyLine {
            date,
            mode,
            auto_shuffle,
            postable: true,
            classic: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// The last move's game time (0 before any move).
    pub fn last_t(&self) -> u64 {
        match self.mode {
            Mode::Classic => self.classic.last().map_or(0, |s| s.t),
            Mode::Stack => self.stack.last().map_or(0, |s| s.t),
        }
    }

    /// Adds what a change did. A step's time never falls below the one before (the clock
    /// the view reports only moves on); a step of the other mode is ignored; past
    /// `llk_online::MAX_MOVES` the line can no longer be posted.
    pub fn record(&mut self, event: LineEvent) {
        let last = self.last_t();
        match (event, self.mode) {
            (LineEvent::Classic(mut step), Mode::Classic) => {
                step.t = step.t.max(last);
                self.classic.push(step);
            }
            (LineEvent::Stack(mut step), Mode::Stack) => {
                step.t = step.t.max(last);
                self.stack.push(step);
            }
            (LineEvent::Assisted | LineEvent::RulesChanged, _) => self.postable = false,
            _ => {}
        }
        if self.len() > llk_online::MAX_MOVES {
            self.postable = false;
            self.classic.clear();
            self.stack.clear();
        }
    }

    pub fn len(&self) -> usize {
        self.classic.len() + self.stack.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the line used a prop (classic: shuffle or undo; stack: move-out, shuffle or
    /// undo): it then ranks after every line without.
    pub fn uses_props(&self) -> bool {
        self.classic.iter().any(|s| s.shuffle || s.undo)
            || self.stack.iter().any(|s| s.move_out || s.shuffle || s.undo)
    }

    /// The claim of this line for the player `name` (the key is set when sealed).
    pub fn claim(&self, name: &str) -> Claim {
        Claim {
            v: CLAIM_VERSION,
            key: String::new(),
            name: name.to_string(),
            date: self.date.clone(),
            mode: self.mode,
            auto_shuffle: self.mode == Mode::Classic && self.auto_shuffle,
            time_ms: self.last_t(),
            moves: match self.mode {
                Mode::Classic => Moves::Classic(self.classic.clone()),
                Mode::Stack => Moves::Stack(self.stack.clone()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use llk_engine::classic::Pos;

    #[test]
    fn steps_keep_their_order_and_help_is_remembered() {
        let mut l = DailyLine::new("2026-12-04".into(), Mode::Classic, true);
        l.record(LineEvent::Classic(ClassicStep::matched(
            900,
            Pos::new(0, 1),
            Pos::new(3, 1),
        )));
        l.record(LineEvent::Classic(ClassicStep::undone(800)));
        l.record(LineEvent::Stack(StackStep::took(1000, 3)));
        assert_eq!(l.len(), 2, "a stack step is not a classic game's");
        assert_eq!(l.last_t(), 900, "time never falls");
        assert!(l.uses_props() && l.postable);
        let c = l.claim("Ada");
        assert_eq!((c.time_ms, c.auto_shuffle, c.moves.len()), (900, true, 2));
        l.record(LineEvent::Assisted);
        assert!(!l.postable);
        let text = serde_json::to_string(&l).expect("json");
        assert_eq!(serde_json::from_str::<DailyLine>(&text).ok(), Some(l));
    }

    #[test]
    fn a_stack_line_and_its_claim() {
        let mut l = DailyLine::new("2026-12-04".into(), Mode::Stack, true);
        l.record(LineEvent::Stack(StackStep::took(300, 7)));
        assert!(!l.uses_props());
        l.record(LineEvent::Stack(StackStep::moved_out(700)));
        assert!(l.uses_props());
        let c = l.claim("Ada");
        assert!(!c.auto_shuffle, "stack has none");
        assert!(c
            .to_json()
            .contains(r#"[{"t":300,"take":7},{"t":700,"move_out":true}]"#));
    }

    #[test]
    fn too_long_a_line_is_not_posted() {
        let mut l = DailyLine::new("2026-12-04".into(), Mode::Stack, false);
        for t in 0..=llk_online::MAX_MOVES as u64 {
            l.record(LineEvent::Stack(StackStep::took(t, 1)));
        }
        assert!(!l.postable && l.is_empty());
    }
}
