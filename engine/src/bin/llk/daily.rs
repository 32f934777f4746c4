//! `llk daily stack DATE` and `llk daily verify FILE`: the daily challenges (issue 29,
//! docs/api.md) on the command line. `stack` names the date's stack level (its seed and
//! the options that deal it, with its certificate); `verify` checks a claimed line as the
//! server does (the timing rules, then the replay on the date's deal) and prints the
//! verdict, exit 1 when refused.

use llk_engine::classic::game::Game;
use llk_engine::code::daily::{daily_options, UtcDate};
use llk_engine::code::daily_stack::daily_stack_options;
use llk_engine::line::{ClassicStep, StackStep};
use llk_engine::replay::{ReplayError, Replayed, MAX_LINE};
use llk_engine::stack::game::StackOptions;
use llk_engine::stack::{StackGame, TileId};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::args::{self, printable, Spec};
use crate::fail::{CliError, CliResult};
use crate::io::{emit, name, one_line, read_source};

const COMMANDS: &str = "stack, verify";

const STACK: Spec = Spec {
    command: "daily stack",
    positional: &["DATE"],
    switches: &[],
    options: &[],
};

const VERIFY: Spec = Spec {
    command: "daily verify",
    positional: &["FILE"],
    switches: &[],
    options: &[],
};

/// `llk daily SUBCOMMAND ...`
pub fn run(argv: &[String]) -> CliResult<()> {
    let (command, rest) = args::subcommand("daily", COMMANDS, argv)?;
    match command {
        "stack" => stack(rest),
        "verify" => verify(rest),
        other => Err(args::unknown_subcommand("daily", COMMANDS, other)),
    }
}

/// `{"date", "seed", "tray", "tiles", "kinds", "layers", "options", "certificate"}`:
/// `options` is what `StackGame::new` (or the app's new-game command) deals it from;
/// `llk stack deal --real-style --seed SEED` prints its stack file.
#[derive(Serialize)]
struct StackOut {
    date: String,
    seed: String,
    tray: u8,
    tiles: u16,
    kinds: u16,
    layers: u16,
    options: StackOptions,
    certificate: Vec<TileId>,
}

fn stack(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&STACK, argv)?;
    let date = UtcDate::parse(&a.positional[0])?;
    let options = daily_stack_options(date);
    let game = StackGame::new(options)?;
    emit(&StackOut {
        date: date.to_string(),
        seed: options.seed.to_string(),
        tray: options.tray,
        tiles: options.tiles,
        kinds: options.kinds,
        layers: options.layers,
        options,
        certificate: game.certificate().to_vec(),
    })
}

/// The fields of a claim (docs/api.md's `payload`) the verification reads; the others
/// (`v`, `key`, `name`, ...) are ignored.
#[derive(Deserialize)]
struct Claim {
    date: String,
    mode: String,
    #[serde(default)]
    auto_shuffle: bool,
    time_ms: u64,
    moves: Vec<Value>,
}

/// `{"ok": true, "time_ms", "props", "moves"}` or `{"ok": false, "error", "message"}`.
#[derive(Serialize)]
struct Verdict {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    props: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

fn verify(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&VERIFY, argv)?;
    let source = &a.positional[0];
    let text = read_source(source)?;
    let in_file = |m: String| CliError::usage(format!("{}: {}", name(source), one_line(&m)));
    let claim: Claim =
        serde_json::from_str(&text).map_err(|e| in_file(format!("not a claim: {e}")))?;
    let date = UtcDate::parse(&claim.date).map_err(|e| in_file(e.to_string()))?;
    let verdict = if claim.moves.len() > MAX_LINE {
        Err(ReplayError::TooManyMoves {
            moves: claim.moves.len(),
            max: MAX_LINE,
        })
    } else {
        match claim.mode.as_str() {
            "classic" => {
                let steps: Vec<ClassicStep> = steps(claim.moves).map_err(in_file)?;
                let start = Game::new(llk_engine::classic::game::GameOptions {
                    auto_shuffle: claim.auto_shuffle,
                    ..daily_options(date)
                })?;
                llk_engine::classic::replay::replay(&start, &steps, claim.time_ms)
            }
            "stack" => {
                let steps: Vec<StackStep> = steps(claim.moves).map_err(in_file)?;
                let start = StackGame::new(daily_stack_options(date))?;
                llk_engine::stack::replay::replay(&start, &steps, claim.time_ms)
            }
            other => {
                return Err(in_file(format!(
                    "mode '{}': the mode is classic or stack",
                    printable(other)
                )))
            }
        }
    };
    answer(verdict)
}

/// The moves of a claim as its mode's steps, or why one is malformed.
fn steps<T: serde::de::DeserializeOwned>(values: Vec<Value>) -> Result<Vec<T>, String> {
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| serde_json::from_value(v).map_err(|e| format!("move {i}: {e}")))
        .collect()
}

/// Prints the verdict; a refusal ends with exit code 1.
fn answer(verdict: Result<Replayed, ReplayError>) -> CliResult<()> {
    match verdict {
        Ok(r) => emit(&Verdict {
            ok: true,
            time_ms: Some(r.time_ms),
            props: Some(r.props),
            moves: Some(r.moves),
            error: None,
            message: None,
        }),
        Err(e) => {
            emit(&Verdict {
                ok: false,
                time_ms: None,
                props: None,
                moves: None,
                error: Some(e.code()),
                message: Some(e.to_string()),
            })?;
            Err(CliError::Refused)
        }
    }
}
