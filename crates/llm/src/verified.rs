//! Which model files were already checked against the manifest's sha256, so a 491 MB
//! file is hashed when it is new or has changed — not on every load. A file counts as
//! unchanged while its device, inode, size, modification and status-change times are
//! the same: rewriting a file's bytes always moves its status-change time, which no
//! user-level tool can set back.
//!
//! The record is a small JSON file in Lantern's data folder. A missing, oversized or
//! unreadable record is an empty one: the file is hashed again, never trusted.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

/// The record's file name in Lantern's data folder.
pub const RECORD_FILE: &str = "verified-models.json";
/// Largest record read, in bytes; a bigger one is ignored.
const MAX_RECORD_BYTES: u64 = 256 << 10;
/// Most files remembered; the oldest entries give way.
const MAX_ENTRIES: usize = 64;

/// What identifies one version of a file on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileIdentity {
    device: u64,
    inode: u64,
    size: u64,
    modified_ns: i128,
    changed_ns: i128,
}

impl FileIdentity {
    /// The identity of the file at `path` as it is now.
    pub fn of(path: &Path) -> std::io::Result<Self> {
        use std::os::unix::fs::MetadataExt;
        let meta = std::fs::metadata(path)?;
        let ns = |secs: i64, nanos: i64| i128::from(secs) * 1_000_000_000 + i128::from(nanos);
        Ok(Self {
            device: meta.dev(),
            inode: meta.ino(),
            size: meta.size(),
            modified_ns: ns(meta.mtime(), meta.mtime_nsec()),
            changed_ns: ns(meta.ctime(), meta.ctime_nsec()),
        })
    }
}

/// One remembered check: the file's identity then and the digest it had.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Entry {
    identity: FileIdentity,
    sha256: String,
    /// Order of remembering, to drop the oldest.
    order: u64,
}

/// The files already checked, by canonical path.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VerifiedFiles {
    entries: BTreeMap<String, Entry>,
}

impl VerifiedFiles {
    /// The record at `record`; empty when it is missing, too large or not a record.
    pub fn load(record: &Path) -> Self {
        let Ok(file) = std::fs::File::open(record) else {
            return Self::default();
        };
        let mut text = String::new();
        if file
            .take(MAX_RECORD_BYTES + 1)
            .read_to_string(&mut text)
            .is_err()
            || text.len() as u64 > MAX_RECORD_BYTES
        {
            return Self::default();
        }
        serde_json::from_str(&text).unwrap_or_default()
    }

    /// Writes the record to `record` whole (a new temporary file renamed over it,
    /// [`lantern_store::write_new_file`]), so a kill mid-write leaves the old record or
    /// the new one, and a link at either name is never written through.
    pub fn save(&self, record: &Path) -> std::io::Result<()> {
        if let Some(dir) = record.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let text = serde_json::to_string(self).map_err(std::io::Error::other)?;
        lantern_store::write_new_file(record, text.as_bytes())
    }

    /// The digest remembered for `path` when the file is still the one checked.
    pub fn digest(&self, path: &str, now: &FileIdentity) -> Option<&str> {
        self.entries
            .get(path)
            .filter(|e| e.identity == *now)
            .map(|e| e.sha256.as_str())
    }

    /// Remembers that `path`, as `identity`, has `sha256`.
    pub fn remember(&mut self, path: &str, identity: FileIdentity, sha256: &str) {
        let order = self
            .entries
            .values()
            .map(|e| e.order + 1)
            .max()
            .unwrap_or(0);
        self.entries.insert(
            path.to_string(),
            Entry {
                identity,
                sha256: sha256.to_string(),
                order,
            },
        );
        while self.entries.len() > MAX_ENTRIES {
            let oldest = self
                .entries
                .iter()
                .min_by_key(|(_, e)| e.order)
                .map(|(p, _)| p.clone());
            match oldest {
                Some(p) => self.entries.remove(&p),
                None => break,
            };
        }
    }
}

/// The sha256 of the file at `path`: remembered in `record` when the file has not
/// changed since it was checked, else computed by `hash` — and remembered only when it
/// is one of `wanted` (a file that failed the check is hashed again next time).
pub fn digest_once(
    path: &Path,
    record: Option<&Path>,
    wanted: &[&str],
    hash: impl FnOnce(&Path) -> std::io::Result<String>,
) -> std::io::Result<String> {
    let Some(record) = record else {
        return hash(path);
    };
    let key = std::fs::canonicalize(path)?.to_string_lossy().to_string();
    let before = FileIdentity::of(path)?;
    let mut verified = VerifiedFiles::load(record);
    if let Some(known) = verified.digest(&key, &before) {
        return Ok(known.to_string());
    }
    let digest = hash(path)?;
    // Only a file that did not change while it was read is remembered.
    if wanted.contains(&digest.as_str()) && FileIdentity::of(path)? == before {
        verified.remember(&key, before, &digest);
        // A record that cannot be written costs the next load a hash, nothing more.
        let _ = verified.save(record);
    }
    Ok(digest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    fn fake_hash(calls: &Cell<u32>) -> impl FnOnce(&Path) -> std::io::Result<String> + '_ {
        move |p| {
            calls.set(calls.get() + 1);
            Ok(format!("digest-of-{}", std::fs::read_to_string(p)?))
        }
    }

    #[test]
    fn an_unchanged_file_is_hashed_once_and_a_changed_one_again() {
        let dir = tempfile::tempdir().unwrap();
        let model = dir.path().join("m.gguf");
        let record = dir.path().join("data").join("verified-models.json");
        std::fs::write(&model, "weights").unwrap();
        let calls = Cell::new(0);
        let wanted = ["digest-of-weights", "digest-of-weightz"];
        for _ in 0..3 {
            let digest = digest_once(&model, Some(&record), &wanted, fake_hash(&calls)).unwrap();
            assert_eq!(digest, "digest-of-weights");
        }
        assert_eq!(calls.get(), 1);
        // Same size, new bytes: the status-change time moves, so it is hashed again.
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&model, "weightz").unwrap();
        let digest = digest_once(&model, Some(&record), &wanted, fake_hash(&calls)).unwrap();
        assert_eq!((digest.as_str(), calls.get()), ("digest-of-weightz", 2));
    }

    #[test]
    fn a_file_that_fails_the_check_is_never_remembered() {
        let dir = tempfile::tempdir().unwrap();
        let model = dir.path().join("m.gguf");
        let record = dir.path().join("verified-models.json");
        std::fs::write(&model, "corrupt").unwrap();
        let calls = Cell::new(0);
        for _ in 0..2 {
            digest_once(
                &model,
                Some(&record),
                &["digest-of-weights"],
                fake_hash(&calls),
            )
            .unwrap();
        }
        assert_eq!(calls.get(), 2);
        assert!(!record.exists());
    }

    #[test]
    fn a_crafted_or_oversized_record_is_an_empty_one() {
        let dir = tempfile::tempdir().unwrap();
        let record = dir.path().join("verified-models.json");
        std::fs::write(&record, "{\"entries\": 7}").unwrap();
        assert_eq!(VerifiedFiles::load(&record), VerifiedFiles::default());
        std::fs::write(&record, vec![b' '; (MAX_RECORD_BYTES + 10) as usize]).unwrap();
        assert_eq!(VerifiedFiles::load(&record), VerifiedFiles::default());
    }

    #[test]
    fn the_record_keeps_at_most_its_newest_entries() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f");
        std::fs::write(&file, "x").unwrap();
        let identity = FileIdentity::of(&file).unwrap();
        let mut verified = VerifiedFiles::default();
        for i in 0..MAX_ENTRIES + 5 {
            verified.remember(&format!("/models/{i}"), identity, "d");
        }
        assert_eq!(verified.entries.len(), MAX_ENTRIES);
        assert!(verified.digest("/models/0", &identity).is_none());
        assert!(verified
            .digest(&format!("/models/{}", MAX_ENTRIES + 4), &identity)
            .is_some());
    }
}
