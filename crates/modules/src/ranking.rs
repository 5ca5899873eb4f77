//! Which topics' notes answer a message, over every topic of the module: the question's
//! content terms met in each topic's title, keywords and notes (Snowball stems in
//! English and Spanish, cognates and the school glossary, so "olvidar" meets "olvido"
//! and "sleep" meets "dormir"; rarer terms weigh more), the topic's keywords said
//! outright, and how close in meaning the message is to each topic as the app's
//! embedder tells it (`closeness`, passed in by the caller: this crate holds no
//! embedder). The question a message asks besides its situation weighs again, in words
//! and, when it says enough, in meaning ("nunca limpia el baño, ¿cómo se lo planteo?"
//! asks how to raise it). A question with no evidence of its own ("¿por qué me pasa
//! esto?") is read with the student's message before it, and a message that continues
//! the talk ("and if someone forgets their part?", or a why-question about what the note
//! just shown says) keeps the topic the last reply showed in play.

use super::first_step::{asks_what_first, without_first_words};
use super::keywords::keyword_hits;
use super::language::module_language;
use super::measures;
use super::pack::{ModuleManifest, Topic};
use super::speaker::without_speaker;
use lantern_core::language::Language;
use lantern_core::text::normalize::{has_phrase, normalize, opens_with_phrase, without_phrases};
use lantern_core::text::terms::{content_terms, term_keys, Term};
use lantern_core::text::tidy::sentences;
use lantern_core::text::unmarked::unmarked_question;
use lantern_core::word_list;
use std::collections::BTreeSet;
use std::sync::LazyLock;

/// Weight of a term met in a topic's title or keywords (notes weigh 1).
const NAMED_WEIGHT: f32 = 2.0;
/// Score a topic gets when one of its keywords is said outright.
const KEYWORD_HIT: f32 = 3.0;
/// What each further word of a keyword phrase said outright adds ("no hace nada" is
/// stronger evidence than "nada").
const PHRASE_WORD: f32 = 1.5;
/// Weight of one standard deviation of closeness in meaning above the module's mean.
const MEANING_WEIGHT: f32 = 2.0;
/// Weight of the student's message before, for a follow-up ("¿por qué me pasa esto?").
const EARLIER_WEIGHT: f32 = 0.25;
/// Weight of the student's message before when the last reply showed no note (it
/// answered distress, thanks or a greeting): nothing was shown in its place, so what
/// that message said is still what the talk is about ("se me cayó el celu y se rajó la
/// pantalla, no sirvo para nada" → support; "bueno, ¿lo puedo seguir usando así roto?"
/// is still about the cracked screen).
const UNANSWERED_WEIGHT: f32 = 1.0;
/// What the topic the last reply showed gets when a message continues the talk: as
/// much as a keyword said outright, so another note's everyday words ("what if it gets
/// full on and i'm getting squished" meets "full" and "side" in the camping and hearing
/// notes) do not take the talk away, while a keyword of another topic said outright
/// still can.
const FOLLOW_UP: f32 = KEYWORD_HIT;
/// What the topic the last reply showed gets for any other message after the student's
/// first: most questions after a note stay with it (428 of the 492 follow-up turns of
/// the case files), so it weighs a little where the message's own evidence is close.
const SHOWN_BEFORE: f32 = 1.0;
/// What a topic gets when its notes give a number in the unit the message asks an
/// amount of ("¿a cuántos grados la pongo?" → the note that says "a 30 grados"): as
/// much as a keyword said outright.
const ASKED_UNIT: f32 = KEYWORD_HIT;
/// Least score of a topic that answers.
const MIN_SCORE: f32 = 1.5;
/// A second topic answers too when its score is at least this share of the best's.
const SECOND_SHARE: f32 = 0.85;

/// The texts of `topic` the embedder compares a message with, one by one: its title
/// with its keywords, and each sentence of its notes. A topic is as close as its
/// closest text.
pub fn topic_texts(topic: &Topic) -> Vec<String> {
    let keywords: Vec<&str> = topic
        .keywords
        .all()
        .map(|k| k.trim_end_matches('*'))
        .collect();
    let mut texts = vec![format!("{}: {}", topic.title, keywords.join(", "))];
    texts.extend(sentences(&topic.notes).into_iter().map(String::from));
    texts
}

/// A topic's match keys: those of its title and keywords, and those of its notes.
struct TopicKeys<'m> {
    id: &'m str,
    named: BTreeSet<String>,
    notes: BTreeSet<String>,
}

/// `topic`'s match keys, with its keywords in `language` only when one is given: a
/// message in the module's language meets the keywords written in it, not those of
/// the other language through a translation's stem ("grass" is "pasto", whose stem is
/// the one of "pasta de dientes").
fn topic_keys(topic: &Topic, language: Option<Language>) -> TopicKeys<'_> {
    TopicKeys {
        id: &topic.id,
        named: named_keys(topic, language),
        notes: term_keys(&topic.notes),
    }
}

/// The match keys of what `topic` is named by: its title and its keywords (in
/// `language` only when one is given, as [`topic_keys`] reads them).
pub(crate) fn named_keys(topic: &Topic, language: Option<Language>) -> BTreeSet<String> {
    let keywords: Vec<&str> = match language {
        Some(Language::Es) => topic.keywords.es.iter().map(String::as_str).collect(),
        Some(_) => topic.keywords.en.iter().map(String::as_str).collect(),
        None => topic.keywords.all().collect(),
    };
    term_keys(&format!("{} {}", topic.title, keywords.join(" ")))
}

/// Groups of words that mean the same in study talk (`words/<locale>/synonyms.txt`,
/// normalised).
static SYNONYMS: LazyLock<Vec<Vec<&'static str>>> = LazyLock::new(|| {
    word_list!("synonyms")
        .map(|line| {
            line.split(',')
                .map(str::trim)
                .filter(|w| !w.is_empty())
                .collect()
        })
        .collect()
});

/// Each of [`SYNONYMS`]' groups joined for a message, whole and without its ways of
/// asking what goes first (a word brings the group's words, not "what should i do
/// first"), worked out once.
static SYNONYM_TEXTS: LazyLock<Vec<[String; 2]>> = LazyLock::new(|| {
    SYNONYMS
        .iter()
        .map(|group| {
            let plain: Vec<&str> = group
                .iter()
                .copied()
                .filter(|w| without_first_words(w) == *w)
                .collect();
            [group.join(", "), plain.join(", ")]
        })
        .collect()
});

/// The words of the synonym groups `message` uses ("se me olvida" brings "recordar" and
/// "memoria"), each group after a full stop; without `asking`, not those only the words
/// asking what goes first use ("what should I do first" brings "urgent" and
/// "important": they ask for an order, and say nothing of a dog bite).
fn synonym_words(message: &str, asking: bool) -> String {
    let normal = normalize(message);
    let normal = if !asking && asks_what_first(message) {
        without_first_words(&normal)
    } else {
        normal
    };
    let mut out = String::new();
    for (group, [whole, plain]) in SYNONYMS.iter().zip(SYNONYM_TEXTS.iter()) {
        if group.iter().any(|w| has_phrase(&normal, w)) {
            // A word brings the group's words, not its ways of asking what goes first:
            // "urgent!! he got toilet cleaner in his eye" says nothing of a note that
            // says "wash your hands first".
            out.push_str(". ");
            out.push_str(if asking { whole } else { plain });
        }
    }
    out
}

/// `message` with the words of the synonym groups it uses added ([`synonym_words`]):
/// "se me olvida" is compared with the notes as if it also said "recordar" and "memoria".
fn synonyms_of(message: &str, asking: bool) -> String {
    format!("{message}{}", synonym_words(message, asking))
}

/// Words any message uses whatever it is about (`words/<locale>/light-words.txt`,
/// normalised): "saying" in "got a text saying I won" names no topic.
static LIGHT_WORDS: LazyLock<BTreeSet<&'static str>> =
    LazyLock::new(|| word_list!("light-words").collect());

/// The content terms of `message` that can name what it asks about: each once, without
/// [`LIGHT_WORDS`] ("pongo", "hago", "cosa" name nothing).
pub(crate) fn asked_terms(message: &str) -> Vec<Term> {
    let mut terms = content_terms(message);
    terms.retain(|t| !LIGHT_WORDS.contains(t.word.as_str()));
    terms.sort_by(|a, b| a.keys.cmp(&b.keys));
    terms.dedup_by(|a, b| a.keys == b.keys);
    terms
}

/// How many of the question's terms `asked` `sentence` names.
pub(crate) fn named_count(sentence: &str, asked: &[Term]) -> usize {
    let keys = term_keys(sentence);
    asked.iter().filter(|t| t.in_keys(&keys)).count()
}

/// How much of `message` `sentence` names: each of its terms (light words aside) once,
/// and those of the question it ends with after a situation once more, as the topics'
/// ranking weighs them ("me saltó aceite en la mano, ¿le pongo pasta de dientes?" asks
/// about toothpaste more than about the oil). A word is named by its synonyms too; a
/// number is not named by the same digits in another unit ("5 min" and "5 kg",
/// [`measures::numbers_in_other_units`]).
pub(crate) fn named_weight(sentence: &str, message: &str) -> usize {
    let other_measures = measures::numbers_in_other_units(message, sentence);
    let asked = |text: &str| {
        let mut terms = asked_terms(text);
        terms.retain(|t| !t.in_keys(&other_measures));
        terms
    };
    // The sentence with its synonyms' words: "pool party" names "…before swimming", as
    // it does for the topics' ranking.
    let sentence = synonyms_of(sentence, false);
    let question = asked_part(message).map_or(0, |q| named_count(&sentence, &asked(q)));
    named_count(&sentence, &asked(message)) + question
}

/// The index of the sentence of `offered` naming the most of `asked` (at least one, the
/// first on a tie), with how many it names.
pub(crate) fn most_named(offered: &[String], asked: &[Term]) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    for (at, sentence) in offered.iter().enumerate() {
        let count = named_count(sentence, asked);
        if count > best.map_or(0, |(_, n)| n) {
            best = Some((at, count));
        }
    }
    best
}

/// The terms of the question a longer `message` ends with ([`asked_part`]; none when it
/// is only that question) and of the whole message, as `terms` reads them.
fn question_and_whole(message: &str, terms: fn(&str) -> Vec<Term>) -> [Vec<Term>; 2] {
    let question = asked_part(message).map(terms).unwrap_or_default();
    [question, terms(message)]
}

/// How much `sentence` names of the question and of the whole message
/// ([`question_and_whole`]), compared in that order.
fn named_in(sentence: &str, [question, whole]: &[Vec<Term>; 2]) -> (usize, usize) {
    (
        named_count(sentence, question),
        named_count(sentence, whole),
    )
}

/// How much of `message` `sentence` names, as `terms` reads it: of the question a longer
/// message ends with ([`asked_part`]; none when it is only that question), then of the
/// whole message — compared in that order, "ya lo metí en un vaso con agua, ¿cuánto se
/// demora en echar raíz?" asks about the roots more than the glass.
pub(crate) fn named_question_first(
    sentence: &str,
    message: &str,
    terms: fn(&str) -> Vec<Term>,
) -> (usize, usize) {
    named_in(sentence, &question_and_whole(message, terms))
}

/// The index of the sentence of `offered` naming the most of `message`, the question it
/// ends with first ([`named_question_first`], as `terms` reads it), the first on a tie,
/// with how much it names; `None` when none names anything.
pub(crate) fn most_named_question_first(
    offered: &[String],
    message: &str,
    terms: fn(&str) -> Vec<Term>,
) -> Option<(usize, (usize, usize))> {
    let asked = question_and_whole(message, terms);
    let mut best: Option<(usize, (usize, usize))> = None;
    for (at, sentence) in offered.iter().enumerate() {
        let named = named_in(sentence, &asked);
        if named.1 > 0 && best.is_none_or(|(_, b)| named > b) {
            best = Some((at, named));
        }
    }
    best
}

/// The match keys of the words that put one thing before the others ("first", "primero",
/// `words/<locale>/order-words.txt`).
static ORDER_KEYS: LazyLock<BTreeSet<String>> =
    LazyLock::new(|| word_list!("order-words").flat_map(term_keys).collect());

/// The pieces of evidence of `message`: its content terms and its synonyms', each once,
/// without [`LIGHT_WORDS`], and without the order word of a question asking what to do
/// first, which asks what comes first, not about a topic saying "first" ("se me cayó el
/// móvil a la piscina, ¿qué es lo primero que hago?" is not about "reinícialo primero").
fn evidence(message: &str) -> Vec<Vec<Term>> {
    evidence_of(message, false)
}

/// The pieces of evidence of `message` ([`evidence`]), with those the words asking what
/// goes first bring through their synonyms when `asking`, and without the words of the
/// phrases it asks how long, how much, how often or when with ([`asking_keys_in`]). A
/// synonym sharing a match key with a word already counted is no more evidence: "shout"
/// and its synonyms "yell" and "scream" all meet a note's "shouting" through the
/// glossary's "gritar", and one word said is not three.
fn evidence_of(message: &str, asking: bool) -> Vec<Vec<Term>> {
    let mut terms = asked_terms(message);
    for term in asked_terms(&synonym_words(message, asking)) {
        if !terms
            .iter()
            .any(|t| t.keys.iter().any(|k| term.keys.contains(k)))
        {
            terms.push(term);
        }
    }
    if asks_what_first(message) {
        terms.retain(|t| !t.in_keys(&ORDER_KEYS));
    }
    let asked_with = asking_keys_in(message);
    terms.retain(|t| !t.in_keys(&asked_with));
    terms.into_iter().map(|t| vec![t]).collect()
}

/// Phrases that ask how long, how much, how often, when, what a thing is, what to do or
/// what if something does not go away ("cuánto tiempo", "how long", "cada cuánto",
/// "what time", "what's the deal with", "q le digo", "y si no se me quita"):
/// `words/<locale>/duration-questions.txt`, `amount-questions.txt`,
/// `often-questions.txt`, `when-questions.txt`, `definition-questions.txt`,
/// `remedy-questions.txt` and `persist-questions.txt`, normalised.
static ASKING_PHRASES: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    word_list!("duration-questions")
        .chain(word_list!("amount-questions"))
        .chain(word_list!("often-questions"))
        .chain(word_list!("when-questions"))
        .chain(word_list!("definition-questions"))
        .chain(word_list!("remedy-questions"))
        .chain(word_list!("persist-questions"))
        .collect()
});

/// The match keys of the words of the [`ASKING_PHRASES`] `message` uses: they say what
/// is asked, not what about ("vale y cuánto tiempo me lo pienso antes" names no note on
/// how long things take; "cuánto" meets a title "Cuánto tarda en curar…" only as a
/// question word).
fn asking_keys_in(message: &str) -> BTreeSet<String> {
    let normal = normalize(message);
    ASKING_PHRASE_KEYS
        .iter()
        .filter(|(p, _)| has_phrase(&normal, p))
        .flat_map(|(_, keys)| keys.iter().cloned())
        .collect()
}

/// Each of the [`ASKING_PHRASES`] with its match keys and its synonyms', computed once:
/// "se me quita" asks, and "quitar" brings no "remove" that names a topic.
static ASKING_PHRASE_KEYS: LazyLock<Vec<(&'static str, BTreeSet<String>)>> = LazyLock::new(|| {
    ASKING_PHRASES
        .iter()
        .map(|p| (*p, term_keys(&synonyms_of(p, false))))
        .collect()
});

/// `text` normalised, without the [`ASKING_PHRASES`] it asks with, save those in a
/// keyword of the module: "q le digo al mozo" says the waiter, not a keyword
/// "decirles"; "cuanto tarda en curarse" still says a keyword "cuánto tarda".
fn without_asking(module: &ModuleManifest, text: &str) -> String {
    let keywords: Vec<String> = module
        .topics()
        .flat_map(|t| t.keywords.all())
        .map(normalize)
        .collect();
    let in_a_keyword = |phrase: &str| keywords.iter().any(|k| has_phrase(k, phrase));
    without_phrases(
        &normalize(text),
        ASKING_PHRASES.iter().filter(|p| !in_a_keyword(p)),
    )
}

/// Whether every term of `message` is a word of the phrase it asks with ("how long
/// tho", "¿y cada cuánto?"): said after a note, it asks that of the note, and its
/// closeness in meaning is only the question's ("how long" is close to any note about
/// time). "ok how do i tell if its too hot" names the heat.
fn names_only_its_asking(message: &str) -> bool {
    let asked_with = asking_keys_in(message);
    asked_terms(message).iter().all(|t| t.in_keys(&asked_with))
}

/// The pieces of evidence only the words asking what goes first bring, through their
/// synonyms ("what do I do first" → "urgent", "important"), besides `own` (the
/// message's [`evidence`]): they speak for a topic they name (the urgent/important
/// matrix), not for notes that merely use them ("it's important to…"). None unless the
/// message asks what goes first.
fn asking_evidence(message: &str, own: &[Vec<Term>]) -> Vec<Vec<Term>> {
    if !asks_what_first(message) {
        return Vec::new();
    }
    evidence_of(message, true)
        .into_iter()
        .filter(|piece| !own.iter().any(|o| o[0].keys == piece[0].keys))
        .collect()
}

/// What one piece of evidence gives topic `t`: the rarity of its best term there, twice
/// in the title or keywords; only there when `named_only`.
fn piece_score(piece: &[Term], t: &TopicKeys, topics: &[TopicKeys], named_only: bool) -> f32 {
    let count = topics.len() as f32;
    piece
        .iter()
        .map(|term| {
            let found = topics
                .iter()
                .filter(|o| term.in_keys(&o.named) || term.in_keys(&o.notes))
                .count() as f32;
            let rarity = (1.0 + count / found.max(1.0)).ln();
            if term.in_keys(&t.named) {
                NAMED_WEIGHT * rarity
            } else if !named_only && term.in_keys(&t.notes) {
                rarity
            } else {
                0.0
            }
        })
        .fold(0.0, f32::max)
}

/// Words that make a message a why-question (`words/<locale>/why-words.txt`).
static WHY_WORDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| word_list!("why-words").collect());

/// Words that judge what a why-question asks about (`words/<locale>/judgement-words.txt`).
static JUDGEMENT_WORDS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("judgement-words").collect());

/// Whether `message` asks why ("¿por qué por escrito?", "why slowly?", "why is scrolling
/// in bed bad tho": unmarked, its last clause opening like a question).
pub(crate) fn is_why_question(message: &str) -> bool {
    let asked = if message.contains('?') {
        Some(message)
    } else {
        unmarked_question(message)
    };
    asked.is_some_and(|q| {
        let normal = normalize(q);
        WHY_WORDS.iter().any(|w| has_phrase(&normal, w))
    })
}

/// Whether `message` opens on a why-question that names nothing ("why tho, she's got
/// heaps of teeth", "¿y eso por qué? a mí me la daban", "xq?"): its first clause, up to
/// the first `?`, `,`, `.`, `;` or `!`, asks why (a question with a why-word, or a clause
/// opening on one) and has no term ([`asked_terms`]). It
/// asks the reason of what the last reply said; what follows is the student's objection.
pub(crate) fn opens_on_a_bare_why(message: &str) -> bool {
    let text = message.trim().trim_start_matches('¿');
    let end = text
        .find(['?', ',', '.', ';', '!'])
        .map_or(text.len(), |at| at + 1);
    let clause = &text[..end];
    let asks_why = if clause.ends_with('?') {
        is_why_question(clause)
    } else {
        opens_with_phrase(&after_lead_in(&normalize(clause)), &WHY_WORDS)
    };
    asks_why && asked_terms(&subject_of(&up_to_why_tag(clause))).is_empty()
}

/// The normalised `clause` after the words leading into a follow-up
/// ([`FOLLOW_UP_OPENERS`]: "y", "ok but") and then a word standing for what was said
/// ([`BACK_PRONOUNS`]: "eso", "that s"), each the longest that opens it: "y eso pq" →
/// "pq".
fn after_lead_in(clause: &str) -> String {
    let mut rest = clause.to_string();
    for lead_ins in [&FOLLOW_UP_OPENERS, &BACK_PRONOUNS] {
        let longest = lead_ins
            .iter()
            .filter(|p| opens_with_phrase(&rest, &[**p]))
            .max_by_key(|p| p.len());
        if let Some(p) = longest {
            rest = rest[p.len()..].trim_start().to_string();
        }
    }
    rest
}

/// Words a bare why is tagged with before the objection goes on without a comma
/// (`words/<locale>/why-tags.txt`: "tho", "po"), normalised.
static WHY_TAGS: LazyLock<Vec<&'static str>> = LazyLock::new(|| word_list!("why-tags").collect());

/// The normalised `clause` up to its first why-tag word ("why tho its way easier" →
/// "why tho"), or whole when it has none.
fn up_to_why_tag(clause: &str) -> String {
    let normal = normalize(clause);
    let words: Vec<&str> = normal.split(' ').collect();
    let end = words
        .iter()
        .position(|w| WHY_TAGS.contains(w))
        .map_or(words.len(), |at| at + 1);
    words[..end].join(" ")
}

/// What `message` is about: a why-question is about its subject, not the judgement it
/// asks to explain ("¿por qué es tan importante acostarse pronto?" is about going to
/// bed early; "importante" names no topic there). Other messages, whole.
pub(crate) fn subject_of(message: &str) -> String {
    if !is_why_question(message) {
        return message.to_string();
    }
    normalize(message)
        .split(' ')
        .filter(|w| !JUDGEMENT_WORDS.contains(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Each topic's score for `message` (ids in module order), meeting the keywords in
/// `language` only when one is given ([`topic_keys`]).
fn scores(
    module: &ModuleManifest,
    message: &str,
    closeness: &[(String, f32)],
    language: Option<Language>,
) -> Vec<(String, f32)> {
    scores_said(module, message, message, closeness, language)
}

/// Each topic's score for the evidence of `message`, with the keywords the student
/// `said` outright (the words of a synonym group a message brings are evidence, not
/// keywords said).
fn scores_said(
    module: &ModuleManifest,
    message: &str,
    said: &str,
    closeness: &[(String, f32)],
    language: Option<Language>,
) -> Vec<(String, f32)> {
    let topics: Vec<TopicKeys> = module.topics().map(|t| topic_keys(t, language)).collect();
    let message = &subject_of(message);
    let pieces = evidence(message);
    let asking = asking_evidence(message, &pieces);
    // Who the message quotes is not what it asks about ("coach says…"); a message
    // naming only what it asks says no keyword ("how long tho" says no keyword "how
    // long", "¿y si no se me quita?" none "se me quitará"; "cuanto tarda en curarse del
    // todo" names the healing of a note whose keyword is "cuánto tarda").
    let unquoted = without_speaker(&subject_of(said));
    let hits = if names_only_its_asking(said) {
        Vec::new()
    } else {
        keyword_hits(module, &without_asking(module, &unquoted))
    };
    let meaning = standardised(closeness);
    topics
        .iter()
        .map(|t| {
            let own: f32 = pieces
                .iter()
                .map(|p| piece_score(p, t, &topics, false))
                .sum();
            let asked: f32 = asking
                .iter()
                .map(|p| piece_score(p, t, &topics, true))
                .sum();
            let lexical = own + asked;
            let keyword = hits
                .iter()
                .find(|(id, _)| id == t.id)
                .map_or(0.0, |(_, words)| {
                    KEYWORD_HIT + PHRASE_WORD * words.saturating_sub(1) as f32
                });
            let close = meaning
                .iter()
                .find(|(id, _)| id == t.id)
                .map_or(0.0, |(_, z)| MEANING_WEIGHT * z);
            (t.id.to_string(), lexical + keyword + close)
        })
        .collect()
}

/// `values` as standard deviations above their mean; `None` for fewer than two values
/// or values that do not spread.
fn z_scores(values: &[f32]) -> Option<Vec<f32>> {
    if values.len() < 2 {
        return None;
    }
    let n = values.len() as f32;
    let mean = values.iter().sum::<f32>() / n;
    let spread = (values.iter().map(|v| (v - mean).powi(2)).sum::<f32>() / n).sqrt();
    (spread > f32::EPSILON).then(|| values.iter().map(|v| (v - mean) / spread).collect())
}

/// [`z_scores`], all zero for fewer than two values or values that do not spread.
pub(crate) fn z_scores_or_zero(values: &[f32]) -> Vec<f32> {
    z_scores(values).unwrap_or_else(|| vec![0.0; values.len()])
}

/// Closeness as standard deviations above the mean over the module's topics.
fn standardised(closeness: &[(String, f32)]) -> Vec<(String, f32)> {
    let values: Vec<f32> = closeness.iter().map(|(_, c)| *c).collect();
    z_scores(&values)
        .map(|z| closeness.iter().map(|(id, _)| id.clone()).zip(z).collect())
        .unwrap_or_default()
}

/// Two readers' closeness of one message to the same texts, each standardised over the
/// texts and averaged: a text both find close stays close, one only a noisy reader
/// favours counts half. With no values from one reader (or not one per text), the
/// other's, standardised.
pub fn agreement(first: &[f32], second: &[f32]) -> Vec<f32> {
    match (first.len(), second.len()) {
        (a, b) if a == b => z_scores_or_zero(first)
            .into_iter()
            .zip(z_scores_or_zero(second))
            .map(|(x, y)| (x + y) / 2.0)
            .collect(),
        (0, _) => z_scores_or_zero(second),
        _ => z_scores_or_zero(first),
    }
}

/// The best topics by score: the best when it reaches [`MIN_SCORE`], and the second
/// when it is close behind.
fn best(mut scored: Vec<(String, f32)>) -> Vec<String> {
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    let Some(top) = scored.first().map(|(_, s)| *s).filter(|s| *s >= MIN_SCORE) else {
        return Vec::new();
    };
    scored
        .into_iter()
        .take(2)
        .filter(|(_, s)| *s >= top * SECOND_SHARE)
        .map(|(id, _)| id)
        .collect()
}

/// The question a longer message asks, after the situation it describes or before what
/// it adds ("tengo un examen y un trabajo, ¿qué hago primero?" → "¿qué hago primero?";
/// "¿y cuándo se lo digo? ya van cinco veces" → "¿y cuándo se lo digo?"): its last
/// question, from the break before it; `None` when the message asks nothing or is only
/// that question.
pub(crate) fn asked_part(message: &str) -> Option<&str> {
    let text = message.trim();
    let Some(end) = text.rfind('?').map(|at| at + 1) else {
        return unmarked_question(text).filter(|q| q.len() < text.len());
    };
    let start = text[..end - 1]
        .rfind(['¿', ',', '.', ';', '?', '!'])
        .map_or(0, |at| {
            if text[at..].starts_with('¿') {
                at
            } else {
                at + 1
            }
        });
    let question = text[start..end].trim();
    (question.len() < text.len() && !question.trim_start_matches('¿').trim().is_empty())
        .then_some(question)
}

/// Words that ask whether the student may do something ("can i", "puedo"),
/// `words/<locale>/permission-questions.txt`, normalised.
static PERMISSION_QUESTIONS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("permission-questions").collect());

/// What `message` tells besides a question asking leave to do something: without that
/// question ([`asked_part`], or the whole message when it is only that question), else
/// the whole message. What a student asks leave for is not known to be allowed: "¿me
/// las puedo reventar?" supports no answer saying they can, while "is light important?"
/// may be answered in its own words.
pub(crate) fn told_part(message: &str) -> String {
    let text = message.trim();
    let question = match asked_part(text) {
        Some(question) => question,
        None if text.contains('?') || unmarked_question(text).is_some() => text,
        None => return text.to_string(),
    };
    let normal = normalize(question);
    if PERMISSION_QUESTIONS.iter().any(|p| has_phrase(&normal, p)) {
        text.replacen(question, " ", 1).trim().to_string()
    } else {
        text.to_string()
    }
}

/// Fewest pieces of evidence (content terms, synonym groups) a message's question needs
/// for its own meaning to count: the embedder's reading of "¿qué hago?" or "is that
/// normal?" alone is noise.
const MEANINGFUL_TERMS: usize = 2;

/// The question `message` asks besides its situation ([`asked_part`]) when it says enough
/// for its meaning alone to be read — [`MEANINGFUL_TERMS`] pieces of [`evidence`] or more
/// — and the rest of the message says as much (after "che," the question is the whole
/// message, and its meaning is already counted).
pub(crate) fn meaningful_question(message: &str) -> Option<&str> {
    let question = asked_part(message)?;
    let rest = message.replacen(question, " ", 1);
    (evidence(question).len() >= MEANINGFUL_TERMS && evidence(&rest).len() >= MEANINGFUL_TERMS)
        .then_some(question)
}

/// Words that open a message continuing the one before (`words/<locale>/follow-up-openers.txt`).
static FOLLOW_UP_OPENERS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("follow-up-openers").collect());

/// Phrases that point back to what was just talked about
/// (`words/<locale>/back-references.txt`).
static BACK_REFERENCES: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("back-references").collect());

/// Words that open a message on what was just talked about
/// (`words/<locale>/back-pronouns.txt`: "it's", "is it", "eso", "lo").
static BACK_PRONOUNS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("back-pronouns").collect());

/// Words that stand for something already named (`words/<locale>/back-objects.txt`:
/// "them", "those", "esos"): anywhere in a message that names nothing else, they point
/// back to the talk.
static BACK_OBJECTS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("back-objects").collect());

/// Whether `message` says little, names nothing of the module and holds a word standing
/// for something already named ("do i have to buy them myself tho" after the note on
/// ear defenders): it asks about what was just talked about, whatever its few words'
/// meaning is close to.
fn points_back(module: &ModuleManifest, message: &str) -> bool {
    let normal = normalize(message);
    BACK_OBJECTS.iter().any(|w| has_phrase(&normal, w))
        && says_little_and_names_nothing(module, message)
}

/// Words that open a message going on from the student's own message before it
/// (`words/<locale>/talk-openers.txt`: "so", "ok so", "entonces").
static TALK_OPENERS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("talk-openers").collect());

/// Words that ask what to do in place of something (`words/<locale>/instead-questions.txt`:
/// "instead", "en vez de eso"): after the student's own message, in place of what the
/// note just shown said; `kind_answer` reads them as asking what to do instead.
pub(crate) static INSTEAD_QUESTIONS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("instead-questions").collect());

/// Words that say what something is done in place of (`words/<locale>/instead-phrases.txt`:
/// "instead of", "en vez de"); `kind_answer` reads a sentence saying one as saying what to
/// do instead.
pub(crate) static INSTEAD_PHRASES: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("instead-phrases").collect());

/// How many words after "instead of" may name what it replaces.
const REPLACED_WORDS: usize = 3;

/// Whether the normalised `message` names what it asks about doing something in place
/// of: a content term within [`REPLACED_WORDS`] words after a phrase of two words or
/// more of [`INSTEAD_PHRASES`] ("why do they split the grade… instead of just one big
/// exam" names the exam; "en vez de eso" names nothing).
fn names_what_it_replaces(message: &str) -> bool {
    let padded = format!(" {message} ");
    INSTEAD_PHRASES.iter().filter(|p| p.contains(' ')).any(|p| {
        padded.find(&format!(" {p} ")).is_some_and(|at| {
            let after: Vec<&str> = padded[at + p.len() + 2..]
                .split_whitespace()
                .take(REPLACED_WORDS)
                .collect();
            !asked_terms(&after.join(" ")).is_empty()
        })
    })
}

/// Whether `message` continues the talk before it: it opens with a follow-up word ("and
/// if…", "¿y cómo…", "ok but…") or on what was just talked about ("it's covered in mud,
/// shall i wash it", "¿eso se arregla con algo?"), points back ("otra vez", "again"), or
/// — when the student
/// `has_spoken` before it — opens going on from what they said ("ok so how loud is too
/// loud then") or asks what to do instead ("grand so what am i meant to use instead"
/// after the note on toothpaste); a first message opening so starts the talk ("ok so i
/// paid 180 for these, how much should i ask").
fn continues_the_talk(message: &str, has_spoken: bool) -> bool {
    let normal = normalize(message);
    let asks_instead = || {
        INSTEAD_QUESTIONS.iter().any(|p| has_phrase(&normal, p)) && !names_what_it_replaces(&normal)
    };
    opens_with_phrase(&normal, &FOLLOW_UP_OPENERS)
        || opens_with_phrase(&normal, &BACK_PRONOUNS)
        || (has_spoken && (opens_with_phrase(&normal, &TALK_OPENERS) || asks_instead()))
        || BACK_REFERENCES.iter().any(|p| has_phrase(&normal, p))
}

/// The match keys of the words that ask how much, how to tell or what goes first ("how
/// long", "cuánto", "cómo sé si", "primero", `words/<locale>/amount-questions.txt`,
/// `sign-questions.txt`, `order-words.txt` and `first-questions.txt`): they say what is
/// asked, not what it is asked about.
static ASKING_KEYS: LazyLock<BTreeSet<String>> = LazyLock::new(|| {
    word_list!("amount-questions")
        .chain(word_list!("when-questions"))
        .chain(word_list!("sign-questions"))
        .chain(word_list!("order-words"))
        .chain(word_list!("first-questions"))
        .flat_map(term_keys)
        .collect()
});

/// What `message` asks about: its terms ([`asked_terms`]) without the words that ask
/// ("how long should the warm up be" asks about the warm-up, "q hago primero si se me
/// hinchan los labios" about the lips).
pub(crate) fn subject_terms(message: &str) -> Vec<Term> {
    let mut terms = asked_terms(message);
    terms.retain(|t| !t.in_keys(&ASKING_KEYS));
    terms
}

/// Whether `message` says little and names nothing any topic's notes or keywords use
/// ("cuánto tarda en estar listo?", "is that normal?"): at most [`MEANINGFUL_TERMS`]
/// terms besides the words that ask ([`subject_terms`]), none met. Said after a note in
/// the module's language, it most likely asks about what the talk is about, and its
/// few words' closeness in meaning is weak evidence — though still evidence: "¿puedo ir
/// por el andén cuando hay mucho tráfico?" names nothing of the rules note and is about
/// it.
pub(crate) fn says_little_and_names_nothing(module: &ModuleManifest, message: &str) -> bool {
    let subject = subject_terms(message);
    // The words that ask name nothing: "how long for tho" names nothing, though the
    // owner's note says "how long each walk lasts".
    let named: Vec<&str> = subject.iter().map(|t| t.word.as_str()).collect();
    subject.len() <= MEANINGFUL_TERMS
        && scores(module, &named.join(" "), &[], None)
            .iter()
            .all(|(_, score)| *score <= 0.0)
}

/// The question of `message` that asks why the note just shown says what it says: its
/// first why-question ([`is_why_question`]) when that names something and everything it
/// names is in the notes or keywords of a `shown` topic ("¿por qué por escrito?" after a
/// note that says to write the rota down); `None` otherwise.
fn why_of_shown<'m>(
    module: &ModuleManifest,
    message: &'m str,
    shown: &[String],
) -> Option<&'m str> {
    let why = message.split_inclusive('?').find(|q| is_why_question(q))?;
    let named = asked_terms(&subject_of(why));
    let of_shown = !named.is_empty()
        && module
            .topics()
            .filter(|t| shown.contains(&t.id))
            .map(|t| topic_keys(t, None))
            .any(|k| {
                named
                    .iter()
                    .all(|t| t.in_keys(&k.named) || t.in_keys(&k.notes))
            });
    of_shown.then_some(why.trim())
}

/// Each topic's score for `message`, read in the talk about the `held` topics: a word
/// of the message that a held topic's notes or keywords use is about that topic, and
/// counts for no other ("¿y si la gasa ya se empapó?" after the bleeding note is still
/// about bleeding, though the first-aid kit lists gauze); the words of its synonyms
/// still count for the others ("pasta" met in a held note still brings "dinero"). No
/// held topic: [`scores`].
fn held_scores(
    module: &ModuleManifest,
    message: &str,
    closeness: &[(String, f32)],
    held: &[String],
    language: Option<Language>,
) -> Vec<(String, f32)> {
    let mut scored = scores(module, message, closeness, language);
    let held_keys: Vec<TopicKeys> = module
        .topics()
        .filter(|t| held.contains(&t.id))
        .map(|t| topic_keys(t, language))
        .collect();
    if held_keys.is_empty() {
        return scored;
    }
    // With its synonyms' words: "pasta" may meet a held topic's word, "dinero" then
    // still speaks for the money note.
    let unheld = |text: &str| -> String {
        text.split_whitespace()
            .filter(|w| {
                !content_terms(w).iter().any(|t| {
                    held_keys
                        .iter()
                        .any(|k| t.in_keys(&k.named) || t.in_keys(&k.notes))
                })
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let others = scores_said(
        module,
        &unheld(&synonyms_of(message, false)),
        &unheld(message),
        closeness,
        language,
    );
    for ((id, score), (_, other)) in scored.iter_mut().zip(others) {
        if !held.contains(id) {
            *score = other;
        }
    }
    scored
}

/// How close in meaning a message is to each topic, as the app's embedder tells it
/// (ids, closeness; empty without an embedder).
#[derive(Debug, Default, Clone, Copy)]
pub struct Meaning<'a> {
    /// The whole message's closeness.
    pub message: &'a [(String, f32)],
    /// The closeness of the question it asks (`meaningful_question`), which weighs
    /// again.
    pub asked: &'a [(String, f32)],
    /// The message is in another language than the module's: its words seldom meet the
    /// notes', so naming nothing of them does not make it a follow-up.
    pub across: bool,
}

/// What came before a message in the session.
#[derive(Debug, Default, Clone, Copy)]
pub struct Before<'a> {
    /// The student's message before it, which a question without evidence leans on.
    pub message: Option<&'a str>,
    /// The topics whose notes the last reply that showed any showed, which a message
    /// continuing the talk stays with.
    pub shown: &'a [String],
    /// The last reply showed no note (support, thanks, a greeting): `shown` is the talk
    /// before it, and the message before counts whole.
    pub unanswered: bool,
}

/// The topics whose notes answer `message`, best first (none when nothing does):
/// `meaning` is the embedder's closeness of the message and of its question to each
/// topic's [`topic_texts`], `before` what the session said before it.
pub fn answering_topics(
    module: &ModuleManifest,
    message: &str,
    meaning: Meaning,
    before: Before,
) -> Vec<String> {
    // A message opening on a why that names nothing asks about the note just shown.
    if opens_on_a_bare_why(message) && !before.shown.is_empty() {
        tracing::debug!(message, shown = ?before.shown, "a bare why keeps the topic shown");
        return before.shown.to_vec();
    }
    // A why-question about what the shown note says continues the talk, and is what the
    // message asks.
    let why = why_of_shown(module, message, before.shown);
    let follows_up = (continues_the_talk(message, before.message.is_some())
        || why.is_some()
        || (before.message.is_some() && !before.unanswered && names_only_its_asking(message))
        || (!meaning.across && points_back(module, message)))
        && !before.shown.is_empty();
    // A message saying little and naming nothing leans on the talk, its meaning kept.
    let leans_on_shown =
        !follows_up && !meaning.across && says_little_and_names_nothing(module, message);
    // Within the module's language, its own keywords; across, both languages'.
    let language = (!meaning.across).then(|| module_language(module));
    // A follow-up's meaning is the talk's, not its few words': the embedder's closeness
    // of "and if someone forgets their part?" alone is noise.
    let meaning = if follows_up {
        Meaning::default()
    } else {
        meaning
    };
    let closeness = meaning.message;
    let held: &[String] = if follows_up { before.shown } else { &[] };
    let mut scored = held_scores(module, message, closeness, held, language);
    // The question itself, in words and meaning, weighs twice what the situation
    // around it does.
    if let Some(question) = why.or_else(|| asked_part(message)) {
        let own = held_scores(module, question, meaning.asked, held, language);
        for ((_, score), (_, own)) in scored.iter_mut().zip(own) {
            *score += own;
        }
    }
    let asked_units = measures::asked_units(message);
    if !asked_units.is_empty() {
        for ((_, score), topic) in scored.iter_mut().zip(module.topics()) {
            if measures::counts_in(&topic.notes, &asked_units) {
                *score += ASKED_UNIT;
            }
        }
    }
    let held_weight = if follows_up || leans_on_shown {
        FOLLOW_UP
    } else if before.message.is_none() {
        // The student's first message: the note the module opened on is no talk of
        // theirs, and first messages are seldom about it (47 of the 272 first turns of
        // the case files).
        0.0
    } else {
        SHOWN_BEFORE
    };
    for (id, score) in scored.iter_mut() {
        if before.shown.contains(id) {
            *score += held_weight;
        }
    }
    if let (false, Some(earlier)) = (follows_up, before.message) {
        // The topic shown is what the message before was read as; counted once. With
        // no note shown, that message is all the talk holds.
        let weight = if before.unanswered || before.shown.is_empty() {
            UNANSWERED_WEIGHT
        } else {
            EARLIER_WEIGHT
        };
        for ((_, score), (_, prior)) in scored.iter_mut().zip(scores(module, earlier, &[], None)) {
            *score += weight * prior;
        }
    }
    tracing::debug!(message, ?closeness, ?scored, shown = ?before.shown, "topic scores");
    best(scored)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_packs::module::parse_module;
    use lantern_packs::module::testing::{module, module_with, MODULE_JSON};

    #[test]
    fn a_message_tells_what_it_says_besides_its_question() {
        let told = told_part("ya me salieron ampollas en la espalda, ¿me las puedo reventar?");
        assert_eq!(told, "ya me salieron ampollas en la espalda,");
        assert_eq!(told_part("¿me las puedo reventar?"), "");
        assert_eq!(told_part("can i just nuke it for 30 sec"), "");
        assert_eq!(told_part("me quemé en la playa"), "me quemé en la playa");
        assert_eq!(told_part("is light important?"), "is light important?");
    }

    /// The sample module's answering topics for `message` after a reply that showed the
    /// topic `shown`, with no closeness in meaning.
    fn topics_after(shown: &str, message: &str) -> Vec<String> {
        let shown = [shown.to_string()];
        let before = Before {
            message: None,
            shown: &shown,
            unanswered: false,
        };
        answering_topics(&module(), message, Meaning::default(), before)
    }

    #[test]
    fn a_question_sharing_stems_with_a_note_is_answered_by_it() {
        let m = module();
        let t = answering_topics(
            &m,
            "what helps when I keep worrying?",
            Meaning::default(),
            Before::default(),
        );
        assert_eq!(t.first().map(String::as_str), Some("worry"), "{t:?}");
    }

    #[test]
    fn a_synonym_reaches_a_note_that_never_says_the_word() {
        let m = module();
        let t = answering_topics(
            &m,
            "what time should I go to bed?",
            Meaning::default(),
            Before::default(),
        );
        assert_eq!(t.first().map(String::as_str), Some("sleep"), "{t:?}");
    }

    #[test]
    fn the_question_a_message_ends_with_is_its_asked_part() {
        assert_eq!(
            asked_part("tengo un examen y un trabajo, ¿qué hago primero?"),
            Some("¿qué hago primero?")
        );
        assert_eq!(asked_part("¿qué hago primero?"), None);
        assert_eq!(asked_part("tengo un examen, y un trabajo"), None);
    }

    #[test]
    fn only_a_question_that_says_enough_is_read_for_its_meaning() {
        assert_eq!(
            meaningful_question("mi roomie paga tarde, ¿cómo se lo digo sin que se enoje?"),
            Some("¿cómo se lo digo sin que se enoje?")
        );
        assert_eq!(
            meaningful_question("me pagan 3 euros la hora, ¿está bien?"),
            None
        );
        assert_eq!(meaningful_question("no duermo, what do I do?"), None);
        assert_eq!(
            meaningful_question("che, le puedo dar a mi perra lo que sobra de la cena?"),
            None
        );
    }

    #[test]
    fn a_question_before_what_the_message_adds_is_its_asked_part() {
        assert_eq!(
            asked_part("¿y cuándo se lo digo? ya van cinco veces"),
            Some("¿y cuándo se lo digo?")
        );
        assert_eq!(
            asked_part("ok so when do I tell her? it's been five times"),
            Some("ok so when do I tell her?")
        );
        assert_eq!(asked_part("why? ok"), Some("why?"));
    }

    #[test]
    fn a_question_sent_without_its_mark_is_read_as_one() {
        assert_eq!(
            asked_part("my account is public, does that matter"),
            Some("does that matter")
        );
        assert_eq!(asked_part("my account is public, it matters"), None);
        assert!(is_why_question("why is scrolling in bed bad tho"));
        assert!(!is_why_question("that's why i scroll in bed"));
    }

    #[test]
    fn a_why_question_is_about_its_subject_not_its_judgement() {
        let m =
            module_with(r#""pomodoro"]"#, r#""pomodoro", "important"]"#).expect("a valid module");
        let question = "why is it so important to sleep early before exams?";
        let t = answering_topics(&m, question, Meaning::default(), Before::default());
        assert_eq!(t.first().map(String::as_str), Some("sleep"), "{t:?}");
        assert_eq!(
            subject_of("¿por qué es tan importante dormir?"),
            "por que es tan dormir"
        );
        let t = answering_topics(
            &m,
            "what is important now?",
            Meaning::default(),
            Before::default(),
        );
        assert_eq!(t.first().map(String::as_str), Some("breaks"), "{t:?}");
    }

    #[test]
    fn closeness_in_meaning_decides_when_words_do_not() {
        let m = module();
        let mut close: Vec<(String, f32)> = m.topics().map(|t| (t.id.clone(), 0.2)).collect();
        close[1].1 = 0.7;
        let t = answering_topics(
            &m,
            "zzz qqq",
            Meaning {
                message: &close,
                asked: &[],
                across: false,
            },
            Before::default(),
        );
        assert_eq!(t, [close[1].0.clone()]);
    }

    #[test]
    fn two_readers_agreement_averages_their_standardised_closeness() {
        // The first reader favours text 0, the second text 1 strongly: text 1 wins.
        let both = agreement(&[0.60, 0.55, 0.50], &[0.80, 0.90, 0.79]);
        assert!(both[1] > both[0] && both[0] > both[2], "{both:?}");
        // One reader alone is that reader, standardised.
        let near = |values: Vec<f32>| {
            values.len() == 2 && (values[0] - 1.0).abs() < 1e-4 && (values[1] + 1.0).abs() < 1e-4
        };
        assert!(near(agreement(&[0.6, 0.4], &[])));
        assert!(near(agreement(&[], &[0.6, 0.4])));
    }

    #[test]
    fn the_order_word_of_a_what_first_question_is_no_evidence() {
        let m = module_with(
            r#""Sleep fixes memories.""#,
            r#""Sleep first, revise after.""#,
        )
        .expect("a valid module");
        let asked = "exam in ten minutes, what do i do first?";
        assert!(asks_what_first(asked));
        let t = answering_topics(&m, asked, Meaning::default(), Before::default());
        assert!(t.is_empty(), "{t:?}");
        // The message's own words still speak for the topic that says "first".
        let t = answering_topics(
            &m,
            "should i sleep first?",
            Meaning::default(),
            Before::default(),
        );
        assert_eq!(t.first().map(String::as_str), Some("sleep"), "{t:?}");
    }

    #[test]
    fn the_synonyms_of_asking_what_first_speak_only_for_a_topic_they_name() {
        // "what do i do first" brings "urgent" and "important" through its synonyms.
        let note = r#""Sleep fixes memories, and it is important to rest.""#;
        let m = module_with(r#""Sleep fixes memories.""#, note).expect("a valid module");
        let asked = "my heart is racing and i feel sick, what do i do first?";
        let t = answering_topics(&m, asked, Meaning::default(), Before::default());
        assert_eq!(t.first().map(String::as_str), Some("heart"), "{t:?}");
        assert!(evidence(asked)
            .iter()
            .flatten()
            .all(|t| t.word != "important"));
        assert!(asking_evidence(asked, &evidence(asked))
            .iter()
            .flatten()
            .any(|t| t.word == "important"));
        // Named by them, the topic is what the question asks about.
        let named = module_with(
            r#""keywords": {"en": ["sleep", "slept"]"#,
            r#""keywords": {"en": ["sleep", "important"]"#,
        )
        .expect("a valid module");
        let t = answering_topics(
            &named,
            "what do i do first?",
            Meaning::default(),
            Before::default(),
        );
        assert_eq!(t.first().map(String::as_str), Some("sleep"), "{t:?}");
    }

    #[test]
    fn a_sentence_names_a_word_of_the_message_through_its_synonyms() {
        let sentence = "Test yourself, because it helps you remember.";
        assert_eq!(named_weight(sentence, "i always forget stuff"), 1);
        assert_eq!(named_weight("Sleep well.", "i always forget stuff"), 0);
    }

    #[test]
    fn a_number_in_another_unit_names_nothing() {
        let message = "las dos?? aunq sea pa 5 min hasta el insti?";
        let weight =
            "La mochila no debería pesar más del 10 %: si pesas 50 kg, son 5 kg como mucho.";
        let straps = "Lleva la mochila con las dos asas.";
        assert_eq!(named_weight(weight, message), 0);
        assert!(named_weight(straps, message) > 0);
        assert!(named_weight("Descansa 5 minutos.", message) > 0);
    }

    #[test]
    fn synonyms_meeting_a_note_through_the_same_translation_are_one_piece_of_evidence() {
        // "shout", "yell" and "scream" are all "gritar" in the glossary.
        let pieces = evidence("i shout at every match");
        let shouting: Vec<&str> = pieces
            .iter()
            .flatten()
            .filter(|t| t.keys.iter().any(|k| k == "grit"))
            .map(|t| t.word.as_str())
            .collect();
        assert_eq!(shouting, ["shout"], "{pieces:?}");
    }

    #[test]
    fn a_word_of_the_priorities_group_does_not_bring_its_ways_of_asking_what_first() {
        let urgent = "urgent!! my brother got toilet cleaner in his eye";
        assert!(evidence(urgent).iter().flatten().all(|t| t.word != "first"));
        assert!(evidence(urgent)
            .iter()
            .flatten()
            .any(|t| t.word == "important"));
        let asked = "what do i do first?";
        assert!(asking_evidence(asked, &evidence(asked))
            .iter()
            .flatten()
            .any(|t| t.word == "important"));
    }

    #[test]
    fn a_what_first_question_says_too_little_for_its_meaning_alone() {
        let asked = "a street dog came and bit my leg. What should I do first?";
        assert_eq!(meaningful_question(asked), None);
    }

    #[test]
    fn a_how_many_question_is_answered_by_the_note_counting_in_its_unit() {
        // Both notes say "hours"; only the breaks note gives a number of them.
        let json = MODULE_JSON
            .replacen(
                "Sleep fixes memories.",
                "Sleep fixes memories, whatever the hours.",
                1,
            )
            .replacen(
                "Short breaks keep focus.",
                "Short breaks keep focus: stop every 2 hours.",
                1,
            );
        let m = parse_module(&json).expect("a valid module");
        let t = answering_topics(&m, "how many hours?", Meaning::default(), Before::default());
        assert_eq!(t.first().map(String::as_str), Some("breaks"), "{t:?}");
    }

    #[test]
    fn a_light_word_is_no_evidence() {
        let m = module();
        // "keep" is in the breaks note ("Short breaks keep focus"), but says nothing here.
        assert!(answering_topics(
            &m,
            "my friend keeps saying stuff",
            Meaning::default(),
            Before::default()
        )
        .is_empty());
        let t = answering_topics(
            &m,
            "do short breaks help my focus?",
            Meaning::default(),
            Before::default(),
        );
        assert_eq!(t.first().map(String::as_str), Some("breaks"), "{t:?}");
    }

    #[test]
    fn a_follow_ups_word_held_by_the_topic_still_brings_its_synonyms() {
        // "stressed" is in the held breaks note; its synonyms ("heart pounding") still
        // speak for the racing-heart note, as "pasta" brings "dinero".
        let m = module_with(
            r#""Short breaks keep focus.""#,
            r#""Short breaks keep focus when stressed.""#,
        )
        .expect("a valid module");
        let held = ["breaks".to_string()];
        let scored = held_scores(&m, "and when I am stressed?", &[], &held, None);
        let heart = |s: &[(String, f32)]| s.iter().find(|(id, _)| id == "heart").map(|(_, v)| *v);
        assert!(heart(&scored).is_some_and(|s| s > 0.0), "{scored:?}");
        // Evidence, not a keyword said: "pounding" came with "stressed", the student did
        // not write it.
        let said = scores_said(&m, "stressed heart pounding", "stressed", &[], None);
        let outright = scores(&m, "stressed heart pounding", &[], None);
        assert!(heart(&said) < heart(&outright), "{said:?} {outright:?}");
    }

    #[test]
    fn a_why_question_about_what_the_shown_note_says_stays_with_it() {
        let m = module();
        let message = "why slowly? I tried breathing fast";
        let shown = ["blank".to_string()];
        let before = Before {
            message: None,
            shown: &shown,
            unanswered: false,
        };
        assert_eq!(why_of_shown(&m, message, &shown), Some("why slowly?"));
        let t = answering_topics(&m, message, Meaning::default(), before);
        assert_eq!(t.first().map(String::as_str), Some("blank"), "{t:?}");
        // Without the note shown, the breathing note's title speaks for it.
        let t = answering_topics(&m, message, Meaning::default(), Before::default());
        assert_eq!(t.first().map(String::as_str), Some("breath"), "{t:?}");
        // A why-question naming what the shown note does not say is not about it.
        assert_eq!(why_of_shown(&m, "why does my heart race?", &shown), None);
        assert_eq!(why_of_shown(&m, "slowly? ok", &shown), None);
    }

    #[test]
    fn a_message_opening_on_a_why_that_names_nothing_keeps_the_topic_shown() {
        // "breathing" is another topic's word, but the why asks about the sleep note.
        let t = topics_after("sleep", "why tho, my breathing is fine");
        assert_eq!(t, vec!["sleep".to_string()]);
    }

    #[test]
    fn only_a_first_clause_asking_why_of_nothing_is_a_bare_why() {
        for bare in [
            "why tho, she's got heaps of teeth",
            "¿y eso por qué? a mí me la daban",
            "xq?",
            "why tho its way easier",
            "por qué po si nunca pasa nada",
            // After the words leading into a follow-up, unmarked.
            "y eso pq",
            "and why tho",
        ] {
            assert!(opens_on_a_bare_why(bare), "{bare}");
        }
        for named in [
            "why is breathing slowly better?",
            "ok, why tho",
            "she's got heaps of teeth",
        ] {
            assert!(!opens_on_a_bare_why(named), "{named}");
        }
    }

    #[test]
    fn a_message_in_the_modules_language_meets_only_the_keywords_written_in_it() {
        // "grass" is "pasto" in the glossary, whose stem is the one of "pasta".
        let m = module_with(r#""es": ["descanso*"]"#, r#""es": ["descanso*", "pasta"]"#)
            .expect("a valid module");
        let breaks = |scored: Vec<(String, f32)>| {
            scored
                .into_iter()
                .find(|(id, _)| id == "breaks")
                .map(|(_, s)| s)
        };
        let said = "we sat on the grass";
        assert_eq!(breaks(scores(&m, said, &[], Some(Language::En))), Some(0.0));
        // Across languages, both languages' keywords count.
        assert!(breaks(scores(&m, said, &[], None)).is_some_and(|s| s > 0.0));
    }

    /// The sample module's closeness with its first topic far the closest.
    fn first_topic_closest(m: &ModuleManifest) -> Vec<(String, f32)> {
        let mut close: Vec<(String, f32)> = m.topics().map(|t| (t.id.clone(), 0.2)).collect();
        close[0].1 = 0.9;
        close
    }

    /// `close` as the meaning of a message in the module's language.
    fn within_language(close: &[(String, f32)]) -> Meaning<'_> {
        Meaning {
            message: close,
            asked: &[],
            across: false,
        }
    }

    #[test]
    fn the_note_a_module_opens_on_does_not_weigh_on_the_first_message() {
        let m = module();
        let mut close: Vec<(String, f32)> = m.topics().map(|t| (t.id.clone(), 0.2)).collect();
        close[0].1 = 0.50;
        close[2].1 = 0.52;
        let shown = [close[0].0.clone()];
        let first = Before {
            message: None,
            shown: &shown,
            unanswered: false,
        };
        let said = "i feel odd today";
        let t = answering_topics(&m, said, within_language(&close), first);
        assert_eq!(t.first(), Some(&close[2].0), "{t:?}");
        // After a message of the student's, the note shown weighs a little.
        let later = Before {
            message: Some("hola"),
            ..first
        };
        let t = answering_topics(&m, said, within_language(&close), later);
        assert_eq!(t.first(), Some(&close[0].0), "{t:?}");
    }

    #[test]
    fn a_message_opening_on_what_was_just_talked_about_continues_the_talk() {
        for message in [
            "it's covered in mud, shall i give it a proper wash under the tap",
            "is it normal that it hurts",
            "¿eso se arregla con algo?",
            "lo tapo o no se ve?",
            // A way out of the advice just given.
            "why cant i just wait till my next appointment",
            "¿y si mejor me lo quito?",
        ] {
            assert!(continues_the_talk(message, false), "{message}");
        }
        // "this", "that" or "they" alone may open on someone new.
        for message in [
            "this guy from a game wants my snap",
            "they found a cavity and i need a filling",
            "items in my bag",
        ] {
            assert!(!continues_the_talk(message, false), "{message}");
        }
    }

    #[test]
    fn asking_what_to_do_instead_after_speaking_continues_the_talk() {
        let message = "grand so what am i meant to use instead";
        assert!(continues_the_talk(message, true));
        assert!(continues_the_talk("y q hago en vez de eso", true));
        // Naming what it would replace, it asks about that.
        let named = "why do they split the grade into a bunch of small tests instead of just one big exam at the end?";
        assert!(!continues_the_talk(named, true));
        // A first message asking so starts the talk.
        assert!(!continues_the_talk(message, false));
    }

    #[test]
    fn the_words_a_message_asks_how_long_or_how_much_with_are_no_evidence() {
        let words = |message: &str| -> Vec<String> {
            evidence(message)
                .into_iter()
                .flatten()
                .map(|t| t.word)
                .collect()
        };
        let asked = words("vale y cuanto tiempo me lo pienso antes");
        assert!(
            asked.iter().all(|w| w != "tiempo" && w != "cuanto"),
            "{asked:?}"
        );
        assert!(words("how long does a tattoo take to heal")
            .iter()
            .all(|w| w != "long"));
        // Said otherwise, the same word is what the message is about.
        assert!(words("no tengo tiempo para estudiar").contains(&"tiempo".to_string()));
    }

    #[test]
    fn a_first_message_opening_with_so_starts_the_talk() {
        let m = module();
        let close = first_topic_closest(&m);
        let meaning = within_language(&close);
        let shown = ["sleep".to_string()];
        let said = "ok so it does not change";
        // The student's first message: the opening's note is no talk of theirs.
        let first = Before {
            message: None,
            shown: &shown,
            unanswered: false,
        };
        let t = answering_topics(&m, said, meaning, first);
        assert_eq!(t.first(), Some(&close[0].0), "{t:?}");
        // After a message of theirs, it goes on from what they said.
        let later = Before {
            message: Some("i sleep badly"),
            shown: &shown,
            unanswered: false,
        };
        let t = answering_topics(&m, said, meaning, later);
        assert_eq!(t.first().map(String::as_str), Some("sleep"), "{t:?}");
        // A word that adds a point opens a new subject, whoever spoke before.
        let t = answering_topics(&m, "also it does not change", meaning, later);
        assert_eq!(t.first(), Some(&close[0].0), "{t:?}");
    }

    #[test]
    fn a_follow_up_is_read_without_the_closeness_of_its_few_words() {
        let m = module();
        let mut close: Vec<(String, f32)> = m.topics().map(|t| (t.id.clone(), 0.2)).collect();
        close[0].1 = 0.9;
        let shown = ["sleep".to_string()];
        let before = Before {
            message: None,
            shown: &shown,
            unanswered: false,
        };
        let t = answering_topics(
            &m,
            "and if it does not change?",
            Meaning {
                message: &close,
                asked: &[],
                across: false,
            },
            before,
        );
        assert_eq!(t.first().map(String::as_str), Some("sleep"), "{t:?}");
        // Not a follow-up: the closeness counts.
        let t = answering_topics(
            &m,
            "nothing changes",
            Meaning {
                message: &close,
                asked: &[],
                across: false,
            },
            before,
        );
        assert_eq!(t.first(), Some(&close[0].0), "{t:?}");
    }

    #[test]
    fn a_keyword_phrase_said_outright_outweighs_a_keyword_word() {
        // "go blank" is two words of evidence for going blank, "worried" one for worry.
        let m = module_with(
            r#""Going blank passes when you breathe out slowly.""#,
            r#""Pausing helps.""#,
        )
        .expect("a valid module");
        let t = answering_topics(
            &m,
            "worried i go blank",
            Meaning::default(),
            Before::default(),
        );
        assert_eq!(t.first().map(String::as_str), Some("blank"), "{t:?}");
    }

    #[test]
    fn a_word_for_anything_or_anyone_is_no_evidence() {
        let m = module_with(r#""Sleep fixes memories.""#, r#""Sleep fixes anything.""#)
            .expect("a valid module");
        assert!(answering_topics(
            &m,
            "i can't do anything",
            Meaning::default(),
            Before::default()
        )
        .is_empty());
    }

    #[test]
    fn a_filler_adverb_or_a_pronoun_one_is_no_evidence() {
        // "even" is the stem of "evening", "one" a number a note may use.
        let m = module_with(
            r#""Sleep fixes memories.""#,
            r#""Sleep in the evening usually fixes one memory if you still have it.""#,
        )
        .expect("a valid module");
        for said in [
            "no one even listens",
            "do they usually say that?",
            "what if I still do it",
        ] {
            assert!(
                answering_topics(&m, said, Meaning::default(), Before::default()).is_empty(),
                "{said}"
            );
        }
    }

    #[test]
    fn a_follow_up_s_words_the_shown_note_uses_are_about_that_note() {
        // "breathe" is a keyword of the breathing topic, but the note shown says it too.
        let t = topics_after("blank", "and if i still can't breathe?");
        assert_eq!(t.first().map(String::as_str), Some("blank"), "{t:?}");
        // A word the note shown does not use still names its own topic.
        let t = topics_after("blank", "and if i can't sleep?");
        assert_eq!(t.first().map(String::as_str), Some("sleep"), "{t:?}");
    }

    #[test]
    fn a_message_continuing_the_talk_stays_with_the_topic_shown() {
        let m = module();
        let shown = ["breath".to_string()];
        let before = Before {
            message: None,
            shown: &shown,
            unanswered: false,
        };
        for message in [
            "and if it does not change?",
            "¿y si sigue igual?",
            "what if it happens again",
            "tried that and nothing, now what",
            "ya lo hice, ¿ahora qué hago?",
            "why cant i just wait it out",
            "¿y si mejor espero?",
            "did all that and it still stings a bit",
            "ya hice eso y me sigue picando",
        ] {
            let t = answering_topics(&m, message, Meaning::default(), before);
            assert_eq!(
                t.first().map(String::as_str),
                Some("breath"),
                "{message}: {t:?}"
            );
        }
        // A message that names nothing of any note asks about the talk too.
        let alone = answering_topics(&m, "is that normal?", Meaning::default(), before);
        assert_eq!(
            alone.first().map(String::as_str),
            Some("breath"),
            "{alone:?}"
        );
        // One that names another topic goes there.
        let other = answering_topics(&m, "what about sleep?", Meaning::default(), before);
        assert_eq!(
            other.first().map(String::as_str),
            Some("sleep"),
            "{other:?}"
        );
    }

    #[test]
    fn a_follow_up_sharing_an_everyday_word_with_another_note_stays() {
        // "pass" is a word of the going-blank note only; the talk is about breathing.
        let t = topics_after("breath", "what if it doesn't pass?");
        assert_eq!(t.first().map(String::as_str), Some("breath"), "{t:?}");
    }

    #[test]
    fn a_message_naming_nothing_but_what_it_asks_asks_it_of_the_talk() {
        // "how long" is a keyword of no topic here, but its closeness in meaning would
        // pick any note about time; the talk is about breathing.
        let shown = ["breath".to_string()];
        let before = Before {
            message: Some("how do i breathe slowly"),
            shown: &shown,
            unanswered: false,
        };
        let close: Vec<(String, f32)> = ["heart", "breath", "worry", "blank", "sleep", "breaks"]
            .iter()
            .map(|id| (id.to_string(), if *id == "breaks" { 0.6 } else { 0.1 }))
            .collect();
        let meaning = Meaning {
            message: &close,
            ..Meaning::default()
        };
        let t = answering_topics(&module(), "how long tho", meaning, before);
        assert_eq!(t.first().map(String::as_str), Some("breath"), "{t:?}");
    }

    #[test]
    fn a_state_just_described_is_the_talk_s() {
        // "focus" is a word of the breaks note; "like that" is the state just talked of.
        let t = topics_after("breath", "what do i do if my focus is like that");
        assert_eq!(t.first().map(String::as_str), Some("breath"), "{t:?}");
        let t = topics_after("breath", "what do i do about my focus");
        assert_eq!(t.first().map(String::as_str), Some("breaks"), "{t:?}");
    }

    #[test]
    fn a_message_naming_only_what_it_asks_says_no_keyword() {
        let m = module_with(r#""pomodoro"]"#, r#""pomodoro", "how long"]"#).unwrap();
        let said = scores(&m, "how long tho", &[], None);
        assert!(said.iter().all(|(_, s)| *s == 0.0), "{said:?}");
        // Nor a keyword its asking words meet: "se me quita" asks, the myth keyword "se
        // me quitará" is not said.
        let myths = module_with(r#""pomodoro"]"#, r#""pomodoro", "se me quitará"]"#).unwrap();
        let said = scores(&myths, "y si no se me quita?", &[], None);
        assert!(said.iter().all(|(_, s)| *s == 0.0), "{said:?}");
        // Naming something else, the keyword is the topic's: "how long" a break lasts.
        let named = scores(&m, "how long does focus last", &[], None);
        let breaks = named.iter().find(|(id, _)| id == "breaks").unwrap().1;
        assert!(breaks >= KEYWORD_HIT, "{named:?}");
        let m = module_with(
            r#""pomodoro"]"#,
            r#""pomodoro", "how long", "how many breaks"]"#,
        )
        .unwrap();
        let named = scores(&m, "how many breaks should i take", &[], None);
        let breaks = named.iter().find(|(id, _)| id == "breaks").unwrap().1;
        // "how many breaks" is said, three words of it.
        assert!(breaks >= KEYWORD_HIT + 2.0 * PHRASE_WORD, "{named:?}");
    }

    #[test]
    fn the_words_a_message_asks_with_say_no_keyword_unless_the_module_makes_them_one() {
        let m = module_with(r#""pomodoro"]"#, r#""pomodoro", "decirles"]"#).unwrap();
        let said = scores(&m, "soy alergica al huevo, q le digo al mozo", &[], None);
        let breaks = said.iter().find(|(id, _)| id == "breaks").unwrap().1;
        assert!(breaks < KEYWORD_HIT, "{said:?}");
        let m = module_with(r#""pomodoro"]"#, r#""pomodoro", "cuánto tarda"]"#).unwrap();
        let said = scores(&m, "y cuanto tarda en curarse del todo", &[], None);
        let breaks = said.iter().find(|(id, _)| id == "breaks").unwrap().1;
        assert!(breaks >= KEYWORD_HIT, "{said:?}");
    }

    #[test]
    fn the_words_that_ask_name_nothing_a_follow_up_leans_on() {
        // "how long" asks; "long" in the breaks note is not what it names.
        let m = module_with(
            "Short breaks keep focus.",
            "Short breaks keep focus, however long the day is.",
        )
        .unwrap();
        assert!(says_little_and_names_nothing(&m, "how long for tho"));
        assert!(!says_little_and_names_nothing(&m, "how long for focus"));
    }

    #[test]
    fn a_message_naming_nothing_but_a_word_standing_for_something_points_back() {
        let m = module();
        assert!(points_back(&m, "do i have to buy them myself tho"));
        assert!(points_back(&m, "y esos donde los compro"));
        // "they" after the doctor: what they would give.
        assert!(points_back(&m, "what would they even give me tho"));
        // Without such a word, or naming the module's words, it does not.
        assert!(!points_back(&m, "do i have to buy it myself tho"));
        assert!(!points_back(&m, "are those good for breathing"));
    }

    #[test]
    fn a_message_after_a_note_leans_a_little_on_it() {
        // As much evidence for the sleep note ("memories") as for the breaks note
        // ("focus"): after a message of the student's, the note just shown goes first.
        for shown in ["sleep", "breaks"] {
            let shown = [shown.to_string()];
            let before = Before {
                message: Some("hola"),
                shown: &shown,
                unanswered: false,
            };
            let t = answering_topics(&module(), "memories and focus", Meaning::default(), before);
            assert_eq!(t.first(), Some(&shown[0]), "{t:?}");
        }
    }

    #[test]
    fn a_question_naming_nothing_of_any_note_leans_on_the_topic_shown() {
        let m = module();
        // The embedder finds "how long does it take?" a little closer to the heart note.
        let mut close: Vec<(String, f32)> = m.topics().map(|t| (t.id.clone(), 0.3)).collect();
        close[0].1 = 0.5;
        let sleep = m
            .topics()
            .position(|t| t.id == "sleep")
            .expect("a sleep topic");
        close[sleep].1 = 0.45;
        let shown = ["sleep".to_string()];
        let before = Before {
            message: None,
            shown: &shown,
            unanswered: false,
        };
        let meaning = Meaning {
            message: &close,
            asked: &[],
            across: false,
        };
        let t = answering_topics(&m, "how long does it take?", meaning, before);
        assert_eq!(t.first().map(String::as_str), Some("sleep"), "{t:?}");
        // One that names a note's word is read on its own.
        let t = answering_topics(&m, "how long does worry take?", meaning, before);
        assert_eq!(t.first().map(String::as_str), Some("worry"), "{t:?}");
        // In another language than the module's, naming nothing leans on nothing.
        let across = Meaning {
            across: true,
            ..meaning
        };
        let t = answering_topics(&m, "how long does it take?", across, before);
        assert_eq!(t.first(), Some(&close[0].0), "{t:?}");
        // Meaning that clearly points elsewhere still counts.
        let mut clear: Vec<(String, f32)> = m.topics().map(|t| (t.id.clone(), 0.2)).collect();
        clear[0].1 = 0.9;
        let clearly = Meaning {
            message: &clear,
            ..meaning
        };
        let t = answering_topics(&m, "how long does it take?", clearly, before);
        assert_eq!(t.first(), Some(&clear[0].0), "{t:?}");
    }

    #[test]
    fn after_a_reply_showing_no_note_the_message_before_counts_whole() {
        let m = module();
        let earlier = "my heart races before every exam and I'm useless";
        let message = "does it calm down if I go blank?";
        // After the support reply, which showed no note, the talk is the racing heart.
        let unanswered = Before {
            message: Some(earlier),
            shown: &[],
            unanswered: true,
        };
        let t = answering_topics(&m, message, Meaning::default(), unanswered);
        assert_eq!(t.first().map(String::as_str), Some("heart"), "{t:?}");
        // After a note, the message before only leans a little.
        let shown = ["sleep".to_string()];
        let answered = Before {
            message: Some(earlier),
            shown: &shown,
            unanswered: false,
        };
        let t = answering_topics(&m, message, Meaning::default(), answered);
        assert_ne!(t.first().map(String::as_str), Some("heart"), "{t:?}");
    }

    #[test]
    fn a_follow_up_after_a_reply_showing_no_note_stays_with_the_note_before_it() {
        let m = module();
        let close = first_topic_closest(&m);
        let meaning = within_language(&close);
        // The sleep note, then the support reply to "i'm useless": the talk is sleep.
        let talk = ["sleep".to_string()];
        let before = Before {
            message: Some("i'm useless"),
            shown: &talk,
            unanswered: true,
        };
        let t = answering_topics(&m, "and if it does not change?", meaning, before);
        assert_eq!(t.first().map(String::as_str), Some("sleep"), "{t:?}");
    }

    #[test]
    fn a_question_without_evidence_is_read_with_the_message_before_it() {
        let m = module();
        assert!(answering_topics(&m, "why?", Meaning::default(), Before::default()).is_empty());
        let before = Before {
            message: Some("I worry all the time"),
            shown: &[],
            unanswered: false,
        };
        let t = answering_topics(&m, "why?", Meaning::default(), before);
        assert_eq!(t.first().map(String::as_str), Some("worry"), "{t:?}");
    }
}
