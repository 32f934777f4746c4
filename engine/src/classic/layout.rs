//! Board layouts: the preset sizes (the seed's 10×10 and KShisen's sizes) and how a
//! layout's tiles are split into kinds (every kind an even count, as even as possible).

use serde::Serialize;

use crate::classic::board::{Kind, MAX_KIND, MAX_SIDE};
use crate::error::{EngineError, Result};

/// A named board size with its number of tile kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Preset {
    /// Width × height, as players know them: "18x8" is 18 columns by 8 rows.
    pub name: &'static str,
    pub rows: usize,
    pub cols: usize,
    pub kinds: usize,
}

/// The preset layouts; `18x8` (36 kinds × 4) is the default.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "10x10",
        rows: 10,
        cols: 10,
        kinds: 25,
    },
    Preset {
        name: "14x6",
        rows: 6,
        cols: 14,
        kinds: 21,
    },
    Preset {
        name: "16x9",
        rows: 9,
        cols: 16,
        kinds: 36,
    },
    Preset {
        name: "18x8",
        rows: 8,
        cols: 18,
        kinds: 36,
    },
    Preset {
        name: "24x12",
        rows: 12,
        cols: 24,
        kinds: 36,
    },
    Preset {
        name: "26x14",
        rows: 14,
        cols: 26,
        kinds: 36,
    },
    Preset {
        name: "30x16",
        rows: 16,
        cols: 30,
        kinds: 36,
    },
];

/// The default preset (KShisen's 18×8 with 36 kinds × 4).
pub const DEFAULT_PRESET: Preset = PRESETS[3];

/// The preset called `name`, if any.
pub fn preset(name: &str) -> Option<Preset> {
    PRESETS.iter().copied().find(|p| p.name == name)
}

/// The multiset of kinds for a full `rows`×`cols` board with `kinds` kinds: kind `k`
/// appears an even number of times, counts differ by at most two, kinds ascending.
/// Refuses sizes and kind counts that cannot make a deal.
pub fn kind_multiset(rows: usize, cols: usize, kinds: usize) -> Result<Vec<Kind>> {
    let bad = |why: String| Err(EngineError::BadDealOptions(why));
    if rows == 0 || cols == 0 {
        return bad(format!("a {rows}x{cols} board has no cells"));
    }
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return bad(format!(
            "a {rows}x{cols} board is too large: each side must be 1..={MAX_SIDE}"
        ));
    }
    let tiles = rows * cols;
    if !tiles.is_multiple_of(2) {
        return bad(format!(
            "a {rows}x{cols} board has {tiles} cells, an odd number: tiles go in pairs"
        ));
    }
    let pairs = tiles / 2;
    if kinds == 0 {
        return bad("there must be at least one kind".into());
    }
    if kinds > pairs {
        return bad(format!(
            "{kinds} kinds do not fit on {tiles} cells: at most {pairs} (two tiles each)"
        ));
    }
    if kinds > usize::from(MAX_KIND) + 1 {
        return bad(format!("at most {} kinds", usize::from(MAX_KIND) + 1));
    }
    let (base, extra) = (pairs / kinds, pairs % kinds);
    let mut out = Vec::with_capacity(tiles);
    for k in 0..kinds {
        let n = 2 * (base + usize::from(k < extra));
        // k < kinds <= MAX_KIND + 1, so it fits a Kind.
        out.extend(std::iter::repeat_n(k as Kind, n));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_split_evenly() {
        for p in PRESETS {
            let kinds = kind_multiset(p.rows, p.cols, p.kinds).unwrap();
            assert_eq!(kinds.len(), p.rows * p.cols, "{}", p.name);
            for k in 0..p.kinds {
                let n = kinds.iter().filter(|&&x| usize::from(x) == k).count();
                assert!(n >= 2 && n % 2 == 0, "{} kind {k} has {n}", p.name);
            }
        }
        assert_eq!(preset("18x8"), Some(DEFAULT_PRESET));
        assert_eq!(DEFAULT_PRESET.rows * DEFAULT_PRESET.cols, 36 * 4);
    }

    #[test]
    fn refuses_impossible_options() {
        for (r, c, k) in [(0, 4, 1), (3, 3, 1), (2, 2, 3), (2, 2, 0), (300, 2, 1)] {
            assert!(matches!(
                kind_multiset(r, c, k),
                Err(EngineError::BadDealOptions(_))
            ));
        }
    }
}
