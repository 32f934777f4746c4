//! Files in the app's data directory. Writes are atomic (temp file, rename) so a crash
//! leaves either the old or the new file, never a partial one; `write` syncs the temp file
//! before the rename (durable when it returns), `publish` leaves the fsync to the caller
//! (the background saver, so a slow disk does not delay the rename: see `saver.rs`). A file
//! the session cannot use is renamed `<name>.corrupt` (or `<name>.<n>.corrupt` if that is
//! taken; the session decides which and says so, see `llk_session`'s loading); other files
//! are untouched. A file larger than any save is refused before it is read.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use llk_session::MAX_FILE_BYTES;
use thiserror::Error;

/// A failed file operation, with the path it concerned.
#[derive(Debug, Error)]
#[error("{action} {path}: {source}")]
pub struct StorageError {
    action: &'static str,
    path: PathBuf,
    #[source]
    source: io::Error,
}

fn fail(action: &'static str, path: &Path) -> impl FnOnce(io::Error) -> StorageError {
    let path = path.to_path_buf();
    move |source| StorageError {
        action,
        path,
        source,
    }
}

/// The directory holding the app's files.
#[derive(Clone, Debug)]
pub struct Storage {
    dir: PathBuf,
    /// Simulated free space for tests: a write of more bytes fails as a full disk would.
    free_bytes: Option<u64>,
    /// Simulated slow disk for tests: every fsync of a file first waits this long.
    sync_delay: Option<std::time::Duration>,
}

impl Storage {
    pub fn new(dir: impl Into<PathBuf>) -> Storage {
        Storage {
            dir: dir.into(),
            free_bytes: None,
            sync_delay: None,
        }
    }

    /// This storage on a disk with only `bytes` free (tests of a full disk: no tiny
    /// filesystem can be mounted without root).
    pub fn with_free_space(mut self, bytes: u64) -> Storage {
        self.free_bytes = Some(bytes);
        self
    }

    /// This storage on a disk whose every file fsync takes `delay` (tests of the saver's
    /// loss bound: a stalled disk must not hold back the next save's rename).
    pub fn with_sync_delay(mut self, delay: std::time::Duration) -> Storage {
        self.sync_delay = Some(delay);
        self
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The file's text, or `None` if it does not exist.
    pub fn read(&self, name: &str) -> Result<Option<String>, StorageError> {
        let path = self.path(name);
        match fs::metadata(&path) {
            Ok(meta) if meta.len() > MAX_FILE_BYTES => {
                return Err(fail("cannot read", &path)(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "{} bytes, more than any save ({MAX_FILE_BYTES} bytes at most)",
                        meta.len()
                    ),
                )))
            }
            _ => {}
        }
        match fs::read_to_string(&path) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(fail("cannot read", &path)(e)),
        }
    }

    /// Replaces `name` with `contents` atomically and durably: the temp file is synced
    /// before the rename, and the directory after it (settings, which the caller waits for).
    pub fn write(&self, name: &str, contents: &str) -> Result<(), StorageError> {
        self.put(name, contents, true)?;
        self.sync_dir();
        Ok(())
    }

    /// Replaces `name` with `contents` atomically, without waiting for the disk: temp file,
    /// write, rename. Once this returns, a `kill -9` of the app cannot lose the contents
    /// (the kernel holds them); a power cut can until [`Storage::sync`] of the returned
    /// file and [`Storage::sync_dir`] are done (the background saver does them next).
    pub fn publish(&self, name: &str, contents: &str) -> Result<File, StorageError> {
        self.put(name, contents, false)
    }

    /// Makes a published file's contents durable (fsync of the file itself: the handle
    /// still names the file after the rename).
    pub fn sync(&self, file: &File) -> Result<(), StorageError> {
        if let Some(delay) = self.sync_delay {
            std::thread::sleep(delay);
        }
        file.sync_all().map_err(fail("cannot flush", &self.dir))
    }

    /// Makes renames in the directory durable; not every platform lets a directory be synced.
    pub fn sync_dir(&self) {
        if let Ok(dir) = File::open(&self.dir) {
            let _ = dir.sync_all();
        }
    }

    fn put(&self, name: &str, contents: &str, sync_first: bool) -> Result<File, StorageError> {
        fs::create_dir_all(&self.dir).map_err(fail("cannot create", &self.dir))?;
        let path = self.path(name);
        let tmp = self.path(&format!("{name}.{}.tmp", std::process::id()));
        let written = (|| -> Result<File, StorageError> {
            let mut file = OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .open(&tmp)
                .map_err(fail("cannot create", &tmp))?;
            if self
                .free_bytes
                .is_some_and(|free| contents.len() as u64 > free)
            {
                return Err(fail("cannot write", &tmp)(io::Error::from(
                    io::ErrorKind::StorageFull,
                )));
            }
            file.write_all(contents.as_bytes())
                .map_err(fail("cannot write", &tmp))?;
            if sync_first {
                self.sync(&file)?;
            }
            fs::rename(&tmp, &path).map_err(fail("cannot replace", &path))?;
            Ok(file)
        })();
        if written.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        written
    }

    /// Renames `name` out of the way as `<name>.corrupt` (or `<name>.<n>.corrupt` so an
    /// earlier one is kept) and returns the new path.
    pub fn set_aside(&self, name: &str) -> Result<PathBuf, StorageError> {
        let from = self.path(name);
        let mut to = self.path(&format!("{name}.corrupt"));
        let mut n = 1;
        while to.exists() && n < 1000 {
            to = self.path(&format!("{name}.{n}.corrupt"));
            n += 1;
        }
        fs::rename(&from, &to).map_err(fail("cannot rename", &from))?;
        Ok(to)
    }

    /// Removes temp files a crash may have left behind (`<name>.<pid>.tmp`).
    pub fn remove_stale_temp_files(&self) {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            if name.to_string_lossy().ends_with(".tmp") {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_read_round_trip_leaves_no_temp_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Storage::new(dir.path().join("nested"));
        store.write("a.json", "41").expect("write");
        store.write("a.json", "42").expect("rewrite");
        assert_eq!(store.read("a.json").expect("read").as_deref(), Some("42"));
        let names: Vec<_> = fs::read_dir(store.dir())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, vec!["a.json"]);
    }

    #[test]
    fn set_aside_files_do_not_overwrite_older_ones() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Storage::new(dir.path());
        assert_eq!(store.read("n").expect("read"), None);
        assert!(store.set_aside("n").is_err(), "nothing to set aside");
        for round in 0..3 {
            fs::write(store.path("n"), format!("garbage {round}")).expect("seed");
            let kept = store.set_aside("n").expect("set aside");
            assert!(kept.to_string_lossy().ends_with(".corrupt"), "{kept:?}");
            assert!(!store.path("n").exists());
        }
        let mut kept: Vec<_> = fs::read_dir(store.dir())
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        kept.sort();
        assert_eq!(kept, vec!["n.1.corrupt", "n.2.corrupt", "n.corrupt"]);
        assert_eq!(
            fs::read_to_string(store.path("n.corrupt")).expect("first kept"),
            "garbage 0"
        );
    }

    #[test]
    fn a_file_larger_than_any_save_is_refused_unread() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Storage::new(dir.path());
        let file = File::create(store.path("big")).expect("create");
        file.set_len(MAX_FILE_BYTES + 1).expect("grow");
        let e = store.read("big").expect_err("refused");
        assert!(e.to_string().contains("more than any save"), "{e}");
    }

    #[test]
    fn failed_write_keeps_the_old_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Storage::new(dir.path());
        store.write("a", "old").expect("write");
        // A directory where the temp file should go makes the write fail midway.
        fs::create_dir(store.path(&format!("a.{}.tmp", std::process::id()))).expect("block");
        assert!(store.write("a", "new").is_err());
        assert_eq!(store.read("a").expect("read").as_deref(), Some("old"));
    }
}
