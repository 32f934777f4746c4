//! Version 1 of the deal code's bit fields (specified in `docs/deal-codes.md`): 55 bits in
//! eleven symbols, most significant first — version (3), mode (2), the mode's options
//! (15), seed (35) — followed by the check symbol. What does not fit is `not_encodable`.

use crate::classic::game::GameOptions;
use crate::classic::layout::kind_multiset;
use crate::classic::slide::SlideRule;
use crate::code::{CodedDeal, VERSION};
use crate::error::{EngineError, Result};
use crate::stack::game::StackOptions;

/// Seeds a code holds: `0..SEED_LIMIT`.
pub const SEED_BITS: u32 = 35;
pub const SEED_LIMIT: u64 = 1 << SEED_BITS;

/// Classic layouts by their 3-bit index, as (rows, cols); value 7 is unused. Frozen for
/// version 1: the presets of the time, in this order, whatever the presets become.
pub const CLASSIC_LAYOUTS: [(u16, u16); 7] = [
    (10, 10),
    (6, 14),
    (9, 16),
    (8, 18),
    (12, 24),
    (14, 26),
    (16, 30),
];

/// Classic kinds a code holds: `1..=MAX_CODE_KINDS` (6 bits).
pub const MAX_CODE_KINDS: u16 = 64;

/// Stack levels a code holds: `1..=MAX_CODE_LEVEL` (15 bits).
pub const MAX_CODE_LEVEL: u32 = 1 << 15;

/// Slide rules by their 4-bit index (frozen for version 1; 9..=15 unused).
const SLIDES: [SlideRule; 9] = [
    SlideRule::None,
    SlideRule::Down,
    SlideRule::Up,
    SlideRule::Left,
    SlideRule::Right,
    SlideRule::ApartH,
    SlideRule::TogetherH,
    SlideRule::ApartV,
    SlideRule::TogetherV,
];

const MODE_CLASSIC: u64 = 0;
const MODE_STACK: u64 = 1;

/// The version number in a code's first symbol (its top 3 bits).
pub fn version(first: u8) -> u8 {
    (first >> 2) & 7
}

fn cannot(why: String) -> EngineError {
    EngineError::NotEncodable(why)
}

fn classic_fields(o: &GameOptions) -> Result<u64> {
    let layout = CLASSIC_LAYOUTS
        .iter()
        .position(|&(r, c)| r == o.rows && c == o.cols)
        .ok_or_else(|| {
            cannot(format!(
                "a {}x{} board is not one of the preset layouts",
                o.cols, o.rows
            ))
        })?;
    if o.kinds == 0 || o.kinds > MAX_CODE_KINDS {
        return Err(cannot(format!(
            "{} kinds: a code holds 1..={MAX_CODE_KINDS}",
            o.kinds
        )));
    }
    let slide = SLIDES.iter().position(|&s| s == o.slide).ok_or_else(|| {
        cannot(format!(
            "slide rule {} has no version 1 code",
            o.slide.name()
        ))
    })?;
    Ok((layout as u64) << 12
        | u64::from(o.kinds - 1) << 6
        | u64::from(o.solvable) << 5
        | u64::from(o.ring) << 4
        | slide as u64)
}

fn stack_fields(o: &StackOptions) -> Result<u64> {
    let base = StackOptions::default();
    if o.real_style {
        return Err(cannot(
            "a real-style level: a code holds a named level (the daily stack challenge is named by its date)".into(),
        ));
    }
    let level = o
        .level
        .ok_or_else(|| cannot("a custom stack size: a code holds a named level".into()))?;
    if level == 0 || level > MAX_CODE_LEVEL {
        return Err(cannot(format!(
            "stack level {level}: a code holds 1..={MAX_CODE_LEVEL}"
        )));
    }
    if o.tray != base.tray || o.props != base.props || o.peak.is_some() || o.random_fill {
        return Err(cannot(
            "a stack game with its own tray, props, peak or random fill: a code holds the level only"
                .into(),
        ));
    }
    Ok(u64::from(level - 1))
}

/// The eleven data symbols of `deal`.
pub fn pack(deal: &CodedDeal) -> Result<Vec<u8>> {
    let (mode, fields, seed) = match deal {
        CodedDeal::Classic(o) => (MODE_CLASSIC, classic_fields(o)?, o.seed),
        CodedDeal::Stack(o) => (MODE_STACK, stack_fields(o)?, o.seed),
    };
    if seed >= SEED_LIMIT {
        return Err(cannot(format!(
            "seed {seed}: a code holds seeds below 2^{SEED_BITS} = {SEED_LIMIT}"
        )));
    }
    let bits = u64::from(VERSION) << 52 | mode << 50 | fields << 35 | seed;
    Ok((0..11)
        .rev()
        .map(|i| ((bits >> (5 * i)) & 31) as u8)
        .collect())
}

/// The deal of eleven version 1 data symbols.
pub fn unpack(data: &[u8]) -> Result<CodedDeal> {
    let bits = data
        .iter()
        .fold(0u64, |acc, &s| acc << 5 | u64::from(s & 31));
    let mode = (bits >> 50) & 3;
    let fields = (bits >> 35) & 0x7FFF;
    let seed = bits & (SEED_LIMIT - 1);
    let bad = |why: String| Err(EngineError::BadCode(why));
    match mode {
        MODE_CLASSIC => {
            let layout = (fields >> 12) as usize;
            let Some(&(rows, cols)) = CLASSIC_LAYOUTS.get(layout) else {
                return bad(format!("layout {layout} does not exist"));
            };
            let kinds = ((fields >> 6) & 63) as u16 + 1;
            let slide_index = (fields & 15) as usize;
            let Some(&slide) = SLIDES.get(slide_index) else {
                return bad(format!("slide rule {slide_index} does not exist"));
            };
            if kind_multiset(rows.into(), cols.into(), kinds.into()).is_err() {
                return bad(format!("{kinds} kinds do not fit a {cols}x{rows} board"));
            }
            Ok(CodedDeal::Classic(GameOptions {
                rows,
                cols,
                kinds,
                seed,
                solvable: fields & 32 != 0,
                ring: fields & 16 != 0,
                auto_shuffle: false,
                slide,
            }))
        }
        MODE_STACK => Ok(CodedDeal::Stack(StackOptions {
            level: Some(fields as u32 + 1),
            seed,
            ..StackOptions::default()
        })),
        other => bad(format!("mode {other} does not exist")),
    }
}
