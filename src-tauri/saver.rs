//! Saving off the command path: the latest contents of each file wait in a slot, a writer
//! thread publishes them atomically through `Storage` (temp file, write, rename) and a
//! syncer thread then makes them durable (fsync of each file and of the directory), so a
//! tap never waits for the disk and a rename never waits for an fsync. `flush` waits until
//! everything queued is written and synced: on exit, before a restart, and in tests.
//!
//! The bound (what a `kill -9` can lose): a change queued at time t is renamed into place
//! by t + 2·P, where P is the time of one publish (create, write, rename of the at most four
//! files a command changes: no fsync, and the writer never waits for more changes): at
//! worst a batch queued just before t is being published, then the newest contents go out.
//! Once renamed, a kill loses nothing of it (the kernel holds the file); a kill before the
//! rename leaves the previous save whole. P is well under a millisecond of system calls
//! (measured in docs/RELIABILITY.md), so the app keeps its reliability promise — a kill
//! loses at most the last [`LOSS_BOUND_MS`] of moves — with the rest of the 200 ms left to
//! the scheduler of a loaded machine; `tests/e2e/crash.sh` checks that bound at every kill.
//! A power cut can lose more: a file is durable once the syncer has synced it (t + 2·P +
//! 2·S, S one batch of fsyncs); until then ext4 (`auto_da_alloc`) still keeps the old or
//! the new file of a replace-by-rename, and a file found broken is set aside at the next
//! start (`llk_session::Session::load`), never played.

use std::collections::BTreeMap;
use std::fs::File;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use crate::storage::Storage;

/// The most a `kill -9` may lose, in milliseconds of moves before the kill (the app's
/// reliability promise): what the crash campaign checks, far above the 2·P the writer needs.
pub const LOSS_BOUND_MS: u64 = 200;

#[derive(Debug, Default)]
struct Queue {
    /// File name → newest contents not yet written (older ones are simply replaced).
    pending: BTreeMap<String, String>,
    /// The writer is publishing a batch taken from `pending`.
    writing: bool,
    /// File name → the newest published file not yet synced (an older one, replaced by the
    /// rename, no longer needs its fsync and is dropped).
    unsynced: BTreeMap<String, File>,
    /// The syncer is syncing a batch taken from `unsynced`.
    syncing: bool,
    closed: bool,
}

impl Queue {
    fn idle(&self) -> bool {
        self.pending.is_empty() && !self.writing && self.unsynced.is_empty() && !self.syncing
    }
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
    /// The writer and the syncer; empty if they could not be started (saves then happen,
    /// durably, in the caller).
    threads: Vec<JoinHandle<()>>,
}

impl Saver {
    /// Starts the writer and syncer threads. If they cannot be started, saves happen in
    /// the caller.
    pub fn new(store: Storage) -> Saver {
        let shared = Arc::new(Shared::default());
        let spawn = |name: &str, body: fn(&Shared, &Storage)| {
            let (shared, store) = (Arc::clone(&shared), store.clone());
            std::thread::Builder::new()
                .name(name.into())
                .spawn(move || body(&shared, &store))
                .ok()
        };
        let started = [
            spawn("llk-saver", write_loop),
            spawn("llk-syncer", sync_loop),
        ];
        let all = started.iter().all(Option::is_some);
        let mut saver = Saver {
            store,
            shared,
            threads: started.into_iter().flatten().collect(),
        };
        if !all {
            saver.stop();
        }
        saver
    }

    /// Queues `contents` to replace file `name`; returns at once.
    pub fn queue(&self, name: &str, contents: String) {
        if self.threads.is_empty() {
            if let Err(e) = self.store.write(name, &contents) {
                eprintln!("lianliankan: {name} was not saved: {e}");
            }
            return;
        }
        self.shared
            .lock()
            .pending
            .insert(name.to_string(), contents);
        self.shared.changed.notify_all();
    }

    /// Waits until everything queued so far is written and synced (or failed and was
    /// reported).
    pub fn flush(&self) {
        let mut q = self.shared.lock();
        while !q.idle() {
            q = self.shared.wait(q);
        }
    }

    fn stop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.changed.notify_all();
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

impl Drop for Saver {
    fn drop(&mut self) {
        self.flush();
        self.stop();
    }
}

/// Publishes batches of pending contents as they come (never waiting for more).
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
        let mut published = Vec::with_capacity(batch.len());
        for (name, contents) in batch {
            match store.publish(&name, &contents) {
                Ok(file) => published.push((name, file)),
                // Best effort: the game goes on (the player should not lose a move
                // because the disk is full), the last save stays.
                Err(e) => eprintln!("lianliankan: {name} was not saved: {e}"),
            }
        }
        q = shared.lock();
        q.unsynced.extend(published);
        q.writing = false;
        shared.changed.notify_all();
    }
}

/// Makes published files durable, newest only, off the writer's path.
fn sync_loop(shared: &Shared, store: &Storage) {
    let mut q = shared.lock();
    loop {
        if q.unsynced.is_empty() {
            if q.closed {
                return;
            }
            q = shared.wait(q);
            continue;
        }
        let batch = std::mem::take(&mut q.unsynced);
        q.syncing = true;
        drop(q);
        for (name, file) in &batch {
            if let Err(e) = store.sync(file) {
                eprintln!("lianliankan: {name} was saved but not flushed to disk: {e}");
            }
        }
        store.sync_dir();
        drop(batch);
        q = shared.lock();
        q.syncing = false;
        shared.changed.notify_all();
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

    #[test]
    fn a_stalled_fsync_does_not_hold_back_the_next_rename() {
        // The loss bound: a rename waits for no fsync. Every fsync of this disk stalls for
        // seconds; the newest contents must still be renamed into place while the first
        // fsync is stalled.
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Storage::new(dir.path()).with_sync_delay(std::time::Duration::from_secs(3));
        let saver = Saver::new(store.clone());
        saver.queue("a.json", "1".into());
        let wait_for = |want: &str| {
            while store.read("a.json").expect("read").as_deref() != Some(want) {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        };
        wait_for("1");
        // The syncer has the first file (or is about to take it).
        while !saver.shared.lock().syncing {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        saver.queue("a.json", "2".into());
        wait_for("2");
        assert!(
            saver.shared.lock().syncing,
            "the second save waited for the first one's fsync"
        );
        saver.flush();
        let q = saver.shared.lock();
        assert!(q.idle() && q.unsynced.is_empty());
        drop(q);
        drop(saver);
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, vec!["a.json"], "temp files left");
    }
}
