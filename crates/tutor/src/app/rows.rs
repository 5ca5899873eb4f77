//! What the tutor's operations read from and write to the repository: a saved thread,
//! a saved drill, and one write per transaction (a turn, a drill's grade, an exam event).

use crate::drill::DrillKey;
use crate::evidence::EvidenceEffect;
use crate::exam::{QuestionStatus, SupportKind};
use crate::judge::TutorVerdict;
use crate::{
    ExamOutcomeKind, MasteryTier, StudentSnapshot, TurnLog, TutorCard, TutorError, TutorMessage,
    TutorReply,
};
use lantern_core::language::Language;
use lantern_core::llm::BoxFuture;
use lantern_core::retrieval::Tier;
use lantern_core::turn::{CleanInput, ReplyOrigin};
use serde::Serialize;

/// A thread with its timeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TutorThread {
    /// Thread id.
    pub id: i64,
    /// The course.
    pub course_id: String,
    /// Title.
    pub title: String,
    /// Language of the conversation.
    pub language: Language,
    /// Turns taken.
    pub turns: i64,
    /// The timeline, oldest first.
    pub messages: Vec<TutorMessage>,
    /// Creation time.
    pub created_at: String,
    /// Last change.
    pub updated_at: String,
}

impl TutorThread {
    /// The id of the thread's next turn.
    pub fn next_turn_id(&self) -> String {
        format!("{}-{}", self.id, self.turns + 1)
    }
}

/// A drill not yet graded, as its message holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredDrill {
    /// The drill's instruction.
    pub prompt: String,
    /// The question.
    pub question_latex: String,
    /// The answer key.
    pub key: DrillKey,
}

/// The messages one write saved, read back, and who wrote the reply as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedReply {
    /// The new timeline items, in order.
    pub messages: Vec<TutorMessage>,
    /// The reply's origin, read back from its row.
    pub origin: ReplyOrigin,
}

/// A unit's mastery that rose (or was flagged), recorded with the evidence.
pub type MasteryChange = (String, MasteryTier);

/// What one turn writes, in one transaction.
#[derive(Debug, Clone, Copy)]
pub struct TurnWrite<'a> {
    /// The turn's id.
    pub turn_id: &'a str,
    /// The student's typed text and LaTeX, when they typed.
    pub student: Option<(&'a str, Option<&'a str>)>,
    /// The tutor's reply.
    pub reply: &'a TutorReply,
    /// Who wrote it, as the turn answered.
    pub origin: ReplyOrigin,
    /// The snapshot after the turn.
    pub snapshot: &'a StudentSnapshot,
    /// The log row.
    pub log: &'a TurnLog,
}

/// What grading a drill writes, in one transaction: the grade (once per drill), the
/// answer and the feedback card, the snapshot and a mastery change.
#[derive(Debug, Clone)]
pub struct DrillGradeWrite<'a> {
    /// The drill's message.
    pub message_id: &'a str,
    /// The turn's id.
    pub turn_id: &'a str,
    /// The student's answer, cleaned once on the send path.
    pub answer: &'a CleanInput,
    /// The checker's verdict, saved with the grade.
    pub verdict: &'a crate::grading::DrillVerdict,
    /// The feedback's words.
    pub text: &'a str,
    /// The feedback card.
    pub card: &'a TutorCard,
    /// Who wrote the words, as the grading turn answered.
    pub origin: ReplyOrigin,
    /// Right or not yet, on the feedback message.
    pub mark: TutorVerdict,
    /// The snapshot after the grade.
    pub snapshot: &'a StudentSnapshot,
    /// The unit whose mastery rose.
    pub mastery: Option<MasteryChange>,
}

/// What the student does to an exam question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExamAction<'a> {
    /// Submits an option as the answer.
    Answer {
        /// The question.
        question_id: &'a str,
        /// The chosen option.
        option_id: &'a str,
    },
    /// Views the memo or the video.
    Support {
        /// The question.
        question_id: &'a str,
        /// Memo or video.
        kind: SupportKind,
    },
}

/// What the exam service recorded for an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExamRecord {
    /// An answer, right or wrong.
    Answered {
        /// Whether the option was the correct one.
        correct: bool,
    },
    /// A viewed memo or video.
    Viewed {
        /// Memo or video.
        kind: SupportKind,
        /// The question was passed before, so viewing cost nothing.
        already_passed: bool,
        /// The memo, or the video's transcript.
        text: String,
        /// The video file, for a video.
        video: Option<String>,
    },
}

/// An exam action as the exam service recorded it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExamRecorded {
    /// The question.
    pub question_id: String,
    /// Its tier.
    pub tier: Tier,
    /// The units it examines, in pack order.
    pub unit_ids: Vec<String>,
    /// The question's status after the action.
    pub status: QuestionStatus,
    /// What was recorded.
    pub record: ExamRecord,
}

/// What an exam event writes beside the exam service's own rows, in its transaction.
#[derive(Debug, Clone)]
pub struct ExamEventWrite {
    /// The turn's id.
    pub turn_id: String,
    /// The student's action, in words.
    pub student: String,
    /// The tutor's words.
    pub text: String,
    /// The outcome card.
    pub card: TutorCard,
    /// Who wrote the words, as the event's turn answered.
    pub origin: ReplyOrigin,
    /// The snapshot after the event.
    pub snapshot: StudentSnapshot,
    /// The unit whose mastery changed.
    pub mastery: Option<MasteryChange>,
    /// What happened, for the caller.
    pub outcome: ExamOutcomeKind,
    /// What the event changed, for the caller.
    pub effect: EvidenceEffect,
}

/// An exam event saved: what the exam service recorded, what was written with it, and
/// the messages read back.
#[derive(Debug, Clone)]
pub struct ExamEventRecorded {
    /// What the exam service recorded.
    pub recorded: ExamRecorded,
    /// What the writer decided and the repository wrote.
    pub write: ExamEventWrite,
    /// The messages saved.
    pub saved: SavedReply,
}

/// Decides an exam event's write from what the exam service recorded (inside the
/// transaction, so the attempt and its effect are saved together); the record comes
/// back with the write.
pub type ExamEventWriter<'a> = Box<
    dyn FnOnce(ExamRecorded) -> BoxFuture<'a, Result<(ExamRecorded, ExamEventWrite), TutorError>>
        + Send
        + 'a,
>;
