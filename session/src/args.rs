//! Command arguments that never fail to deserialize. Tauri turns a missing or mistyped
//! argument into a bare string error; wrapping each argument in [`Arg`] keeps whatever the
//! view sent so the command itself can reject it as `{ code: "bad_argument", message }`,
//! and range checks (negative, huge, fractional numbers) live here too. The dispatcher
//! (`invoke.rs`) takes its arguments out of the view's JSON object the same way
//! ([`Arg::field`]).

use llk_engine::json::describe as kind_of;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use crate::error::{AppError, AppResult};

/// One raw command argument: `None` when the key was missing or `null`, or when the IPC
/// payload could not be read at all (kept as the reason).
#[derive(Debug, Clone)]
pub struct Arg(Result<Option<Value>, String>);

impl Default for Arg {
    /// A missing argument.
    fn default() -> Arg {
        Arg(Ok(None))
    }
}

impl<'de> Deserialize<'de> for Arg {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Tauri answers `deserialize_option` with `None` for a missing key; swallow every
        // other failure too so that the command, not the IPC layer, reports it.
        Ok(Arg(
            Option::<Value>::deserialize(deserializer).map_err(|e| e.to_string())
        ))
    }
}

impl Arg {
    /// An argument holding `value` (tests and internal callers).
    pub fn from_value(value: Value) -> Arg {
        Arg(Ok(Some(value)))
    }

    /// Argument `key` of the JSON object `args` as the view sends it, the way Tauri reads a
    /// command's argument: a missing key, `null`, or `args` that are not an object at all
    /// mean a missing argument.
    pub fn field(args: &Value, key: &str) -> Arg {
        match args.get(key) {
            None | Some(Value::Null) => Arg::default(),
            Some(v) => Arg::from_value(v.clone()),
        }
    }

    /// Whether the argument was left out (or sent as `null`).
    pub fn is_missing(&self) -> bool {
        matches!(self.0, Ok(None))
    }

    fn present(&self, name: &str) -> AppResult<&Value> {
        match &self.0 {
            Ok(Some(v)) => Ok(v),
            Ok(None) => Err(AppError::BadArgument(format!("missing argument `{name}`"))),
            Err(why) => Err(AppError::BadArgument(format!(
                "argument `{name}` could not be read: {why}"
            ))),
        }
    }

    /// A structured argument (options, settings) checked against its Rust type.
    pub fn parse<T: DeserializeOwned>(&self, name: &str) -> AppResult<T> {
        read_as(name, self.present(name)?)
    }

    /// An object argument of an enum tagged by key `tag`, split into the tag's variant name
    /// (`default` when the object has no `tag`, e.g. `options` without `"mode"` are classic
    /// options) and the object without the tag, for the caller to read as that variant's
    /// type with [`read_as`], as serde's internally tagged enums read it. Done by hand
    /// because a derived internally tagged `Deserialize` buffers the object in serde's
    /// `Content` and so carries a second reader of every variant's type in the WebAssembly
    /// module.
    pub fn split_tag(&self, name: &str, tag: &str, default: &str) -> AppResult<(String, Value)> {
        let bad =
            |why: String| AppError::BadArgument(format!("argument `{name}` is not valid: {why}"));
        let Value::Object(map) = self.present(name)? else {
            let got = kind_of(self.present(name)?);
            return Err(bad(format!("expected an object, got {got}")));
        };
        let mut rest = map.clone();
        let variant = match rest.remove(tag) {
            None => default.to_string(),
            Some(Value::String(s)) => s,
            Some(other) => {
                return Err(bad(format!(
                    "`{tag}` must be a string, got {}",
                    kind_of(&other)
                )))
            }
        };
        Ok((variant, Value::Object(rest)))
    }

    /// Refuses an object argument whose `field` is present but not a string (seeds travel
    /// as decimal strings: a JSON number above 2^53 would already have been rounded).
    pub fn string_field(&self, name: &str, field: &str) -> AppResult<()> {
        match self.present(name)? {
            Value::Object(map) => match map.get(field) {
                None | Some(Value::String(_)) => Ok(()),
                Some(other) => Err(AppError::BadArgument(format!(
                    "`{name}.{field}` must be a decimal string, got {}",
                    kind_of(other)
                ))),
            },
            _ => Ok(()),
        }
    }

    /// A whole number of any size; numbers beyond `i64` saturate (they are out of any
    /// range the caller checks next). Fractions, strings, booleans... are refused.
    pub fn integer(&self, name: &str) -> AppResult<i64> {
        let v = self.present(name)?;
        let n = match v {
            Value::Number(n) => n,
            other => {
                return Err(AppError::BadArgument(format!(
                    "argument `{name}` must be an integer, got {}",
                    kind_of(other)
                )))
            }
        };
        if let Some(i) = n.as_i64() {
            return Ok(i);
        }
        if n.as_u64().is_some() {
            return Ok(i64::MAX);
        }
        match n.as_f64() {
            Some(f) if f.is_finite() && f.fract() == 0.0 => Ok(f as i64), // saturating cast
            _ => Err(AppError::BadArgument(format!(
                "argument `{name}` must be an integer, got {n}"
            ))),
        }
    }

    /// A non-negative duration in milliseconds; fractions are dropped (views often
    /// measure with `performance.now()`), huge values saturate.
    pub fn millis(&self, name: &str) -> AppResult<u64> {
        let v = self.present(name)?;
        let bad = |what: String| {
            AppError::BadArgument(format!(
                "argument `{name}` must be a non-negative number of milliseconds, got {what}"
            ))
        };
        match v {
            Value::Number(n) => {
                if let Some(u) = n.as_u64() {
                    Ok(u)
                } else {
                    match n.as_f64() {
                        Some(f) if f.is_finite() && f >= 0.0 => Ok(f as u64), // saturating
                        _ => Err(bad(n.to_string())),
                    }
                }
            }
            other => Err(bad(kind_of(other).to_string())),
        }
    }
}

/// `value` read as a `T` through the JSON text reader, the one the saves are read with,
/// rather than through `serde_json::from_value`: every type that is both an argument and
/// part of a save (the options, the settings) is then read by one instantiation of serde's
/// code, not two (about 15 kB less WebAssembly). Re-serialising an argument costs
/// microseconds. The reader's " at line 1 column N" is left out: it points into text the
/// caller never wrote.
pub fn read_as<T: DeserializeOwned>(name: &str, value: &Value) -> AppResult<T> {
    serde_json::from_str(&value.to_string()).map_err(|e| {
        let why = e.to_string();
        let why = match (e.line(), why.rfind(" at line ")) {
            (1, Some(at)) => &why[..at],
            _ => why.as_str(),
        };
        AppError::BadArgument(format!("argument `{name}` is not valid: {why}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn code<T: std::fmt::Debug>(r: AppResult<T>) -> &'static str {
        r.err().map_or("ok", |e| e.code())
    }

    #[test]
    fn integers() {
        assert_eq!(Arg::from_value(json!(3)).integer("row").ok(), Some(3));
        assert_eq!(Arg::from_value(json!(-3)).integer("row").ok(), Some(-3));
        assert_eq!(Arg::from_value(json!(2.0)).integer("row").ok(), Some(2));
        assert_eq!(
            Arg::from_value(json!(u64::MAX)).integer("row").ok(),
            Some(i64::MAX)
        );
        assert_eq!(
            Arg::from_value(json!(-1e300)).integer("row").ok(),
            Some(i64::MIN)
        );
        assert_eq!(
            code(Arg::from_value(json!(1.5)).integer("row")),
            "bad_argument"
        );
        assert_eq!(
            code(Arg::from_value(json!("1")).integer("row")),
            "bad_argument"
        );
        assert_eq!(code(Arg::default().integer("row")), "bad_argument");
    }

    #[test]
    fn fields_of_the_views_object() {
        let args = json!({ "row": 2, "col": null });
        assert_eq!(Arg::field(&args, "row").integer("row").ok(), Some(2));
        assert!(Arg::field(&args, "col").is_missing());
        assert!(Arg::field(&args, "id").is_missing());
        assert!(Arg::field(&json!(null), "row").is_missing());
        assert!(Arg::field(&json!([1, 2]), "row").is_missing());
    }

    #[test]
    fn tagged_objects_take_a_default_tag() {
        #[derive(serde::Deserialize, Debug, PartialEq)]
        #[serde(tag = "mode", rename_all = "snake_case")]
        enum Opt {
            A(A),
            B(B),
        }
        #[derive(serde::Deserialize, Debug, PartialEq)]
        struct A {
            n: u8,
        }
        #[derive(serde::Deserialize, Debug, PartialEq)]
        struct B {
            s: String,
        }
        let parse = |v: Value| -> AppResult<Opt> {
            let (variant, rest) = Arg::from_value(v).split_tag("o", "mode", "a")?;
            match variant.as_str() {
                "a" => read_as("o", &rest).map(Opt::A),
                "b" => read_as("o", &rest).map(Opt::B),
                other => Err(AppError::BadArgument(format!("unknown variant `{other}`"))),
            }
        };
        // serde's derived reader of the tagged enum, with the default tag put in
        let derived = |v: Value| -> Option<Opt> {
            let mut v = v;
            if let Value::Object(map) = &mut v {
                map.entry("mode").or_insert_with(|| json!("a"));
            }
            serde_json::from_value(v).ok()
        };
        let cases = [
            json!({ "n": 3 }),
            json!({ "mode": "a", "n": 3 }),
            json!({ "n": 3, "mode": "a", "s": "x" }),
            json!({ "mode": "b", "s": "x" }),
            json!({ "s": "x", "mode": "b" }),
            json!({ "mode": "c", "n": 3 }),
            json!({ "mode": "b", "n": 3 }),
            json!({ "mode": null, "n": 3 }),
            json!({ "mode": 1, "n": 3 }),
            json!({ "n": 300 }),
            json!({}),
            json!(3),
            json!("a"),
        ];
        for case in cases {
            assert_eq!(parse(case.clone()).ok(), derived(case.clone()), "{case}");
        }
        assert_eq!(parse(json!({ "n": 3 })).ok(), Some(Opt::A(A { n: 3 })));
        assert_eq!(
            parse(json!({ "mode": "b", "s": "x" })).ok(),
            Some(Opt::B(B { s: "x".into() }))
        );
        assert_eq!(code(parse(json!({ "mode": "c", "n": 3 }))), "bad_argument");
        assert_eq!(code(parse(json!({ "mode": "b", "n": 3 }))), "bad_argument");
        assert_eq!(code(parse(json!(3))), "bad_argument");
        assert!(Arg::default().is_missing());
        assert!(!Arg::from_value(json!(0)).is_missing());
    }

    #[test]
    fn structured_arguments_are_read_like_a_save_and_say_why_without_a_text_position() {
        #[derive(Debug, PartialEq, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Opt {
            rows: u8,
            name: String,
        }
        let parse = |v: Value| Arg::from_value(v).parse::<Opt>("options");
        let ok = parse(json!({ "rows": 8, "name": "连连看 \"x\"" }));
        assert_eq!(
            ok.ok(),
            Some(Opt {
                rows: 8,
                name: "连连看 \"x\"".into()
            })
        );
        for (bad, why) in [
            (
                json!({ "rows": 300, "name": "a" }),
                "invalid value: integer `300`",
            ),
            (json!({ "rows": 8 }), "missing field `name`"),
            (
                json!({ "rows": 8, "name": "a", "x": 1 }),
                "unknown field `x`",
            ),
            (json!([8]), "invalid length 1"),
        ] {
            let message = match parse(bad) {
                Err(AppError::BadArgument(m)) => m,
                other => panic!("{other:?}"),
            };
            assert!(
                message.starts_with("argument `options` is not valid: "),
                "{message}"
            );
            assert!(message.contains(why), "{message}");
            assert!(!message.contains(" at line "), "{message}");
        }
    }

    #[test]
    fn string_fields() {
        let seed = |v: Value| code(Arg::from_value(v).string_field("options", "seed"));
        assert_eq!(seed(json!({ "seed": "12" })), "ok");
        assert_eq!(seed(json!({ "rows": 8 })), "ok");
        assert_eq!(seed(json!({ "seed": 12 })), "bad_argument");
        assert_eq!(
            seed(json!({ "seed": 1.8446744073709552e19 })),
            "bad_argument"
        );
        assert_eq!(seed(json!({ "seed": null })), "bad_argument");
    }

    #[test]
    fn millis() {
        assert_eq!(Arg::from_value(json!(10)).millis("t").ok(), Some(10));
        assert_eq!(Arg::from_value(json!(10.9)).millis("t").ok(), Some(10));
        assert_eq!(
            Arg::from_value(json!(1e300)).millis("t").ok(),
            Some(u64::MAX)
        );
        assert_eq!(code(Arg::from_value(json!(-1)).millis("t")), "bad_argument");
        assert_eq!(
            code(Arg::from_value(json!(true)).millis("t")),
            "bad_argument"
        );
    }
}
