//! The tutor's prompt (spec 001, PF-3.6): the fixed rules, the output contract and the
//! course block (every unit's title and anchor, the prerequisite edges) as the system
//! prompt — identical for every turn on a course, so its evaluated state is cached —
//! then one user message with the POLICY, the CONTEXT, the tutor's last words and the
//! student's input: the only part evaluated on a warm turn.

use super::context::{cut, TutorContext};
use super::contract::{ExamAvailability, TutorAction};
use super::course::TutorCourse;
use super::plan::TurnPlan;
use super::policy::TutorPolicy;
use crate::language::Language;
use crate::llm::{ChatMessage, ChatRole, Limits, LlmRequest};
use crate::retrieval::Tier;
use serde::Serialize;

/// Most tokens an answer may take.
pub const MAX_ANSWER_TOKENS: u32 = 480;
/// Characters of unit lines in the course block; beyond it, units are listed by title.
pub const COURSE_BLOCK_CHARS: usize = 2000;
/// Characters of each unit's anchor in the course block.
pub const COURSE_ANCHOR_CHARS: usize = 150;
/// Characters of the tutor's last words repeated in the prompt.
pub const LAST_WORDS_CHARS: usize = 100;

const RULES: &str = "You are Lantern's tutor: a patient private tutor for one secondary-school student.\n\
Rules:\n\
- Obey POLICY: use only an action in POLICY.allowedActions and tutor POLICY.focusUnitId.\n\
- Stay anchored to the COURSE units and CONTEXT: teach only what they support.\n\
- Default to Socratic style: ask ONE short question at a time. No info dumps.\n\
- Never claim mastery; the app decides it. Never invent exam questions: only ids from CONTEXT.examCandidates.\n\
- Drills are generated now: one short question of 1-2 steps on the focus unit, in plain maths (digits, signs, one-letter variables), with its own answer in answer_latex; the app checks the answer.\n\
- A concept card has at most 3 key ideas and one worked example.\n\
- If POLICY.prereqBlockingUnitId is set, tutor that unit first.\n\
- Write tutor_text in the language named in the input, under 60 words.\n\
Output: one JSON object only: action, target_unit_id, tutor_text, the card of the action \
(concept_card, drill_card or exam_suggestion), mapped_units (units the message is about, with \
confidence 0-1) and turn_analysis (student_intent, understanding_signal, suggested_prereq_units).";

/// The prompt prefix cache's name for `course`.
pub fn cache_key(course: &TutorCourse) -> String {
    format!("tutor:{}", course.id)
}

/// The course block: every unit with its title and the start of its anchor (while the
/// budget lasts, then titles only), and the prerequisite edges. Fixed per course, so it
/// is part of the cached prefix.
pub fn course_block(course: &TutorCourse) -> String {
    let mut out = format!("COURSE: {}\nUnits:\n", course.title);
    let mut used = 0;
    for unit in &course.units {
        let anchor = cut(&unit.anchor, COURSE_ANCHOR_CHARS);
        let line = if used + anchor.len() <= COURSE_BLOCK_CHARS {
            format!("- {}: {} — {}\n", unit.id, unit.title, anchor)
        } else {
            format!("- {}: {}\n", unit.id, unit.title)
        };
        used += line.len();
        out.push_str(&line);
    }
    let edges: Vec<String> = course
        .units
        .iter()
        .flat_map(|u| {
            course
                .graph
                .prereqs(&u.id)
                .iter()
                .map(move |p| format!("{p}->{}", u.id))
        })
        .collect();
    if !edges.is_empty() {
        out.push_str(&format!("Prerequisites: {}\n", edges.join(", ")));
    }
    out
}

/// The fixed instructions (PF-3.6.2 and the contract of PF-3.6.5) and the course block.
pub fn system_prompt(course: &TutorCourse) -> String {
    format!("{RULES}\n{}", course_block(course))
}

/// The name of `language` as the prompt says it.
fn language_name(language: Language) -> &'static str {
    match language {
        Language::En => "English",
        Language::Es => "Spanish (español)",
    }
}

/// The policy as the prompt states it: what the turn may do, without log fields.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PromptPolicy<'a> {
    focus_unit_id: &'a str,
    primary_target_unit_id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    prereq_blocking_unit_id: Option<&'a str>,
    scoped_unit_ids: &'a [String],
    allowed_actions: &'a [TutorAction],
    stuck: bool,
    exam_ready: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    desired_exam_tier: Option<Tier>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exam_availability: Option<ExamAvailability>,
}

/// What a turn's prompt is made of.
#[derive(Debug, Clone, Copy)]
pub struct PromptParts<'a> {
    /// The course.
    pub course: &'a TutorCourse,
    /// The policy.
    pub policy: &'a TutorPolicy,
    /// The turn's plan (its actions are the ones the prompt allows).
    pub plan: &'a TurnPlan,
    /// The retrieved context.
    pub context: &'a TutorContext,
    /// The tutor's last words in the thread, if any.
    pub last_tutor_text: Option<&'a str>,
    /// The student's words (or a description of the button pressed).
    pub student: &'a str,
    /// The thread's language.
    pub language: Language,
}

/// The request of a turn.
pub fn build_request(p: &PromptParts<'_>) -> LlmRequest {
    let policy = serde_json::to_string(&PromptPolicy {
        focus_unit_id: &p.policy.focus_unit_id,
        primary_target_unit_id: &p.policy.primary_target_unit_id,
        prereq_blocking_unit_id: p.policy.prereq_blocking_unit_id.as_deref(),
        scoped_unit_ids: &p.policy.scoped_unit_ids,
        allowed_actions: &p.plan.actions,
        stuck: p.policy.stuck,
        exam_ready: p.policy.exam_ready,
        desired_exam_tier: p.policy.exam_ready.then_some(p.policy.desired_exam_tier),
        exam_availability: p.policy.exam_ready.then_some(p.policy.exam_availability),
    })
    .unwrap_or_default();
    let context = serde_json::to_string(p.context).unwrap_or_default();
    let last = p
        .last_tutor_text
        .map(|t| format!("Tutor said before: {}\n", cut(t, LAST_WORDS_CHARS)))
        .unwrap_or_default();
    LlmRequest {
        system: system_prompt(p.course),
        messages: vec![ChatMessage {
            role: ChatRole::User,
            content: format!(
                "POLICY: {policy}\nCONTEXT: {context}\nLanguage: {}\n{last}Student: {}",
                language_name(p.language),
                p.student
            ),
        }],
        limits: Limits {
            max_tokens: MAX_ANSWER_TOKENS,
            ..Limits::default()
        },
        cache_key: Some(cache_key(p.course)),
    }
}

#[cfg(test)]
mod tests {
    use crate::tutor::testing::{prepared, snapshot};
    use crate::tutor::StudentInput;

    #[tokio::test]
    async fn the_system_prompt_is_fixed_per_course_and_the_turn_is_in_the_user_message() {
        let a = prepared(
            &snapshot(),
            StudentInput::message("How do inverse operations work?"),
        )
        .await;
        let b = prepared(&snapshot(), StudentInput::message("graphs of lines please")).await;
        assert_eq!(a.request.system, b.request.system);
        assert_eq!(a.request.cache_key.as_deref(), Some("tutor:fixture"));
        assert!(a.request.system.contains("- N-2: Linear equations"));
        assert!(a.request.system.contains("N-1->N-2"));
        let user = &a.request.messages[0].content;
        assert!(user.starts_with("POLICY: {\"focusUnitId\":\"N-1\""));
        assert!(user.ends_with("Student: How do inverse operations work?"));
    }
}
