//! The warrant's remark, second try (issue #49). A warrant's job is the link it makes,
//! so a detail of it says little ("Tu garantía da la razón: la verdura."). When the
//! model's own sentence on a warrant is refused, the model picks the two ideas the
//! warrant links instead — a span of the text before its link word ("so", "así que",
//! "because", or a clause break after "if"/"si") and one after it, each from an enum the
//! grammar narrows — and the app frames them in its own words ("Your warrant links the
//! idea "shade keeps the ground cool" to the idea "cooler at break"."). Code offers only
//! spans with no link inside and no negation cut off, checks that a link stands between
//! the two picked, and keeps the remark only when the reply filter does.

use super::detail::{placed_spans, PlacedSpan};
use super::remark::example;
use super::spans::{words_of, Word};
use super::step_checks::{has_link, opens_with_link};
use super::{messages::MESSAGES, CoachTurnInput, Language, ToulminStep};
use lantern_core::llm::{parse_output, CancelFlag, Llm, LlmRequest};
use lantern_core::say;
use lantern_core::text::polarity::{polar_terms, polarity};
use lantern_core::text::support::ReplyFilter;
use serde::Deserialize;
use serde_json::{json, Value};

/// Prefix-cache key of the link's prompt.
const CACHE_KEY: &str = "coach-link";
/// Longest answer, in tokens: two five-word spans and the JSON around them.
const MAX_LINK_TOKENS: u32 = 64;
/// Fewest spans worth a choice, on both sides together: with two, the model would have
/// nothing to read.
const FEWEST_CHOICES: usize = 3;

/// What the model is told.
const LINK_INSTRUCTIONS: &str = "You read the warrant a student wrote for an argument: it links one idea to another. Pick the words of the idea it starts from and the words of the idea it leads to. Answer with JSON only.";

/// The two ideas each language's example warrant ([`example`]) links: spans the app
/// offers of it.
const EXAMPLE_LINKS: [(Language, &str, &str); 2] = [
    (
        Language::En,
        "shade keeps the ground cool",
        "cooler at break",
    ),
    (Language::Es, "la sombra enfría el suelo", "menos calor"),
];

/// The model's answer: the idea the warrant starts from and the one it leads to.
#[derive(Debug, Deserialize)]
struct Link {
    from: String,
    to: String,
}

/// Whether `a` and `b` (`a` before `b`) are two ideas `words` links: a link word
/// between them ("…cool, so pupils…"), or a clause break between them after a link word
/// that opens the text ("if pupils…, more…"); and together no more than two thirds of
/// the text (more would quote it, as the reply filter's quote rule says).
fn linked(words: &[Word], a: &PlacedSpan, b: &PlacedSpan) -> bool {
    let taken = a.last - a.first + 1 + b.last - b.first + 1;
    if a.last >= b.first || taken * 3 > words.len() * 2 {
        return false;
    }
    let plain = |ws: &[Word]| {
        ws.iter()
            .map(|w| w.plain.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let between = &words[a.last + 1..b.first];
    let breaks = words[a.last..b.first].iter().any(|w| w.ends_clause);
    has_link(&plain(between)) || breaks && has_link(&plain(&words[..a.first]))
}

/// Words after a span read to tell whether a link opens there ("that is why").
const LINK_LOOKAHEAD: usize = 3;

/// Whether `span` takes an idea to its end: a clause break, the text's end or a link
/// word right after it ("formaría mejores | ciudadanos", "la acera deja | de ser…" are
/// cut off; "mejores ciudadanos" and "acabes endeudado, así que…" are not).
fn ends_an_idea(words: &[Word], span: &PlacedSpan) -> bool {
    let next: Vec<&str> = words[span.last + 1..]
        .iter()
        .take(LINK_LOOKAHEAD)
        .map(|w| w.plain.as_str())
        .collect();
    words[span.last].ends_clause || next.is_empty() || opens_with_link(&next.join(" "))
}

/// The spans of a warrant `text` the model may pick, in `language`: none with a link
/// inside, none that states what the text negates ("salir al pasillo" of "nadie tiene
/// que salir al pasillo", "starving in period 5" of "they wont be starving in period
/// 5"), and only those with a partner on the other side of a link. Returns the spans it
/// may start from and those it may lead to.
fn choices(language: Language, text: &str) -> (Vec<PlacedSpan>, Vec<PlacedSpan>) {
    let words = words_of(text);
    let said = polarity(text);
    let spans: Vec<PlacedSpan> = placed_spans(ToulminStep::Warrant, language, text)
        .into_iter()
        .filter(|s| {
            !has_link(&s.plain)
                && ends_an_idea(&words, s)
                && said.turned_around(&polar_terms(&s.shown)).is_empty()
        })
        .collect();
    let froms = spans
        .iter()
        .filter(|a| spans.iter().any(|b| linked(&words, a, b)))
        .cloned()
        .collect();
    let tos = spans
        .iter()
        .filter(|b| spans.iter().any(|a| linked(&words, a, b)))
        .cloned()
        .collect();
    (froms, tos)
}

/// The app's remark on a warrant linking `from` to `to`, in `language`.
fn framed(language: Language, from: &str, to: &str) -> String {
    say!(
        MESSAGES,
        language,
        "coach-remark-link",
        from = from,
        to = to
    )
}

/// The request: the example warrant and its two ideas, then the student's warrant.
fn link_request(input: &CoachTurnInput, text: &str) -> LlmRequest {
    let mut content = String::new();
    let ideas = EXAMPLE_LINKS.iter().find(|(l, _, _)| *l == input.language);
    if let (Some((example, _)), Some((_, from, to))) =
        (example(ToulminStep::Warrant, input.language), ideas)
    {
        content.push_str(&format!(
            "Example, on another topic: {example} -> {{\"from\":\"{from}\",\"to\":\"{to}\"}}\n"
        ));
    }
    content.push_str(&format!("Warrant: {}", text.trim()));
    let mut request = LlmRequest::new(LINK_INSTRUCTIONS, content).with_cache_key(CACHE_KEY);
    request.limits.max_tokens = MAX_LINK_TOKENS;
    request
}

/// The grammar's schema: `from` one of `froms`, `to` one of `tos`.
fn link_schema(froms: &[PlacedSpan], tos: &[PlacedSpan]) -> Value {
    let shown = |spans: &[PlacedSpan]| spans.iter().map(|s| s.shown.clone()).collect::<Vec<_>>();
    json!({
        "type": "object",
        "properties": {
            "from": {"type": "string", "enum": shown(froms)},
            "to": {"type": "string", "enum": shown(tos)}
        },
        "required": ["from", "to"],
        "additionalProperties": false
    })
}

/// The app's remark on the warrant `text` (offered for `input`'s step) framing the two
/// ideas the model picks, when the first comes before the second with a link between and
/// `filter` keeps the remark; `None` when the text offers fewer than
/// [`FEWEST_CHOICES`] spans to pick from, or the model's answer is unusable.
pub async fn link_remark(
    llm: &dyn Llm,
    input: &CoachTurnInput,
    text: &str,
    filter: &ReplyFilter,
    cancel: &CancelFlag,
) -> Option<String> {
    let (froms, tos) = choices(input.language, text);
    if froms.is_empty() || tos.is_empty() || froms.len() + tos.len() < FEWEST_CHOICES {
        return None;
    }
    let schema = link_schema(&froms, &tos);
    let answer = llm
        .complete_json(&link_request(input, text), &schema, &mut |_| {}, cancel)
        .await
        .ok()?;
    let picked: Link = parse_output(&answer, &schema).ok()?;
    let from = froms.iter().find(|s| s.shown == picked.from)?;
    let to = tos.iter().find(|s| s.shown == picked.to)?;
    let words = words_of(text);
    let remark = linked(&words, from, to)
        .then(|| framed(input.language, &from.shown, &to.shown))
        .filter(|remark| filter.check(remark).is_ok());
    tracing::info!(
        from = %picked.from,
        to = %picked.to,
        framed = remark.is_some(),
        "the model picked the ideas a refused warrant remark links"
    );
    remark
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::remark_filter;
    use lantern_core::llm::ScriptedLlm;
    use lantern_core::text::message_language::clear_language;

    const TABLETS: &str =
        "tablets get updated straight away so students always learn from the newest information";

    fn input(text: &str, language: Language) -> CoachTurnInput {
        let mut input = CoachTurnInput::first_message(ToulminStep::Warrant, text, language);
        input.draft.set(
            ToulminStep::Claim,
            "Schools should use tablets instead of books.",
        );
        input
    }

    async fn picked(text: &str, language: Language, answer: &str) -> (Option<String>, usize) {
        let input = input(text, language);
        let llm = ScriptedLlm::new([Ok(answer.to_string())]);
        let filter = remark_filter(&input);
        let remark = link_remark(&llm, &input, text, &filter, &CancelFlag::default()).await;
        (remark, llm.requests().len())
    }

    proptest::proptest! {
        /// Whatever the warrant, every idea offered is a span with no link inside, and
        /// each has a partner on the other side of a link, together two thirds of the
        /// text at most.
        #[test]
        fn every_idea_offered_has_a_linked_partner(
            text in proptest::prop_oneof![
                "(kids|learn|first aid|more lives|saved|so|así que|si|because|,|the|la|ayudar|mejores ciudadanos| ){0,24}",
                ".{0,120}",
            ],
            spanish in proptest::bool::ANY,
        ) {
            let language = if spanish { Language::Es } else { Language::En };
            let words = words_of(&text);
            let (froms, tos) = choices(language, &text);
            for span in froms.iter().chain(&tos) {
                proptest::prop_assert!(!has_link(&span.plain), "{span:?}");
            }
            for a in &froms {
                proptest::prop_assert!(tos.iter().any(|b| linked(&words, a, b)), "{a:?}");
            }
            for b in &tos {
                proptest::prop_assert!(froms.iter().any(|a| linked(&words, a, b)), "{b:?}");
            }
        }
    }

    #[test]
    fn every_example_link_is_offered_of_its_example() {
        for (language, from, to) in EXAMPLE_LINKS {
            let (text, _) = example(ToulminStep::Warrant, language).unwrap();
            let (froms, tos) = choices(language, text);
            assert!(froms.iter().any(|s| s.shown == from), "{from}: {froms:?}");
            assert!(tos.iter().any(|s| s.shown == to), "{to}: {tos:?}");
        }
    }

    #[test]
    fn the_frame_alone_reads_clearly_in_its_language() {
        for language in [Language::En, Language::Es] {
            let frame = framed(language, "", "");
            assert_eq!(clear_language(&frame), Some(language), "{frame}");
        }
    }

    #[test]
    fn an_idea_the_text_negates_is_not_offered_without_its_negation() {
        let text = "tbh with a longer break ppl would get to eat properly so they wont be starving in period 5";
        let (froms, tos) = choices(Language::En, text);
        assert!(
            froms.iter().any(|s| s.shown == "get to eat properly"),
            "{froms:?}"
        );
        assert!(!tos.iter().any(|s| s.plain.contains("starving")), "{tos:?}");
    }

    #[test]
    fn spans_with_a_link_inside_are_not_offered() {
        let (froms, tos) = choices(Language::En, TABLETS);
        for span in froms.iter().chain(&tos) {
            assert!(!has_link(&span.plain), "{span:?}");
        }
        assert!(froms
            .iter()
            .any(|s| s.shown == "tablets get updated straight away"));
        assert!(tos.iter().any(|s| s.shown == "the newest information"));
    }

    #[tokio::test]
    async fn the_model_picks_the_two_ideas_and_the_app_frames_them() {
        let answer =
            r#"{"from":"tablets get updated straight away","to":"the newest information"}"#;
        let (remark, _) = picked(TABLETS, Language::En, answer).await;
        assert_eq!(
            remark.as_deref(),
            Some("Your warrant links the idea \"tablets get updated straight away\" to the idea \"the newest information\".")
        );
    }

    #[tokio::test]
    async fn a_spanish_warrant_is_framed_in_spanish() {
        let text = "ayudar a otros enseña responsabilidad, así que el voluntariado formaría mejores ciudadanos";
        let answer =
            r#"{"from":"ayudar a otros enseña responsabilidad","to":"mejores ciudadanos"}"#;
        let (remark, _) = picked(text, Language::Es, answer).await;
        assert_eq!(
            remark.as_deref(),
            Some(
                "Tu garantía une la idea «ayudar a otros enseña responsabilidad» con la idea «mejores ciudadanos»."
            )
        );
    }

    #[tokio::test]
    async fn a_link_after_an_opening_if_is_its_clause_break() {
        let text = "if students learn first aid at school, more people will know how to help";
        let answer = r#"{"from":"first aid at school","to":"know how to help"}"#;
        let (remark, _) = picked(text, Language::En, answer).await;
        assert_eq!(
            remark.as_deref(),
            Some("Your warrant links the idea \"first aid at school\" to the idea \"know how to help\".")
        );
    }

    #[tokio::test]
    async fn an_idea_not_offered_for_its_side_frames_nothing() {
        let answer = r#"{"from":"tablets get updated straight away","to":"straight away"}"#;
        let (remark, asked) = picked(TABLETS, Language::En, answer).await;
        assert_eq!((remark, asked), (None, 1));
    }

    #[tokio::test]
    async fn a_warrant_with_no_link_between_ideas_asks_the_model_nothing() {
        let text = "if 40 kids grow the vegetables themselves they want to eat them";
        let (remark, asked) = picked(text, Language::En, "{}").await;
        assert_eq!((remark, asked), (None, 0));
    }
}
