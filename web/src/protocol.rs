//! The JSON protocol between the page's engine worker and the session, as a plain function of
//! bytes (`Shell::handle`), so that it is tested natively and the wasm exports only move bytes.
//!
//! Requests:
//! - `{"op":"init","files":{"game.json":"...",...},"random":"<64 hex digits>","now_ms":<ms>}`
//!   (`random`: 256 bits of the page's entropy, which seed the generator the online key is
//!   drawn from; a decimal u64, as pages before online play sent, is still read)
//!   loads the session over the page's saved files (a damaged or foreign file is set aside, as
//!   on the desktop, and its notice comes with the `start` command's answer).
//! - `{"op":"invoke","command":"select","args":{...},"now_ms":<ms>}` runs one command of
//!   `docs/ipc.md` with the view's arguments (`args` may be absent or `null`).
//!
//! Every answer is `{"ok": <payload>, "writes": [...]}` or `{"err": {"code","message"},
//! "writes": [...]}`: `writes` the storage ops to apply in order (see `store::Write`). A request
//! that is not valid JSON of this shape is a `bad_argument` error, never a panic.

use llk_session::error::AppError;
use llk_session::Session;
use serde_json::{json, Map, Value};

use crate::host::{Clock, WebHost};
use crate::store::{BrowserStore, Write};

/// One request, read by [`Request::parse`].
#[derive(Debug, PartialEq)]
enum Request {
    Init {
        /// File name → text (checked to be strings when the store is made).
        files: Map<String, Value>,
        random: String,
        now_ms: u64,
    },
    Invoke {
        command: String,
        /// `null` when absent.
        args: Value,
        now_ms: u64,
    },
}

impl Request {
    /// The request in `text`: a JSON object tagged by `op`, read as serde's derived
    /// internally tagged reader reads it (unknown keys ignored, `args` `null` when absent),
    /// but by hand over the JSON object type the module has anyway: the derived reader
    /// buffers the request in serde's `Content` and carried its own readers of maps and
    /// values from that buffer.
    fn parse(text: &str) -> Result<Request, String> {
        let mut map: Map<String, Value> = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let op = string(&mut map, "op")?;
        match op.as_str() {
            "init" => Ok(Request::Init {
                files: match field(&mut map, "files")? {
                    Value::Object(files) => files,
                    other => {
                        return Err(format!("invalid type: {other}, expected a map at `files`"))
                    }
                },
                random: string(&mut map, "random")?,
                now_ms: millis(&mut map)?,
            }),
            "invoke" => Ok(Request::Invoke {
                command: string(&mut map, "command")?,
                args: map.remove("args").unwrap_or(Value::Null),
                now_ms: millis(&mut map)?,
            }),
            other => Err(format!(
                "unknown variant `{other}`, expected `init` or `invoke`"
            )),
        }
    }
}

/// The page's entropy as `init` sends it.
enum Entropy {
    /// 64 hex digits: 256 bits.
    Full([u8; 32]),
    /// A decimal u64 (pages before online play).
    Word(u64),
}

fn entropy(random: &str) -> Option<Entropy> {
    if random.len() == 64 && random.bytes().all(|c| c.is_ascii_hexdigit()) {
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = u8::from_str_radix(random.get(2 * i..2 * i + 2)?, 16).ok()?;
        }
        return Some(Entropy::Full(bytes));
    }
    random.parse().ok().map(Entropy::Word)
}

fn field(map: &mut Map<String, Value>, key: &str) -> Result<Value, String> {
    map.remove(key)
        .ok_or_else(|| format!("missing field `{key}`"))
}

fn string(map: &mut Map<String, Value>, key: &str) -> Result<String, String> {
    match field(map, key)? {
        Value::String(s) => Ok(s),
        other => Err(format!(
            "invalid type: {other}, expected a string at `{key}`"
        )),
    }
}

fn millis(map: &mut Map<String, Value>) -> Result<u64, String> {
    let v = field(map, "now_ms")?;
    v.as_u64()
        .ok_or_else(|| format!("invalid value: {v}, expected u64 at `now_ms`"))
}

/// The loaded session with the handles the protocol keeps on its store and clock.
struct Loaded {
    session: Session,
    store: BrowserStore,
    clock: Clock,
}

/// The web shell's state: no session until the page's first `init`.
#[derive(Default)]
pub struct Shell {
    loaded: Option<Loaded>,
}

impl Shell {
    pub fn new() -> Shell {
        Shell::default()
    }

    /// Answers one request (bytes of JSON) with the response's bytes of JSON.
    pub fn handle(&mut self, request: &[u8]) -> Vec<u8> {
        // Parsed as text, as the session parses its saves: one JSON reader in the module,
        // not a second one for bytes (~3 kB of its gzip).
        let result = match std::str::from_utf8(request) {
            Err(_) => Err(AppError::BadArgument(
                "bad request: not UTF-8 text".to_string(),
            )),
            Ok(text) => match Request::parse(text) {
                Ok(req) => self.run(req),
                Err(e) => Err(AppError::BadArgument(format!("bad request: {e}"))),
            },
        };
        let writes: Vec<Write> = self
            .loaded
            .as_ref()
            .map(|l| l.store.take_writes())
            .unwrap_or_default();
        let response = match result {
            Ok(payload) => json!({ "ok": payload, "writes": writes }),
            Err(e) => json!({ "err": e.body(), "writes": writes }),
        };
        // a Value of strings, numbers and maps always serialises
        llk_engine::json::into_vec(response).unwrap_or_else(|_| {
            br#"{"err":{"code":"internal","message":"unserialisable answer"},"writes":[]}"#.to_vec()
        })
    }

    fn run(&mut self, request: Request) -> Result<Value, AppError> {
        match request {
            Request::Init {
                files,
                random,
                now_ms,
            } => {
                let seed = entropy(&random).ok_or_else(|| {
                    AppError::BadArgument(format!(
                        "random must be 64 hex digits or a decimal u64 string, got {random:?}"
                    ))
                })?;
                if !files.values().all(Value::is_string) {
                    return Err(AppError::BadArgument(
                        "bad request: files must map names to texts".to_string(),
                    ));
                }
                let store = BrowserStore::new(files);
                let clock = Clock::default();
                clock.set(now_ms);
                let host = match seed {
                    Entropy::Full(bytes) => WebHost::from_seed(clock.clone(), bytes),
                    Entropy::Word(word) => WebHost::new(clock.clone(), word),
                };
                let session = Session::load(Box::new(store.clone()), Box::new(host));
                self.loaded = Some(Loaded {
                    session,
                    store,
                    clock,
                });
                Ok(Value::Null)
            }
            Request::Invoke {
                command,
                args,
                now_ms,
            } => {
                let loaded = self.loaded.as_mut().ok_or_else(|| {
                    AppError::BadArgument("invoke before init: send init first".to_string())
                })?;
                loaded.clock.set(now_ms);
                llk_session::invoke::invoke(&mut loaded.session, &command, &args)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    const NOW: u64 = 1_750_000_000_000;

    fn call(shell: &mut Shell, request: Value) -> Value {
        let bytes = shell.handle(&serde_json::to_vec(&request).unwrap());
        serde_json::from_slice(&bytes).expect("the answer is JSON")
    }

    fn init(shell: &mut Shell, files: Value) -> Value {
        call(
            shell,
            json!({"op": "init", "files": files, "random": "12345", "now_ms": NOW}),
        )
    }

    fn invoke(shell: &mut Shell, command: &str, args: Value) -> Value {
        call(
            shell,
            json!({"op": "invoke", "command": command, "args": args, "now_ms": NOW}),
        )
    }

    #[test]
    fn the_pages_256_bits_seed_the_online_key() {
        let key = |random: &str| {
            let mut shell = Shell::new();
            let r = json!({"op": "init", "files": {}, "random": random, "now_ms": NOW});
            ok(&call(&mut shell, r));
            ok(&invoke(&mut shell, "online_status", json!({})))["key"].clone()
        };
        let a = "0123456789abcdef".repeat(4);
        let b = format!("{}0", &a[..63]);
        assert_eq!(key(&a), key(&a));
        assert_ne!(key(&a), key(&b), "every digit counts");
        assert_ne!(key(&a), key("12345"));
        for bad in ["+f".repeat(32), "g".repeat(64), "-1".into()] {
            let mut shell = Shell::new();
            let r = json!({"op": "init", "files": {}, "random": bad, "now_ms": NOW});
            assert_eq!(err_code(&call(&mut shell, r)), "bad_argument", "{bad}");
        }
    }

    fn ok(answer: &Value) -> &Value {
        answer
            .get("ok")
            .unwrap_or_else(|| panic!("expected ok, got {answer}"))
    }

    fn err_code(answer: &Value) -> &str {
        answer["err"]["code"]
            .as_str()
            .unwrap_or_else(|| panic!("expected err, got {answer}"))
    }

    /// The files after applying `writes` (the page's job), starting from `files`.
    fn apply(files: &mut BTreeMap<String, String>, writes: &Value) {
        for w in writes.as_array().expect("writes is a list") {
            if let Some(name) = w["put"].as_str() {
                files.insert(name.into(), w["contents"].as_str().unwrap().into());
            } else {
                let from = w["rename"].as_str().unwrap();
                let to = w["to"].as_str().unwrap();
                let contents = files.remove(from).expect("renamed file exists");
                files.insert(to.into(), contents);
            }
        }
    }

    #[test]
    fn a_damaged_save_is_set_aside_with_the_sessions_notice() {
        let mut shell = Shell::new();
        let answer = init(&mut shell, json!({"game.json": "{not json"}));
        assert!(ok(&answer).is_null());
        assert_eq!(
            answer["writes"],
            json!([{"rename": "game.json", "to": "game.json.corrupt"}])
        );
        let start = invoke(&mut shell, "start", json!({}));
        let notices = ok(&start)["notices"].as_array().expect("notices");
        assert!(
            notices.iter().any(|n| n["code"] == "file_set_aside"
                && n["file"] == "game"
                && n["kept_as"] == "game.json.corrupt"),
            "{start}"
        );
    }

    #[test]
    fn a_second_damaged_copy_keeps_the_first() {
        let mut shell = Shell::new();
        let answer = init(
            &mut shell,
            json!({"game.json": "[]", "game.json.corrupt": "older"}),
        );
        assert_eq!(
            answer["writes"],
            json!([{"rename": "game.json", "to": "game.json.1.corrupt"}])
        );
    }

    #[test]
    fn writes_in_order_resume_the_same_game() {
        let mut files = BTreeMap::new();
        let mut shell = Shell::new();
        apply(&mut files, &init(&mut shell, json!({}))["writes"]);
        let start = invoke(&mut shell, "start", json!({}));
        apply(&mut files, &start["writes"]);
        let game = ok(&start)["game"].clone();
        assert!(game.is_object(), "{start}");
        let hint = invoke(&mut shell, "hint", Value::Null);
        apply(&mut files, &hint["writes"]);
        let pair = &ok(&hint)["hint"];
        let [a, b] = [&pair["a"], &pair["b"]];
        for cell in [a, b] {
            let answer = invoke(
                &mut shell,
                "select",
                json!({"row": cell[0], "col": cell[1], "elapsedMs": 1000}),
            );
            assert!(answer.get("ok").is_some(), "{answer}");
            apply(&mut files, &answer["writes"]);
        }
        let before = ok(&invoke(&mut shell, "game_state", Value::Null)).clone();
        assert!(files.contains_key("game.json"), "{files:?}");

        // a new module over the stored files: the same position, undo history included
        let mut again = Shell::new();
        init(&mut again, serde_json::to_value(&files).unwrap());
        let after = ok(&invoke(&mut again, "game_state", Value::Null)).clone();
        assert_eq!(before["cells"], after["cells"]);
        assert_eq!(before["score"], after["score"]);
        assert_eq!(after["can_undo"], true);
        let undone = invoke(&mut again, "undo", Value::Null);
        assert_eq!(ok(&undone)["cells"], game["cells"]);
    }

    #[test]
    fn bad_requests_are_bad_arguments() {
        let mut shell = Shell::new();
        for bytes in [
            &b""[..],
            b"{",
            b"[]",
            b"null",
            b"\xff\xfe",
            br#"{"op":"launch"}"#,
            br#"{"op":"invoke","command":"start","now_ms":1}"#,
            br#"{"op":"init","files":{},"now_ms":1}"#,
            br#"{"op":"init","files":{"a":1},"random":"1","now_ms":1}"#,
            br#"{"op":"init","files":{},"random":"-1","now_ms":1}"#,
            br#"{"op":"init","files":{},"random":"1","now_ms":-5}"#,
        ] {
            let answer: Value = serde_json::from_slice(&shell.handle(bytes)).unwrap();
            assert_eq!(err_code(&answer), "bad_argument", "{answer}");
            assert_eq!(answer["writes"], json!([]));
        }
    }

    /// The derived reader the protocol had: the hand-written one must agree with it.
    #[derive(Debug, serde::Deserialize)]
    #[serde(tag = "op", rename_all = "snake_case")]
    enum Derived {
        Init {
            files: Map<String, Value>,
            random: String,
            now_ms: u64,
        },
        Invoke {
            command: String,
            #[serde(default)]
            args: Value,
            now_ms: u64,
        },
    }

    #[test]
    fn requests_read_as_the_derived_internally_tagged_reader_did() {
        for text in [
            "",
            "{",
            "[]",
            "null",
            "{}",
            r#"{"op":"launch"}"#,
            r#"{"op":1,"command":"start","now_ms":1}"#,
            r#"{"op":"invoke","command":"start","now_ms":1}"#,
            r#"{"now_ms":1,"command":"start","op":"invoke","extra":[1]}"#,
            r#"{"op":"invoke","command":"select","args":{"row":1},"now_ms":1}"#,
            r#"{"op":"invoke","command":"start","args":null,"now_ms":1}"#,
            r#"{"op":"invoke","command":"start","now_ms":1.5}"#,
            r#"{"op":"invoke","command":7,"now_ms":1}"#,
            r#"{"op":"invoke","now_ms":1}"#,
            r#"{"op":"init","files":{},"now_ms":1}"#,
            r#"{"op":"init","files":{"a":"x"},"random":"1","now_ms":1}"#,
            r#"{"op":"init","files":{"a":1},"random":"1","now_ms":1}"#,
            r#"{"op":"init","files":[],"random":"1","now_ms":1}"#,
            r#"{"op":"init","files":{},"random":"-1","now_ms":1}"#,
            r#"{"op":"init","files":{},"random":"1","now_ms":-5}"#,
            r#"{"op":"init","files":{},"random":"1"}"#,
        ] {
            let derived = serde_json::from_str::<Derived>(text).ok().map(|d| match d {
                Derived::Init {
                    files,
                    random,
                    now_ms,
                } => Request::Init {
                    files,
                    random,
                    now_ms,
                },
                Derived::Invoke {
                    command,
                    args,
                    now_ms,
                } => Request::Invoke {
                    command,
                    args,
                    now_ms,
                },
            });
            assert_eq!(Request::parse(text).ok(), derived, "{text}");
        }
    }

    #[test]
    fn commands_answer_as_the_session_does() {
        let mut shell = Shell::new();
        init(&mut shell, json!({}));
        assert_eq!(
            err_code(&invoke(&mut shell, "no_such_command", Value::Null)),
            "bad_argument"
        );
        invoke(&mut shell, "start", json!({}));
        assert_eq!(
            err_code(&invoke(
                &mut shell,
                "select",
                json!({"row": "x", "col": 0, "elapsedMs": 0})
            )),
            "bad_argument"
        );
        assert_eq!(
            err_code(&invoke(&mut shell, "move_out", Value::Null)),
            "wrong_mode"
        );
        let args_absent = call(
            &mut shell,
            json!({"op": "invoke", "command": "presets", "now_ms": NOW}),
        );
        assert!(ok(&args_absent).as_array().is_some_and(|p| !p.is_empty()));
    }
}
