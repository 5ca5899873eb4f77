//! One tutor turn (spec 001, PV-AI-006): mapping → policy → retrieval → prompt and
//! grammar ([`prepare_turn`]), then the model or the fallback through the shared turn
//! pipeline (the [`LoopTurn`] impl), then the snapshot and the log ([`finish_turn`]).

use super::candidates::candidate_units;
use super::context::{
    exam_candidates, mapping_hits, retrieve_context, SnapshotForModel, TutorContext,
};
use super::contract::{ExamAvailability, LlmTutorResponse, TutorAction};
use super::course::TutorCourse;
use super::exam::{exam_availability, ExamAvail, ExamService};
use super::grammar::turn_schema;
use super::input::StudentInput;
use super::log::{ScoredUnit, TurnLog};
use super::mapping::{map_message, MappingEvidence};
use super::message::ClientEvent;
use super::offline::{fallback_reply, FallbackInput};
use super::plan::{plan_turn, TurnPlan};
use super::policy::{compute_policy, policy_base, TutorPolicy};
use super::prompt::{build_request, PromptParts};
use super::reply::TutorReply;
use super::rules::{checked_reply, RuleContext};
use super::scoring::{unit_priority_score, PriorityInputs};
use super::snapshot::{MappedUnit, StudentSnapshot};
use super::TutorError;
use crate::course::Unit;
use crate::language::Language;
use crate::llm::{parse_output, BoxFuture, CancelFlag, DeltaSink, Llm, LlmRequest, Usage};
use crate::retrieval::Retriever;
use crate::text::stream_field::AssistantTextStream;
use crate::turn::{Answered, LoopTurn};
use crate::ErrorCode;
use chrono::{DateTime, Utc};
use std::sync::OnceLock;

/// What a turn starts from.
#[derive(Debug, Clone, Copy)]
pub struct TurnRequest<'a> {
    /// The course.
    pub course: &'a TutorCourse,
    /// The student's snapshot before the turn.
    pub snapshot: &'a StudentSnapshot,
    /// The student's input, already checked.
    pub input: &'a StudentInput,
    /// The thread's language.
    pub language: Language,
    /// The turn's id.
    pub turn_id: &'a str,
    /// The time of the turn.
    pub now: DateTime<Utc>,
    /// The tutor's last words in the thread.
    pub last_tutor_text: Option<&'a str>,
}

/// Everything decided before the model is asked.
#[derive(Debug, Clone)]
pub struct PreparedTurn {
    /// The course.
    pub course: TutorCourse,
    /// The input.
    pub input: StudentInput,
    /// The thread's language.
    pub language: Language,
    /// The message's units, decided in code.
    pub mapped: Vec<MappedUnit>,
    /// The policy.
    pub policy: TutorPolicy,
    /// What the grammar allows.
    pub plan: TurnPlan,
    /// What the prompt carries.
    pub context: TutorContext,
    /// Attemptable exam questions.
    pub attemptable: Vec<String>,
    /// The candidate units with their priority scores, best first.
    pub scored: Vec<ScoredUnit>,
    /// The request.
    pub request: LlmRequest,
    /// The answer schema (the grammar).
    pub schema: serde_json::Value,
    /// What the model's answer cost, once it answered (kept when the answer is refused).
    pub usage: OnceLock<Usage>,
    /// The model's raw answer, kept for the log.
    pub raw_answer: OnceLock<String>,
    /// The action of a parsed answer the rules refused, so the fallback replaces it in
    /// kind.
    pub refused_action: OnceLock<TutorAction>,
}

/// What the prompt says the student did.
fn student_words(input: &StudentInput, language: Language) -> String {
    let mut words = input.query().to_string();
    let pressed = match (&input.event, language) {
        (ClientEvent::None, _) => None,
        (ClientEvent::RequestDrill { .. }, Language::En) => Some("(pressed: Try a drill)"),
        (ClientEvent::RequestDrill { .. }, Language::Es) => Some("(pulsó: Probar un ejercicio)"),
        (ClientEvent::DrillContinue { .. }, Language::En) => {
            Some("(pressed: Continue after a drill)")
        }
        (ClientEvent::DrillContinue { .. }, Language::Es) => {
            Some("(pulsó: Continuar tras un ejercicio)")
        }
        (ClientEvent::ExamContinue { .. }, Language::En) => {
            Some("(pressed: Continue after an exam question)")
        }
        (ClientEvent::ExamContinue { .. }, Language::Es) => {
            Some("(pulsó: Continuar tras una pregunta de examen)")
        }
        (ClientEvent::Stuck { .. }, Language::En) => Some("(pressed: I'm stuck)"),
        (ClientEvent::Stuck { .. }, Language::Es) => Some("(pulsó: Estoy atascado)"),
        (ClientEvent::ChooseUnit { .. }, Language::En) => {
            Some("(chose this unit on the learning path)")
        }
        (ClientEvent::ChooseUnit { .. }, Language::Es) => {
            Some("(eligió esta unidad en la ruta de aprendizaje)")
        }
    };
    if let Some(p) = pressed {
        if !words.is_empty() {
            words.push(' ');
        }
        words.push_str(p);
    }
    words
}

/// The candidate units scored for the debug view, best first.
fn score_candidates(r: &TurnRequest<'_>, mapped: &[MappedUnit]) -> Vec<ScoredUnit> {
    let s = r.snapshot;
    let graph = &r.course.graph;
    let mut scored: Vec<ScoredUnit> =
        candidate_units(&s.focus_unit_id, &s.units_in_progress, mapped, |u| {
            graph.prereqs(u).to_vec()
        })
        .into_iter()
        .filter(|u| graph.contains(u))
        .map(|unit| {
            let progress = s.progress(&unit);
            let mapped_confidence = mapped
                .iter()
                .find(|m| m.unit_id == unit)
                .map_or(0.0, |m| m.confidence);
            let recency_hours = progress
                .and_then(|p| p.last_touched_at)
                .map_or(f64::INFINITY, |t| (r.now - t).num_seconds() as f64 / 3600.0);
            let score = unit_priority_score(&PriorityInputs {
                mapped_confidence,
                is_focus: unit == s.focus_unit_id,
                is_in_progress: s.units_in_progress.contains(&unit),
                recency_hours,
                mastery_tier: s.mastery(&unit),
                drill_streak: progress.map_or(0, |p| p.drill.streak_correct),
            });
            ScoredUnit {
                title: r.course.title_of(&unit),
                unit_id: unit,
                mapped_confidence,
                score,
            }
        })
        .collect();
    scored.sort_by(|a, b| b.score.total_cmp(&a.score));
    scored
}

/// Maps the message, computes the policy and the plan, retrieves the context and
/// builds the prompt and the grammar.
pub async fn prepare_turn(
    r: &TurnRequest<'_>,
    retriever: &dyn Retriever,
    exams: &dyn ExamService,
) -> Result<PreparedTurn, TutorError> {
    let course = r.course;
    if let Some(unit) = r.input.event.unit_id() {
        if !course.graph.contains(unit) {
            return Err(TutorError::UnitNotFound(unit.to_string()));
        }
    }
    let query = r.input.query().trim().to_string();
    let names = course.unit_names();
    let [anchors, content, exam_hits] = if query.is_empty() {
        [Vec::new(), Vec::new(), Vec::new()]
    } else {
        mapping_hits(retriever, &course.id, &query).await?
    };
    let mapped = map_message(&MappingEvidence {
        message: &query,
        units: &names,
        anchors: &anchors,
        content: &content,
        exams: &exam_hits,
        event_unit: r.input.event.unit_id(),
    });
    let base = policy_base(r.snapshot, &course.graph, &mapped, r.now);
    let focus_title = course.title_of(&base.focus_unit_id);
    let search_text = if query.is_empty() {
        focus_title.clone()
    } else {
        query.clone()
    };
    let (exam, found) = if base.exam_ready {
        let found = exam_candidates(
            retriever,
            &course.id,
            &base.focus_unit_id,
            base.desired_exam_tier,
            &search_text,
        )
        .await?;
        let ids: Vec<String> = found.iter().map(|c| c.question_id.clone()).collect();
        let statuses = exams
            .batch_status(&r.snapshot.student_id, &ids, r.now)
            .await;
        (exam_availability(&ids, &statuses), found)
    } else {
        (
            ExamAvail {
                availability: ExamAvailability::None,
                candidate_ids: Vec::new(),
                next_eligible_at: None,
            },
            Vec::new(),
        )
    };
    let policy = compute_policy(r.turn_id, r.snapshot, &course.graph, &mapped, base, &exam);
    let attemptable_meta: Vec<_> = found
        .into_iter()
        .filter(|c| exam.candidate_ids.contains(&c.question_id))
        .collect();
    let retrieved = retrieve_context(
        retriever,
        &course.id,
        &search_text,
        &policy,
        |u| course.title_of(u),
        &attemptable_meta,
    )
    .await?;
    let attemptable: Vec<String> = retrieved
        .exam_candidates
        .iter()
        .map(|c| c.question_id.clone())
        .collect();
    let plan = plan_turn(&policy, &r.input.event, &mapped);
    let context = TutorContext {
        unit_anchors: retrieved.unit_anchors,
        unit_content_chunks: retrieved.unit_content_chunks,
        exam_candidates: retrieved.exam_candidates,
        exam_support_chunks: retrieved.exam_support_chunks,
        snapshot_lite_for_llm: SnapshotForModel {
            focus_unit_id: policy.focus_unit_id.clone(),
            focus_mastery_tier: r.snapshot.mastery(&policy.focus_unit_id),
            units_in_progress: r.snapshot.units_in_progress.clone(),
        },
        client_event: r.input.event.clone(),
    };
    let request = build_request(&PromptParts {
        course,
        policy: &policy,
        plan: &plan,
        context: &context,
        last_tutor_text: r.last_tutor_text,
        student: &student_words(r.input, r.language),
        language: r.language,
    });
    let schema = turn_schema(&policy, &plan, &attemptable, &course.unit_ids());
    Ok(PreparedTurn {
        scored: score_candidates(r, &mapped),
        course: course.clone(),
        input: r.input.clone(),
        language: r.language,
        mapped,
        policy,
        plan,
        context,
        attemptable,
        request,
        schema,
        usage: OnceLock::new(),
        raw_answer: OnceLock::new(),
        refused_action: OnceLock::new(),
    })
}

impl PreparedTurn {
    fn rule_context<'a>(&'a self, units: &'a [String], others: &'a [&'a Unit]) -> RuleContext<'a> {
        RuleContext {
            policy: &self.policy,
            plan: &self.plan,
            attemptable: &self.attemptable,
            language: self.language,
            course_units: units,
            focus_unit: self.course.unit(&self.policy.focus_unit_id),
            other_units: others,
        }
    }

    /// The fallback reply of this turn.
    pub fn fallback(&self) -> TutorReply {
        fallback_reply(&FallbackInput {
            course: &self.course,
            policy: &self.policy,
            plan: &self.plan,
            attemptable: &self.attemptable,
            language: self.language,
            prefer: self.refused_action.get().copied(),
        })
    }

    /// The model's answer text checked into a reply; `Err` says why it cannot be used.
    pub fn check_answer(&self, text: &str) -> Result<TutorReply, TutorError> {
        let raw: LlmTutorResponse = parse_output(text, &self.schema)?;
        let units = self.course.unit_ids();
        let others: Vec<&Unit> = self
            .policy
            .scoped_unit_ids
            .iter()
            .filter(|u| **u != self.policy.focus_unit_id)
            .filter_map(|u| self.course.unit(u))
            .collect();
        checked_reply(&raw, &self.rule_context(&units, &others)).map_err(|why| {
            let _ = self.refused_action.set(raw.action);
            TutorError::PolicyViolation(why)
        })
    }
}

/// A tutor turn in the shared pipeline: the model under the turn's grammar, validated,
/// or the deterministic fallback.
impl LoopTurn for PreparedTurn {
    type Reply = TutorReply;
    type Error = TutorError;

    fn ask<'a>(
        &'a self,
        llm: &'a dyn Llm,
        on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<TutorReply, TutorError>> {
        Box::pin(async move {
            let mut stream = AssistantTextStream::for_field("tutor_text");
            let mut on_delta = |delta: &str| {
                let decoded = stream.push(delta);
                if !decoded.is_empty() {
                    on_text(&decoded);
                }
            };
            let counted = llm
                .complete_json_counted(&self.request, &self.schema, &mut on_delta, cancel)
                .await?;
            if let Some(usage) = counted.usage {
                let _ = self.usage.set(usage);
            }
            let _ = self.raw_answer.set(counted.text.clone());
            let mut reply = self.check_answer(&counted.text)?;
            reply.usage = counted.usage;
            Ok(reply)
        })
    }

    fn offline(&self) -> Result<TutorReply, TutorError> {
        Ok(self.fallback())
    }

    /// A refused, unparseable or impossible answer (a prompt too long for a small
    /// context, say) is answered by the fallback, so the student always gets a move.
    fn is_broken_reply(&self, code: ErrorCode) -> bool {
        super::error::is_broken_reply(code)
    }
}

/// A finished turn, ready to be saved in one transaction.
#[derive(Debug, Clone)]
pub struct FinishedTurn {
    /// The reply and who wrote it.
    pub reply: TutorReply,
    /// The snapshot after the turn.
    pub snapshot: StudentSnapshot,
    /// The turn's log row.
    pub log: TurnLog,
}

/// The snapshot and the log after `answered`: the focus unit is touched and becomes
/// the focus; the model's analysis (never evidence) becomes `lastTurnAnalysis`.
pub fn finish_turn(
    prepared: &PreparedTurn,
    snapshot: &StudentSnapshot,
    answered: Answered<TutorReply>,
    now: DateTime<Utc>,
    latency_ms: f64,
) -> FinishedTurn {
    let mut next = snapshot.clone();
    next.touch(
        &prepared.policy.focus_unit_id,
        now,
        answered.reply.analysis.clone(),
    );
    let log = TurnLog::new(prepared, &answered, latency_ms);
    FinishedTurn {
        reply: answered.reply,
        snapshot: next,
        log,
    }
}
