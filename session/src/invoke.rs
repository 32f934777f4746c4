//! One JSON dispatcher for every command name in `COMMANDS` (`command_names.rs`), for a
//! shell without Tauri (the web): the command's name, its arguments as the view sends
//! them (a JSON object keyed in camelCase, or `null`), and the answer as JSON. Each arm
//! calls the same command function the desktop's Tauri command calls, with each argument
//! taken out of the object the way Tauri takes it ([`Arg::field`]).

use serde::Serialize;
use serde_json::Value;

use crate::args::Arg;
use crate::commands::{self, codes, journey, launch, level, online, solvability};
use crate::error::{AppError, AppResult};
use crate::state::Session;

/// Runs `command` with `args` on `session`: the payload as JSON, or the `AppError` the
/// command refused with (an unknown command is `bad_argument`). `judge` judges in place;
/// `launch_report` checks its report and answers `false` (nothing is written).
pub fn invoke(session: &mut Session, command: &str, args: &Value) -> AppResult<Value> {
    let s = session;
    let arg = |key: &str| Arg::field(args, key);
    match command {
        "start" => json(commands::start(s, &arg("layout"))),
        "presets" => json(Ok(commands::presets())),
        "new_game" => json(commands::new_game(s, &arg("options"))),
        "select" => json(commands::select(
            s,
            &arg("row"),
            &arg("col"),
            &arg("id"),
            &arg("elapsedMs"),
        )),
        "hint" => json(commands::hint(s)),
        "shuffle" => json(commands::shuffle(s, &arg("elapsedMs"))),
        "undo" => json(commands::undo(s, &arg("elapsedMs"))),
        "game_state" => json(commands::game_state(s)),
        "set_elapsed" => json(commands::set_elapsed(s, &arg("elapsedMs"))),
        "get_settings" => json(commands::get_settings(s)),
        "set_settings" => json(commands::set_settings(s, &arg("settings"))),
        "move_out" => json(commands::move_out(s, &arg("elapsedMs"))),
        "winning_line" => json(commands::winning_line(s)),
        "journey_start" => json(journey::journey_start(s, &arg("restart"))),
        "journey_next" => json(journey::journey_next(s)),
        "journey_retry" => json(journey::journey_retry(s)),
        "judge" => json(solvability::judge(s)),
        "undo_to_solvable" => json(solvability::undo_to_solvable(s)),
        "solve_step" => json(solvability::solve_step(s, &arg("elapsedMs"))),
        "new_game_from_code" => json(codes::new_game_from_code(s, &arg("code"))),
        "new_game_from_level" => json(level::new_game_from_level(s, &arg("text"))),
        "daily_deal" => json(codes::daily_deal(s, &arg("date"), &arg("mode"))),
        "daily_status" => json(codes::daily_status(s, &arg("date"))),
        "statistics" => json(commands::statistics(s)),
        "launch_report" => json(launch::launch_report(&arg("report"))),
        "online_status" => json(online::online_status(s)),
        "set_online" => json(online::set_online(
            s,
            &arg("posting"),
            &arg("name"),
            &arg("server"),
        )),
        "online_outbox" => json(online::online_outbox(s)),
        "online_delivered" => json(online::online_delivered(s, &arg("id"), &arg("answer"))),
        "online_refused" => json(online::online_refused(s, &arg("id"), &arg("error"))),
        other => Err(AppError::BadArgument(format!("unknown command `{other}`"))),
    }
}

/// A command's answer as JSON (as Tauri serializes it).
fn json<T: Serialize>(answer: AppResult<T>) -> AppResult<Value> {
    let payload = answer?;
    serde_json::to_value(payload)
        .map_err(|e| AppError::Internal(format!("the answer could not be serialized: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command_names::COMMANDS;
    use crate::memory::{FixedHost, MemoryStore};
    use serde_json::json;

    fn session() -> Session {
        Session::load(
            Box::new(MemoryStore::new()),
            Box::new(FixedHost::new(1_796_040_000_000, 7)),
        )
    }

    /// A refusal of an unknown command, as the dispatcher words it.
    fn unknown(e: &AppError) -> bool {
        e.code() == "bad_argument" && e.to_string().starts_with("unknown command")
    }

    #[test]
    fn every_command_name_dispatches() {
        // Once before any game (most refuse with `no_game`) and once during one.
        let mut s = session();
        for with_game in [false, true] {
            if with_game {
                invoke(&mut s, "start", &json!({})).expect("start");
            }
            for name in COMMANDS {
                for args in [json!({}), Value::Null] {
                    if let Err(e) = invoke(&mut s, name, &args) {
                        assert!(!unknown(&e), "`{name}` is not dispatched: {e}");
                    }
                }
            }
        }
    }

    #[test]
    fn an_unknown_command_is_a_bad_argument() {
        let mut s = session();
        for name in ["", "Start", "start ", "drop_tables", "judge_task"] {
            let e = invoke(&mut s, name, &json!({})).expect_err(name);
            assert!(unknown(&e), "{name}: {e}");
            assert_eq!(e.body().code, "bad_argument");
        }
        assert!(!s.has_game(), "nothing ran");
    }

    #[test]
    fn arguments_are_read_as_the_view_sends_them() {
        let mut s = session();
        let options = json!({
            "rows": 4, "cols": 4, "kinds": 4, "seed": "3", "solvable": true, "ring": true,
            "auto_shuffle": false, "slide": "none",
        });
        let game = invoke(&mut s, "new_game", &json!({ "options": options })).expect("deal");
        assert_eq!(
            (&game["mode"], &game["rows"]),
            (&json!("classic"), &json!(4))
        );
        let hint = invoke(&mut s, "hint", &Value::Null).expect("hint")["hint"].clone();
        let tap = |s: &mut Session, cell: &Value, t: u64| {
            invoke(
                s,
                "select",
                &json!({ "row": cell[0], "col": cell[1], "elapsedMs": t }),
            )
        };
        tap(&mut s, &hint["a"], 100).expect("first tile");
        let res = tap(&mut s, &hint["b"], 900).expect("second tile");
        assert_eq!(res["outcome"]["kind"], "matched", "{res}");
        assert_eq!(res["game"]["elapsed_ms"], 900);
        let e = invoke(
            &mut s,
            "select",
            &json!({ "row": 0, "col": 0, "elapsedMs": -1 }),
        )
        .expect_err("a negative time");
        assert!(e.to_string().contains("elapsedMs"), "{e}");
        let e = invoke(&mut s, "set_elapsed", &json!({ "elapsed_ms": 5 }))
            .expect_err("the key is camelCase");
        assert_eq!(e.code(), "bad_argument");
        assert_eq!(
            invoke(&mut s, "set_elapsed", &json!({ "elapsedMs": 5 })).ok(),
            Some(Value::Null)
        );
        let day = invoke(&mut s, "daily_status", &json!({})).expect("status");
        assert_eq!(day["today"], "2026-11-30", "from the host's clock");
        assert_eq!(
            invoke(&mut s, "launch_report", &json!({ "report": {} })).ok(),
            Some(json!(false))
        );
    }
}
