//! Crockford Base32 symbols for deal codes: reading typed text into symbol values
//! (case-insensitive, `I`/`L` read as `1`, `O` as `0`, hyphens and spaces ignored), writing
//! values back grouped by hyphens, and the check symbol: a weighted sum over GF(32) that
//! catches every single-symbol substitution and every swap of two adjacent symbols.

use crate::error::{EngineError, Result};

/// The 32 symbols, value order (Crockford: no I, L, O, U).
pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Symbols per hyphen-separated group when written.
pub const GROUP: usize = 4;

/// The value of one typed character, `None` for a separator, `Err` for anything else.
fn value(c: char) -> Result<Option<u8>> {
    let up = c.to_ascii_uppercase();
    let v = match up {
        '-' | ' ' => return Ok(None),
        'I' | 'L' => 1,
        'O' => 0,
        _ => match ALPHABET.iter().position(|&a| char::from(a) == up) {
            Some(v) => v as u8,
            None => {
                return Err(EngineError::BadCode(format!(
                    "{:?} is not a code character: codes use 0-9 and A-Z without U",
                    c
                )))
            }
        },
    };
    Ok(Some(v))
}

/// The symbol values of typed text, separators dropped.
pub fn read(text: &str) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    for c in text.trim().chars() {
        if let Some(v) = value(c)? {
            out.push(v);
        }
    }
    Ok(out)
}

/// Symbol values written in upper case, groups of [`GROUP`] joined by hyphens.
pub fn write(symbols: &[u8]) -> String {
    let mut out = String::with_capacity(symbols.len() + symbols.len() / GROUP);
    for (i, &v) in symbols.iter().enumerate() {
        if i > 0 && i % GROUP == 0 {
            out.push('-');
        }
        out.push(char::from(ALPHABET[usize::from(v & 31)]));
    }
    out
}

/// Multiplication in GF(32) = GF(2)[x] / (x⁵ + x² + 1).
fn gf_mul(mut a: u8, mut b: u8) -> u8 {
    let mut p = 0;
    while b != 0 {
        if b & 1 != 0 {
            p ^= a;
        }
        b >>= 1;
        a <<= 1;
        if a & 32 != 0 {
            a ^= 0b10_0101;
        }
    }
    p
}

/// The check symbol for `data`: Σ αⁱ⁺¹·dᵢ over GF(32), α = x (a primitive element, of
/// order 31). The whole code then satisfies Σ wᵢ·sᵢ = 0 with weights α¹…αⁿ on the data
/// and 1 on the check, all distinct and non-zero: a substitution at i changes the sum by
/// wᵢ·e ≠ 0 and a swap of i, i+1 by (wᵢ − wᵢ₊₁)·(sᵢ₊₁ − sᵢ) ≠ 0, for up to 30 data symbols.
pub fn check_symbol(data: &[u8]) -> u8 {
    let mut weight = 1u8;
    let mut sum = 0u8;
    for &d in data {
        weight = gf_mul(weight, 2);
        sum ^= gf_mul(weight, d & 31);
    }
    sum
}

/// Whether `symbols` (data then check) carry a correct check symbol.
pub fn check_ok(symbols: &[u8]) -> bool {
    match symbols.split_last() {
        Some((&check, data)) => check_symbol(data) == check,
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alpha_is_primitive_and_weights_distinct() {
        let mut w = 1u8;
        let mut seen = vec![1u8];
        for _ in 1..31 {
            w = gf_mul(w, 2);
            assert!(!seen.contains(&w));
            seen.push(w);
        }
        assert_eq!(gf_mul(w, 2), 1, "alpha has order 31");
    }

    #[test]
    fn reads_aliases_and_separators() {
        assert_eq!(read(" o-iL 1 ").unwrap(), vec![0, 1, 1, 1]);
        assert_eq!(read("zz").unwrap(), vec![31, 31]);
        assert!(matches!(read("AU"), Err(EngineError::BadCode(_))));
        assert!(matches!(read("A*"), Err(EngineError::BadCode(_))));
        assert_eq!(write(&[0, 1, 2, 3, 31]), "0123-Z");
    }
}
