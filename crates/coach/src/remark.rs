//! The model's words on a text the student offers for a step: one sentence saying what
//! the text gives the step, naming a detail of it in the student's own words ("Your
//! evidence names a number: 40 crashes last year."), under a grammar with that one
//! field. The app asks the question and proposes the text; the sentence passes the reply
//! filter like any other, resting on the student's words and the coach's vocabulary for
//! what a text does ([`REMARK_WORDS`]).

use super::{CoachTurnInput, Language, ToulminStep};
use lantern_core::llm::LlmRequest;
use lantern_core::word_list;
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::LazyLock;

/// Prefix-cache key of the remark's prompt.
const CACHE_KEY: &str = "coach-remark";
/// Longest answer, in tokens: above the longest remark the schema allows.
const MAX_REMARK_TOKENS: u32 = 90;

/// The words a remark may use beyond the student's own, as one passage of the filter's
/// material. From `words/{en,es}/remark-words.txt`.
pub static REMARK_WORDS: LazyLock<String> =
    LazyLock::new(|| word_list!("remark-words").collect::<Vec<_>>().join(" "));

/// What the model answers: one sentence to the student (streamed as `assistantText`), at
/// most 160 characters.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Remark {
    /// The sentence.
    #[serde(rename = "assistantText")]
    #[schemars(length(min = 1, max = 160))]
    pub text: String,
}

/// The remark's instructions (also what no reply may copy).
pub const REMARK_INSTRUCTIONS: &str = "You are a writing coach. A student builds an argument one step at a time and has just written a text for one step. Write one short sentence to the student about their text: say what it gives the step and name one detail of it in their own words, such as a number, a place, a group of people or a source. Do not repeat their whole text, give no advice and ask no question. Answer with JSON only.";

/// One example per step and language, on a topic of its own: a text and the remark on
/// it (small models follow the example nearest the text).
const REMARK_EXAMPLES: [(ToulminStep, Language, &str, &str); 14] = [
    (
        ToulminStep::Claim,
        Language::En,
        "schools should plant more trees in their playgrounds",
        "Your claim takes a position: more trees in school playgrounds.",
    ),
    (
        ToulminStep::Grounds,
        Language::En,
        "our playground reached 40 degrees in June",
        "Your evidence names a number: 40 degrees in June.",
    ),
    (
        ToulminStep::Warrant,
        Language::En,
        "shade keeps the ground cool, so pupils would be cooler at break",
        "Your warrant says why the shade would make the pupils cooler at break.",
    ),
    (
        ToulminStep::GroundsBacking,
        Language::En,
        "the temperatures come from the school's own weather station",
        "Your backing names a source: the school's own weather station.",
    ),
    (
        ToulminStep::WarrantBacking,
        Language::En,
        "studies of city parks show that shaded ground is cooler",
        "Your backing names a source: studies of city parks.",
    ),
    (
        ToulminStep::Qualifier,
        Language::En,
        "probably in most schools with sunny playgrounds",
        "You say how sure you are and where it holds: schools with sunny playgrounds.",
    ),
    (
        ToulminStep::Rebuttal,
        Language::En,
        "unless the trees block the light into the classrooms",
        "You name a case where your claim fails: trees that block the light.",
    ),
    (
        ToulminStep::Claim,
        Language::Es,
        "los colegios deberían plantar más árboles en los patios",
        "Tu tesis defiende una postura: más árboles en los patios.",
    ),
    (
        ToulminStep::Grounds,
        Language::Es,
        "en junio el patio llegó a 40 grados",
        "Tus datos dan una cifra: 40 grados en junio.",
    ),
    (
        ToulminStep::Warrant,
        Language::Es,
        "la sombra enfría el suelo, así que en el recreo pasaríamos menos calor",
        "Tu garantía une la sombra con menos calor en el recreo.",
    ),
    (
        ToulminStep::GroundsBacking,
        Language::Es,
        "las temperaturas salen de la estación meteorológica del colegio",
        "Tu respaldo nombra una fuente: la estación meteorológica del colegio.",
    ),
    (
        ToulminStep::WarrantBacking,
        Language::Es,
        "estudios de parques urbanos muestran que la sombra enfría el suelo",
        "Tu respaldo nombra una fuente: estudios de parques urbanos.",
    ),
    (
        ToulminStep::Qualifier,
        Language::Es,
        "probablemente en la mayoría de los colegios con patios soleados",
        "Dices cuánto estás seguro y dónde se cumple: colegios con patios soleados.",
    ),
    (
        ToulminStep::Rebuttal,
        Language::Es,
        "a menos que los árboles quiten la luz a las aulas",
        "Nombras un caso en que tu tesis falla: árboles que quitan la luz.",
    ),
];

/// The example for `step` in `language`.
pub fn example(step: ToulminStep, language: Language) -> Option<(&'static str, &'static str)> {
    REMARK_EXAMPLES
        .iter()
        .find(|(s, l, _, _)| *s == step && *l == language)
        .map(|(_, _, text, remark)| (*text, *remark))
}

/// The request for a remark on `text`, offered at `input`'s step: the step, the claim,
/// the step's example, then the text.
pub fn remark_request(input: &CoachTurnInput, text: &str) -> LlmRequest {
    let step = input.current_step;
    let claim = input.draft.get(ToulminStep::Claim).trim();
    // The step's name only: a model given the step's authored meaning copies it.
    let mut content = format!("Step: {}.", step.as_str());
    if !claim.is_empty() && step != ToulminStep::Claim {
        content.push_str(&format!("\nClaim: {claim}"));
    }
    if let Some((example, remark)) = example(step, input.language) {
        content.push_str(&format!(
            "\nExample, on another topic: {example} -> {{\"assistantText\":\"{remark}\"}}"
        ));
    }
    content.push_str(&format!("\nText: {}", text.trim()));
    if input.language == Language::Es {
        content.push_str("\nWrite in Spanish.");
    }
    let mut request = LlmRequest::new(REMARK_INSTRUCTIONS, content).with_cache_key(CACHE_KEY);
    request.limits.max_tokens = MAX_REMARK_TOKENS;
    request
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::text::support::ReplyFilter;

    #[test]
    fn no_example_remark_quotes_its_text_at_length() {
        for (_, language, text, remark) in REMARK_EXAMPLES {
            let filter = ReplyFilter::new(Some(language), &[remark], text).without_quoting(&[text]);
            assert_eq!(filter.check(remark), Ok(()), "{remark}");
        }
    }

    #[test]
    fn the_request_names_the_step_the_claim_the_text_and_the_language() {
        let mut input = CoachTurnInput::first_message(
            ToulminStep::Grounds,
            "en mi clase dormimos poco",
            Language::Es,
        );
        input.draft.set(
            ToulminStep::Claim,
            "Los institutos deberían empezar más tarde.",
        );
        let request = remark_request(&input, "en mi clase dormimos poco");
        let content = &request.messages[0].content;
        assert!(content.starts_with("Step: grounds."), "{content}");
        assert!(content.contains("Claim: Los institutos"), "{content}");
        assert!(
            content.contains("Text: en mi clase dormimos poco"),
            "{content}"
        );
        assert!(content.ends_with("Write in Spanish."), "{content}");
        assert_eq!(request.system, REMARK_INSTRUCTIONS);
    }

    #[test]
    fn every_step_has_an_example_in_both_languages() {
        for step in ToulminStep::ALL {
            for language in [Language::En, Language::Es] {
                assert!(example(step, language).is_some(), "{step:?} {language:?}");
            }
        }
    }

    #[test]
    fn the_grammar_has_one_bounded_field_streamed_as_the_reply_text() {
        let schema = lantern_core::llm::schema_of::<Remark>();
        let field = &schema["properties"]["assistantText"];
        assert_eq!(field["maxLength"].as_u64(), Some(160));
        assert_eq!(schema["required"][0], "assistantText");
    }

    #[test]
    fn the_remark_words_name_the_parts_of_an_argument_in_both_languages() {
        for word in [
            "evidence", "backing", "datos", "respaldo", "names", "nombras",
        ] {
            assert!(REMARK_WORDS.split(' ').any(|w| w == word), "{word}");
        }
    }
}
