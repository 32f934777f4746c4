//! Importing a captured 羊了个羊 level map as a stack file (`llk stack import`, and the
//! app's "open a level"). The contract:
//!
//! - **Input**, JSON in one of two shapes: a layer-keyed object `{"1": [card, ...], "2":
//!   [...]}`, or a map object whose `"levelData"` is such an object (its other fields,
//!   such as `widthNum` or `blockTypeData`, are ignored). Keys that are not integers are
//!   ignored as extra fields. A card is `{"type": kind, "rolNum": x, "rowNum": y,
//!   "layerNum": layer, ...}`: each of those an integer or a string holding one;
//!   `layerNum` may be missing (the card's layer is then its key), and when present must
//!   agree with the key; other fields (`id`, `moldType`, `blockNode`, ...) are ignored.
//! - **Geometry** of the capture: a card is 8 units square at (`rolNum`, `rowNum`); card
//!   `a` covers card `b` when `a`'s layer is higher and `|dx| < 8` and `|dy| < 8`.
//! - **Output**, a [`StackFile`]: layers renumbered `0, 1, ...` in ascending order, kinds
//!   renumbered from 0 in ascending order of the captured `type`, coordinates halved
//!   (rounding down) onto the stack file's units (a tile is 4 units), tiles in ascending
//!   layer, each layer in its array order; no `taken`.
//! - **Refused**, each with an [`ImportError`]: anything malformed; no cards, or more than
//!   [`MAX_TILES`]; two cards of one layer overlapping; a kind whose count is not a
//!   multiple of 3; more kinds than [`MAX_KINDS`]; coordinates that do not fit the stack
//!   file; and a map where halving changes *which tiles lie over which* (the transitive
//!   closure of the cover relation): with the same closure, the same tiles are free after
//!   any sequence of takes, so the imported level is the captured game; without it, it
//!   would be another game, and we refuse rather than play that.

mod closure;
pub(crate) mod error;

use serde_json::{Map, Value};

use crate::error::{EngineError, Result};
use crate::json::describe;
use crate::stack::board::check_capacity;
use crate::stack::file::{self, StackFile};
use crate::stack::geometry::{Layout, Tile, MAX_COORD, MAX_KINDS, MAX_TILES};
use closure::Closure;
pub use error::ImportError;

/// The tray a captured map is played with unless told otherwise (the real game's 7).
pub const DEFAULT_TRAY: u8 = 7;
/// A captured card's side, in the capture's units.
pub const CARD_SIDE: i64 = 8;
/// Captured coordinates are kept to `0..=MAX_CAPTURED_COORD`: halved, they fit a stack file.
pub const MAX_CAPTURED_COORD: i64 = 2 * MAX_COORD as i64 + 1;

/// One captured card, as read.
#[derive(Clone, Copy, Debug)]
struct Card {
    layer: i64,
    x: i64,
    y: i64,
    kind: i64,
}

impl Card {
    fn name(&self) -> String {
        format!("({}, {}) in layer {}", self.x, self.y, self.layer)
    }

    fn near(&self, other: &Card) -> bool {
        self.x.abs_diff(other.x) < CARD_SIDE.unsigned_abs()
            && self.y.abs_diff(other.y) < CARD_SIDE.unsigned_abs()
    }
}

/// Imports a captured map (see the module doc) as a stack file played with `tray` slots.
#[inline] // compiled in the caller, for size (see lib.rs)
pub fn import_map(text: &str, tray: u8) -> Result<StackFile> {
    check_capacity(tray)?;
    let value: Value =
        serde_json::from_str(text).map_err(|e| ImportError::NotJson(one_line(&e.to_string())))?;
    let cards = read_cards(&value)?;
    let layout = build(&cards)?;
    Ok(StackFile {
        tray,
        layout,
        taken: Vec::new(),
    })
}

/// Reads a level the player brought: a stack file (when the JSON object has `"tiles"`,
/// with its own tray) or a captured map (played with `tray` slots).
#[inline] // compiled in the caller, for size (see lib.rs)
pub fn read_level(text: &str, tray: u8) -> Result<StackFile> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(o)) if o.contains_key("tiles") => file::parse(text),
        _ => import_map(text, tray),
    }
}

#[inline] // compiled in the caller, for size (see lib.rs)
fn read_cards(value: &Value) -> std::result::Result<Vec<Card>, ImportError> {
    let Value::Object(top) = value else {
        return Err(ImportError::NotAnObject(describe(value)));
    };
    if top.contains_key("tiles") && top.contains_key("tray") {
        return Err(ImportError::AlreadyStackFile);
    }
    let layers = match top.get("levelData") {
        None => top,
        Some(Value::Object(o)) => o,
        Some(other) => return Err(ImportError::BadLevelData(describe(other))),
    };
    let mut keyed: Vec<(i64, &String, &Value)> = layers
        .iter()
        .filter_map(|(k, v)| k.trim().parse::<i64>().ok().map(|n| (n, k, v)))
        .collect();
    keyed.sort_by_key(|&(n, _, _)| n);
    let mut cards = Vec::new();
    for (layer, key, v) in keyed {
        let Value::Array(list) = v else {
            return Err(ImportError::LayerNotArray {
                layer: key.clone(),
                found: describe(v),
            });
        };
        if cards.len() + list.len() > MAX_TILES {
            return Err(ImportError::TooManyCards {
                count: cards.len() + list.len(),
                max: MAX_TILES,
            });
        }
        for (index, c) in list.iter().enumerate() {
            let bad = |problem: String| ImportError::BadCard {
                layer: key.clone(),
                index,
                problem,
            };
            let Value::Object(card) = c else {
                return Err(bad(format!("a card is an object, found {}", describe(c))));
            };
            let field = |name: &str| integer(card, name).map_err(&bad);
            let own_layer = match card.get("layerNum") {
                None | Some(Value::Null) => layer,
                Some(_) => field("layerNum")?,
            };
            if own_layer != layer {
                return Err(bad(format!(
                    "its layerNum {own_layer} disagrees with the layer it is listed under"
                )));
            }
            let coordinate = |name: &str| {
                let v = field(name)?;
                if (0..=MAX_CAPTURED_COORD).contains(&v) {
                    Ok(v)
                } else {
                    Err(bad(format!(
                        "\"{name}\" is {v}: coordinates are 0..={MAX_CAPTURED_COORD}"
                    )))
                }
            };
            cards.push(Card {
                layer,
                x: coordinate("rolNum")?,
                y: coordinate("rowNum")?,
                kind: field("type")?,
            });
        }
    }
    if cards.is_empty() {
        return Err(ImportError::NoCards);
    }
    Ok(cards)
}

/// A card's integer field: a JSON integer, or a string holding one.
#[inline] // compiled in the caller, for size (see lib.rs)
fn integer(card: &Map<String, Value>, name: &str) -> std::result::Result<i64, String> {
    match card.get(name) {
        None => Err(format!("missing \"{name}\"")),
        Some(Value::Number(n)) => n
            .as_i64()
            .ok_or_else(|| format!("\"{name}\" is {n}: expected an integer")),
        Some(Value::String(s)) => s.trim().parse().map_err(|_| {
            format!(
                "\"{name}\" is \"{}\": expected an integer",
                s.chars().take(20).collect::<String>()
            )
        }),
        Some(other) => Err(format!(
            "\"{name}\" is {}: expected an integer",
            describe(other)
        )),
    }
}

/// Checks the captured cards and builds the halved layout with the same closure.
#[inline] // compiled in the caller, for size (see lib.rs)
fn build(cards: &[Card]) -> Result<Layout> {
    check_no_overlap(cards)?;
    let kinds = renumber_kinds(cards)?;
    let mut layers: Vec<i64> = cards.iter().map(|c| c.layer).collect();
    layers.sort_unstable();
    layers.dedup();
    let fit = |v: i64| i32::try_from(v).unwrap_or(i32::MAX);
    let tiles: Vec<Tile> = cards
        .iter()
        .zip(&kinds)
        .map(|(c, &kind)| Tile {
            x: fit(c.x.div_euclid(2)),
            y: fit(c.y.div_euclid(2)),
            z: fit(layers.partition_point(|&l| l < c.layer) as i64),
            kind,
        })
        .collect();
    let layout = Layout::new(tiles).map_err(|e| ImportError::DoesNotFit(e.to_string()))?;
    check_same_closure(cards, &layout)?;
    Ok(layout)
}

#[inline] // compiled in the caller, for size (see lib.rs)
fn check_no_overlap(cards: &[Card]) -> std::result::Result<(), ImportError> {
    for (i, a) in cards.iter().enumerate() {
        if let Some(b) = cards[i + 1..]
            .iter()
            .find(|b| b.layer == a.layer && a.near(b))
        {
            return Err(ImportError::Overlap {
                first: a.name(),
                second: b.name(),
            });
        }
    }
    Ok(())
}

/// Kinds renumbered from 0 in ascending captured order, each checked to come in threes.
#[inline] // compiled in the caller, for size (see lib.rs)
fn renumber_kinds(cards: &[Card]) -> std::result::Result<Vec<u16>, ImportError> {
    let mut distinct: Vec<i64> = cards.iter().map(|c| c.kind).collect();
    distinct.sort_unstable();
    let mut counts: Vec<(i64, usize)> = Vec::new();
    for k in distinct {
        match counts.last_mut() {
            Some((last, n)) if *last == k => *n += 1,
            _ => counts.push((k, 1)),
        }
    }
    if let Some(&(kind, count)) = counts.iter().find(|(_, n)| n % 3 != 0) {
        return Err(ImportError::KindNotInThrees { kind, count });
    }
    if counts.len() > usize::from(MAX_KINDS) {
        return Err(ImportError::TooManyKinds {
            count: counts.len(),
            max: MAX_KINDS,
        });
    }
    Ok(cards
        .iter()
        .map(|c| counts.partition_point(|&(k, _)| k < c.kind) as u16)
        .collect())
}

#[inline] // compiled in the caller, for size (see lib.rs)
fn check_same_closure(cards: &[Card], layout: &Layout) -> std::result::Result<(), ImportError> {
    let z: Vec<i64> = cards.iter().map(|c| c.layer).collect();
    let captured = Closure::new(&z, |a, b| cards[a].near(&cards[b]));
    let halved = Closure::new(&z, |a, b| layout.below(a as u16).contains(&(b as u16)));
    match captured.first_difference(&halved) {
        None => Ok(()),
        Some((over, under)) => Err(ImportError::ClosureChanged {
            over: cards[over].name(),
            under: cards[under].name(),
            where_: if captured.over(over, under) {
                "in the captured map"
            } else {
                "once halved"
            },
        }),
    }
}

#[inline] // compiled in the caller, for size (see lib.rs)
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl From<ImportError> for EngineError {
    fn from(e: ImportError) -> EngineError {
        EngineError::BadMap(e)
    }
}
