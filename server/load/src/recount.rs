//! A board as the stored submissions say it is, by the server's own rule
//! (`llk_server::store::recompute`: each player's best, ranked 1 + the number strictly
//! better), read straight from the database the servers use; and the check of a
//! leaderboard answer against it.

use std::collections::HashMap;

use llk_online::{Leaderboard, Mode};

/// A score as the server orders it: (used a prop, time ms); lower is better.
pub type Score = (bool, u64);

/// One board recomputed from the stored submissions.
#[derive(Clone, Debug, Default)]
pub struct Board {
    /// Best first: (key, score, rank).
    rows: Vec<(String, Score, u64)>,
    by_key: HashMap<String, usize>,
}

/// The board of `date` and `mode` in the database `db` (`sqlite://…` or `postgres://…`).
pub async fn board(db: &str, date: &str, mode: Mode) -> Result<Board, String> {
    let store = llk_server::store::open(db)
        .await
        .map_err(|e| format!("{db}: {e}"))?;
    let stored = store
        .submissions()
        .await
        .map_err(|e| format!("{db}: {e}"))?;
    let all = llk_server::store::recompute(&stored);
    let rows = all
        .get(&(date.to_string(), mode.as_str().to_string()))
        .map(|r| r.iter().map(|p| (p.key.clone(), p.score, p.rank)).collect())
        .unwrap_or_default();
    Ok(Board::new(rows))
}

impl Board {
    /// A board from its rows, best first.
    pub fn new(rows: Vec<(String, Score, u64)>) -> Board {
        let by_key = rows
            .iter()
            .enumerate()
            .map(|(i, r)| (r.0.clone(), i))
            .collect();
        Board { rows, by_key }
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// `key`'s best, if stored.
    pub fn score(&self, key: &str) -> Option<Score> {
        self.by_key.get(key).map(|&i| self.rows[i].1)
    }

    /// Whether `lb` (asked with `key` and `limit`) is this board: its finishers, its top
    /// rows (rank, time, props: rows of equal score may come in any order) and `you`.
    pub fn check(&self, lb: &Leaderboard, key: Option<&str>, limit: usize) -> Result<(), String> {
        if lb.finishers != self.rows.len() as u64 {
            return Err(format!(
                "finishers {} but {} stored",
                lb.finishers,
                self.rows.len()
            ));
        }
        let want = limit.min(self.rows.len());
        if lb.top.len() != want {
            return Err(format!("{} top rows, {want} expected", lb.top.len()));
        }
        for (i, (e, r)) in lb.top.iter().zip(&self.rows).enumerate() {
            if (e.rank, e.props, e.time_ms) != (r.2, r.1 .0, r.1 .1) {
                return Err(format!(
                    "row {}: rank {} {} ms props {}, recomputed rank {} {} ms props {}",
                    i + 1,
                    e.rank,
                    e.time_ms,
                    e.props,
                    r.2,
                    r.1 .1,
                    r.1 .0
                ));
            }
        }
        let expected = key.and_then(|k| self.by_key.get(k)).map(|&i| &self.rows[i]);
        match (&lb.you, expected) {
            (None, None) => Ok(()),
            (Some(y), Some(r)) if (y.rank, y.props, y.time_ms) == (r.2, r.1 .0, r.1 .1) => Ok(()),
            (y, r) => Err(format!("you {y:?}, recomputed {r:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use llk_online::{Entry, You};

    #[test]
    fn a_leaderboard_is_checked_row_by_row() {
        let b = Board::new(vec![
            ("a".into(), (false, 10), 1),
            ("b".into(), (false, 10), 1),
            ("c".into(), (true, 5), 3),
        ]);
        let entry = |rank, time_ms, props| Entry {
            rank,
            name: "x".into(),
            time_ms,
            props,
        };
        let mut lb = Leaderboard {
            date: "d".into(),
            mode: Mode::Classic,
            finishers: 3,
            top: vec![entry(1, 10, false), entry(1, 10, false), entry(3, 5, true)],
            you: Some(You {
                rank: 3,
                time_ms: 5,
                props: true,
                top_percent: 100,
            }),
        };
        assert_eq!(b.check(&lb, Some("c"), 50), Ok(()));
        assert!(
            b.check(&lb, Some("a"), 50).is_err(),
            "another player's place"
        );
        assert!(b.check(&lb, None, 50).is_err(), "you for nobody");
        lb.top[2].rank = 2;
        assert!(b.check(&lb, Some("c"), 50).is_err());
        lb.finishers = 4;
        assert!(b
            .check(&lb, Some("c"), 50)
            .unwrap_err()
            .contains("finishers"));
        assert_eq!(b.score("b"), Some((false, 10)));
        assert_eq!(b.score("z"), None);
    }
}
