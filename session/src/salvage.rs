//! What survives of a saved game that no longer loads: the classic layout and rules it was
//! played with, read leniently, so that the fresh game dealt in its place keeps the
//! player's last layout. Nothing else is trusted (the board, score and history are gone).

use llk_engine::classic::game::{Game, GameOptions};
use serde_json::Value;

/// The classic options of the damaged save `text`, when they can still be read and the
/// engine deals with them; `None` for other modes or a file too damaged to tell.
pub fn classic_options(text: &str) -> Option<GameOptions> {
    let doc: Value = serde_json::from_str(text).ok()?;
    if doc.get("mode").is_some_and(|m| m != "classic") {
        return None;
    }
    // read as text, like every save, not `from_value` (one copy of the options' reader)
    let options: GameOptions =
        serde_json::from_str(&doc.get("game")?.get("options")?.to_string()).ok()?;
    Game::new(options).ok()?;
    Some(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_survive_a_damaged_board_but_not_a_truncated_file() {
        let game = Game::new(GameOptions {
            rows: 6,
            cols: 14,
            kinds: 21,
            ..GameOptions::default()
        })
        .expect("deal");
        let mut doc: Value = serde_json::from_str(&game.to_json().expect("save")).expect("json");
        doc["game"]["board"] = Value::String("scribbled".into());
        let text = doc.to_string();
        let kept = classic_options(&text).expect("options survive");
        assert_eq!((kept.rows, kept.cols, kept.kinds), (6, 14, 21));
        assert!(
            Game::from_json(&text).is_err(),
            "the save itself is damaged"
        );
        assert_eq!(classic_options(&text[..text.len() / 2]), None);
        doc["mode"] = Value::String("stack".into());
        assert_eq!(classic_options(&doc.to_string()), None);
        doc["mode"] = Value::String("classic".into());
        doc["game"]["options"]["rows"] = Value::from(0);
        assert_eq!(
            classic_options(&doc.to_string()),
            None,
            "options the engine refuses"
        );
    }
}
