//! One import at a time per index folder, across processes (the app and the command
//! line share a data folder): an advisory lock on a file inside the folder. Each import
//! sweeps unpublished rows while holding it, so it never removes the rows of an import
//! that is still running.

use crate::RagError;
use std::fs::{File, OpenOptions};
use std::path::Path;

/// The lock file's name inside the index folder.
const LOCK_FILE: &str = "import.lock";

/// Held while an import runs; released when dropped or when the process
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_held_lock_is_not_taken_twice_and_is_freed_on_drop() {
        use std::time::Duration;
        let dir = tempfile::tempdir().unwrap();
        let held = ImportLock::acquire(dir.path()).await.unwrap();
        let second = tokio::spawn({
            let dir = dir.path().to_path_buf();
            async move { ImportLock::acquire(&dir).await.map(|_| ()) }
        });
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(!second.is_finished(), "the lock is taken twice");
        drop(held);
        let freed = tokio::time::timeout(Duration::from_secs(5), second).await;
        assert!(freed.unwrap().unwrap().is_ok(), "the lock is freed on drop");
    }
}
