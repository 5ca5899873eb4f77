//! Importing a course pack from disk: read and validate everything, index it under a new
//! generation, save and publish it, and keep the vector indexes up to date.

use crate::{read_course_pack, ImportLock, LanceRetriever};
use lantern_core::course::{
    import_course, CourseCatalog, ImportError, ImportProgress, ImportSummary,
};
use lantern_core::retrieval::{Collection, RetrievalError};
use std::path::Path;
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
    let summary = match import_course(&pack, &generation, retriever, catalog, on_progress).await {
        Ok(summary) => summary,
        Err(e) => {
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

/// A generation id no other import has used: the time in nanoseconds, the process id
/// and a per-process counter.
fn new_generation() -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("{nanos:x}-{:x}-{n}", std::process::id())
}

async fn refresh_index(
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
