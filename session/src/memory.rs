//! A [`Store`] in memory and a [`Host`] with a clock and entropy the caller sets: the
//! session without any shell, for tests (this crate's, and any shell's that wants a
//! session to compare with). Both are handles: a clone shares the files, the clock and the
//! random sequence, so a test keeps one and gives the session the other.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::host::{Host, Store};

/// Files in memory, optionally with a quota (like browser storage: a write that would
/// make the files larger than the quota fails) and files that cannot be read.
#[derive(Clone, Debug, Default)]
pub struct MemoryStore {
    inner: Arc<Mutex<Files>>,
}

#[derive(Debug, Default)]
struct Files {
    files: BTreeMap<String, String>,
    /// The most bytes all files together may hold.
    quota: Option<usize>,
    /// Names whose read fails (a file the shell cannot get at).
    unreadable: Vec<String>,
    /// Queued saves that did not fit, by name (the shell's own report of a failed save).
    refused: Vec<String>,
}

impl Files {
    fn fits(&self, name: &str, contents: &str) -> bool {
        let Some(quota) = self.quota else {
            return true;
        };
        let others: usize = self
            .files
            .iter()
            .filter(|(n, _)| n.as_str() != name)
            .map(|(n, c)| n.len() + c.len())
            .sum();
        others + name.len() + contents.len() <= quota
    }
}

impl MemoryStore {
    /// An empty store without a quota.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// A store holding `files` (name, contents).
    pub fn with_files<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> MemoryStore {
        let store = MemoryStore::new();
        for (name, contents) in files {
            store.put(name, contents);
        }
        store
    }

    fn lock(&self) -> MutexGuard<'_, Files> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// From now on, the files together may hold at most `bytes` (names included); `0`
    /// is storage that refuses every write.
    pub fn set_quota(&self, bytes: Option<usize>) {
        self.lock().quota = bytes;
    }

    /// Reading `name` fails from now on.
    pub fn make_unreadable(&self, name: &str) {
        self.lock().unreadable.push(name.to_string());
    }

    /// Stores `contents` as `name` at once, whatever the quota (a test's set-up).
    pub fn put(&self, name: &str, contents: &str) {
        self.lock()
            .files
            .insert(name.to_string(), contents.to_string());
    }

    /// The contents of `name`, if it exists.
    pub fn get(&self, name: &str) -> Option<String> {
        self.lock().files.get(name).cloned()
    }

    /// Every file's name, sorted.
    pub fn names(&self) -> Vec<String> {
        self.lock().files.keys().cloned().collect()
    }

    /// The names of queued saves that did not fit the quota, oldest first.
    pub fn refused(&self) -> Vec<String> {
        self.lock().refused.clone()
    }
}

impl Store for MemoryStore {
    fn read(&self, name: &str) -> Result<Option<String>, String> {
        let files = self.lock();
        if files.unreadable.iter().any(|n| n == name) {
            return Err(format!("cannot read {name}: refused"));
        }
        Ok(files.files.get(name).cloned())
    }

    /// Renames `name` as the desktop does: `<name>.corrupt`, or `<name>.<n>.corrupt` when
    /// that is taken.
    fn set_aside(&self, name: &str) -> Result<String, String> {
        let mut files = self.lock();
        let contents = files
            .files
            .remove(name)
            .ok_or_else(|| format!("cannot rename {name}: no such file"))?;
        let mut to = format!("{name}.corrupt");
        let mut n = 1;
        while files.files.contains_key(&to) {
            to = format!("{name}.{n}.corrupt");
            n += 1;
        }
        files.files.insert(to.clone(), contents);
        Ok(to)
    }

    fn queue(&self, name: &str, contents: String) {
        let mut files = self.lock();
        if files.fits(name, &contents) {
            files.files.insert(name.to_string(), contents);
        } else {
            files.refused.push(name.to_string());
        }
    }

    fn write(&self, name: &str, contents: &str) -> Result<(), String> {
        let mut files = self.lock();
        if !files.fits(name, contents) {
            return Err(format!("cannot write {name}: storage full"));
        }
        files.files.insert(name.to_string(), contents.to_string());
        Ok(())
    }

    fn flush(&self) {}
}

/// A clock the caller sets and a reproducible random sequence (SplitMix64 from a seed);
/// log lines are kept for the caller to read.
#[derive(Clone, Debug)]
pub struct FixedHost {
    now_ms: Arc<AtomicU64>,
    state: Arc<AtomicU64>,
    log: Arc<Mutex<Vec<String>>>,
}

impl FixedHost {
    /// A host whose clock reads `now_ms` and whose random numbers follow from `seed`.
    pub fn new(now_ms: u64, seed: u64) -> FixedHost {
        FixedHost {
            now_ms: Arc::new(AtomicU64::new(now_ms)),
            state: Arc::new(AtomicU64::new(seed)),
            log: Arc::default(),
        }
    }

    /// Sets the clock.
    pub fn set_now(&self, now_ms: u64) {
        self.now_ms.store(now_ms, Ordering::SeqCst);
    }

    /// The lines logged so far.
    pub fn logged(&self) -> Vec<String> {
        self.log.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

impl Host for FixedHost {
    fn now_ms(&self) -> u64 {
        self.now_ms.load(Ordering::SeqCst)
    }

    fn random_u64(&self) -> u64 {
        const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut z = self
            .state
            .fetch_add(GAMMA, Ordering::SeqCst)
            .wrapping_add(GAMMA);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn log(&self, line: &str) {
        self.log
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(line.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_aside_keeps_earlier_ones() {
        let store = MemoryStore::with_files([("a", "1")]);
        assert_eq!(store.set_aside("a").as_deref(), Ok("a.corrupt"));
        store.put("a", "2");
        assert_eq!(store.set_aside("a").as_deref(), Ok("a.1.corrupt"));
        assert!(store.set_aside("a").is_err(), "nothing left to set aside");
        assert_eq!(store.names(), ["a.1.corrupt", "a.corrupt"]);
        assert_eq!(store.get("a.corrupt").as_deref(), Some("1"));
    }

    #[test]
    fn a_quota_refuses_what_does_not_fit() {
        let store = MemoryStore::new();
        store.set_quota(Some(10));
        assert!(store.write("a", "123456789").is_ok(), "exactly the quota");
        assert!(store.write("a", "1234567890").is_err());
        assert!(store.write("a", "12345").is_ok(), "a replace frees the old");
        store.queue("b", "12345".into());
        assert_eq!(store.refused(), ["b"]);
        assert_eq!(store.get("a").as_deref(), Some("12345"));
    }

    #[test]
    fn the_host_is_reproducible() {
        let (a, b) = (FixedHost::new(5, 42), FixedHost::new(5, 42));
        let draws: Vec<u64> = (0..4).map(|_| a.random_u64()).collect();
        assert_eq!(draws, (0..4).map(|_| b.random_u64()).collect::<Vec<_>>());
        assert_ne!(draws[0], draws[1]);
        let shared = a.clone();
        shared.set_now(9);
        assert_eq!(a.now_ms(), 9);
        assert_eq!(
            shared.random_u64(),
            b.random_u64(),
            "a clone continues the same sequence"
        );
    }
}
