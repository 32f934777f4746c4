//! The named levels and custom sizes, turned into what a deal needs: the layout's shape,
//! the kinds, the peak the winning line may reach, and how far apart a triple's tiles
//! may lie in it (`spread`). Level 1 is easy, level 2 the famous hard one, 3, 4, … an
//! endless sequence with more tiles, kinds and layers and a lower peak.

use crate::error::{EngineError, Result};
use crate::stack::geometry::MAX_KINDS;
use crate::stack::layout::LayoutSpec;
use crate::stack::types::{StackOptions, TRAY_RANGE};

/// Peaks a deal may ask for (tray fill along the winning line).
pub const PEAK_RANGE: std::ops::RangeInclusive<u8> = 2..=6;

/// Everything a constructed deal is built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealParams {
    pub layout: LayoutSpec,
    pub kinds: u16,
    /// Highest tray fill the winning line may reach (≤ tray − 1).
    pub peak: u8,
    /// Chance in percent, at each tile, of opening a new triple rather than adding to an
    /// open one: higher spreads a triple's tiles further apart in the line.
    pub spread: u8,
}

/// Level `n`'s parameters (before the tray caps the peak).
pub fn level(n: u32) -> Result<DealParams> {
    let spec = |tiles, layers, width, height, pile, density| LayoutSpec {
        tiles,
        layers,
        width,
        height,
        pile,
        density,
    };
    Ok(match n {
        0 => return Err(EngineError::BadDealOptions("levels start at 1".into())),
        1 => DealParams {
            layout: spec(30, 2, 6, 5, 3, 90),
            kinds: 3,
            peak: 4,
            spread: 20,
        },
        2 => DealParams {
            layout: spec(216, 14, 7, 9, 10, 65),
            kinds: 16,
            peak: 6,
            spread: 70,
        },
        _ => {
            // Endless: grows for 20 levels, then stays.
            let k = (n - 3).min(20) as u16;
            let tiles = 90 + 24 * k;
            let mut layout = LayoutSpec::custom(tiles, 6 + k);
            layout.pile = 8 + k / 4;
            DealParams {
                layout,
                kinds: 8 + k,
                peak: 6u8.saturating_sub((k / 2) as u8).max(4),
                spread: (40 + 5 * k).min(90) as u8,
            }
        }
    })
}

/// The parameters of `options`: its level, or its custom size; the peak is the
/// options' own (checked) or the level's, capped by the tray.
pub fn params(options: &StackOptions) -> Result<DealParams> {
    let bad = |m: String| Err(EngineError::BadDealOptions(m));
    if !TRAY_RANGE.contains(&options.tray) {
        return bad(format!(
            "a tray of {} slots: it must have {}..={}",
            options.tray,
            TRAY_RANGE.start(),
            TRAY_RANGE.end()
        ));
    }
    let mut p = match options.level {
        Some(n) => level(n)?,
        None => {
            let (tiles, kinds, layers) = (options.tiles, options.kinds, options.layers);
            if kinds == 0 || kinds > MAX_KINDS || kinds > tiles / 3 {
                return bad(format!(
                    "{kinds} kinds for {tiles} tiles: kinds must be 1..={} and at most tiles / 3",
                    MAX_KINDS
                ));
            }
            DealParams {
                layout: LayoutSpec::custom(tiles, layers),
                kinds,
                peak: 5,
                spread: 50,
            }
        }
    };
    if let Some(peak) = options.peak {
        if !PEAK_RANGE.contains(&peak) || peak >= options.tray {
            return bad(format!(
                "peak {peak}: it must be {}..={} and below the tray size {}",
                PEAK_RANGE.start(),
                PEAK_RANGE.end(),
                options.tray
            ));
        }
        p.peak = peak;
    }
    p.peak = p.peak.min(options.tray - 1);
    Ok(p)
}
