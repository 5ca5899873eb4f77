//! What the tutor's commands take from and return to the UI. Core types that already
//! cross as they are (messages, cards, the snapshot summary, the debug drawer, log rows)
//! are used directly; store rows with `i64` ids are wrapped so the ids cross as
//! [`RowId`]s.

use crate::row_id::RowId;
use lantern_core::language::Language;
use lantern_core::retrieval::Tier;
use lantern_core::turn::ReplyOrigin;
use lantern_store::{ExamQuestion, TutorCourseChoice, TutorThreadSummary};
use lantern_tutor::app::{DrillGraded, ExamEventSaved, TutorAnswer, TutorThread};
use lantern_tutor::exam::QuestionStatus;
use lantern_tutor::lite::UnitRef;
use lantern_tutor::{
    ClientEvent, ExamOutcomeKind, SnapshotLite, StudentInput, TurnLog, TutorMessage,
};
use serde::{Deserialize, Serialize};
use std::path::Path;

fn count(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

/// A course as the tutor's course picker shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct TutorCourseView {
    /// Course id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Language of the material.
    pub language: Language,
    /// The units, in order.
    pub units: Vec<UnitRef>,
}

impl From<TutorCourseChoice> for TutorCourseView {
    fn from(c: TutorCourseChoice) -> Self {
        Self {
            id: c.id,
            title: c.title,
            language: c.language,
            units: c.units,
        }
    }
}

/// A tutor thread as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct TutorThreadSummaryView {
    /// Thread id.
    pub id: RowId,
    /// The course.
    pub course_id: String,
    /// Title.
    pub title: String,
    /// Turns taken.
    pub turns: u32,
    /// Last change, RFC 3339 UTC.
    pub updated_at: String,
}

impl From<TutorThreadSummary> for TutorThreadSummaryView {
    fn from(s: TutorThreadSummary) -> Self {
        Self {
            id: s.id.into(),
            course_id: s.course_id,
            title: s.title,
            turns: count(s.turns),
            updated_at: s.updated_at,
        }
    }
}

/// A tutor thread opened: its timeline and the right panel's summary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct TutorThreadView {
    /// Thread id.
    pub id: RowId,
    /// The course.
    pub course_id: String,
    /// Title.
    pub title: String,
    /// Language of the conversation.
    pub language: Language,
    /// Turns taken.
    pub turns: u32,
    /// The timeline, oldest first.
    pub messages: Vec<TutorMessage>,
    /// The right panel's summary now.
    pub snapshot_lite: SnapshotLite,
    /// Creation time, RFC 3339 UTC.
    pub created_at: String,
    /// Last change, RFC 3339 UTC.
    pub updated_at: String,
}

impl TutorThreadView {
    /// The view of `thread` with the summary `snapshot_lite`.
    pub fn new(thread: TutorThread, snapshot_lite: SnapshotLite) -> Self {
        Self {
            id: thread.id.into(),
            course_id: thread.course_id,
            title: thread.title,
            language: thread.language,
            turns: count(thread.turns),
            messages: thread.messages,
            snapshot_lite,
            created_at: thread.created_at,
            updated_at: thread.updated_at,
        }
    }
}

/// What the student sends in a turn: typed text, LaTeX from the math field, a button's
/// event, or a combination (at least one of them).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct TutorInputView {
    /// Typed text.
    pub text: Option<String>,
    /// Typed LaTeX.
    pub latex: Option<String>,
    /// The button pressed.
    pub client_event: Option<ClientEvent>,
}

impl From<TutorInputView> for StudentInput {
    fn from(i: TutorInputView) -> Self {
        Self {
            text: i.text.unwrap_or_default(),
            latex: i.latex,
            event: i.client_event.unwrap_or_default(),
        }
    }
}

/// A tutor turn answered and saved.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct TutorTurnView {
    /// The thread.
    pub thread_id: RowId,
    /// The turn's id.
    pub turn_id: String,
    /// The new timeline items (the student's message, if typed, then the reply).
    pub messages: Vec<TutorMessage>,
    /// The right panel after the turn.
    pub snapshot_lite: SnapshotLite,
    /// The turn's log row (for the debug drawer).
    pub log: TurnLog,
    /// Who wrote the reply.
    pub origin: ReplyOrigin,
}

impl TutorTurnView {
    /// The view of `answer`, a turn of thread `thread_id`.
    pub fn new(thread_id: i64, answer: TutorAnswer) -> Self {
        Self {
            thread_id: thread_id.into(),
            turn_id: answer.turn_id,
            messages: answer.messages,
            snapshot_lite: answer.snapshot_lite,
            log: answer.log,
            origin: answer.origin,
        }
    }
}

/// Whether an exam question can be attempted now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "lowercase")]
pub enum QuestionState {
    /// Can be attempted now.
    Available,
    /// Locked until `lockedUntil`.
    Locked,
    /// Already passed.
    Passed,
}

/// An exam question's status for the student.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct QuestionStatusView {
    /// Available, locked or passed.
    pub state: QuestionState,
    /// When a locked question opens again (RFC 3339).
    pub locked_until: Option<String>,
}

impl From<QuestionStatus> for QuestionStatusView {
    fn from(s: QuestionStatus) -> Self {
        match s {
            QuestionStatus::Available => Self {
                state: QuestionState::Available,
                locked_until: None,
            },
            QuestionStatus::Locked { locked_until } => Self {
                state: QuestionState::Locked,
                locked_until: Some(locked_until.to_rfc3339()),
            },
            QuestionStatus::Passed => Self {
                state: QuestionState::Passed,
                locked_until: None,
            },
        }
    }
}

/// One option of an exam question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ExamOptionView {
    /// Option id (`A`, `B`, …).
    pub id: String,
    /// Its text (may hold `$…$` math).
    pub text: String,
}

/// An exam question as the exam block shows it: never its answer or memo, which only
/// cross once submitted or viewed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ExamQuestionView {
    /// The question's id.
    pub question_id: String,
    /// Its tier.
    pub tier: Tier,
    /// The stem (may hold `$…$` math).
    pub stem: String,
    /// The options.
    pub options: Vec<ExamOptionView>,
    /// The pack has a video file for it.
    pub has_video: bool,
    /// The pack has a transcript of a walkthrough.
    pub has_transcript: bool,
    /// Its status for the student now.
    pub status: QuestionStatusView,
}

impl ExamQuestionView {
    /// The view of `question` with the student's `status`.
    pub fn new(question: ExamQuestion, status: QuestionStatus) -> Self {
        Self {
            question_id: question.id,
            tier: question.tier,
            stem: question.stem,
            options: question
                .options
                .into_iter()
                .map(|o| ExamOptionView {
                    id: o.id,
                    text: o.text,
                })
                .collect(),
            has_video: question.video.is_some(),
            has_transcript: question.transcript.is_some(),
            status: status.into(),
        }
    }
}

/// An exam event saved: the new timeline items, the question's status and, for a
/// support view, what to show.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ExamEventView {
    /// The thread.
    pub thread_id: RowId,
    /// The student's action and the outcome card.
    pub messages: Vec<TutorMessage>,
    /// What happened.
    pub outcome: ExamOutcomeKind,
    /// The question's status after the event.
    pub status: QuestionStatusView,
    /// The memo, or the video's transcript, for a support view.
    pub support_text: Option<String>,
    /// The video file's absolute path, for a video view when the pack has one.
    pub video_path: Option<String>,
    /// The right panel after the event.
    pub snapshot_lite: SnapshotLite,
}

impl ExamEventView {
    /// The view of `saved` in thread `thread_id`; videos live under `media_root`.
    pub fn new(thread_id: i64, saved: ExamEventSaved, media_root: &Path) -> Self {
        Self {
            thread_id: thread_id.into(),
            messages: saved.messages,
            outcome: saved.outcome,
            status: saved.status.into(),
            support_text: saved.support_text,
            video_path: saved
                .video
                .map(|v| media_root.join(v).display().to_string()),
            snapshot_lite: saved.snapshot_lite,
        }
    }
}

/// A drill graded and saved.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct DrillGradedView {
    /// The thread.
    pub thread_id: RowId,
    /// The student's answer and the feedback card.
    pub messages: Vec<TutorMessage>,
    /// The checker's verdict.
    pub is_correct: bool,
    /// The right panel after the grade.
    pub snapshot_lite: SnapshotLite,
    /// Who wrote the feedback.
    pub origin: ReplyOrigin,
}

impl DrillGradedView {
    /// The view of `graded` in thread `thread_id`.
    pub fn new(thread_id: i64, graded: DrillGraded) -> Self {
        Self {
            thread_id: thread_id.into(),
            messages: graded.messages,
            is_correct: graded.verdict.is_correct,
            snapshot_lite: graded.snapshot_lite,
            origin: graded.origin,
        }
    }
}
