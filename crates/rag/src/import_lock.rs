//! One import at a time per index folder, across processes (the app and the command
//! line may share a data folder): an advisory lock on a file inside the folder. The
//! sweep of unpublished rows runs only when it can take the lock, so it never removes
//! the rows of an import that is still running.

use crate::RagError;
use std::fs::{File, OpenOptions, TryLockError};
use std::path::Path;

/// The lock file's name inside the index folder.
const LOCK_FILE: &str = "import.lock";

/// Held while an import (or a sweep) runs; released when dropped or when the process
/// ends, however it ends.
#[derive(Debug)]
pub struct ImportLock {
    _file: File,
}

fn open(dir: &Path) -> Result<File, RagError> {
    let path = dir.join(LOCK_FILE);
    OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| RagError::Index(format!("{}: {e}", path.display())))
}

impl ImportLock {
    /// Waits for the lock of the index in `dir`.
    pub async fn acquire(dir: &Path) -> Result<Self, RagError> {
        let file = open(dir)?;
        let file = tokio::task::spawn_blocking(move || file.lock().map(|()| file))
            .await
            .map_err(|e| RagError::Index(e.to_string()))?
            .map_err(|e| RagError::Index(format!("cannot lock the index: {e}")))?;
        Ok(Self { _file: file })
    }

    /// The lock of the index in `dir` if no one holds it.
    pub fn try_acquire(dir: &Path) -> Result<Option<Self>, RagError> {
        let file = open(dir)?;
        match file.try_lock() {
            Ok(()) => Ok(Some(Self { _file: file })),
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(e)) => {
                Err(RagError::Index(format!("cannot lock the index: {e}")))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_held_lock_is_not_taken_twice_and_is_freed_on_drop() {
        let dir = tempfile::tempdir().unwrap();
        let held = ImportLock::acquire(dir.path()).await.unwrap();
        assert!(ImportLock::try_acquire(dir.path()).unwrap().is_none());
        drop(held);
        assert!(ImportLock::try_acquire(dir.path()).unwrap().is_some());
    }
}
