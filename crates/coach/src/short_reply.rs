//! The model's reading of a short reply the word lists do not know ("say less", "bet",
//! "smashed it") to the coach's pending question (issue #49: a list of phrasings is a fast
//! path, never the only reader). One choice — yes, no or neither — under a JSON
//! grammar, asked only when a yes would take a text, the coach's last message asks a
//! question, and the reply is a few words that are not a question. The reading is
//! believed only from a model that reads two authored replies right, and a yes only
//! when the reply holds no word of refusal or no. The turn then reads the reply as the
//! word the lists know for it; the student's message stays saved as written.

use super::reading::{message_kind, MessageKind};
use super::triggers::holds_refusal;
use super::{clean_message, CoachTurnInput, Language};
use lantern_core::llm::{generate, CancelFlag, ChatRole, Llm, LlmRequest};
use lantern_core::text::normalize::{normalize, words};
use lantern_core::text::tidy::sentences;
use schemars::JsonSchema;
use serde::Deserialize;

/// Most words of a reply read by the model: a longer message is a text.
const MAX_REPLY_WORDS: usize = 4;
/// Prefix-cache key of the reading's prompt (fixed, so its evaluated state is reused).
const CACHE_KEY: &str = "coach-short-reply";
/// Longest answer, in tokens: `{"meaning":"neither"}` with room to spare.
const MAX_MEANING_TOKENS: u32 = 16;

/// What a short reply means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReplyMeaning {
    /// It accepts what the question offered.
    Yes,
    /// It turns it down.
    No,
    /// Anything else: a new text, a question, a remark.
    Neither,
}

/// The model's answer: what the reply means.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct MeaningChoice {
    /// One meaning from the closed set.
    pub meaning: ReplyMeaning,
}

/// What the model is told, with examples of its own.
const INSTRUCTIONS: &str =
    "A writing coach asked a student a question about their argument. Say what the student's reply means:
yes: it accepts what the coach offered.
no: it turns it down.
neither: a new text, a question or anything else.
Examples:
Question: \"Is this the claim you want to keep?\" Reply: \"yeah that's the one\" -> yes
Question: \"Shall we save this rebuttal?\" Reply: \"nah leave it\" -> no
Question: \"¿Es esta la tesis que quieres defender?\" Reply: \"sin duda\" -> yes
Question: \"¿Guardamos estos datos?\" Reply: \"todavía no\" -> no
Question: \"Is this the claim you want to keep?\" Reply: \"cars pollute\" -> neither
Answer with JSON only.";

/// Two authored replies whose meaning is known, in `language`, with their question.
fn anchors(language: Language) -> [(&'static str, &'static str, ReplyMeaning); 2] {
    match language {
        Language::En => [
            (
                "Is this the evidence you want to keep?",
                "nailed it",
                ReplyMeaning::Yes,
            ),
            (
                "Is this the warrant you want to keep?",
                "rather not",
                ReplyMeaning::No,
            ),
        ],
        Language::Es => [
            (
                "¿Son estos los datos que quieres guardar?",
                "me encaja",
                ReplyMeaning::Yes,
            ),
            (
                "¿Es esta la garantía que quieres guardar?",
                "prefiero que no",
                ReplyMeaning::No,
            ),
        ],
    }
}

/// The request for the meaning of `reply` to `question`.
pub fn meaning_request(question: &str, reply: &str) -> LlmRequest {
    let content = format!(
        "Question: \"{}\"\nReply: \"{}\"",
        question.trim(),
        reply.trim()
    );
    let mut request = LlmRequest::new(INSTRUCTIONS, content).with_cache_key(CACHE_KEY);
    request.limits.max_tokens = MAX_MEANING_TOKENS;
    request.limits.temperature = 0.0;
    request
}

/// The question the coach's last message ends with, if it ends with one.
fn pending_question(input: &CoachTurnInput) -> Option<&str> {
    let last = input
        .history
        .iter()
        .rev()
        .find(|m| m.role == ChatRole::Assistant)?;
    let text = last.content.trim();
    if !text.ends_with('?') {
        return None;
    }
    sentences(text).last().map(|s| s.trim())
}

/// Whether the student's message in `input` is short enough to be a reply to a question
/// rather than a text: at most [`MAX_REPLY_WORDS`] words, not itself a question.
pub(crate) fn is_short_reply(input: &CoachTurnInput) -> bool {
    let message = input.user_message.as_str().trim();
    let asks = message.ends_with('?') || message.starts_with('¿');
    !asks && words(&normalize(message)).len() <= MAX_REPLY_WORDS
}

/// The question a short reply in `input` answers, when the model should read it: a
/// text of at most [`MAX_REPLY_WORDS`] words that no list reads, not a question, after
/// a coach question, with a text a yes would take.
fn question_to_read(input: &CoachTurnInput) -> Option<&str> {
    if !is_short_reply(input) || message_kind(&input.user_message) != MessageKind::Text {
        return None;
    }
    input.text_a_yes_takes()?;
    pending_question(input)
}

/// The model's reading of `reply`; `None` when its answer failed.
async fn read(
    llm: &dyn Llm,
    question: &str,
    reply: &str,
    cancel: &CancelFlag,
) -> Option<ReplyMeaning> {
    match generate::<MeaningChoice>(llm, &meaning_request(question, reply), cancel).await {
        Ok(choice) => Some(choice.meaning),
        Err(e) => {
            tracing::info!("coach: no reading of the short reply ({e})");
            None
        }
    }
}

/// Whether the model reads the two authored replies of `language` right.
async fn reads_known_replies(llm: &dyn Llm, language: Language, cancel: &CancelFlag) -> bool {
    for (question, reply, known) in anchors(language) {
        let read = read(llm, question, reply, cancel).await;
        if read != Some(known) {
            tracing::info!("coach: the model read {reply:?} as {read:?}, not {known:?}");
            return false;
        }
    }
    true
}

/// The word the lists know for `meaning` in `language`, if it is a yes or a no.
fn known_word(meaning: ReplyMeaning, language: Language) -> Option<&'static str> {
    match (meaning, language) {
        (ReplyMeaning::Yes, Language::En) => Some("yes"),
        (ReplyMeaning::Yes, Language::Es) => Some("sí"),
        (ReplyMeaning::No, _) => Some("no"),
        (ReplyMeaning::Neither, _) => None,
    }
}

/// `input` with its short reply read by the model ([`question_to_read`]): the reply
/// becomes the word the lists know for the yes or no the model read, when the model
/// reads the authored replies right and a yes holds no word of refusal. Otherwise
/// `input` as it was.
pub async fn read_short_reply(
    llm: &dyn Llm,
    mut input: CoachTurnInput,
    cancel: &CancelFlag,
) -> CoachTurnInput {
    let Some(question) = question_to_read(&input).map(str::to_string) else {
        return input;
    };
    let reply = input.user_message.as_str().to_string();
    let Some(meaning) = read(llm, &question, &reply, cancel).await else {
        return input;
    };
    let refused = meaning == ReplyMeaning::Yes && holds_refusal(&reply);
    let Some(word) = known_word(meaning, input.language).filter(|_| !refused) else {
        return input;
    };
    if !reads_known_replies(llm, input.language, cancel).await {
        return input;
    }
    tracing::info!("coach: the model read {reply:?} as {word:?}");
    if let Ok(known) = clean_message(word) {
        input.user_message = known;
    }
    input
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ToulminStep;
    use lantern_core::llm::{ChatMessage, ScriptedLlm};

    const CLAIM: &str = "Energy drinks should be banned for anyone under 16.";

    /// A claim-step turn after the coach asked about the student's claim.
    fn after_question(reply: &str) -> CoachTurnInput {
        let mut input = CoachTurnInput::first_message(ToulminStep::Claim, reply, Language::En);
        input.history = vec![
            ChatMessage {
                role: ChatRole::User,
                content: "look, energy drinks should be banned for anyone under 16".into(),
            },
            ChatMessage {
                role: ChatRole::Assistant,
                content: format!(
                    "Your claim takes a side. Is \"{CLAIM}\" the claim you want to keep?"
                ),
            },
        ];
        input.last_proposal = Some(CLAIM.into());
        input
    }

    fn answers(meanings: &[&str]) -> ScriptedLlm {
        ScriptedLlm::new(
            meanings
                .iter()
                .map(|m| Ok(format!(r#"{{"meaning":"{m}"}}"#))),
        )
    }

    /// Asserts that `reply`, read by a model answering `meanings` in turn, is `read`.
    async fn assert_read(reply: &str, meanings: &[&str], read: &str) {
        let llm = answers(meanings);
        let input = read_short_reply(&llm, after_question(reply), &CancelFlag::default()).await;
        assert_eq!(input.user_message.as_str(), read, "{reply}");
    }

    #[tokio::test]
    async fn a_yes_the_lists_do_not_know_is_read_as_yes_by_a_model_that_reads_the_anchors() {
        assert_read("say less", &["yes", "yes", "no"], "yes").await;
    }

    #[tokio::test]
    async fn a_no_the_lists_do_not_know_is_read_as_no() {
        assert_read("i'll pass", &["no", "yes", "no"], "no").await;
    }

    #[tokio::test]
    async fn a_model_that_misreads_the_anchors_is_not_believed() {
        assert_read("say less", &["yes", "yes", "yes"], "say less").await;
    }

    #[tokio::test]
    async fn a_reply_with_a_word_of_refusal_is_never_read_as_yes() {
        assert_read("not that bit", &["yes", "yes", "no"], "not that bit").await;
    }

    #[tokio::test]
    async fn neither_leaves_the_reply_as_written() {
        assert_read("cars pollute", &["neither"], "cars pollute").await;
    }

    #[tokio::test]
    async fn a_failed_answer_leaves_the_reply_as_written() {
        assert_read("say less", &["maybe"], "say less").await;
    }

    #[test]
    fn only_a_short_unread_statement_after_a_question_with_something_to_take_is_read() {
        assert!(question_to_read(&after_question("say less")).is_some());
        for reply in [
            "yes",
            "nope",
            "is that ok?",
            "energy drinks harm sleep in most teenagers",
        ] {
            assert!(
                question_to_read(&after_question(reply)).is_none(),
                "{reply}"
            );
        }
        let mut nothing_to_take = after_question("say less");
        nothing_to_take.last_proposal = None;
        nothing_to_take.history.remove(0);
        assert!(question_to_read(&nothing_to_take).is_none());
        let mut no_question = after_question("say less");
        no_question.history[1].content = "Your claim takes a side.".into();
        assert!(question_to_read(&no_question).is_none());
    }

    #[test]
    fn the_question_read_is_the_last_sentence_of_the_coachs_message() {
        assert_eq!(
            pending_question(&after_question("say less")),
            Some(format!("Is \"{CLAIM}\" the claim you want to keep?").as_str())
        );
    }
}
