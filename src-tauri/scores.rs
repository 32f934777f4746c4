//! Best scores, one per layout `RxC/kinds` (e.g. `8x18/36`), raised when a game is won.
//! Saved as `scores.json`: `{ "version": 1, "best": { "8x18/36": 1234 } }`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// File name in the data directory.
pub const FILE: &str = "scores.json";

const VERSION: u32 = 1;

/// The key of a layout: rows × cols and the number of kinds.
pub fn layout_key(rows: usize, cols: usize, kinds: usize) -> String {
    format!("{rows}x{cols}/{kinds}")
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
}
