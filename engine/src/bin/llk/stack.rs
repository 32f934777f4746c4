//! `llk stack …`: stack mode (seed 003) on the command line. Each subcommand is one
//! function here; `run` dispatches on the word after `stack`. Stack files are the JSON
//! format of `stack::file`; answers are one line of JSON on stdout.

use llk_engine::stack::file::{self, play_state};
use llk_engine::stack::import;
use llk_engine::stack::real_style::real_style;
use llk_engine::stack::{deal, StackOptions, TileId};
use llk_engine::EngineError;

use crate::args::{self, printable, Spec};
use crate::fail::{CliError, CliResult};
use crate::io::{emit, emit_text, name, read_source};
use crate::options::clock_seed;

/// The stack subcommands, for messages.
const COMMANDS: &str = "deal, play, solve, hint, import";

const DEAL: Spec = Spec {
    command: "stack deal",
    positional: &[],
    switches: &["random-fill", "real-style"],
    options: &["level", "tiles", "kinds", "layers", "peak", "seed"],
};

const IMPORT: Spec = Spec {
    command: "stack import",
    positional: &["FILE"],
    switches: &[],
    options: &["tray"],
};

const PLAY: Spec = Spec {
    command: "stack play",
    positional: &["FILE"],
    switches: &[],
    options: &[],
};

/// `llk stack SUBCOMMAND ...`
pub fn run(argv: &[String]) -> CliResult<()> {
    let (command, rest) = args::subcommand("stack", COMMANDS, argv)?;
    match command {
        "deal" => deal_cmd(rest),
        "play" => play(rest),
        "solve" => crate::stack_solve::solve(rest),
        "hint" => crate::stack_solve::hint_cmd(rest),
        "import" => import_cmd(rest),
        other => Err(args::unknown_subcommand("stack", COMMANDS, other)),
    }
}

/// `llk stack deal (--level N | --tiles T --kinds K --layers L) [--peak P] [--seed S]
/// [--random-fill]`: a stack file without `taken`. `llk stack deal --real-style [--seed S]`:
/// a map in the shape of the real game's second level, randomly filled (tray 7).
fn deal_cmd(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&DEAL, argv)?;
    if a.switch("real-style") {
        let other = ["level", "tiles", "kinds", "layers", "peak"];
        if let Some(c) = other.iter().find(|c| a.option(c).is_some()) {
            return Err(CliError::usage(format!(
                "stack deal: --{c} cannot be combined with --real-style"
            )));
        }
        if a.switch("random-fill") {
            return Err(CliError::usage(
                "stack deal: --real-style maps are always a random fill",
            ));
        }
        let m = real_style(a.number("seed")?.unwrap_or_else(clock_seed))?;
        let mut text = file::to_json(m.tray, &m.layout, None)?;
        text.push('\n');
        return emit_text(&text);
    }
    let custom = ["tiles", "kinds", "layers"];
    let level: Option<u32> = a.number("level")?;
    let mut options = StackOptions {
        level,
        peak: a.number("peak")?,
        seed: a.number("seed")?.unwrap_or_else(clock_seed),
        random_fill: a.switch("random-fill"),
        ..StackOptions::default()
    };
    if level.is_some() {
        if let Some(c) = custom.iter().find(|c| a.option(c).is_some()) {
            return Err(CliError::usage(format!(
                "stack deal: --{c} cannot be combined with --level"
            )));
        }
    } else {
        if custom.iter().all(|c| a.option(c).is_none()) {
            return Err(CliError::usage(
                "stack deal: give --level N, or --tiles T --kinds K --layers L",
            ));
        }
        options.tiles = a.required_number(&DEAL, "tiles")?;
        options.kinds = a.required_number(&DEAL, "kinds")?;
        options.layers = a.required_number(&DEAL, "layers")?;
    }
    emit_stack_deal(&options)
}

/// Deals `options` and prints the stack file (without `taken`).
pub fn emit_stack_deal(options: &StackOptions) -> CliResult<()> {
    let dealt = deal(options)?;
    let mut text = file::to_json(options.tray, &dealt.layout, None)?;
    text.push('\n');
    emit_text(&text)
}

/// `llk stack import FILE [--tray N]`: a captured 羊了个羊 map (see `stack::import`) as a
/// stack file (without `taken`), played with N tray slots (default 7).
fn import_cmd(argv: &[String]) -> CliResult<()> {
    let a = args::parse(&IMPORT, argv)?;
    let source = &a.positional[0];
    let tray = match a.option("tray") {
        None => import::DEFAULT_TRAY,
        Some(v) => v.parse().map_err(|_| {
            CliError::usage(format!(
                "--tray expects a tray size (5..=9), got '{}'",
                printable(v)
            ))
        })?,
    };
    let text = read_source(source)?;
    let imported = import::import_map(&text, tray)
        .map_err(|e| CliError::usage(format!("{}: {e}", name(source))))?;
    let mut out = file::to_json(imported.tray, &imported.layout, None)?;
    out.push('\n');
    emit_text(&out)
}

/// `llk stack play FILE ID...`: replays the file's `taken`, then takes the ids in order
/// and prints `{"tray":[...], "free":[...], "status":...}`.
fn play(argv: &[String]) -> CliResult<()> {
    let a = args::parse_with_rest(&PLAY, argv)?;
    let source = &a.positional[0];
    let ids = a.positional[1..]
        .iter()
        .map(|s| tile_id(s))
        .collect::<CliResult<Vec<TileId>>>()?;
    let text = read_source(source)?;
    let in_file = |e: EngineError| CliError::usage(format!("{}: {e}", name(source)));
    let parsed = file::parse(&text).map_err(in_file)?;
    let mut board = file::replay(&parsed).map_err(in_file)?;
    for id in ids {
        board.take(id)?;
    }
    emit(&play_state(&board))
}

/// A tile id argument: a non-negative integer (whether the tile exists is the file's
/// business).
fn tile_id(s: &str) -> CliResult<TileId> {
    let n: u64 = s.parse().map_err(|_| {
        CliError::usage(format!(
            "stack play: tile id '{}' is not a non-negative integer",
            printable(s)
        ))
    })?;
    TileId::try_from(n).map_err(|_| CliError::usage(format!("stack play: tile {n} does not exist")))
}
