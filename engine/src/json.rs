//! Small helpers for JSON: how to name a value's kind in a message, and the writing of JSON
//! values that the session and the web shell do on every move.
//!
//! Why the writing lives here: serde's code is generic, so it is compiled into the crate that
//! calls it, at that crate's optimisation level. The web build compiles the engine at
//! opt-level 3 and the session and the web shell for size ("z", the `web` profile in the root
//! Cargo.toml). Every move the session writes the game's save document and the web shell its
//! answer, which carries that text: compiled for size, writing (and freeing the values
//! written) made a move's call take up to twice as long. Called through these functions, the
//! work runs at opt-level 3, in one copy of the code.

use serde_json::{Map, Value};

/// A JSON value's kind, for messages ("found an array").
pub fn describe(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// `serde_json::to_string(&object)`, and `object` dropped here too (freeing a tree of
/// maps is part of the work).
pub fn object_into_string(object: Map<String, Value>) -> serde_json::Result<String> {
    serde_json::to_string(&object)
}

/// `serde_json::to_vec(&value)`, and `value` dropped here too.
pub fn into_vec(value: Value) -> serde_json::Result<Vec<u8>> {
    serde_json::to_vec(&value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_writers_are_serde_jsons() {
        let text = r#"{"b":[1,-2,18446744073709551615,"x\n\u0001é"],"a":{"z":null,"y":true}}"#;
        let object: Map<String, Value> = serde_json::from_str(text).unwrap();
        let expected = serde_json::to_string(&object).unwrap();
        assert_eq!(
            expected,
            r#"{"a":{"y":true,"z":null},"b":[1,-2,18446744073709551615,"x\n\u0001é"]}"#
        );
        assert_eq!(
            into_vec(Value::Object(object.clone())).unwrap(),
            expected.as_bytes()
        );
        assert_eq!(object_into_string(object).unwrap(), expected);
    }
}
