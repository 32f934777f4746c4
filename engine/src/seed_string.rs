//! Serde for a u64 seed as a decimal string (accepting a plain number on input too), so
//! JavaScript keeps all 64 bits. Shared by both modes' options.

use serde::{de, Deserialize, Deserializer, Serializer};

pub fn serialize<S: Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&seed.to_string())
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Either {
    Text(String),
    Number(u64),
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    match Either::deserialize(d)? {
        Either::Number(n) => Ok(n),
        Either::Text(t) => t.trim().parse().map_err(|_| {
            de::Error::custom(format!(
                "seed must be a whole number from 0 to {}, not {t:?}",
                u64::MAX
            ))
        }),
    }
}
