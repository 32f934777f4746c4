//! The two game modes side by side: the current game is a classic `Game` or a
//! `StackGame`; a new game's options name their mode; the saved game file holds the mode
//! (`{"mode":"stack", ...the engine's save}`), and a classic save from before stack mode
//! (no `mode`) still loads. Which rules apply is the engine's business: this only
//! dispatches.

use llk_engine::classic::game::{Game, GameOptions, Status};
use llk_engine::classic::journey::{Journey, JourneyStatus};
use llk_engine::stack::game::{StackGame, StackOptions};
use llk_engine::stack::StackStatus;
use llk_engine::EngineError;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::args::{read_as, Arg};
use crate::error::{AppError, AppResult};
use crate::online::line::DailyLine;
use crate::scores::{layout_key, stack_key, JOURNEY_KEY};

/// Which game is being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Classic,
    Stack,
    /// The journey of timed levels under slide rules, started with `journey_start`.
    Journey,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Classic => "classic",
            Mode::Stack => "stack",
            Mode::Journey => "journey",
        }
    }
}

/// `new_game`'s options: a classic `GameOptions` (its `"mode":"classic"` may be left out,
/// as views before stack mode did) or `{"mode":"stack", ...StackOptions}`.
// Read by `NewGameOptions::from_arg`, not by a derived `Deserialize` (see there); this doc
// comment is also the TypeScript binding's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum NewGameOptions {
    Classic(GameOptions),
    Stack(StackOptions),
}

impl NewGameOptions {
    /// The argument `name` as new-game options: the object's `mode` (`classic` when left
    /// out) names the variant, and the rest of the object is read as that mode's options
    /// with the save's reader. This is what serde's derived internally tagged reader does,
    /// without buffering the object in serde's `Content` first, which put a second reader
    /// of both option types (and of their seeds, props and slide rules) in the WebAssembly
    /// module.
    pub fn from_arg(arg: &Arg, name: &str) -> AppResult<NewGameOptions> {
        let (mode, rest) = arg.split_tag(name, "mode", "classic")?;
        match mode.as_str() {
            "classic" => read_as(name, &rest).map(NewGameOptions::Classic),
            "stack" => read_as(name, &rest).map(NewGameOptions::Stack),
            other => Err(AppError::BadArgument(format!(
                "argument `{name}` is not valid: unknown variant `{other}`, expected `classic` or `stack`"
            ))),
        }
    }
}

/// The current game, of either mode.
#[derive(Debug)]
// A stack game is far larger than a classic one, but there is only ever one game.
#[allow(clippy::large_enum_variant)]
pub enum AnyGame {
    Classic(Game),
    Stack(StackGame),
    Journey(Journey),
}

impl AnyGame {
    /// Deals a new game of the options' mode.
    pub fn new(options: NewGameOptions) -> Result<AnyGame, EngineError> {
        Ok(match options {
            NewGameOptions::Classic(o) => AnyGame::Classic(Game::new(o)?),
            NewGameOptions::Stack(o) => AnyGame::Stack(StackGame::new(o)?),
        })
    }

    pub fn mode(&self) -> Mode {
        match self {
            AnyGame::Classic(_) => Mode::Classic,
            AnyGame::Stack(_) => Mode::Stack,
            AnyGame::Journey(_) => Mode::Journey,
        }
    }

    /// The classic game, or `wrong_mode` naming `command`.
    pub fn classic_mut(&mut self, command: &str) -> AppResult<&mut Game> {
        match self {
            AnyGame::Classic(g) => Ok(g),
            other => Err(wrong_mode(command, Mode::Classic, other.mode())),
        }
    }

    pub fn classic(&self, command: &str) -> AppResult<&Game> {
        match self {
            AnyGame::Classic(g) => Ok(g),
            other => Err(wrong_mode(command, Mode::Classic, other.mode())),
        }
    }

    /// The stack game, or `wrong_mode` naming `command`.
    pub fn stack_mut(&mut self, command: &str) -> AppResult<&mut StackGame> {
        match self {
            AnyGame::Stack(g) => Ok(g),
            other => Err(wrong_mode(command, Mode::Stack, other.mode())),
        }
    }

    pub fn stack(&self, command: &str) -> AppResult<&StackGame> {
        match self {
            AnyGame::Stack(g) => Ok(g),
            other => Err(wrong_mode(command, Mode::Stack, other.mode())),
        }
    }

    /// The journey, or `wrong_mode` naming `command`.
    pub fn journey_mut(&mut self, command: &str) -> AppResult<&mut Journey> {
        match self {
            AnyGame::Journey(j) => Ok(j),
            other => Err(wrong_mode(command, Mode::Journey, other.mode())),
        }
    }

    /// Won: the board cleared (a journey: the current level cleared).
    pub fn is_won(&self) -> bool {
        match self {
            AnyGame::Classic(g) => g.status() == Status::Won,
            AnyGame::Stack(g) => g.status() == StackStatus::Won,
            AnyGame::Journey(j) => j.status() == JourneyStatus::Won,
        }
    }

    /// The computer played part of this game (classic "Show me"): its win is not scored.
    pub fn is_assisted(&self) -> bool {
        match self {
            AnyGame::Classic(g) => g.is_assisted(),
            AnyGame::Journey(j) => j.game().is_assisted(),
            AnyGame::Stack(_) => false,
        }
    }

    /// Hints asked for in this game (a journey's current level).
    pub fn hints(&self) -> u32 {
        match self {
            AnyGame::Classic(g) => g.counters().hints,
            AnyGame::Stack(g) => g.counters().hints,
            AnyGame::Journey(j) => j.game().counters().hints,
        }
    }

    pub fn score(&self) -> u32 {
        match self {
            AnyGame::Classic(g) => g.score(),
            AnyGame::Stack(g) => g.score(),
            AnyGame::Journey(j) => j.total_score(),
        }
    }

    /// The best-score key of this game's layout: `RxC/kinds` for classic (as before stack
    /// mode), `stack/L<level>` or a custom size for stack, `journey` for the journey's total.
    pub fn score_key(&self) -> String {
        match self {
            AnyGame::Classic(g) => {
                let o = g.options();
                layout_key(o.rows.into(), o.cols.into(), o.kinds.into())
            }
            AnyGame::Stack(g) => stack_key(g.options()),
            AnyGame::Journey(_) => JOURNEY_KEY.to_string(),
        }
    }

    /// The game time last reported (a journey: its level's clock).
    pub fn elapsed_ms(&self) -> u64 {
        match self {
            AnyGame::Classic(g) => g.elapsed_ms(),
            AnyGame::Stack(g) => g.elapsed_ms(),
            AnyGame::Journey(j) => j.game().elapsed_ms(),
        }
    }

    pub fn set_elapsed(&mut self, elapsed_ms: u64) {
        match self {
            AnyGame::Classic(g) => g.set_elapsed(elapsed_ms),
            AnyGame::Stack(g) => g.set_elapsed(elapsed_ms),
            AnyGame::Journey(j) => j.set_elapsed(elapsed_ms),
        }
    }

    /// The save file: the engine's save of the game with the `mode` added at the top.
    pub fn to_json(&self) -> Result<String, String> {
        self.to_json_with_line(None)
    }

    /// The save file with the daily challenge's line of play (`"line"`, beside `"mode"`;
    /// the engine ignores both).
    pub fn to_json_with_line(&self, line: Option<&DailyLine>) -> Result<String, String> {
        // The engine's document as a value, which is what its text reads back as: the save
        // is written once, not written, read back and written again (on every move).
        let engine = match self {
            AnyGame::Classic(g) => g.to_json_value(),
            AnyGame::Stack(g) => g.to_json_value(),
            AnyGame::Journey(j) => j.to_json_value(),
        }
        .map_err(|e| e.to_string())?;
        let Value::Object(mut doc) = engine else {
            return Err("engine save: not a JSON object".to_string());
        };
        doc.insert("mode".into(), Value::String(self.mode().name().into()));
        if let Some(line) = line {
            let line = serde_json::to_value(line).map_err(|e| e.to_string())?;
            doc.insert("line".into(), line);
        }
        llk_engine::json::object_into_string(doc).map_err(|e| e.to_string())
    }

    /// A game from [`AnyGame::to_json`]'s output, or from a classic save without a mode.
    pub fn from_json(text: &str) -> Result<AnyGame, String> {
        AnyGame::from_json_with_line(text).map(|(game, _)| game)
    }

    /// [`AnyGame::from_json`], with the daily line saved beside the game, unread (the
    /// session checks it: a line that does not read is dropped, never the game).
    pub fn from_json_with_line(text: &str) -> Result<(AnyGame, Option<Value>), String> {
        let mut doc: Map<String, Value> =
            serde_json::from_str(text).map_err(|e| format!("not a saved game: {e}"))?;
        let line = doc.remove("line");
        let game = AnyGame::from_doc(text, doc)?;
        Ok((game, line))
    }

    fn from_doc(text: &str, mut doc: Map<String, Value>) -> Result<AnyGame, String> {
        let mode = match doc.remove("mode") {
            None => return Game::from_json(text).map(AnyGame::Classic).map_err(err),
            Some(Value::String(m)) => m,
            Some(other) => return Err(format!("the saved mode is {other}, not a name")),
        };
        // The engine reads its own document, without the session's `mode`.
        let engine = llk_engine::json::object_into_string(doc).map_err(|e| e.to_string())?;
        match mode.as_str() {
            "classic" => Game::from_json(&engine).map(AnyGame::Classic).map_err(err),
            "stack" => StackGame::from_json(&engine)
                .map(AnyGame::Stack)
                .map_err(err),
            "journey" => Journey::from_json(&engine)
                .map(AnyGame::Journey)
                .map_err(err),
            other => Err(format!("unknown game mode {other:?}")),
        }
    }
}

fn err(e: EngineError) -> String {
    e.to_string()
}

/// The `wrong_mode` refusal of `command`, which needs a game of mode `needs`.
pub fn wrong_mode(command: &str, needs: Mode, current: Mode) -> AppError {
    AppError::WrongMode(format!(
        "`{command}` needs a {} game but the current game is {}",
        needs.name(),
        current.name()
    ))
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    /// The derived reader `NewGameOptions` had: the hand-written one must agree with it.
    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(tag = "mode", rename_all = "snake_case")]
    enum Derived {
        Classic(GameOptions),
        Stack(StackOptions),
    }

    #[test]
    fn new_game_options_read_as_the_derived_internally_tagged_reader_did() {
        let classic = serde_json::to_value(GameOptions::default()).expect("options");
        let stack = serde_json::to_value(StackOptions::default()).expect("options");
        let with = |mut v: Value, key: &str, x: Value| {
            v[key] = x;
            v
        };
        let cases = [
            classic.clone(),
            with(classic.clone(), "mode", json!("classic")),
            with(classic.clone(), "mode", json!("stack")),
            with(classic.clone(), "seed", json!(12)),
            with(classic.clone(), "seed", json!("18446744073709551615")),
            with(classic.clone(), "rows", json!(-1)),
            with(classic.clone(), "extra", json!([1, 2])),
            with(stack.clone(), "mode", json!("stack")),
            with(stack.clone(), "mode", json!("journey")),
            with(stack.clone(), "mode", json!(null)),
            with(
                with(stack.clone(), "mode", json!("stack")),
                "tray",
                json!(300),
            ),
            with(
                with(stack.clone(), "mode", json!("stack")),
                "level",
                json!(null),
            ),
            with(with(stack, "mode", json!("stack")), "props", json!({})),
            json!({}),
            json!(null),
            json!([1]),
        ];
        for case in cases {
            let mine = NewGameOptions::from_arg(&Arg::from_value(case.clone()), "options");
            let mut tagged = case.clone();
            if let Value::Object(map) = &mut tagged {
                map.entry("mode").or_insert_with(|| json!("classic"));
            }
            let derived = match serde_json::from_value::<Derived>(tagged) {
                Ok(Derived::Classic(o)) => Some(NewGameOptions::Classic(o)),
                Ok(Derived::Stack(o)) => Some(NewGameOptions::Stack(o)),
                Err(_) => None,
            };
            assert_eq!(mine.as_ref().ok(), derived.as_ref(), "{case}");
            if let Err(e) = mine {
                assert_eq!(e.code(), "bad_argument", "{case}");
            }
        }
    }

    /// The save written from the engine's document as a value is, byte for byte, what
    /// reading the engine's text back and writing it again gave (as before).
    #[test]
    fn the_save_is_the_engines_text_read_back_and_written() {
        use crate::online::line::LineEvent;
        use llk_engine::classic::SlideRule;
        use llk_engine::line::{ClassicStep, StackStep};
        use llk_online::Mode as Daily;

        fn by_text(game: &AnyGame, line: Option<&DailyLine>) -> String {
            let engine = match game {
                AnyGame::Classic(g) => g.to_json(),
                AnyGame::Stack(g) => g.to_json(),
                AnyGame::Journey(j) => j.to_json(),
            }
            .unwrap();
            let mut doc: Map<String, Value> = serde_json::from_str(&engine).unwrap();
            doc.insert("mode".into(), Value::String(game.mode().name().into()));
            if let Some(line) = line {
                doc.insert("line".into(), serde_json::to_value(line).unwrap());
            }
            serde_json::to_string(&doc).unwrap()
        }

        let mut games = Vec::new();
        for (slide, solvable) in [(SlideRule::None, true), (SlideRule::Left, false)] {
            let mut g = Game::new(GameOptions {
                slide,
                solvable,
                seed: 11,
                ..GameOptions::default()
            })
            .unwrap();
            games.push(AnyGame::Classic(g.clone()));
            for t in 1..=6 {
                let h = g.hint().expect("a pair");
                g.select(h.a, 1000 * t).unwrap();
                g.select(h.b, 1000 * t + 500).unwrap();
            }
            g.undo().unwrap();
            g.shuffle().unwrap();
            games.push(AnyGame::Classic(g));
        }
        let mut s = StackGame::new(StackOptions {
            level: Some(2),
            ..StackOptions::default()
        })
        .unwrap();
        games.push(AnyGame::Stack(s.clone()));
        for t in 1..=12 {
            let id = s.hint().id.expect("a take");
            s.take(id, 700 * t).unwrap();
        }
        s.undo().unwrap();
        games.push(AnyGame::Stack(s));
        let mut j = Journey::new(5).unwrap();
        games.push(AnyGame::Journey(j.clone()));
        for t in 1..=4 {
            let h = j.game().clone().hint().expect("a pair");
            j.select(h.a, 900 * t).unwrap();
            j.select(h.b, 900 * t + 400).unwrap();
        }
        games.push(AnyGame::Journey(j));

        let mut classic_line = DailyLine::new("2026-12-05".into(), Daily::Classic, true);
        classic_line.record(LineEvent::Classic(ClassicStep::shuffled(300)));
        let mut stack_line = DailyLine::new("2026-12-05".into(), Daily::Stack, false);
        stack_line.record(LineEvent::Stack(StackStep::took(400, 7)));
        for game in &games {
            for line in [None, Some(&classic_line), Some(&stack_line)] {
                assert_eq!(game.to_json_with_line(line).unwrap(), by_text(game, line));
            }
        }
    }
}
