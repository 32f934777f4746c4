//! The session's state: the current game (of any mode), settings, best scores, daily
//! record and statistics, and the [`Store`] and [`Host`] it saves through and reads the
//! clock and entropy from. A journey replaced by a game of another mode is kept aside
//! (`journey.json`) so that the player can continue it later. Every change but a tap that
//! only moves the selection is queued for saving at once (the store decides when it is
//! written); loading, which sets aside what cannot be read, is in `load.rs`. While the
//! game is a daily challenge its line of play is recorded and saved with it, and a win
//! without help may put a sealed result in the outbox (`online/`).

use llk_engine::classic::game::GameOptions;
use llk_engine::classic::journey::Journey;
use llk_engine::code::daily::UtcDate;

use crate::daily::{self, DailyRecord};
use crate::error::{AppError, AppResult};
use crate::host::{Host, Store};
use crate::mode::{AnyGame, NewGameOptions};
use crate::online::line::{DailyLine, LineEvent};
use crate::online::Online;
use crate::scores::{self, BestScores, JOURNEY_KEY, JOURNEY_LEVEL_KEY};
use crate::settings::{self, Settings};
use crate::stats::{self, Snapshot, Statistics, Stats};
use crate::view::{AnyView, Notice};

/// File name of the saved game (the engine's versioned format with the mode added, undo
/// history included).
pub const GAME_FILE: &str = "game.json";

/// File name of a journey set aside while another mode is played (the engine's journey
/// save).
pub const JOURNEY_FILE: &str = "journey.json";

/// Everything the commands work on.
#[derive(Debug)]
pub struct Session {
    pub(crate) game: Option<AnyGame>,
    /// A journey set aside for a game of another mode.
    pub(crate) parked: Option<Journey>,
    pub(crate) settings: Settings,
    pub(crate) scores: BestScores,
    pub(crate) daily: DailyRecord,
    pub(crate) stats: Stats,
    pub(crate) store: Box<dyn Store>,
    pub(crate) host: Box<dyn Host>,
    pub(crate) notices: Vec<String>,
    pub(crate) notice_codes: Vec<Notice>,
    /// The classic options of a saved game that no longer loads, for the fresh game.
    pub(crate) salvaged: Option<GameOptions>,
    /// The line of play while the current game is a daily challenge (saved with it).
    pub(crate) line: Option<DailyLine>,
    /// The identity and the outbox of results to post.
    pub(crate) online: Online,
}

impl Session {
    /// Waits until every queued save is stored (before exit, and in tests).
    pub fn flush(&self) {
        self.store.flush();
    }

    /// Today's date in UTC, from the host's clock.
    pub fn today(&self) -> AppResult<UtcDate> {
        Ok(daily::utc_date(self.host.now_ms())?)
    }

    /// A fresh random number from the host (the seed of a new journey).
    pub fn random_u64(&self) -> u64 {
        self.host.random_u64()
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

    /// [`Session::change_game`], also saying whether the change won the game with a
    /// score above the stored best for its layout (`scores.json`): the view's "New best"
    /// (an equal score, e.g. the same win again after an undo, is not a new best).
    pub fn change_game_scored<T>(
        &mut self,
        change: impl FnOnce(&mut AnyGame) -> AppResult<T>,
    ) -> AppResult<(T, bool)> {
        self.change_game_saved_if(change, |_| true)
    }

    /// [`Session::change_game_scored`] for a tap, whose outcome says whether it was a move:
    /// the game is saved only when `moved` holds for it. A tap that only changes the
    /// selection (a tile selected, deselected, or switched for another) is no move and is
    /// not saved: the selection is transient, and a resume shows the game as of its last
    /// saved change (its selection then; none after a match). This spares a save per
    /// selecting tap (on the web a storage write in the tap's frame).
    pub fn change_game_saved_if<T>(
        &mut self,
        change: impl FnOnce(&mut AnyGame) -> AppResult<T>,
        moved: impl FnOnce(&T) -> bool,
    ) -> AppResult<(T, bool)> {
        self.change_game_recorded(change, moved, |_, _| None)
    }

    /// [`Session::change_game_saved_if`], also recording in the daily line (when the game
    /// is a daily challenge) what `event` says the change did, given the game after it.
    /// A daily game won without help, with posting on, puts its sealed result in the
    /// outbox.
    pub fn change_game_recorded<T>(
        &mut self,
        change: impl FnOnce(&mut AnyGame) -> AppResult<T>,
        moved: impl FnOnce(&T) -> bool,
        event: impl FnOnce(&AnyGame, &T) -> Option<LineEvent>,
    ) -> AppResult<(T, bool)> {
        let game = self.game.as_mut().ok_or(AppError::NoGame)?;
        let was_won = game.is_won();
        let out = change(game)?;
        if let Some(line) = &mut self.line {
            if let Some(e) = event(game, &out) {
                line.record(e);
            }
        }
        let mut new_best = false;
        let mut post = false;
        if !was_won && game.is_won() && !game.is_assisted() {
            let (key, score) = (game.score_key(), game.score());
            let (daily_won, hinted) = match game {
                AnyGame::Classic(g) => (
                    self.daily.record_win(g.options(), g.elapsed_ms()),
                    g.counters().hints > 0,
                ),
                AnyGame::Stack(g) => (
                    self.daily.record_stack_win(g.elapsed_ms()),
                    g.counters().hints > 0,
                ),
                AnyGame::Journey(_) => (false, true),
            };
            post = !hinted;
            if self.scores.record(key, score) {
                new_best = true;
                self.save_scores();
            }
            if daily_won {
                self.save_daily();
            }
        }
        if post {
            if let Some(line) = self.line.clone() {
                self.post_win(&line);
            }
        }
        self.observe_stats();
        if moved(&out) {
            self.save_game();
        }
        Ok((out, new_best))
    }

    /// Records `event` in the daily line, if the game is a daily challenge, and saves the
    /// game with it (help asked for without a change of the game, such as the demo's
    /// winning line).
    pub fn record_line(&mut self, event: LineEvent) {
        if let Some(line) = &mut self.line {
            let was = line.clone();
            line.record(event);
            if *line != was {
                self.save_game();
            }
        }
    }

    /// The daily line of the current game, if it is a daily challenge.
    pub fn daily_line(&self) -> Option<&DailyLine> {
        self.line.as_ref()
    }

    /// Replaces the game (new game) and saves it; a deal equal to today's daily deal (its
    /// code typed, or the daily deal retried) counts as the daily deal.
    pub fn set_game(&mut self, game: AnyGame) {
        let day = self
            .today()
            .ok()
            .and_then(|today| daily::daily_date_of(&game, today));
        self.set_game_of_day(game, day);
    }

    /// Replaces the game with one that is the daily challenge of `date` in its mode (or of
    /// no day); a daily challenge starts its line of play. A journey replaced by another
    /// mode's game is kept aside (and saved) for `take_parked_journey`.
    pub fn set_game_of_day(&mut self, game: AnyGame, date: Option<UtcDate>) {
        if !matches!(game, AnyGame::Journey(_)) {
            if let Some(AnyGame::Journey(j)) = self.game.take() {
                match j.to_json() {
                    Ok(json) => self.store.queue(JOURNEY_FILE, json),
                    Err(e) => self.host.log(&format!("the journey was not saved: {e}")),
                }
                self.parked = Some(j);
            }
        }
        let journey = matches!(game, AnyGame::Journey(_));
        let (classic_day, stack_day, line) = match (&game, date) {
            (AnyGame::Classic(g), Some(d)) => (
                Some(d),
                None,
                Some(DailyLine::new(
                    d.to_string(),
                    llk_online::Mode::Classic,
                    g.options().auto_shuffle,
                )),
            ),
            (AnyGame::Stack(_), Some(d)) => (
                None,
                Some(d),
                Some(DailyLine::new(
                    d.to_string(),
                    llk_online::Mode::Stack,
                    false,
                )),
            ),
            _ => (None, None, None),
        };
        self.game = Some(game);
        self.line = line;
        self.save_game();
        let changed = self.daily.set_current(classic_day);
        if self.daily.set_stack_current(stack_day) || changed {
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
            if self.stats.observe(&snapshot, self.host.now_ms() / 1000) {
                self.store.queue(stats::FILE, self.stats.to_json());
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

    /// Options for a new game when the player has not chosen any: the default preset, a
    /// random seed from the host (one a deal code holds), solvable deals, paths around the
    /// board (the engine's defaults), and the saved preference for automatic shuffles.
    /// After a damaged save, the layout and rules it still showed (see `salvage`) replace
    /// the defaults.
    pub fn default_options(&self) -> NewGameOptions {
        NewGameOptions::Classic(GameOptions {
            // Below the codes' seed limit, so the first game has a code too.
            seed: self.host.random_u64() % llk_engine::code::SEED_LIMIT,
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
                // The replay of the line could not follow a change of its rules.
                if let Some(line) = &mut self.line {
                    line.record(LineEvent::RulesChanged);
                }
                self.save_game();
            }
        }
        self.settings = settings;
        self.store
            .write(settings::FILE, &self.settings.to_json())
            .map_err(|e| AppError::Storage(format!("settings applied but not saved: {e}")))?;
        Ok(shuffled)
    }

    /// Queues the game for saving; a game that cannot be written out is logged and the
    /// game goes on (the store reports its own failures the same way): the player should
    /// not lose a move because the disk is full.
    fn save_game(&self) {
        if let Some(game) = &self.game {
            match game.to_json_with_line(self.line.as_ref()) {
                Ok(json) => self.store.queue(GAME_FILE, json),
                Err(e) => self.host.log(&format!("the game was not saved: {e}")),
            }
        }
    }

    fn save_daily(&self) {
        self.store.queue(daily::FILE, self.daily.to_json());
    }

    fn save_scores(&self) {
        self.store.queue(scores::FILE, self.scores.to_json());
    }
}
