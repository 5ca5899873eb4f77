//! The `Retriever` port: filtered semantic search over named collections.
//!
//! Loops never query the index themselves with free-form filters: they name a
//! [`Collection`], give a [`Filter`] (course, unit scope, tier) and get typed hits whose
//! metadata is exactly the spec's chunk and candidate metadata. Adapters may combine
//! a vector search with a keyword search; [`fuse_rankings`] merges the two rankings.

mod fusion;
#[cfg(any(test, feature = "scripted"))]
mod scripted;
mod types;

pub use fusion::fuse_rankings;
#[cfg(any(test, feature = "scripted"))]
pub use scripted::ScriptedRetriever;

pub use types::{
    CandidateMetadata, ChunkMetadata, ChunkType, Collection, Filter, Hit, Record, Tier,
};

use crate::llm::BoxFuture;
use thiserror::Error;

/// Why a retrieval failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RetrievalError {
    /// The embedder or its runtime is missing or broken.
    #[error("the embedder is unavailable: {0}")]
    EmbedderUnavailable(String),
    /// The vector index failed.
    #[error("the search index failed: {0}")]
    Index(String),
}

impl crate::Coded for RetrievalError {
    fn code(&self) -> crate::ErrorCode {
        match self {
            Self::EmbedderUnavailable(_) => crate::ErrorCode::EmbedderUnavailable,
            Self::Index(_) => crate::ErrorCode::IndexFailed,
        }
    }
}

/// One record to index: its id (unique within the collection and generation), who owns
/// it, the text to embed, and its metadata.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// Stable id, unique within a collection and an index generation.
    pub id: String,
    /// What owns the record (a course id, a report id). An owner's records are replaced
    /// as a whole, one index generation at a time.
    pub source: String,
    /// The text that is embedded and searched.
    pub text: String,
    /// What the record is about.
    pub record: Record,
}

/// Semantic search over the indexed course material.
///
/// An owner's records are written in *index generations* so that replacing them is
/// crash-atomic: a new generation is added while the old one stays searchable, the
/// catalog (SQLite) then records the new generation as the owner's published one in the
/// same transaction that saves the owner, and only then are the other generations
/// retired. Searches see only published generations, so the catalog and the index never
/// disagree, whenever the process stops.
pub trait Retriever: Send + Sync {
    /// The `top_k` records of `collection` closest in meaning to `query`, within `filter`,
    /// closest first. Only records of published generations are found.
    fn search<'a>(
        &'a self,
        collection: Collection,
        query: &'a str,
        filter: &'a Filter,
        top_k: usize,
    ) -> BoxFuture<'a, Result<Vec<Hit>, RetrievalError>>;

    /// Adds `documents` to `collection` under `generation`; they are invisible to
    /// searches until that generation is published.
    fn add<'a>(
        &'a self,
        collection: Collection,
        generation: &'a str,
        documents: &'a [Document],
    ) -> BoxFuture<'a, Result<(), RetrievalError>>;

    /// Makes `generation` the one searches see for `source` (called once the catalog has
    /// recorded it).
    fn publish(&self, source: &str, generation: &str);

    /// Removes the records of `source` in `collection` that belong to any generation but
    /// `keep`.
    fn retire<'a>(
        &'a self,
        collection: Collection,
        source: &'a str,
        keep: &'a str,
    ) -> BoxFuture<'a, Result<(), RetrievalError>>;

    /// How close in meaning `query` is to each of `texts` (cosine similarity, in
    /// order), for choosing among a few sentences the index holds no vectors of. An
    /// adapter may read only the first texts (those past its cap get no value, so the
    /// result is shorter); one that cannot tell meaning returns an empty Vec, and the
    /// caller falls back on shared words.
    fn similarities<'a>(
        &'a self,
        _query: &'a str,
        _texts: &'a [String],
    ) -> BoxFuture<'a, Result<Vec<f32>, RetrievalError>> {
        Box::pin(async { Ok(Vec::new()) })
    }

    /// [`Retriever::similarities`] for texts that may be in another language than
    /// `query` (a Spanish question and a module's topics, an English question and
    /// Spanish notes): an adapter with a multilingual encoder compares them with it.
    /// Values are comparable within one call only. By default, `similarities`.
    fn closeness_across_languages<'a>(
        &'a self,
        query: &'a str,
        texts: &'a [String],
    ) -> BoxFuture<'a, Result<Vec<f32>, RetrievalError>> {
        self.similarities(query, texts)
    }
}

/// Searches a chunk collection and keeps the chunk metadata of each hit.
pub async fn search_chunks(
    retriever: &dyn Retriever,
    collection: Collection,
    query: &str,
    filter: &Filter,
    top_k: usize,
) -> Result<Vec<(ChunkMetadata, f32)>, RetrievalError> {
    let hits = retriever.search(collection, query, filter, top_k).await?;
    Ok(hits
        .into_iter()
        .filter_map(|hit| match hit.record {
            Record::Chunk(chunk) => Some((chunk, hit.score)),
            Record::Candidate(_) => None,
        })
        .collect())
}

/// Searches `exam_candidates` and keeps the candidate metadata of each hit.
pub async fn search_candidates(
    retriever: &dyn Retriever,
    query: &str,
    filter: &Filter,
    top_k: usize,
) -> Result<Vec<(CandidateMetadata, f32)>, RetrievalError> {
    let hits = retriever
        .search(Collection::ExamCandidates, query, filter, top_k)
        .await?;
    Ok(hits
        .into_iter()
        .filter_map(|hit| match hit.record {
            Record::Candidate(candidate) => Some((candidate, hit.score)),
            Record::Chunk(_) => None,
        })
        .collect())
}
