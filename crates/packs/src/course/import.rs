//! Importing a read course pack: index its documents and save its structure, with
//! progress. Runs over the `Retriever` and `CourseCatalog` ports; the reading of files
//! happens in the adapter.

use super::documents::{index_documents, ContentFile};
use super::error::PackError;
use super::model::{CourseManifest, ExamFile};
use super::vocabulary::{vocabularies, UnitVocabulary};
use lantern_core::llm::BoxFuture;
use lantern_core::retrieval::{Collection, Document, RetrievalError, Retriever};
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
    /// The questions' video files: path in the pack and bytes.
    pub videos: Vec<(String, Vec<u8>)>,
}

/// Where the course structure and questions are kept (SQLite in Lantern), and which
/// index generation of each course is the published one.
pub trait CourseCatalog: Send + Sync {
    /// Saves `course`, `exams` and each unit's `vocabulary`, replacing an earlier import
    /// of the same course id, and
    /// records `generation` as the course's published index generation — all in one
    /// transaction: this is the moment an import takes effect.
    fn replace_course<'a>(
        &'a self,
        course: &'a CourseManifest,
        exams: &'a ExamFile,
        vocabulary: &'a [(String, UnitVocabulary)],
        generation: &'a str,
    ) -> BoxFuture<'a, Result<(), CatalogError>>;

    /// Every owner's published index generation, as `(source, generation)` pairs.
    fn published_generations(&self) -> BoxFuture<'_, Result<Vec<(String, String)>, CatalogError>>;
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

impl lantern_core::Coded for ImportError {
    fn code(&self) -> lantern_core::ErrorCode {
        match self {
            Self::Pack(e) => e.code(),
            Self::Retrieval(e) => e.code(),
            Self::Catalog(_) => lantern_core::ErrorCode::StoreFailed,
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

/// Imports one owner's `documents` into `collection` as generation `generation` (new
/// and unique): adds them in batches with progress, then awaits `save` — the catalog's
/// one transaction that records the owner and publishes the generation — and only then
/// retires the owner's other generations. Used by specification files and modules, each
/// its own owner. Returns the number of documents indexed.
pub async fn import_owner(
    retriever: &dyn Retriever,
    collection: Collection,
    owner: &str,
    generation: &str,
    documents: &[Document],
    on_progress: &mut (dyn FnMut(ImportProgress) + Send),
    save: BoxFuture<'_, Result<(), CatalogError>>,
) -> Result<usize, ImportError> {
    let total = documents.len();
    let mut report = |stage, done| on_progress(ImportProgress { stage, done, total });
    let mut done = 0;
    report(ImportStage::Indexing, done);
    for batch in documents.chunks(BATCH) {
        retriever.add(collection, generation, batch).await?;
        done += batch.len();
        report(ImportStage::Indexing, done);
    }
    report(ImportStage::Saving, done);
    save.await?;
    retriever.publish(owner, generation);
    retriever.retire(collection, owner, generation).await?;
    report(ImportStage::Done, done);
    Ok(total)
}

/// Imports `pack` as index generation `generation` (new and unique): adds the course's
/// documents to every collection under it, saves the structure and publishes the
/// generation in one catalog transaction, then retires the course's other generations.
/// Until the catalog commits, searches keep finding the previous import; a failure or
/// a crash at any point leaves either the old or the new course, never a mix.
/// Re-importing the same course id replaces, never duplicates.
pub async fn import_course(
    pack: &CoursePackContents,
    generation: &str,
    retriever: &dyn Retriever,
    catalog: &dyn CourseCatalog,
    on_progress: &mut (dyn FnMut(ImportProgress) + Send),
) -> Result<ImportSummary, ImportError> {
    let course_id = &pack.course.id;
    let documents = index_documents(&pack.course, &pack.exams, &pack.contents);
    let vocabulary = vocabularies(&pack.course, &pack.contents);
    let total = documents.len();
    let mut counts = Vec::new();
    let mut done = 0;
    on_progress(ImportProgress {
        stage: ImportStage::Indexing,
        done,
        total,
    });
    for collection in Collection::ALL {
        let in_collection: Vec<Document> = documents
            .iter()
            .filter(|(c, _)| *c == collection)
            .map(|(_, d)| d.clone())
            .collect();
        for batch in in_collection.chunks(BATCH) {
            retriever.add(collection, generation, batch).await?;
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
    catalog
        .replace_course(&pack.course, &pack.exams, &vocabulary, generation)
        .await?;
    retriever.publish(course_id, generation);
    for collection in Collection::ALL {
        retriever.retire(collection, course_id, generation).await?;
    }
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
    use lantern_core::retrieval::{Filter, Hit};
    use std::sync::Mutex;

    /// An in-memory index with generations, enough to check what the import asks of
    /// the port: rows are `(collection, generation, document)`.
    #[derive(Default)]
    struct MemoryIndex {
        rows: Mutex<Vec<(Collection, String, Document)>>,
        published: Mutex<Vec<(String, String)>>,
    }

    impl MemoryIndex {
        /// Ids of the documents a search would see (published generations only).
        fn visible(&self) -> Vec<String> {
            let published = self.published.lock().unwrap();
            self.rows
                .lock()
                .unwrap()
                .iter()
                .filter(|(_, g, d)| published.contains(&(d.source.clone(), g.clone())))
                .map(|(_, _, d)| d.id.clone())
                .collect()
        }
    }

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

        fn add<'a>(
            &'a self,
            c: Collection,
            generation: &'a str,
            docs: &'a [Document],
        ) -> BoxFuture<'a, Result<(), RetrievalError>> {
            Box::pin(async move {
                let mut rows = self.rows.lock().unwrap();
                rows.extend(docs.iter().map(|d| (c, generation.to_string(), d.clone())));
                Ok(())
            })
        }

        fn publish(&self, source: &str, generation: &str) {
            let mut published = self.published.lock().unwrap();
            published.retain(|(s, _)| s != source);
            published.push((source.to_string(), generation.to_string()));
        }

        fn retire<'a>(
            &'a self,
            c: Collection,
            source: &'a str,
            keep: &'a str,
        ) -> BoxFuture<'a, Result<(), RetrievalError>> {
            Box::pin(async move {
                self.rows
                    .lock()
                    .unwrap()
                    .retain(|(col, g, d)| !(*col == c && d.source == source && g != keep));
                Ok(())
            })
        }
    }

    #[derive(Default)]
    struct MemoryCatalog(Mutex<Vec<(String, String)>>, bool);

    impl CourseCatalog for MemoryCatalog {
        fn replace_course<'a>(
            &'a self,
            c: &'a CourseManifest,
            _: &'a ExamFile,
            _: &'a [(String, UnitVocabulary)],
            generation: &'a str,
        ) -> BoxFuture<'a, Result<(), CatalogError>> {
            Box::pin(async move {
                if self.1 {
                    return Err(CatalogError("disk full".into()));
                }
                let mut saved = self.0.lock().unwrap();
                saved.retain(|(id, _)| id != &c.id);
                saved.push((c.id.clone(), generation.to_string()));
                Ok(())
            })
        }

        fn published_generations(
            &self,
        ) -> BoxFuture<'_, Result<Vec<(String, String)>, CatalogError>> {
            Box::pin(async move { Ok(self.0.lock().unwrap().clone()) })
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
            videos: vec![],
        }
    }

    #[tokio::test]
    async fn import_indexes_saves_and_reports_progress_to_done() {
        let (index, catalog) = (MemoryIndex::default(), MemoryCatalog::default());
        let mut events = Vec::new();
        let summary = import_course(&pack(), "g1", &index, &catalog, &mut |p| events.push(p))
            .await
            .unwrap();
        assert_eq!(summary.units, 1);
        assert_eq!(index.visible().len(), 3, "anchor, candidate, memo");
        let published = catalog.published_generations().await.unwrap();
        assert_eq!(published, [("c".to_string(), "g1".to_string())]);
        assert_eq!(events.last().unwrap().stage, ImportStage::Done);
        assert!(events.windows(2).all(|w| w[0].done <= w[1].done));
    }

    #[tokio::test]
    async fn reimport_replaces_instead_of_duplicating() {
        let (index, catalog) = (MemoryIndex::default(), MemoryCatalog::default());
        import_course(&pack(), "g1", &index, &catalog, &mut |_| {})
            .await
            .unwrap();
        let mut changed = pack();
        changed.exams.questions.clear();
        import_course(&changed, "g2", &index, &catalog, &mut |_| {})
            .await
            .unwrap();
        assert_eq!(index.visible().len(), 1, "only the anchor is left");
        assert_eq!(index.rows.lock().unwrap().len(), 1, "g1 was retired");
    }

    #[tokio::test]
    async fn a_failed_reimport_leaves_the_old_course_searchable() {
        let index = MemoryIndex::default();
        import_course(
            &pack(),
            "g1",
            &index,
            &MemoryCatalog::default(),
            &mut |_| {},
        )
        .await
        .unwrap();
        let failing = MemoryCatalog(Mutex::default(), true);
        let mut changed = pack();
        changed.exams.questions.clear();
        assert!(import_course(&changed, "g2", &index, &failing, &mut |_| {})
            .await
            .is_err());
        assert_eq!(
            index.visible().len(),
            3,
            "the old generation is still the one seen"
        );
    }

    #[tokio::test]
    async fn catalog_failure_is_a_coded_error() {
        use lantern_core::Coded;
        let (index, catalog) = (
            MemoryIndex::default(),
            MemoryCatalog(Mutex::default(), true),
        );
        let err = import_course(&pack(), "g1", &index, &catalog, &mut |_| {})
            .await
            .unwrap_err();
        assert_eq!(err.code(), "store_failed");
    }
}
