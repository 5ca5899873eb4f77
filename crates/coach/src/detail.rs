//! The remark's second try (issue #49): when the model's own sentence on a text is
//! refused, the model picks the text's telling detail instead — one of the text's
//! spans, from an enum the grammar narrows — and the app frames it in its own words
//! ("Your evidence names a number: 1 in 20 adults."). Code decides what the detail is
//! (a figure, a named source, else what the step's texts give) and offers only spans
//! whose framed remark the reply filter keeps, so whatever the model picks is shown as
//! the student wrote it.

use super::reading::lowercased;
use super::remark::example;
use super::spans::{names_something, words_of, Word};
use super::step_checks::{
    authorities, cuts_a_hedge, ends_with_hedge, is_finding_word, named_sources,
};
use super::{messages::MESSAGES, CoachTurnInput, Language, ToulminStep};
use lantern_core::llm::{parse_output, CancelFlag, Llm, LlmRequest};
use lantern_core::text::normalize::{has_phrase, normalize};
use lantern_core::text::support::ReplyFilter;
use lantern_core::words::lines;
use lantern_core::{say, word_files, word_list};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::LazyLock;

/// Prefix-cache key of the detail's prompt.
const CACHE_KEY: &str = "coach-detail";
/// Most words a detail may have: a detail, not the text (the filter's quote run is 6).
const MOST_DETAIL_WORDS: usize = 5;
/// Fewest spans worth a choice: with one, the model would have nothing to read.
const FEWEST_SPANS: usize = 2;
/// Words that open a noun phrase ("the", "more", "their", "los", "cada"), in each
/// language: a span never ends right before one nor starts right after one, so it does
/// not cut a phrase off its head ("schools should plant | more trees"). From
/// `words/<locale>/phrase-openers.txt`.
static OPENERS: LazyLock<[Vec<&str>; 2]> =
    LazyLock::new(|| word_files!("phrase-openers").map(|file| lines(file).collect()));

/// Words that join the words of one phrase ("of", "in", "and", "de", "y"), in each
/// language: besides openers and words that name something, the only words inside a
/// span, so a piece of a clause ("adults would know") is none. From
/// `words/<locale>/phrase-links.txt`.
static LINKS: LazyLock<[Vec<&str>; 2]> =
    LazyLock::new(|| word_files!("phrase-links").map(|file| lines(file).collect()));

/// Helping verbs and verbs of saying ("would", "is", "said", "puede", "dijo"), in each
/// language: never in a span. From `words/<locale>/clause-verbs.txt`.
static CLAUSE_VERBS: LazyLock<[Vec<&str>; 2]> =
    LazyLock::new(|| word_files!("clause-verbs").map(|file| lines(file).collect()));

/// Words that put a source before its name ("from", "according to", "según"), from
/// `words/{en,es}/citing-words.txt`.
static CITING_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("citing-words").collect());

/// Words that give a figure without digits ("half", "tres", "por ciento"), from
/// `words/{en,es}/figure-words.txt`.
static FIGURE_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("figure-words").collect());

/// Most spans offered (the shortest ones first), to keep the grammar small.
const MOST_SPANS: usize = 80;
/// Longest answer, in tokens: a five-word span and the JSON around it.
const MAX_DETAIL_TOKENS: u32 = 48;

/// What the model is told.
const DETAIL_INSTRUCTIONS: &str = "You read a text a student wrote for one step of an argument and pick the words that show best what it gives that step, such as a number, a place, a group of people or a source. Answer with JSON only.";

/// The detail each step's example text gives, in each language: a span of the text
/// [`example`] has for that step (none for the warrant, which gets no detail).
const EXAMPLE_DETAILS: [(ToulminStep, Language, &str); 12] = [
    (ToulminStep::Claim, Language::En, "plant more trees"),
    (ToulminStep::Grounds, Language::En, "40 degrees in June"),
    (ToulminStep::GroundsBacking, Language::En, "weather station"),
    (
        ToulminStep::WarrantBacking,
        Language::En,
        "studies of city parks",
    ),
    (ToulminStep::Qualifier, Language::En, "sunny playgrounds"),
    (
        ToulminStep::Rebuttal,
        Language::En,
        "the trees block the light",
    ),
    (ToulminStep::Claim, Language::Es, "plantar más árboles"),
    (ToulminStep::Grounds, Language::Es, "40 grados"),
    (
        ToulminStep::GroundsBacking,
        Language::Es,
        "la estación meteorológica del colegio",
    ),
    (
        ToulminStep::WarrantBacking,
        Language::Es,
        "estudios de parques urbanos",
    ),
    (ToulminStep::Qualifier, Language::Es, "patios soleados"),
    (
        ToulminStep::Rebuttal,
        Language::Es,
        "los árboles quiten la luz",
    ),
];

/// Words a remark uses to say a text gives a figure ("number", "cifra"), from
/// `words/{en,es}/figure-names.txt`.
static FIGURE_NAMES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("figure-names").collect());

/// Words a remark uses to say a text names a source ("source", "fuente"), from
/// `words/{en,es}/source-names.txt`.
static SOURCE_NAMES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("source-names").collect());

/// Whether normalised `plain` holds a figure: digits or a figure word.
fn has_figure(plain: &str) -> bool {
    plain.chars().any(|c| c.is_ascii_digit()) || FIGURE_WORDS.iter().any(|f| has_phrase(plain, f))
}

/// Whether the model's `remark` names a kind of detail its words do not hold: a number
/// with no figure ("El texto proporciona una cifra: muchos jóvenes chilenos tienen
/// deudas."), a source with no word of authority and no name. Such a remark is refused
/// like one the filter refuses.
pub fn misnames_its_detail(remark: &str) -> bool {
    let plain = normalize(remark);
    let says = |names: &[&str]| names.iter().any(|n| has_phrase(&plain, n));
    let no_figure = says(&FIGURE_NAMES) && !has_figure(&plain);
    let no_source =
        says(&SOURCE_NAMES) && authorities(remark).is_empty() && named_sources(remark).is_empty();
    no_figure || no_source
}

/// What a detail is, as code reads it: the frame the app puts around it depends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DetailKind {
    /// It holds a figure ("1 in 20 adults", "40 grados", "la mitad de los jóvenes").
    Figure,
    /// It holds a source the text names ("the NHS", "una encuesta").
    Source,
    /// Anything else: what the step's texts give (a position, a reason, a case…).
    Other,
}

impl DetailKind {
    /// The kind's name in the message file.
    fn as_str(self) -> &'static str {
        match self {
            Self::Figure => "figure",
            Self::Source => "source",
            Self::Other => "other",
        }
    }
}

/// The model's answer: one of the spans offered.
#[derive(Debug, Deserialize)]
struct Detail {
    detail: String,
}

/// What `span` is, in a text naming `sources` for `step`: a word of authority makes it
/// a source ("a survey", not "June"); in a backing, whose job is to name one, so does a
/// name it opens with when the text `cites` it ("the NHS says", "según la OCDE"; not
/// "CPR straight away").
fn kind_of(
    step: ToulminStep,
    span: &[Word],
    sources: &[String],
    authorities: &[String],
    cites: bool,
) -> DetailKind {
    let plain: Vec<&str> = span.iter().map(|w| w.plain.as_str()).collect();
    let joined = plain.join(" ");
    let names = |source: &String| {
        let source: Vec<&str> = source.split(' ').collect();
        plain.windows(source.len()).any(|w| w == source.as_slice())
    };
    let backing = matches!(
        step,
        ToulminStep::GroundsBacking | ToulminStep::WarrantBacking
    );
    // The span's head: its first word, or its second after a word naming nothing ("the",
    // "la").
    let opens_with = usize::from(!names_something(&span[..1])) + 1;
    let head = |source: &String| plain.iter().take(opens_with).any(|w| w == source);
    if has_figure(&joined) {
        DetailKind::Figure
    } else if authorities.iter().any(names) || backing && cites && sources.iter().any(head) {
        DetailKind::Source
    } else {
        DetailKind::Other
    }
}

/// Whether `words[at..at + len]` is cited as a source in its text: a citing word right
/// before it ([`CITING_WORDS`]) or a word of finding right after it ("says", "dijo").
fn cited(words: &[Word], at: usize, len: usize) -> bool {
    let before: Vec<&str> = words[..at].iter().map(|w| w.plain.as_str()).collect();
    let cite = CITING_WORDS.iter().any(|c| {
        let c: Vec<&str> = c.split(' ').collect();
        before.ends_with(&c)
    });
    cite || words
        .get(at + len)
        .is_some_and(|w| is_finding_word(&w.plain))
}

/// The remark on a text for `step` whose telling detail is `detail` (as shown), of `kind`.
fn framed(step: ToulminStep, language: Language, kind: DetailKind, detail: &str) -> String {
    say!(
        MESSAGES,
        language,
        "coach-remark-detail",
        step = step.as_str(),
        kind = kind.as_str(),
        detail = detail
    )
}

/// Whether the words before `at` in `text` end a sentence (or there are none).
fn opens_sentence(text: &str, at: usize) -> bool {
    text[..at]
        .trim_end()
        .chars()
        .last()
        .is_none_or(|c| matches!(c, '.' | '!' | '?' | ':'))
}

/// Whether `word` is in `language`'s half of `lists`.
fn listed(lists: &[Vec<&str>; 2], language: Language, word: &Word) -> bool {
    let list = match language {
        Language::En => &lists[0],
        Language::Es => &lists[1],
    };
    list.contains(&word.plain.as_str())
}

/// Whether `word` is part of a name: capitalised where no sentence opens.
fn in_name(text: &str, word: &Word) -> bool {
    text[word.start..].starts_with(char::is_uppercase) && !opens_sentence(text, word.start)
}

/// Whether `words[at..at + len]` of `text` stands as a phrase of its own: within one
/// clause, opening with an opener or a word that names something and closing with the
/// latter, with only such words and links between ([`LINKS`]) and no helping verb
/// or verb of saying ([`CLAUSE_VERBS`]), and cutting no opener
/// off its phrase nor a name in two ("the | weather station", "the Red | Cross").
fn stands_alone(
    step: ToulminStep,
    language: Language,
    text: &str,
    words: &[Word],
    at: usize,
    len: usize,
) -> bool {
    // A case, a scope or an idea a warrant links is a clause ("the kids are too young",
    // "tablets get updated"): any word may stand inside it.
    let clause = matches!(
        step,
        ToulminStep::Rebuttal | ToulminStep::Qualifier | ToulminStep::Warrant
    );
    let is_opener = |w: &Word| listed(&OPENERS, language, w);
    let names =
        |w: &Word| names_something(std::slice::from_ref(w)) && !listed(&CLAUSE_VERBS, language, w);
    let joins = |w: &Word| is_opener(w) || listed(&LINKS, language, w) || names(w);
    let span = &words[at..at + len];
    let (first, last) = (&span[0], &span[len - 1]);
    let before = at
        .checked_sub(1)
        .map(|i| &words[i])
        .filter(|w| !w.ends_clause);
    let after = words.get(at + len).filter(|_| !last.ends_clause);
    // A figure counts the word after it ("25 | kids"): the two stay together.
    let figure = |w: &Word| w.plain.chars().any(|c| c.is_ascii_digit());
    let cut_before = before.is_some_and(|b| {
        is_opener(b) || in_name(text, b) && in_name(text, first) || figure(b) && names(first)
    });
    let cut_after = after.is_some_and(|a| {
        is_opener(a) || in_name(text, a) && in_name(text, last) || figure(last) && names(a)
    });
    // A piece that normalises to several words ("it's") is taken whole or not at all.
    let splits_a_piece = at > 0 && words[at - 1].start == first.start
        || words.get(at + len).is_some_and(|w| w.start == last.start);
    !cut_before
        && !cut_after
        && !splits_a_piece
        && !span[..len - 1].iter().any(|w| w.ends_clause)
        && (clause || span[1..len - 1].iter().all(joins))
        && (is_opener(first) || names(first))
        && names(last)
}

/// Whether `written` has a mark that ends a clause inside it ("survey,la"), a figure's
/// ("3,000", "1.5") aside.
fn breaks_a_clause(written: &str) -> bool {
    let chars: Vec<char> = written.chars().collect();
    chars.iter().enumerate().any(|(i, c)| {
        let figure = i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        matches!(c, ',' | ';' | ':' | '.' | '!' | '?') && !figure
    })
}

/// A span of a text a remark may name, with its place.
#[derive(Debug, Clone)]
pub struct PlacedSpan {
    /// The span as shown: as written, lowercased when it opens a sentence.
    pub shown: String,
    /// Its words, normalised, joined by spaces.
    pub plain: String,
    /// What it is.
    kind: DetailKind,
    /// The index of its first word in [`words_of`] the text.
    pub first: usize,
    /// The index of its last word.
    pub last: usize,
}

/// The spans of `text` a remark may name, as written, each with its kind: see
/// [`placed_spans`].
fn spans(step: ToulminStep, language: Language, text: &str) -> Vec<(String, DetailKind)> {
    placed_spans(step, language, text)
        .into_iter()
        .map(|s| (s.shown, s.kind))
        .collect()
}

/// The spans of `text` a remark on it for `step` may name, with their places: phrases
/// of their own ([`stands_alone`]) of at most [`MOST_DETAIL_WORDS`] words and under two
/// thirds of the text, two words or more ("10" alone says little). Shortest first, no
/// two shown alike.
pub fn placed_spans(step: ToulminStep, language: Language, text: &str) -> Vec<PlacedSpan> {
    let words = words_of(text);
    let (sources, authorities) = (named_sources(text), authorities(text));
    let mut out: Vec<PlacedSpan> = Vec::new();
    for len in 2..=MOST_DETAIL_WORDS {
        if len * 3 >= words.len() * 2 {
            break;
        }
        for at in 0..=words.len() - len {
            if !stands_alone(step, language, text, &words, at, len) {
                continue;
            }
            let span = &words[at..at + len];
            let cites = cited(&words, at, len);
            let kind = kind_of(step, span, &sources, &authorities, cites);
            let written = &text[span[0].start..span[len - 1].end];
            let plain: Vec<&str> = span.iter().map(|w| w.plain.as_str()).collect();
            let joined = plain.join(" ");
            let next = words.get(at + len).map_or("", |w| w.plain.as_str());
            if breaks_a_clause(written) || ends_with_hedge(&joined) || cuts_a_hedge(&joined, next) {
                continue;
            }
            let shown = if opens_sentence(text, span[0].start) {
                lowercased(written)
            } else {
                written.to_string()
            };
            if !out.iter().any(|s| s.shown == shown) {
                out.push(PlacedSpan {
                    shown,
                    plain: joined,
                    kind,
                    first: at,
                    last: at + len - 1,
                });
            }
        }
    }
    out.truncate(MOST_SPANS);
    out
}

/// The kind of detail `step`'s text is for, when the text has one: a figure for the
/// grounds, a source for a backing; those spans are then the only ones offered.
fn wanted(step: ToulminStep) -> Option<DetailKind> {
    match step {
        ToulminStep::Grounds => Some(DetailKind::Figure),
        ToulminStep::GroundsBacking | ToulminStep::WarrantBacking => Some(DetailKind::Source),
        _ => None,
    }
}

/// The remarks the app could frame on `text`, each with the span it names: only those
/// `filter` keeps, and only the step's [`wanted`] kind when any is of it.
fn offered(input: &CoachTurnInput, text: &str, filter: &ReplyFilter) -> Vec<(String, String)> {
    let step = input.current_step;
    let kept: Vec<(String, DetailKind, String)> = spans(step, input.language, text)
        .into_iter()
        .map(|(span, kind)| {
            let remark = framed(step, input.language, kind, &span);
            (span, kind, remark)
        })
        .filter(|(_, _, remark)| filter.check(remark).is_ok())
        .collect();
    let of_kind = |kind: Option<DetailKind>| {
        kept.iter()
            .filter(|(_, k, _)| kind.is_none_or(|w| *k == w))
            .map(|(span, _, remark)| (span.clone(), remark.clone()))
            .collect::<Vec<_>>()
    };
    let wanted = of_kind(wanted(step));
    if wanted.is_empty() {
        of_kind(None)
    } else {
        wanted
    }
}

/// The request: the step, its example and the text; the grammar allows only `spans`.
fn detail_request(input: &CoachTurnInput, text: &str) -> LlmRequest {
    let step = input.current_step;
    let mut content = format!("Step: {}.", step.as_str());
    let detail = EXAMPLE_DETAILS
        .iter()
        .find(|(s, l, _)| *s == step && *l == input.language)
        .map(|(_, _, d)| *d);
    if let (Some((example, _)), Some(detail)) = (example(step, input.language), detail) {
        content.push_str(&format!(
            "\nExample, on another topic: {example} -> {{\"detail\":\"{detail}\"}}"
        ));
    }
    content.push_str(&format!("\nText: {}", text.trim()));
    let mut request = LlmRequest::new(DETAIL_INSTRUCTIONS, content).with_cache_key(CACHE_KEY);
    request.limits.max_tokens = MAX_DETAIL_TOKENS;
    request
}

/// The grammar's schema: one field, `detail`, one of `spans`.
fn detail_schema(spans: &[&str]) -> Value {
    json!({
        "type": "object",
        "properties": {"detail": {"type": "string", "enum": spans}},
        "required": ["detail"],
        "additionalProperties": false
    })
}

/// The app's remark on `text` (offered for `input`'s step, not the warrant: see
/// [`super::link`]) framing the detail the model picks, when the text has at least
/// [`FEWEST_SPANS`] details `filter` would keep; `None` when it has fewer, or the
/// model's answer is unusable.
pub async fn detail_remark(
    llm: &dyn Llm,
    input: &CoachTurnInput,
    text: &str,
    filter: &ReplyFilter,
    cancel: &CancelFlag,
) -> Option<String> {
    let offered = offered(input, text, filter);
    if offered.len() < FEWEST_SPANS {
        return None;
    }
    let names: Vec<&str> = offered.iter().map(|(span, _)| span.as_str()).collect();
    let schema = detail_schema(&names);
    let answer = llm
        .complete_json(&detail_request(input, text), &schema, &mut |_| {}, cancel)
        .await
        .ok()?;
    let picked: Detail = parse_output(&answer, &schema).ok()?;
    let remark = offered
        .into_iter()
        .find(|(span, _)| *span == picked.detail)
        .map(|(_, remark)| remark);
    tracing::info!(
        detail = %picked.detail,
        framed = remark.is_some(),
        "the model picked the detail of a refused remark"
    );
    remark
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::remark_filter;
    use lantern_core::llm::ScriptedLlm;
    use lantern_core::text::normalize::normalize;

    /// Whether `detail` is a span of `text` word for word (normalised).
    fn is_span_of(detail: &str, text: &str) -> bool {
        let text = format!(" {} ", normalize(text));
        text.contains(&format!(" {} ", normalize(detail)))
    }

    fn offered_at(step: ToulminStep, text: &str, language: Language) -> Vec<(String, String)> {
        let mut input = CoachTurnInput::first_message(step, text, language);
        input
            .draft
            .set(ToulminStep::Claim, "Schools should teach first aid.");
        offered(&input, text, &remark_filter(&input))
    }

    /// Asserts that `text`, offered for `step`, can get `remark`.
    fn assert_framed(step: ToulminStep, text: &str, language: Language, remark: &str) {
        let offered = offered_at(step, text, language);
        assert!(offered.iter().any(|(_, r)| r == remark), "{offered:?}");
    }

    #[test]
    fn every_example_detail_is_a_span_the_app_offers_of_its_example() {
        for (step, language, detail) in EXAMPLE_DETAILS {
            let (text, _) = example(step, language).unwrap();
            assert!(is_span_of(detail, text), "{detail}");
            let spans = spans(step, language, text);
            assert!(
                spans.iter().any(|(s, _)| s == detail),
                "{detail} not among {spans:?}"
            );
        }
    }

    #[test]
    fn a_span_with_a_figure_is_framed_as_a_number() {
        assert_framed(
            ToulminStep::Grounds,
            "A survey said only like 1 in 20 adults would know what to do.",
            Language::En,
            "Your evidence names a number: 1 in 20 adults.",
        );
    }

    #[test]
    fn a_figure_in_words_is_framed_as_a_number() {
        assert_framed(
            ToulminStep::Grounds,
            "según la CMF, la mitad de los jóvenes no sabe qué es una tasa de interés",
            Language::Es,
            "Tus datos dan una cifra: la mitad de los jóvenes.",
        );
    }

    #[test]
    fn a_span_with_a_named_source_is_framed_as_a_source() {
        assert_framed(
            ToulminStep::GroundsBacking,
            "Those figures come from the Red Cross website, checked last week.",
            Language::En,
            "Your backing names a source: the Red Cross website.",
        );
    }

    #[test]
    fn a_backing_naming_a_source_is_offered_only_its_source() {
        let text = "the NHS says starting CPR straight away can double the chance of surviving";
        let offered = offered_at(ToulminStep::WarrantBacking, text, Language::En);
        assert_eq!(
            offered,
            vec![(
                "the NHS".to_string(),
                "Your backing names a source: the NHS.".to_string()
            )]
        );
        let grounds = offered_at(
            ToulminStep::Grounds,
            "in my school 25 kids of year 7 eat more greens since the garden opened",
            Language::En,
        );
        let figure = |s: &String| s.chars().any(|c| c.is_ascii_digit());
        assert!(grounds.iter().all(|(s, _)| figure(s)), "{grounds:?}");
        assert!(
            !grounds.iter().any(|(s, _)| s == "my school 25"),
            "{grounds:?}"
        );
        assert!(
            !grounds.iter().any(|(s, _)| s == "kids of year 7"),
            "{grounds:?}"
        );
    }

    #[test]
    fn a_case_is_a_clause_and_no_detail_ends_with_a_hedge() {
        let case = "unless the kids are too young, like under 10";
        let spans_of = |step, language, text| -> Vec<String> {
            spans(step, language, text)
                .into_iter()
                .map(|(s, _)| s)
                .collect()
        };
        let cases = spans_of(ToulminStep::Rebuttal, Language::En, case);
        assert!(
            cases.contains(&"the kids are too young".to_string()),
            "{cases:?}"
        );
        let scope = "en la mayoría de las secundarias, en primaria tal vez no tanto";
        let scopes = spans_of(ToulminStep::Qualifier, Language::Es, scope);
        assert!(
            !scopes.contains(&"primaria tal vez".to_string()),
            "{scopes:?}"
        );
        assert!(
            scopes.contains(&"la mayoría de las secundarias".to_string()),
            "{scopes:?}"
        );
    }

    #[test]
    fn another_thing_stays_one_phrase() {
        let text = "a no ser que ya haya otra asignatura, como economía, que enseñe lo mismo";
        let spans = spans(ToulminStep::Rebuttal, Language::Es, text);
        assert!(
            spans.iter().any(|(s, _)| s == "otra asignatura"),
            "{spans:?}"
        );
    }

    #[test]
    fn a_span_is_shown_as_written_and_lower_cased_when_it_opens_the_text() {
        let offered = offered_at(
            ToulminStep::Rebuttal,
            "Unless parents cannot pay for the training courses in Madrid.",
            Language::En,
        );
        let spans: Vec<&str> = offered.iter().map(|(s, _)| s.as_str()).collect();
        assert!(
            spans.contains(&"the training courses in Madrid"),
            "{spans:?}"
        );
        assert!(spans.contains(&"parents cannot pay"), "{spans:?}");
        let survey = offered_at(
            ToulminStep::Grounds,
            "A survey said only like 1 in 20 adults would know it",
            Language::En,
        );
        assert!(
            !survey.iter().any(|(s, _)| s.contains("said")),
            "{survey:?}"
        );
        assert!(!offered_at(
            ToulminStep::Grounds,
            "only 1 in 20 adults would know it",
            Language::En
        )
        .iter()
        .any(|(s, _)| s == "adults would know"));
    }

    #[test]
    fn a_remark_naming_a_kind_of_detail_it_does_not_hold_is_refused() {
        assert!(misnames_its_detail(
            "El texto proporciona una cifra: muchos jóvenes chilenos tienen deudas."
        ));
        assert!(misnames_its_detail(
            "Your backing names a source: my own idea."
        ));
        assert!(!misnames_its_detail(
            "Tus datos dan una cifra: la mitad de los jóvenes."
        ));
        assert!(!misnames_its_detail(
            "Your evidence names a number: 40 crashes."
        ));
        assert!(!misnames_its_detail(
            "Your backing names a source: the NHS website."
        ));
        assert!(!misnames_its_detail(
            "Your backing names a source: a survey."
        ));
        assert!(!misnames_its_detail(
            "Your warrant links shade with cooler pupils."
        ));
    }

    #[test]
    fn a_figure_s_marks_break_no_clause() {
        assert!(!breaks_a_clause("3,000 students"));
        assert!(!breaks_a_clause("1.5 degrees"));
        assert!(breaks_a_clause("survey,la"));
    }

    #[test]
    fn no_span_crosses_a_clause_or_is_most_of_the_text() {
        let text = "in my town, 40 kids, most of them";
        for (span, _) in spans(ToulminStep::Grounds, Language::En, text) {
            assert!(!span.contains(','), "{span}");
        }
        assert!(spans(ToulminStep::Grounds, Language::En, "only 40 kids")
            .iter()
            .all(|(s, _)| s.split(' ').count() < 2));
    }

    #[test]
    fn spanish_texts_get_spanish_frames() {
        assert_framed(
            ToulminStep::Grounds,
            "En mi instituto, 3 de cada 10 alumnos saben hacer la RCP.",
            Language::Es,
            "Tus datos dan una cifra: 3 de cada 10 alumnos.",
        );
    }

    #[test]
    fn every_frame_passes_the_remark_filter_in_both_languages() {
        let texts = [
            (
                Language::En,
                "the Red Cross found that 3 surveys in small towns agree",
            ),
            (
                Language::Es,
                "la Cruz Roja vio que 3 encuestas en los pueblos coinciden",
            ),
        ];
        let details = [
            (DetailKind::Figure, ["3 surveys", "3 encuestas"]),
            (DetailKind::Source, ["the Red Cross", "la Cruz Roja"]),
            (DetailKind::Other, ["small towns", "los pueblos"]),
        ];
        for step in ToulminStep::ALL
            .into_iter()
            .filter(|s| *s != ToulminStep::Warrant)
        {
            for (i, (language, text)) in texts.into_iter().enumerate() {
                let mut input = CoachTurnInput::first_message(step, text, language);
                input
                    .draft
                    .set(ToulminStep::Claim, "Schools should teach first aid.");
                let filter = remark_filter(&input);
                for (kind, detail) in details {
                    let remark = framed(step, language, kind, detail[i]);
                    assert_eq!(filter.check(&remark), Ok(()), "{remark}");
                }
            }
        }
    }

    /// The detail remark on `text` offered for `step` when the model answers `answers`,
    /// with the requests it was asked.
    async fn picked(
        step: ToulminStep,
        text: &str,
        answers: &[&str],
    ) -> (Option<String>, Vec<LlmRequest>) {
        let mut input = CoachTurnInput::first_message(step, text, Language::En);
        input
            .draft
            .set(ToulminStep::Claim, "Schools should teach first aid.");
        let llm = ScriptedLlm::new(answers.iter().map(|a| Ok(a.to_string())));
        let filter = remark_filter(&input);
        let remark = detail_remark(&llm, &input, text, &filter, &CancelFlag::default()).await;
        (remark, llm.requests())
    }

    const SURVEY: &str = "A survey said only like 1 in 20 adults would know what to do.";

    #[tokio::test]
    async fn the_model_picks_a_span_and_the_app_frames_it() {
        let (remark, asked) = picked(
            ToulminStep::Grounds,
            SURVEY,
            &[r#"{"detail":"1 in 20 adults"}"#],
        )
        .await;
        assert_eq!(
            remark.as_deref(),
            Some("Your evidence names a number: 1 in 20 adults.")
        );
        assert!(asked[0].messages[0].content.ends_with(SURVEY));
        assert!(asked[0].messages[0].content.contains("40 degrees in June"));
    }

    #[tokio::test]
    async fn an_answer_that_is_no_span_offered_frames_nothing() {
        let answer = r#"{"detail":"40 degrees in June"}"#;
        let (remark, _) = picked(ToulminStep::Grounds, SURVEY, &[answer]).await;
        assert_eq!(remark, None);
    }

    #[tokio::test]
    async fn a_text_with_a_single_detail_asks_the_model_nothing() {
        let (remark, asked) = picked(ToulminStep::Grounds, "just 40", &[]).await;
        assert_eq!(remark, None);
        assert!(asked.is_empty());
    }

    proptest::proptest! {
        /// Whatever the text, every span offered is the student's words as written
        /// (its first letter aside), a short phrase of one clause, and each is offered once.
        #[test]
        fn a_span_is_a_short_phrase_of_the_text_as_written(
            text in proptest::prop_oneof![
                "(the|la|Red Cross|survey|encuesta|40|1 in 20|adults|niños|,|\\.|and|en| ){0,20}",
                ".{0,120}",
            ],
            step in proptest::sample::select(ToulminStep::ALL.to_vec()),
            spanish in proptest::bool::ANY,
        ) {
            let language = if spanish { Language::Es } else { Language::En };
            let spans = spans(step, language, &text);
            for (i, (span, _)) in spans.iter().enumerate() {
                let found = text.contains(span.as_str())
                    || text.contains(crate::reading::capitalized(span).as_str());
                proptest::prop_assert!(found, "{span}");
                proptest::prop_assert!(words_of(span).len() <= MOST_DETAIL_WORDS, "{span}");
                proptest::prop_assert!(!breaks_a_clause(span), "{span}");
                proptest::prop_assert!(!spans[..i].iter().any(|(s, _)| s == span), "{span}");
            }
        }
    }

    #[test]
    fn the_grammar_allows_only_the_spans_offered() {
        let schema = detail_schema(&["1 in 20 adults", "survey"]);
        assert_eq!(schema["properties"]["detail"]["enum"][1], "survey");
        assert_eq!(schema["required"][0], "detail");
    }
}
