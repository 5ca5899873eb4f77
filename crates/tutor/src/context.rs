//! Retrieval for a turn (spec 001, PV-AI-010): the backend searches, the model never
//! does. Mapping reads course-wide searches of anchors, teaching material and exam
//! questions; the turn then reads the focus unit's (and the asked unit's) own material,
//! which the passage quotes and the model's sentences must rest on. Memos and exam
//! support never enter a turn: they belong to exam questions and their lockouts.

use super::mapping::UnitHit;
use super::passage::Material;
use lantern_core::retrieval::{
    search_candidates, search_chunks, CandidateMetadata, ChunkMetadata, Collection, Filter,
    RetrievalError, Retriever, Tier,
};

/// Anchors searched course-wide for mapping.
pub const ANCHORS_TOP_K: usize = 6;
/// Teaching chunks searched course-wide for mapping.
pub const CONTENT_TOP_K: usize = 8;
/// Exam questions searched course-wide for mapping.
pub const MAPPING_EXAM_TOP_K: usize = 6;
/// Exam candidates retrieved for the focus unit and tier.
pub const EXAM_TOP_K: usize = 10;

/// The course-wide searches mapping reads: anchors, teaching material, exam questions.
pub async fn mapping_hits(
    retriever: &dyn Retriever,
    course_id: &str,
    query: &str,
) -> Result<[Vec<UnitHit>; 3], RetrievalError> {
    let filter = Filter::course(course_id);
    let to_hits = |chunks: Vec<(ChunkMetadata, f32)>| -> Vec<UnitHit> {
        chunks
            .into_iter()
            .map(|(c, s)| UnitHit {
                unit_ids: vec![c.unit_id],
                similarity: f64::from(s),
            })
            .collect()
    };
    let anchors = search_chunks(
        retriever,
        Collection::UnitAnchors,
        query,
        &filter,
        ANCHORS_TOP_K,
    )
    .await?;
    let content = search_chunks(
        retriever,
        Collection::UnitContentChunks,
        query,
        &filter,
        CONTENT_TOP_K,
    )
    .await?;
    let exams = search_candidates(retriever, query, &filter, MAPPING_EXAM_TOP_K).await?;
    Ok([
        to_hits(anchors),
        to_hits(content),
        exams
            .into_iter()
            .map(|(c, s)| UnitHit {
                unit_ids: c.unit_ids,
                similarity: f64::from(s),
            })
            .collect(),
    ])
}

/// The exam candidates of `unit` at `tier` closest to `query` (before lockouts).
pub async fn exam_candidates(
    retriever: &dyn Retriever,
    course_id: &str,
    unit: &str,
    tier: Tier,
    query: &str,
) -> Result<Vec<CandidateMetadata>, RetrievalError> {
    let filter = Filter::course(course_id).in_units([unit]).tier(tier);
    Ok(search_candidates(retriever, query, &filter, EXAM_TOP_K)
        .await?
        .into_iter()
        .map(|(c, _)| c)
        .collect())
}

/// The teaching material of `unit` closest to `query`: notes, transcripts and PDF text
/// (at most `k` chunks, whole).
pub async fn unit_material(
    retriever: &dyn Retriever,
    course_id: &str,
    unit: &str,
    query: &str,
    k: usize,
) -> Result<Vec<Material>, RetrievalError> {
    let filter = Filter::course(course_id).in_units([unit.to_string()]);
    let found = search_chunks(retriever, Collection::UnitContentChunks, query, &filter, k).await?;
    Ok(found
        .into_iter()
        .map(|(c, _): (ChunkMetadata, f32)| Material {
            unit_id: c.unit_id,
            chunk_type: c.chunk_type,
            source: c.source_id,
            section: c.section,
            text: c.text,
        })
        .collect())
}
