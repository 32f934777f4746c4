//! `new_game_from_level`: a level the player brought, as the text of a stack file or of
//! a captured 羊了个羊 map (the engine tells which and validates it,
//! `llk_engine::stack::import::read_level`). It replaces the current game only when it
//! is usable; a refused text leaves the current game as it was. The solver judges the
//! level once (without props, within `LEVEL_JUDGE_BUDGET`) so the view can say plainly
//! when it has no winning line; a line it finds guides the hints and the demo.
//! `new_game` with a brought level's options (Retry) restarts it from the start it keeps.

use llk_engine::stack::game::{LevelVerdict, Props, StackGame, StackOptions, LEVEL_JUDGE_BUDGET};
use llk_engine::stack::import::{read_level, DEFAULT_TRAY};

use crate::args::Arg;
use crate::error::{AppError, AppResult};
use crate::mode::AnyGame;
use crate::state::Session;
use crate::view::{LevelOpened, LevelVerdictView};

/// Opens the level in `text` (a stack file or a captured map) as a stack game with one of
/// each prop.
pub fn new_game_from_level(s: &mut Session, text: &Arg) -> AppResult<LevelOpened> {
    let text: String = text.parse("text")?;
    let level = read_level(&text, DEFAULT_TRAY)?;
    let mut game = StackGame::from_level(&level, Props::default())?;
    let verdict = match game.judge_level(LEVEL_JUDGE_BUDGET) {
        LevelVerdict::Winnable => LevelVerdictView::Winnable,
        LevelVerdict::Unwinnable => LevelVerdictView::Unwinnable,
        LevelVerdict::Unknown => LevelVerdictView::Unknown,
    };
    s.set_game(AnyGame::Stack(game));
    Ok(LevelOpened {
        game: s.view()?,
        verdict,
    })
}

/// The current brought level from its start (judged again, so hints follow a line), when
/// `options` are its own; a brought level that is not the current game cannot be dealt
/// from its options.
pub fn restart_level(s: &Session, options: &StackOptions) -> AppResult<AnyGame> {
    match s.game() {
        Ok(AnyGame::Stack(g)) if g.options() == options => {
            let mut game = g.restart()?;
            game.judge_level(LEVEL_JUDGE_BUDGET);
            Ok(AnyGame::Stack(game))
        }
        _ => Err(AppError::BadArgument(
            "a level the player brought restarts only while it is the current game: open its file again"
                .into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use crate::invoke::invoke;
    use crate::memory::{FixedHost, MemoryStore};
    use crate::state::Session;
    use serde_json::{json, Value};

    const MAP: &str = include_str!("../../../engine/tests/data/sheep-maps/captured-192.json");

    fn session(store: &MemoryStore) -> Session {
        Session::load(
            Box::new(store.clone()),
            Box::new(FixedHost::new(1_796_040_000_000, 7)),
        )
    }

    fn free(view: &Value) -> Vec<u64> {
        view["tiles"]
            .as_array()
            .expect("tiles")
            .iter()
            .filter(|t| t["place"] == "board" && t["free"] == true)
            .map(|t| t["id"].as_u64().expect("id"))
            .collect()
    }

    #[test]
    fn a_captured_map_opens_plays_saves_and_resumes() {
        let store = MemoryStore::new();
        let mut s = session(&store);
        let opened = invoke(&mut s, "new_game_from_level", &json!({ "text": MAP }))
            .expect("the real map opens");
        let verdict = opened["verdict"].as_str().expect("verdict");
        assert!(["winnable", "unwinnable", "unknown"].contains(&verdict));
        let mut view = opened["game"].clone();
        assert_eq!(view["mode"], "stack");
        assert_eq!(view["tiles"].as_array().map(Vec::len), Some(192));
        for t in 0..2 {
            let id = *free(&view).first().expect("a free tile");
            let taken = invoke(
                &mut s,
                "select",
                &json!({ "id": id, "elapsedMs": 100 * (t + 1) }),
            )
            .expect("take");
            view = taken["game"].clone();
            view["mode"] = json!("stack");
        }
        assert!(view["tray"].as_array().is_some_and(|t| !t.is_empty()));
        s.flush();
        drop(s);
        let mut again = session(&store);
        let resumed = invoke(&mut again, "game_state", &json!({})).expect("resumes");
        assert_eq!(resumed["tiles"], view["tiles"], "the same level and places");
        assert_eq!(resumed["tray"], view["tray"]);
        let mut s = again;
        let fresh = invoke(&mut s, "new_game_from_level", &json!({ "text": MAP })).expect("opens");
        s.flush();
        drop(s);
        let mut again = session(&store);
        let resumed = invoke(&mut again, "game_state", &json!({})).expect("resumes");
        assert_eq!(resumed, fresh["game"], "a fresh level resumes as it was");
    }

    #[test]
    fn retry_restarts_the_brought_level_and_only_while_it_is_the_game() {
        let store = MemoryStore::new();
        let mut s = session(&store);
        let opened = invoke(&mut s, "new_game_from_level", &json!({ "text": MAP })).expect("opens");
        let start = opened["game"].clone();
        let options = start["options"].clone();
        assert_eq!(options["imported"], true);
        assert_ne!(options["seed"], "0", "the level's fingerprint");
        for t in 0..3 {
            let id = *free(&invoke(&mut s, "game_state", &json!({})).expect("state"))
                .first()
                .expect("a free tile");
            invoke(
                &mut s,
                "select",
                &json!({ "id": id, "elapsedMs": 100 * (t + 1) }),
            )
            .expect("take");
        }
        let mut retry = options.clone();
        retry["mode"] = json!("stack");
        let again = invoke(&mut s, "new_game", &json!({ "options": retry })).expect("retry");
        assert_eq!(
            again["tiles"], start["tiles"],
            "the same level from its start"
        );
        assert_eq!(again["options"], options);
        assert_eq!(
            again["code"],
            Value::Null,
            "no deal code expresses a brought level"
        );

        // once another game is on, the brought level's options deal nothing
        let mut deal = retry.clone();
        deal["imported"] = json!(false);
        deal["level"] = json!(1);
        deal["random_fill"] = json!(false);
        invoke(&mut s, "new_game", &json!({ "options": deal })).expect("a deal");
        let e = invoke(&mut s, "new_game", &json!({ "options": retry })).expect_err("refused");
        assert_eq!(e.body().code, "bad_argument");
        assert!(e.to_string().contains("open its file again"), "{e}");
    }

    #[test]
    fn a_stack_file_opens_too_and_bad_text_keeps_the_game() {
        let store = MemoryStore::new();
        let mut s = session(&store);
        let file = json!({"tray": 5, "tiles": [
            {"x": 0, "y": 0, "z": 0, "kind": 0}, {"x": 4, "y": 0, "z": 0, "kind": 0},
            {"x": 8, "y": 0, "z": 0, "kind": 0}]})
        .to_string();
        let opened =
            invoke(&mut s, "new_game_from_level", &json!({ "text": file })).expect("opens");
        assert_eq!(opened["verdict"], "winnable");
        let before = invoke(&mut s, "game_state", &json!({})).expect("state");
        for (text, code) in [
            (
                json!("{\"1\": [{\"type\": 1, \"rolNum\": 0, \"rowNum\": 0}]}"),
                "bad_map",
            ),
            (json!("not json"), "bad_map"),
            (json!("{\"tray\": 7, \"tiles\": [{\"x\": 0}]}"), "bad_stack"),
            (json!(12), "bad_argument"),
        ] {
            let e = invoke(&mut s, "new_game_from_level", &json!({ "text": text }))
                .expect_err("refused");
            assert_eq!(e.body().code, code, "{text}: {e}");
            assert!(!e.to_string().contains('\n'));
        }
        let after = invoke(&mut s, "game_state", &json!({})).expect("state");
        assert_eq!(after, before, "a refused level changes nothing");
    }
}
