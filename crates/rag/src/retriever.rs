//! The core `Retriever` port over the embedder and the LanceDB collections.

use crate::{Embedder, RagError, VectorStore};
use lantern_core::llm::BoxFuture;
use lantern_core::retrieval::{
    fuse_rankings, Collection, Document, Filter, Hit, RetrievalError, Retriever,
};
use lantern_packs::course::CourseCatalog;
use std::path::Path;
use std::sync::Mutex;

/// Texts embedded per call while indexing.
const EMBED_BATCH: usize = 32;

/// Hybrid search with the local embedder and LanceDB: the vector search and the
/// full-text search, merged by [`fuse_rankings`].
pub struct LanceRetriever {
    embedder: Mutex<Embedder>,
    store: VectorStore,
}

impl From<RagError> for RetrievalError {
    fn from(e: RagError) -> Self {
        match e {
            RagError::Index(message) => Self::Index(message),
            other => Self::EmbedderUnavailable(other.to_string()),
        }
    }
}

impl LanceRetriever {
    /// Opens the index in `dir` for searching and importing, seeing the generations the
    /// `catalog` published.
    pub async fn open(
        embedder: Embedder,
        dir: &Path,
        catalog: &dyn CourseCatalog,
    ) -> Result<Self, RagError> {
        Ok(Self {
            embedder: Mutex::new(embedder),
            store: VectorStore::open_published(dir, catalog).await?,
        })
    }

    /// The underlying collections (counts, index maintenance).
    pub fn store(&self) -> &VectorStore {
        &self.store
    }

    /// Embeds `texts` (in batches), holding the embedder only while it runs.
    pub fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, RagError> {
        let mut embedder = self.embedder.lock().map_err(|_| {
            RagError::Embed("the embedder was poisoned by an earlier failure".into())
        })?;
        let mut vectors = Vec::with_capacity(texts.len());
        for batch in texts.chunks(EMBED_BATCH) {
            vectors.extend(embedder.embed(batch)?);
        }
        Ok(vectors)
    }
}

impl Retriever for LanceRetriever {
    fn search<'a>(
        &'a self,
        collection: Collection,
        query: &'a str,
        filter: &'a Filter,
        top_k: usize,
    ) -> BoxFuture<'a, Result<Vec<Hit>, RetrievalError>> {
        Box::pin(async move {
            let vector = self.embed(&[query])?.remove(0);
            let (by_meaning, by_words) = futures::try_join!(
                self.store.search(collection, &vector, filter, top_k),
                self.store
                    .search_text(collection, query, &vector, filter, top_k),
            )?;
            // `Filter::accepts` is the port's definition; it guards the SQL translation.
            Ok(fuse_rankings(&[by_meaning, by_words], top_k)
                .into_iter()
                .filter(|h| filter.accepts(&h.record))
                .collect())
        })
    }

    fn add<'a>(
        &'a self,
        collection: Collection,
        generation: &'a str,
        documents: &'a [Document],
    ) -> BoxFuture<'a, Result<(), RetrievalError>> {
        Box::pin(async move {
            let texts: Vec<&str> = documents.iter().map(|d| d.text.as_str()).collect();
            let vectors = self.embed(&texts)?;
            Ok(self
                .store
                .add(collection, generation, documents, vectors)
                .await?)
        })
    }

    fn publish(&self, source: &str, generation: &str) {
        self.store.publish(source, generation);
    }

    fn retire<'a>(
        &'a self,
        collection: Collection,
        source: &'a str,
        keep: &'a str,
    ) -> BoxFuture<'a, Result<(), RetrievalError>> {
        Box::pin(async move { Ok(self.store.retire(collection, source, keep).await?) })
    }
}
