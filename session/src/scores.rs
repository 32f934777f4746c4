//! Best scores, one per layout: classic `RxC/kinds` (e.g. `8x18/36`), stack `stack/L<level>`
//! (e.g. `stack/L2`) or a custom stack size; raised when a game is won. Saved as
//! `scores.json`: `{ "version": 1, "best": { "8x18/36": 1234, "stack/L2": 5678 } }`.
//! The journey keeps its records here too: `journey` its best total score and
//! `journey/level` the highest level any journey reached (both only ever grow).

use std::collections::BTreeMap;

use llk_engine::stack::game::{StackOptions, DEFAULT_TRAY};
use serde::{Deserialize, Serialize};

/// File name in the data directory.
pub const FILE: &str = "scores.json";

const VERSION: u32 = 1;

/// Best journey total score.
pub const JOURNEY_KEY: &str = "journey";
/// Highest level a journey reached.
pub const JOURNEY_LEVEL_KEY: &str = "journey/level";

/// The key of a layout: rows × cols and the number of kinds.
pub fn layout_key(rows: usize, cols: usize, kinds: usize) -> String {
    format!("{rows}x{cols}/{kinds}")
}

/// The key of a stack deal: `stack/L<level>` for a named level, else
/// `stack/<tiles>t<kinds>k<layers>z`; a tray other than the default 7 slots and the
/// random fill (which may be unwinnable) are games of their own and say so
/// (`stack/L2/tray5/random`). A level the player brought is known by its fingerprint, which
/// covers its tray: `stack/map/<16 hex digits>`.
pub fn stack_key(o: &StackOptions) -> String {
    if o.imported {
        return format!("stack/map/{:016x}", o.seed);
    }
    let mut key = match o.level {
        Some(level) => format!("stack/L{level}"),
        None => format!("stack/{}t{}k{}z", o.tiles, o.kinds, o.layers),
    };
    if o.tray != DEFAULT_TRAY {
        key.push_str(&format!("/tray{}", o.tray));
    }
    if o.random_fill {
        key.push_str("/random");
    }
    key
}

/// Best score per layout.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestScores {
    version: u32,
    best: BTreeMap<String, u32>,
}

impl BestScores {
    pub fn new() -> BestScores {
        BestScores {
            version: VERSION,
            best: BTreeMap::new(),
        }
    }

    pub fn get(&self, key: &str) -> Option<u32> {
        self.best.get(key).copied()
    }

    /// Records a won game's score; true if it is a new best.
    pub fn record(&mut self, key: String, score: u32) -> bool {
        match self.best.get(&key) {
            Some(&best) if best >= score => false,
            _ => {
                self.best.insert(key, score);
                true
            }
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<BestScores, String> {
        let scores: BestScores = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if scores.version != VERSION {
            return Err(format!(
                "best scores have format version {}; this build reads version {VERSION}",
                scores.version
            ));
        }
        Ok(scores)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_best_and_round_trips() {
        let mut s = BestScores::new();
        let key = layout_key(8, 18, 36);
        assert_eq!(key, "8x18/36");
        assert!(s.record(key.clone(), 100));
        assert!(!s.record(key.clone(), 90));
        assert!(s.record(key.clone(), 120));
        assert_eq!(s.get(&key), Some(120));
        assert_eq!(BestScores::from_json(&s.to_json()), Ok(s));
        assert!(BestScores::from_json("{\"version\":9,\"best\":{}}").is_err());
    }

    #[test]
    fn stack_keys_name_the_level_or_the_size() {
        let level2 = StackOptions {
            level: Some(2),
            ..StackOptions::default()
        };
        assert_eq!(stack_key(&level2), "stack/L2");
        let odd = StackOptions {
            tray: 5,
            random_fill: true,
            ..level2
        };
        assert_eq!(stack_key(&odd), "stack/L2/tray5/random");
        let brought = StackOptions {
            imported: true,
            seed: 0xfe_dcba_9876,
            ..odd
        };
        assert_eq!(stack_key(&brought), "stack/map/000000fedcba9876");
        let custom = StackOptions {
            level: None,
            tiles: 60,
            kinds: 5,
            layers: 4,
            ..StackOptions::default()
        };
        assert_eq!(stack_key(&custom), "stack/60t5k4z");
    }
}
