//! Importing a course pack from disk: read and validate everything, index it, save it,
//! and keep the vector indexes up to date.

use crate::{read_course_pack, LanceRetriever};
use lantern_core::course::{
    import_course, CourseCatalog, ImportError, ImportProgress, ImportSummary,
};
use lantern_core::retrieval::{Collection, RetrievalError};
use std::path::Path;

/// Imports the pack at `path` (folder or zip) into `retriever` and `catalog`, reporting
/// progress. The pack is fully read and validated before anything is written.
pub async fn import_course_pack(
    path: &Path,
    retriever: &LanceRetriever,
    catalog: &dyn CourseCatalog,
    on_progress: &mut (dyn FnMut(ImportProgress) + Send),
) -> Result<ImportSummary, ImportError> {
    let pack = read_course_pack(path)?;
    let summary = import_course(&pack, retriever, catalog, on_progress).await?;
    for (collection, _) in &summary.documents {
        refresh_index(retriever, *collection).await?;
    }
    Ok(summary)
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
