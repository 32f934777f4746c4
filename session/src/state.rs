//! The app's state behind one mutex: the current game (of either mode), settings and best
//! scores, and where they are saved. A journey replaced by a game of another mode is
//! kept aside (`journey.json`) so that the player can continue it later. Every change is queued for saving at once (written in the background,
//! see `saver`); loading sets aside what cannot be read.

use std::sync::{Mutex, MutexGuard};

use llk_engine::classic::game::GameOptions;
use llk_engine::classic::journey::Journey;
use llk_engine::code::daily::UtcDate;

use crate::daily::{self, DailyRecord};
use crate::error::{AppError, AppResult};
use crate::mode::{AnyGame, NewGameOptions};
use crate::salvage;
use crate::saver::Saver;
use crate::scores::{self, BestScores, JOURNEY_KEY, JOURNEY_LEVEL_KEY};
use crate::settings::{self, Settings};
use crate::stats::{self, Snapshot, Statistics, Stats};
use crate::storage::{Loaded, Storage};
use crate::view::{AnyView, Notice, NoticeCode, SavedFile};

/// File name of the saved game (the engine's versioned format with the mode added, undo
/// history included).
pub const GAME_FILE: &str = "game.json";

/// File name of a journey set aside while another mode is played (the engine's journey
/// save).
pub const JOURNEY_FILE: &str = "journey.json";

/// Everything the commands work on.
#[derive(Debug)]
pub struct AppState {
    game: Option<AnyGame>,
    /// A journey set aside for a game of another mode.
    parked: Option<Journey>,
    settings: Settings,
    scores: BestScores,
    daily: DailyRecord,
    stats: Stats,
    store: Storage,
    saver: Saver,
    notices: Vec<String>,
    notice_codes: Vec<Notice>,
    /// The classic options of a saved game that no longer loads, for the fresh game.
    salvaged: Option<GameOptions>,
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

/// The loaded value, if any; a corrupt file's notice goes to `notices` (and to the log:
/// it names the parser's reason and the file's path), and as a code for file `file` to
/// `codes`.
fn take<T>(
    loaded: Loaded<T>,
    file: SavedFile,
    notices: &mut Vec<String>,
    codes: &mut Vec<Notice>,
) -> Option<T> {
    match loaded {
        Loaded::Ok(v) => Some(v),
        Loaded::Missing => None,
        Loaded::Corrupt { notice, kept_as } => {
            eprintln!("lianliankan: {notice}");
            notices.push(notice);
            codes.push(Notice {
                code: if kept_as.is_some() {
                    NoticeCode::FileSetAside
                } else {
                    NoticeCode::FileUnusable
                },
                file,
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
            SavedFile::Settings,
            &mut notices,
            &mut codes,
        );
        let scores = take(
            store.load(scores::FILE, "best scores", BestScores::from_json),
            SavedFile::Scores,
            &mut notices,
            &mut codes,
        );
        let daily = take(
            store.load(daily::FILE, "daily record", DailyRecord::from_json),
            SavedFile::Daily,
            &mut notices,
            &mut codes,
        );
        let stats = take(
            store.load(stats::FILE, "statistics", Stats::from_json),
            SavedFile::Stats,
            &mut notices,
            &mut codes,
        );
        let mut salvaged = None;
        let game = take(
            store.load(GAME_FILE, "game", |text| {
                AnyGame::from_json(text).inspect_err(|_| salvaged = salvage::classic_options(text))
            }),
            SavedFile::Game,
            &mut notices,
            &mut codes,
        );
        let parked = take(
            store.load(JOURNEY_FILE, "journey", |t| {
                Journey::from_json(t).map_err(|e| e.to_string())
            }),
            SavedFile::Journey,
            &mut notices,
            &mut codes,
        );
        AppState {
            game,
            parked,
            settings: settings.unwrap_or_default(),
            scores: scores.unwrap_or_else(BestScores::new),
            daily: daily.unwrap_or_else(DailyRecord::new),
            stats: stats.unwrap_or_else(Stats::new),
            saver: Saver::new(store.clone()),
            store,
            notices,
            notice_codes: codes,
            salvaged,
        }
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

    /// The game, to update what is not saved (a cache such as a solvability verdict):
    /// no save is queued, no best score recorded.
    pub fn game_mut(&mut self) -> AppResult<&mut AnyGame> {
        self.game.as_mut().ok_or(AppError::NoGame)
    }

    /// Runs `change` on the game; if it succeeds the game is saved and, if this change
    /// won it without the computer's help, the best score for its layout is updated.
    pub fn change_game<T>(
        &mut self,
        change: impl FnOnce(&mut AnyGame) -> AppResult<T>,
    ) -> AppResult<T> {
        self.change_game_scored(change).map(|(out, _)| out)
    }

    /// [`AppState::change_game`], also saying whether the change won the game with a
    /// score above the stored best for its layout (`scores.json`): the view's "New best"
    /// (an equal score, e.g. the same win again after an undo, is not a new best).
    pub fn change_game_scored<T>(
        &mut self,
        change: impl FnOnce(&mut AnyGame) -> AppResult<T>,
    ) -> AppResult<(T, bool)> {
        let game = self.game.as_mut().ok_or(AppError::NoGame)?;
        let was_won = game.is_won();
        let out = change(game)?;
        let mut new_best = false;
        if !was_won && game.is_won() && !game.is_assisted() {
            let (key, score) = (game.score_key(), game.score());
            let daily_won = match game {
                AnyGame::Classic(g) => self.daily.record_win(g.options(), g.elapsed_ms()),
                AnyGame::Stack(_) | AnyGame::Journey(_) => false,
            };
            if self.scores.record(key, score) {
                new_best = true;
                self.save_scores();
            }
            if daily_won {
                self.save_daily();
            }
        }
        self.observe_stats();
        self.save_game();
        Ok((out, new_best))
    }

    /// Replaces the game (new game) and saves it; a deal equal to today's daily deal (its
    /// code typed, or the daily deal retried) counts as the daily deal.
    pub fn set_game(&mut self, game: AnyGame) {
        let day = daily::daily_date_of(&game);
        self.set_game_of_day(game, day);
    }

    /// Replaces the game with one that is the daily deal of `date` (or of no day). A
    /// journey replaced by another mode's game is kept aside (and saved) for
    /// `take_parked_journey`.
    pub fn set_game_of_day(&mut self, game: AnyGame, date: Option<UtcDate>) {
        if !matches!(game, AnyGame::Journey(_)) {
            if let Some(AnyGame::Journey(j)) = self.game.take() {
                match j.to_json() {
                    Ok(json) => self.saver.queue(JOURNEY_FILE, json),
                    Err(e) => eprintln!("lianliankan: the journey was not saved: {e}"),
                }
                self.parked = Some(j);
            }
        }
        let journey = matches!(game, AnyGame::Journey(_));
        self.game = Some(game);
        self.save_game();
        if self.daily.set_current(date) {
            self.save_daily();
        }
        // A journey continued is the same level; its deal says whether it is new.
        if !journey {
            self.restart_deal();
        }
    }

    /// The current game's deal starts again (a new game, a journey level retried): it
    /// counts as played again at its next first move.
    pub fn restart_deal(&mut self) {
        if let Some(snapshot) = self.stats_snapshot() {
            self.stats.new_deal(&snapshot);
        }
    }

    fn stats_snapshot(&self) -> Option<Snapshot> {
        let game = self.game.as_ref()?;
        Some(Snapshot::of(game, self.daily.current_day().is_some()))
    }

    /// Counts the current game in the statistics after a change (saved if that counted).
    fn observe_stats(&mut self) {
        if let Some(snapshot) = self.stats_snapshot() {
            if self.stats.observe(&snapshot, stats::now_s()) {
                self.saver.queue(stats::FILE, self.stats.to_json());
            }
        }
    }

    /// The statistics, with the current game's group.
    pub fn statistics(&self) -> Statistics {
        self.stats
            .report(self.stats_snapshot().map(|snapshot| snapshot.group))
    }

    /// The daily deal's record (best times, the current game's day).
    pub fn daily(&self) -> &DailyRecord {
        &self.daily
    }

    /// Options for a new game when the player has not chosen any: the default preset,
    /// a random seed (one a deal code holds), solvable deals, paths around the board (the engine's defaults), and
    /// the saved preference
    /// for automatic shuffles. After a damaged save, the layout and rules it still
    /// showed (see `salvage`) replace the defaults.
    pub fn default_options(&self) -> NewGameOptions {
        NewGameOptions::Classic(GameOptions {
            // Below the codes' seed limit, so the first game has a code too.
            seed: rand::random::<u64>() % llk_engine::code::SEED_LIMIT,
            auto_shuffle: self.settings.auto_shuffle,
            ..self.salvaged.unwrap_or_default()
        })
    }

    pub fn view(&self) -> AppResult<AnyView> {
        let mut view = AnyView::of(self.game()?, self.best_score()?);
        if let AnyView::Journey(j) = &mut view {
            j.highest_level = j.highest_level.max(self.highest_level());
        }
        Ok(view)
    }

    /// The journey set aside when another mode's game replaced it, if any (taken: it is
    /// about to become the current game again).
    pub fn take_parked_journey(&mut self) -> Option<Journey> {
        self.parked.take()
    }

    /// The highest level any journey reached (1 before any journey).
    pub fn highest_level(&self) -> u32 {
        self.scores.get(JOURNEY_LEVEL_KEY).unwrap_or(1)
    }

    /// Records that a journey reached `level` (saved if it is a new highest).
    pub fn record_journey_level(&mut self, level: u32) {
        if self.scores.record(JOURNEY_LEVEL_KEY.to_string(), level) {
            self.save_scores();
        }
    }

    /// The best total score of any journey.
    pub fn best_journey_score(&self) -> Option<u32> {
        self.scores.get(JOURNEY_KEY)
    }

    /// The best score for the current game's layout, if one was won.
    pub fn best_score(&self) -> AppResult<Option<u32>> {
        Ok(self.scores.get(&self.game()?.score_key()))
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Applies new settings (for this session even if saving fails) and saves them. The
    /// auto-shuffle setting also applies to the current classic game (a journey level's
    /// shuffles are its own rule); the game is saved with it. Returns whether the game
    /// changed on the board (auto-shuffle turned on while stuck shuffles at once).
    pub fn set_settings(&mut self, settings: Settings) -> AppResult<bool> {
        let mut shuffled = false;
        if let Some(AnyGame::Classic(g)) = &mut self.game {
            if g.options().auto_shuffle != settings.auto_shuffle {
                shuffled = g.set_auto_shuffle(settings.auto_shuffle);
                self.save_game();
            }
        }
        self.settings = settings;
        self.store
            .write(settings::FILE, &self.settings.to_json())
            .map_err(|e| AppError::Storage(format!("settings applied but not saved: {e}")))?;
        Ok(shuffled)
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

    fn save_daily(&self) {
        self.saver.queue(daily::FILE, self.daily.to_json());
    }

    fn save_scores(&self) {
        self.saver.queue(scores::FILE, self.scores.to_json());
    }
}
