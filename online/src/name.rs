//! Display names: 1–20 characters after NFC normalisation, no control, format, surrogate,
//! private-use or unassigned-as-control characters (Unicode category C as far as Rust's
//! `char::is_control` and the format characters below tell), not only white space.

#[cfg(feature = "nfc")]
use unicode_normalization::UnicodeNormalization;

/// Longest name, in characters (Unicode scalar values) after NFC.
pub const MAX_NAME_CHARS: usize = 20;

/// The name as stored (NFC, surrounding white space trimmed), or why it is refused.
/// Without the `nfc` feature (the web build, whose view hands over names the browser has
/// already normalised) the name is taken as it is; the server, which has the feature,
/// normalises it again and has the last word.
pub fn check_name(name: &str) -> Result<String, String> {
    let nfc = normalise(name.trim());
    let count = nfc.chars().count();
    if count == 0 {
        return Err("the name is empty".into());
    }
    if count > MAX_NAME_CHARS {
        return Err(format!(
            "the name has {count} characters; at most {MAX_NAME_CHARS}"
        ));
    }
    if let Some(c) = nfc.chars().find(|&c| is_category_c(c)) {
        return Err(format!(
            "the name holds the control or format character U+{:04X}",
            c as u32
        ));
    }
    Ok(nfc)
}

#[cfg(feature = "nfc")]
fn normalise(name: &str) -> String {
    name.nfc().collect()
}

#[cfg(not(feature = "nfc"))]
fn normalise(name: &str) -> String {
    name.to_string()
}

/// Control (Cc), format (Cf), private use (Co) and the line/paragraph separators, which
/// let a name rearrange or hide the text around it.
fn is_category_c(c: char) -> bool {
    c.is_control()
        || matches!(c as u32,
            0x00AD | 0x0600..=0x0605 | 0x061C | 0x06DD | 0x070F | 0x180E
            | 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x2064 | 0x2066..=0x206F
            | 0xFEFF | 0xFFF9..=0xFFFB | 0xE000..=0xF8FF | 0xF0000..=0x10FFFF
            | 0x1D173..=0x1D17A | 0xE0001 | 0xE0020..=0xE007F)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalised_and_checked() {
        assert_eq!(check_name("  Ada ").as_deref(), Ok("Ada"));
        assert_eq!(check_name("小羊").as_deref(), Ok("小羊"));
        // e + combining acute becomes one character under NFC.
        #[cfg(feature = "nfc")]
        assert_eq!(check_name("Rene\u{301}").as_deref(), Ok("René"));
        assert_eq!(
            check_name(&"é".repeat(20)).map(|s| s.chars().count()),
            Ok(20)
        );
        #[cfg(feature = "nfc")]
        assert!(check_name(&"e\u{301}".repeat(20)).is_ok(), "20 after NFC");
        for bad in [
            "",
            "   ",
            "a\u{0}b",
            "a\nb",
            "a\u{7f}",
            "\u{202e}evil",
            "a\u{200b}b",
            &"x".repeat(21),
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
    }
}
