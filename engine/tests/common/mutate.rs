//! Mutations of valid inputs for the parser fuzzers (engine saves, stack files, `llk`
//! boards; the shell's tests include this file too): structured edits of the JSON tree
//! (a value replaced, a number nudged or blown up, a key or element dropped, duplicated
//! or swapped, arrays grown), byte edits (flips, cuts, insertions) and random bytes. A
//! self-contained seeded generator (SplitMix64) so a seed replays exactly.

#![allow(dead_code)]

use serde_json::{json, Value};

/// A small seeded generator.
pub struct Rand(u64);

impl Rand {
    pub fn new(seed: u64) -> Rand {
        Rand(seed ^ 0x9e37_79b9_7f4a_7c15)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// A value parsers trip on.
pub fn junk(r: &mut Rand) -> Value {
    match r.below(14) {
        0 => Value::Null,
        1 => json!(r.chance(50)),
        2 => json!(-1),
        3 => json!(0),
        4 => json!(r.below(300)),
        5 => json!(u64::MAX),
        6 => json!(i64::MIN),
        7 => json!(1.5),
        8 => json!(1e300),
        9 => json!(""),
        10 => json!("x"),
        11 => json!([]),
        12 => json!({}),
        _ => json!(u32::MAX as u64 + 1),
    }
}

/// One structured edit at a random node of `doc` (a random walk down from the root).
pub fn edit(r: &mut Rand, node: &mut Value) {
    match node {
        Value::Array(a) if !a.is_empty() && r.chance(75) => {
            let i = r.below(a.len());
            edit(r, &mut a[i]);
        }
        Value::Object(m) if !m.is_empty() && r.chance(75) => {
            let i = r.below(m.len());
            if let Some(child) = m.values_mut().nth(i) {
                edit(r, child);
            }
        }
        _ => apply(r, node),
    }
}

fn apply(r: &mut Rand, node: &mut Value) {
    match (r.below(10), &mut *node) {
        (0..=2, Value::Number(num)) => {
            let x = num.as_i64().unwrap_or(0);
            *node = match r.below(6) {
                0 => json!(x.saturating_add(1)),
                1 => json!(x.saturating_sub(1)),
                2 => json!(x.saturating_neg()),
                3 => json!(x.saturating_mul(1000)),
                4 => json!(x as f64 + 0.5),
                _ => json!(u16::MAX as i64 + 1),
            };
        }
        (0..=2, Value::Array(a)) if !a.is_empty() => match r.below(5) {
            0 => {
                let i = r.below(a.len());
                a.remove(i);
            }
            1 => {
                let i = r.below(a.len());
                let dup = a[i].clone();
                a.insert(i, dup);
            }
            2 => {
                let (i, j) = (r.below(a.len()), r.below(a.len()));
                a.swap(i, j);
            }
            3 => a.truncate(r.below(a.len())),
            _ => {
                // Grow it a lot: parsers must stay fast on big inputs.
                let first = a[0].clone();
                let n = 1 + r.below(5_000);
                a.extend(std::iter::repeat_n(first, n));
            }
        },
        (0..=2, Value::Object(m)) if !m.is_empty() => {
            let keys: Vec<String> = m.keys().cloned().collect();
            let k = keys[r.below(keys.len())].clone();
            if r.chance(50) {
                m.remove(&k);
            } else {
                m.insert(format!("{k}_extra"), junk(r));
            }
        }
        (3, Value::String(s)) => s.push_str(["0", "x", "\u{0}", "é"][r.below(4)]),
        (4, _) => *node = Value::Array(vec![node.clone()]),
        _ => *node = junk(r),
    }
}

/// A mutant of the valid input `valid`: 1–3 structured edits, byte edits, or random
/// bytes.
pub fn mutant(r: &mut Rand, valid: &str) -> Vec<u8> {
    match r.below(10) {
        0..=5 => {
            let Ok(mut doc) = serde_json::from_str::<Value>(valid) else {
                return valid.as_bytes().to_vec();
            };
            for _ in 0..1 + r.below(3) {
                edit(r, &mut doc);
            }
            doc.to_string().into_bytes()
        }
        6..=8 => {
            let mut bytes = valid.as_bytes().to_vec();
            for _ in 0..1 + r.below(4) {
                if bytes.is_empty() {
                    break;
                }
                let i = r.below(bytes.len());
                match r.below(4) {
                    0 => bytes[i] ^= 1 << r.below(8),
                    1 => bytes.truncate(i),
                    2 => bytes.insert(i, r.below(256) as u8),
                    _ => {
                        let digit = b'0' + r.below(10) as u8;
                        if bytes[i].is_ascii_digit() {
                            bytes[i] = digit;
                        }
                    }
                }
            }
            bytes
        }
        _ => (0..r.below(64)).map(|_| r.below(256) as u8).collect(),
    }
}
