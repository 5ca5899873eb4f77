//! What the tutor's commands take from and return to the UI. Core types that already
//! cross as they are (messages, cards, the snapshot summary, the debug drawer, log rows)
//! are used directly; store rows with `i64` ids are wrapped so the ids cross as
//! [`RowId`]s.

use crate::row_id::RowId;
use lantern_core::language::Language;
use lantern_core::turn::ReplyOrigin;
use lantern_core::tutor::lite::UnitRef;
use lantern_core::tutor::{ClientEvent, SnapshotLite, StudentInput, TurnLog, TutorMessage};
use lantern_store::{TutorAnswer, TutorCourseChoice, TutorThread, TutorThreadSummary};
use serde::{Deserialize, Serialize};

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
