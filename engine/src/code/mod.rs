//! Deal codes: a game's deal (mode, options, seed) as twelve Crockford Base32 symbols,
//! e.g. `4Z3K-0000-9QX1`, short enough to read out or type, with a check symbol that
//! refuses typos. The format is specified in `docs/deal-codes.md`; `base32` owns the
//! symbols and the check, `layout` the version 1 bit fields, `daily` the seed of the day.

mod base32;
pub mod daily;
pub mod daily_stack;
mod layout;

use crate::classic::game::GameOptions;
use crate::error::{EngineError, Result};
use crate::stack::game::StackOptions;

pub use layout::{CLASSIC_LAYOUTS, MAX_CODE_KINDS, MAX_CODE_LEVEL, SEED_BITS, SEED_LIMIT};

/// The format version this build writes (and the only one it reads).
pub const VERSION: u8 = 1;

/// Symbols in a version 1 code, the check symbol included.
pub const SYMBOLS: usize = 12;

/// What a code holds: the options of a new game of either mode. A decoded classic deal
/// has `auto_shuffle` off (a player setting, not part of the deal); a decoded stack
/// deal has the default tray, props and peak and a constructed (winnable) fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodedDeal {
    Classic(GameOptions),
    Stack(StackOptions),
}

/// The code of `deal`, written `XXXX-XXXX-XXXX`; `not_encodable` when a code cannot say
/// it (see [`layout`] for what fits).
#[inline] // compiled in the caller, for size (see lib.rs)
pub fn encode(deal: &CodedDeal) -> Result<String> {
    let mut symbols = layout::pack(deal)?;
    symbols.push(base32::check_symbol(&symbols));
    Ok(base32::write(&symbols))
}

/// The deal of a typed code: any case, `I`/`L` for `1`, `O` for `0`, hyphens and spaces
/// anywhere. Refused: characters outside the alphabet and a wrong length (`bad_code`), a
/// wrong check symbol (`code_mistyped`), a version other than 1 (`unsupported_code_version`)
/// and fields that name no deal (`bad_code`).
#[inline] // compiled in the caller, for size (see lib.rs)
pub fn decode(text: &str) -> Result<CodedDeal> {
    let symbols = base32::read(text)?;
    if symbols.len() < 2 {
        return Err(EngineError::BadCode(format!(
            "a code has {SYMBOLS} symbols, this one {}",
            symbols.len()
        )));
    }
    // Every version ends in the same check and starts with its number, so a mistyped
    // code and a code from a newer build are told apart whatever their length.
    if !base32::check_ok(&symbols) {
        return Err(EngineError::CodeMistyped);
    }
    let version = layout::version(symbols[0]);
    if version != VERSION {
        return Err(EngineError::UnsupportedCodeVersion {
            found: version,
            supported: VERSION,
        });
    }
    if symbols.len() != SYMBOLS {
        return Err(EngineError::BadCode(format!(
            "a code has {SYMBOLS} symbols, this one {}",
            symbols.len()
        )));
    }
    layout::unpack(&symbols[..SYMBOLS - 1])
}

/// The canonical spelling of a typed code (upper case, hyphen-grouped), once it decodes.
#[inline] // compiled in the caller, for size (see lib.rs)
pub fn canonical(text: &str) -> Result<String> {
    encode(&decode(text)?)
}

/// The code of a classic game's options, or `None` when a code cannot express them.
#[inline] // compiled in the caller, for size (see lib.rs)
pub fn classic_code(options: &GameOptions) -> Option<String> {
    encode(&CodedDeal::Classic(*options)).ok()
}

/// The code of a stack game's options, or `None` when a code cannot express them.
#[inline] // compiled in the caller, for size (see lib.rs)
pub fn stack_code(options: &StackOptions) -> Option<String> {
    encode(&CodedDeal::Stack(*options)).ok()
}
