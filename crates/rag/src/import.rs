//! Importing a course pack from disk: read and validate everything, index it under a new
//! generation, save and publish it, and keep the vector indexes up to date.

use crate::{read_course_pack, ImportLock, LanceRetriever};
use lantern_core::retrieval::{Collection, RetrievalError};
use lantern_packs::course::{
    import_course, CourseCatalog, ImportError, ImportProgress, ImportSummary, COURSE_MEDIA_FOLDER,
};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Imports the pack at `path` (folder or zip) into `retriever` and `catalog`, reporting
/// progress. The pack is fully read and validated before anything is written; imports
/// into the same index run one at a time, across processes, and each first sweeps away
/// the rows an earlier import left unpublished (killed or failed); the previous import
/// of the course stays searchable throughout.
pub async fn import_course_pack(
    path: &Path,
    retriever: &LanceRetriever,
    catalog: &dyn CourseCatalog,
    on_progress: &mut (dyn FnMut(ImportProgress) + Send),
) -> Result<ImportSummary, ImportError> {
    let pack = read_course_pack(path)?;
    let store = retriever.store();
    let _one_at_a_time = ImportLock::acquire(store.dir())
        .await
        .map_err(|e| ImportError::Retrieval(e.into()))?;
    let generation = new_generation();
    let media = media_root(store.dir());
    let course_media = media.join(COURSE_MEDIA_FOLDER).join(&pack.course.id);
    let written = write_files(&course_media.join(&generation), &pack.videos);
    let imported = match written {
        Ok(()) => import_course(&pack, &generation, retriever, catalog, on_progress).await,
        Err(e) => Err(e),
    };
    let summary = match imported {
        Ok(summary) => {
            remove_other_generations(&course_media, &generation);
            summary
        }
        Err(e) => {
            let _ = std::fs::remove_dir_all(course_media.join(&generation));
            for collection in Collection::ALL {
                if let Err(sweep) = store.sweep(collection).await {
                    tracing::warn!("cannot sweep {}: {sweep}", collection.name());
                }
            }
            return Err(e);
        }
    };
    for (collection, _) in &summary.documents {
        refresh_index(retriever, *collection).await?;
    }
    Ok(summary)
}

/// The folder of the questions' video files: `media` beside the index folder.
pub fn media_root(index_dir: &Path) -> PathBuf {
    index_dir.parent().unwrap_or(index_dir).join("media")
}

/// Writes a pack's `files` (path in the pack, bytes) under `dir`, a new generation's
/// folder (never over published ones).
pub(crate) fn write_files(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<(), ImportError> {
    for (path, bytes) in files {
        let target = dir.join(path);
        let written = target
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| lantern_store::write_new_file(&target, bytes));
        written.map_err(|e| {
            ImportError::Retrieval(RetrievalError::Index(format!(
                "cannot write {}: {e}",
                target.display()
            )))
        })?;
    }
    Ok(())
}

/// Removes an owner's media folders of generations other than the published one
/// (the previous import's, or a killed import's).
pub(crate) fn remove_other_generations(owner_media: &Path, published: &str) {
    let Ok(entries) = std::fs::read_dir(owner_media) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_name() != published {
            if let Err(e) = std::fs::remove_dir_all(entry.path()) {
                tracing::warn!("cannot remove {}: {e}", entry.path().display());
            }
        }
    }
}

/// A generation id no other import has used: the time in nanoseconds, the process id
/// and a per-process counter.
pub(crate) fn new_generation() -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("{nanos:x}-{:x}-{n}", std::process::id())
}

pub(crate) async fn refresh_index(
    retriever: &LanceRetriever,
    collection: Collection,
) -> Result<(), ImportError> {
    retriever
        .store()
        .refresh_indexes(collection)
        .await
        .map_err(|e| ImportError::Retrieval(RetrievalError::from(e)))?;
    Ok(())
}
