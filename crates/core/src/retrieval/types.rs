//! Collections, metadata and filters of the retrieval port.

use serde::{Deserialize, Serialize};

/// A named collection of the vector index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Collection {
    /// One short canonical record per unit: title, anchor text, tags, misconceptions.
    UnitAnchors,
    /// Teaching material: notes, lesson transcripts and PDF chunks, by section.
    UnitContentChunks,
    /// One record per exam question, for selection (never shown as generated text).
    ExamCandidates,
    /// Memo and walkthrough-transcript chunks, for tutoring around a question.
    ExamSupportChunks,
    /// The report editor's knowledge base.
    ProjectSpecs,
    /// Guided module content.
    ModuleContent,
}

impl Collection {
    /// Every collection, in a fixed order.
    pub const ALL: [Collection; 6] = [
        Self::UnitAnchors,
        Self::UnitContentChunks,
        Self::ExamCandidates,
        Self::ExamSupportChunks,
        Self::ProjectSpecs,
        Self::ModuleContent,
    ];

    /// The table name in the index.
    pub fn name(self) -> &'static str {
        match self {
            Self::UnitAnchors => "unit_anchors",
            Self::UnitContentChunks => "unit_content_chunks",
            Self::ExamCandidates => "exam_candidates",
            Self::ExamSupportChunks => "exam_support_chunks",
            Self::ProjectSpecs => "project_specs",
            Self::ModuleContent => "module_content",
        }
    }

    /// The collection called `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// Exam difficulty tier.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    /// Recall and direct application.
    Bronze,
    /// Standard exam questions.
    Silver,
    /// Multi-step questions.
    Gold,
}

impl Tier {
    /// The lowercase name used in files and filters.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Bronze => "bronze",
            Self::Silver => "silver",
            Self::Gold => "gold",
        }
    }

    /// The tier called `name` (lowercase), if any.
    pub fn parse(name: &str) -> Option<Self> {
        [Self::Bronze, Self::Silver, Self::Gold]
            .into_iter()
            .find(|t| t.as_str() == name)
    }
}

/// What kind of material a chunk comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ChunkType {
    /// A unit's anchor record.
    Anchor,
    /// Markdown notes.
    Notes,
    /// A lesson or walkthrough transcript.
    Transcript,
    /// Text extracted from a PDF.
    Pdf,
    /// An exam question's worked memo.
    Memo,
}

impl ChunkType {
    /// The lowercase name used in the index.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Anchor => "anchor",
            Self::Notes => "notes",
            Self::Transcript => "transcript",
            Self::Pdf => "pdf",
            Self::Memo => "memo",
        }
    }

    /// The chunk type called `name`, if any.
    pub fn parse(name: &str) -> Option<Self> {
        [
            Self::Anchor,
            Self::Notes,
            Self::Transcript,
            Self::Pdf,
            Self::Memo,
        ]
        .into_iter()
        .find(|t| t.as_str() == name)
    }
}

/// Metadata of a content, anchor or support chunk (spec 001, PV-AI-004).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChunkMetadata {
    /// The course it belongs to.
    pub course_id: String,
    /// The unit it teaches.
    pub unit_id: String,
    /// What kind of material it is.
    pub chunk_type: ChunkType,
    /// The document it came from (a file, or a question for memos).
    pub source_id: String,
    /// Section heading, time window or page.
    pub section: String,
    /// The chunk's text.
    pub text: String,
}

/// Metadata of an exam candidate (spec 001, PV-AI-005).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CandidateMetadata {
    /// The course it belongs to.
    pub course_id: String,
    /// The question's id.
    pub question_id: String,
    /// Units the question examines.
    pub unit_ids: Vec<String>,
    /// Its tier.
    pub difficulty_tier: Tier,
    /// Its tags.
    pub tags: Vec<String>,
}

/// The metadata of an indexed record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Record {
    /// A chunk of teaching or support material.
    Chunk(ChunkMetadata),
    /// An exam question.
    Candidate(CandidateMetadata),
}

impl Record {
    /// The course the record belongs to.
    pub fn course_id(&self) -> &str {
        match self {
            Self::Chunk(c) => &c.course_id,
            Self::Candidate(c) => &c.course_id,
        }
    }

    /// The units the record is about.
    pub fn unit_ids(&self) -> Vec<&str> {
        match self {
            Self::Chunk(c) => vec![c.unit_id.as_str()],
            Self::Candidate(c) => c.unit_ids.iter().map(String::as_str).collect(),
        }
    }
}

/// Which records a search may return; empty fields do not filter.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Filter {
    /// Only this course.
    pub course_id: Option<String>,
    /// Only records about at least one of these units (`unitId IN scoped ids`).
    pub unit_ids: Option<Vec<String>>,
    /// Only questions of this tier.
    pub difficulty_tier: Option<Tier>,
    /// Only chunks of this type.
    pub chunk_type: Option<ChunkType>,
}

impl Filter {
    /// A filter for one course.
    pub fn course(course_id: impl Into<String>) -> Self {
        Self {
            course_id: Some(course_id.into()),
            ..Self::default()
        }
    }

    /// Restricts the filter to `unit_ids`.
    pub fn in_units<I: IntoIterator<Item = S>, S: Into<String>>(mut self, unit_ids: I) -> Self {
        self.unit_ids = Some(unit_ids.into_iter().map(Into::into).collect());
        self
    }

    /// Restricts the filter to `tier`.
    pub fn tier(mut self, tier: Tier) -> Self {
        self.difficulty_tier = Some(tier);
        self
    }

    /// Whether `record` passes the filter (the reference semantics adapters implement).
    pub fn accepts(&self, record: &Record) -> bool {
        let course_ok = self
            .course_id
            .as_deref()
            .is_none_or(|c| c == record.course_id());
        let units_ok = self.unit_ids.as_ref().is_none_or(|wanted| {
            record
                .unit_ids()
                .iter()
                .any(|u| wanted.iter().any(|w| w == u))
        });
        let tier_ok = match (self.difficulty_tier, record) {
            (None, _) => true,
            (Some(t), Record::Candidate(c)) => c.difficulty_tier == t,
            (Some(_), Record::Chunk(_)) => false,
        };
        let type_ok = match (self.chunk_type, record) {
            (None, _) => true,
            (Some(t), Record::Chunk(c)) => c.chunk_type == t,
            (Some(_), Record::Candidate(_)) => false,
        };
        course_ok && units_ok && tier_ok && type_ok
    }
}

/// A search result.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    /// The record's id.
    pub id: String,
    /// Similarity of meaning in [0, 1] (1 = same meaning), from the vector distance,
    /// also for hits that only the keyword search found.
    pub score: f32,
    /// The record's metadata.
    pub record: Record,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk(course: &str, unit: &str) -> Record {
        Record::Chunk(ChunkMetadata {
            course_id: course.into(),
            unit_id: unit.into(),
            chunk_type: ChunkType::Notes,
            source_id: "s".into(),
            section: "x".into(),
            text: "t".into(),
        })
    }

    fn candidate(units: &[&str], tier: Tier) -> Record {
        Record::Candidate(CandidateMetadata {
            course_id: "c".into(),
            question_id: "q".into(),
            unit_ids: units.iter().map(|u| u.to_string()).collect(),
            difficulty_tier: tier,
            tags: vec![],
        })
    }

    #[test]
    fn collection_names_round_trip() {
        for c in Collection::ALL {
            assert_eq!(Collection::from_name(c.name()), Some(c));
        }
        assert_eq!(Collection::from_name("pinecone"), None);
    }

    #[test]
    fn empty_filter_accepts_everything() {
        assert!(Filter::default().accepts(&chunk("c", "u1")));
        assert!(Filter::default().accepts(&candidate(&["u1"], Tier::Gold)));
    }

    #[test]
    fn course_and_unit_scope_exclude_other_records() {
        let f = Filter::course("c").in_units(["u1", "u2"]);
        assert!(f.accepts(&chunk("c", "u2")));
        assert!(!f.accepts(&chunk("c", "u3")));
        assert!(!f.accepts(&chunk("other", "u1")));
        assert!(f.accepts(&candidate(&["u3", "u1"], Tier::Bronze)));
    }

    #[test]
    fn tier_filter_applies_to_candidates_only() {
        let f = Filter::course("c").tier(Tier::Silver);
        assert!(f.accepts(&candidate(&["u1"], Tier::Silver)));
        assert!(!f.accepts(&candidate(&["u1"], Tier::Gold)));
        assert!(!f.accepts(&chunk("c", "u1")));
    }

    #[test]
    fn metadata_uses_the_spec_field_names() {
        let json = serde_json::to_value(candidate(&["ALG-01"], Tier::Bronze)).unwrap();
        assert_eq!(json["difficultyTier"], "bronze");
        assert_eq!(json["unitIds"][0], "ALG-01");
        let json = serde_json::to_value(chunk("MATH-G10", "ALG-01")).unwrap();
        assert_eq!(json["courseId"], "MATH-G10");
        assert_eq!(json["chunkType"], "notes");
    }
}
