//! The coach's prompt: short, because the models that ship are tiny. Fixed
//! instructions first (their evaluated state is reused across turns), then the step,
//! the draft and the hints the triggers raised.

use super::remark::REMARK_INSTRUCTIONS;
use super::weak_text::detect_weakness;
use super::{CoachTurnInput, Language, ToulminStep};
use lantern_core::llm::{ChatMessage, ChatRole, Limits, LlmRequest};

/// Prefix-cache key of the coach's prompts.
pub const CACHE_KEY: &str = "coach";
/// Most earlier messages the model sees (the newest ones), besides the new message.
pub const MAX_HISTORY_MESSAGES: usize = 6;
/// Longest reply, in tokens: above the longest reply the schema allows (its texts are
/// capped at 1,300 characters in all), so a reply is never cut off.
const MAX_REPLY_TOKENS: u32 = 640;

const INSTRUCTIONS: &str = "You are a friendly writing coach. You help a student build a \
Toulmin argument one step at a time. Answer with JSON only. assistantText: two or three \
short sentences to the student. nextQuestion: one guiding question. Put a proposedUpdate \
(the full text for the current step) only when the student confirms a text or asks for a \
rewrite. Set shouldAdvance to true only when the text for the current step is complete; \
confidence is how sure you are, from 0 to 1.";

/// The hint on a confirmation, before the confirmed text.
const CONFIRMED_HINT: &str =
    "the student confirmed this text; put exactly it in proposedUpdate.value:";
/// The hint on a rewrite request.
const REWRITE_HINT: &str = "the student asks for a rewrite; propose an improved version of their text for the current step in proposedUpdate.";
/// The hint on a request to write the step when the student has no text for it yet
/// ("can you make my warrant for me").
const WRITE_FOR_ME_HINT: &str = "the student asks you to write the text for the current step; write it in proposedUpdate.value as one full sentence built only from their own claim and grounds above (for a warrant: why the grounds prove the claim, joined with 'so' or 'this shows that'; do not repeat the grounds), with confidence 0.9.";
/// The hint on the student's first message in a step.
const FIRST_TURN_HINT: &str = "this is the student's first message on this step; coach with a question, do not propose a text yet.";

/// The labels the prompt uses, lowercase: a reply sentence carrying one copies the
/// prompt's scaffolding ("Current step: …", "The student's claim is:").
pub const PROMPT_LABELS: &[&str] = &[
    "current step:",
    "argument so far:",
    "note:",
    "student:",
    "draft:",
    "the student's",
    "the student ",
    "assistanttext",
    "nextquestion",
    "proposedupdate",
    "shouldadvance",
    "el estudiante",
    "el alumno",
];

/// What each step asks for, in one line.
fn meaning(step: ToulminStep) -> &'static str {
    match step {
        ToulminStep::Claim => "the position the student argues, in one sentence",
        ToulminStep::Grounds => "the facts or evidence that support the claim",
        ToulminStep::Warrant => "the reasoning that turns the evidence into the claim",
        ToulminStep::GroundsBacking => "the source of the evidence and its reliability",
        ToulminStep::WarrantBacking => "what makes the warrant believable",
        ToulminStep::Qualifier => "how strongly the claim is made (usually, probably…)",
        ToulminStep::Rebuttal => "the exceptions to the claim (unless…)",
    }
}

/// The system prompt for `input`.
pub fn system_prompt(input: &CoachTurnInput) -> String {
    let step = input.current_step;
    let mut prompt = format!(
        "{INSTRUCTIONS}\nWrite in {}.\n\nCurrent step: {} — {}.",
        match input.language {
            Language::En => "English",
            Language::Es => "Spanish",
        },
        step.as_str(),
        meaning(step)
    );
    let filled: Vec<String> = ToulminStep::ALL
        .into_iter()
        .filter(|s| input.draft.is_filled(*s))
        .map(|s| format!("- {}: {}", s.as_str(), input.draft.get(s).trim()))
        .collect();
    if !filled.is_empty() {
        prompt.push_str(&format!("\nArgument so far:\n{}", filled.join("\n")));
    }
    for hint in hints(input) {
        prompt.push_str("\nNote: ");
        prompt.push_str(&hint);
    }
    prompt
}

fn hints(input: &CoachTurnInput) -> Vec<String> {
    let step = input.current_step;
    let mut hints = Vec::new();
    if let Some(text) = input.confirmed_text() {
        hints.push(format!("{CONFIRMED_HINT} \"{text}\""));
    } else if input.rewrite_requested() && input.rewritten_text().is_none() {
        hints.push(WRITE_FOR_ME_HINT.to_string());
    } else if input.rewrite_requested() {
        hints.push(REWRITE_HINT.to_string());
    } else if input.first_turn_for_step {
        hints.push(FIRST_TURN_HINT.to_string());
    }
    let current = input.draft.get(step);
    if !current.trim().is_empty() {
        if let Some(weakness) = detect_weakness(step, current) {
            hints.push(format!(
                "the student's {} is weak: {}",
                step.as_str(),
                weakness.explain(Language::En)
            ));
        }
    }
    hints
}

/// The hint of a step's opening: what the model writes about the argument so far.
pub(crate) const OPENING_HINT: &str = "the student just completed a step; in assistantText say in one or two sentences what their argument says so far, in their own words. Do not propose a text.";

/// The prompt's own instruction texts for a turn on `step`, without the student's words
/// or the app's authored guidance it quotes: what no reply may copy a run of.
pub fn instruction_texts(step: ToulminStep) -> Vec<String> {
    vec![
        INSTRUCTIONS.to_string(),
        format!("Current step: {} — {}.", step.as_str(), meaning(step)),
        CONFIRMED_HINT.to_string(),
        REWRITE_HINT.to_string(),
        WRITE_FOR_ME_HINT.to_string(),
        FIRST_TURN_HINT.to_string(),
        OPENING_HINT.to_string(),
        REMARK_INSTRUCTIONS.to_string(),
    ]
}

/// The model request for `input`: the system prompt, the last
/// [`MAX_HISTORY_MESSAGES`] messages of the history and the new message.
pub fn build_request(input: &CoachTurnInput) -> LlmRequest {
    let recent = input.history.len().saturating_sub(MAX_HISTORY_MESSAGES);
    let mut messages = input.history[recent..].to_vec();
    messages.push(ChatMessage {
        role: ChatRole::User,
        content: input.user_message.to_string(),
    });
    LlmRequest {
        system: system_prompt(input),
        messages,
        limits: Limits {
            max_tokens: MAX_REPLY_TOKENS,
            ..Limits::default()
        },
        cache_key: Some(CACHE_KEY.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ToulminDraft;

    fn input(message: &str, first: bool) -> CoachTurnInput {
        let mut draft = ToulminDraft::default();
        draft.set(
            ToulminStep::Claim,
            "Schools should not set homework on weekends.",
        );
        CoachTurnInput {
            current_step: ToulminStep::Warrant,
            draft,
            history: Vec::new(),
            user_message: crate::clean_message(message).expect("a test message"),
            earlier_in_step: Vec::new(),
            first_turn_for_step: first,
            language: Language::Es,
            last_proposal: None,
        }
    }

    #[test]
    fn the_prompt_names_the_step_the_draft_and_the_language() {
        let p = system_prompt(&input("hola", false));
        assert!(p.starts_with(INSTRUCTIONS));
        assert!(p.contains("Current step: warrant"));
        assert!(p.contains("- claim: Schools should not"));
        assert!(p.contains("Write in Spanish"));
    }

    #[test]
    fn first_turn_rewrite_and_confirmation_hints() {
        assert!(system_prompt(&input("Rest matters", true)).contains("first message"));
        assert!(system_prompt(&input("¿Puedes mejorarlo?", true)).contains("rewrite"));
        let mut confirmed = input("sí, me sirve", false);
        confirmed.last_proposal = Some("Rest helps memory, so tired students learn less.".into());
        assert!(system_prompt(&confirmed).contains("confirmed this text"));
    }

    #[test]
    fn the_instructions_hold_every_hint_but_no_student_text() {
        let texts = instruction_texts(ToulminStep::Warrant).join(" ");
        assert!(texts.contains("first message on this step"));
        assert!(texts.contains("asks for a rewrite"));
        assert!(!texts.contains("Schools should not"));
    }

    #[test]
    fn a_weak_draft_field_is_pointed_out() {
        let mut weak = input("ok?", false);
        weak.draft.set(ToulminStep::Warrant, "It is good.");
        assert!(system_prompt(&weak).contains("is weak"));
    }

    #[test]
    fn the_request_ends_with_the_message_and_reuses_the_prefix() {
        let r = build_request(&input("Because rest matters", false));
        assert_eq!(r.messages.last().unwrap().content, "Because rest matters");
        assert_eq!(r.cache_key.as_deref(), Some(CACHE_KEY));
    }

    #[test]
    fn only_the_latest_history_is_sent() {
        let mut long = input("next", false);
        long.history = (0..20)
            .map(|i| ChatMessage {
                role: ChatRole::User,
                content: format!("m{i}"),
            })
            .collect();
        let r = build_request(&long);
        assert_eq!(r.messages.len(), MAX_HISTORY_MESSAGES + 1);
        assert_eq!(r.messages[0].content, "m14");
        assert_eq!(r.messages.last().unwrap().content, "next");
    }
}
