//! The shared reply filter: every sentence a model writes passes it before it is shown
//! or saved (docs/ARCHITECTURE.md, "Checked words"). A sentence is kept only when it is
//!
//! - **whole**: three words or more;
//! - **not a leak**: no run of [`LEAK_RUN`] words from the prompt's own instructions;
//! - **not an echo**: it adds a content term of its own to the student's message;
//! - **new**: not a sentence the reply or the conversation has already said, nor a
//!   restatement of a text shown right after the reply ([`RESTATE_OVERLAP`]);
//! - **in the reply's language** (when its function words say so clearly);
//! - **supported**: every number and every other content term in it (a share of
//!   [`MIN_SUPPORT`]) occur in one passage of the material the turn rests on — a
//!   sentence, or two running on — or in the student's words ("It was a steam engine
//!   built by James Watt" is dropped: no passage says who built it and names Watt). Terms gathered from all
//!   over the material do not support a sentence ("hail forms when temperatures are
//!   above freezing" has each word somewhere and says something no sentence says).
//!   Words of teaching talk ("remember", "example", "step") need no support. The passage
//!   must not be turned around ([`super::polarity`]): a term the sentence negates is
//!   negated there, and one it states is not only ever negated there ("No puedes faltar
//!   a un laboratorio por enfermedad" rests on no passage of "Si faltas a una práctica
//!   por enfermedad, guarda el justificante").
//!
//! What fails is dropped with its reason, never rewritten.
//!
//! [`one_sentence_gaps`] is a stricter test of one claim, for the evals: a single source
//! sentence must say all of it (no passage of two sentences, no student's words).

use super::message_language::{clear_language, mixes_in_other_language};
use super::normalize::normalize;
use super::polarity::{polar_terms, polarity, Polar, Polarity};
pub use super::terms::is_teaching_talk;
use super::terms::{content_terms, is_stop_word, term_keys, Term};
use super::texting::with_full_forms;
use super::tidy::{ends_unfinished, sentences, trails_off};
use crate::language::Language;
use std::collections::BTreeSet;
use std::sync::LazyLock;

/// Share of a sentence's content terms (numbers aside) that must be supported: all of
/// them. A tiny model's paraphrase that swaps one word swaps the fact.
pub const MIN_SUPPORT: f64 = 1.0;
/// Words in a row shared with the instructions that make a leak.
pub const LEAK_RUN: usize = 5;
/// Share of a sentence's words found in one earlier sentence that makes a repeat.
pub const REPEAT_OVERLAP: f64 = 0.8;
/// Share of a sentence's words found in one sentence of a text the reply shows right
/// after it (the note under a module's answer) that makes a restatement: that text
/// says it next in its own words, which a paraphrase can only blur ("los vidrios no
/// tienen tapones" for "el vidrio va sin tapones").
pub const RESTATE_OVERLAP: f64 = 0.6;
/// Fewest words in a row of a text the filter is told not to quote that make a sentence
/// an echo, when they are also two thirds of that text ([`ReplyFilter::without_quoting`]):
/// a detail ("40 degrees in June", "30 kids grow 200 kg of potatoes last year" of a
/// longer text) is not.
pub const QUOTE_RUN: usize = 6;
/// Fewest content terms a sentence must have beyond the topic's words and teaching talk,
/// when the filter knows the topic.
pub const MIN_SUBSTANCE: usize = 2;
/// Fewest words in a sentence.
pub const MIN_SENTENCE_WORDS: usize = 3;

/// `word` without a plural's final "s", so a near-copy that changes a plural ("hecho" for
/// "hechos") still counts as the same word when looking for repeats; and without a final
/// "e" then, so a Spanish plural in "-es" meets its singular ("animales", "animal") as an
/// English one keeps meeting its own ("tables", "table"). A key for comparing, not a word.
fn singular(word: &str) -> &str {
    let stem = match word.strip_suffix('s') {
        Some(stem) if stem.chars().count() >= 3 && !stem.ends_with('s') => stem,
        _ => word,
    };
    match stem.strip_suffix('e') {
        Some(root) if root.chars().count() >= 3 => root,
        _ => stem,
    }
}

/// Words that start an explanation inside a sentence (normalised), in every language:
/// `words/<locale>/explaining.txt`.
static EXPLAINING: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| crate::word_list!("explaining").collect());

/// Whether a sentence explains something by itself ("Adrenaline changes your body by
/// releasing adrenaline.", "Tense shoulders or headaches can cause headaches."): a long
/// word (five letters or more) before the word that starts the explanation comes back
/// after it.
fn explains_by_itself(words: &[String]) -> bool {
    let Some(at) = words.iter().position(|w| EXPLAINING.contains(&w.as_str())) else {
        return false;
    };
    let before: BTreeSet<&str> = words[..at]
        .iter()
        .filter(|w| w.chars().count() >= 5)
        .map(|w| singular(w))
        .collect();
    words[at + 1..].iter().any(|w| before.contains(singular(w)))
}

/// Why a sentence was dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DropReason {
    /// Fewer than three words.
    Fragment,
    /// It copies a run of the prompt's instructions (the run).
    Leak(String),
    /// It says nothing the student's message did not.
    Echo,
    /// It was already said.
    Repeat,
    /// It is in another language.
    Language,
    /// Its terms are not in the material or the student's words (the unsupported ones).
    Unsupported(Vec<String>),
    /// Beyond the topic's own words and teaching talk it says fewer than
    /// [`MIN_SUBSTANCE`] things ("This is a simple calculation of resistance.").
    SaysNothing,
}

impl DropReason {
    /// The check's name, as evals and logs print it.
    pub fn check(&self) -> &'static str {
        match self {
            Self::Fragment => "fragment",
            Self::Leak(_) => "no_leak",
            Self::Echo => "no_echo",
            Self::Repeat => "no_repeat",
            Self::Language => "language",
            Self::Unsupported(_) => "supported",
            Self::SaysNothing => "says_something",
        }
    }
}

/// `None` when `supported` holds for every number of `terms` and [`MIN_SUPPORT`] of the
/// others (teaching talk aside); else the terms it does not hold for.
fn missing_terms(terms: &[Term], supported: impl Fn(&Term) -> bool) -> Option<Vec<String>> {
    let mut missing: Vec<String> = Vec::new();
    let mut counted = 0usize;
    let mut ok = 0usize;
    for t in terms {
        if t.is_number {
            if !supported(t) {
                missing.push(t.word.clone());
            }
            continue;
        }
        if is_teaching_talk(t) {
            continue;
        }
        counted += 1;
        if supported(t) {
            ok += 1;
        } else {
            missing.push(t.word.clone());
        }
    }
    let numbers_missing = terms.iter().any(|t| t.is_number && !supported(t));
    let share_ok = counted == 0 || ok as f64 / counted as f64 >= MIN_SUPPORT;
    (numbers_missing || !share_ok).then_some(missing)
}

/// The terms of `claim` that the one sentence of `sources` closest to it lacks: empty
/// when a single source sentence, on its own, says every number and every content term
/// of the claim (teaching talk aside; function words are not terms). Unlike
/// [`ReplyFilter::check`], no sentence is joined with the next and the student's words
/// support nothing, so a claim assembled from several sentences ("The French Revolution
/// happened because it did not give women equal rights", each word somewhere in the
/// notes or the question) is not supported. With no source sentence every term is
/// missing.
pub fn one_sentence_gaps(claim: &str, sources: &[&str]) -> Vec<String> {
    let terms = content_terms(claim);
    let mut best: Option<Vec<String>> = None;
    for sentence in sources.iter().flat_map(|s| sentences(s)) {
        let keys = term_keys(sentence);
        match missing_terms(&terms, |t| t.in_keys(&keys)) {
            None => return Vec::new(),
            Some(m) if best.as_ref().is_none_or(|b| m.len() < b.len()) => best = Some(m),
            Some(_) => {}
        }
    }
    best.or_else(|| missing_terms(&terms, |_| false))
        .unwrap_or_default()
}

/// What a reply may rest on and must not copy.
#[derive(Debug, Clone, Default)]
pub struct ReplyFilter {
    language: Option<Language>,
    /// The material's passages: each sentence's keys joined with the next one's.
    material: Vec<Passage>,
    student: BTreeSet<String>,
    /// The student's terms by polarity.
    student_polarity: Polarity,
    /// The keys of the topic's own words (a unit's title), which say nothing new.
    topic: BTreeSet<String>,
    student_words: Vec<String>,
    /// Each sentence already said, as its set of words in singular form.
    said: Vec<BTreeSet<String>>,
    /// Each sentence of the texts shown right after the reply, the same way.
    shown_after: Vec<BTreeSet<String>>,
    instructions: Vec<Vec<String>>,
    /// The prompt's own labels ("we are on:", "student:"), lowercase.
    labels: Vec<String>,
    /// Every word of the material, lowercase, as written.
    material_words: BTreeSet<String>,
    /// Texts a sentence may not copy at length (the student's text, which the reply
    /// shows anyway), as their words.
    not_quoted: Vec<Vec<String>>,
}

/// The result of filtering one text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filtered {
    /// The sentences kept, in order.
    pub kept: Vec<String>,
    /// The sentences dropped, with why.
    pub dropped: Vec<(String, DropReason)>,
}

impl Filtered {
    /// The kept sentences joined by spaces.
    pub fn text(&self) -> String {
        self.kept.join(" ")
    }
}

/// The length of the longest run of words `a` and `b` share, in order.
pub fn longest_shared_run(a: &[String], b: &[String]) -> usize {
    let mut longest = 0;
    let mut previous = vec![0; b.len() + 1];
    for word in a {
        let mut current = vec![0; b.len() + 1];
        for (j, other) in b.iter().enumerate() {
            if word == other {
                current[j + 1] = previous[j] + 1;
                longest = longest.max(current[j + 1]);
            }
        }
        previous = current;
    }
    longest
}

fn word_list(text: &str) -> Vec<String> {
    normalize(text)
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// A passage of the material: its terms' keys, and the same by polarity.
#[derive(Debug, Clone, Default)]
struct Passage {
    keys: BTreeSet<String>,
    polarity: Polarity,
}

/// The passages of `text` that may support a sentence: each sentence with the next
/// one (a text of one sentence is one passage).
fn passages(text: &str) -> Vec<Passage> {
    let each: Vec<Passage> = sentences(text)
        .into_iter()
        .map(|s| Passage {
            keys: term_keys(s),
            polarity: polarity(s),
        })
        .collect();
    if each.len() < 2 {
        return each;
    }
    each.windows(2)
        .map(|pair| Passage {
            keys: pair[0].keys.union(&pair[1].keys).cloned().collect(),
            polarity: pair[0].polarity.union(&pair[1].polarity),
        })
        .collect()
}

/// Each sentence of `text` as its set of words in singular form (empty ones left out).
fn sentence_words(text: &str) -> Vec<BTreeSet<String>> {
    sentences(text)
        .into_iter()
        .map(|s| {
            word_list(s)
                .iter()
                .map(|w| singular(w).to_string())
                .collect()
        })
        .filter(|words: &BTreeSet<String>| !words.is_empty())
        .collect()
}

impl ReplyFilter {
    /// A filter for a reply in `language` (`None`: any language) resting on
    /// `material`, answering `student`.
    pub fn new(language: Option<Language>, material: &[&str], student: &str) -> Self {
        Self {
            language,
            material: material.iter().flat_map(|m| passages(m)).collect(),
            // What the student shortened ("4 yr old") supports it in full ("4-year-old").
            student: term_keys(&with_full_forms(student)),
            student_polarity: polarity(student),
            topic: BTreeSet::new(),
            student_words: word_list(student),
            said: Vec::new(),
            shown_after: Vec::new(),
            instructions: Vec::new(),
            labels: Vec::new(),
            material_words: material.iter().flat_map(|m| word_list(m)).collect(),
            not_quoted: Vec::new(),
        }
    }

    /// Narrows what a sentence may rest on to `material` alone (each sentence, or two
    /// running on), the student's words aside: a model that has chosen the sentence
    /// its answer applies rests every sentence of its own on that one, so a claim
    /// pieced from the chosen sentence and another ("solo se puede comer hasta esa
    /// fecha", for a question about the other date) is not kept.
    pub fn rest_on(&mut self, material: &[&str]) {
        self.material = material.iter().flat_map(|m| passages(m)).collect();
    }

    /// Also refuses runs of the prompt's own instruction texts.
    pub fn with_instructions(mut self, instructions: &[&str]) -> Self {
        self.instructions = instructions.iter().map(|i| word_list(i)).collect();
        self
    }

    /// Also refuses, as an echo, sentences that copy most of one of `texts` ("You name a
    /// case where your claim fails: schools in city centres with no outdoor space at
    /// all." quotes the whole text the proposal shows; see [`QUOTE_RUN`]).
    pub fn without_quoting(mut self, texts: &[&str]) -> Self {
        self.not_quoted = texts.iter().map(|t| word_list(t)).collect();
        self
    }

    /// Whether `words` copy most of a text not to be quoted: a run of at least
    /// [`QUOTE_RUN`] of its words that is two thirds of it or more.
    fn quotes(&self, words: &[String]) -> bool {
        self.not_quoted.iter().any(|text| {
            let run = longest_shared_run(words, text);
            run >= QUOTE_RUN && run * 3 >= text.len() * 2
        })
    }

    /// Also refuses sentences that carry one of the prompt's labels ("We are on:",
    /// "Notes you may use:", "Student:"), however few words follow them.
    pub fn with_labels(mut self, labels: &[&str]) -> Self {
        self.labels = labels.iter().map(|l| l.to_lowercase()).collect();
        self
    }

    /// Also refuses sentences that, beyond these topic texts' words (a unit's title) and
    /// teaching talk, say fewer than [`MIN_SUBSTANCE`] things.
    pub fn with_topic(mut self, topic: &[&str]) -> Self {
        self.topic = topic.iter().flat_map(|t| term_keys(t)).collect();
        self
    }

    /// Also refuses sentences already said in these earlier texts.
    pub fn with_said(mut self, earlier: &[&str]) -> Self {
        for text in earlier {
            self.remember(text);
        }
        self
    }

    /// Also refuses sentences restating one of these texts, which the reply shows
    /// right after its own words ([`RESTATE_OVERLAP`]).
    pub fn with_shown_after(mut self, texts: &[&str]) -> Self {
        self.shown_after
            .extend(texts.iter().flat_map(|t| sentence_words(t)));
        self
    }

    /// Remembers `text` as said, so a later sentence repeating it is dropped.
    pub fn remember(&mut self, text: &str) {
        self.said.extend(sentence_words(text));
    }

    fn leak(&self, words: &[String]) -> Option<String> {
        if words.len() < LEAK_RUN {
            return None;
        }
        words.windows(LEAK_RUN).find_map(|run| {
            self.instructions
                .iter()
                .any(|i| i.windows(LEAK_RUN).any(|w| w == run))
                .then(|| run.join(" "))
        })
    }

    /// Whether most of the sentence's words were already said in one earlier
    /// sentence (a copy, a paraphrase, or an earlier sentence with a few words added —
    /// none a figure nor a content word of the student's message) or, by
    /// [`RESTATE_OVERLAP`], are in one sentence shown right after the reply,
    /// or the sentence says a run of four words twice ("…es 1 + 2 + 3 = 6, pero el
    /// resultado… es 1 + 2 + 3 = 6").
    fn repeats(&self, words: &[String]) -> bool {
        let mut runs = BTreeSet::new();
        if words.windows(4).any(|run| !runs.insert(run)) {
            return true;
        }
        let mine: BTreeSet<&str> = words.iter().map(|w| singular(w)).collect();
        let students: BTreeSet<&str> = self.student_words.iter().map(|w| singular(w)).collect();
        let said = self.said.iter().map(|s| (s, REPEAT_OVERLAP));
        let after = self.shown_after.iter().map(|s| (s, RESTATE_OVERLAP));
        said.chain(after).any(|(earlier, overlap)| {
            // A figure, or a content word of the student's message, that the earlier
            // sentence lacks says something new ("1 in 20 adults" after "1 in 10
            // adults"; "…fails: otra asignatura." after "…fails: el colegio no tenga
            // profes.", the text the student wrote instead).
            let new = mine.iter().any(|w| {
                let theirs = students.contains(*w) && !is_stop_word(w);
                (w.chars().any(|c| c.is_ascii_digit()) || theirs) && !earlier.contains(*w)
            });
            let shared = mine.iter().filter(|w| earlier.contains(**w)).count() as f64;
            !new && shared / mine.len().max(1) as f64 >= overlap
        })
    }

    fn echoes(&self, terms: &[Term], words: &[String]) -> bool {
        if self.student_words.is_empty() {
            return false;
        }
        let new_terms = terms.iter().filter(|t| !t.in_keys(&self.student)).count();
        let shared = words
            .iter()
            .filter(|w| self.student_words.contains(w))
            .count();
        new_terms == 0 && shared * 2 >= words.len()
    }

    /// The terms of a sentence that no one passage of the material (nor the student)
    /// supports well enough: empty when some passage supports every number and
    /// [`MIN_SUPPORT`] of the other terms, and does not turn the sentence's `polar`
    /// terms around; else the terms the best passage lacks or turns around.
    fn unsupported(&self, terms: &[Term], polar: &[Polar]) -> Vec<String> {
        let empty = Passage::default();
        let candidates = self.material.iter().chain(
            // With no material, only the student's words can support.
            self.material.is_empty().then_some(&empty),
        );
        let mut best: Option<Vec<String>> = None;
        for passage in candidates {
            // Polarity is read only of a passage whose words support the sentence.
            let missing = self.missing_from(terms, &passage.keys).or_else(|| {
                let source = passage.polarity.heard_with(&self.student_polarity);
                let turned = source.turned_around(polar);
                (!turned.is_empty()).then_some(turned)
            });
            match missing {
                None => return Vec::new(),
                Some(m) => {
                    if best.as_ref().is_none_or(|b| m.len() < b.len()) {
                        best = Some(m);
                    }
                }
            }
        }
        best.unwrap_or_default()
    }

    /// `None` when `passage` (with the student's words) supports the sentence's terms;
    /// else the terms it lacks.
    fn missing_from(&self, terms: &[Term], passage: &BTreeSet<String>) -> Option<Vec<String>> {
        missing_terms(terms, |t| t.in_keys(passage) || t.in_keys(&self.student))
    }

    /// How many different things a sentence says beyond the topic's words and teaching
    /// talk (a number counts).
    fn substance(&self, terms: &[Term]) -> usize {
        let mut seen = BTreeSet::new();
        terms
            .iter()
            .filter(|t| t.is_number || !(is_teaching_talk(t) || t.in_keys(&self.topic)))
            .filter(|t| seen.insert(t.keys.clone()))
            .count()
    }

    /// Whether `sentence`, beyond the topic's words and teaching talk, says fewer than
    /// [`MIN_SUBSTANCE`] things (never when the filter knows no topic): the
    /// `says_something` test on its own, for an eval that scores it apart from support.
    pub fn says_nothing(&self, sentence: &str) -> bool {
        !self.topic.is_empty() && self.substance(&content_terms(sentence)) < MIN_SUBSTANCE
    }

    /// Why `sentence` must be dropped, or `Ok` to keep it.
    pub fn check(&self, sentence: &str) -> Result<(), DropReason> {
        let words = word_list(sentence);
        if words.len() < MIN_SENTENCE_WORDS || ends_unfinished(sentence) || trails_off(sentence) {
            return Err(DropReason::Fragment);
        }
        if let Some(run) = self.leak(&words) {
            return Err(DropReason::Leak(run));
        }
        let lower = sentence.to_lowercase();
        if let Some(label) = self.labels.iter().find(|l| lower.contains(l.as_str())) {
            return Err(DropReason::Leak(label.clone()));
        }
        let terms = content_terms(sentence);
        if self.echoes(&terms, &words) || self.quotes(&words) {
            return Err(DropReason::Echo);
        }
        if self.repeats(&words) {
            return Err(DropReason::Repeat);
        }
        if let Some(want) = self.language {
            let other = clear_language(sentence).is_some_and(|got| got != want);
            if other || mixes_in_other_language(sentence, want) {
                return Err(DropReason::Language);
            }
        }
        // A sentence of teaching talk alone ("You're right!", "¡Buena pregunta!") says
        // nothing the material could support.
        if self.substance(&terms) == 0 || explains_by_itself(&words) {
            return Err(DropReason::SaysNothing);
        }
        if let Some(broken) = self.broken_word(sentence) {
            return Err(DropReason::Unsupported(vec![broken]));
        }
        let missing = self.unsupported(&terms, &polar_terms(sentence));
        if !missing.is_empty() {
            return Err(DropReason::Unsupported(missing));
        }
        if !self.topic.is_empty() && self.substance(&terms) < MIN_SUBSTANCE {
            return Err(DropReason::SaysNothing);
        }
        Ok(())
    }

    /// A word a small model broke, that neither the material nor the student wrote, so
    /// never kept however well the rest of the sentence is supported: two words run
    /// into one ("energyCapt": lowercase, then a capital inside), or a letter of another
    /// script than the Latin one ("racing心跳": a slip into another language mid-word).
    /// Words written that way in the material ("pH", "mRNA", "μA") are fine.
    fn broken_word(&self, sentence: &str) -> Option<String> {
        sentence.split_whitespace().find_map(|raw| {
            let word = raw.trim_matches(|c: char| !c.is_alphanumeric());
            if !is_glued(word) && !has_foreign_letter(word) {
                return None;
            }
            let lower = word_list(word).join("");
            let known = self.material_words.contains(&lower) || self.student_words.contains(&lower);
            (!known).then(|| word.to_string())
        })
    }

    /// Filters `text` sentence by sentence; kept sentences count as said, so a reply
    /// never says the same thing twice.
    pub fn filter(&mut self, text: &str) -> Filtered {
        let mut out = Filtered::default();
        for s in sentences(text) {
            let s = s.trim();
            if s.is_empty() {
                continue;
            }
            match self.check(s) {
                Ok(()) => {
                    self.remember(s);
                    out.kept.push(s.to_string());
                }
                Err(why) => out.dropped.push((s.to_string(), why)),
            }
        }
        out
    }
}

/// Whether `word` is two words run together: letters only, a lowercase letter then a
/// capital inside ("energyCapt").
fn is_glued(word: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    chars.iter().all(|c| c.is_alphabetic())
        && chars
            .windows(2)
            .any(|w| w[0].is_lowercase() && w[1].is_uppercase())
}

/// Whether `word` holds a letter of another script than the Latin one.
fn has_foreign_letter(word: &str) -> bool {
    word.chars()
        .any(|c| c.is_alphabetic() && !is_latin_letter(c))
}

/// Whether `c` is a letter of the Latin script (English and Spanish letters, accents,
/// ñ, the ordinal marks).
fn is_latin_letter(c: char) -> bool {
    c.is_ascii_alphabetic()
        || matches!(c, 'ª' | 'º' | '\u{00C0}'..='\u{024F}' | '\u{1E00}'..='\u{1EFF}')
            && c != '×'
            && c != '÷'
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOTES: &str = "A transversal is a line that crosses two or more other lines. \
        Angles on a straight line add up to 180°. Vertically opposite angles are equal.";

    fn filter(student: &str) -> ReplyFilter {
        ReplyFilter::new(Some(Language::En), &[NOTES], student)
    }

    #[test]
    fn a_filter_resting_on_one_sentence_needs_that_sentence() {
        let note = "A best-before date only tells when food tastes best. A use-by date tells when food is no longer safe to eat.";
        let claim = "Food is no longer safe to eat after the date.";
        let mut filter = ReplyFilter::new(Some(Language::En), &[note], "can I eat it after?");
        assert_eq!(filter.check(claim), Ok(()));
        filter.rest_on(&["A best-before date only tells when food tastes best."]);
        assert!(matches!(
            filter.check(claim),
            Err(DropReason::Unsupported(_))
        ));
    }

    #[test]
    fn a_unit_the_student_shortened_supports_the_unit_in_full() {
        let note = "If a child keeps getting out of bed, walk them back calmly with as few words as possible.";
        let student = "the 4 yr old keeps coming out of her room every 2 min, what do i do";
        let f = ReplyFilter::new(Some(Language::En), &[note], student);
        let claim = "If the 4-year-old keeps coming out every 2 minutes, walk her back calmly with as few words as possible.";
        assert_eq!(f.check(claim), Ok(()));
        let unsaid = ReplyFilter::new(
            Some(Language::En),
            &[note],
            "she keeps coming out, what do i do",
        );
        assert!(matches!(
            unsaid.check(claim),
            Err(DropReason::Unsupported(_))
        ));
    }

    #[test]
    fn a_sentence_the_material_supports_is_kept() {
        let f = filter("what is a transversal");
        assert_eq!(
            f.check("A transversal is a line crossing two other lines."),
            Ok(())
        );
        assert_eq!(f.check("So the two angles add up to 180 degrees."), Ok(()));
    }

    #[test]
    fn a_sentence_without_a_content_word_says_nothing() {
        let f = filter("what is a transversal");
        for empty in [
            "You're right!",
            "That's a good question!",
            "Let me explain it.",
        ] {
            assert_eq!(f.check(empty), Err(DropReason::SaysNothing), "{empty}");
        }
        assert_eq!(f.check("It crosses two other lines."), Ok(()));
    }

    #[test]
    fn a_word_run_into_another_is_dropped_unless_the_material_writes_it() {
        let notes = "The Calvin cycle uses the hydrogen and energy captured in the light \
                     reactions. The pH of the stroma rises in the light.";
        let f = ReplyFilter::new(Some(Language::En), &[notes], "what is the calvin cycle");
        assert_eq!(
            f.check("It uses the hydrogen and energyCapt."),
            Err(DropReason::Unsupported(vec!["energyCapt".into()]))
        );
        assert_eq!(f.check("The pH of the stroma rises in the light."), Ok(()));
        assert_eq!(
            f.check("It uses the hydrogen and energy captured in the light."),
            Ok(())
        );
    }

    #[test]
    fn a_word_in_another_script_is_dropped_unless_the_material_writes_it() {
        let notes = "A pounding heart, sweaty hands or shaking are adrenaline at work. \
                     Current is measured in μA on this meter.";
        let f = ReplyFilter::new(Some(Language::En), &[notes], "my heart races");
        assert_eq!(
            f.check("A pounding heart心跳 is adrenaline at work."),
            Err(DropReason::Unsupported(vec!["heart心跳".into()]))
        );
        assert_eq!(f.check("Current is measured in μA on this meter."), Ok(()));
        assert!(is_latin_letter('ñ') && is_latin_letter('É') && is_latin_letter('ª'));
        assert!(!is_latin_letter('×') && !is_latin_letter('心'));
    }

    #[test]
    fn a_wrong_fact_is_unsupported() {
        let f = filter("what is a transversal");
        let why = f
            .check("A transversal is a line that intersects the hypotenuse at a right angle.")
            .unwrap_err();
        assert!(
            matches!(why, DropReason::Unsupported(ref w) if w.contains(&"hypotenuse".to_string())),
            "{why:?}"
        );
    }

    #[test]
    fn words_gathered_from_all_over_the_material_support_nothing() {
        let notes = "Clouds form when rising air cools. Hail is balls of ice. \
                     Hail grows inside tall storm clouds. Rain falls as drops of water. \
                     Ice melts above the freezing point of water.";
        let f = ReplyFilter::new(Some(Language::En), &[notes], "how does hail form");
        assert!(matches!(
            f.check("Hail forms when rising air melts the storm clouds above freezing point."),
            Err(DropReason::Unsupported(_))
        ));
        assert_eq!(
            f.check("Hail is balls of ice that grow inside tall storm clouds."),
            Ok(())
        );
    }

    #[test]
    fn a_sentence_that_only_names_the_topic_says_nothing() {
        let notes = "Resistance is calculated as R = V / I. A longer wire has more resistance.";
        let f = ReplyFilter::new(Some(Language::En), &[notes], "what is resistance")
            .with_topic(&["Resistance"]);
        assert_eq!(
            f.check("This is a simple calculation of resistance."),
            Err(DropReason::SaysNothing)
        );
        assert_eq!(f.check("A longer wire has more resistance."), Ok(()));
    }

    #[test]
    fn filler_says_nothing_on_its_own() {
        let f = ReplyFilter::new(None, &[], "").with_topic(&["please provide details thank"]);
        assert!(f.says_nothing("Please provide more details."));
        assert!(!f.says_nothing("Your grounds need a source for the figure."));
        assert!(!ReplyFilter::default().says_nothing("Please provide more details."));
    }

    #[test]
    fn an_unsupported_number_is_dropped_even_among_supported_words() {
        let f = filter("angles on a line");
        let why = f
            .check("Angles on a straight line add up to 360°.")
            .unwrap_err();
        assert_eq!(why, DropReason::Unsupported(vec!["360".into()]));
    }

    #[test]
    fn one_word_no_passage_says_drops_the_sentence() {
        let notes = "The first steam engine was built by Thomas Newcomen in 1712. \
                     It pumped water from mines. \
                     James Watt later added a separate condenser to the engine.";
        let f = ReplyFilter::new(None, &[notes], "what was the engine used for");
        assert!(matches!(
            f.check("It was a steam engine that was built by James Watt."),
            Err(DropReason::Unsupported(_))
        ));
        assert_eq!(
            f.check("Newcomen built the first steam engine in 1712."),
            Ok(())
        );
    }

    #[test]
    fn an_echo_of_the_student_is_dropped() {
        let f = filter("I don't understand angles on a straight line");
        assert_eq!(
            f.check("I don't understand angles on a straight line."),
            Err(DropReason::Echo)
        );
        let f = ReplyFilter::new(
            Some(Language::En),
            &[],
            "Do plants get their food from the soil?",
        );
        assert_eq!(
            f.check("Do plants get their food from the soil?"),
            Err(DropReason::Echo)
        );
    }

    #[test]
    fn a_sentence_quoting_most_of_a_text_not_to_be_quoted_is_an_echo() {
        let text = "except schools in city centres with no outdoor space at all";
        let f = ReplyFilter::new(
            Some(Language::En),
            &["you name a case where your claim fails"],
            text,
        )
        .without_quoting(&[text]);
        assert_eq!(
            f.check("You name a case where your claim fails: schools in city centres with no outdoor space at all."),
            Err(DropReason::Echo)
        );
        assert_eq!(
            f.check("You name a case where your claim fails: schools in city centres."),
            Ok(())
        );
    }

    #[test]
    fn a_detail_of_a_longer_text_is_not_a_quote() {
        let text = "our garden club had 30 kids grow 200 kg of potatoes last year and we ate them at lunch";
        let f = ReplyFilter::new(Some(Language::En), &["your evidence names a number"], text)
            .without_quoting(&[text]);
        assert_eq!(
            f.check("Your evidence names a number: 30 kids grow 200 kg of potatoes last year."),
            Ok(())
        );
    }

    #[test]
    fn an_answer_using_the_students_words_is_not_an_echo() {
        let f = filter("what do angles on a straight line add up to");
        assert_eq!(f.check("Angles on a straight line add up to 180°."), Ok(()));
    }

    #[test]
    fn a_run_of_the_instructions_is_a_leak() {
        let f = filter("hi").with_instructions(&[
            "This is the student's first message on this step; coach with a question.",
        ]);
        let why = f
            .check("This is the student's first message on this step, so be kind.")
            .unwrap_err();
        assert!(matches!(why, DropReason::Leak(_)));
    }

    #[test]
    fn a_label_of_the_prompt_is_a_leak_however_short() {
        let f = filter("how do I draw the branches").with_labels(&["we are on:", "student:"]);
        assert!(matches!(
            f.check("We are on: Mind maps and branches."),
            Err(DropReason::Leak(_))
        ));
        assert!(matches!(
            f.check("Student: how do I draw them?"),
            Err(DropReason::Leak(_))
        ));
    }

    #[test]
    fn a_sentence_that_explains_its_subject_by_itself_says_nothing() {
        let notes = "Adrenaline speeds up your heart and prepares you to run. You can improve your notes by reviewing them each week.";
        let f = ReplyFilter::new(None, &[notes], "");
        for circular in [
            "Adrenaline changes your body by releasing adrenaline.",
            "Adrenaline speeds up your heart by releasing adrenaline.",
            "Tense shoulders or headaches can cause headaches.",
        ] {
            assert_eq!(
                f.check(circular),
                Err(DropReason::SaysNothing),
                "{circular}"
            );
        }
        for fine in [
            "You can improve your notes by reviewing them each week.",
            "Adrenaline speeds up your heart because it prepares you to run.",
        ] {
            assert_eq!(f.check(fine), Ok(()), "{fine}");
        }
    }

    #[test]
    fn a_sentence_turning_its_passage_around_is_unsupported() {
        let note = "Muchas asignaturas exigen asistir a un mínimo de prácticas, y quien no llega a ese mínimo solo puede ir al examen final. Si faltas a una práctica por enfermedad, guarda el justificante médico y avisa al profesor.";
        let f = ReplyFilter::new(
            Some(Language::Es),
            &[note],
            "¿y si falté a una práctica porque estaba enferma?",
        );
        assert_eq!(
            f.check("No puedes faltar a una práctica por enfermedad."),
            Err(DropReason::Unsupported(vec!["faltar".into()]))
        );
        assert_eq!(
            f.check("Si faltas a una práctica por enfermedad, guarda el justificante médico."),
            Ok(())
        );
        assert_eq!(
            f.check("Si no llegas al mínimo de prácticas, solo puedes ir al examen final."),
            Ok(())
        );
    }

    #[test]
    fn a_sentence_stating_the_myth_the_note_denies_is_unsupported() {
        let note = "Una buena postura no es estar perfectamente recto, porque mantener la espalda rígida horas cansa tanto como encorvarse.";
        let f = ReplyFilter::new(
            Some(Language::Es),
            &[note],
            "posta q existe una postura perfecta? esa cosa de ponerse re derechita todo el tiempo",
        );
        assert!(matches!(
            f.check("La postura perfecta es mantener la espalda rígida horas cansa tanto como encorvarse."),
            Err(DropReason::Unsupported(_))
        ));
    }

    #[test]
    fn a_sentence_stating_what_the_student_denied_is_unsupported() {
        let note =
            "Un cuadrante semanal pegado en la nevera evita que siempre limpie la misma persona.";
        let f = ReplyFilter::new(
            Some(Language::Es),
            &[note],
            "mi compañero de piso nunca lava los platos y ya me tiene harta",
        );
        assert_eq!(
            f.check("Entiendo que tu compañero de piso siempre lava los platos."),
            Err(DropReason::Unsupported(vec!["lava".into()]))
        );
    }

    #[test]
    fn a_modal_verb_needs_no_support_in_either_language() {
        let notas = "Haz una pausa corta de cinco minutos cada hora.";
        let f = ReplyFilter::new(Some(Language::Es), &[notas], "");
        assert_eq!(
            f.check("Puedes hacer una pausa corta de cinco minutos."),
            Ok(())
        );
        assert_eq!(f.check("Debes hacer una pausa corta cada hora."), Ok(()));
        assert!(f
            .check("Puedes hacer una pausa larga de dos horas.")
            .is_err());
        let notes = "Take a short break of five minutes every hour.";
        let f = ReplyFilter::new(Some(Language::En), &[notes], "");
        assert_eq!(f.check("You could take a short break every hour."), Ok(()));
        assert_eq!(
            f.check("You must take a short break of five minutes."),
            Ok(())
        );
    }

    #[test]
    fn a_sentence_with_a_figure_the_earlier_one_lacks_is_no_repeat() {
        let student = "1 in 20 adults would know what to do, not 1 in 10";
        let f = ReplyFilter::new(
            Some(Language::En),
            &["your evidence names a number"],
            student,
        )
        .with_said(&["Your evidence names a number: 1 in 10 adults would know what to do."]);
        assert_eq!(
            f.check("Your evidence names a number: 1 in 20 adults would know what to do."),
            Ok(())
        );
        assert_eq!(
            f.check("Your evidence names a number: 1 in 10 adults would know what to do."),
            Err(DropReason::Repeat)
        );
    }

    #[test]
    fn a_sentence_with_a_word_of_the_students_new_text_is_no_repeat() {
        let student = "a no ser que ya haya otra asignatura que enseñe lo mismo";
        let f = ReplyFilter::new(
            Some(Language::Es),
            &["nombras un caso en que tu tesis falla"],
            student,
        )
        .with_said(&["Nombras un caso en que tu tesis falla: el colegio no tenga profes."]);
        assert_eq!(
            f.check("Nombras un caso en que tu tesis falla: otra asignatura."),
            Ok(())
        );
        let f = f.with_said(&["Nombras un caso en que tu tesis falla: otra asignatura."]);
        assert_eq!(
            f.check("Nombras un caso en que tu tesis falla: otra asignatura."),
            Err(DropReason::Repeat)
        );
    }

    #[test]
    fn a_near_copy_that_changes_plurals_is_a_repeat() {
        let f = filter("tesis").with_said(&["¿Qué hechos, cifras o ejemplos apoyan tu tesis?"]);
        assert_eq!(
            f.check("¿Qué he hecho, cifras o ejemplos apoyan tu tesis?"),
            Err(DropReason::Repeat)
        );
    }

    #[test]
    fn a_spanish_plural_in_es_meets_its_singular() {
        let student = "a menos que un animal haya nacido en cautiverio";
        let f = ReplyFilter::new(Some(Language::Es), &[], student).with_said(&[
            "Nombras un caso en que tu tesis falla: suficientes para todos los animales.",
        ]);
        assert_eq!(
            f.check("Nombras un caso en que tu tesis falla: un animal."),
            Err(DropReason::Repeat)
        );
    }

    #[test]
    fn a_sentence_said_before_is_a_repeat() {
        let mut f = filter("angles").with_said(&["Vertically opposite angles are equal."]);
        assert_eq!(
            f.check("Vertically opposite angles are always equal."),
            Err(DropReason::Repeat)
        );
        let out = f.filter(
            "Angles on a straight line add up to 180°. Angles on a straight line add up to 180°.",
        );
        assert_eq!(out.kept.len(), 1);
        assert_eq!(out.dropped[0].1, DropReason::Repeat);
        assert_eq!(
            f.check("The gap holds the sum of the angles, and the gap holds the sum again."),
            Err(DropReason::Repeat)
        );
    }

    #[test]
    fn a_paraphrase_of_the_note_shown_after_is_a_repeat_unless_it_applies_it() {
        let note = "El vidrio va al contenedor verde sin tapones ni corchos, que van al amarillo.";
        let student = "y las botellas de vino con el corcho puesto, o las tiro en la pileta?";
        let f = ReplyFilter::new(Some(Language::Es), &[note], student).with_shown_after(&[note]);
        assert_eq!(
            f.check("En el contenedor verde, los vidrios no tienen tapones ni corchos."),
            Err(DropReason::Repeat)
        );
        // The student's own word brings the note to their case: not a restatement.
        assert_eq!(
            f.check("Las botellas de vino van al contenedor verde sin el corcho."),
            Ok(())
        );
        // Said before, the same sentence needs more of its words to be a repeat.
        let said = ReplyFilter::new(Some(Language::Es), &[note], student).with_said(&[note]);
        assert_eq!(
            said.check("En el contenedor verde, los vidrios no tienen tapones ni corchos."),
            Ok(())
        );
    }

    #[test]
    fn another_language_and_fragments_are_dropped() {
        let f = filter("ángulos");
        assert_eq!(
            f.check("Los ángulos opuestos por el vértice son iguales siempre."),
            Err(DropReason::Language)
        );
        let es = ReplyFilter::new(
            Some(Language::Es),
            &["SALT I was signed in Moscow in 1972."],
            "y qué firmaron en 1972",
        );
        assert_eq!(
            es.check("El SALT I treaty, signed in Moscow en 1972, limitó the number of missiles."),
            Err(DropReason::Language)
        );
        assert_eq!(f.check("Yes."), Err(DropReason::Fragment));
        assert_eq!(
            f.check("Opposite angles made by two crossing lines are equal to each..."),
            Err(DropReason::Fragment)
        );
        assert_eq!(
            f.check("Common nouns begin with a small letter, while proper nouns name a."),
            Err(DropReason::Fragment)
        );
    }

    const REVOLUTION: &str = "The French Revolution began in 1789. \
        Debt, bread prices and the privileges of the first two estates caused the revolution. \
        The revolution did not give women equal rights.";

    #[test]
    fn a_claim_one_sentence_says_has_no_gaps() {
        assert!(
            one_sentence_gaps("The French Revolution began in 1789.", &[REVOLUTION]).is_empty()
        );
        assert!(one_sentence_gaps(
            "Remember, debt and bread prices caused the revolution.",
            &[REVOLUTION]
        )
        .is_empty());
    }

    #[test]
    fn a_claim_assembled_from_several_sentences_has_gaps() {
        let claim = "The French Revolution happened because it did not give women equal rights.";
        let gaps = one_sentence_gaps(claim, &[REVOLUTION]);
        assert!(gaps.contains(&"happened".to_string()), "{gaps:?}");
        // The shared filter, which joins a sentence with the next and reads the
        // student's words, keeps it: the single-sentence test is stricter.
        let f = ReplyFilter::new(None, &[REVOLUTION], "why did the french revolution happen");
        assert_eq!(f.check(claim), Ok(()));
        assert!(!one_sentence_gaps(
            "The French Revolution began in 1789 because of bread prices.",
            &[REVOLUTION]
        )
        .is_empty());
    }

    #[test]
    fn a_number_no_single_sentence_has_is_a_gap() {
        assert_eq!(
            one_sentence_gaps("The French Revolution began in 1790.", &[REVOLUTION]),
            vec!["1790".to_string()]
        );
        assert_eq!(
            one_sentence_gaps("Women gained equal pay.", &[]),
            vec!["women", "gained", "equal", "pay"]
        );
    }

    mod one_sentence_properties {
        use super::super::one_sentence_gaps;
        use proptest::prelude::*;

        const WORDS: &[&str] = &[
            "river", "mountain", "glacier", "valley", "erosion", "sediment", "delta", "meander",
            "rainfall", "granite", "1815", "42",
        ];

        fn sentence() -> impl Strategy<Value = String> {
            prop::collection::vec(prop::sample::select(WORDS), 1..6)
                .prop_map(|w| format!("The {}.", w.join(" and ")))
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(300))]

            /// Every source sentence supports itself, whatever sentences surround it.
            #[test]
            fn a_source_sentence_supports_itself(
                source in prop::collection::vec(sentence(), 1..5),
                pick in any::<prop::sample::Index>(),
            ) {
                let text = source.join(" ");
                let claim = &source[pick.index(source.len())];
                prop_assert!(one_sentence_gaps(claim, &[&text]).is_empty());
            }

            /// More sources never leave more gaps; the gaps are the claim's own words.
            #[test]
            fn more_sources_never_add_gaps(
                claim in sentence(),
                first in prop::collection::vec(sentence(), 0..4),
                more in prop::collection::vec(sentence(), 0..4),
            ) {
                let few = first.join(" ");
                let all = format!("{few} {}", more.join(" "));
                let gaps_few = one_sentence_gaps(&claim, &[&few]);
                let gaps_all = one_sentence_gaps(&claim, &[&all]);
                prop_assert!(gaps_all.len() <= gaps_few.len());
                for gap in &gaps_all {
                    prop_assert!(claim.contains(gap.as_str()), "{gap} not in {claim}");
                }
            }

            /// A claim that needs words from two sentences with no word in common is
            /// never supported by them.
            #[test]
            fn two_disjoint_sentences_never_support_their_union(split in 1usize..11) {
                let (left, right) = WORDS.split_at(split);
                let source = format!("The {}. The {}.", left.join(" and "), right.join(" and "));
                let claim = format!("The {} and {}.", left[0], right[0]);
                prop_assert!(!one_sentence_gaps(&claim, &[&source]).is_empty());
            }
        }
    }

    #[test]
    fn teaching_talk_needs_no_support() {
        let f = filter("transversal");
        assert_eq!(
            f.check("Remember, a transversal crosses other lines."),
            Ok(())
        );
    }

    #[test]
    fn spanish_teaching_talk_matches_the_english() {
        let f = ReplyFilter::new(
            Some(Language::Es),
            &["Recuerdas mucho más si te pones a prueba: cierra el libro y escribe lo que recuerdas."],
            "",
        );
        assert_eq!(
            f.check("Ponerse a prueba es una buena manera de recordar más."),
            Ok(())
        );
    }
}
