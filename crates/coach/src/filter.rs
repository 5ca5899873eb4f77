//! The coach's reply filter: the shared [`ReplyFilter`] set up for one coach turn. The
//! model's sentences rest on the student's own words (their messages, their draft) and
//! the step's authored guidance; they may not copy the prompt's instructions or labels,
//! echo the student, say again what the coach already said, or be filler.

use super::prompt::{instruction_texts, PROMPT_LABELS};
use super::reading::message_weakness;
use super::remark::REMARK_WORDS;
use super::words::opening_question;
use super::words::{fits, follow_ups, proposal_intro, proposal_question, rationale, step_meaning};
use super::{CoachAIResult, CoachTurnInput, Language, ToulminStep};
use lantern_core::llm::{ChatMessage, ChatRole};
use lantern_core::text::support::{DropReason, ReplyFilter};
use lantern_core::text::tidy::sentences;
use lantern_core::word_list;
use std::sync::LazyLock;

/// Words of polite filler that say nothing about an argument ("Please provide more
/// details.", "Feel free to ask.", "Gracias por tu tiempo."), separated by spaces: the
/// filter's topic, so a sentence made only of them says nothing. From
/// `words/{en,es}/coach-talk.txt`.
pub static COACH_TALK: LazyLock<String> =
    LazyLock::new(|| word_list!("coach-talk").collect::<Vec<_>>().join(" "));

/// The student's own texts in `input`: every message they sent in the session and the
/// draft's fields.
pub fn student_texts(input: &CoachTurnInput) -> Vec<String> {
    let mut texts: Vec<String> = input
        .history
        .iter()
        .filter(|m| m.role == ChatRole::User)
        .map(|m| m.content.clone())
        .collect();
    texts.push(input.user_message.to_string());
    texts.extend(
        ToulminStep::ALL
            .into_iter()
            .filter(|s| input.draft.is_filled(*s))
            .map(|s| input.draft.get(s).to_string()),
    );
    texts
}

/// What the coach said earlier in the session.
pub fn said_texts(input: &CoachTurnInput) -> Vec<&str> {
    said_texts_of(&input.history)
}

/// What the coach said in `history`.
pub fn said_texts_of(history: &[ChatMessage]) -> Vec<&str> {
    history
        .iter()
        .filter(|m| m.role == ChatRole::Assistant)
        .map(|m| m.content.as_str())
        .collect()
}

/// The authored guidance a model sentence on `step` may rest on: what every step is
/// (the argument's vocabulary), and the step's own question, follow-ups and words about
/// a fitting text or a proposal.
pub fn guidance_texts(step: ToulminStep, language: Language) -> Vec<String> {
    let mut texts: Vec<String> = ToulminStep::ALL
        .into_iter()
        .map(|s| step_meaning(s, language))
        .collect();
    texts.push(opening_question(step, language));
    texts.extend([
        fits(step, language),
        proposal_intro(step, language),
        proposal_question(step, language),
        rationale(step, language),
    ]);
    texts.extend(follow_ups(step, language));
    texts
}

/// The guidance of `input`'s turn: the step's, the coach's vocabulary for what a text
/// does ([`REMARK_WORDS`]), and the explanations of the weakness the app found in the
/// student's message.
fn guidance(input: &CoachTurnInput) -> Vec<String> {
    let (step, language) = (input.current_step, input.language);
    let mut texts = guidance_texts(step, language);
    texts.push(REMARK_WORDS.clone());
    if let Some(w) = message_weakness(step, &input.user_message) {
        texts.push(w.explain(language));
        texts.push(w.explain_again(language));
    }
    texts
}

/// The filter the model's words in `input`'s turn pass: the student's own words count
/// wherever they stand, but not their new message quoted at length (the proposal shows
/// it); every other term needs one passage of the guidance.
pub fn reply_filter(input: &CoachTurnInput) -> ReplyFilter {
    filter_on(input, &student_texts(input).join("\n"))
}

/// The filter a remark on the text the student offers passes: like [`reply_filter`],
/// but of the student's words only the text's own count — a remark names a detail of
/// the text, and one resting on the claim's words instead ("a no ser que la universidad
/// pida una nota…" → "explica cómo los exámenes finales deberían eliminarse") says
/// something the text does not.
pub fn remark_filter(input: &CoachTurnInput) -> ReplyFilter {
    filter_on(input, &input.user_message)
}

/// The reply filter of `input`'s turn with `student` as the student's words.
fn filter_on(input: &CoachTurnInput, student: &str) -> ReplyFilter {
    let material = guidance(input);
    let material: Vec<&str> = material.iter().map(String::as_str).collect();
    let instructions = instruction_texts(input.current_step);
    let instructions: Vec<&str> = instructions.iter().map(String::as_str).collect();
    ReplyFilter::new(Some(input.language), &material, student)
        .with_instructions(&instructions)
        .with_labels(PROMPT_LABELS)
        .with_topic(&[COACH_TALK.as_str()])
        .with_said(&said_texts(input))
        .without_quoting(&[&input.user_message])
}

/// What the session already said, to choose authored words it has not.
pub struct Fresh(ReplyFilter);

impl Fresh {
    /// What the coach said in `history`.
    pub fn new(history: &[ChatMessage]) -> Self {
        Self(ReplyFilter::new(None, &[], "").with_said(&said_texts_of(history)))
    }

    /// Whether no sentence of `text` was said before in the session.
    pub fn is_new(&self, text: &str) -> bool {
        sentences(text)
            .into_iter()
            .all(|s| self.0.check(s) != Err(DropReason::Repeat))
    }

    /// The first of `candidates` the session has not said, else the first.
    pub fn pick<S: AsRef<str>>(&self, candidates: &[S]) -> Option<String> {
        candidates
            .iter()
            .find(|c| self.is_new(c.as_ref()))
            .or(candidates.first())
            .map(|c| c.as_ref().to_string())
    }
}

/// Passes the model's words in `result` through `filter`: the reply's text and question
/// keep the sentences that pass; a rationale that does not pass is emptied (the app's
/// stands in); a proposal that copies the prompt is dropped. Every dropped sentence is
/// logged with its check. Returns whether any of the model's text survived.
pub fn filter_model_words(result: &mut CoachAIResult, filter: &mut ReplyFilter) -> bool {
    let mut dropped: Vec<(String, DropReason)> = Vec::new();
    let text = filter.filter(&result.assistant_text);
    result.assistant_text = text.text();
    dropped.extend(text.dropped);
    if let Some(question) = result.next_question.take() {
        let kept = filter.filter(&question);
        result.next_question = Some(kept.text()).filter(|q| !q.is_empty());
        dropped.extend(kept.dropped);
    }
    if let Some(p) = result.proposed_update.as_mut() {
        let kept = filter.clone().filter(&p.rationale);
        if !kept.dropped.is_empty() {
            p.rationale.clear();
        }
        dropped.extend(kept.dropped);
    }
    let leaking = result.proposed_update.as_ref().and_then(|p| {
        sentences(&p.value)
            .into_iter()
            .find_map(|s| match filter.check(s) {
                Err(why @ DropReason::Leak(_)) => Some((s.to_string(), why)),
                _ => None,
            })
    });
    if let Some(leak) = leaking {
        result.proposed_update = None;
        dropped.push(leak);
    }
    for (sentence, why) in &dropped {
        tracing::info!(check = why.check(), "coach: dropped {sentence:?} ({why:?})");
    }
    !result.assistant_text.is_empty() || result.next_question.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ProposedUpdate;

    fn input() -> CoachTurnInput {
        let mut input = CoachTurnInput::first_message(
            ToulminStep::Claim,
            "phones should be allowed in class",
            Language::En,
        );
        input.history = vec![ChatMessage {
            role: ChatRole::Assistant,
            content: "This is a strong argument that phones should be allowed in class.".into(),
        }];
        input
    }

    fn filtered(text: &str, question: Option<&str>) -> (CoachAIResult, bool) {
        let mut result = CoachAIResult::message(ToulminStep::Claim, text);
        result.next_question = question.map(str::to_string);
        let survived = filter_model_words(&mut result, &mut reply_filter(&input()));
        (result, survived)
    }

    #[test]
    fn a_remark_rests_on_the_text_it_remarks_on_not_on_the_claim() {
        let mut input = CoachTurnInput::first_message(
            ToulminStep::Rebuttal,
            "a no ser que la universidad pida una nota de examen para entrar",
            Language::Es,
        );
        input.draft.set(
            ToulminStep::Claim,
            "Los exámenes finales deberían eliminarse.",
        );
        let remark = remark_filter(&input);
        let off = "El texto explica cómo los exámenes finales deberían eliminarse.";
        assert!(remark.check(off).is_err(), "{off}");
        // The whole turn's filter reads the claim as the student's words too.
        assert_eq!(reply_filter(&input).check(off), Ok(()));
        let on = "Nombras un caso en que tu tesis falla: la universidad pide una nota.";
        assert_eq!(remark.check(on), Ok(()));
    }

    #[test]
    fn leaks_echoes_repeats_and_filler_are_dropped() {
        let (result, survived) = filtered(
            "This is the student's first message on this step; coach with a question. \
             Phones should be allowed in class. \
             This is a strong argument that phones should be allowed in class. \
             Please provide more details. \
             Thank you for your time and assistance.",
            Some("If you have any specific questions, feel free to ask?"),
        );
        assert_eq!(result.assistant_text, "");
        assert_eq!(result.next_question, None);
        assert!(!survived);
    }

    #[test]
    fn a_sentence_on_the_students_words_and_the_step_is_kept() {
        let (result, survived) = filtered(
            "Your claim about phones in class is one clear sentence.",
            Some("What position do you want to argue about phones?"),
        );
        assert!(survived);
        assert_eq!(
            result.assistant_text,
            "Your claim about phones in class is one clear sentence."
        );
        assert!(result.next_question.is_some());
    }

    #[test]
    fn a_proposal_copying_a_label_is_dropped_and_an_unsupported_rationale_emptied() {
        let mut result = CoachAIResult::message(ToulminStep::Claim, "Phones in class.");
        result.proposed_update = Some(ProposedUpdate {
            field: ToulminStep::Claim,
            value: "The student's claim is that phones help.".into(),
            rationale: "Quantum entanglement clarifies it.".into(),
        });
        let mut kept = result.clone();
        kept.proposed_update.as_mut().unwrap().value = "Phones should be allowed in class.".into();
        filter_model_words(&mut result, &mut reply_filter(&input()));
        assert_eq!(result.proposed_update, None);
        filter_model_words(&mut kept, &mut reply_filter(&input()));
        assert_eq!(kept.proposed_update.unwrap().rationale, "");
    }
}
