//! A question about the report answered with the report's own words: the statement —
//! a prose sentence, or a table row read with its header — that answers it, found by
//! the words it shares with the question and by what the question asks for when it
//! shares none ("who was the teacher" → the sentence naming Mr Okafor; "how big were the
//! sheets?" → the one with a size in centimetres: `question-cues.txt` and
//! `answer-cues.txt`). The model's one-sentence answer may go with the quote only when
//! every number and letter it states is the quote's.

use super::contract::Report;
use super::messages::MESSAGES;
use super::quantity::{quantities, unit_name};
use super::references::label;
use super::rules::prose_sentences;
use super::table::{is_table_line, names_row, row_words, tables};
use super::word_lists::roles;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::normalize::{has_phrase, normalize};
use lantern_core::text::terms::{content_terms, term_keys};
use lantern_core::word_list;
use std::collections::BTreeSet;
use std::sync::LazyLock;

/// The statement that answers a question, and the section it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quoted {
    /// The section's id.
    pub id: String,
    /// The statement, as the report says it.
    pub text: String,
}

/// A statement of a section a question may be answered with: a sentence of its prose,
/// or a row of one of its tables read with its header ("Brand: B, Layers: 2, Water
/// absorbed (ml): 37"), with the cells that name the row (its `keys`, normalised).
struct Fact {
    text: String,
    /// Whether the question names this row (no sentence is a row).
    row_named: Option<bool>,
}

/// The facts of a section's body: its prose sentences, then each table row with its
/// header and whether `question` names it.
fn facts(body: &str, question: &str) -> Vec<Fact> {
    let prose: Vec<&str> = body.lines().filter(|l| !is_table_line(l)).collect();
    let mut out: Vec<Fact> = prose_sentences(&prose.join("\n"))
        .into_iter()
        .map(|text| Fact {
            text,
            row_named: None,
        })
        .collect();
    for table in tables(body) {
        for row in &table.rows {
            out.push(Fact {
                text: row_words(&table, row),
                row_named: Some(names_row(&table, row, question)),
            });
        }
    }
    out
}

/// Each cue with the phrases of a question that ask for it, normalised.
static ASKS: LazyLock<Vec<(&'static str, Vec<String>)>> = LazyLock::new(|| {
    roles(word_list!("question-cues"))
        .into_iter()
        .map(|(cue, phrases)| (cue, phrases.into_iter().map(normalize).collect()))
        .collect()
});

/// Each cue with what the answer has: unit names and words, as written.
static HAS: LazyLock<Vec<(&'static str, Vec<&'static str>)>> =
    LazyLock::new(|| roles(word_list!("answer-cues")));

/// The cues `question` asks for.
fn asked_cues(question: &str) -> Vec<&'static str> {
    let words = normalize(question);
    ASKS.iter()
        .filter(|(_, phrases)| phrases.iter().any(|p| has_phrase(&words, p)))
        .map(|(cue, _)| *cue)
        .collect()
}

/// The units a statement is in: after its numbers, or named in brackets ("(ml)").
fn units_in(text: &str) -> BTreeSet<String> {
    let mut units: BTreeSet<String> = quantities(text)
        .into_iter()
        .filter_map(|q| q.unit)
        .collect();
    for part in text.split('(').skip(1) {
        if let Some(name) = part.split(')').next().and_then(unit_name) {
            units.insert(name);
        }
    }
    units
}

/// How many of the things cue `cue` asks for a statement has: numbers in its units,
/// its words — a capitalised one ("May", "Mr") only as written, so "may be" is no
/// month.
fn cue_hits(text: &str, cue: &str) -> usize {
    let units = units_in(text);
    let words = normalize(text);
    let written: BTreeSet<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    HAS.iter()
        .filter(|(name, _)| *name == cue)
        .flat_map(|(_, wanted)| wanted)
        .filter(|w| {
            let capital = w.chars().next().is_some_and(char::is_uppercase);
            units.contains(**w)
                || capital && written.contains(**w)
                || !capital && has_phrase(&words, &normalize(w))
        })
        .count()
}

/// Whether a statement has what cue `cue` asks for.
fn has_cue(text: &str, cue: &str) -> bool {
    cue_hits(text, cue) > 0
}

/// What a matched cue adds to a statement's score.
const CUE_WEIGHT: usize = 3;
/// What a statement of the section the question names adds.
const NAMED_WEIGHT: usize = 3;
/// What a row label or letter the question names adds ("brand B", "B's").
const LABEL_WEIGHT: usize = 2;
/// Fewest letters of a question word that counts again when written alike.
const ALIKE_LETTERS: usize = 4;

/// The normalised words of a text.
fn word_set(text: &str) -> BTreeSet<String> {
    normalize(text).split(' ').map(str::to_string).collect()
}

/// What a question says, read once for scoring statements.
struct Asked {
    /// Its terms' match keys.
    keys: BTreeSet<String>,
    /// Its words, normalised.
    words: BTreeSet<String>,
    /// The letters and numbers it names ("B" in "B's trials"), as written.
    labels: BTreeSet<String>,
    /// The kind it asks one of ("brand" in "which brand won"), normalised.
    kind: Option<String>,
    /// What it asks for.
    cues: Vec<&'static str>,
}

/// The words that open a question for one of a kind (`label-questions.txt`).
static KIND_QUESTIONS: LazyLock<Vec<String>> =
    LazyLock::new(|| word_list!("label-questions").map(normalize).collect());

impl Asked {
    fn of(question: &str) -> Self {
        let normal = normalize(question);
        let words: Vec<&str> = normal.split(' ').collect();
        let kind = words
            .windows(2)
            .find(|w| KIND_QUESTIONS.iter().any(|k| k == w[0]) && w[1].chars().count() > 2)
            .map(|w| w[1].to_string());
        Self {
            keys: term_keys(question),
            words: words.iter().map(|w| w.to_string()).collect(),
            labels: labels_written(question),
            kind,
            cues: asked_cues(question),
        }
    }
}

/// The letters and numbers a text names standing alone: a capital letter other than
/// "I" (not the text's first word), or a number.
fn labels_written(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .enumerate()
        .filter(|(i, w)| {
            let letter = w.chars().count() == 1 && w.chars().all(char::is_uppercase) && *w != "I";
            letter && *i > 0 || w.chars().all(|c| c.is_ascii_digit())
        })
        .map(|(_, w)| w.to_string())
        .collect()
}

/// Whether `text` names one of `kind` by its letter or number ("Brand C", "muestra 3").
fn names_one_of(text: &str, kind: &str) -> bool {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    words.windows(2).any(|w| {
        let label = w[1].chars().count() == 1 && w[1].chars().all(char::is_uppercase)
            || w[1].chars().all(|c| c.is_ascii_digit());
        label && normalize(&w[0]) == kind
    })
}

/// How well `fact` answers the question.
fn score(fact: &Fact, asked: &Asked) -> usize {
    let fact_words = word_set(&fact.text);
    let shared: BTreeSet<String> = content_terms(&fact.text)
        .into_iter()
        .filter(|t| t.in_keys(&asked.keys))
        .map(|t| t.word)
        .collect();
    let shared = shared.len();
    let alike = asked
        .words
        .iter()
        .filter(|w| w.chars().count() >= ALIKE_LETTERS && fact_words.contains(*w))
        .count();
    let labels = match fact.row_named {
        // A row named by its label outweighs a sentence naming it in passing.
        Some(named) => usize::from(named) * (LABEL_WEIGHT + 1),
        None => {
            let written = labels_written(&fact.text);
            asked.labels.intersection(&written).count() * LABEL_WEIGHT
        }
    };
    // Every row names one of its kind: only a sentence gains by naming one.
    let kind = fact.row_named.is_none()
        && asked
            .kind
            .as_deref()
            .is_some_and(|k| names_one_of(&fact.text, k));
    let cued: usize = asked.cues.iter().map(|c| cue_hits(&fact.text, c)).sum();
    shared + alike + labels + usize::from(kind) * LABEL_WEIGHT + cued * CUE_WEIGHT
}

/// Sentences of a section quoted when it is named and nothing in it fits better.
const QUOTED_SENTENCES: usize = 2;

/// The statement of the report that answers `question`: among those with what it asks
/// for (a time, a size, a person…) when the report has one, the first that shares most
/// with it — its words, its row label, the section it names —, at least two words (one
/// when it has only one), else the named section's first sentences. `None` when
/// nothing fits.
pub fn answer_fact(report: &Report, question: &str, named: Option<&str>) -> Option<Quoted> {
    let asked = Asked::of(question);
    let in_named: BTreeSet<&str> = named
        .and_then(|id| report.find(id))
        .map(|s| s.walk().into_iter().map(|s| s.id.as_str()).collect())
        .unwrap_or_default();
    let needed = 2.min(asked.keys.len()).max(1);
    let all: Vec<(&str, Fact)> = report
        .all_sections()
        .into_iter()
        .flat_map(|s| {
            facts(&s.body_md, question)
                .into_iter()
                .map(move |f| (s.id.as_str(), f))
        })
        .collect();
    // A question that asks for a time, a size, a person… is answered by a statement
    // that has one, when the report has such a statement.
    let cued = |f: &Fact| asked.cues.iter().any(|c| has_cue(&f.text, c));
    let any_cued = all.iter().any(|(_, f)| cued(f));
    let best = all
        .into_iter()
        .filter(|(_, f)| !any_cued || cued(f))
        .map(|(id, fact)| {
            let bonus = if in_named.contains(id) {
                NAMED_WEIGHT
            } else {
                0
            };
            (score(&fact, &asked) + bonus, id, fact.text)
        })
        .filter(|(score, _, _)| *score >= needed)
        // The first of equals: `max_by_key` keeps the last, so the order is reversed.
        .rev()
        .max_by_key(|(score, _, _)| *score);
    let (id, text) = match (best, named) {
        (Some((_, id, text)), _) => (id.to_string(), text),
        (None, Some(id)) => {
            let first = prose_sentences(&report.find(id)?.body_md);
            let text = first
                .into_iter()
                .take(QUOTED_SENTENCES)
                .collect::<Vec<_>>()
                .join(" ");
            (id.to_string(), text)
        }
        (None, None) => return None,
    };
    (!text.is_empty()).then_some(Quoted { id, text })
}

/// "Here is what 4 Results says: “…”".
pub fn quote_words(report: &Report, quoted: &Quoted, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "reports-question-quote",
        section = &label(report, &quoted.id),
        quote = &quoted.text
    )
}

/// Whether the model's `sentence` states only numbers and letters (a row's label: "D")
/// that the quoted statement has: "Brand D has 1 layer." is refused when the row says 3.
pub fn states_only_the_quote(sentence: &str, quoted: &Quoted) -> bool {
    let numbers = |text: &str| -> BTreeSet<String> {
        content_terms(text)
            .into_iter()
            .filter(|t| t.is_number)
            .map(|t| t.word)
            .collect()
    };
    // Capital letters standing alone (a row's label), the first word and "I" aside.
    let letters = |text: &str| -> BTreeSet<String> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .skip(1)
            .filter(|w| w.chars().count() == 1 && w.chars().all(char::is_uppercase) && *w != "I")
            .map(str::to_string)
            .collect()
    };
    let quote_letters: BTreeSet<String> = quoted
        .text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() == 1 && w.chars().all(char::is_uppercase))
        .map(str::to_string)
        .collect();
    let sentence_letters = letters(sentence);
    numbers(sentence).is_subset(&numbers(&quoted.text))
        && sentence_letters.is_subset(&quote_letters)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section_tree::tests::sample;
    use crate::testing::{osmosis, towels};

    /// The answer in the app's words: the statement quoted with its section.
    fn question_quote(
        report: &Report,
        question: &str,
        named: Option<&str>,
        language: Language,
    ) -> Option<String> {
        answer_fact(report, question, named).map(|q| quote_words(report, &q, language))
    }

    /// The number of the section that answers and the statement quoted.
    fn answer(report: &Report, question: &str) -> (String, String) {
        let q = answer_fact(report, question, None).unwrap_or_else(|| panic!("{question}"));
        (report.number_of(&q.id).unwrap(), q.text)
    }

    fn answers(report: &Report, question: &str, number: &str, fact: &str) {
        let (at, text) = answer(report, question);
        assert_eq!(at, number, "{question}: {text}");
        assert!(text.contains(fact), "{question}: {text}");
    }

    #[test]
    fn a_question_about_a_table_row_is_answered_with_the_row_and_its_header() {
        let r = towels();
        assert_eq!(
            answer(&r, "what did brand B get?").1,
            "Brand: B, Layers: 2, Price per roll: £1.20, Water absorbed (ml): 37"
        );
        answers(&r, "how much did a roll of brand C cost?", "4", "£0.95");
        answers(
            &osmosis(),
            "¿cuánto pesó la muestra 2 al final?",
            "5",
            "5,21",
        );
        answers(
            &osmosis(),
            "¿cuánta sal tenía el vaso de la muestra 4?",
            "5",
            "Sal (%): 10",
        );
    }

    #[test]
    fn what_a_question_asks_for_finds_the_sentence_that_shares_no_word_with_it() {
        let r = towels();
        answers(&r, "who was the teacher", "1", "Mr Okafor");
        answers(&r, "how big were the sheets?", "3.2", "10 cm by 10 cm");
        answers(&r, "what size beaker did we use?", "3.1", "250 ml beaker");
        answers(
            &r,
            "how long did we let the sheets drip for?",
            "3.2",
            "30 seconds",
        );
        answers(&r, "when did we do the experiment?", "1", "14 October");
        answers(&r, "what temperature was the water", "3.3", "20 °C");
        let o = osmosis();
        answers(
            &o,
            "¿cuánto tiempo estuvieron los cilindros en la disolución?",
            "4.2",
            "45 minutos",
        );
        answers(&o, "¿cuánto medían los cilindros?", "4.2", "4 cm");
    }

    #[test]
    fn the_words_written_alike_and_the_letter_named_decide_between_close_sentences() {
        let r = towels();
        answers(&r, "which brand was cheapest", "5", "Brand A, the cheapest");
        answers(&r, "why did we leave out one of B's trials?", "4", "tore");
        let o = osmosis();
        answers(&o, "¿qué muestra perdió más masa?", "7", "15,5");
        answers(&o, "¿qué precisión tenía la balanza?", "4.1", "0,01 g");
        answers(
            &o,
            "con qué profesora hicimos la práctica",
            "1",
            "Marta Gil",
        );
        answers(&r, "so which brand won", "7", "Brand C");
        answers(&r, "how many layers has brand D got", "4", "Layers: 3");
        let hypothesis = answer_fact(&o, "qué decía mi hipótesis", Some("s3")).unwrap();
        assert!(hypothesis.text.contains("perderán masa"), "{hypothesis:?}");
    }

    #[test]
    fn a_question_is_answered_with_the_reports_own_sentence() {
        let mut report = sample();
        report.find_mut("s4").unwrap().body_md =
            "Loose at the chimney. The pH of the rain water was 7.2 at the bridge.".into();
        let quote = question_quote(
            &report,
            "what pH did the water have at the bridge?",
            None,
            Language::En,
        );
        assert_eq!(
            quote.as_deref(),
            Some(
                "Here is what 2.2 Flashing says: “The pH of the rain water was 7.2 at the bridge.”"
            )
        );
        assert_eq!(
            question_quote(&report, "who painted the fence?", None, Language::En),
            None
        );
        let named = question_quote(&report, "what does it say?", Some("s2"), Language::En).unwrap();
        assert!(named.ends_with("“The roof is old.”"), "{named}");
    }

    #[test]
    fn the_models_answer_may_state_only_the_quotes_numbers_and_letters() {
        let row = Quoted {
            id: "s4".into(),
            text: "Brand: D, Layers: 3, Price per roll: £1.80, Water absorbed (ml): 44".into(),
        };
        assert!(!states_only_the_quote("Brand D has 1 layer.", &row));
        assert!(states_only_the_quote("Brand D has 3 layers.", &row));
        assert!(!states_only_the_quote("Brand C has 3 layers.", &row));
        assert!(states_only_the_quote("It costs £1.80 a roll.", &row));
    }
}
