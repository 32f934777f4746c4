//! The desktop's [`Store`]: the session's files in the app data directory (`storage.rs`:
//! atomic writes, files set aside as `.corrupt`) with the background saver (`saver.rs`)
//! for queued saves, so a tap never waits for the disk.

use llk_session::Store;

use crate::saver::Saver;
use crate::storage::Storage;

/// A data directory and its background saver.
#[derive(Debug)]
pub struct DiskStore {
    storage: Storage,
    saver: Saver,
}

impl DiskStore {
    /// Removes temp files a crash may have left in `storage` and starts its saver.
    pub fn new(storage: Storage) -> DiskStore {
        storage.remove_stale_temp_files();
        DiskStore {
            saver: Saver::new(storage.clone()),
            storage,
        }
    }
}

impl Store for DiskStore {
    fn read(&self, name: &str) -> Result<Option<String>, String> {
        self.storage.read(name).map_err(|e| e.to_string())
    }

    fn set_aside(&self, name: &str) -> Result<String, String> {
        let kept = self.storage.set_aside(name).map_err(|e| e.to_string())?;
        Ok(kept.file_name().map_or_else(
            || kept.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        ))
    }

    /// The full path: the notice goes to the log, where the player looks for the file.
    fn describe(&self, kept_as: &str) -> String {
        self.storage.path(kept_as).display().to_string()
    }

    /// Failures are reported on stderr by the saver; the game goes on.
    fn queue(&self, name: &str, contents: String) {
        self.saver.queue(name, contents);
    }

    fn write(&self, name: &str, contents: &str) -> Result<(), String> {
        self.storage
            .write(name, contents)
            .map_err(|e| e.to_string())
    }

    fn flush(&self) {
        self.saver.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_set_aside_by_name_and_described_by_path() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = DiskStore::new(Storage::new(dir.path()));
        assert_eq!(store.read("a.json"), Ok(None));
        store.write("a.json", "1").expect("write");
        store.queue("b.json", "2".into());
        store.flush();
        assert_eq!(store.read("b.json"), Ok(Some("2".into())));
        assert_eq!(store.set_aside("a.json").as_deref(), Ok("a.json.corrupt"));
        assert_eq!(store.read("a.json"), Ok(None));
        assert_eq!(
            store.describe("a.json.corrupt"),
            dir.path().join("a.json.corrupt").display().to_string()
        );
        assert!(store.set_aside("a.json").is_err(), "nothing to set aside");
    }

    #[test]
    fn stale_temp_files_are_removed_at_start() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("game.json.123.tmp"), "half").expect("seed");
        std::fs::write(dir.path().join("game.json"), "{}").expect("seed");
        let _store = DiskStore::new(Storage::new(dir.path()));
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["game.json"]);
    }
}
