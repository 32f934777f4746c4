//! The session's files in a browser. The page sends every saved file once, when the module
//! starts (`init`); from then on this store answers the session's reads from memory and turns
//! every change into a storage op in an outbox, which the protocol hands back with each answer
//! for the page to apply to `localStorage` in order. Setting a file aside is a rename, with the
//! desktop's names: `<name>.corrupt`, or `<name>.<n>.corrupt` when that is taken.
//!
//! The files are kept as a JSON object of strings (`serde_json::Map`), the map type the
//! module already carries for every request's arguments: a map of its own type would add
//! its insert, remove and drop code to the module (~1 kB of its gzip).

use std::sync::{Arc, Mutex, MutexGuard};

use llk_session::host::Store;
use serde::Serialize;
use serde_json::{Map, Value};

/// One storage op for the page: `{"put": name, "contents": text}` or `{"rename": from, "to": to}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Write {
    /// Store `contents` as `put` (replacing what was there).
    Put { put: String, contents: String },
    /// Move the file `rename` to the name `to` (which is free).
    Rename { rename: String, to: String },
}

#[derive(Default)]
struct Files {
    /// File name → its text (a `Value::String`; the protocol admits nothing else).
    files: Map<String, Value>,
    outbox: Vec<Write>,
}

/// The files and the outbox, shared between the session (which owns a boxed clone) and the
/// protocol (which drains the outbox after every request).
#[derive(Clone, Default)]
pub struct BrowserStore(Arc<Mutex<Files>>);

/// Just the name, as for `WebHost`: a derived impl would ship the files' and the outbox's
/// formatting code in the module for no reader.
impl std::fmt::Debug for BrowserStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BrowserStore")
    }
}

impl BrowserStore {
    /// A store holding `files` (file name → text, every value a string), with an empty
    /// outbox.
    pub fn new(files: Map<String, Value>) -> BrowserStore {
        BrowserStore(Arc::new(Mutex::new(Files {
            files,
            outbox: Vec::new(),
        })))
    }

    /// The storage ops recorded since the last call, in the order they happened.
    pub fn take_writes(&self) -> Vec<Write> {
        std::mem::take(&mut self.lock().outbox)
    }

    fn lock(&self) -> MutexGuard<'_, Files> {
        // a panic aborts the module (panic = "abort"), so a poisoned lock holds whole data
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn put(&self, name: &str, contents: String) {
        let mut f = self.lock();
        f.files
            .insert(name.to_string(), Value::String(contents.clone()));
        // the same file saved twice in one answer: only the latest text needs to travel
        if let Some(Write::Put {
            put,
            contents: last,
        }) = f.outbox.last_mut()
        {
            if put == name {
                *last = contents;
                return;
            }
        }
        f.outbox.push(Write::Put {
            put: name.to_string(),
            contents,
        });
    }
}

impl Store for BrowserStore {
    fn read(&self, name: &str) -> Result<Option<String>, String> {
        Ok(self
            .lock()
            .files
            .get(name)
            .and_then(Value::as_str)
            .map(str::to_string))
    }

    fn set_aside(&self, name: &str) -> Result<String, String> {
        let mut f = self.lock();
        let contents = f
            .files
            .remove(name)
            .ok_or_else(|| format!("{name} does not exist"))?;
        let mut to = format!("{name}.corrupt");
        let mut n = 1u32;
        while f.files.contains_key(&to) {
            to = format!("{name}.{n}.corrupt");
            n += 1;
        }
        f.files.insert(to.clone(), contents);
        f.outbox.push(Write::Rename {
            rename: name.to_string(),
            to: to.clone(),
        });
        Ok(to)
    }

    fn queue(&self, name: &str, contents: String) {
        self.put(name, contents);
    }

    /// Recorded like `queue`: the page stores every op the moment the answer arrives and
    /// reports a failed write (a full or refused storage) itself.
    fn write(&self, name: &str, contents: &str) -> Result<(), String> {
        self.put(name, contents.to_string());
        Ok(())
    }

    /// Nothing waits here: the ops leave with the answer to the current request.
    fn flush(&self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(files: &[(&str, &str)]) -> BrowserStore {
        BrowserStore::new(
            files
                .iter()
                .map(|(n, c)| (n.to_string(), Value::String(c.to_string())))
                .collect(),
        )
    }

    #[test]
    fn reads_what_the_page_sent_and_what_was_saved_since() {
        let s = store(&[("game.json", "{}")]);
        assert_eq!(s.read("game.json").unwrap().as_deref(), Some("{}"));
        assert_eq!(s.read("scores.json").unwrap(), None);
        s.queue("scores.json", "[1]".into());
        assert_eq!(s.read("scores.json").unwrap().as_deref(), Some("[1]"));
    }

    #[test]
    fn writes_come_out_in_order_once() {
        let s = store(&[]);
        s.queue("game.json", "a".into());
        s.write("settings.json", "b").unwrap();
        s.queue("game.json", "c".into());
        let ops = s.take_writes();
        assert_eq!(
            ops,
            vec![
                Write::Put {
                    put: "game.json".into(),
                    contents: "a".into()
                },
                Write::Put {
                    put: "settings.json".into(),
                    contents: "b".into()
                },
                Write::Put {
                    put: "game.json".into(),
                    contents: "c".into()
                },
            ]
        );
        assert!(s.take_writes().is_empty());
    }

    #[test]
    fn a_file_saved_twice_in_a_row_travels_once_with_the_latest_text() {
        let s = store(&[]);
        s.queue("game.json", "old".into());
        s.queue("game.json", "new".into());
        assert_eq!(
            s.take_writes(),
            vec![Write::Put {
                put: "game.json".into(),
                contents: "new".into()
            }]
        );
    }

    #[test]
    fn set_aside_never_overwrites_an_older_copy() {
        let s = store(&[("game.json", "bad"), ("game.json.corrupt", "older")]);
        assert_eq!(s.set_aside("game.json").unwrap(), "game.json.1.corrupt");
        assert_eq!(s.read("game.json").unwrap(), None);
        assert_eq!(
            s.read("game.json.1.corrupt").unwrap().as_deref(),
            Some("bad")
        );
        assert_eq!(
            s.read("game.json.corrupt").unwrap().as_deref(),
            Some("older")
        );
        assert_eq!(
            s.take_writes(),
            vec![Write::Rename {
                rename: "game.json".into(),
                to: "game.json.1.corrupt".into()
            }]
        );
        assert!(s.set_aside("game.json").is_err());
    }

    #[test]
    fn ops_have_the_wire_form_the_page_reads() {
        let put = Write::Put {
            put: "a".into(),
            contents: "x".into(),
        };
        let rename = Write::Rename {
            rename: "a".into(),
            to: "a.corrupt".into(),
        };
        assert_eq!(
            serde_json::to_string(&put).unwrap(),
            r#"{"put":"a","contents":"x"}"#
        );
        assert_eq!(
            serde_json::to_string(&rename).unwrap(),
            r#"{"rename":"a","to":"a.corrupt"}"#
        );
    }
}
