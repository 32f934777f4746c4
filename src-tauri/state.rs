//! The app's state behind one mutex: the current game (of either mode), settings and best
//! scores, and where they are saved. Every change is queued for saving at once (written in the background,
//! see `saver`); loading sets aside what cannot be read.

use std::sync::{Mutex, MutexGuard};

use llk_engine::classic::game::GameOptions;

use crate::error::{AppError, AppResult};
use crate::mode::{AnyGame, NewGameOptions};
use crate::saver::Saver;
use crate::scores::{self, BestScores};
use crate::settings::{self, Settings};
use crate::storage::{Loaded, Storage};
use crate::view::{AnyView, Notice};

/// File name of the saved game (the engine's versioned format with the mode added, undo
/// history included).
pub const GAME_FILE: &str = "game.json";

/// Everything the commands work on.
#[derive(Debug)]
pub struct AppState {
    game: Option<AnyGame>,
    settings: Settings,
    scores: BestScores,
    store: Storage,
    saver: Saver,
    notices: Vec<String>,
    notice_codes: Vec<Notice>,
}

/// The managed state: one lock, taken by each command for its whole duration.
#[derive(Debug)]
pub struct SharedState(Mutex<AppState>);

impl SharedState {
    pub fn new(state: AppState) -> SharedState {
        SharedState(Mutex::new(state))
    }

    /// The state; a command that panicked mid-way does not lock the others out.
    pub fn lock(&self) -> MutexGuard<'_, AppState> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The loaded value, if any; a corrupt file's notice goes to `notices`, and as a code
/// (for file `file`) to `codes`.
fn take<T>(
    loaded: Loaded<T>,
    file: &str,
    notices: &mut Vec<String>,
    codes: &mut Vec<Notice>,
) -> Option<T> {
    match loaded {
        Loaded::Ok(v) => Some(v),
        Loaded::Missing => None,
        Loaded::Corrupt { notice, kept_as } => {
            notices.push(notice);
            codes.push(Notice {
                code: if kept_as.is_some() {
                    "file_set_aside"
                } else {
                    "file_unusable"
                }
                .into(),
                file: file.into(),
                kept_as,
            });
            None
        }
    }
}

impl AppState {
    /// Loads settings, best scores and the saved game from `store`; whatever cannot be
    /// used is set aside with a notice and replaced by a fresh default.
    pub fn load(store: Storage) -> AppState {
        store.remove_stale_temp_files();
        let (mut notices, mut codes) = (Vec::new(), Vec::new());
        let settings = take(
            store.load(settings::FILE, "settings", Settings::from_json),
            "settings",
            &mut notices,
            &mut codes,
        );
        let scores = take(
            store.load(scores::FILE, "best scores", BestScores::from_json),
            "scores",
            &mut notices,
            &mut codes,
        );
        let game = take(
            store.load(GAME_FILE, "game", AnyGame::from_json),
            "game",
            &mut notices,
            &mut codes,
        );
        AppState {
            game,
            settings: settings.unwrap_or_default(),
            scores: scores.unwrap_or_else(BestScores::new),
            saver: Saver::new(store.clone()),
            store,
            notices,
            notice_codes: codes,
        }
    }

    pub fn storage(&self) -> &Storage {
        &self.store
    }

    /// Waits until every queued save is on disk (before exit, and in tests).
    pub fn flush(&self) {
        self.saver.flush();
    }

    /// Notices gathered since the last call (joined), for `start` to show once.
    pub fn take_notice(&mut self) -> Option<String> {
        if self.notices.is_empty() {
            None
        } else {
            Some(std::mem::take(&mut self.notices).join("\n"))
        }
    }

    /// The same notices as codes (once), for the view to translate.
    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notice_codes)
    }

    pub fn has_game(&self) -> bool {
        self.game.is_some()
    }

    pub fn game(&self) -> AppResult<&AnyGame> {
        self.game.as_ref().ok_or(AppError::NoGame)
    }

    /// Runs `change` on the game; if it succeeds the game is saved and, if this change
    /// won it, the best score for its layout is updated.
    pub fn change_game<T>(
        &mut self,
        change: impl FnOnce(&mut AnyGame) -> AppResult<T>,
    ) -> AppResult<T> {
        let game = self.game.as_mut().ok_or(AppError::NoGame)?;
        let was_won = game.is_won();
        let out = change(game)?;
        if !was_won && game.is_won() {
            let (key, score) = (game.score_key(), game.score());
            if self.scores.record(key, score) {
                self.save_scores();
            }
        }
        self.save_game();
        Ok(out)
    }

    /// Replaces the game (new game) and saves it.
    pub fn set_game(&mut self, game: AnyGame) {
        self.game = Some(game);
        self.save_game();
    }

    /// Options for a new game when the player has not chosen any: the default preset,
    /// a random seed, solvable deals, paths around the board (the engine's defaults), and
    /// the saved preference
    /// for automatic shuffles.
    pub fn default_options(&self) -> NewGameOptions {
        NewGameOptions::Classic(GameOptions {
            seed: rand::random(),
            auto_shuffle: self.settings.auto_shuffle,
            ..GameOptions::default()
        })
    }

    pub fn view(&self) -> AppResult<AnyView> {
        Ok(AnyView::of(self.game()?, self.best_score()?))
    }

    /// The best score for the current game's layout, if one was won.
    pub fn best_score(&self) -> AppResult<Option<u32>> {
        Ok(self.scores.get(&self.game()?.score_key()))
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Applies new settings (for this session even if saving fails) and saves them.
    pub fn set_settings(&mut self, settings: Settings) -> AppResult<()> {
        self.settings = settings;
        self.store
            .write(settings::FILE, &self.settings.to_json())
            .map_err(|e| AppError::Storage(format!("settings applied but not saved: {e}")))
    }

    /// Queues the game for saving; a failed save is reported on stderr and the game goes
    /// on: the player should not lose a move because the disk is full.
    fn save_game(&self) {
        if let Some(game) = &self.game {
            match game.to_json() {
                Ok(json) => self.saver.queue(GAME_FILE, json),
                Err(e) => eprintln!("lianliankan: the game was not saved: {e}"),
            }
        }
    }

    fn save_scores(&self) {
        self.saver.queue(scores::FILE, self.scores.to_json());
    }
}
