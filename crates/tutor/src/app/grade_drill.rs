//! Grading a drill of a saved thread (spec 001, `/drill/grade`): the key is read from
//! the drill's message, the checker decides, the model (or the deterministic guide)
//! writes the feedback, and the answer, the feedback card, the grade and the snapshot
//! are written in one transaction. A drill is graded once.

use super::load::{lite_of, RepoExams};
use super::{DrillGradeWrite, TutorRepository};
use crate::evidence::{record_drill_grade, EvidenceEffect};
use crate::grading::{DrillVerdict, PreparedGrade, TagSource};
use crate::judge::TutorVerdict;
use crate::{SnapshotLite, TutorCard, TutorMessage};
use chrono::{DateTime, Utc};
use lantern_core::llm::{CancelFlag, DeltaSink, Llm};
use lantern_core::turn::{answer_turn, CleanInput, ReplyOrigin};

/// A graded drill, saved.
#[derive(Debug, Clone)]
pub struct DrillGraded {
    /// The student's answer and the feedback card.
    pub messages: Vec<TutorMessage>,
    /// The checker's verdict (with the tag, whoever found it).
    pub verdict: DrillVerdict,
    /// Who wrote the feedback, as stored.
    pub origin: ReplyOrigin,
    /// What the grade changed.
    pub effect: EvidenceEffect,
    /// The right panel after the grade.
    pub snapshot_lite: SnapshotLite,
}

/// Grades `answer` to the drill in message `message_id` of thread `thread_id`: the
/// checker's verdict, feedback by the model (streamed to `on_text`) or the guide, then
/// the answer, the feedback card, the grade and the snapshot in one transaction.
/// Nothing is saved when stopped.
#[allow(clippy::too_many_arguments)]
pub async fn grade_drill<R: TutorRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    thread_id: i64,
    message_id: &str,
    answer: &CleanInput,
    llm: Option<&dyn Llm>,
    now: DateTime<Utc>,
    on_text: DeltaSink<'_>,
    cancel: &CancelFlag,
) -> Result<DrillGraded, R::Error> {
    let thread = repo.thread(profile_id, thread_id).await?;
    let drill = repo.ungraded_drill(thread_id, message_id).await?;
    let course = repo.course(&thread.course_id).await?;
    let mut snapshot = repo.snapshot(profile_id, &course, now).await?;
    let unit_id = drill.key.unit_id.clone();
    let prepared = PreparedGrade::new(
        &drill.prompt,
        &drill.question_latex,
        answer,
        drill.key,
        course.unit(&unit_id),
        thread.language,
    );
    let answered = answer_turn(&prepared, llm, on_text, cancel).await?;
    let mut verdict = prepared.verdict.clone();
    if let (None, Some(tag)) = (&verdict.common_mistake_tag, answered.reply.model_tag) {
        verdict.common_mistake_tag = Some(tag);
        verdict.tag_source = Some(TagSource::Model);
    }
    let effect = record_drill_grade(
        &mut snapshot,
        &unit_id,
        verdict.is_correct,
        verdict.common_mistake_tag.as_deref(),
        now,
    );
    let card = TutorCard::DrillFeedback {
        unit_id: unit_id.clone(),
        drill_message_id: message_id.trim().to_string(),
        is_correct: verdict.is_correct,
        expected_answer: verdict.expected.clone(),
        reason: verdict
            .reason
            .and_then(|r| serde_json::to_value(r).ok())
            .and_then(|v| v.as_str().map(str::to_string)),
        common_mistake_tag: verdict.common_mistake_tag.clone(),
    };
    let turn_id = thread.next_turn_id();
    let mark = if verdict.is_correct {
        TutorVerdict::Right
    } else {
        TutorVerdict::NotYet
    };
    let write = DrillGradeWrite {
        message_id,
        turn_id: &turn_id,
        answer,
        verdict: &verdict,
        text: &answered.reply.text,
        card: &card,
        origin: answered.origin,
        mark,
        snapshot: &snapshot,
        mastery: effect
            .tier_rose
            .then(|| (unit_id.clone(), snapshot.mastery(&unit_id))),
    };
    let saved = repo
        .save_drill_grade(profile_id, thread_id, &course.id, &write, now)
        .await?;
    let exams = RepoExams::new(repo, profile_id, &course.id);
    Ok(DrillGraded {
        messages: saved.messages,
        snapshot_lite: lite_of(&course, &snapshot, &exams, now).await,
        verdict,
        origin: saved.origin,
        effect,
    })
}
