//! Questions with known answers, made from authored sentences (issue #33 items 3–4):
//! a **cloze** blanks one fact of a sentence of the unit's anchor or notes ("Angles on a
//! straight line add up to ___." → `180°`), and a **true or false** states one of the
//! unit's misconceptions (false) or an anchor sentence (true). The sentence is the
//! pack's, so the answer is right by construction; the checker grades the student's
//! reply against it. A cloze blanks a key term of the unit (`key_terms`), and a number
//! or a date only in a unit that teaches them (`numbers`, issue #47).

mod claim;
mod key_terms;
mod numbers;

pub use claim::misconception_claim;
pub use key_terms::{key_terms, KeyTerm};
use key_terms::{names_an_idea, whole_word_at};
pub use numbers::{is_number_or_date, teaches_numbers};

use super::drill::{DrillKey, DrillSource, ForeseenMistake, GeneratedDrill};
use crate::course::Unit;
use crate::messages::MESSAGES;
use lantern_core::answers::AnswerKind;
use lantern_core::language::Language;
use lantern_core::text::normalize::normalize;
use lantern_core::text::notes::{plain, quotable, text_sentences};
use lantern_core::text::terms::{content_terms, fact_terms};
use lantern_core::text::tidy::sentences;
use lantern_core::{say, word_list};
use std::sync::LazyLock;

/// The blank shown in place of the answer.
pub const BLANK: &str = "___";
/// Fewest words in a sentence worth blanking.
const MIN_CLOZE_WORDS: usize = 5;
/// Most words in a sentence worth blanking.
const MAX_CLOZE_WORDS: usize = 32;

/// A sentence with one fact blanked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cloze {
    /// The sentence as authored.
    pub sentence: String,
    /// The sentence with [`BLANK`] in place of the answer.
    pub blanked: String,
    /// The words blanked, as written.
    pub answer: String,
    /// How the answer is compared.
    pub kind: AnswerKind,
    /// Whether the blank is a key term of the unit (or a number in a unit that teaches
    /// numbers), not the longest word of last resort.
    pub key_term: bool,
    /// Whether the sentence can be read alone: it does not open with a word that leans on
    /// the sentence before ("This was the ___.").
    pub stands_alone: bool,
}

/// First words of a sentence that lean on the one before (`words/<locale>/refer-back.txt`).
static REFER_BACK: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("refer-back").collect());

/// Whether `sentence` opens with a word that leans on the sentence before.
fn refers_back(sentence: &str) -> bool {
    normalize(sentence)
        .split(' ')
        .next()
        .is_some_and(|first| REFER_BACK.contains(&first))
}

/// Whether a sentence can be a question: a statement of a sensible length, with no
/// formula cut in half by a blank.
fn usable(sentence: &str) -> bool {
    let words = sentence.split_whitespace().count();
    (MIN_CLOZE_WORDS..=MAX_CLOZE_WORDS).contains(&words)
        && !sentence.trim_end().ends_with(['?', ':'])
        && !sentence.contains('|')
        && !sentence.trim_start().starts_with(['#', '-', '*', '>'])
}

/// The number in `word` with its unit sign ("180°", "50%", "2,5"), if it is one.
fn number_with_unit(word: &str) -> Option<String> {
    let w = word.trim_matches(|c: char| matches!(c, ',' | '.' | ';' | '(' | ')' | '*' | '"'));
    let digits = w.trim_end_matches(['°', '%']);
    (!digits.is_empty()
        && digits.chars().any(|c| c.is_ascii_digit())
        && digits
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == ','))
    .then(|| w.to_string())
}

/// `sentence` with [`BLANK`] in place of the `len` bytes from `at`.
fn blank_at(sentence: &str, at: usize, len: usize) -> String {
    format!("{}{BLANK}{}", &sentence[..at], &sentence[at + len..])
}

/// The content words of `sentence` (6+ letters, not its first, naming an idea), the
/// blanks of last resort, longest first.
fn content_words(sentence: &str) -> Vec<&str> {
    let mut words: Vec<&str> = sentence
        .split_whitespace()
        .skip(1)
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| w.chars().count() >= 6 && w.chars().all(char::is_alphabetic))
        .filter(|w| !content_terms(w).is_empty() && names_an_idea(w))
        .collect();
    words.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
    words
}

/// Whether `answer` stands once in `sentence`: a blank whose words stay in view
/// elsewhere in the sentence gives itself away ("has ___ chromosomes, so each daughter
/// cell also has 46").
fn stands_once(sentence: &str, answer: &str) -> bool {
    let said = normalize(sentence);
    let words: Vec<&str> = said.split(' ').collect();
    let wanted = normalize(answer);
    let target: Vec<&str> = wanted.split(' ').filter(|w| !w.is_empty()).collect();
    !target.is_empty()
        && words
            .windows(target.len())
            .filter(|w| *w == target.as_slice())
            .count()
            == 1
}

/// A cloze of `sentence`: a number when it has one and the unit teaches numbers, else
/// a key term of the unit ([`key_terms`]), else its longest content word — the first
/// that stands once in the sentence.
pub fn cloze_of(sentence: &str, unit: &Unit) -> Option<Cloze> {
    cloze_marked(sentence, unit, &[])
}

/// [`cloze_of`], with the terms its author marked in it (bold in the notes) first.
fn cloze_marked(sentence: &str, unit: &Unit, marked: &[String]) -> Option<Cloze> {
    let sentence = sentence.trim();
    if !usable(sentence) {
        return None;
    }
    let numbers: Vec<String> = if teaches_numbers(unit) {
        sentence
            .split_whitespace()
            .filter_map(number_with_unit)
            .collect()
    } else {
        Vec::new()
    };
    let numbers = numbers
        .into_iter()
        .filter_map(|n| Some((whole_word_at(sentence, &n)?, n, AnswerKind::Number, true)));
    let keys = key_terms(sentence, unit, marked)
        .into_iter()
        .map(|t| (t.at, t.text.to_string(), AnswerKind::Text, true));
    let rest = content_words(sentence).into_iter().filter_map(|w| {
        Some((
            whole_word_at(sentence, w)?,
            w.to_string(),
            AnswerKind::Text,
            false,
        ))
    });
    let (at, answer, kind, key_term) = numbers
        .chain(keys)
        .chain(rest)
        .find(|(_, answer, _, _)| stands_once(sentence, answer))?;
    Some(Cloze {
        sentence: sentence.to_string(),
        blanked: blank_at(sentence, at, answer.len()),
        answer,
        kind,
        key_term,
        stands_alone: !refers_back(sentence),
    })
}

/// The terms marked bold (`**…**`) in a sentence of notes.
fn bold_terms(sentence: &str) -> Vec<String> {
    let parts: Vec<&str> = sentence.split("**").collect();
    parts
        .iter()
        .enumerate()
        .filter(|(i, p)| i % 2 == 1 && i + 1 < parts.len() && !p.trim().is_empty())
        .map(|(_, p)| p.trim().to_string())
        .collect()
}

/// Every cloze the unit's anchor and `passages` (its notes) give, anchor first.
pub fn clozes(unit: &Unit, passages: &[&str]) -> Vec<Cloze> {
    let mut out: Vec<Cloze> = Vec::new();
    let texts = std::iter::once(unit.anchor.as_str()).chain(passages.iter().copied());
    for text in texts {
        // Paragraph by paragraph (a heading, a list item or a quote ends a sentence),
        // without the Markdown emphasis a blank would sit inside; only whole sentences
        // (a capital or a digit first, not a parenthesis).
        for s in text_sentences(text).iter().filter(|s| quotable(s)) {
            let line = plain(s);
            let whole = line
                .chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit() || c == '¿' || c == '¡');
            if !whole {
                continue;
            }
            if let Some(c) = cloze_marked(&line, unit, &bold_terms(s)) {
                if !out
                    .iter()
                    .any(|o| normalize(&o.sentence) == normalize(&c.sentence))
                {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// The instruction of a cloze card.
pub fn cloze_prompt(language: Language) -> String {
    say!(MESSAGES, language, "packs-cloze-prompt")
}

/// A cloze as a drill: the blanked sentence, its answer and the sentence as the
/// explanation shown after grading.
pub fn cloze_drill(unit: &Unit, cloze: &Cloze, language: Language) -> GeneratedDrill {
    GeneratedDrill {
        prompt: cloze_prompt(language),
        question_latex: cloze.blanked.clone(),
        key: DrillKey {
            unit_id: unit.id.clone(),
            answer: cloze.answer.clone(),
            kind: Some(cloze.kind),
            simplified: false,
            source: DrillSource::Cloze,
            template_id: None,
            verified: true,
            mistakes: Vec::new(),
            explanation: Some(cloze.sentence.clone()),
            choices: vec![],
        },
    }
}

/// The anchor sentence that corrects a misconception: the one sharing most content
/// terms with it (at least two), if any.
pub fn correction_of(unit: &Unit, misconception: &str) -> Option<String> {
    let keys: std::collections::BTreeSet<String> = fact_terms(misconception)
        .into_iter()
        .filter(|t| !t.is_number)
        .flat_map(|t| t.keys)
        .collect();
    sentences(&unit.anchor)
        .into_iter()
        .map(|s| {
            let shared = fact_terms(s)
                .iter()
                .filter(|t| !t.is_number && t.in_keys(&keys))
                .count();
            (shared, s)
        })
        .filter(|(shared, _)| *shared >= 2)
        .max_by_key(|(shared, _)| *shared)
        .map(|(_, s)| s.to_string())
}

/// The instruction of a true-or-false card.
pub fn true_false_prompt(language: Language) -> String {
    say!(MESSAGES, language, "packs-true-false-prompt")
}

/// The words for `value` and for its opposite: the right answer and the wrong one.
fn truth_words(value: bool, language: Language) -> (String, String) {
    let truth = say!(MESSAGES, language, "packs-true");
    let untruth = say!(MESSAGES, language, "packs-false");
    if value {
        (truth, untruth)
    } else {
        (untruth, truth)
    }
}

/// A true-or-false drill on one of the unit's misconceptions (`index`): the statement is
/// false; answering "true" reveals the misconception's tag. `None` when the
/// misconception's statement is a formula step only (that is a "right step?" drill).
pub fn misconception_true_false(
    unit: &Unit,
    index: usize,
    language: Language,
) -> Option<GeneratedDrill> {
    let m = unit.misconceptions.get(index)?;
    let claim = misconception_claim(&m.text);
    if claim.split_whitespace().count() < 3 || claim.contains('$') {
        return None;
    }
    let (right, wrong) = truth_words(false, language);
    let mistakes = (!m.tag.is_empty())
        .then(|| ForeseenMistake {
            answer: wrong,
            tag: m.tag.clone(),
        })
        .into_iter()
        .collect();
    Some(true_false(
        unit,
        claim,
        &right,
        mistakes,
        correction_of(unit, &m.text),
        language,
    ))
}

/// A true-or-false drill stating `statement`, whose answer is `answer`.
fn true_false(
    unit: &Unit,
    statement: String,
    answer: &str,
    mistakes: Vec<ForeseenMistake>,
    explanation: Option<String>,
    language: Language,
) -> GeneratedDrill {
    GeneratedDrill {
        prompt: true_false_prompt(language),
        question_latex: statement,
        key: DrillKey {
            unit_id: unit.id.clone(),
            answer: answer.to_string(),
            kind: Some(AnswerKind::Text),
            simplified: false,
            source: DrillSource::TrueFalse,
            template_id: None,
            verified: true,
            mistakes,
            explanation,
            choices: vec![],
        },
    }
}

/// A true-or-false drill on an anchor sentence (true).
pub fn anchor_true_false(unit: &Unit, sentence: &str, language: Language) -> GeneratedDrill {
    let (right, _) = truth_words(true, language);
    let sentence = sentence.trim().to_string();
    true_false(
        unit,
        sentence.clone(),
        &right,
        Vec::new(),
        Some(sentence),
        language,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Misconception;

    fn unit() -> Unit {
        Unit {
            id: "GEO-00".into(),
            title: "Angles on a line and around a point".into(),
            anchor: "Angles on a straight line add up to 180°. Angles around a point add up \
                     to 360°. Vertically opposite angles are equal."
                .into(),
            tags: vec!["vertically_opposite".into()],
            misconceptions: vec![
                Misconception {
                    tag: "line_is_360".into(),
                    text: "Thinks angles on a straight line add up to 360°.".into(),
                },
                Misconception {
                    tag: "step".into(),
                    text: "Writes $x + 5 = 12$ as $x = 17$.".into(),
                },
            ],
            content: vec![],
            drills: vec![],
        }
    }

    #[test]
    fn a_number_is_blanked_first() {
        let c = cloze_of("Angles on a straight line add up to 180°.", &unit()).unwrap();
        assert_eq!(c.blanked, "Angles on a straight line add up to ___.");
        assert_eq!(c.answer, "180°");
        assert_eq!(c.kind, AnswerKind::Number);
    }

    #[test]
    fn without_a_number_a_key_word_of_the_unit_is_blanked() {
        let c = cloze_of("Vertically opposite angles are always equal.", &unit()).unwrap();
        assert_eq!(c.answer, "opposite");
        assert_eq!(c.blanked, "Vertically ___ angles are always equal.");
    }

    fn history(title: &str) -> Unit {
        Unit {
            id: "FR-02".into(),
            title: title.into(),
            anchor: String::new(),
            tags: vec!["third_estate".into()],
            misconceptions: vec![],
            content: vec![],
            drills: vec![],
        }
    }

    #[test]
    fn a_history_unit_blanks_a_key_term_not_a_date() {
        let u = history("The Estates-General");
        let c = cloze_of("In May 1789 the Estates-General met at Versailles.", &u).unwrap();
        assert_eq!(c.answer, "Estates-General");
        assert!(c.key_term);
        let c = cloze_of("Its members were 578 representatives by June 1789.", &u).unwrap();
        assert_eq!(c.answer, "representatives");
        assert!(!c.key_term);
        let c = cloze_of("It happened on 14 July 1789 at dawn.", &u).unwrap();
        assert!(!is_number_or_date(&c.answer), "{c:?}");
        assert!(cloze_of("It was on 14 July 1789.", &u).is_none());
    }

    /// The cloze of `sentence` in a unit titled `title`.
    fn blank(title: &str, sentence: &str) -> Cloze {
        cloze_of(sentence, &history(title)).unwrap()
    }

    #[test]
    fn a_blank_that_stands_again_in_the_sentence_is_not_chosen() {
        let sentence = "A human body cell has 46 chromosomes, so each daughter cell also has 46.";
        assert_eq!(blank("Chromosome numbers", sentence).answer, "chromosomes");
    }

    #[test]
    fn a_sentence_that_leans_on_the_one_before_does_not_stand_alone() {
        let u = history("The Berlin blockade");
        let c = cloze_of("This was the Berlin Airlift.", &u).unwrap();
        assert!(!c.stands_alone);
        let c = cloze_of("The West supplied Berlin by air.", &u).unwrap();
        assert!(c.stands_alone);
    }

    #[test]
    fn a_unit_about_dates_may_blank_a_year() {
        let c = blank(
            "Revolutionary dates",
            "The Estates-General had not met since 1614.",
        );
        assert_eq!(c.answer, "1614");
        assert_eq!(c.kind, AnswerKind::Number);
    }

    #[test]
    fn a_key_term_is_blanked_before_a_longer_word() {
        let sentence = "Representatives of the Third Estate demanded a vote by head.";
        assert_eq!(
            blank("The Estates-General", sentence).answer,
            "Third Estate"
        );
        let u = history("The Estates-General");
        let notes = "Members swore the **Tennis Court Oath** together, remembering everything.";
        let all = clozes(&u, &[notes]);
        assert_eq!(all[0].answer, "Tennis Court Oath", "{all:?}");
    }

    #[test]
    fn headings_questions_and_short_lines_are_not_blanked() {
        let u = unit();
        assert!(cloze_of("## Angles", &u).is_none());
        assert!(cloze_of("What is an angle made of?", &u).is_none());
        assert!(cloze_of("Angles add.", &u).is_none());
    }

    #[test]
    fn notes_give_plain_clozes_line_by_line() {
        let u = unit();
        let notes = "## Angles\nA **reflex angle** is bigger than 180°.\n> a quote line with words";
        let all = clozes(&u, &[notes]);
        assert!(
            all.iter()
                .any(|c| c.blanked == "A reflex angle is bigger than ___."),
            "{all:?}"
        );
        assert!(all
            .iter()
            .all(|c| !c.blanked.contains('*') && !c.sentence.starts_with('>')));
    }

    #[test]
    fn every_anchor_sentence_gives_a_cloze_once() {
        let u = unit();
        let all = clozes(&u, &["Angles on a straight line add up to 180°."]);
        assert_eq!(all.len(), 3);
    }

    #[test]
    fn a_misconception_is_a_false_statement() {
        let d = misconception_true_false(&unit(), 0, Language::En).unwrap();
        assert_eq!(
            d.question_latex,
            "Angles on a straight line add up to 360°."
        );
        assert_eq!(d.key.answer, "false");
        assert_eq!(d.key.mistakes[0].answer, "true");
        assert_eq!(d.key.mistakes[0].tag, "line_is_360");
        assert_eq!(
            d.key.explanation.as_deref(),
            Some("Angles on a straight line add up to 180°.")
        );
        assert!(misconception_true_false(&unit(), 1, Language::En).is_none());
        let es = misconception_true_false(&unit(), 0, Language::Es).unwrap();
        assert_eq!(es.key.answer, "falso");
    }
}
