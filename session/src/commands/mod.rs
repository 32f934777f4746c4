//! The IPC commands' meaning (see `docs/ipc.md`): each checks its arguments, asks the
//! engine through the [`Session`], and returns a payload or an `AppError`. No rule is
//! decided here. Both shells call these functions: the desktop's Tauri commands (one line
//! each) and the dispatcher `invoke::invoke` (the web). The same commands serve every
//! mode: they dispatch on the current game's mode to `classic`, `stack` or `journey`; a
//! command of one mode only (`move_out`, `winning_line`) refuses the others with
//! `wrong_mode`.

mod classic;
pub mod codes;
pub mod journey;
pub mod launch;
pub mod level;
pub mod online;
pub mod solvability;
mod stack;

use llk_engine::classic::layout::{Preset, PRESETS};
use llk_engine::line::{ClassicStep, StackStep};

use crate::args::Arg;
use crate::error::{AppError, AppResult};
use crate::mode::{AnyGame, Mode, NewGameOptions};
use crate::online::line::LineEvent;
use crate::settings::Settings;
use crate::state::Session;
use crate::stats::Statistics;
use crate::view::{
    AnyHintResult, AnySelectResult, AnyView, SettingsResult, StartInfo, WinningLine,
};

/// What `select` was asked to take: a cell (classic) or a tile id (stack), still
/// unchecked against the board.
enum Target {
    Cell(i64, i64),
    Tile(i64),
}

impl Target {
    /// `{row, col}` or `{id}`; anything else (both, neither, mistyped) is `bad_argument`.
    fn of(row: &Arg, col: &Arg, id: &Arg) -> AppResult<Target> {
        if id.is_missing() {
            return Ok(Target::Cell(row.integer("row")?, col.integer("col")?));
        }
        if row.is_missing() && col.is_missing() {
            return Ok(Target::Tile(id.integer("id")?));
        }
        // Report an unreadable argument as such before the mix-up.
        for (arg, name) in [(row, "row"), (col, "col"), (id, "id")] {
            if !arg.is_missing() {
                arg.integer(name)?;
            }
        }
        Err(AppError::BadArgument(
            "`select` takes either `row` and `col` (classic) or `id` (stack), not both".into(),
        ))
    }

    fn mode(&self) -> Mode {
        match self {
            Target::Cell(..) => Mode::Classic,
            Target::Tile(_) => Mode::Stack,
        }
    }
}

/// The resumed game (or a new default one) and, once, a notice about the saved files.
/// `layout` (optional, a preset name) is the view's choice for a new default game: the
/// layout that fits its screen; a resumed game ignores it.
pub fn start(s: &mut Session, layout: &Arg) -> AppResult<StartInfo> {
    let layout = start_layout(layout)?;
    if !s.has_game() {
        let mut options = s.default_options();
        if let (Some(p), NewGameOptions::Classic(o)) = (layout, &mut options) {
            // preset sizes are small (at most 30×16 with 36 kinds)
            o.rows = p.rows as u16;
            o.cols = p.cols as u16;
            o.kinds = p.kinds as u16;
        }
        let game = AnyGame::new(options)?;
        s.set_game(game);
    }
    Ok(StartInfo {
        game: s.view()?,
        notice: s.take_notice(),
        notices: s.take_notices(),
    })
}

/// `start`'s optional `layout`: a preset's name, or `bad_argument`.
fn start_layout(layout: &Arg) -> AppResult<Option<Preset>> {
    if layout.is_missing() {
        return Ok(None);
    }
    let name: String = layout.parse("layout")?;
    llk_engine::classic::layout::preset(&name)
        .map(Some)
        .ok_or_else(|| AppError::BadArgument(format!("unknown layout `{name}`")))
}

/// The preset layouts (classic).
pub fn presets() -> Vec<Preset> {
    PRESETS.to_vec()
}

/// Deals a new game with `options` (either mode), replacing the current one; the options of
/// a brought level (`imported`) restart it when it is the current game.
pub fn new_game(s: &mut Session, options: &Arg) -> AppResult<AnyView> {
    options.string_field("options", "seed")?;
    let options = NewGameOptions::from_arg(options, "options")?;
    let game = match options {
        NewGameOptions::Stack(o) if o.imported => level::restart_level(s, &o)?,
        _ => AnyGame::new(options)?,
    };
    s.set_game(game);
    s.view()
}

/// The player tapped a tile at game time `elapsedMs`: the cell (`row`, `col`) in classic,
/// the tile `id` in stack.
pub fn select(
    s: &mut Session,
    row: &Arg,
    col: &Arg,
    id: &Arg,
    elapsed_ms: &Arg,
) -> AppResult<AnySelectResult> {
    let target = Target::of(row, col, id)?;
    let elapsed = elapsed_ms.millis("elapsedMs")?;
    let mode = s.game()?.mode();
    match (mode, target) {
        (Mode::Classic, Target::Cell(row, col)) => classic::select(s, row, col, elapsed),
        (Mode::Stack, Target::Tile(id)) => stack::select(s, id, elapsed),
        (Mode::Journey, Target::Cell(row, col)) => journey::select(s, row, col, elapsed),
        (mode, target) => Err(AppError::BadArgument(format!(
            "a {} game selects by {}, but {} was sent",
            mode.name(),
            if mode != Mode::Stack {
                "`row` and `col`"
            } else {
                "tile `id`"
            },
            if target.mode() != Mode::Stack {
                "`row` and `col`"
            } else {
                "`id`"
            },
        ))),
    }
}

/// A hint in the current game's mode (counted), with the game after it.
pub fn hint(s: &mut Session) -> AppResult<AnyHintResult> {
    match s.game()?.mode() {
        Mode::Classic => classic::hint(s),
        Mode::Stack => stack::hint(s),
        Mode::Journey => journey::hint(s),
    }
}

/// The optional `elapsedMs` of a prop (shuffle, undo, move-out): the game time it was
/// used at, for the daily line (`None`: the clock last reported).
fn prop_time(elapsed_ms: &Arg) -> AppResult<Option<u64>> {
    if elapsed_ms.is_missing() {
        Ok(None)
    } else {
        elapsed_ms.millis("elapsedMs").map(Some)
    }
}

/// After a prop's success: the game's clock moves to `at` (when given and later), the
/// game time the prop is recorded at. A journey's clock is left alone (its level's time
/// runs out by `select` and `set_elapsed` only; it has no daily line).
fn prop_clock(g: &mut AnyGame, at: Option<u64>) {
    if let (Some(at), false) = (at, matches!(g, AnyGame::Journey(_))) {
        if at > g.elapsed_ms() {
            g.set_elapsed(at);
        }
    }
}

/// Classic: rearranges the remaining tiles. Stack: the shuffle prop re-deals the kinds
/// on the board. `elapsedMs` (optional): the game time, recorded in a daily line.
pub fn shuffle(s: &mut Session, elapsed_ms: &Arg) -> AppResult<AnyView> {
    let act = |g: &mut AnyGame| -> AppResult<()> {
        match g {
            AnyGame::Classic(g) => g.shuffle()?,
            AnyGame::Stack(g) => g.shuffle()?,
            AnyGame::Journey(j) => j.shuffle()?,
        }
        Ok(())
    };
    prop(
        s,
        elapsed_ms,
        act,
        ClassicStep::shuffled,
        StackStep::shuffled,
    )
}

/// Classic: takes back the last match (or shuffle). Stack: the undo prop takes back the
/// last take. `elapsedMs` (optional) as for `shuffle`.
pub fn undo(s: &mut Session, elapsed_ms: &Arg) -> AppResult<AnyView> {
    let act = |g: &mut AnyGame| -> AppResult<()> {
        match g {
            AnyGame::Classic(g) => g.undo()?,
            AnyGame::Stack(g) => g.undo().map(|_| ())?,
            AnyGame::Journey(j) => j.undo()?,
        }
        Ok(())
    };
    prop(s, elapsed_ms, act, ClassicStep::undone, StackStep::undone)
}

/// A shuffle or undo (`act`) at the optional game time `elapsed_ms`, recorded in a daily
/// line as the step `classic` or `stack` makes of its time.
fn prop(
    s: &mut Session,
    elapsed_ms: &Arg,
    act: impl FnOnce(&mut AnyGame) -> AppResult<()>,
    classic: fn(u64) -> ClassicStep,
    stack: fn(u64) -> StackStep,
) -> AppResult<AnyView> {
    let at = prop_time(elapsed_ms)?;
    s.change_game_recorded(
        |g| {
            act(g)?;
            prop_clock(g, at);
            Ok(())
        },
        |_| true,
        |g, _| {
            let t = g.elapsed_ms();
            Some(match g {
                AnyGame::Stack(_) => LineEvent::Stack(stack(t)),
                _ => LineEvent::Classic(classic(t)),
            })
        },
    )?;
    s.view()
}

/// Stack only: the move-out prop moves the first tray tiles to the holding row.
/// `elapsedMs` (optional) as for `shuffle`.
pub fn move_out(s: &mut Session, elapsed_ms: &Arg) -> AppResult<AnyView> {
    let at = prop_time(elapsed_ms)?;
    stack::move_out(s, at)?;
    s.view()
}

/// Stack only: a winning line from the current position (for the demo), if the solver
/// finds one. The demo is help: a daily game can no longer be posted.
pub fn winning_line(s: &mut Session) -> AppResult<WinningLine> {
    let line = stack::winning_line(s)?;
    s.record_line(LineEvent::Assisted);
    Ok(line)
}

/// The current game.
pub fn game_state(s: &Session) -> AppResult<AnyView> {
    s.view()
}

/// Records the view's game clock (saved with the game).
pub fn set_elapsed(s: &mut Session, elapsed_ms: &Arg) -> AppResult<()> {
    let elapsed = elapsed_ms.millis("elapsedMs")?;
    s.change_game(|g| {
        g.set_elapsed(elapsed);
        Ok(())
    })
}

/// The player's preferences.
pub fn get_settings(s: &Session) -> AppResult<Settings> {
    Ok(s.settings().clone())
}

/// Replaces the preferences and saves them; returns them, with the current game when
/// applying them changed it (auto-shuffle turned on while the board was stuck).
pub fn set_settings(s: &mut Session, settings: &Arg) -> AppResult<SettingsResult> {
    let settings: Settings = settings.parse("settings")?;
    let changed = s.set_settings(settings)?;
    Ok(SettingsResult {
        settings: s.settings().clone(),
        game: if changed { Some(s.view()?) } else { None },
    })
}

/// The player's statistics: games played and won and the best times, per group.
pub fn statistics(s: &Session) -> AppResult<Statistics> {
    Ok(s.statistics())
}
