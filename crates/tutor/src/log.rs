//! Observability (spec 001, PV-AI-024/025): one log row per turn with the whole chain —
//! mapping, policy, plan, the chosen action, validated or fallen back and why, cost —
//! and the debug drawer's view model.

use super::contract::{ExamAvailability, MasteryTier, TutorAction};
use super::judge::TutorVerdict;
use super::lite::SnapshotLite;
use super::phrase::DroppedSentence;
use super::policy::TutorPolicy;
use super::snapshot::MappedUnit;
use lantern_core::language::Language;
use lantern_core::retrieval::Tier;
use lantern_core::turn::ReplyOrigin;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A candidate unit with its priority score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ScoredUnit {
    /// The unit.
    pub unit_id: String,
    /// Its title.
    pub title: String,
    /// The message's mapped confidence for it.
    pub mapped_confidence: f64,
    /// Its priority score (0..1).
    pub score: f64,
}

/// One turn's log row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TurnLog {
    /// The turn.
    pub turn_id: String,
    /// The button pressed (`NONE` for a typed message).
    pub client_event: String,
    /// The message's units, decided in code, with confidence.
    pub mapped_units: Vec<MappedUnit>,
    /// The unit the message was about, when mapping was sure.
    pub asked_unit_id: Option<String>,
    /// The reply's language (the message's).
    #[serde(default)]
    pub reply_language: Language,
    /// The focus unit.
    pub focus_unit_id: String,
    /// The blocking prerequisite.
    pub prereq_blocking_unit_id: Option<String>,
    /// The policy's allowed actions.
    pub allowed_actions: Vec<TutorAction>,
    /// What the plan asked for.
    pub planned_actions: Vec<TutorAction>,
    /// The desired exam tier.
    pub desired_exam_tier: Tier,
    /// Exam availability.
    pub exam_availability: ExamAvailability,
    /// When a locked question opens again.
    pub next_eligible_at: Option<String>,
    /// The action shown.
    pub chosen_action: TutorAction,
    /// The unit it was about.
    pub chosen_unit_id: String,
    /// The file (or `course.json`) of the passage shown, if any.
    pub passage_source: Option<String>,
    /// The units a clarifying question named (A3), when the turn asked one.
    #[serde(default)]
    pub clarified_unit_ids: Vec<String>,
    /// The prerequisite the reply offered, if any.
    #[serde(default)]
    pub offered_unit_id: Option<String>,
    /// The verdict on the student's answer or claim, if judged.
    pub verdict: Option<TutorVerdict>,
    /// The model's sentences shown.
    #[serde(default)]
    pub model_sentences: u32,
    /// Those sentences, as shown.
    #[serde(default)]
    pub model_text: String,
    /// The model's sentences dropped by the checks, with the check.
    #[serde(default)]
    pub dropped: Vec<DroppedSentence>,
    /// Who wrote the reply.
    pub origin: ReplyOrigin,
    /// Why the fallback answered after the model was asked.
    pub fallback_reason: Option<String>,
    /// Milliseconds for the whole turn (retrieval, model, checks).
    pub latency_ms: f64,
    /// Prompt tokens (model turns only).
    pub prompt_tokens: Option<u32>,
    /// Prompt tokens reused from the cached prefix.
    pub reused_tokens: Option<u32>,
    /// Generated tokens.
    pub generated_tokens: Option<u32>,
    /// Milliseconds to the first token.
    pub first_token_ms: Option<f64>,
    /// Chunks of material read this turn.
    #[serde(default)]
    pub material_chunks: u32,
    /// Exam questions attemptable this turn.
    #[serde(default)]
    pub attemptable_questions: u32,
    /// The policy.
    pub policy: TutorPolicy,
    /// Candidate units and their scores, best first.
    pub scored_units: Vec<ScoredUnit>,
}

pub(crate) fn small(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A unit's mastery, for the debug drawer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct UnitMastery {
    /// The unit.
    pub unit_id: String,
    /// Its title.
    pub title: String,
    /// Its mastery tier.
    pub mastery_tier: MasteryTier,
}

/// The debug drawer (PV-AI-025): the last turn's policy and scores, the snapshot
/// summary and the mastery of every unit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TutorDebugView {
    /// The last turn's log row, if any turn happened.
    pub last_turn: Option<TurnLog>,
    /// The snapshot summary now.
    pub snapshot_lite: SnapshotLite,
    /// Mastery of every unit, in course order.
    pub mastery: Vec<UnitMastery>,
}
