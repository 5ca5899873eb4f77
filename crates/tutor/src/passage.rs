//! The passage a turn rests on (issue #33 item 1): the sentences of one unit's own
//! material — its anchor and the chunks retrieved from its notes, transcripts and PDFs —
//! that best answer the student's message, with where they come from. The passage is
//! authored, so it is shown as it is; the model's sentences must be supported by it.

use super::closeness::SentenceMeaning;
use super::judge::REASON_WORDS;
use super::question::{is_question, BACK_REFERENCES};
use lantern_core::retrieval::ChunkType;
use lantern_core::text::normalize::{has_phrase, normalize};
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

/// A text the passage may quote: the anchor first, then the unit's chunks in retrieval
/// order (memos never: they belong to exam questions).
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

/// Words of a heading or a label that say what follows is a task for the student
/// ("Essay practice", "Exam questions:", "**Check yourself.**").
static PRACTICE_LABELS: LazyLock<Vec<String>> =
    LazyLock::new(|| word_list!("practice-labels").map(normalize).collect());
/// Most words of a label ("Essay practice: …").
const MAX_LABEL_WORDS: usize = 3;

/// Whether `label` (a section heading, or the label a sentence opens with) names a task
/// for the student.
fn is_practice(label: &str) -> bool {
    let label = normalize(label);
    label.split(' ').count() <= MAX_LABEL_WORDS
        && PRACTICE_LABELS.iter().any(|p| has_phrase(&label, p))
}

/// The label `sentence` opens with: its bold lead-in ("**Check yourself.** Simplify …")
/// or the words before its colon ("Task: explain …"); empty when it has none.
fn label_of(sentence: &str) -> &str {
    let s = sentence.trim().trim_start_matches(['-', '>', ' ']);
    match s.strip_prefix("**").and_then(|rest| rest.split_once("**")) {
        Some((bold, _)) => bold,
        None => s.split_once(':').map_or("", |(label, _)| label),
    }
}

/// Whether `sentence` of a section headed `section` can answer a question: it can be
/// quoted, and it is neither a question ("Who won the Cuban Missile Crisis?") nor a task
/// set in a practice section or after a practice label.
fn answers(sentence: &str, section: &str) -> bool {
    let s = plain(sentence);
    let asks = s.ends_with('?') || s.starts_with('¿');
    let label = label_of(sentence);
    quotable(sentence)
        && !asks
        && !is_practice(section)
        && (label.is_empty() || !is_practice(label))
}

/// The sentences of `unit`'s material (its anchor and its own chunks) that a passage
/// may quote as an answer, each once: those [`best_passage`] weighs by meaning.
pub fn answer_sentences(unit: &Unit, material: &[Material]) -> Vec<String> {
    let mut seen = BTreeSet::new();
    candidates(unit, material)
        .into_iter()
        .flat_map(|(text, _, section)| {
            text_sentences(text)
                .into_iter()
                .filter(move |s| answers(s, section))
        })
        .filter(|s| seen.insert(s.clone()))
        .collect()
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
/// Words that correct a belief ("the *whole* of Europe", "*no* peace treaty", "*tanto*
/// las animales *como* …"): a sentence using one that a common mistake does not use may
/// be what the notes say instead ([`correcting_passage`]).
static CORRECTION_WORDS: LazyLock<Vec<String>> =
    LazyLock::new(|| word_list!("correction-words").map(normalize).collect());
/// Most words of a passage of two sentences.
const MAX_PASSAGE_WORDS: usize = 60;
/// What a second sentence costs: it is quoted only when it adds a term or a reason.
const SECOND_SENTENCE_COST: f64 = 0.25;

/// What closeness in meaning adds to a sentence's score, per unit of similarity above
/// [`MEANING_FLOOR`].
const MEANING_WEIGHT: f64 = 8.0;
/// The similarity in meaning below which a sentence is taken to be about something else.
const MEANING_FLOOR: f64 = 0.3;

/// What a term counts when only the heading of a sentence's section says it ("Las tienen
/// tanto las células animales como las vegetales." under "Las mitocondrias"), or when
/// only the common mistake asked about says it, not the student: half.
const SECONDHAND: f64 = 0.5;

/// Which of the message's terms a sentence uses (by index) and which only its section's
/// heading does, whether it defines one of them, gives a reason or corrects the common
/// mistake asked about, and what its closeness in meaning to the message adds.
struct SentenceMatch {
    terms: BTreeSet<usize>,
    from_heading: BTreeSet<usize>,
    defines: bool,
    reason: bool,
    corrects: bool,
    words: usize,
    meaning: f64,
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

/// Whether `sentence` uses a [`CORRECTION_WORDS`] phrase that `mistake` does not.
fn corrects(sentence: &str, mistake: &str) -> bool {
    let (sentence, mistake) = (normalize(sentence), normalize(mistake));
    CORRECTION_WORDS
        .iter()
        .any(|w| has_phrase(&sentence, w) && !has_phrase(&mistake, w))
}

/// How `sentence` (with its `keys`, under a heading with `heading` keys) matches the
/// message's terms (`wanted`, whose keys together are `wanted_keys`), corrects `mistake`
/// and, by `similarity`, the message's meaning.
fn match_sentence(
    sentence: &str,
    (keys, heading): (&BTreeSet<String>, &BTreeSet<String>),
    wanted: &[Term],
    wanted_keys: &BTreeSet<String>,
    mistake: Option<&str>,
    similarity: Option<f32>,
) -> SentenceMatch {
    let lower = sentence.to_lowercase();
    let terms: BTreeSet<usize> = (0..wanted.len())
        .filter(|i| wanted[*i].in_keys(keys))
        .collect();
    SentenceMatch {
        corrects: mistake.is_some_and(|m| corrects(sentence, m)),
        from_heading: (0..wanted.len())
            .filter(|i| !terms.contains(i) && wanted[*i].in_keys(heading))
            .collect(),
        terms,
        defines: defines(sentence, wanted_keys),
        reason: REASON_WORDS.iter().any(|w| lower.contains(w)),
        words: sentence.split_whitespace().count(),
        meaning: similarity.map_or(0.0, |v| {
            MEANING_WEIGHT * (f64::from(v) - MEANING_FLOOR).max(0.0)
        }),
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

/// Where a passage chosen from `ss[first]` should start: one sentence earlier when
/// `first` opens by pointing back ("This was the Berlin Blockade.", "It began because
/// …") and the sentence it points to can be quoted, so the quote says what it is about.
fn passage_start(ss: &[String], answering: &[bool], first: usize) -> usize {
    let opens_pointing_back = ss.get(first).is_some_and(|s| {
        normalize(s)
            .split(' ')
            .next()
            .is_some_and(|w| BACK_REFERENCES.contains(&w))
    });
    let fits = |before: usize| {
        ss[before..=first]
            .iter()
            .map(|s| s.split_whitespace().count())
            .sum::<usize>()
            <= MAX_PASSAGE_WORDS
    };
    match first.checked_sub(1) {
        Some(before) if opens_pointing_back && answering[before] && fits(before) => before,
        _ => first,
    }
}

/// Words pointing at a part of the notes ("the blockade *one*", "el *apartado* de…").
static SECTION_POINTERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("section-pointers").collect());

/// Whether `message` names a section as a whole: it asks no question and its words
/// (numbers aside: "the blockade one") are all in the section's title ("The Berlin
/// Blockade"), so the passage should tell the section's story from its start, not only
/// the sentence naming it.
fn names_a_section(message: &str, section: &str) -> bool {
    if is_question(message) {
        return false;
    }
    let mut terms = content_terms(&without_phrases(message));
    terms.retain(|t| {
        let word = t.word.as_str();
        !t.is_number && !MESSAGE_FILLER.contains(&word) && !SECTION_POINTERS.contains(&word)
    });
    let keys = term_keys(section);
    !terms.is_empty() && terms.iter().all(|t| t.in_keys(&keys))
}

/// The first sentence of the section run that ends at `last` (sentences that can
/// answer, `answering`) and fits in [`MAX_PASSAGE_WORDS`]; `last` when none before it
/// fits.
fn section_start(ss: &[String], answering: &[bool], last: usize) -> usize {
    let mut first = last;
    let mut total = ss.get(last).map_or(0, |s| s.split_whitespace().count());
    while let Some(before) = first.checked_sub(1) {
        let words = ss[before].split_whitespace().count();
        if !answering[before] || total + words > MAX_PASSAGE_WORDS {
            break;
        }
        total += words;
        first = before;
    }
    first
}

/// Where a passage chosen as `ss[first..end]` should end: it runs on, over sentences
/// that can answer (`answering`), while it is shorter than [`SHORT_QUOTE_WORDS`], and
/// then by one sentence more for an explanation (`explains`: the next step of a worked
/// example), never past [`MAX_PASSAGE_WORDS`].
fn passage_end(
    ss: &[String],
    answering: &[bool],
    first: usize,
    mut end: usize,
    explains: bool,
) -> usize {
    let words = |s: &String| s.split_whitespace().count();
    let mut total: usize = ss.get(first..end).map_or(0, |q| q.iter().map(words).sum());
    let mut explanation = usize::from(explains);
    while let Some(next) = ss.get(end).filter(|_| answering.get(end) == Some(&true)) {
        let short = total < SHORT_QUOTE_WORDS;
        if !(short || explanation > 0) || total + words(next) > MAX_PASSAGE_WORDS {
            break;
        }
        if !short {
            explanation -= 1;
        }
        total += words(next);
        end += 1;
    }
    end
}

/// The passage of `unit`'s material that best answers `message`: one sentence, or two
/// running on, scored by the message's terms they use — a term that many sentences use
/// counts less —, a definition when one is asked for, a reason when the message asks
/// why, and their closeness in meaning to the message (`meaning`, when it was read for
/// this message). A question or a practice task is never quoted; ties go to retrieval
/// order, and the anchor is quoted only when no sentence of the notes scores. A short
/// sentence takes the next one too. A message sharing nothing with the material gets
/// the anchor's first sentence, the unit's main idea.
pub fn best_passage(
    unit: &Unit,
    material: &[Material],
    message: &str,
    meaning: &SentenceMeaning,
) -> SourcePassage {
    choose_passage(unit, material, message, None, meaning)
}

/// The passage that answers a question about one of `unit`'s common mistakes
/// (`mistake`, "The Marshall Plan was only offered to the countries of Western
/// Europe."): as [`best_passage`], the mistake's terms wanted too, and a sentence that
/// corrects it ("The aid was offered to the whole of Europe, the Soviet Union
/// included.") preferred, so the notes' answer is quoted, not a sentence sharing the
/// premise's words.
pub fn correcting_passage(
    unit: &Unit,
    material: &[Material],
    message: &str,
    mistake: &str,
    meaning: &SentenceMeaning,
) -> SourcePassage {
    choose_passage(unit, material, message, Some(mistake), meaning)
}

/// [`best_passage`], and [`correcting_passage`] when `mistake` is given.
fn choose_passage(
    unit: &Unit,
    material: &[Material],
    message: &str,
    mistake: Option<&str>,
    meaning: &SentenceMeaning,
) -> SourcePassage {
    let asked = mistake.map_or_else(|| message.to_string(), |m| format!("{message} {m}"));
    let mut wanted = content_terms(&without_phrases(&asked));
    wanted.retain(|t| !MESSAGE_FILLER.contains(&t.word.as_str()));
    wanted.extend(mentions(message));
    let mut seen = BTreeSet::new();
    wanted.retain(|t| seen.insert(t.keys.clone()));
    // The terms the student wrote (the rest are the mistake's).
    let said_keys = term_keys(&without_phrases(message));
    let said: Vec<bool> = wanted
        .iter()
        .map(|t| {
            mistake.is_none()
                || t.in_keys(&said_keys)
                || t.keys.first().is_some_and(|k| k.starts_with('='))
        })
        .collect();
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
    let headings: Vec<BTreeSet<String>> = texts.iter().map(|(_, _, h)| term_keys(h)).collect();
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
        .zip(texts.iter().zip(&headings))
        .map(|((ss, ks), ((_, _, section), heading))| {
            ss.iter()
                .zip(ks)
                .map(|(s, k)| {
                    answers(s, section).then(|| {
                        let similarity = meaning.of(message, s);
                        let keys = (k, heading);
                        match_sentence(s, keys, &wanted, &wanted_keys, mistake, similarity)
                    })
                })
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
            let idf = (1.0 + n / df).ln();
            if said[i] {
                idf
            } else {
                SECONDHAND * idf
            }
        })
        .collect();
    // A question about a common mistake is answered by a sentence correcting it, when
    // one shares the question's terms: the sentences sharing most of the mistake's words
    // are often the ones it was made from.
    let correcting = matched
        .iter()
        .flatten()
        .flatten()
        .any(|m| m.corrects && !m.terms.is_empty());
    let score = |parts: &[&SentenceMatch]| -> f64 {
        if correcting && !parts[0].corrects {
            return 0.0;
        }
        let terms: BTreeSet<usize> = parts.iter().flat_map(|m| m.terms.iter().copied()).collect();
        let from_heading: f64 = parts
            .iter()
            .flat_map(|m| m.from_heading.iter().copied())
            .filter(|i| !terms.contains(i))
            .collect::<BTreeSet<usize>>()
            .iter()
            .map(|i| SECONDHAND * weight[*i])
            .sum();
        let lexical = if terms.is_empty() {
            0.0
        } else {
            let shared: f64 = terms.iter().map(|i| weight[*i]).sum::<f64>() + from_heading;
            let definition = asks_definition && parts.iter().any(|m| m.defines);
            let reason = asks_why && parts.iter().any(|m| m.reason);
            shared + f64::from(u8::from(definition)) + 0.5 * f64::from(u8::from(reason))
        };
        // A passage's closeness in meaning is its sentences' mean.
        let meaning = parts.iter().map(|m| m.meaning).sum::<f64>() / parts.len() as f64;
        if lexical + meaning <= 0.0 {
            return 0.0;
        }
        lexical + meaning - SECOND_SENTENCE_COST * (parts.len() - 1) as f64
    };
    // The best (score, first sentence, count) of text `ti`.
    let best_of = |ti: usize| -> Option<(f64, usize, usize)> {
        let ms = &matched[ti];
        let mut best: Option<(f64, usize, usize)> = None;
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
                    best = Some((sc, si, count));
                }
            }
        }
        best
    };
    // The notes first, in retrieval order; the anchor (text 0) only when none scores.
    let mut best: Option<(f64, usize, usize, usize)> = None; // (score, text, first, count)
    for ti in 1..texts.len() {
        if let Some((sc, si, count)) = best_of(ti) {
            if best.is_none_or(|(b, ..)| sc > b + 1e-9) {
                best = Some((sc, ti, si, count));
            }
        }
    }
    let (ti, si, count) = best
        .map(|(_, ti, si, c)| (ti, si, c))
        .or_else(|| best_of(0).map(|(_, si, c)| (0, si, c)))
        .unwrap_or((0, 0, 1));
    let (text, source, section) = texts[ti];
    let ss = &split[ti];
    let answering: Vec<bool> = matched[ti].iter().map(Option::is_some).collect();
    let first = match ti > 0 && !section.is_empty() && names_a_section(message, section) {
        true => section_start(ss, &answering, si + count - 1),
        false => passage_start(ss, &answering, si),
    };
    let end = passage_end(ss, &answering, first, si + count, explains);
    let mut quote = ss
        .get(first..end.min(ss.len()))
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
    use proptest::prelude::*;

    static NO_MEANING: SentenceMeaning = SentenceMeaning::none();

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

    fn blockade_notes() -> Vec<Material> {
        vec![Material {
            unit_id: "GEO-01".into(),
            chunk_type: ChunkType::Notes,
            source: "units/GEO-01.md".into(),
            section: "The Berlin Blockade".into(),
            text: "## The Berlin Blockade\nBerlin lay inside the Soviet zone, divided into \
                   four sectors. In June 1948 the West brought in a new currency. Stalin \
                   replied by closing every road into West Berlin. This was the Berlin \
                   Blockade.\n\nThe West flew food into the city. Stalin lifted the \
                   blockade in May 1949."
                .into(),
        }]
    }

    #[test]
    fn a_message_naming_a_sections_subject_gets_the_section_from_its_start() {
        let p = best_passage(&unit(), &blockade_notes(), "the blockade one", &NO_MEANING);
        assert!(p.quote.starts_with("Berlin lay inside"), "{}", p.quote);
        assert!(p.quote.contains("June 1948"), "{}", p.quote);
    }

    #[test]
    fn a_message_asking_more_than_the_sections_subject_gets_the_sentence_that_answers() {
        let p = best_passage(
            &unit(),
            &blockade_notes(),
            "when was the blockade lifted",
            &NO_MEANING,
        );
        assert!(
            p.quote.contains("lifted the blockade in May 1949"),
            "{}",
            p.quote
        );
        assert!(!p.quote.contains("Berlin lay inside"), "{}", p.quote);
    }

    /// Two Spanish sections: the mitochondria's, whose second sentence names them only
    /// by "Las", and the chloroplasts', which says "plantas".
    fn organelle_notes() -> [Material; 2] {
        [
            cuba(
                "Las mitocondrias",
                "Las mitocondrias son los orgánulos de la respiración celular. Las tienen \
                 tanto las células animales como las vegetales.",
            ),
            cuba(
                "Los cloroplastos",
                "Los cloroplastos son los orgánulos de la fotosíntesis. Solo los tienen las \
                 células de las plantas y de las algas.",
            ),
        ]
    }

    #[test]
    fn a_word_and_its_other_name_in_the_glossary_match() {
        let m = organelle_notes();
        let message = "es verdad que las plantas no tienen mitocondrias";
        let p = best_passage(&unit(), &m, message, &NO_MEANING);
        assert!(p.quote.contains("las vegetales"), "{}", p.quote);
    }

    #[test]
    fn a_sentence_is_about_its_sections_heading_and_the_students_words_count_most() {
        let m = organelle_notes();
        let message = "es verdad que las plantas no tienen mitocondrias";
        let mistake = "Las células vegetales no tienen mitocondrias porque tienen cloroplastos.";
        let p = correcting_passage(&unit(), &m, message, mistake, &NO_MEANING);
        assert!(
            p.quote.contains("tanto las células animales"),
            "{}",
            p.quote
        );
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
            &NO_MEANING,
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
        let p = best_passage(&u, &[], "i dont get how 'is' can be a verb", &NO_MEANING);
        assert!(p.quote.contains("state of being"), "{}", p.quote);
    }

    #[test]
    fn before_or_after_chooses_the_sentence_about_order() {
        let mut u = unit();
        u.anchor = "An adjective describes a noun, like a red kite. \
                    In English most adjectives go before the noun they describe."
            .into();
        let p = best_passage(
            &u,
            &[],
            "¿los adjetivos van antes o después del nombre?",
            &NO_MEANING,
        );
        assert!(p.quote.starts_with("In English"), "{}", p.quote);
    }

    #[test]
    fn a_question_in_the_material_is_left_out_for_its_answer() {
        let mut u = unit();
        u.anchor = "Look at this sentence: the dog sleeps. What is the verb? \
                    The verb is sleeps. Verbs can also show a state of being, like seem."
            .into();
        let p = best_passage(&u, &[], "what is the verb in the dog sleeps", &NO_MEANING);
        assert!(p.quote.contains("state of being"), "{}", p.quote);
        assert!(!p.quote.contains('?'), "{}", p.quote);
    }

    #[test]
    fn what_an_acronym_stands_for_is_the_sentence_naming_it() {
        let mut u = unit();
        u.anchor = "Some clauses cannot stand alone. \
                    Coordinating conjunctions are remembered as FANBOYS: for, and, nor, but."
            .into();
        let p = best_passage(&u, &[], "what does FANBOYS stand for", &NO_MEANING);
        assert!(p.quote.starts_with("Coordinating"), "{}", p.quote);
    }

    #[test]
    fn a_misspelt_word_finds_the_word_it_meant() {
        let mut u = unit();
        u.anchor = "Many children as young as five worked long hours underground in the mines. \
                    Trappers opened and shut the ventilation doors all day."
            .into();
        let p = best_passage(&u, &[], "wat did trapers do down the mines", &NO_MEANING);
        assert!(p.quote.contains("ventilation doors"), "{}", p.quote);
    }

    #[test]
    fn filler_words_choose_nothing() {
        let mut u = unit();
        u.anchor = "The engine pumped water out of flooded mines. \
                    Later the engine used a quarter of the coal."
            .into();
        let p = best_passage(
            &u,
            &[],
            "what was the engine actually used for lol",
            &NO_MEANING,
        );
        assert!(p.quote.starts_with("The engine pumped"), "{}", p.quote);
    }

    #[test]
    fn a_how_question_takes_the_next_step_too() {
        let mut u = unit();
        u.anchor = "Simplify 12/18. Both numbers are even, so dividing the top and the \
                    bottom by 2 gives 12/18 = 6/9. \
                    Both are multiples of 3: 6/9 = 2/3, which cannot be simplified."
            .into();
        let p = best_passage(&u, &[], "how do I simplify 12/18 all the way?", &NO_MEANING);
        assert!(p.quote.contains("2/3"), "{}", p.quote);
    }

    #[test]
    fn a_term_every_sentence_uses_counts_less_than_a_rare_one() {
        let mut u = unit();
        u.anchor = "Fractions have a numerator. Fractions can be compared. \
                    Fractions can be simplified by dividing by a common factor."
            .into();
        let p = best_passage(&u, &[], "how do I simplify fractions", &NO_MEANING);
        assert!(
            p.quote.starts_with("Fractions can be simplified"),
            "{}",
            p.quote
        );
    }

    #[test]
    fn the_sentence_that_answers_is_quoted_with_its_source() {
        let p = best_passage(&unit(), &notes(), "what is a transversal", &NO_MEANING);
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
        let p = best_passage(&unit(), &notes(), "hello", &NO_MEANING);
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
        let p = best_passage(&unit(), &m, "what is a transversal", &NO_MEANING);
        assert_eq!(p.source, ANCHOR_SOURCE);
    }

    fn cuba(section: &str, text: &str) -> Material {
        Material {
            unit_id: "GEO-01".into(),
            chunk_type: ChunkType::Notes,
            source: "units/cuba.md".into(),
            section: section.into(),
            text: text.into(),
        }
    }

    /// The similarities `pairs` gives (a sentence's start, its similarity) to the unit's
    /// sentences, as the retriever would read them for `message`.
    fn meaning(material: &[Material], message: &str, pairs: &[(&str, f32)]) -> SentenceMeaning {
        let sentences = answer_sentences(&unit(), material);
        let similarity: Vec<f32> = sentences
            .iter()
            .map(|s| {
                pairs
                    .iter()
                    .find(|(start, _)| s.starts_with(start))
                    .map_or(0.1, |(_, v)| *v)
            })
            .collect();
        SentenceMeaning::new(message, &sentences, &similarity)
    }

    #[test]
    fn a_question_in_the_notes_is_never_quoted() {
        let m = [
            cuba(
                "The crisis",
                "The crisis ended with a deal. Khrushchev agreed to remove the missiles \
                 from Cuba and Kennedy promised not to invade Cuba.",
            ),
            cuba("Who won?", "Who won the Cuban Missile Crisis?"),
        ];
        let p = best_passage(&unit(), &m, "who won the cuban missile crisis", &NO_MEANING);
        assert!(p.quote.starts_with("The crisis ended"), "{p:?}");
        assert!(!p.quote.contains('?'), "{p:?}");
    }

    #[test]
    fn a_practice_task_is_never_quoted() {
        let m = [
            cuba(
                "Essay practice",
                "- Explain why Khrushchev placed nuclear missiles in Cuba.",
            ),
            cuba(
                "Cuba",
                "Task: explain why Khrushchev placed missiles in Cuba. Khrushchev wanted \
                 to protect Cuba and to match the American missiles in Turkey.",
            ),
        ];
        let p = best_passage(
            &unit(),
            &m,
            "why did khrushchev put missiles in cuba",
            &NO_MEANING,
        );
        assert!(p.quote.starts_with("Khrushchev wanted"), "{p:?}");
    }

    #[test]
    fn a_question_on_a_common_mistake_quotes_the_correction() {
        let m = [cuba(
            "The Marshall Plan",
            "The Marshall Plan is the American programme of economic aid to rebuild Europe \
             after the war. It was announced by George Marshall in June 1947 and gave about \
             13 billion dollars to western European countries. Its aim was to rebuild \
             Europe's economies.\n\nThe aid was offered to the whole of Europe, the Soviet \
             Union included. Stalin refused it.",
        )];
        let message = "the marshall plan was only for western europe right";
        let mistake = "The Marshall Plan was only offered to the countries of Western Europe.";
        let p = correcting_passage(&unit(), &m, message, mistake, &NO_MEANING);
        assert!(p.quote.starts_with("The aid was offered"), "{p:?}");
        let p = best_passage(&unit(), &m, message, &NO_MEANING);
        assert!(!p.quote.starts_with("The aid was offered"), "{p:?}");
    }

    #[test]
    fn a_quote_that_points_back_takes_the_sentence_it_points_to() {
        let m = [cuba(
            "Crisis over Berlin",
            "In June 1948 the West brought in a new currency. Stalin replied by closing every \
             road into West Berlin. This was the Berlin Blockade.",
        )];
        let p = best_passage(&unit(), &m, "the blockade one", &NO_MEANING);
        assert!(p.quote.starts_with("Stalin replied"), "{p:?}");
    }

    #[test]
    fn the_anchor_loses_a_tie_with_the_notes() {
        let m = [cuba(
            "Parallels",
            "Parallel lines never meet, however far they are drawn.",
        )];
        let p = best_passage(&unit(), &m, "do parallel lines meet", &NO_MEANING);
        assert_eq!(p.source, "units/cuba.md", "{p:?}");
    }

    #[test]
    fn meaning_breaks_a_tie_of_shared_words() {
        let m = [cuba(
            "The crisis",
            "The crisis began when spy planes found Soviet missile sites on Cuba. \
             The crisis ended with a deal on the missiles in Cuba and in Turkey.",
        )];
        let message = "who won the crisis";
        let by_meaning = meaning(
            &m,
            message,
            &[("The crisis ended", 0.6), ("The crisis began", 0.4)],
        );
        let p = best_passage(&unit(), &m, message, &by_meaning);
        assert!(p.quote.starts_with("The crisis ended"), "{p:?}");
        let p = best_passage(&unit(), &m, message, &NO_MEANING);
        assert!(p.quote.starts_with("The crisis began"), "{p:?}");
    }

    #[test]
    fn meaning_beats_a_near_miss_of_shared_words() {
        let m = [
            cuba(
                "Cuba",
                "The Cuban Missile Crisis of October 1962 brought the superpowers to the \
                 edge of war.",
            ),
            cuba(
                "The deal",
                "Khrushchev agreed to remove the missiles from Cuba, and Kennedy secretly \
                 removed the Jupiter missiles from Turkey.",
            ),
        ];
        let message = "who won the cuban missile crisis";
        let by_meaning = meaning(
            &m,
            message,
            &[("Khrushchev agreed", 0.7), ("The Cuban", 0.45)],
        );
        let p = best_passage(&unit(), &m, message, &by_meaning);
        assert!(p.quote.starts_with("Khrushchev agreed"), "{p:?}");
        let p = best_passage(&unit(), &m, message, &NO_MEANING);
        assert!(p.quote.starts_with("The Cuban"), "{p:?}");
    }

    #[test]
    fn meaning_alone_does_not_choose_below_its_floor() {
        let m = notes();
        let by_meaning = meaning(&m, "hello", &[("A transversal", 0.2)]);
        let p = best_passage(&unit(), &m, "hello", &by_meaning);
        assert_eq!(p.source, ANCHOR_SOURCE, "{p:?}");
    }

    fn sentence() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("The crisis ended with a deal on the missiles.".to_string()),
            Just("Who won the Cuban Missile Crisis?".to_string()),
            Just("Task: explain the deal.".to_string()),
            Just("## Essay practice".to_string()),
            Just("- Kennedy promised not to invade Cuba.".to_string()),
            Just("A transversal is a line that crosses two lines.".to_string()),
            "[a-zA-Z ,]{0,40}[.?!]?",
        ]
    }

    fn chunk() -> impl Strategy<Value = Material> {
        (
            prop::collection::vec(sentence(), 0..5),
            prop::bool::ANY,
            prop::bool::ANY,
            prop_oneof![Just(""), Just("Essay practice"), Just("The crisis")],
        )
            .prop_map(|(ss, own, memo, section)| Material {
                unit_id: if own { "GEO-01" } else { "GEO-02" }.into(),
                chunk_type: if memo {
                    ChunkType::Memo
                } else {
                    ChunkType::Notes
                },
                source: "units/x.md".into(),
                section: section.into(),
                text: ss.join("\n"),
            })
    }

    proptest! {
        #[test]
        fn the_quote_is_a_run_of_the_units_own_sentences(
            anchor in prop::collection::vec(sentence(), 1..4),
            material in prop::collection::vec(chunk(), 0..4),
            message in prop_oneof![
                Just("who won the cuban missile crisis".to_string()),
                Just("what is a transversal".to_string()),
                "[a-z ]{0,30}",
            ],
            similarity in prop::collection::vec(-1.0f32..1.0, 0..30),
        ) {
            let mut u = unit();
            u.anchor = anchor.join(" ");
            let by_meaning = SentenceMeaning::new(
                &message,
                &answer_sentences(&u, &material),
                &similarity,
            );
            let p = best_passage(&u, &material, &message, &by_meaning);
            let own: Vec<&str> = std::iter::once(u.anchor.as_str())
                .chain(
                    material
                        .iter()
                        .filter(|m| m.unit_id == u.id && m.chunk_type != ChunkType::Memo)
                        .map(|m| m.text.as_str()),
                )
                .collect();
            let is_run = own.iter().any(|text| {
                let ss: Vec<String> = text_sentences(text).iter().map(|s| plain(s)).collect();
                p.quote == plain(text)
                    || (0..ss.len()).any(|a| (a + 1..=ss.len()).any(|b| ss[a..b].join(" ") == p.quote))
            });
            prop_assert!(is_run, "{:?} is not a run of {:?}", p.quote, own);
        }
    }
}
