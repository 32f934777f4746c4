//! Saving off the command path: the latest contents of each file wait in a slot and one
//! background thread writes them atomically through `Storage` (temp file, fsync, rename),
//! so a tap never waits for the disk. `flush` waits until everything queued is written:
//! on exit, before a restart, and in tests.
//!
//! The bound (what a `kill -9` can lose): the writer never waits for more changes, so a
//! change queued at time t is renamed into place by t + 2·W, where W is the time of one
//! atomic write (write, fsync, rename): at worst a batch queued just before t is being
//! written, then the newest contents go out. A process killed after the rename loses
//! nothing of it (the kernel holds the file); one killed before leaves the previous save
//! whole. On this machine's disk W is a few ms, so the loss is far under the 200 ms the
//! campaign checks (`tests/e2e/crash.sh`, figures in docs/RELIABILITY.md).

use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use crate::storage::Storage;

#[derive(Debug, Default)]
struct Queue {
    /// File name → newest contents not yet written (older ones are simply replaced).
    pending: BTreeMap<String, String>,
    /// The thread is writing a batch taken from `pending`.
    writing: bool,
    closed: bool,
}

#[derive(Debug, Default)]
struct Shared {
    queue: Mutex<Queue>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn wait<'a>(&self, guard: MutexGuard<'a, Queue>) -> MutexGuard<'a, Queue> {
        self.changed.wait(guard).unwrap_or_else(|p| p.into_inner())
    }
}

/// The background writer of one `Storage`.
#[derive(Debug)]
pub struct Saver {
    store: Storage,
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Saver {
    /// Starts the writer thread. If no thread can be started, saves happen in the caller.
    pub fn new(store: Storage) -> Saver {
        let shared = Arc::new(Shared::default());
        let thread = {
            let (shared, store) = (Arc::clone(&shared), store.clone());
            std::thread::Builder::new()
                .name("llk-saver".into())
                .spawn(move || write_loop(&shared, &store))
                .ok()
        };
        Saver {
            store,
            shared,
            thread,
        }
    }

    /// Queues `contents` to replace file `name`; returns at once.
    pub fn queue(&self, name: &str, contents: String) {
        if self.thread.is_none() {
            write(&self.store, name, &contents);
            return;
        }
        self.shared
            .lock()
            .pending
            .insert(name.to_string(), contents);
        self.shared.changed.notify_all();
    }

    /// Waits until everything queued so far is written (or failed and was reported).
    pub fn flush(&self) {
        if self.thread.is_none() {
            return;
        }
        let mut q = self.shared.lock();
        while !q.pending.is_empty() || q.writing {
            q = self.shared.wait(q);
        }
    }
}

impl Drop for Saver {
    fn drop(&mut self) {
        self.flush();
        self.shared.lock().closed = true;
        self.shared.changed.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn write_loop(shared: &Shared, store: &Storage) {
    let mut q = shared.lock();
    loop {
        if q.pending.is_empty() {
            if q.closed {
                return;
            }
            q = shared.wait(q);
            continue;
        }
        let batch = std::mem::take(&mut q.pending);
        q.writing = true;
        drop(q);
        for (name, contents) in &batch {
            write(store, name, contents);
        }
        q = shared.lock();
        q.writing = false;
        shared.changed.notify_all();
    }
}

/// Best effort: a failed save is reported on stderr and the game goes on (the player
/// should not lose a move because the disk is full).
fn write(store: &Storage, name: &str, contents: &str) {
    if let Err(e) = store.write(name, contents) {
        eprintln!("lianliankan: {name} was not saved: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_contents_reach_the_disk_without_a_flush() {
        // No debounce: the writer goes on until the queue is empty, whatever arrives while
        // it writes.
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Storage::new(dir.path());
        let saver = Saver::new(store.clone());
        for i in 0..50 {
            saver.queue("a.json", i.to_string());
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while store.read("a.json").expect("read").as_deref() != Some("49") {
            assert!(
                std::time::Instant::now() < deadline,
                "the last save never came"
            );
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        drop(saver);
    }

    #[test]
    fn flush_leaves_the_newest_contents_on_disk() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Storage::new(dir.path());
        let saver = Saver::new(store.clone());
        for i in 0..200 {
            saver.queue("a.json", i.to_string());
            saver.queue("b.json", (i * 2).to_string());
        }
        saver.flush();
        assert_eq!(store.read("a.json").expect("read").as_deref(), Some("199"));
        assert_eq!(store.read("b.json").expect("read").as_deref(), Some("398"));
        saver.queue("a.json", "last".into());
        drop(saver);
        assert_eq!(store.read("a.json").expect("read").as_deref(), Some("last"));
    }
}
