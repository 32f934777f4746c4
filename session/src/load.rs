//! Loading a session from its store: settings, best scores, daily record, statistics,
//! the saved game and a journey set aside. A file that cannot be read or parsed (or is
//! larger than any save) is set aside through the store, so that the next save does not
//! overwrite it, and the player is told once: an English notice for the log and a code the
//! view translates. What still shows in a damaged classic save (its layout and rules, see
//! `salvage`) is kept for the fresh game; everything else starts fresh. A daily line saved
//! with the game that does not read is dropped, never the game; a damaged identity is set
//! aside and a new key made at its next use.

use llk_engine::classic::journey::Journey;
use llk_online::Mode;
use serde_json::Value;

use crate::daily::{self, DailyRecord};
use crate::host::{Host, Store};
use crate::mode::AnyGame;
use crate::online::identity::{self, Identity};
use crate::online::line::DailyLine;
use crate::online::outbox::{self, Outbox};
use crate::online::Online;
use crate::salvage;
use crate::scores::{self, BestScores};
use crate::settings::{self, Settings};
use crate::state::{Session, GAME_FILE, JOURNEY_FILE};
use crate::stats::{self, Stats};
use crate::view::{Notice, NoticeCode, SavedFile};

/// Largest file the session reads: far above any real save (a 30×16 game with a long undo
/// history is tens of KB), so a runaway or foreign file is set aside unread instead of
/// filling memory. A store may refuse to read a larger file before reading it (the desktop
/// does).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// What loading one file produced.
#[derive(Debug)]
enum Loaded<T> {
    /// No such file: a first run, or never saved.
    Missing,
    /// Read and parsed.
    Ok(T),
    /// Unreadable or unparsable: set aside as `kept_as` (a file name; `None` if even that
    /// failed); `notice` says so in English.
    Corrupt {
        notice: String,
        kept_as: Option<String>,
    },
}

/// Reads and parses `name` from `store` (`what` names it in the notice). A file that
/// cannot be read or parsed is set aside so that the next save does not overwrite it.
fn load<T>(
    store: &dyn Store,
    name: &str,
    what: &str,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Loaded<T> {
    let problem = match store.read(name) {
        Ok(None) => return Loaded::Missing,
        Ok(Some(text)) if text.len() as u64 > MAX_FILE_BYTES => format!(
            "{} bytes, more than any save ({MAX_FILE_BYTES} bytes at most)",
            text.len()
        ),
        Ok(Some(text)) => match parse(&text) {
            Ok(value) => return Loaded::Ok(value),
            Err(why) => why,
        },
        Err(why) => why,
    };
    match store.set_aside(name) {
        Ok(kept) => Loaded::Corrupt {
            notice: format!(
                "The saved {what} could not be used ({problem}); it was kept as {} and a fresh one was started.",
                store.describe(&kept)
            ),
            kept_as: Some(kept),
        },
        Err(e) => Loaded::Corrupt {
            notice: format!(
                "The saved {what} could not be used ({problem}) and could not be set aside ({e}); a fresh one was started."
            ),
            kept_as: None,
        },
    }
}

/// Loads the files of one session: what it reads from, and the notices gathered so far
/// (English lines and the same as codes).
struct Loader<'a> {
    store: &'a dyn Store,
    host: &'a dyn Host,
    lines: Vec<String>,
    codes: Vec<Notice>,
}

impl Loader<'_> {
    /// File `name` (`what` in the notice, `file` in its code) parsed by `parse`, if it
    /// loads; a corrupt file's notice is logged (it names the reason and where the file is
    /// kept) and kept as a line and as a code.
    fn file<T>(
        &mut self,
        name: &str,
        what: &str,
        file: SavedFile,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Option<T> {
        match load(self.store, name, what, parse) {
            Loaded::Ok(v) => Some(v),
            Loaded::Missing => None,
            Loaded::Corrupt { notice, kept_as } => {
                self.host.log(&notice);
                self.lines.push(notice);
                self.codes.push(Notice {
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
}

impl Session {
    /// Loads settings, best scores, the daily record, statistics, the saved game and a
    /// journey set aside from `store`; whatever cannot be used is set aside with a notice
    /// (for `start` to show once) and replaced by a fresh default.
    // A fresh record is `new()`, not `Default`: `new` stamps the format version.
    #[allow(clippy::unwrap_or_default)]
    pub fn load(store: Box<dyn Store>, host: Box<dyn Host>) -> Session {
        let mut l = Loader {
            store: store.as_ref(),
            host: host.as_ref(),
            lines: Vec::new(),
            codes: Vec::new(),
        };
        let settings = l.file(
            settings::FILE,
            "settings",
            SavedFile::Settings,
            Settings::from_json,
        );
        let scores = l.file(
            scores::FILE,
            "best scores",
            SavedFile::Scores,
            BestScores::from_json,
        );
        let daily = l.file(
            daily::FILE,
            "daily record",
            SavedFile::Daily,
            DailyRecord::from_json,
        );
        let stats = l.file(
            stats::FILE,
            "statistics",
            SavedFile::Stats,
            Stats::from_json,
        );
        let identity = l.file(
            identity::FILE,
            "online identity",
            SavedFile::Identity,
            Identity::from_json,
        );
        let outbox = l.file(
            outbox::FILE,
            "online outbox",
            SavedFile::Outbox,
            Outbox::from_json,
        );
        let mut salvaged = None;
        let saved = l.file(GAME_FILE, "game", SavedFile::Game, |text| {
            AnyGame::from_json_with_line(text)
                .inspect_err(|_| salvaged = salvage::classic_options(text))
        });
        let daily = daily.unwrap_or_else(DailyRecord::new);
        let (game, line) = match saved {
            Some((game, line)) => {
                let line = line.and_then(|l| daily_line(l, &game, &daily, host.as_ref()));
                (Some(game), line)
            }
            None => (None, None),
        };
        let parked = l.file(JOURNEY_FILE, "journey", SavedFile::Journey, |t| {
            Journey::from_json(t).map_err(|e| e.to_string())
        });
        let (lines, codes) = (l.lines, l.codes);
        Session {
            game,
            parked,
            settings: settings.unwrap_or_default(),
            scores: scores.unwrap_or_else(BestScores::new),
            daily,
            stats: stats.unwrap_or_else(Stats::new),
            store,
            host,
            notices: lines,
            notice_codes: codes,
            salvaged,
            line,
            online: Online {
                identity,
                outbox: outbox.unwrap_or_default(),
            },
        }
    }
}

/// The saved daily line of `game`, when it reads and belongs to the daily challenge the
/// record says the game is; otherwise it is dropped (logged): the game itself is kept,
/// only its result can no longer be posted.
fn daily_line(
    value: Value,
    game: &AnyGame,
    daily: &DailyRecord,
    host: &dyn Host,
) -> Option<DailyLine> {
    let line: DailyLine = match serde_json::from_str(&value.to_string()) {
        Ok(line) => line,
        Err(e) => {
            host.log(&format!(
                "the daily line of the saved game was dropped: {e}"
            ));
            return None;
        }
    };
    let day = match game {
        AnyGame::Classic(_) => daily.current_day(),
        AnyGame::Stack(_) => daily.stack_current_day(),
        AnyGame::Journey(_) => None,
    };
    let mode = match game {
        AnyGame::Stack(_) => Mode::Stack,
        _ => Mode::Classic,
    };
    if day != Some(line.date.as_str()) || line.mode != mode {
        host.log("the daily line of the saved game is not its challenge's: dropped");
        return None;
    }
    Some(line)
}
