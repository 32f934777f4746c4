//! What commands send back to the view. Each mode has its own snapshot and results
//! (`classic`, `stack`); the `Any*` unions carry either, tagged by `"mode"`, so one
//! command answers in the current game's mode. The TypeScript twins are generated into
//! `ui/src/bindings/`.

mod classic;
mod journey;
mod stack;

use serde::Serialize;
use ts_rs::TS;

use crate::mode::AnyGame;
use crate::settings::Settings;

pub use classic::{GameView, HintResult, SelectResult};
pub use journey::{JourneyHintResult, JourneySelectResult, JourneyView};
pub use stack::{
    LevelOpened, LevelVerdictView, StackHintResult, StackSelectResult, StackTileView, StackView,
    WinningLine,
};

/// The current game, of either mode: `{"mode":"classic", ...GameView}` or
/// `{"mode":"stack", ...StackView}`.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(tag = "mode", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
pub enum AnyView {
    Classic(GameView),
    Stack(StackView),
    Journey(JourneyView),
}

impl AnyView {
    pub fn of(game: &AnyGame, best_score: Option<u32>) -> AnyView {
        match game {
            AnyGame::Classic(g) => AnyView::Classic(GameView::of(g, best_score)),
            AnyGame::Stack(g) => AnyView::Stack(StackView::of(g, best_score)),
            // The session adds the saved progress (`Session::view`).
            AnyGame::Journey(j) => AnyView::Journey(JourneyView::of(j, best_score, 1)),
        }
    }
}

/// What `select` returns, in the mode of the game.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(tag = "mode", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
pub enum AnySelectResult {
    Classic(SelectResult),
    Stack(StackSelectResult),
    Journey(JourneySelectResult),
}

/// What `hint` returns, in the mode of the game.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(tag = "mode", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
pub enum AnyHintResult {
    Classic(HintResult),
    Stack(StackHintResult),
    Journey(JourneyHintResult),
}

/// What `start` returns: the resumed (or new) game and, once, a notice for the player
/// (e.g. a corrupt save was set aside).
#[derive(Clone, Debug, Serialize, TS)]
pub struct StartInfo {
    pub game: AnyView,
    pub notice: Option<String>,
    /// The same notices as codes, for the view to translate (`notice` is English).
    pub notices: Vec<Notice>,
}

/// Something the player is told once at start, as a code the view translates (with
/// the file it concerns); the English text, with the parser's reason and the file's path,
/// goes to the log only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct Notice {
    pub code: NoticeCode,
    pub file: SavedFile,
    /// The name (not the path) the unusable file was renamed to.
    pub kept_as: Option<String>,
}

/// What happened to a saved file that could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum NoticeCode {
    /// It was renamed `kept_as` and a fresh one started.
    FileSetAside,
    /// It could not even be set aside; a fresh one was started.
    FileUnusable,
}

/// The saved files a notice can be about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SavedFile {
    Game,
    Settings,
    Scores,
    Daily,
    Journey,
    Stats,
    /// `identity.json`: the online key (a new one is made), name and server.
    Identity,
    /// `outbox.json`: results waiting to be posted and the server's answers.
    Outbox,
}

/// What `set_settings` returns: the settings as applied and, when applying them changed
/// the current game (auto-shuffle turned on while the board was stuck shuffles it at
/// once), the changed game for the view to redraw.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SettingsResult {
    pub settings: Settings,
    pub game: Option<AnyView>,
}
