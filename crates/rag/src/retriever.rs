//! The core `Retriever` port over the embedder and the LanceDB collections.

use crate::{pack_encoder, Embedder, RagError, VectorStore};
use lantern_core::llm::BoxFuture;
use lantern_core::retrieval::{
    fuse_rankings, Collection, Document, Filter, Hit, RetrievalError, Retriever,
};
use lantern_llm::{SentenceEncoder, SentenceSide};
use lantern_packs::course::CourseCatalog;
use quick_cache::sync::Cache;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// Texts embedded per call while indexing.
const EMBED_BATCH: usize = 32;
/// Most texts [`LanceRetriever::similarities`] reads per call: a unit's sentences fit.
const MAX_SIMILARITY_TEXTS: usize = 200;
/// Most characters of each text it reads (a sentence, not a chunk).
const MAX_SIMILARITY_CHARS: usize = 600;
/// Sentence vectors kept for the next turns (about 1.5 KB each): a unit's notes are read
/// turn after turn, so only the message and sentences not seen yet are embedded.
const SENTENCE_VECTORS_KEPT: usize = 4_000;

/// Cosine similarity of two vectors (0 when either is zero).
fn cosine(a: &[f32], b: &[f32]) -> f32 {
    let dot: f32 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let norms =
        a.iter().map(|x| x * x).sum::<f32>().sqrt() * b.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norms > 0.0 {
        dot / norms
    } else {
        0.0
    }
}

/// The first `max` characters of `text`.
fn head(text: &str, max: usize) -> &str {
    text.char_indices()
        .nth(max)
        .map_or(text, |(i, _)| &text[..i])
}

/// Hybrid search with the local embedder and LanceDB: the vector search and the
/// full-text search, merged by [`fuse_rankings`].
pub struct LanceRetriever {
    embedder: Mutex<Embedder>,
    encoder: Option<LazyEncoder>,
    store: VectorStore,
    sentence_vectors: Cache<String, Vec<f32>>,
    passage_vectors: Cache<String, Vec<f32>>,
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
            encoder: None,
            store: VectorStore::open_published(dir, catalog).await?,
            sentence_vectors: Cache::new(SENTENCE_VECTORS_KEPT),
            passage_vectors: Cache::new(SENTENCE_VECTORS_KEPT),
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

    /// Has the multilingual encoder of the model pack in `pack` compare texts across
    /// languages ([`Retriever::closeness_across_languages`]; the modules also ask it
    /// within a module not written in English), run with at most `threads` CPU threads.
    /// It is loaded on the first such comparison (a session of an English module that
    /// never crosses languages makes none, and it holds about 200 MB); without it, the
    /// embedder compares.
    pub fn with_pack_encoder(mut self, pack: &Path, threads: usize) -> Self {
        self.encoder = Some(LazyEncoder {
            pack: pack.to_path_buf(),
            threads,
            loaded: OnceLock::new(),
        });
        self
    }

    /// The pack's encoder, loaded the first time it is asked for; `None` when no pack
    /// was given or its encoder is missing or does not load (warned once).
    fn encoder(&self) -> Option<&SentenceEncoder> {
        let lazy = self.encoder.as_ref()?;
        lazy.loaded
            .get_or_init(|| pack_encoder(&lazy.pack, lazy.threads))
            .as_ref()
    }
}

/// The pack's sentence encoder, loaded on first use.
struct LazyEncoder {
    pack: PathBuf,
    threads: usize,
    loaded: OnceLock<Option<SentenceEncoder>>,
}

/// Cosine similarity of `query` to each of `texts` (at most
/// [`MAX_SIMILARITY_TEXTS`], each cut to [`MAX_SIMILARITY_CHARS`]); the texts' vectors
/// are kept in `kept` for the next turns. `embed` gets the query and the texts not kept
/// yet, and returns the query's vector then theirs.
fn compare(
    kept: &Cache<String, Vec<f32>>,
    query: &str,
    texts: &[String],
    embed: impl FnOnce(&str, &[&str]) -> Result<Vec<Vec<f32>>, RagError>,
) -> Result<Vec<f32>, RetrievalError> {
    if texts.is_empty() {
        return Ok(Vec::new());
    }
    let texts: Vec<&str> = texts
        .iter()
        .take(MAX_SIMILARITY_TEXTS)
        .map(|t| head(t, MAX_SIMILARITY_CHARS))
        .collect();
    let mut vectors: Vec<Option<Vec<f32>>> = texts.iter().map(|t| kept.get(*t)).collect();
    let missing: Vec<&str> = texts
        .iter()
        .zip(&vectors)
        .filter(|(_, v)| v.is_none())
        .map(|(t, _)| *t)
        .collect();
    let embedded = embed(head(query, MAX_SIMILARITY_CHARS), &missing)?;
    if embedded.len() != missing.len() + 1 {
        return Err(RetrievalError::EmbedderUnavailable(format!(
            "the embedder returned {} vectors for {} texts",
            embedded.len(),
            missing.len() + 1
        )));
    }
    let mut fresh = embedded.into_iter();
    let query = fresh.next().unwrap_or_default();
    for ((text, vector), new) in texts
        .iter()
        .zip(vectors.iter_mut())
        .filter(|(_, v)| v.is_none())
        .zip(fresh)
    {
        kept.insert((*text).to_string(), new.clone());
        *vector = Some(new);
    }
    Ok(vectors
        .iter()
        .map(|v| v.as_deref().map_or(0.0, |v| cosine(&query, v)))
        .collect())
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

    fn similarities<'a>(
        &'a self,
        query: &'a str,
        texts: &'a [String],
    ) -> BoxFuture<'a, Result<Vec<f32>, RetrievalError>> {
        Box::pin(async move {
            // One run of the embedder: it reads a query as it reads a sentence.
            compare(&self.sentence_vectors, query, texts, |query, missing| {
                self.embed(&[&[query], missing].concat())
            })
        })
    }

    fn closeness_across_languages<'a>(
        &'a self,
        query: &'a str,
        texts: &'a [String],
    ) -> BoxFuture<'a, Result<Vec<f32>, RetrievalError>> {
        let Some(encoder) = self.encoder() else {
            return self.similarities(query, texts);
        };
        Box::pin(async move {
            compare(&self.passage_vectors, query, texts, |query, missing| {
                let failed = |e: lantern_core::llm::LlmError| RagError::Embed(e.to_string());
                let mut vectors = encoder
                    .encode(&[query], SentenceSide::Query)
                    .map_err(failed)?;
                vectors.extend(
                    encoder
                        .encode(missing, SentenceSide::Passage)
                        .map_err(failed)?,
                );
                Ok(vectors)
            })
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
