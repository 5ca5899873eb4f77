//! The tutor's prompt (spec 001, PF-3.6): fixed rules and the output contract as the
//! system prompt — identical every turn, so its evaluated state is cached — then one
//! user message with the POLICY, the CONTEXT, the last exchange and the student's input.

use super::context::TutorContext;
use super::policy::TutorPolicy;
use crate::language::Language;
use crate::llm::{ChatMessage, ChatRole, Limits, LlmRequest};

/// The prompt prefix cache's name.
pub const CACHE_KEY: &str = "tutor";
/// Most tokens an answer may take.
pub const MAX_ANSWER_TOKENS: u32 = 360;

/// The fixed instructions (PF-3.6.2 and the contract of PF-3.6.5).
pub fn system_prompt() -> String {
    "You are Lantern's tutor: a patient private tutor for one secondary-school student.\n\
Rules:\n\
- Obey POLICY: use only an action in POLICY.allowedActions and a target_unit_id in POLICY.scopedUnitIds.\n\
- Stay anchored to CONTEXT: teach only what unitAnchors and unitContentChunks support.\n\
- Default to Socratic style: ask ONE short question at a time. No info dumps.\n\
- Never claim mastery; the app decides it. Never invent exam questions: only ids from CONTEXT.examCandidates.\n\
- Drills are generated now: one short question of 1-2 steps, with its LaTeX.\n\
- A concept card has at most 3 key ideas and one worked example.\n\
- If POLICY.prereqBlockingUnitId is set, tutor that unit first.\n\
- Write tutor_text in the language named in the input, under 60 words.\n\
Output: one JSON object only: action, target_unit_id, tutor_text, the card of the action \
(concept_card, drill_card or exam_suggestion), mapped_units (units the message is about, with \
confidence 0-1) and turn_analysis (student_intent, understanding_signal, suggested_prereq_units)."
        .to_string()
}

/// The name of `language` as the prompt says it.
fn language_name(language: Language) -> &'static str {
    match language {
        Language::En => "English",
        Language::Es => "Spanish (español)",
    }
}

/// What a turn's prompt is made of.
#[derive(Debug, Clone, Copy)]
pub struct PromptParts<'a> {
    /// The policy.
    pub policy: &'a TutorPolicy,
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
    let policy = serde_json::to_string(p.policy).unwrap_or_default();
    let context = serde_json::to_string(p.context).unwrap_or_default();
    let last = p
        .last_tutor_text
        .map(|t| format!("Tutor said before: {t}\n"))
        .unwrap_or_default();
    LlmRequest {
        system: system_prompt(),
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
        cache_key: Some(CACHE_KEY.to_string()),
    }
}
