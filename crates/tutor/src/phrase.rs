//! The model's part of a tutor turn (issues #33, #47): one or two sentences answering the
//! student's question from the passage the turn rests on, in the student's language. The
//! model gets only the passage, the unit's anchor and the student's message; its answer is
//! one JSON string (`tutor_text`), read as it streams and checked sentence by sentence
//! with the shared reply filter — supported by the material or the student's words, no
//! echo, no leak, nothing already said — then by [`one_sentence_gaps`]: the sentence's
//! claim must stand in ONE source sentence, not words gathered from several (a false
//! "X happened because of Y" made of true words fails). Because the tutor's questions are
//! the app's (their answers are known), no question. Only sentences that pass are shown,
//! as they pass: what streams is what stays.

use super::passage::SourcePassage;
use lantern_core::language::Language;
use lantern_core::llm::{ChatMessage, ChatRole, Limits, LlmRequest};
use lantern_core::text::notes::{plain, quotable, text_sentences};
use lantern_core::text::stream_field::AssistantTextStream;
use lantern_core::text::support::{one_sentence_gaps, ReplyFilter};
use lantern_core::text::tidy::{sentences, strip_unsafe_chars};
use lantern_core::word_list;
use lantern_core::words::lines;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::LazyLock;

/// Longest explanation, in characters (the schema's `maxLength`).
pub const PHRASE_MAX_CHARS: u64 = 240;
/// Most tokens the model writes: room for the longest answer the grammar allows (a
/// token holds at least one character, LaTeX often just one) and the JSON around it, so
/// an answer always closes before the cap — a cut answer would take back sentences
/// already shown.
pub const PHRASE_MAX_TOKENS: u32 = PHRASE_MAX_CHARS as u32 + 32;
/// Most model sentences kept in a reply.
pub const MAX_MODEL_SENTENCES: usize = 2;
/// The JSON field streamed to the student.
pub const PHRASE_FIELD: &str = "tutor_text";

/// The fixed instructions (the cached system prompt).
const RULES: &str = "You are a patient tutor for a secondary-school student. \
Answer the STUDENT's question in one or two short sentences, using only facts the NOTES state. \
Do not ask a question. Do not repeat the student's message.";

/// The model's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LlmPhrase {
    /// The explanation.
    pub tutor_text: String,
}

/// The answer's schema (the grammar).
pub fn phrase_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            PHRASE_FIELD: {"type": "string", "minLength": 1, "maxLength": PHRASE_MAX_CHARS}
        },
        "required": [PHRASE_FIELD],
        "additionalProperties": false
    })
}

fn language_line(language: Language) -> &'static str {
    match language {
        Language::En => "Write in English.",
        Language::Es => "Write in Spanish (español).",
    }
}

/// The system prompt: fixed per language, so its evaluated state is reused.
pub fn phrase_system(language: Language) -> String {
    format!("{RULES}\n{}", language_line(language))
}

/// The texts of the prompt that are instructions, never to be copied into a reply.
pub fn instruction_texts(language: Language) -> Vec<String> {
    vec![phrase_system(language), "NOTES:".into(), "STUDENT:".into()]
}

/// Most characters of the notes around the passage that the model reads.
pub const NOTES_MAX_CHARS: usize = 800;

/// The notes the model answers from: the passage and the sentences after it in its
/// section (the answer to "is it true that X alone ended it" is often the next
/// sentence), within [`NOTES_MAX_CHARS`]; the sentences are the student's to read under
/// "show all", and each model sentence must stand in one of them.
fn notes_around(passage: &SourcePassage) -> String {
    let all: Vec<String> = text_sentences(&passage.full_text)
        .iter()
        .map(|s| plain(s))
        .collect();
    let last = all
        .iter()
        .rposition(|s| passage.quote.ends_with(s.as_str()));
    let mut notes = passage.quote.clone();
    for s in last.map_or(&[][..], |i| &all[i + 1..]) {
        if !quotable(s) || notes.chars().count() + 1 + s.chars().count() > NOTES_MAX_CHARS {
            break;
        }
        notes.push(' ');
        notes.push_str(s);
    }
    notes
}

/// The request: the passage with the sentences after it and the unit's anchor as
/// NOTES, then the student's words.
pub fn phrase_request(
    passage: &SourcePassage,
    anchor: &str,
    message: &str,
    language: Language,
) -> LlmRequest {
    let around = notes_around(passage);
    let notes = if anchor.trim().is_empty() || around.contains(anchor.trim()) {
        around
    } else {
        format!("{around} {}", anchor.trim())
    };
    LlmRequest {
        system: phrase_system(language),
        messages: vec![ChatMessage {
            role: ChatRole::User,
            content: format!("NOTES: {notes}\nSTUDENT: {}", message.trim()),
        }],
        limits: Limits {
            max_tokens: PHRASE_MAX_TOKENS,
            ..Limits::default()
        },
        cache_key: Some(format!("tutor-phrase:{}", language.code())),
    }
}

/// Words that judge the student ("you are right", "that's wrong"): verdicts are the
/// app's, computed by the checker, never the model's.
static JUDGING_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("judging-words").collect());

/// Words after which "right" names a thing, not a verdict ("a right angle").
static RIGHT_AS_A_NAME: LazyLock<Vec<&str>> =
    LazyLock::new(|| lines(include_str!("../words/en/right-as-a-name.txt")).collect());

/// Whether a model sentence passes a verdict.
pub(crate) fn judges(sentence: &str) -> bool {
    let plain = lantern_core::text::normalize::normalize(sentence);
    let words: Vec<&str> = plain.split(' ').collect();
    words.iter().enumerate().any(|(i, w)| {
        JUDGING_WORDS.contains(w)
            && !(*w == "right"
                && words
                    .get(i + 1)
                    .is_some_and(|n| RIGHT_AS_A_NAME.contains(n)))
    })
}

/// A sentence the filter dropped, for the turn's log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct DroppedSentence {
    /// The sentence.
    pub text: String,
    /// The check it failed (`supported`, `says_something`, `no_echo`, `no_leak`,
    /// `no_repeat`, `language`, `one_sentence`, `fragment`, `question`, `judges`,
    /// `too_many`).
    pub check: String,
}

/// The check a sentence fails when no single source sentence says it.
const ONE_SENTENCE: &str = "one_sentence";

/// The model's explanation read as it streams: complete sentences are checked and the
/// kept ones returned at once; the rest is logged.
#[derive(Debug, Clone)]
pub struct SentenceStream {
    field: AssistantTextStream,
    filter: ReplyFilter,
    sources: Vec<String>,
    pending: String,
    kept: Vec<String>,
    dropped: Vec<DroppedSentence>,
}

impl SentenceStream {
    /// A stream checked by `filter`, each sentence also against ONE sentence of
    /// `sources` (the turn's material).
    pub fn new(filter: ReplyFilter, sources: &[String]) -> Self {
        Self {
            field: AssistantTextStream::for_field(PHRASE_FIELD),
            filter,
            sources: sources.to_vec(),
            pending: String::new(),
            kept: Vec::new(),
            dropped: Vec::new(),
        }
    }

    fn drop(&mut self, text: &str, check: &str) {
        self.dropped.push(DroppedSentence {
            text: text.to_string(),
            check: check.to_string(),
        });
    }

    fn judge(&mut self, sentence: &str) -> Option<String> {
        let s = strip_unsafe_chars(sentence).trim().to_string();
        if s.is_empty() {
            return None;
        }
        if self.kept.len() >= MAX_MODEL_SENTENCES {
            self.drop(&s, "too_many");
            return None;
        }
        if s.ends_with('?') || s.starts_with('¿') {
            self.drop(&s, "question");
            return None;
        }
        if judges(&s) {
            self.drop(&s, "judges");
            return None;
        }
        let sources: Vec<&str> = self.sources.iter().map(String::as_str).collect();
        let checked = self.filter.check(&s).map_err(|why| why.check());
        match checked.and_then(|()| {
            if one_sentence_gaps(&s, &sources).is_empty() {
                Ok(())
            } else {
                Err(ONE_SENTENCE)
            }
        }) {
            Ok(()) => {
                self.filter.remember(&s);
                self.kept.push(s.clone());
                Some(s)
            }
            Err(check) => {
                self.drop(&s, check);
                None
            }
        }
    }

    /// Takes a piece of the model's raw answer; returns the sentences it completed that
    /// passed the checks.
    pub fn push(&mut self, delta: &str) -> Vec<String> {
        self.pending.push_str(&self.field.push(delta));
        let parts = sentences(&self.pending);
        if parts.len() < 2 && !self.field.is_done() {
            // The last sentence may still be growing.
            return Vec::new();
        }
        // The last piece may still be growing — or, once the string has ended, be a
        // sentence without its closing punctuation: `finish` decides on it.
        let last_is_whole = self.field.is_done()
            && parts
                .last()
                .is_some_and(|s| s.trim_end().ends_with(['.', '!', '?', '…']));
        let keep = if last_is_whole {
            parts.len()
        } else {
            parts.len().saturating_sub(1)
        };
        let complete: Vec<String> = parts[..keep].iter().map(|s| s.to_string()).collect();
        let rest = parts[keep..].join(" ");
        self.pending = rest;
        complete.iter().filter_map(|s| self.judge(s)).collect()
    }

    /// Ends the stream: a last sentence with its closing punctuation is checked too; a
    /// sentence cut off without one is dropped.
    pub fn finish(&mut self) -> Vec<String> {
        let rest = std::mem::take(&mut self.pending);
        let rest = rest.trim();
        if rest.is_empty() {
            return Vec::new();
        }
        if !rest.ends_with(['.', '!', '?', '…']) {
            self.drop(rest, "fragment");
            return Vec::new();
        }
        self.judge(rest).into_iter().collect()
    }

    /// The sentences kept so far.
    pub fn kept(&self) -> &[String] {
        &self.kept
    }

    /// The sentences dropped so far, with why.
    pub fn dropped(&self) -> &[DroppedSentence] {
        &self.dropped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOTES: &str = "A transversal is a line that crosses two or more other lines.";

    fn stream(student: &str) -> SentenceStream {
        SentenceStream::new(
            ReplyFilter::new(Some(Language::En), &[NOTES], student)
                .with_instructions(&[&phrase_system(Language::En)]),
            &[NOTES.to_string()],
        )
    }

    fn run(s: &mut SentenceStream, answer: &str) -> Vec<String> {
        let mut out = Vec::new();
        // Token-sized pieces, as the model streams them.
        let chars: Vec<char> = answer.chars().collect();
        for piece in chars.chunks(3) {
            out.extend(s.push(&piece.iter().collect::<String>()));
        }
        out.extend(s.finish());
        out
    }

    #[test]
    fn supported_sentences_stream_as_they_complete_and_the_rest_is_logged() {
        let mut s = stream("what is a transversal");
        let shown = run(
            &mut s,
            r#"{"tutor_text":"A transversal is a line crossing other lines. It meets the hypotenuse at a right angle. Can you find one?"}"#,
        );
        assert_eq!(shown, ["A transversal is a line crossing other lines."]);
        let checks: Vec<&str> = s.dropped().iter().map(|d| d.check.as_str()).collect();
        assert_eq!(checks, ["supported", "question"]);
    }

    #[test]
    fn a_claim_gathered_from_two_source_sentences_never_shows() {
        let notes = "The Revolution began in 1789 when the Estates-General met. \
                     The Declaration did not give women equal rights.";
        let mut s = SentenceStream::new(
            ReplyFilter::new(Some(Language::En), &[notes], "why did the revolution begin"),
            &[notes.to_string()],
        );
        let shown = run(
            &mut s,
            r#"{"tutor_text":"The Revolution began because the Declaration did not give women equal rights."}"#,
        );
        assert!(shown.is_empty(), "{shown:?}");
        assert_eq!(s.dropped()[0].check, "one_sentence");
    }

    #[test]
    fn an_echo_and_a_leak_never_show() {
        let mut s = stream("Do plants get their food from the soil?");
        let shown = run(
            &mut s,
            r#"{"tutor_text":"Do plants get their food from the soil. Explain the NOTES in one or two short sentences of your own."}"#,
        );
        assert!(shown.is_empty(), "{shown:?}");
    }

    #[test]
    fn a_last_sentence_without_its_full_stop_is_dropped_even_when_the_string_ends() {
        let mut s = stream("transversal");
        let shown = run(
            &mut s,
            r#"{"tutor_text":"A transversal crosses other lines. A transversal crosses lines"}"#,
        );
        assert_eq!(shown, ["A transversal crosses other lines."]);
    }

    #[test]
    fn the_model_never_passes_a_verdict() {
        let mut s = stream("is a transversal a line that crosses other lines?");
        let shown = run(
            &mut s,
            r#"{"tutor_text":"You are right, a transversal crosses two lines."}"#,
        );
        assert!(shown.is_empty());
        assert_eq!(s.dropped()[0].check, "judges");
    }

    #[test]
    fn a_cut_off_sentence_is_dropped() {
        let mut s = stream("transversal");
        let shown = run(
            &mut s,
            r#"{"tutor_text":"A transversal crosses other lines and"#,
        );
        assert!(shown.is_empty());
        assert_eq!(s.dropped()[0].check, "fragment");
    }

    #[test]
    fn the_model_reads_the_sentences_after_the_passage_up_to_the_next_heading() {
        let p = SourcePassage {
            unit_id: "U".into(),
            unit_title: "T".into(),
            source: "units/U.md".into(),
            section: "Reagan".into(),
            quote: "Reagan raised **military** spending.".replace("**", ""),
            full_text: "## Reagan\nReagan became president in 1981. Reagan raised **military** \
                        spending. The Soviet economy could not keep up.\n\n## Gorbachev\n\
                        Gorbachev came in 1985."
                .into(),
        };
        let r = phrase_request(&p, "", "did reagan alone end it", Language::En);
        assert!(r.messages[0].content.starts_with(
            "NOTES: Reagan raised military spending. The Soviet economy could not keep up.\n"
        ));
    }

    #[test]
    fn the_request_carries_the_passage_and_not_the_instructions_twice() {
        let p = SourcePassage {
            unit_id: "U".into(),
            unit_title: "T".into(),
            source: "units/U.md".into(),
            section: String::new(),
            quote: NOTES.into(),
            full_text: NOTES.into(),
        };
        let r = phrase_request(
            &p,
            "Lines can cross.",
            "what is a transversal",
            Language::Es,
        );
        assert!(r.system.ends_with("Write in Spanish (español)."));
        assert_eq!(
            r.messages[0].content,
            format!("NOTES: {NOTES} Lines can cross.\nSTUDENT: what is a transversal")
        );
        assert_eq!(r.cache_key.as_deref(), Some("tutor-phrase:es"));
    }
}
