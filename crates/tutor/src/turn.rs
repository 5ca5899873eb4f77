//! One tutor turn (spec 001, PV-AI-006, and issue #33): mapping → policy → plan →
//! the unit's material → the authored turn ([`compose`]) → the model's explanation of
//! the passage, checked sentence by sentence ([`phrase`]) → the snapshot and the log
//! ([`finish_turn`]).
//!
//! Everything a reply says is authored (the pack, the app) or a model sentence the
//! reply filter found supported. A turn that needs no explanation (a drill, a card, a
//! verdict) never asks the model.
//!
//! [`compose`]: super::compose
//! [`phrase`]: super::phrase

use super::candidates::candidate_units;
use super::compose::{compose, join, ComposeInput, RevisitAsk, Skeleton};
use super::context::{exam_candidates, mapping_hits, unit_material};
use super::contract::TutorAction;
use super::course::TutorCourse;
use super::course_lexicon::course_lexicon;
use super::drill::{seed_of, DrillKey};
use super::evidence::record_drill_grade;
use super::exam::{exam_availability, ExamAvail, ExamService, QuestionStatus};
use super::input::CleanStudentInput;
use super::judge::TutorVerdict;
use super::log::{small, ScoredUnit, TurnLog};
use super::mapping::{map_message, MappingEvidence};
use super::meaning::sentence_meaning;
use super::message::ClientEvent;
use super::passage::Material;
use super::phrase::{instruction_texts, phrase_request, phrase_schema, SentenceStream};
use super::plan::{plan_turn, TurnPlan};
use super::policy::{
    compute_policy, policy_base, TutorPolicy, CLARIFY_CONFIDENCE, TARGET_CONFIDENCE,
};
use super::reply::TutorReply;
use super::scoring::{unit_priority_score, PriorityInputs};
use super::snapshot::{BlockedAsk, MappedUnit, StudentSnapshot};
use super::TutorError;
use chrono::{DateTime, Utc};
use lantern_core::language::Language;
use lantern_core::llm::{BoxFuture, CancelFlag, DeltaSink, Llm, LlmRequest, Usage};
use lantern_core::retrieval::Retriever;
use lantern_core::text::message_language::message_language;
use lantern_core::text::support::ReplyFilter;
use lantern_core::turn::{Answered, LoopTurn};
use lantern_core::ErrorCode;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

/// Chunks of a unit's material read per turn.
pub const MATERIAL_TOP_K: usize = 8;

/// What a turn starts from.
#[derive(Debug, Clone, Copy)]
pub struct TurnRequest<'a> {
    /// The course.
    pub course: &'a TutorCourse,
    /// The student's snapshot before the turn.
    pub snapshot: &'a StudentSnapshot,
    /// The student's input, cleaned once on the send path.
    pub input: &'a CleanStudentInput,
    /// The thread's language.
    pub language: Language,
    /// The turn's id.
    pub turn_id: &'a str,
    /// The time of the turn.
    pub now: DateTime<Utc>,
    /// The tutor's recent words in the thread, oldest first.
    pub recent_tutor_texts: &'a [String],
    /// The key of the tutor's last question, if the student has not answered it.
    pub pending: Option<&'a DrillKey>,
    /// The key of the drill the pressed button refers to (stuck, continue).
    pub event_drill: Option<&'a DrillKey>,
    /// The unit the conversation was last about (the last reply's passage).
    pub previous_topic: Option<&'a str>,
}

/// Everything decided before the model is asked.
#[derive(Debug)]
pub struct PreparedTurn {
    /// The course.
    pub course: TutorCourse,
    /// The input.
    pub input: CleanStudentInput,
    /// The reply's language: the message's, else the thread's.
    pub language: Language,
    /// The message's units, decided in code.
    pub mapped: Vec<MappedUnit>,
    /// The unit the message is about, when mapping is sure.
    pub asked_unit_id: Option<String>,
    /// The policy.
    pub policy: TutorPolicy,
    /// What the turn does.
    pub plan: TurnPlan,
    /// The focus and asked units' material read this turn.
    pub material: Vec<Material>,
    /// Attemptable exam questions.
    pub attemptable: Vec<String>,
    /// The candidate units with their priority scores, best first.
    pub scored: Vec<ScoredUnit>,
    /// The authored turn.
    pub skeleton: Skeleton,
    /// The model's request, when the turn asks it to explain.
    pub request: Option<LlmRequest>,
    /// The model's answer schema (the grammar).
    pub schema: Value,
    /// The filter the model's sentences pass.
    pub filter: ReplyFilter,
    /// The texts one of whose sentences must say each model sentence on its own.
    pub sources: Vec<String>,
    /// What the model's answer cost, once it answered.
    pub usage: OnceLock<Usage>,
    /// The model's sentences as they were checked (kept and dropped).
    pub checked: Mutex<Option<SentenceStream>>,
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

/// The exam questions of the policy's tier that can be attempted now.
async fn exam_state(
    r: &TurnRequest<'_>,
    retriever: &dyn Retriever,
    exams: &dyn ExamService,
    focus: &str,
    tier: lantern_core::retrieval::Tier,
    query: &str,
) -> Result<ExamAvail, TutorError> {
    let found = exam_candidates(retriever, &r.course.id, focus, tier, query).await?;
    let ids: Vec<String> = found.iter().map(|c| c.question_id.clone()).collect();
    let statuses = exams
        .batch_status(&r.snapshot.student_id, &ids, r.now)
        .await;
    Ok(exam_availability(&ids, &statuses))
}

/// The revisit-list question a "Try again" names, when it is still on the list, and
/// whether the exam service lets it be attempted now.
async fn revisit_ask(r: &TurnRequest<'_>, exams: &dyn ExamService) -> Option<RevisitAsk> {
    let ClientEvent::Revisit { question_id, .. } = &r.input.event else {
        return None;
    };
    let entry = r.snapshot.revisit_queue.get(question_id)?;
    let ids = [question_id.clone()];
    let statuses = exams
        .batch_status(&r.snapshot.student_id, &ids, r.now)
        .await;
    Some(RevisitAsk {
        unit_id: entry.unit_id.clone(),
        question_id: question_id.clone(),
        tier: entry.tier,
        open: matches!(statuses.get(question_id), Some(QuestionStatus::Available)),
    })
}

/// The texts the model's sentences may rest on: the passage, the focus and asked
/// units' anchors and titles, and their material read this turn.
fn support_texts(
    course: &TutorCourse,
    skeleton: &Skeleton,
    units: &[&str],
    material: &[Material],
) -> Vec<String> {
    let mut texts: Vec<String> = Vec::new();
    if let Some(p) = &skeleton.passage {
        texts.push(p.quote.clone());
        texts.push(p.full_text.clone());
    }
    for unit in units {
        if let Some(u) = course.unit(unit) {
            texts.push(u.title.clone());
            texts.push(u.anchor.clone());
        }
    }
    texts.extend(
        material
            .iter()
            .filter(|m| units.contains(&m.unit_id.as_str()))
            .map(|m| m.text.clone()),
    );
    texts
}

/// Maps the message, computes the policy and the plan, reads the material, composes
/// the authored turn and, when it explains a passage, the model's request.
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
        lexicon: &course_lexicon(course),
        cross_language: !query.is_empty()
            && message_language(&query, course.language) != course.language,
        previous_topic: r.previous_topic,
    });
    let base = policy_base(r.snapshot, &course.graph, &mapped, r.now);
    let search_text = if query.is_empty() {
        course.title_of(&base.focus_unit_id)
    } else {
        query.clone()
    };
    let exam = if base.exam_ready {
        exam_state(
            r,
            retriever,
            exams,
            &base.focus_unit_id,
            base.desired_exam_tier,
            &search_text,
        )
        .await?
    } else {
        ExamAvail::none()
    };
    let policy = compute_policy(r.turn_id, r.snapshot, &course.graph, &mapped, base, &exam);
    let revisit = revisit_ask(r, exams).await;
    let mut attemptable = exam.candidate_ids.clone();
    if let Some(open) = revisit.as_ref().filter(|v| v.open) {
        attemptable.retain(|q| *q != open.question_id);
        attemptable.insert(0, open.question_id.clone());
    }
    let asked_unit_id = mapped
        .first()
        .filter(|m| m.confidence >= TARGET_CONFIDENCE && r.input.event.unit_id().is_none())
        .map(|m| m.unit_id.clone());
    // A typed message no unit is sure of, between two or more plausible ones (A3).
    let likeliest: Vec<String> = if asked_unit_id.is_none() && r.input.event == ClientEvent::None {
        mapped
            .iter()
            .filter(|m| m.confidence >= CLARIFY_CONFIDENCE)
            .take(2)
            .map(|m| m.unit_id.clone())
            .collect()
    } else {
        Vec::new()
    };
    let mut units = vec![policy.focus_unit_id.clone()];
    if let Some(asked) = asked_unit_id
        .as_ref()
        .filter(|a| **a != policy.focus_unit_id)
    {
        units.push(asked.clone());
    }
    let mut material = Vec::new();
    for unit in &units {
        material.extend(
            unit_material(retriever, &course.id, unit, &search_text, MATERIAL_TOP_K).await?,
        );
    }
    let meaning = sentence_meaning(retriever, &query, course, &units, &material).await;
    let plan = plan_turn(&policy, &r.input.event, &mapped);
    let practice = if plan.actions.contains(&TutorAction::DrillCard) {
        exams
            .practice_questions(
                &r.snapshot.student_id,
                &policy.focus_unit_id,
                policy.desired_exam_tier,
                r.now,
            )
            .await
    } else {
        Vec::new()
    };
    let language = if query.is_empty() {
        r.language
    } else {
        message_language(&query, r.language)
    };
    let no_tags = BTreeMap::new();
    let confusion = r
        .snapshot
        .progress(&policy.focus_unit_id)
        .map_or(&no_tags, |p| &p.confusion_tags);
    let skeleton = compose(&ComposeInput {
        course,
        policy: &policy,
        plan: &plan,
        event: &r.input.event,
        message: &query,
        language,
        asked: asked_unit_id.as_deref(),
        likeliest: &likeliest,
        material: &material,
        meaning: &meaning,
        attemptable: &attemptable,
        pending: r.pending,
        drill: r.event_drill,
        recent: r.recent_tutor_texts,
        confusion,
        practice: &practice,
        revisit: revisit.as_ref(),
        seed: seed_of(r.turn_id),
    });
    let request = skeleton
        .passage
        .as_ref()
        .filter(|_| skeleton.asks_model)
        .map(|p| {
            let anchor = course.unit(&p.unit_id).map_or("", |u| u.anchor.as_str());
            phrase_request(p, anchor, &query, language)
        });
    let unit_refs: Vec<&str> = units.iter().map(String::as_str).collect();
    let support = support_texts(course, &skeleton, &unit_refs, &material);
    let support_refs: Vec<&str> = support.iter().map(String::as_str).collect();
    let instructions = instruction_texts(language);
    let instruction_refs: Vec<&str> = instructions.iter().map(String::as_str).collect();
    let mut said: Vec<&str> = r.recent_tutor_texts.iter().map(String::as_str).collect();
    said.push(&skeleton.opening);
    said.push(&skeleton.closing);
    // The passage is on screen: a model sentence copying it adds nothing.
    if let Some(p) = &skeleton.passage {
        said.push(&p.quote);
    }
    let titles: Vec<String> = units.iter().map(|u| course.title_of(u)).collect();
    let title_refs: Vec<&str> = titles.iter().map(String::as_str).collect();
    let filter = ReplyFilter::new(Some(language), &support_refs, &query)
        .with_instructions(&instruction_refs)
        .with_topic(&title_refs)
        .with_said(&said);
    Ok(PreparedTurn {
        scored: score_candidates(r, &mapped),
        course: course.clone(),
        input: r.input.clone(),
        language,
        mapped,
        asked_unit_id,
        policy,
        plan,
        material,
        attemptable,
        skeleton,
        request,
        schema: phrase_schema(),
        filter,
        sources: support,
        usage: OnceLock::new(),
        checked: Mutex::new(None),
    })
}

/// Pieces of a reply streamed so far, separated by spaces.
#[derive(Default)]
struct Shown {
    any: bool,
}

impl Shown {
    fn show(&mut self, text: &str, sink: &mut dyn FnMut(&str)) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        if self.any {
            sink(" ");
        }
        sink(text);
        self.any = true;
    }
}

impl PreparedTurn {
    /// The reply with the model's `kept` sentences between the opening and the closing.
    pub fn reply_with(&self, kept: &[String]) -> TutorReply {
        let s = &self.skeleton;
        let model = kept.join(" ");
        let (dropped, model_sentences) = self
            .checked
            .lock()
            .ok()
            .and_then(|c| c.as_ref().map(|c| (c.dropped().to_vec(), c.kept().len())))
            .unwrap_or_default();
        TutorReply {
            action: s.action,
            unit_id: s.unit_id.clone(),
            text: join(&[&s.opening, &model, &s.closing]),
            card: s.card.clone(),
            usage: self.usage.get().copied(),
            drill_key: s.drill_key.clone(),
            passage: s.passage.clone(),
            verdict: s.judged.as_ref().map(|j| j.judgement.verdict),
            offer: s.offer.clone(),
            dropped,
            model_sentences,
            model_text: model,
        }
    }

    /// The authored reply, without the model's words.
    pub fn fallback(&self) -> TutorReply {
        self.reply_with(&[])
    }
}

/// A tutor turn in the shared pipeline: the authored turn, with the model's checked
/// explanation when the turn asks for one.
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
            let Some(request) = &self.request else {
                return Ok(self.fallback());
            };
            // What streams is what stays: the opening at once, then each model sentence
            // once it passes the checks, then the closing.
            let mut shown = Shown::default();
            shown.show(&self.skeleton.opening, &mut *on_text);
            let mut stream = SentenceStream::new(self.filter.clone(), &self.sources);
            let counted = {
                let mut on_delta = |delta: &str| {
                    for s in stream.push(delta) {
                        shown.show(&s, &mut *on_text);
                    }
                };
                llm.complete_json_counted(request, &self.schema, &mut on_delta, cancel)
                    .await?
            };
            for s in stream.finish() {
                shown.show(&s, &mut *on_text);
            }
            shown.show(&self.skeleton.closing, &mut *on_text);
            if let Some(usage) = counted.usage {
                let _ = self.usage.set(usage);
            }
            let kept = stream.kept().to_vec();
            if let Ok(mut slot) = self.checked.lock() {
                *slot = Some(stream);
            }
            Ok(self.reply_with(&kept))
        })
    }

    fn offline(&self) -> Result<TutorReply, TutorError> {
        Ok(self.fallback())
    }

    fn without_model(&self) -> Option<Result<TutorReply, TutorError>> {
        self.request.is_none().then(|| Ok(self.fallback()))
    }

    /// An impossible request (a prompt too long for a small context, say) is answered
    /// by the authored turn, so the student always gets a move.
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
/// the focus; an answer to the tutor's question counts as a graded drill (evidence).
pub fn finish_turn(
    prepared: &PreparedTurn,
    snapshot: &StudentSnapshot,
    answered: Answered<TutorReply>,
    now: DateTime<Utc>,
    latency_ms: f64,
) -> FinishedTurn {
    let mut next = snapshot.clone();
    if let Some(j) = prepared
        .skeleton
        .judged
        .as_ref()
        .filter(|j| j.answered_question)
    {
        record_drill_grade(
            &mut next,
            &j.unit_id,
            j.judgement.verdict == TutorVerdict::Right,
            j.judgement.tag.as_deref(),
            now,
        );
    }
    next.touch(&prepared.policy.focus_unit_id, now);
    if let (Some(asked), Some(blocker)) = (
        &prepared.asked_unit_id,
        &prepared.policy.prereq_blocking_unit_id,
    ) {
        next.blocked_ask = Some(BlockedAsk {
            asked_unit_id: asked.clone(),
            blocker_unit_id: blocker.clone(),
        });
    }
    let log = TurnLog::new(prepared, &answered, latency_ms);
    FinishedTurn {
        reply: answered.reply,
        snapshot: next,
        log,
    }
}
impl TurnLog {
    /// The row of a turn prepared as `p` and answered as `a`.
    pub fn new(p: &PreparedTurn, a: &Answered<TutorReply>, latency_ms: f64) -> Self {
        let usage = a.reply.usage.or_else(|| p.usage.get().copied());
        Self {
            turn_id: p.policy.turn_id.clone(),
            client_event: p.input.event.kind().to_string(),
            mapped_units: p.mapped.clone(),
            asked_unit_id: p.asked_unit_id.clone(),
            reply_language: p.language,
            focus_unit_id: p.policy.focus_unit_id.clone(),
            prereq_blocking_unit_id: p.policy.prereq_blocking_unit_id.clone(),
            allowed_actions: p.policy.allowed_actions.clone(),
            planned_actions: p.plan.actions.clone(),
            desired_exam_tier: p.policy.desired_exam_tier,
            exam_availability: p.policy.exam_availability,
            next_eligible_at: p.policy.next_eligible_at.clone(),
            chosen_action: a.reply.action,
            chosen_unit_id: a.reply.unit_id.clone(),
            passage_source: a.reply.passage.as_ref().map(|x| x.source.clone()),
            clarified_unit_ids: p.skeleton.clarified.clone(),
            offered_unit_id: a.reply.offer.as_ref().map(|o| o.unit_id.clone()),
            verdict: a.reply.verdict,
            model_sentences: small(a.reply.model_sentences),
            model_text: a.reply.model_text.clone(),
            dropped: a.reply.dropped.clone(),
            origin: a.origin,
            fallback_reason: a.failure.clone(),
            latency_ms,
            prompt_tokens: usage.map(|u| small(u.prompt_tokens)),
            reused_tokens: usage.map(|u| small(u.reused_tokens)),
            generated_tokens: usage.map(|u| small(u.generated_tokens)),
            first_token_ms: usage.map(|u| u.first_token_ms),
            material_chunks: small(p.material.len()),
            attemptable_questions: small(p.attemptable.len()),
            policy: p.policy.clone(),
            scored_units: p.scored.clone(),
        }
    }
}
