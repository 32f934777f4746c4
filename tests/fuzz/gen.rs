//! The fuzzer's random values: a seeded generator (ChaCha8, so a seed replays exactly on
//! every machine), well-formed arguments of each kind, and malformed ones (wrong types,
//! huge and negative numbers, fractions, strings, nesting) to send in their place.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// The generator one fuzz run draws everything from.
pub struct Gen {
    pub rng: ChaCha8Rng,
    /// The game clock the fuzzer sends as `elapsedMs` (mostly increasing, like the view's).
    pub clock: u64,
}

impl Gen {
    pub fn new(seed: u64) -> Gen {
        Gen {
            rng: ChaCha8Rng::seed_from_u64(seed),
            clock: 0,
        }
    }

    pub fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.rng.random_range(0..n)
        }
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.below(items.len())])
        }
    }

    /// `valid` most of the time, otherwise a malformed value (or `null`, i.e. missing).
    pub fn or_junk(&mut self, valid: Value) -> Value {
        if self.chance(0.9) {
            valid
        } else {
            self.junk(2)
        }
    }

    /// Any JSON value, biased toward the ones parsers trip on.
    pub fn junk(&mut self, depth: u32) -> Value {
        match self.below(if depth == 0 { 9 } else { 11 }) {
            0 => Value::Null,
            1 => json!(self.chance(0.5)),
            2 => json!(self.rng.random::<i64>()),
            3 => json!(self.rng.random_range(-3i64..40)),
            4 => json!(self.rng.random::<u64>()),
            5 => json!(self.rng.random_range(-1e20f64..1e20)),
            6 => json!([0.5, -0.0, 1e300, -1e300][self.below(4)]),
            7 => json!(["", "0", "1", "-1", "NaN", "classic", "stack", "é\u{0}"][self.below(8)]),
            8 => json!(u64::MAX),
            9 => {
                let n = self.below(4);
                Value::Array((0..n).map(|_| self.junk(depth - 1)).collect())
            }
            _ => {
                let keys = ["mode", "rows", "cols", "id", "row", "col", "seed", "x"];
                let n = self.below(4);
                let mut map = serde_json::Map::new();
                for _ in 0..n {
                    let k = keys[self.below(keys.len())].to_string();
                    map.insert(k, self.junk(depth - 1));
                }
                Value::Object(map)
            }
        }
    }

    /// The next `elapsedMs`: usually a little later than the last one.
    pub fn elapsed(&mut self) -> Value {
        self.clock += self.rng.random_range(0..3000);
        self.or_junk(json!(self.clock))
    }

    /// Classic `new_game` options for a small board (sometimes one the engine refuses).
    pub fn classic_options(&mut self) -> Value {
        let rows = self.rng.random_range(1..8usize);
        let cols = self.rng.random_range(1..8usize);
        let kinds = self.rng.random_range(0..(rows * cols / 2 + 3));
        let slides = [
            "none",
            "down",
            "up",
            "left",
            "right",
            "apart-h",
            "together-h",
            "apart-v",
            "together-v",
        ];
        let slide = slides[self.below(slides.len())];
        json!({
            "mode": "classic", "rows": rows, "cols": cols, "kinds": kinds,
            "seed": self.rng.random::<u64>().to_string(), "solvable": self.chance(0.7),
            "ring": self.chance(0.7), "auto_shuffle": self.chance(0.5),
            "slide": if self.chance(0.7) { "none" } else { slide },
        })
    }

    /// Stack `new_game` options for a small deal: level 1 or a custom size, any tray
    /// size (4 is refused), few props, sometimes a random fill, rarely a brought level's.
    pub fn stack_options(&mut self) -> Value {
        let level = self.chance(0.4);
        json!({
            "mode": "stack",
            "level": if level { json!(1) } else { Value::Null },
            "tiles": 15 * self.rng.random_range(1..5),
            "kinds": self.rng.random_range(2..7),
            "layers": self.rng.random_range(1..5),
            "peak": null,
            "seed": self.rng.random::<u64>().to_string(),
            "random_fill": self.chance(0.2),
            // a brought level's options are refused unless that level is the game
            "imported": self.chance(0.05),
            "tray": self.rng.random_range(4..10),
            "props": {
                "move_out": self.below(3), "shuffle": self.below(3), "undo": self.below(4),
            },
        })
    }

    /// `options` with one field replaced by junk or removed.
    pub fn mutate_object(&mut self, mut v: Value) -> Value {
        if let Value::Object(map) = &mut v {
            let keys: Vec<String> = map.keys().cloned().collect();
            if let Some(k) = self.pick(&keys).cloned() {
                if self.chance(0.3) {
                    map.remove(&k);
                } else {
                    let junk = self.junk(1);
                    map.insert(k, junk);
                }
            }
        }
        v
    }
}
