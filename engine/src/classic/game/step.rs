//! One undoable step of a classic game's history and its save form,
//! `{"step":"match", "a", "b", "kind", "before", "reshuffled", "slid"?}` or
//! `{"step":"shuffle", "arrangement", "before"}`.
//!
//! Written by serde's derived internally tagged code; read by hand. The derived reader
//! buffers each step in serde's `Content` until it has seen the tag, and so carried a second
//! reader of the scoreline, positions, kinds and arrangements (from that buffer) in the
//! WebAssembly module. This reader reads each field as it comes, by its name: the fields
//! of both variants have one type each. Once the tag is known, the other variant's fields
//! are skipped, as the derived reader skips them; before it (the saves write the tag first)
//! they are read, so a field of the other variant that is not of its type is refused there.

use std::fmt;

use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::classic::board::{Kind, Pos};
use crate::classic::game::Scoreline;
use crate::classic::slide::Move;

/// One undoable step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub(super) enum Step {
    /// Two tiles of `kind` were matched; `reshuffled` holds the arrangement before an
    /// auto-shuffle that followed.
    Match {
        a: Pos,
        b: Pos,
        kind: Kind,
        before: Scoreline,
        reshuffled: Option<Vec<(Pos, Kind)>>,
        /// The tiles that slid after the removal (from → to), undone in reverse.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        slid: Vec<Move>,
    },
    /// The player shuffled; `arrangement` is the board before.
    Shuffle {
        arrangement: Vec<(Pos, Kind)>,
        before: Scoreline,
    },
}

#[derive(Clone, Copy, PartialEq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Tag {
    Match,
    Shuffle,
}

#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "snake_case")]
enum Field {
    Step,
    A,
    B,
    Kind,
    Before,
    Reshuffled,
    Slid,
    Arrangement,
    #[serde(other)]
    Other,
}

struct StepVisitor;

impl<'de> Visitor<'de> for StepVisitor {
    type Value = Step;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("internally tagged enum Step")
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Step, M::Error> {
        let mut tag: Option<Tag> = None;
        let mut a: Option<Pos> = None;
        let mut b: Option<Pos> = None;
        let mut kind: Option<Kind> = None;
        let mut before: Option<Scoreline> = None;
        let mut reshuffled: Option<Option<Vec<(Pos, Kind)>>> = None;
        let mut slid: Option<Vec<Move>> = None;
        let mut arrangement: Option<Vec<(Pos, Kind)>> = None;
        // Reads the value into `slot` unless the tag names the other variant.
        macro_rules! field {
            ($slot:ident, $name:literal, $variant:pat) => {
                match tag {
                    Some(t) if !matches!(t, $variant) => {
                        map.next_value::<IgnoredAny>()?;
                    }
                    _ if $slot.is_some() => return Err(de::Error::duplicate_field($name)),
                    _ => $slot = Some(map.next_value()?),
                }
            };
        }
        while let Some(key) = map.next_key::<Field>()? {
            match key {
                Field::Step => field!(tag, "step", _),
                Field::A => field!(a, "a", Tag::Match),
                Field::B => field!(b, "b", Tag::Match),
                Field::Kind => field!(kind, "kind", Tag::Match),
                Field::Before => field!(before, "before", _),
                Field::Reshuffled => field!(reshuffled, "reshuffled", Tag::Match),
                Field::Slid => field!(slid, "slid", Tag::Match),
                Field::Arrangement => field!(arrangement, "arrangement", Tag::Shuffle),
                Field::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let need = |name: &'static str| de::Error::missing_field(name);
        match tag.ok_or_else(|| need("step"))? {
            Tag::Match => Ok(Step::Match {
                a: a.ok_or_else(|| need("a"))?,
                b: b.ok_or_else(|| need("b"))?,
                kind: kind.ok_or_else(|| need("kind"))?,
                before: before.ok_or_else(|| need("before"))?,
                reshuffled: reshuffled.flatten(),
                slid: slid.unwrap_or_default(),
            }),
            Tag::Shuffle => Ok(Step::Shuffle {
                arrangement: arrangement.ok_or_else(|| need("arrangement"))?,
                before: before.ok_or_else(|| need("before"))?,
            }),
        }
    }
}

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Step, D::Error> {
        d.deserialize_map(StepVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The derived reader `Step` had: the hand-written one must agree with it.
    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(tag = "step", rename_all = "snake_case")]
    enum Derived {
        Match {
            a: Pos,
            b: Pos,
            kind: Kind,
            before: Scoreline,
            reshuffled: Option<Vec<(Pos, Kind)>>,
            #[serde(default)]
            slid: Vec<Move>,
        },
        Shuffle {
            arrangement: Vec<(Pos, Kind)>,
            before: Scoreline,
        },
    }

    impl From<Derived> for Step {
        fn from(d: Derived) -> Step {
            match d {
                Derived::Match {
                    a,
                    b,
                    kind,
                    before,
                    reshuffled,
                    slid,
                } => Step::Match {
                    a,
                    b,
                    kind,
                    before,
                    reshuffled,
                    slid,
                },
                Derived::Shuffle {
                    arrangement,
                    before,
                } => Step::Shuffle {
                    arrangement,
                    before,
                },
            }
        }
    }

    #[test]
    fn steps_read_as_the_derived_internally_tagged_reader_did() {
        let before = r#""before":{"score":10,"combo":1,"last_match_ms":500}"#;
        let m = r#""a":[1,2],"b":[1,5],"kind":3"#;
        let cases = [
            format!(r#"{{"step":"match",{m},{before},"reshuffled":null}}"#),
            format!(r#"{{"step":"match",{m},{before}}}"#),
            format!(
                r#"{{"step":"match",{m},{before},"reshuffled":[[[0,0],4]],"slid":[[[2,2],[2,3]]]}}"#
            ),
            format!(r#"{{{m},{before},"step":"match","reshuffled":null}}"#),
            format!(r#"{{"step":"match",{m},{before},"reshuffled":null,"arrangement":7,"x":[]}}"#),
            format!(r#"{{"step":"match",{m},{before},"reshuffled":null,"a":[0,0]}}"#),
            format!(r#"{{"step":"match",{m},"reshuffled":null}}"#),
            format!(r#"{{"step":"match","a":[1,2],{before},"reshuffled":null}}"#),
            format!(r#"{{"step":"match",{m},{before},"reshuffled":7}}"#),
            format!(r#"{{"step":"match",{m},{before},"kind":"x"}}"#),
            format!(r#"{{"step":"shuffle","arrangement":[[[0,0],4],[[0,1],4]],{before}}}"#),
            format!(r#"{{"step":"shuffle","arrangement":[],{before},{m},"slid":"x"}}"#),
            format!(r#"{{"arrangement":[],"step":"shuffle",{before}}}"#),
            format!(r#"{{"step":"shuffle",{before}}}"#),
            format!(r#"{{"step":"shuffle","step":"shuffle","arrangement":[],{before}}}"#),
            format!(r#"{{"step":"unshuffle","arrangement":[],{before}}}"#),
            format!(r#"{{"step":3,"arrangement":[],{before}}}"#),
            format!(r#"{{"arrangement":[],{before}}}"#),
            "{}".to_string(),
            "[]".to_string(),
            "null".to_string(),
        ];
        for text in cases {
            let mine = serde_json::from_str::<Step>(&text).ok();
            let derived = serde_json::from_str::<Derived>(&text).ok().map(Step::from);
            assert_eq!(mine, derived, "{text}");
        }
    }

    #[test]
    fn steps_round_trip() {
        let before = Scoreline::default();
        for step in [
            Step::Match {
                a: Pos::new(1, 2),
                b: Pos::new(-1, 2),
                kind: 9,
                before,
                reshuffled: Some(vec![(Pos::new(0, 0), 1)]),
                slid: vec![[Pos::new(0, 0), Pos::new(0, 1)]],
            },
            Step::Match {
                a: Pos::new(1, 2),
                b: Pos::new(3, 2),
                kind: 0,
                before,
                reshuffled: None,
                slid: vec![],
            },
            Step::Shuffle {
                arrangement: vec![(Pos::new(4, 4), 2)],
                before,
            },
        ] {
            let text = serde_json::to_string(&step).expect("serialises");
            assert_eq!(
                serde_json::from_str::<Step>(&text).ok(),
                Some(step),
                "{text}"
            );
        }
    }
}
