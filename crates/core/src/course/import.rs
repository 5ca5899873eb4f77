//! Importing a read course pack: index its documents and save its structure, with
//! progress. Runs over the `Retriever` and `CourseCatalog` ports; the reading of files
//! happens in the adapter.

use super::documents::{index_documents, ContentFile};
use super::error::PackError;
use super::model::{CourseManifest, ExamFile};
use crate::llm::BoxFuture;
use crate::retrieval::{Collection, Document, RetrievalError, Retriever};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Documents embedded and written per batch (and per progress event).
const BATCH: usize = 32;

/// A course pack with its content files read and split into sections.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoursePackContents {
    /// `course.json`.
    pub course: CourseManifest,
    /// `exams.json`.
    pub exams: ExamFile,
    /// Every content file listed by a unit.
    pub contents: Vec<ContentFile>,
}

/// Where the course structure and questions are kept (SQLite in Lantern).
pub trait CourseCatalog: Send + Sync {
    /// Saves `course` and `exams`, replacing an earlier import of the same course id.
    fn replace_course<'a>(
        &'a self,
        course: &'a CourseManifest,
        exams: &'a ExamFile,
    ) -> BoxFuture<'a, Result<(), CatalogError>>;
}

/// The catalog could not save the course.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot save the course: {0}")]
pub struct CatalogError(pub String);

/// Why an import failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ImportError {
    /// The pack is invalid.
    #[error(transparent)]
    Pack(#[from] PackError),
    /// The index failed.
    #[error(transparent)]
    Retrieval(#[from] RetrievalError),
    /// The catalog failed.
    #[error(transparent)]
    Catalog(#[from] CatalogError),
}

impl crate::Coded for ImportError {
    fn code(&self) -> &'static str {
        match self {
            Self::Pack(e) => e.code(),
            Self::Retrieval(e) => e.code(),
            Self::Catalog(_) => "store_failed",
        }
    }
}

/// Where an import is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum ImportStage {
    /// Embedding and writing documents to the index.
    Indexing,
    /// Saving units, prerequisites and questions.
    Saving,
    /// Finished.
    Done,
}

/// A progress event, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportProgress {
    /// The stage.
    pub stage: ImportStage,
    /// Documents indexed so far.
    pub done: usize,
    /// Documents to index.
    pub total: usize,
}

/// What an import wrote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportSummary {
    /// The course id.
    pub course_id: String,
    /// Units saved.
    pub units: usize,
    /// Questions saved.
    pub questions: usize,
    /// Documents indexed per collection (collections with none are left out).
    pub documents: Vec<(Collection, usize)>,
}

/// Imports `pack`: replaces the course's documents in every collection, then saves its
/// structure. Re-importing the same course id replaces, never duplicates.
pub async fn import_course(
    pack: &CoursePackContents,
    retriever: &dyn Retriever,
    catalog: &dyn CourseCatalog,
    on_progress: &mut (dyn FnMut(ImportProgress) + Send),
) -> Result<ImportSummary, ImportError> {
    let course_id = &pack.course.id;
    let documents = index_documents(&pack.course, &pack.exams, &pack.contents);
    let total = documents.len();
    let mut counts = Vec::new();
    let mut done = 0;
    on_progress(ImportProgress {
        stage: ImportStage::Indexing,
        done,
        total,
    });
    for collection in Collection::ALL {
        retriever.delete_by_source(collection, course_id).await?;
        let in_collection: Vec<Document> = documents
            .iter()
            .filter(|(c, _)| *c == collection)
            .map(|(_, d)| d.clone())
            .collect();
        for batch in in_collection.chunks(BATCH) {
            retriever.upsert(collection, batch).await?;
            done += batch.len();
            on_progress(ImportProgress {
                stage: ImportStage::Indexing,
                done,
                total,
            });
        }
        if !in_collection.is_empty() {
            counts.push((collection, in_collection.len()));
        }
    }
    on_progress(ImportProgress {
        stage: ImportStage::Saving,
        done,
        total,
    });
    catalog.replace_course(&pack.course, &pack.exams).await?;
    on_progress(ImportProgress {
        stage: ImportStage::Done,
        done,
        total,
    });
    Ok(ImportSummary {
        course_id: course_id.clone(),
        units: pack.course.units.len(),
        questions: pack.exams.questions.len(),
        documents: counts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{parse_course, parse_exams};
    use crate::retrieval::{Filter, Hit};
    use std::sync::Mutex;

    /// An in-memory index, enough to check what the import asks of the port.
    #[derive(Default)]
    struct MemoryIndex(Mutex<Vec<(Collection, Document)>>);

    impl Retriever for MemoryIndex {
        fn search<'a>(
            &'a self,
            _: Collection,
            _: &'a str,
            _: &'a Filter,
            _: usize,
        ) -> BoxFuture<'a, Result<Vec<Hit>, RetrievalError>> {
            Box::pin(async { Ok(vec![]) })
        }

        fn upsert<'a>(
            &'a self,
            c: Collection,
            docs: &'a [Document],
        ) -> BoxFuture<'a, Result<(), RetrievalError>> {
            Box::pin(async move {
                let mut all = self.0.lock().unwrap();
                all.retain(|(col, d)| !(*col == c && docs.iter().any(|n| n.id == d.id)));
                all.extend(docs.iter().map(|d| (c, d.clone())));
                Ok(())
            })
        }

        fn delete_by_source<'a>(
            &'a self,
            c: Collection,
            source: &'a str,
        ) -> BoxFuture<'a, Result<(), RetrievalError>> {
            Box::pin(async move {
                self.0
                    .lock()
                    .unwrap()
                    .retain(|(col, d)| !(*col == c && d.source == source));
                Ok(())
            })
        }
    }

    #[derive(Default)]
    struct MemoryCatalog(Mutex<Vec<String>>, bool);

    impl CourseCatalog for MemoryCatalog {
        fn replace_course<'a>(
            &'a self,
            c: &'a CourseManifest,
            _: &'a ExamFile,
        ) -> BoxFuture<'a, Result<(), CatalogError>> {
            Box::pin(async move {
                if self.1 {
                    return Err(CatalogError("disk full".into()));
                }
                self.0.lock().unwrap().push(c.id.clone());
                Ok(())
            })
        }
    }

    fn pack() -> CoursePackContents {
        let course = parse_course(
            r#"{"formatVersion":1,"id":"c","title":"T","entryUnit":"a","units":[{"id":"a","title":"A","anchor":"x"}]}"#,
        )
        .unwrap();
        let exams = parse_exams(
            r#"{"formatVersion":1,"questions":[{"id":"q","unitIds":["a"],"tier":"bronze","stem":"s",
            "options":[{"id":"A","text":"1"},{"id":"B","text":"2"}],"correct":"A","memo":"m"}]}"#,
            &course,
        )
        .unwrap();
        CoursePackContents {
            course,
            exams,
            contents: vec![],
        }
    }

    #[tokio::test]
    async fn import_indexes_saves_and_reports_progress_to_done() {
        let (index, catalog) = (MemoryIndex::default(), MemoryCatalog::default());
        let mut events = Vec::new();
        let summary = import_course(&pack(), &index, &catalog, &mut |p| events.push(p))
            .await
            .unwrap();
        assert_eq!(summary.units, 1);
        assert_eq!(index.0.lock().unwrap().len(), 3, "anchor, candidate, memo");
        assert_eq!(catalog.0.lock().unwrap().as_slice(), ["c"]);
        assert_eq!(events.last().unwrap().stage, ImportStage::Done);
        assert!(events.windows(2).all(|w| w[0].done <= w[1].done));
    }

    #[tokio::test]
    async fn reimport_replaces_instead_of_duplicating() {
        let (index, catalog) = (MemoryIndex::default(), MemoryCatalog::default());
        import_course(&pack(), &index, &catalog, &mut |_| {})
            .await
            .unwrap();
        let mut changed = pack();
        changed.exams.questions.clear();
        import_course(&changed, &index, &catalog, &mut |_| {})
            .await
            .unwrap();
        assert_eq!(index.0.lock().unwrap().len(), 1, "only the anchor is left");
    }

    #[tokio::test]
    async fn catalog_failure_is_a_coded_error() {
        use crate::Coded;
        let (index, catalog) = (
            MemoryIndex::default(),
            MemoryCatalog(Mutex::default(), true),
        );
        let err = import_course(&pack(), &index, &catalog, &mut |_| {})
            .await
            .unwrap_err();
        assert_eq!(err.code(), "store_failed");
    }
}
