//! The fuzzer's table of commands: for each IPC command, how to make random (often
//! malformed) arguments for it and what a success does to the undo history. A command
//! added later (journey, deal codes, solvability...) plugs in with one entry here; a test
//! fails while a registered command has none.

use serde_json::{json, Value};

use super::gen::Gen;

/// What a successful command does to the board and its undo history, as the fuzzer's
/// model tracks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hist {
    /// The board is unchanged (only counters, clock, selection may move).
    Keep,
    /// An undoable change: undo must bring back exactly the board before it.
    Push,
    /// An undo: the board is the one before the last `Push`.
    Pop,
    /// A new game, or a change that forgets the history (stack move-out).
    Clear,
    /// The board changed in a way that undo does not reverse exactly (stack shuffle
    /// re-deals kinds): the history keeps its length but can no longer be compared.
    Stale,
    /// Not modelled: the fuzzer stops checking undo until the next `Clear`.
    #[allow(dead_code)] // for commands whose effect is not modelled yet
    Unknown,
}

/// One command: its name, its arguments, and its effect.
pub struct Cmd {
    pub name: &'static str,
    /// Arguments for the current game (`None` when there is none).
    pub args: fn(&mut Gen, Option<&Value>) -> Value,
    /// Never changes the game (checked: the game after equals the game before).
    pub read_only: bool,
    /// The effect of a success, given the game before (if any) and the response.
    pub effect: fn(Option<&Value>, &Value) -> Hist,
}

fn no_args(_: &mut Gen, _: Option<&Value>) -> Value {
    json!({})
}

/// `start` with no layout, a preset's name, an unknown name or junk (the view's first-game layout).
fn start_args(g: &mut Gen, _: Option<&Value>) -> Value {
    let layout = match g.pick(&["10x10", "18x8", "30x16", "7x7", ""]) {
        Some(name) if g.chance(0.7) => json!(name),
        _ => g.junk(1),
    };
    if g.chance(0.5) {
        json!({})
    } else {
        json!({ "layout": layout })
    }
}

fn keep(_: Option<&Value>, _: &Value) -> Hist {
    Hist::Keep
}

fn mode(view: Option<&Value>) -> &str {
    view.and_then(|v| v["mode"].as_str()).unwrap_or("")
}

/// Every command the fuzzer knows. Keep in step with `session/src/command_names.rs`.
pub const TABLE: &[Cmd] = &[
    Cmd {
        name: "start",
        args: start_args,
        read_only: false,
        effect: |before, _| {
            if before.is_none() {
                Hist::Clear
            } else {
                Hist::Keep
            }
        },
    },
    Cmd {
        name: "presets",
        args: no_args,
        read_only: true,
        effect: keep,
    },
    Cmd {
        name: "new_game",
        args: new_game_args,
        read_only: false,
        effect: |_, _| Hist::Clear,
    },
    Cmd {
        name: "select",
        args: select_args,
        read_only: false,
        effect: |before, res| match mode(before) {
            "stack" => Hist::Push,
            _ if res["outcome"]["kind"] == "matched" => Hist::Push,
            _ => Hist::Keep,
        },
    },
    Cmd {
        name: "hint",
        args: no_args,
        read_only: false,
        effect: keep,
    },
    Cmd {
        name: "shuffle",
        args: no_args,
        read_only: false,
        effect: |before, _| match mode(before) {
            "stack" => Hist::Stale,
            _ => Hist::Push,
        },
    },
    Cmd {
        name: "undo",
        args: no_args,
        read_only: false,
        effect: |_, _| Hist::Pop,
    },
    Cmd {
        name: "game_state",
        args: no_args,
        read_only: true,
        effect: keep,
    },
    Cmd {
        name: "set_elapsed",
        args: |g, _| json!({ "elapsedMs": g.elapsed() }),
        read_only: false,
        effect: keep,
    },
    Cmd {
        name: "get_settings",
        args: no_args,
        read_only: true,
        effect: keep,
    },
    Cmd {
        name: "set_settings",
        args: |g, _| {
            let languages = ["auto", "en", "zh-Hans", "zh-Hant", "fr"];
            let muted = [json!(null), json!(true), json!(false)][g.below(3)].clone();
            let settings = json!({
                "language": languages[g.below(languages.len())],
                "auto_shuffle": g.chance(0.5),
                "muted": muted,
                "intro_seen": g.chance(0.5),
            });
            let settings = g.or_junk(settings);
            json!({ "settings": settings })
        },
        read_only: false,
        // Auto-shuffle turned on while stuck shuffles (undoably) and returns the game.
        effect: |_, payload| {
            if payload["game"].is_null() {
                Hist::Keep
            } else {
                Hist::Push
            }
        },
    },
    Cmd {
        name: "move_out",
        args: no_args,
        read_only: false,
        effect: |_, _| Hist::Clear,
    },
    Cmd {
        name: "winning_line",
        args: no_args,
        read_only: true,
        effect: keep,
    },
    Cmd {
        name: "journey_start",
        args: |g, _| {
            let restart = g.chance(0.3);
            json!({ "restart": g.or_junk(json!(restart)) })
        },
        read_only: false,
        // A new journey starts a fresh level; continuing the current journey, or the one
        // kept aside, brings back its level's history, which the model has not seen.
        effect: |_, res| {
            let fresh = res["journey"]["level"] == 1
                && res["game"]["counters"]["moves"] == 0
                && res["game"]["can_undo"] == false;
            if fresh {
                Hist::Clear
            } else {
                Hist::Unknown
            }
        },
    },
    Cmd {
        name: "journey_next",
        args: no_args,
        read_only: false,
        effect: |_, _| Hist::Clear,
    },
    Cmd {
        name: "journey_retry",
        args: no_args,
        read_only: false,
        effect: |_, _| Hist::Clear,
    },
    Cmd {
        name: "judge",
        args: no_args,
        read_only: false,
        effect: keep,
    },
    Cmd {
        name: "undo_to_solvable",
        args: no_args,
        read_only: false,
        // Several undos at once: the model does not track how many.
        effect: |_, _| Hist::Unknown,
    },
    Cmd {
        name: "solve_step",
        args: |g, _| json!({ "elapsedMs": g.elapsed() }),
        read_only: false,
        effect: |_, res| match res["outcome"]["kind"].as_str() {
            Some("matched") => Hist::Push,
            _ => Hist::Keep,
        },
    },
    Cmd {
        name: "new_game_from_code",
        args: code_args,
        read_only: false,
        effect: |_, _| Hist::Clear,
    },
    Cmd {
        name: "new_game_from_level",
        args: level_args,
        read_only: false,
        effect: |_, _| Hist::Clear,
    },
    Cmd {
        name: "daily_deal",
        args: |g, view| {
            let mut args = date_args(g, view);
            if g.chance(0.3) {
                let mode = g
                    .pick(&["classic", "stack", "journey"])
                    .copied()
                    .unwrap_or("");
                args["mode"] = g.or_junk(json!(mode));
            }
            args
        },
        read_only: false,
        effect: |_, _| Hist::Clear,
    },
    Cmd {
        name: "daily_status",
        args: date_args,
        read_only: true,
        effect: keep,
    },
    Cmd {
        name: "statistics",
        args: no_args,
        read_only: true,
        effect: keep,
    },
    Cmd {
        name: "launch_report",
        args: report_args,
        read_only: true,
        effect: keep,
    },
    Cmd {
        name: "online_status",
        args: no_args,
        read_only: true,
        effect: keep,
    },
    Cmd {
        name: "set_online",
        args: online_args,
        read_only: true,
        effect: keep,
    },
    Cmd {
        name: "online_outbox",
        args: no_args,
        read_only: true,
        effect: keep,
    },
    Cmd {
        name: "online_delivered",
        args: delivered_args,
        read_only: true,
        effect: keep,
    },
    Cmd {
        name: "online_refused",
        args: |g, _| {
            let error = json!({ "error": "date_closed", "message": "the date is closed" });
            json!({ "id": g.or_junk(json!("0123456789abcdef")), "error": g.or_junk(error) })
        },
        read_only: true,
        effect: keep,
    },
];

/// `set_online`'s choices: posting, a name (valid, empty or refused) and a server address
/// (none, a well-formed one or a refused one). The server is never contacted here.
fn online_args(g: &mut Gen, _: Option<&Value>) -> Value {
    let name = g
        .pick(&["Ada", "", "小羊", "a\u{0}b", "   "])
        .copied()
        .unwrap_or("");
    let server = g
        .pick(&["", "http://127.0.0.1:9", "https://u:p@x.org", "ftp://x"])
        .copied()
        .unwrap_or("");
    let posting = g.chance(0.5);
    json!({
        "posting": g.or_junk(json!(posting)),
        "name": g.or_junk(json!(name)),
        "server": g.or_junk(json!(server)),
    })
}

/// `online_delivered`'s report: an id and the server's answer (or junk).
fn delivered_args(g: &mut Gen, _: Option<&Value>) -> Value {
    let date = if g.chance(0.8) {
        "2026-11-30"
    } else {
        "2026-13-01"
    };
    let answer = json!({
        "date": date, "mode": "classic", "time_ms": 93000, "props": false,
        "best_ms": 93000, "best_props": false, "improved": true,
        "rank": 3, "finishers": 41, "top_percent": 8,
    });
    json!({ "id": g.or_junk(json!("0123456789abcdef")), "answer": g.or_junk(answer) })
}

/// `launch_report`'s argument: marks as the view sends them, or something else (the fuzz
/// runs without `LLK_LAUNCH_REPORT`, so nothing is written either way).
fn report_args(g: &mut Gen, _: Option<&Value>) -> Value {
    match g.below(3) {
        0 => {
            json!({ "report": { "origin": 1.7e12, "firstBoardMs": g.below(10_000), "marks": { "init": 1.5 } } })
        }
        1 => json!({ "report": g.below(10) }),
        _ => json!({}),
    }
}

/// A level's text: a small captured map (valid, or with a card moved or dropped), a
/// stack file, or junk.
fn level_args(g: &mut Gen, _view: Option<&Value>) -> Value {
    let mut cards: Vec<Value> = (0..6)
        .map(|i| json!({"type": i % 2, "rolNum": (i % 3) * 8, "rowNum": 0, "layerNum": 1 + i / 3}))
        .collect();
    match g.below(3) {
        0 => {}
        1 => {
            let at = g.below(cards.len());
            cards[at]["rolNum"] = json!(g.below(30));
        }
        _ => {
            cards.pop();
        }
    }
    let mut layers = serde_json::Map::new();
    for c in cards {
        let key = c["layerNum"].to_string();
        if let Value::Array(list) = layers.entry(key).or_insert_with(|| json!([])) {
            list.push(c);
        }
    }
    let text = match g.below(4) {
        0 | 1 => Value::Object(layers).to_string(),
        2 => json!({"tray": 7, "tiles": [{"x": 0, "y": 0, "z": 0, "kind": 0},
            {"x": 4, "y": 0, "z": 0, "kind": 0}, {"x": 8, "y": 0, "z": 0, "kind": 0}]})
        .to_string(),
        _ => "{\"1\": [".to_string(),
    };
    match g.below(8) {
        0 => json!({}),
        1 => json!({ "text": g.below(10) }),
        _ => json!({ "text": text }),
    }
}

/// A deal code: the current game's (its own, or with one symbol changed), a made-up one,
/// or junk.
fn code_args(g: &mut Gen, view: Option<&Value>) -> Value {
    let own = view
        .map(|v| {
            if v["mode"] == "journey" {
                &v["game"]["code"]
            } else {
                &v["code"]
            }
        })
        .and_then(Value::as_str)
        .map(str::to_string);
    const SYMBOLS: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ-ilo ";
    let code = match (g.below(4), own) {
        (0 | 1, Some(own)) => own,
        (2, Some(own)) => {
            let mut bytes = own.into_bytes();
            let at = g.below(bytes.len().max(1));
            if let Some(b) = bytes.get_mut(at) {
                *b = SYMBOLS[g.below(SYMBOLS.len())];
            }
            String::from_utf8_lossy(&bytes).into_owned()
        }
        _ => (0..g.below(20))
            .map(|_| SYMBOLS[g.below(SYMBOLS.len())] as char)
            .collect(),
    };
    json!({ "code": g.or_junk(json!(code)) })
}

/// A UTC date `YYYY-MM-DD` (sometimes impossible), none (today), or junk.
fn date_args(g: &mut Gen, _: Option<&Value>) -> Value {
    if g.chance(0.3) {
        return json!({});
    }
    let date = format!(
        "{:04}-{:02}-{:02}",
        1990 + g.below(80),
        g.below(14),
        g.below(33)
    );
    json!({ "date": g.or_junk(json!(date)) })
}

/// The table entry of `name`.
pub fn entry(name: &str) -> Option<&'static Cmd> {
    TABLE.iter().find(|c| c.name == name)
}

fn new_game_args(g: &mut Gen, _: Option<&Value>) -> Value {
    let mut options = if g.chance(0.5) {
        g.classic_options()
    } else {
        g.stack_options()
    };
    if g.chance(0.1) {
        // Views before stack mode sent classic options without a mode.
        if let Value::Object(map) = &mut options {
            map.remove("mode");
        }
    }
    if g.chance(0.1) {
        options = g.mutate_object(options);
    }
    json!({ "options": g.or_junk(options) })
}

fn select_args(g: &mut Gen, view: Option<&Value>) -> Value {
    let elapsed = g.elapsed();
    let pick = match g.below(20) {
        0 => Target::Junk,
        1 => Target::Both,
        2 | 3 => Target::Other,
        _ => Target::Good,
    };
    let stack = view.is_some_and(|v| v["mode"] == "stack");
    // A journey's level is a classic board, nested under `game`.
    let view = view.map(|v| {
        if v["mode"] == "journey" {
            &v["game"]
        } else {
            v
        }
    });
    match (pick, stack) {
        (Target::Junk, _) => {
            let (row, col, id) = (g.junk(1), g.junk(1), g.junk(1));
            json!({ "row": row, "col": col, "id": id, "elapsedMs": elapsed })
        }
        (Target::Both, _) => json!({ "row": 0, "col": 0, "id": 0, "elapsedMs": elapsed }),
        // The other mode's argument, or out of range.
        (Target::Other, true) => {
            json!({ "row": g.below(9), "col": g.below(9), "elapsedMs": elapsed })
        }
        (Target::Other, false) => json!({ "id": g.below(9), "elapsedMs": elapsed }),
        (Target::Good, true) => {
            let tiles = view.and_then(|v| v["tiles"].as_array());
            let ids = |free_only: bool| -> Vec<u64> {
                tiles
                    .into_iter()
                    .flatten()
                    .filter(|t| !free_only || t["free"] == true)
                    .filter_map(|t| t["id"].as_u64())
                    .collect()
            };
            let (free, all) = (ids(true), ids(false));
            let id = match g.below(20) {
                0 => json!(all.len() as i64 + g.below(3) as i64 - 1),
                1 | 2 => json!(g.pick(&all).copied().unwrap_or(0)),
                _ => json!(g.pick(&free).copied().unwrap_or(0)),
            };
            json!({ "id": id, "elapsedMs": elapsed })
        }
        (Target::Good, false) => {
            let cells: Vec<(usize, usize)> = view
                .and_then(|v| v["cells"].as_array())
                .map(|rows| {
                    rows.iter()
                        .enumerate()
                        .flat_map(|(r, row)| {
                            row.as_array()
                                .into_iter()
                                .flatten()
                                .enumerate()
                                .filter(|(_, k)| !k.is_null())
                                .map(move |(c, _)| (r, c))
                        })
                        .collect()
                })
                .unwrap_or_default();
            let (row, col) = match g.pick(&cells) {
                Some(&(r, c)) if g.chance(0.9) => (r as i64, c as i64),
                _ => (g.below(10) as i64 - 1, g.below(10) as i64 - 1),
            };
            json!({ "row": row, "col": col, "elapsedMs": elapsed })
        }
    }
}

enum Target {
    Good,
    Other,
    Both,
    Junk,
}
