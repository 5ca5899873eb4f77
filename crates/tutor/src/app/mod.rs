//! The tutor's application layer: one file per operation a student (or the command
//! line, or an eval) performs on a saved thread — send a turn, grade a drill, answer
//! or get support on an exam question, and the views of a thread. Each operation reads
//! rows through [`TutorRepository`], calls the tutor's rules and its turn
//! ([`answer_turn`](lantern_core::turn::answer_turn) decides who wrote a reply), and
//! decides what to write; the repository (the store, over SQLite) only persists, one
//! method per transaction.

mod debug;
mod exam_event;
mod exam_status;
mod grade_drill;
mod learning_path;
mod load;
mod ports;
mod prepare;
mod preview;
mod progress;
mod rows;
mod send;
mod snapshot_lite;
mod submit_exam;
mod view_support;

pub use debug::debug;
pub use exam_event::ExamEventSaved;
pub use exam_status::{exam_status, ExamStatusView};
pub use grade_drill::{grade_drill, DrillGraded};
pub use learning_path::learning_path;
pub use load::RepoExams;
pub use ports::{TurnTimings, TutorPorts, TutorSinks};
pub use preview::{preview, TutorPreview};
pub use progress::progress_history;
pub use rows::{
    DrillGradeWrite, ExamAction, ExamEventRecorded, ExamEventWrite, ExamEventWriter, ExamRecord,
    ExamRecorded, MasteryChange, SavedReply, StoredDrill, TurnWrite, TutorThread,
};
pub use send::{send, TutorAnswer};
pub use snapshot_lite::snapshot_lite;
pub use submit_exam::submit_exam_answer;
pub use view_support::view_exam_support;

use crate::drill::DrillKey;
use crate::exam::{PracticeQuestion, QuestionStatus};
use crate::history::MasteryEvent;
use crate::{StudentSnapshot, TurnLog, TutorCourse, TutorError};
use chrono::{DateTime, Utc};
use lantern_core::llm::BoxFuture;
use lantern_core::retrieval::Tier;
use std::collections::HashMap;

/// Where the tutor's operations read and write saved threads, courses, snapshots and
/// exam attempts. Each method is one persistence operation; a write is one transaction.
pub trait TutorRepository: Send + Sync {
    /// The repository's error; a tutor rule's refusal converts into it.
    type Error: From<TutorError> + Send;

    /// Thread `thread_id` of the profile with its timeline (another profile's is not
    /// found).
    fn thread(
        &self,
        profile_id: i64,
        thread_id: i64,
    ) -> BoxFuture<'_, Result<TutorThread, Self::Error>>;

    /// The imported course `course_id` as the tutor reads it.
    fn course<'a>(&'a self, course_id: &'a str) -> BoxFuture<'a, Result<TutorCourse, Self::Error>>;

    /// The student's snapshot of `course`, created (focus on the entry unit) and saved on
    /// first use.
    fn snapshot<'a>(
        &'a self,
        profile_id: i64,
        course: &'a TutorCourse,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<StudentSnapshot, Self::Error>>;

    /// The key of the question the tutor asked last in the thread, if the thread ends
    /// with it (a question in the text, not a drill card).
    fn pending_key(&self, thread_id: i64) -> BoxFuture<'_, Result<Option<DrillKey>, Self::Error>>;

    /// The answer key saved with message `message_id` of the thread, if it has one.
    fn message_key<'a>(
        &'a self,
        thread_id: i64,
        message_id: &'a str,
    ) -> BoxFuture<'a, Result<Option<DrillKey>, Self::Error>>;

    /// The log rows of the thread, oldest first.
    fn turn_log(
        &self,
        profile_id: i64,
        thread_id: i64,
    ) -> BoxFuture<'_, Result<Vec<TurnLog>, Self::Error>>;

    /// Saves one turn in one transaction: the student's message, the reply, the
    /// snapshot and the log row.
    fn save_turn<'a>(
        &'a self,
        profile_id: i64,
        thread_id: i64,
        course_id: &'a str,
        write: &'a TurnWrite<'a>,
    ) -> BoxFuture<'a, Result<SavedReply, Self::Error>>;

    /// The drill of message `message_id` in the thread; not found unless it is a drill
    /// of the thread, refused when it was graded already.
    fn ungraded_drill<'a>(
        &'a self,
        thread_id: i64,
        message_id: &'a str,
    ) -> BoxFuture<'a, Result<StoredDrill, Self::Error>>;

    /// Saves a drill's grade in one transaction (refused when the drill was graded
    /// meanwhile): the grade, the answer and feedback, the snapshot, the mastery change.
    fn save_drill_grade<'a>(
        &'a self,
        profile_id: i64,
        thread_id: i64,
        course_id: &'a str,
        write: &'a DrillGradeWrite<'a>,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<SavedReply, Self::Error>>;

    /// Records `action` with the exam service and, in the same transaction, what
    /// `write` decides from it: the student's action, the outcome card, the snapshot
    /// and the mastery change.
    fn record_exam_event<'a>(
        &'a self,
        profile_id: i64,
        thread_id: i64,
        course_id: &'a str,
        action: ExamAction<'a>,
        now: DateTime<Utc>,
        write: ExamEventWriter<'a>,
    ) -> BoxFuture<'a, Result<ExamEventRecorded, Self::Error>>;

    /// The status of each of `question_ids` of the course for the profile at `now`.
    fn exam_statuses<'a>(
        &'a self,
        profile_id: i64,
        course_id: &'a str,
        question_ids: &'a [String],
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<HashMap<String, QuestionStatus>, Self::Error>>;

    /// Lower-tier exam questions on `unit_id` of the course (below `below`) the profile
    /// may practise at `now`.
    fn practice_questions<'a>(
        &'a self,
        profile_id: i64,
        course_id: &'a str,
        unit_id: &'a str,
        below: Tier,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<Vec<PracticeQuestion>, Self::Error>>;

    /// The ids of the exam questions on `unit_id` of the course, in exam order.
    fn unit_questions<'a>(
        &'a self,
        course_id: &'a str,
        unit_id: &'a str,
    ) -> BoxFuture<'a, Result<Vec<String>, Self::Error>>;

    /// Every mastery event of the profile in the course, oldest first.
    fn mastery_events<'a>(
        &'a self,
        profile_id: i64,
        course_id: &'a str,
    ) -> BoxFuture<'a, Result<Vec<MasteryEvent>, Self::Error>>;
}
