//! Serde for a u64 seed as a decimal string (accepting a plain number on input too), so
//! JavaScript keeps all 64 bits. Shared by both modes' options.
//!
//! Read with a visitor rather than an untagged enum of a string and a number: an untagged
//! enum buffers the value in serde's `Content` and carried that buffer's reader in the
//! WebAssembly module. It accepts what the enum did (a string, a non-negative integer).

use std::fmt;

use serde::{de, Deserializer, Serializer};

pub fn serialize<S: Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&seed.to_string())
}

struct Seed;

impl de::Visitor<'_> for Seed {
    type Value = u64;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a seed: a decimal string or a whole number")
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<u64, E> {
        Ok(n)
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<u64, E> {
        u64::try_from(n).map_err(|_| E::invalid_value(de::Unexpected::Signed(n), &self))
    }

    fn visit_str<E: de::Error>(self, t: &str) -> Result<u64, E> {
        t.trim().parse().map_err(|_| {
            E::custom(format!(
                "seed must be a whole number from 0 to {}, not {t:?}",
                u64::MAX
            ))
        })
    }
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    d.deserialize_any(Seed)
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    /// The untagged enum the seeds were read with: the visitor must agree with it.
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Text(String),
        Number(u64),
    }

    #[derive(Deserialize)]
    struct Holder {
        #[serde(with = "super")]
        seed: u64,
    }

    #[test]
    fn seeds_read_as_the_untagged_enum_did() {
        for seed in [
            "0",
            "7",
            "-1",
            "1.5",
            "1e3",
            "true",
            "null",
            "[]",
            "{}",
            "\"\"",
            "\"12\"",
            "\" 12 \"",
            "\"-3\"",
            "\"x\"",
            "18446744073709551615",
            "18446744073709551616",
            "\"18446744073709551615\"",
            "\"18446744073709551616\"",
        ] {
            let text = format!("{{\"seed\":{seed}}}");
            let mine = serde_json::from_str::<Holder>(&text).ok().map(|h| h.seed);
            let theirs = serde_json::from_str::<serde_json::Value>(&text)
                .ok()
                .and_then(|v| serde_json::from_value::<Either>(v["seed"].clone()).ok())
                .and_then(|e| match e {
                    Either::Number(n) => Some(n),
                    Either::Text(t) => t.trim().parse().ok(),
                });
            assert_eq!(mine, theirs, "{seed}");
        }
    }
}
