//! The `Retriever` port: filtered semantic search over named collections.
//!
//! Loops never query the index themselves with free-form filters: they name a
//! [`Collection`], give a [`Filter`] (course, unit scope, tier) and get typed hits whose
//! metadata is exactly the spec's chunk and candidate metadata. Adapters may combine
//! a vector search with a keyword search; [`fuse_rankings`] merges the two rankings.

mod fusion;
mod types;

pub use fusion::fuse_rankings;

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
    fn code(&self) -> &'static str {
        match self {
            Self::EmbedderUnavailable(_) => "embedder_unavailable",
            Self::Index(_) => "index_failed",
        }
    }
}

/// One record to index: its id (unique within the collection), who owns it, the text
/// to embed, and its metadata.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// Stable id; upserting the same id replaces the record.
    pub id: String,
    /// What owns the record (a course id, a report id); `delete_by_source` removes all
    /// of an owner's records.
    pub source: String,
    /// The text that is embedded and searched.
    pub text: String,
    /// What the record is about.
    pub record: Record,
}

/// Semantic search over the indexed course material.
pub trait Retriever: Send + Sync {
    /// The `top_k` records of `collection` closest in meaning to `query`, within `filter`,
    /// closest first.
    fn search<'a>(
        &'a self,
        collection: Collection,
        query: &'a str,
        filter: &'a Filter,
        top_k: usize,
    ) -> BoxFuture<'a, Result<Vec<Hit>, RetrievalError>>;

    /// Adds `documents` to `collection`, replacing records with the same ids.
    fn upsert<'a>(
        &'a self,
        collection: Collection,
        documents: &'a [Document],
    ) -> BoxFuture<'a, Result<(), RetrievalError>>;

    /// Removes every record of `collection` owned by `source_id` (see [`Document::source`]).
    fn delete_by_source<'a>(
        &'a self,
        collection: Collection,
        source_id: &'a str,
    ) -> BoxFuture<'a, Result<(), RetrievalError>>;
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
