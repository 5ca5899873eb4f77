//! Fixtures for the tutor's unit tests: a four-unit course and an in-memory retriever
//! that scores records by shared words (scripted fakes live in tests only).

use super::course::TutorCourse;
use super::exam::NoExamService;
use super::input::StudentInput;
use super::snapshot::StudentSnapshot;
use super::turn::{prepare_turn, PreparedTurn, TurnRequest};
use crate::course::{Edge, Unit};
use crate::language::Language;
use crate::llm::BoxFuture;
use crate::retrieval::{
    ChunkMetadata, ChunkType, Collection, Document, Filter, Hit, Record, RetrievalError, Retriever,
};
use crate::text::normalize::{normalize, words};
use chrono::{DateTime, Utc};

/// The fixture's time.
pub fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-03-01T12:00:00Z")
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_default()
}

const UNITS: [(&str, &str, &str); 4] = [
    ("N-1", "Inverse operations", "Addition undoes subtraction and multiplication undoes division; inverse operations isolate an unknown."),
    ("N-2", "Linear equations", "Solve a linear equation by doing the same inverse operation to both sides until the unknown is alone."),
    ("N-3", "Graphs of lines", "A straight line y = mx + c has gradient m and y-intercept c; plot two points and join them."),
    ("N-4", "Simultaneous equations", "Two linear equations in two unknowns are solved together by substitution or elimination."),
];

/// N-1 → N-2 → N-4 and N-3 → N-4; entry N-1.
pub fn course() -> TutorCourse {
    let units = UNITS
        .iter()
        .map(|(id, title, anchor)| Unit {
            id: id.to_string(),
            title: title.to_string(),
            anchor: anchor.to_string(),
            tags: vec![],
            misconceptions: vec!["Writes $x + 5 = 12$ as $x = 17$.".into()],
            content: vec![],
        })
        .collect();
    let edges = [("N-1", "N-2"), ("N-2", "N-4"), ("N-3", "N-4")]
        .iter()
        .map(|(f, t)| Edge {
            from: f.to_string(),
            to: t.to_string(),
        })
        .collect::<Vec<_>>();
    TutorCourse::new("fixture", "Fixture algebra", "en", "N-1", units, &edges)
}

/// Retrieval over the fixture's anchors and notes by shared words.
pub struct WordRetriever {
    records: Vec<(String, Record)>,
}

impl Default for WordRetriever {
    fn default() -> Self {
        let mut records = Vec::new();
        for (id, title, anchor) in UNITS {
            for (collection, kind) in [("a", ChunkType::Anchor), ("n", ChunkType::Notes)] {
                records.push((
                    format!("{title} {anchor}"),
                    Record::Chunk(ChunkMetadata {
                        course_id: "fixture".into(),
                        unit_id: id.into(),
                        chunk_type: kind,
                        source_id: format!("{collection}-{id}"),
                        section: title.into(),
                        text: anchor.into(),
                    }),
                ));
            }
        }
        Self { records }
    }
}

fn overlap(query: &str, text: &str) -> f32 {
    let q = normalize(query);
    let t = normalize(text);
    let query_words: Vec<&str> = words(&q).into_iter().filter(|w| w.len() > 3).collect();
    let text_words = words(&t);
    let shared = query_words
        .iter()
        .filter(|w| text_words.contains(w))
        .count();
    (shared as f32 / query_words.len().max(1) as f32).min(1.0)
}

impl Retriever for WordRetriever {
    fn search<'a>(
        &'a self,
        collection: Collection,
        query: &'a str,
        filter: &'a Filter,
        top_k: usize,
    ) -> BoxFuture<'a, Result<Vec<Hit>, RetrievalError>> {
        Box::pin(async move {
            let kind = match collection {
                Collection::UnitAnchors => ChunkType::Anchor,
                Collection::UnitContentChunks => ChunkType::Notes,
                _ => return Ok(Vec::new()),
            };
            let mut hits: Vec<Hit> = self
                .records
                .iter()
                .filter(|(_, r)| matches!(r, Record::Chunk(c) if c.chunk_type == kind))
                .filter(|(_, r)| filter.accepts(r))
                .map(|(text, r)| Hit {
                    id: text.clone(),
                    score: overlap(query, text),
                    record: r.clone(),
                })
                .filter(|h| h.score > 0.0)
                .collect();
            hits.sort_by(|a, b| b.score.total_cmp(&a.score));
            hits.truncate(top_k);
            Ok(hits)
        })
    }

    fn add<'a>(
        &'a self,
        _collection: Collection,
        _generation: &'a str,
        _documents: &'a [Document],
    ) -> BoxFuture<'a, Result<(), RetrievalError>> {
        Box::pin(async { Ok(()) })
    }

    fn publish(&self, _source: &str, _generation: &str) {}

    fn retire<'a>(
        &'a self,
        _collection: Collection,
        _source: &'a str,
        _keep: &'a str,
    ) -> BoxFuture<'a, Result<(), RetrievalError>> {
        Box::pin(async { Ok(()) })
    }
}

/// A fresh snapshot of the fixture course.
pub fn snapshot() -> StudentSnapshot {
    StudentSnapshot::new("1", "fixture", "N-1", now())
}

/// The fixture turn prepared for `input` on `snapshot`.
pub async fn prepared(snapshot: &StudentSnapshot, input: StudentInput) -> PreparedTurn {
    let course = course();
    let request = TurnRequest {
        course: &course,
        snapshot,
        input: &input,
        language: Language::En,
        turn_id: "1-1",
        now: now(),
        last_tutor_text: None,
    };
    match prepare_turn(&request, &WordRetriever::default(), &NoExamService).await {
        Ok(p) => p,
        Err(e) => panic!("the fixture turn did not prepare: {e}"),
    }
}
