//! The passage a turn rests on (issue #33 item 1): the sentences of one unit's own
//! material — its anchor and the chunks retrieved from its notes, transcripts and PDFs —
//! that best answer the student's message, with where they come from. The passage is
//! authored, so it is shown as it is; the model's sentences must be supported by it.

use lantern_core::retrieval::ChunkType;
use lantern_core::text::normalize::normalize;
use lantern_core::text::notes::{plain, quotable, text_sentences};
use lantern_core::text::terms::{content_terms, term_keys, term_of, Term};
use lantern_core::word_list;
use lantern_core::words::lines;
use lantern_packs::course::Unit;
use std::collections::BTreeSet;
use std::sync::LazyLock;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The source name of a unit's anchor (its summary in course.json).
pub const ANCHOR_SOURCE: &str = "course.json";
/// A quote shorter than this many words takes the next sentence too.
const SHORT_QUOTE_WORDS: usize = 12;
/// Most characters of a passage's full text.
pub const FULL_TEXT_CHARS: usize = 2_000;

/// Authored material a reply rests on, and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct SourcePassage {
    /// The unit whose material it is.
    pub unit_id: String,
    /// That unit's title.
    pub unit_title: String,
    /// The file in the pack (`units/GEO-01.md`), or `course.json` for the anchor.
    pub source: String,
    /// The section heading, time window or page, when the material has one.
    pub section: String,
    /// The sentences quoted.
    pub quote: String,
    /// The whole chunk the quote comes from, for "show all".
    pub full_text: String,
}

/// A piece of a unit's material as retrieval found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Material {
    /// The unit.
    pub unit_id: String,
    /// What kind of material.
    pub chunk_type: ChunkType,
    /// The file.
    pub source: String,
    /// Heading, time window or page.
    pub section: String,
    /// The text.
    pub text: String,
}

fn cut_chars(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max.saturating_sub(1)).collect();
    format!("{}…", head.trim_end())
}

/// A text the passage may quote, best first: the anchor, then the unit's chunks in
/// retrieval order (memos never: they belong to exam questions).
fn candidates<'a>(unit: &'a Unit, material: &'a [Material]) -> Vec<(&'a str, &'a str, &'a str)> {
    let mut out = vec![(unit.anchor.as_str(), ANCHOR_SOURCE, "")];
    out.extend(
        material
            .iter()
            .filter(|m| m.unit_id == unit.id && m.chunk_type != ChunkType::Memo)
            .map(|m| (m.text.as_str(), m.source.as_str(), m.section.as_str())),
    );
    out
}

/// Words that ask what something is.
static DEFINITION_ASKS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("definition-asks").collect());
/// Words that state what something is.
static DEFINITION_VERBS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("definition-verbs").collect());

/// Whether `sentence` defines one of the message's terms ("A transversal is …").
fn defines(sentence: &str, wanted: &BTreeSet<String>) -> bool {
    let words: Vec<String> = sentence
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    words.windows(2).any(|pair| {
        DEFINITION_VERBS.contains(&pair[1].as_str())
            && content_terms(&pair[0])
                .first()
                .is_some_and(|t| t.in_keys(wanted))
    })
}

/// Words that ask why.
static WHY_ASKS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("why-asks").collect());
/// Words that ask how something is done or works.
static HOW_ASKS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("how-asks").collect());
/// Words of a message that say nothing about its subject ("what was it *actually*
/// used for lol"): they never choose a passage.
static MESSAGE_FILLER: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("message-filler").collect());
/// Phrases of a question whose words say nothing about its subject ("what does FANBOYS
/// *stand for*").
static FILLER_PHRASES: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("filler-phrases").collect());

/// `message` without its [`FILLER_PHRASES`].
fn without_phrases(message: &str) -> String {
    let mut out = message.to_lowercase();
    for p in FILLER_PHRASES.iter() {
        out = out.replace(p, " ");
    }
    out
}

/// Words of order and place that stop-word lists drop but a question can hinge on
/// ("before or after the noun?"), each with its translations: a line of
/// `words/any/relation-words.txt`.
static RELATION_WORDS: LazyLock<Vec<Vec<&str>>> = LazyLock::new(|| {
    lines(include_str!("../words/any/relation-words.txt"))
        .map(|line| line.split_whitespace().collect())
        .collect()
});
/// Words that say a sentence gives a reason.
static REASON_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("reason-words").collect());
/// Most words of a passage of two sentences.
const MAX_PASSAGE_WORDS: usize = 60;
/// What a second sentence costs: it is quoted only when it adds a term or a reason.
const SECOND_SENTENCE_COST: f64 = 0.25;

/// Which of the message's terms a sentence uses (by index), and whether it defines one
/// of them or gives a reason.
struct SentenceMatch {
    terms: BTreeSet<usize>,
    defines: bool,
    reason: bool,
    words: usize,
}

/// The key a word quoted or named in the message matches by: the word itself, stop
/// word or not ('is', 'very', 'go').
fn mention_key(word: &str) -> String {
    format!("={word}")
}

/// The words the message quotes ('go', "very tall") and its words of order and place,
/// as terms matched word for word.
fn mentions(message: &str) -> Vec<Term> {
    const QUOTES: &[char] = &['\'', '"', '‘', '’', '“', '”', '«', '»'];
    let mut out = Vec::new();
    let mut quoted = false;
    for raw in message.split_whitespace() {
        let opens = raw.starts_with(QUOTES);
        let closes = raw
            .trim_end_matches(|c: char| c.is_ascii_punctuation() && !QUOTES.contains(&c))
            .ends_with(QUOTES);
        let inside = quoted || opens;
        let word = normalize(raw.trim_matches(|c: char| !c.is_alphanumeric()));
        // A quoted content word is already a term; a quoted stop word is not.
        if inside && !word.is_empty() && !word.contains(' ') && term_of(&word).is_none() {
            out.push(Term {
                keys: vec![mention_key(&word)],
                word,
                is_number: false,
            });
        } else if let Some(forms) = RELATION_WORDS.iter().find(|f| f.contains(&word.as_str())) {
            out.push(Term {
                keys: forms.iter().map(|f| mention_key(&normalize(f))).collect(),
                word,
                is_number: false,
            });
        }
        quoted = inside && !(closes && (quoted || raw.chars().count() > 1));
    }
    out
}

/// A sentence's match keys: its content terms' keys and a [`mention_key`] of each word.
fn sentence_keys(sentence: &str) -> BTreeSet<String> {
    let mut keys = term_keys(sentence);
    keys.extend(
        normalize(sentence)
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(mention_key),
    );
    keys
}

/// How `sentence` (with its `keys`) matches the message's terms (`wanted`, whose keys
/// together are `wanted_keys`).
fn match_sentence(
    sentence: &str,
    keys: &BTreeSet<String>,
    wanted: &[Term],
    wanted_keys: &BTreeSet<String>,
) -> SentenceMatch {
    let lower = sentence.to_lowercase();
    SentenceMatch {
        terms: (0..wanted.len())
            .filter(|i| wanted[*i].in_keys(keys))
            .collect(),
        defines: defines(sentence, wanted_keys),
        reason: REASON_WORDS.iter().any(|w| lower.contains(w)),
        words: sentence.split_whitespace().count(),
    }
}

/// Shortest word a misspelling is looked for in ("trapers" → "trappers").
const MIN_RESPELL_CHARS: usize = 5;

/// Replaces each of the message's words that no sentence of the material uses by the
/// material's word one edit away, if there is exactly one ("wat did trapers do", "wats
/// the water tabel"): students type fast.
fn respell(wanted: &mut [Term], keys: &[Vec<BTreeSet<String>>]) {
    let all: BTreeSet<&String> = keys.iter().flatten().flatten().collect();
    let content: BTreeSet<String> = all
        .iter()
        .filter(|k| !k.starts_with('='))
        .map(|k| (*k).clone())
        .collect();
    let words: Vec<&str> = all
        .iter()
        .filter_map(|k| k.strip_prefix('='))
        .filter(|w| w.chars().count() >= MIN_RESPELL_CHARS)
        .collect();
    for term in wanted.iter_mut() {
        if term.is_number || term.in_keys(&content) || term.word.chars().count() < MIN_RESPELL_CHARS
        {
            continue;
        }
        let near: Vec<&&str> = words
            .iter()
            .filter(|w| strsim::osa_distance(w, &term.word) == 1)
            .collect();
        if let [one] = near.as_slice() {
            if let Some(t) = term_of(one) {
                *term = t;
            }
        }
    }
}

/// Where a passage chosen as `ss[first..end]` should end: it runs on while it is
/// shorter than [`SHORT_QUOTE_WORDS`], while it ends on a question the material goes on
/// to answer (until [`SHORT_QUOTE_WORDS`] words of answer), and then by one sentence
/// more for an explanation (`explains`: the next step of a worked example), never past [`MAX_PASSAGE_WORDS`] once it has a sentence
/// of answer.
fn passage_end(ss: &[String], first: usize, mut end: usize, explains: bool) -> usize {
    let words = |s: &String| s.split_whitespace().count();
    let mut total: usize = ss.get(first..end).map_or(0, |q| q.iter().map(words).sum());
    let mut answer = total;
    let mut explanation = usize::from(explains);
    while let Some(next) = ss.get(end).filter(|n| quotable(n)) {
        let last = ss[end - 1].trim_end();
        if last.ends_with('?') {
            answer = 0;
        }
        let short = answer < SHORT_QUOTE_WORDS;
        if !(short || explanation > 0) || total + words(next) > MAX_PASSAGE_WORDS && answer > 0 {
            break;
        }
        if !short {
            explanation -= 1;
        }
        total += words(next);
        answer += words(next);
        end += 1;
    }
    end
}

/// The passage of `unit`'s material that best answers `message`: one sentence, or two
/// running on, scored by the message's terms they use — a term that many sentences use
/// counts less —, a definition when one is asked for and a reason when the message asks
/// why (ties go to the anchor, then to retrieval order). A short sentence takes the next
/// one too. A message sharing nothing with the material gets the anchor's first
/// sentence, the unit's main idea.
pub fn best_passage(unit: &Unit, material: &[Material], message: &str) -> SourcePassage {
    let mut wanted = content_terms(&without_phrases(message));
    wanted.retain(|t| !MESSAGE_FILLER.contains(&t.word.as_str()));
    wanted.extend(mentions(message));
    let mut seen = BTreeSet::new();
    wanted.retain(|t| seen.insert(t.keys.clone()));
    let lower = message.to_lowercase();
    let asks_definition = DEFINITION_ASKS.iter().any(|a| lower.contains(a));
    let asks_why = WHY_ASKS.iter().any(|a| lower.contains(a));
    // An explanation runs over sentences: a why or how question takes the next
    // sentence too when it fits.
    let explains = asks_why
        || lower
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| HOW_ASKS.contains(&w));
    let texts = candidates(unit, material);
    let split: Vec<Vec<String>> = texts.iter().map(|(t, _, _)| text_sentences(t)).collect();
    // Each sentence's keys, read once for the respelling and the matching.
    let keys: Vec<Vec<BTreeSet<String>>> = split
        .iter()
        .map(|ss| ss.iter().map(|s| sentence_keys(s)).collect())
        .collect();
    respell(&mut wanted, &keys);
    let wanted_keys: BTreeSet<String> = wanted.iter().flat_map(|t| t.keys.clone()).collect();
    let matched: Vec<Vec<Option<SentenceMatch>>> = split
        .iter()
        .zip(&keys)
        .map(|(ss, ks)| {
            ss.iter()
                .zip(ks)
                .map(|(s, k)| quotable(s).then(|| match_sentence(s, k, &wanted, &wanted_keys)))
                .collect()
        })
        .collect();
    // How informative each of the message's terms is among the quotable sentences.
    let n = matched.iter().flatten().flatten().count().max(1) as f64;
    let weight: Vec<f64> = (0..wanted.len())
        .map(|i| {
            let df = matched
                .iter()
                .flatten()
                .flatten()
                .filter(|m| m.terms.contains(&i))
                .count()
                .max(1) as f64;
            (1.0 + n / df).ln()
        })
        .collect();
    let score = |parts: &[&SentenceMatch]| -> f64 {
        let terms: BTreeSet<usize> = parts.iter().flat_map(|m| m.terms.iter().copied()).collect();
        let shared: f64 = terms.iter().map(|i| weight[*i]).sum();
        if terms.is_empty() {
            return 0.0;
        }
        let definition = asks_definition && parts.iter().any(|m| m.defines);
        let reason = asks_why && parts.iter().any(|m| m.reason);
        shared + f64::from(u8::from(definition)) + 0.5 * f64::from(u8::from(reason))
            - SECOND_SENTENCE_COST * (parts.len() - 1) as f64
    };
    let mut best: Option<(f64, usize, usize, usize)> = None; // (score, text, first, count)
    for (ti, ms) in matched.iter().enumerate() {
        for (si, m) in ms.iter().enumerate() {
            let Some(m) = m else { continue };
            let mut options = vec![(score(&[m]), 1)];
            if let Some(Some(next)) = ms.get(si + 1) {
                if m.words + next.words <= MAX_PASSAGE_WORDS {
                    options.push((score(&[m, next]), 2));
                }
            }
            for (sc, count) in options {
                if sc > 0.0 && best.is_none_or(|(b, ..)| sc > b + 1e-9) {
                    best = Some((sc, ti, si, count));
                }
            }
        }
    }
    let (ti, si, count) = best.map_or((0, 0, 1), |(_, ti, si, c)| (ti, si, c));
    let (text, source, section) = texts[ti];
    let ss = &split[ti];
    let end = passage_end(ss, si, si + count, explains);
    let mut quote = ss
        .get(si..end.min(ss.len()))
        .filter(|q| !q.is_empty())
        .map_or_else(
            || plain(text),
            |q| q.iter().map(|s| plain(s)).collect::<Vec<_>>().join(" "),
        );
    if quote.is_empty() {
        quote = plain(text);
    }
    SourcePassage {
        unit_id: unit.id.clone(),
        unit_title: unit.title.clone(),
        source: source.to_string(),
        section: section.to_string(),
        quote,
        full_text: cut_chars(text.trim(), FULL_TEXT_CHARS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit() -> Unit {
        Unit {
            id: "GEO-01".into(),
            title: "Parallel lines".into(),
            anchor: "Parallel lines never meet. A transversal makes equal corresponding angles."
                .into(),
            tags: vec![],
            misconceptions: vec![],
            content: vec!["units/GEO-01.md".into()],
            drills: vec![],
        }
    }

    fn notes() -> Vec<Material> {
        vec![Material {
            unit_id: "GEO-01".into(),
            chunk_type: ChunkType::Notes,
            source: "units/GEO-01.md".into(),
            section: "Transversals".into(),
            text: "## Transversals\nA **transversal** is a line that crosses two or more \
                   other lines. It makes eight angles."
                .into(),
        }]
    }

    #[test]
    fn a_why_question_gets_the_sentence_with_the_reason_too() {
        let mut u = unit();
        u.anchor = "The Industrial Revolution began in Britain in the eighteenth century. \
                    Britain had coal, iron and capital, because trade had made merchants rich. \
                    Factories spread to Belgium later."
            .into();
        let p = best_passage(
            &u,
            &[],
            "Why did the industrial revolution start in Britain?",
        );
        assert!(p.quote.contains("because trade"), "{}", p.quote);
        assert!(
            p.quote.starts_with("The Industrial Revolution began"),
            "{}",
            p.quote
        );
    }

    #[test]
    fn a_quoted_stop_word_is_what_the_message_is_about() {
        let mut u = unit();
        u.anchor = "A verb is a doing word, like run or jump. \
                    The verb be (is, are, was) tells a state of being, not an action."
            .into();
        let p = best_passage(&u, &[], "i dont get how 'is' can be a verb");
        assert!(p.quote.contains("state of being"), "{}", p.quote);
    }

    #[test]
    fn before_or_after_chooses_the_sentence_about_order() {
        let mut u = unit();
        u.anchor = "An adjective describes a noun, like a red kite. \
                    In English most adjectives go before the noun they describe."
            .into();
        let p = best_passage(&u, &[], "¿los adjetivos van antes o después del nombre?");
        assert!(p.quote.starts_with("In English"), "{}", p.quote);
    }

    #[test]
    fn a_question_in_the_material_is_quoted_with_its_answer() {
        let mut u = unit();
        u.anchor = "Look at this sentence: the dog sleeps. What is the verb? \
                    The verb is sleeps. Verbs can also show a state of being, like seem."
            .into();
        let p = best_passage(&u, &[], "what is the verb in the dog sleeps");
        assert!(p.quote.contains("state of being"), "{}", p.quote);
    }

    #[test]
    fn what_an_acronym_stands_for_is_the_sentence_naming_it() {
        let mut u = unit();
        u.anchor = "Some clauses cannot stand alone. \
                    Coordinating conjunctions are remembered as FANBOYS: for, and, nor, but."
            .into();
        let p = best_passage(&u, &[], "what does FANBOYS stand for");
        assert!(p.quote.starts_with("Coordinating"), "{}", p.quote);
    }

    #[test]
    fn a_misspelt_word_finds_the_word_it_meant() {
        let mut u = unit();
        u.anchor = "Many children as young as five worked long hours underground in the mines. \
                    Trappers opened and shut the ventilation doors all day."
            .into();
        let p = best_passage(&u, &[], "wat did trapers do down the mines");
        assert!(p.quote.contains("ventilation doors"), "{}", p.quote);
    }

    #[test]
    fn filler_words_choose_nothing() {
        let mut u = unit();
        u.anchor = "The engine pumped water out of flooded mines. \
                    Later the engine used a quarter of the coal."
            .into();
        let p = best_passage(&u, &[], "what was the engine actually used for lol");
        assert!(p.quote.starts_with("The engine pumped"), "{}", p.quote);
    }

    #[test]
    fn a_how_question_takes_the_next_step_too() {
        let mut u = unit();
        u.anchor = "Simplify 12/18. Both numbers are even, so dividing the top and the \
                    bottom by 2 gives 12/18 = 6/9. \
                    Both are multiples of 3: 6/9 = 2/3, which cannot be simplified."
            .into();
        let p = best_passage(&u, &[], "how do I simplify 12/18 all the way?");
        assert!(p.quote.contains("2/3"), "{}", p.quote);
    }

    #[test]
    fn a_term_every_sentence_uses_counts_less_than_a_rare_one() {
        let mut u = unit();
        u.anchor = "Fractions have a numerator. Fractions can be compared. \
                    Fractions can be simplified by dividing by a common factor."
            .into();
        let p = best_passage(&u, &[], "how do I simplify fractions");
        assert!(
            p.quote.starts_with("Fractions can be simplified"),
            "{}",
            p.quote
        );
    }

    #[test]
    fn the_sentence_that_answers_is_quoted_with_its_source() {
        let p = best_passage(&unit(), &notes(), "what is a transversal");
        assert!(
            p.quote
                .starts_with("A transversal is a line that crosses two or more other lines."),
            "{p:?}"
        );
        assert_eq!(p.source, "units/GEO-01.md");
        assert_eq!(p.section, "Transversals");
        assert!(p.full_text.contains("eight angles"));
    }

    #[test]
    fn a_message_about_nothing_gets_the_main_idea() {
        let p = best_passage(&unit(), &notes(), "hello");
        assert!(p.quote.starts_with("Parallel lines never meet."));
        assert_eq!(p.source, ANCHOR_SOURCE);
    }

    #[test]
    fn memos_and_other_units_are_never_quoted() {
        let mut m = notes();
        m[0].chunk_type = ChunkType::Memo;
        m.push(Material {
            unit_id: "GEO-02".into(),
            chunk_type: ChunkType::Notes,
            source: "units/GEO-02.md".into(),
            section: String::new(),
            text: "A transversal in a triangle is rare.".into(),
        });
        let p = best_passage(&unit(), &m, "what is a transversal");
        assert_eq!(p.source, ANCHOR_SOURCE);
    }
}
