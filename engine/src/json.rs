//! Small helpers for reading JSON by hand: how to name a value's kind in a message.

use serde_json::Value;

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
