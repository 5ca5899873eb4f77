//! Retrieval into the prompt (spec 001, PV-AI-010): the backend searches, the model
//! never does. Anchors and teaching chunks come from the turn's scoped units, exam
//! candidates from the focus unit at the desired tier; everything is cut to a character
//! budget so the prompt stays small on a 2-core laptop.

use super::contract::MasteryTier;
use super::mapping::UnitHit;
use super::message::ClientEvent;
use super::policy::TutorPolicy;
use crate::retrieval::{
    search_candidates, search_chunks, CandidateMetadata, ChunkMetadata, ChunkType, Collection,
    Filter, RetrievalError, Retriever, Tier,
};
use serde::Serialize;

/// Anchors retrieved within the scope.
pub const ANCHORS_TOP_K: usize = 6;
/// Teaching chunks retrieved within the scope.
pub const CONTENT_TOP_K: usize = 8;
/// Teaching chunks of the focus unit put first.
pub const FOCUS_TOP_K: usize = 3;
/// Exam candidates retrieved for the focus unit and tier.
pub const EXAM_TOP_K: usize = 10;
/// Exam support chunks retrieved for guidance.
pub const SUPPORT_TOP_K: usize = 2;
/// Longest anchor text in the prompt, in characters.
pub const ANCHOR_CHARS: usize = 200;
/// Longest chunk text in the prompt, in characters.
pub const CHUNK_CHARS: usize = 220;
/// All chunk texts together (content and support), in characters.
pub const CONTEXT_CHARS: usize = 400;
/// Most exam candidates named in the prompt.
pub const MAX_PROMPT_CANDIDATES: usize = 5;

/// A unit's anchor in the prompt.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnchorContext {
    /// The unit.
    pub unit_id: String,
    /// Its title (left out of the prompt like the anchor text).
    #[serde(skip)]
    pub title: String,
    /// Its anchor text (cut to [`ANCHOR_CHARS`]); the prompt leaves it out, because
    /// the course block of the cached system prompt already has every unit's anchor.
    #[serde(skip)]
    pub anchor_text: String,
}

/// A chunk of material in the prompt.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChunkContext {
    /// The unit.
    pub unit_id: String,
    /// Notes, transcript, PDF or memo (not in the prompt).
    #[serde(skip)]
    pub chunk_type: ChunkType,
    /// Where it comes from (not in the prompt).
    #[serde(skip)]
    pub source_id: String,
    /// The text (cut to [`CHUNK_CHARS`]).
    pub text: String,
}

/// An exam question the model may suggest.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CandidateContext {
    /// The question.
    pub question_id: String,
    /// Its units.
    pub unit_ids: Vec<String>,
    /// Its tier.
    pub difficulty_tier: Tier,
    /// Its tags.
    pub tags: Vec<String>,
}

/// What the model is told about the student (spec `snapshotLiteForLLM`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotForModel {
    /// The focus unit.
    pub focus_unit_id: String,
    /// Its mastery.
    pub focus_mastery_tier: MasteryTier,
    /// Units in progress (not in the prompt: the policy's scope covers them).
    #[serde(skip)]
    pub units_in_progress: Vec<String>,
}

/// The CONTEXT block of the prompt (PF-3.6.4).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TutorContext {
    /// Anchors of scoped units, retrieved for the log and the debug view; the prompt
    /// leaves them out because the cached course block has every unit's anchor.
    #[serde(skip)]
    pub unit_anchors: Vec<AnchorContext>,
    /// Teaching material of scoped units.
    pub unit_content_chunks: Vec<ChunkContext>,
    /// Questions at the desired tier that can be attempted now.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exam_candidates: Vec<CandidateContext>,
    /// Memo and walkthrough chunks, for guidance only.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exam_support_chunks: Vec<ChunkContext>,
    /// The student, briefly.
    pub snapshot_lite_for_llm: SnapshotForModel,
    /// The button pressed.
    #[serde(skip_serializing_if = "is_no_event")]
    pub client_event: ClientEvent,
}

/// What a turn retrieved for the prompt.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Retrieved {
    /// Anchors of scoped units, the focus unit's first.
    pub unit_anchors: Vec<AnchorContext>,
    /// Teaching material of scoped units.
    pub unit_content_chunks: Vec<ChunkContext>,
    /// Memo and walkthrough chunks of the focus unit.
    pub exam_support_chunks: Vec<ChunkContext>,
    /// Attemptable questions.
    pub exam_candidates: Vec<CandidateContext>,
}

fn is_no_event(event: &ClientEvent) -> bool {
    *event == ClientEvent::None
}

/// `text` cut to at most `max` characters at a word boundary, with "…" when cut.
pub fn cut(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max.saturating_sub(1)).collect();
    let at = head.rfind(char::is_whitespace).unwrap_or(head.len());
    format!("{}…", head[..at].trim_end())
}

/// Chunks as prompt context, best first, each cut to [`CHUNK_CHARS`], until `budget`
/// characters are used.
pub fn within_budget(chunks: &[ChunkMetadata], budget: &mut usize) -> Vec<ChunkContext> {
    let mut out = Vec::new();
    for chunk in chunks {
        let text = cut(&chunk.text, CHUNK_CHARS);
        let size = text.chars().count();
        if size == 0 || size > *budget {
            continue;
        }
        *budget -= size;
        out.push(ChunkContext {
            unit_id: chunk.unit_id.clone(),
            chunk_type: chunk.chunk_type,
            source_id: chunk.source_id.clone(),
            text,
        });
    }
    out
}

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
    let exams = search_candidates(retriever, query, &filter, 6).await?;
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

/// The teaching context of a turn: anchors (`titles` gives each unit's title) and
/// chunks of the policy's scoped units, support chunks of the focus unit, and the
/// attemptable candidates, all within the budget.
pub async fn retrieve_context(
    retriever: &dyn Retriever,
    course_id: &str,
    query: &str,
    policy: &TutorPolicy,
    titles: impl Fn(&str) -> String,
    attemptable: &[CandidateMetadata],
) -> Result<Retrieved, RetrievalError> {
    let scoped = Filter::course(course_id).in_units(policy.scoped_unit_ids.iter().cloned());
    let anchors = search_chunks(
        retriever,
        Collection::UnitAnchors,
        query,
        &scoped,
        ANCHORS_TOP_K,
    )
    .await?;
    let focus = Filter::course(course_id).in_units([policy.focus_unit_id.clone()]);
    // The focus unit's material first (the blocker when blocked), then the scope's.
    let mut content = search_chunks(
        retriever,
        Collection::UnitContentChunks,
        query,
        &focus,
        FOCUS_TOP_K,
    )
    .await?;
    let in_scope = search_chunks(
        retriever,
        Collection::UnitContentChunks,
        query,
        &scoped,
        CONTENT_TOP_K,
    )
    .await?;
    for hit in in_scope {
        if content.len() < CONTENT_TOP_K && !content.iter().any(|(c, _)| c == &hit.0) {
            content.push(hit);
        }
    }
    let support = search_chunks(
        retriever,
        Collection::ExamSupportChunks,
        query,
        &focus,
        SUPPORT_TOP_K,
    )
    .await?;
    let mut anchor_context: Vec<AnchorContext> = anchors
        .into_iter()
        .map(|(c, _)| AnchorContext {
            title: titles(&c.unit_id),
            unit_id: c.unit_id,
            anchor_text: cut(&c.text, ANCHOR_CHARS),
        })
        .collect();
    // The focus unit's anchor comes first, so a cut prompt keeps it.
    anchor_context.sort_by_key(|a| a.unit_id != policy.focus_unit_id);
    let mut budget = CONTEXT_CHARS;
    let content: Vec<ChunkMetadata> = content.into_iter().map(|(c, _)| c).collect();
    let support: Vec<ChunkMetadata> = support.into_iter().map(|(c, _)| c).collect();
    let content_context = within_budget(&content, &mut budget);
    let support_context = within_budget(&support, &mut budget);
    let candidates = attemptable
        .iter()
        .take(MAX_PROMPT_CANDIDATES)
        .map(|c| CandidateContext {
            question_id: c.question_id.clone(),
            unit_ids: c.unit_ids.clone(),
            difficulty_tier: c.difficulty_tier,
            tags: c.tags.clone(),
        })
        .collect();
    Ok(Retrieved {
        unit_anchors: anchor_context,
        unit_content_chunks: content_context,
        exam_support_chunks: support_context,
        exam_candidates: candidates,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk(unit: &str, text: &str) -> ChunkMetadata {
        ChunkMetadata {
            course_id: "c".into(),
            unit_id: unit.into(),
            chunk_type: ChunkType::Notes,
            source_id: "s".into(),
            section: "x".into(),
            text: text.into(),
        }
    }

    #[test]
    fn cut_keeps_short_text_and_cuts_long_text_at_a_word() {
        assert_eq!(cut(" short ", 10), "short");
        assert_eq!(cut("one two three four", 12), "one two…");
        assert!(cut(&"word ".repeat(200), 50).chars().count() <= 50);
    }

    #[test]
    fn chunks_stop_at_the_budget_best_first() {
        let long = "x ".repeat(300);
        let chunks = [chunk("a", &long), chunk("b", &long), chunk("c", "tiny")];
        let mut budget = 400;
        let got = within_budget(&chunks, &mut budget);
        let units: Vec<&str> = got.iter().map(|c| c.unit_id.as_str()).collect();
        assert_eq!(units, ["a", "c"]);
        assert!(budget < 400);
    }
}
