//! An exam event on a saved thread (spec 001, PV-AI-015/016): the exam service records
//! a submitted answer or a viewed memo or video, and its effect on the snapshot
//! (touched question, revisit queue, passes per tier, mastery, re-checks) and the
//! timeline card are written in the same transaction.

use super::load::{lite_of, load, Loaded, RepoExams};
use super::{
    ExamAction, ExamEventWrite, ExamEventWriter, ExamRecord, ExamRecorded, TutorRepository,
};
use crate::evidence::{record_exam_answer, record_support_view, EvidenceEffect, ExamEvent};
use crate::exam::{QuestionStatus, SupportKind};
use crate::exam_words::{answer_words, outcome_words, support_words};
use crate::{ExamOutcomeKind, SnapshotLite, StudentSnapshot, TutorCard, TutorError, TutorMessage};
use chrono::{DateTime, Utc};
use lantern_core::llm::{BoxFuture, CancelFlag, DeltaSink, Llm};
use lantern_core::turn::{answer_turn, LoopTurn};

/// An exam event, saved.
#[derive(Debug, Clone)]
pub struct ExamEventSaved {
    /// The student's action and the tutor's outcome card.
    pub messages: Vec<TutorMessage>,
    /// What happened.
    pub outcome: ExamOutcomeKind,
    /// The question's status after the event.
    pub status: QuestionStatus,
    /// The memo or the video's transcript, for a support view.
    pub support_text: Option<String>,
    /// The video file, for a video view when the pack has one.
    pub video: Option<String>,
    /// What the event changed.
    pub effect: EvidenceEffect,
    /// The right panel after the event.
    pub snapshot_lite: SnapshotLite,
}

/// The unit an event credits: the focus when the question examines it, else the
/// question's first unit.
fn credited_unit(snapshot: &StudentSnapshot, recorded: &ExamRecorded) -> String {
    if recorded.unit_ids.contains(&snapshot.focus_unit_id) {
        snapshot.focus_unit_id.clone()
    } else {
        recorded
            .unit_ids
            .first()
            .cloned()
            .unwrap_or_else(|| snapshot.focus_unit_id.clone())
    }
}

/// An exam event's outcome in the app's words: a turn that never needs the model, so
/// [`answer_turn`] says the app wrote it.
struct OutcomeWords(String);

impl LoopTurn for OutcomeWords {
    type Reply = String;
    type Error = TutorError;

    fn ask<'a>(
        &'a self,
        _llm: &'a dyn Llm,
        _on_text: DeltaSink<'a>,
        _cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<String, TutorError>> {
        Box::pin(async move { Ok(self.0.clone()) })
    }

    fn offline(&self) -> Result<String, TutorError> {
        Ok(self.0.clone())
    }

    fn without_model(&self) -> Option<Result<String, TutorError>> {
        Some(Ok(self.0.clone()))
    }
}

/// What the event writes once the exam service recorded `action`: the effect on the
/// snapshot, the student's action and the outcome card in the app's words.
async fn event_write(
    loaded: &Loaded,
    action: ExamAction<'_>,
    recorded: &ExamRecorded,
    now: DateTime<Utc>,
) -> Result<ExamEventWrite, TutorError> {
    let Loaded {
        thread,
        course,
        snapshot,
    } = loaded;
    let mut snapshot = snapshot.clone();
    let unit = credited_unit(&snapshot, recorded);
    let event = ExamEvent {
        unit: &unit,
        question_id: &recorded.question_id,
        tier: recorded.tier,
        now,
    };
    let (outcome, effect) = match &recorded.record {
        ExamRecord::Answered { correct } => (
            if *correct {
                ExamOutcomeKind::Passed
            } else {
                ExamOutcomeKind::Incorrect
            },
            record_exam_answer(&mut snapshot, event, *correct),
        ),
        ExamRecord::Viewed {
            kind,
            already_passed,
            ..
        } => {
            record_support_view(&mut snapshot, event, *already_passed);
            let outcome = match kind {
                SupportKind::Memo => ExamOutcomeKind::MemoViewed,
                SupportKind::Video => ExamOutcomeKind::VideoViewed,
            };
            (outcome, EvidenceEffect::default())
        }
    };
    let student = match action {
        ExamAction::Answer { option_id, .. } => answer_words(option_id, thread.language),
        ExamAction::Support { kind, .. } => support_words(kind, thread.language),
    };
    let card = TutorCard::ExamOutcome {
        unit_id: unit.clone(),
        question_id: recorded.question_id.clone(),
        difficulty_tier: recorded.tier,
        outcome,
        locked_until: match recorded.status {
            QuestionStatus::Locked { locked_until } => Some(locked_until.to_rfc3339()),
            _ => None,
        },
        mastery_tier: snapshot.mastery(&unit),
    };
    let words = outcome_words(outcome, &effect, &course.title_of(&unit), thread.language);
    let answered = answer_turn(
        &OutcomeWords(words),
        None,
        &mut |_| {},
        &CancelFlag::default(),
    )
    .await?;
    let mastery = (effect.tier_rose || effect.flagged_for_review)
        .then(|| (unit.clone(), snapshot.mastery(&unit)));
    Ok(ExamEventWrite {
        turn_id: thread.next_turn_id(),
        student,
        text: answered.reply,
        card,
        origin: answered.origin,
        snapshot,
        mastery,
        outcome,
        effect,
    })
}

/// Records `action` on thread `thread_id` at `now` with the exam service and saves its
/// effect, the student's action and the outcome card in the same transaction.
pub(super) async fn record_event<R: TutorRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    thread_id: i64,
    action: ExamAction<'_>,
    now: DateTime<Utc>,
) -> Result<ExamEventSaved, R::Error> {
    let loaded = load(repo, profile_id, thread_id, now).await?;
    let course_id = loaded.course.id.as_str();
    let loaded_ref = &loaded;
    let writer: ExamEventWriter<'_> = Box::new(move |recorded: ExamRecorded| {
        Box::pin(async move {
            let write = event_write(loaded_ref, action, &recorded, now).await?;
            Ok((recorded, write))
        })
    });
    let done = repo
        .record_exam_event(profile_id, thread_id, course_id, action, now, writer)
        .await?;
    let exams = RepoExams::new(repo, profile_id, course_id);
    let (support_text, video) = match done.recorded.record {
        ExamRecord::Answered { .. } => (None, None),
        ExamRecord::Viewed { text, video, .. } => (Some(text), video),
    };
    Ok(ExamEventSaved {
        messages: done.saved.messages,
        outcome: done.write.outcome,
        status: done.recorded.status,
        support_text,
        video,
        effect: done.write.effect,
        snapshot_lite: lite_of(&loaded.course, &done.write.snapshot, &exams, now).await,
    })
}
