//! The tutor's actions on a saved thread, shared by the app, the command line and the
//! evals: load the thread, course and snapshot, let the core prepare and answer the
//! turn, and write the turn in one transaction.

use crate::tutor::{TurnWrite, TutorThread};
use crate::{Store, StoreError, StoreExamService};
use chrono::{DateTime, Utc};
use lantern_core::llm::{CancelFlag, DeltaSink, Llm};
use lantern_core::retrieval::Retriever;
use lantern_core::turn::{answer_turn, ReplyOrigin};
use lantern_tutor::exam::ExamService;
use lantern_tutor::lite::snapshot_lite;
use lantern_tutor::log::UnitMastery;
use lantern_tutor::passage::SourcePassage;
use lantern_tutor::revisit::revisit_order;
use lantern_tutor::{
    clean_input, finish_turn, prepare_turn, PreparedTurn, SnapshotLite, StudentInput,
    StudentSnapshot, TurnLog, TurnRequest, TutorCard, TutorCourse, TutorDebugView, TutorMessage,
    TutorRole,
};
use std::time::Instant;

/// The ports a tutor turn reads from besides the store.
#[derive(Clone, Copy)]
pub struct TutorPorts<'a> {
    /// The model; `None` answers with the deterministic fallback.
    pub llm: Option<&'a dyn Llm>,
    /// The course index.
    pub retriever: &'a dyn Retriever,
    /// The exam service.
    pub exams: &'a dyn ExamService,
}

/// A turn answered and saved.
#[derive(Debug, Clone)]
pub struct TutorAnswer {
    /// The turn's id.
    pub turn_id: String,
    /// The new timeline items (the student's message, if typed, and the reply).
    pub messages: Vec<TutorMessage>,
    /// The right panel after the turn.
    pub snapshot_lite: SnapshotLite,
    /// The turn's log row.
    pub log: TurnLog,
    /// Who wrote the reply.
    pub origin: ReplyOrigin,
    /// Where the turn's time went.
    pub timings: TurnTimings,
}

/// Where a tutor turn shows what it has, as it has it.
pub struct TutorSinks<'a> {
    /// The course passage the reply rests on, once the turn is prepared.
    pub on_passage: Option<&'a mut (dyn FnMut(&SourcePassage) + Send)>,
    /// The reply's words as they are checked.
    pub on_text: DeltaSink<'a>,
}

impl<'a> TutorSinks<'a> {
    /// Only the words (the passage arrives with the saved reply).
    pub fn words(on_text: DeltaSink<'a>) -> Self {
        Self {
            on_passage: None,
            on_text,
        }
    }
}

/// Where a tutor turn's time went, in milliseconds (`lantern bench tutor`).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TurnTimings {
    /// Reading the thread and preparing the turn: mapping, retrieval, policy.
    pub prepare_ms: f64,
    /// Asking the model and checking its sentences (or the authored reply alone).
    pub answer_ms: f64,
    /// Saving the messages, snapshot and log in one transaction.
    pub save_ms: f64,
}

/// A turn prepared without asking the model (`lantern tutor policy`).
#[derive(Debug)]
pub struct TutorPreview {
    /// The thread.
    pub thread: TutorThread,
    /// The prepared turn: mapping, policy, plan, context, prompt and grammar.
    pub prepared: PreparedTurn,
}

/// Tutor messages read back as "already said" (so neither the model nor a question
/// repeats them).
const RECENT_TUTOR_MESSAGES: usize = 6;

/// The tutor's recent words in `thread`, oldest first.
fn recent_tutor_texts(thread: &TutorThread) -> Vec<String> {
    let mut texts: Vec<String> = thread
        .messages
        .iter()
        .rev()
        .filter(|m| m.role == TutorRole::Assistant)
        .take(RECENT_TUTOR_MESSAGES)
        .map(|m| match &m.card {
            Some(TutorCard::Drill {
                prompt,
                question_latex,
                ..
            }) => format!("{} {prompt} {question_latex}", m.text),
            _ => m.text.clone(),
        })
        .collect();
    texts.reverse();
    texts
}

/// A thread with its course and the student's snapshot.
pub(crate) struct Loaded {
    /// The thread.
    pub thread: TutorThread,
    /// Its course.
    pub course: TutorCourse,
    /// The student's snapshot of the course.
    pub snapshot: StudentSnapshot,
}

impl Store {
    pub(crate) async fn tutor_load(
        &self,
        profile_id: i64,
        thread_id: i64,
        now: DateTime<Utc>,
    ) -> Result<Loaded, StoreError> {
        let thread = self.tutor_thread(profile_id, thread_id).await?;
        let course = self.tutor_course(&thread.course_id).await?;
        let snapshot = self.tutor_snapshot(profile_id, &course, now).await?;
        Ok(Loaded {
            thread,
            course,
            snapshot,
        })
    }

    async fn tutor_prepared(
        &self,
        loaded: &Loaded,
        input: &StudentInput,
        ports: TutorPorts<'_>,
        now: DateTime<Utc>,
    ) -> Result<PreparedTurn, StoreError> {
        let turn_id = format!("{}-{}", loaded.thread.id, loaded.thread.turns + 1);
        let recent = recent_tutor_texts(&loaded.thread);
        let pending = self.tutor_pending_key(loaded.thread.id).await?;
        let event_drill = match input.event.drill_message_id() {
            Some(message) => self.tutor_message_key(loaded.thread.id, message).await?,
            None => None,
        };
        let request = TurnRequest {
            course: &loaded.course,
            snapshot: &loaded.snapshot,
            input,
            language: loaded.thread.language,
            turn_id: &turn_id,
            now,
            recent_tutor_texts: &recent,
            pending: pending.as_ref(),
            event_drill: event_drill.as_ref(),
        };
        Ok(prepare_turn(&request, ports.retriever, ports.exams).await?)
    }

    /// The turn the input would start, without asking the model: mapping, policy,
    /// scores, context, prompt and grammar.
    pub async fn tutor_preview(
        &self,
        profile_id: i64,
        thread_id: i64,
        raw: &StudentInput,
        ports: TutorPorts<'_>,
        now: DateTime<Utc>,
    ) -> Result<TutorPreview, StoreError> {
        let loaded = self.tutor_load(profile_id, thread_id, now).await?;
        let input = if raw == &StudentInput::default() {
            raw.clone()
        } else {
            clean_input(raw)?
        };
        let prepared = self.tutor_prepared(&loaded, &input, ports, now).await?;
        Ok(TutorPreview {
            thread: loaded.thread,
            prepared,
        })
    }

    /// Answers the student's input in thread `thread_id` — the model (streaming the
    /// reply's words to `sinks.on_text`) or the deterministic fallback — and saves the
    /// turn's messages, snapshot and log in one transaction. The course passage the reply
    /// rests on goes to `sinks.on_passage` as soon as the turn is prepared, before the
    /// model writes. Nothing is saved when the turn is stopped.
    #[allow(clippy::too_many_arguments)]
    pub async fn tutor_turn(
        &self,
        profile_id: i64,
        thread_id: i64,
        raw: &StudentInput,
        ports: TutorPorts<'_>,
        now: DateTime<Utc>,
        sinks: TutorSinks<'_>,
        cancel: &CancelFlag,
    ) -> Result<TutorAnswer, StoreError> {
        let TutorSinks {
            on_passage,
            on_text,
        } = sinks;
        let input = clean_input(raw)?;
        let started = Instant::now();
        let loaded = self.tutor_load(profile_id, thread_id, now).await?;
        let prepared = self.tutor_prepared(&loaded, &input, ports, now).await?;
        let prepare_ms = started.elapsed().as_secs_f64() * 1e3;
        if let (Some(passage), Some(on_passage)) = (&prepared.skeleton.passage, on_passage) {
            on_passage(passage);
        }
        let answered = answer_turn(&prepared, ports.llm, on_text, cancel).await?;
        let origin = answered.origin;
        let latency_ms = started.elapsed().as_secs_f64() * 1e3;
        let finished = finish_turn(&prepared, &loaded.snapshot, answered, now, latency_ms);
        let student = (!input.text.is_empty() || input.latex.is_some())
            .then_some((input.text.as_str(), input.latex.as_deref()));
        let messages = self
            .save_tutor_turn(
                profile_id,
                thread_id,
                &loaded.course.id,
                &TurnWrite {
                    turn_id: &prepared.policy.turn_id,
                    student,
                    reply: &finished.reply,
                    origin,
                    snapshot: &finished.snapshot,
                    log: &finished.log,
                },
            )
            .await?;
        let save_ms = started.elapsed().as_secs_f64() * 1e3 - latency_ms;
        Ok(TutorAnswer {
            turn_id: prepared.policy.turn_id.clone(),
            messages,
            snapshot_lite: self
                .tutor_lite_of(&loaded.course, &finished.snapshot, ports.exams, now)
                .await,
            log: finished.log,
            origin,
            timings: TurnTimings {
                prepare_ms,
                answer_ms: latency_ms - prepare_ms,
                save_ms,
            },
        })
    }

    /// The right panel's summary of `snapshot` at `now`: the revisit queue ordered by
    /// the exam service's lockouts (only the queue's questions are asked about).
    pub(crate) async fn tutor_lite_of(
        &self,
        course: &TutorCourse,
        snapshot: &StudentSnapshot,
        exams: &dyn ExamService,
        now: DateTime<Utc>,
    ) -> SnapshotLite {
        let ids: Vec<String> = snapshot.revisit_queue.keys().cloned().collect();
        let statuses = exams.batch_status(&snapshot.student_id, &ids, now).await;
        snapshot_lite(snapshot, course, &revisit_order(snapshot, &statuses), now)
    }

    /// The right panel's summary for thread `thread_id` (the blocker from its last
    /// turn).
    pub async fn tutor_snapshot_lite(
        &self,
        profile_id: i64,
        thread_id: i64,
        now: DateTime<Utc>,
    ) -> Result<SnapshotLite, StoreError> {
        Ok(self
            .tutor_debug(profile_id, thread_id, now)
            .await?
            .snapshot_lite)
    }

    /// The debug drawer's view of thread `thread_id`: the last turn's log, the summary
    /// and every unit's mastery.
    pub async fn tutor_debug(
        &self,
        profile_id: i64,
        thread_id: i64,
        now: DateTime<Utc>,
    ) -> Result<TutorDebugView, StoreError> {
        let loaded = self.tutor_load(profile_id, thread_id, now).await?;
        let exams = StoreExamService::new(self, profile_id, &loaded.course.id);
        let last_turn = self.tutor_log(profile_id, thread_id).await?.pop();
        let lite = self
            .tutor_lite_of(&loaded.course, &loaded.snapshot, &exams, now)
            .await;
        Ok(TutorDebugView {
            mastery: loaded
                .course
                .units
                .iter()
                .map(|u| UnitMastery {
                    unit_id: u.id.clone(),
                    title: u.title.clone(),
                    mastery_tier: loaded.snapshot.mastery(&u.id),
                })
                .collect(),
            last_turn,
            snapshot_lite: lite,
        })
    }
}
