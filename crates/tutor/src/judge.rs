//! Judging what the student typed (issue #33 item 3): an answer to the question the
//! tutor asked last (its key travels with that message), or a claim of the student's
//! own ("so if one angle is 120 the other is 60?") that the unit's material can settle.
//! The verdict is right, partly or not yet, with the authored sentence that says why.

use super::choice::chosen_option;
use super::cloze::misconception_claim;
use super::drill::{DrillKey, DrillSource};
use super::verdict::{check_drill, DrillVerdict, TagSource};
use lantern_core::text::normalize::{normalize, opens_with_phrase};
use lantern_core::text::terms::{content_terms, fact_terms, term_keys};
use lantern_core::text::tidy::sentences;
use lantern_core::word_list;
use lantern_packs::course::{Misconception, Unit};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// Share of an explanation's key terms that makes it right.
pub const EXPLAIN_RIGHT: f64 = 0.6;
/// Share that makes it partly right.
pub const EXPLAIN_PARTLY: f64 = 0.3;
/// Share of a misconception's terms a claim must repeat to be taken as that belief.
const CLAIM_OVERLAP: f64 = 0.6;
/// Words that say a sentence gives a reason ("because", "porque").
pub(crate) static REASON_WORDS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("reason-words").collect());

/// How the student's answer or claim stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum TutorVerdict {
    /// Right.
    Right,
    /// Some of it is right.
    Partly,
    /// Not right yet.
    NotYet,
}

/// A verdict with what it rests on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// The verdict.
    pub verdict: TutorVerdict,
    /// The expected answer, shown with a verdict that is not right.
    pub expected: String,
    /// The authored sentence that says why, if any.
    pub why: Option<String>,
    /// The misconception's tag the answer reveals, if any.
    pub tag: Option<String>,
}

/// Numbers written with digits in `text` ("180°", "2,5").
fn numbers(text: &str) -> Vec<f64> {
    let mut out = Vec::new();
    let mut current = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() || ((c == '.' || c == ',') && !current.is_empty()) {
            current.push(if c == ',' { '.' } else { c });
        } else if !current.is_empty() {
            if let Ok(n) = current.trim_end_matches('.').parse::<f64>() {
                out.push(n);
            }
            current.clear();
        }
    }
    out
}

fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(1.0)
}

/// Words a question starts with (normalised), after an "ok", "and" or "so".
pub(crate) static QUESTION_STARTS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("question-starts").collect());
/// Words skipped before a question's first word.
pub(crate) static LEAD_INS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("lead-ins").collect());
/// Words that state "true" ("true", "verdadero", "yes", "sí"), normalised.
static TRUE_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("true-words").collect());
/// Words that state "false" ("false", "no"), normalised.
static FALSE_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("false-words").collect());

/// Whether the message is a new question rather than an answer: four words or more with
/// a question mark anywhere, or five or more opening with a question word ("ok and is
/// 'happy' an adjective in 'they are happy'").
pub fn is_new_question(message: &str) -> bool {
    let m = message.trim();
    let count = m.split_whitespace().count();
    if (m.contains('?') || m.contains('¿')) && count >= 4 {
        return true;
    }
    count >= 5 && opens_with_phrase(&after_lead_ins(m), &QUESTION_STARTS)
}

/// `message` normalised, without its lead-ins ("ok and is …" → "is …").
pub(crate) fn after_lead_ins(message: &str) -> String {
    normalize(message)
        .split(' ')
        .skip_while(|w| LEAD_INS.contains(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The truth value a message states ("true", "verdadero", "yes", "sí" / "false", "no").
fn truth_of(message: &str) -> Option<bool> {
    let plain = normalize(message);
    let has = |words: &[&str]| plain.split(' ').any(|w| words.contains(&w));
    let yes = has(&TRUE_WORDS);
    let no = has(&FALSE_WORDS);
    match (yes, no) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

fn judgement(verdict: TutorVerdict, key: &DrillKey, tag: Option<String>) -> Judgement {
    Judgement {
        verdict,
        expected: key.answer.clone(),
        why: key.explanation.clone(),
        tag,
    }
}

/// Share of `expected`'s content terms that `message` uses.
fn coverage(expected: &str, message: &str) -> f64 {
    let said = term_keys(message);
    let terms = fact_terms(expected);
    if terms.is_empty() {
        return 0.0;
    }
    let hit = terms.iter().filter(|t| t.in_keys(&said)).count();
    hit as f64 / terms.len() as f64
}

/// Words an answer to a word gap may add around the word ("i think it's the clergy").
const GAP_ANSWER_EXTRA_WORDS: usize = 4;

/// Whether `message` tries to answer the question of `key`: a gap whose answer is a
/// number is answered with a number ("the blockade one" is about something else), and a
/// word gap by a short message or one using the answer's words ("yo creo que la meiosis
/// es más importante que la mitosis" is a claim of the student's own).
fn attempts(key: &DrillKey, message: &str) -> bool {
    if key.source != DrillSource::Cloze {
        return true;
    }
    if numbers(&key.answer).len() == 1 {
        return !numbers(message).is_empty();
    }
    let short = message.split_whitespace().count()
        <= key.answer.split_whitespace().count() + GAP_ANSWER_EXTRA_WORDS;
    short || coverage(&key.answer, message) > 0.0
}

/// The verdict on `message` as an answer to the question whose key is `key`; `None`
/// when the message is not an answer (a new question, a number gap answered without a
/// number, or no truth value for a true-or-false).
pub fn judge_answer(key: &DrillKey, message: &str) -> Option<Judgement> {
    if is_new_question(message) || message.trim().is_empty() || !attempts(key, message) {
        return None;
    }
    judge_key(key, message)
}

/// The verdict on `message` against `key`, whatever the message looks like: the truth
/// value for a true-or-false or a worked step, the option chosen, the number or the
/// share of key terms for a cloze or an explanation, the checker for a numeric drill.
/// `None` when a true-or-false answer states no truth value.
pub fn judge_key(key: &DrillKey, message: &str) -> Option<Judgement> {
    match key.source {
        DrillSource::TrueFalse | DrillSource::Misconception => {
            let expected = truth_of(&key.answer)?;
            let said = truth_of(message)?;
            let tag = (said != expected)
                .then(|| key.mistakes.first().map(|m| m.tag.clone()))
                .flatten();
            let verdict = if said == expected {
                TutorVerdict::Right
            } else {
                TutorVerdict::NotYet
            };
            Some(judgement(verdict, key, tag))
        }
        DrillSource::Choice => {
            let verdict = if chosen_option(key, message) == Some(key.answer.as_str()) {
                TutorVerdict::Right
            } else {
                TutorVerdict::NotYet
            };
            Some(judgement(verdict, key, None))
        }
        DrillSource::Cloze if numbers(&key.answer).len() == 1 => {
            let want = numbers(&key.answer)[0];
            let said = numbers(message);
            let verdict = if said.iter().any(|n| same(*n, want)) {
                TutorVerdict::Right
            } else {
                TutorVerdict::NotYet
            };
            Some(judgement(verdict, key, None))
        }
        DrillSource::Cloze | DrillSource::ExplainBack => {
            let share = coverage(&key.answer, message);
            let (right, partly) = match key.source {
                DrillSource::Cloze => (1.0, 0.5),
                _ => (EXPLAIN_RIGHT, EXPLAIN_PARTLY),
            };
            let verdict = if share >= right {
                TutorVerdict::Right
            } else if share >= partly && share > 0.0 {
                TutorVerdict::Partly
            } else {
                TutorVerdict::NotYet
            };
            Some(judgement(verdict, key, None))
        }
        DrillSource::Template | DrillSource::Model => {
            let v = check_drill(key, message);
            let verdict = if v.is_correct {
                TutorVerdict::Right
            } else {
                TutorVerdict::NotYet
            };
            Some(judgement(verdict, key, v.common_mistake_tag))
        }
    }
}

/// Words that negate, in English and Spanish (normalised: "isn't" → "isn t").
static NEGATIONS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("negations").collect());

/// Whether `text` negates something; a closing tag question ("…, ¿no?") does not count.
fn negates(text: &str) -> bool {
    let plain = normalize(text);
    let mut words: Vec<&str> = plain.split(' ').collect();
    if words.last() == Some(&"no") {
        words.pop();
    }
    words.iter().any(|w| NEGATIONS.contains(w))
}

/// Words that say a sentence states a total ("add up to 180°").
static TOTAL_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("total-words").collect());

/// Whether `message` says `claim` in words: most of its content terms (at least two)
/// and all its numbers.
fn says_claim(message: &str, said: &std::collections::BTreeSet<String>, claim: &str) -> bool {
    let terms = content_terms(claim);
    let hit = terms.iter().filter(|t| t.in_keys(said)).count();
    terms.len() >= 2
        && hit as f64 / terms.len() as f64 >= CLAIM_OVERLAP
        && numbers(claim)
            .iter()
            .all(|n| numbers(message).iter().any(|x| same(*x, *n)))
}

/// A claim's premise: its words before the reason it gives ("Las bacterias no tienen
/// ADN" of "… porque no tienen núcleo"), when it gives one.
fn premise(claim: &str) -> Option<&str> {
    let lower = claim.to_lowercase();
    REASON_WORDS
        .iter()
        .filter_map(|w| lower.find(&format!(" {w} ")))
        .min()
        .map(|at| claim[..at].trim_end_matches([',', ';', ' ']))
}

/// The misconception of `unit` whose claim, or the claim's premise without its reason,
/// `message` says in words — whether the message states it, asks about it or denies it.
pub fn misconception_about<'a>(unit: &'a Unit, message: &str) -> Option<&'a Misconception> {
    let said = term_keys(message);
    unit.misconceptions.iter().find(|m| {
        let claim = misconception_claim(&m.text);
        says_claim(message, &said, &claim)
            || premise(&claim).is_some_and(|p| says_claim(message, &said, p))
    })
}

/// A claim of the student's own judged against the unit: repeating one of its
/// misconceptions is not yet right (the anchor's correction says why); parts that add
/// up to a total the material states ("so if one angle is 120 the other is 60?") are
/// right or not yet by the sum. `None` when the material cannot settle it.
pub fn judge_claim(unit: &Unit, material: &[&str], message: &str) -> Option<Judgement> {
    // "…, not 'Me and Sam went'": a message that negates where the misconception does
    // not may be denying it; words alone cannot tell, so it is not judged.
    if let Some(m) = misconception_about(unit, message)
        .filter(|m| !negates(message) || negates(&misconception_claim(&m.text)))
    {
        return Some(Judgement {
            verdict: TutorVerdict::NotYet,
            expected: String::new(),
            why: super::cloze::correction_of(unit, &m.text),
            tag: Some(m.tag.clone()),
        });
    }
    let parts = numbers(message);
    if parts.len() < 2 {
        return None;
    }
    let said = term_keys(message);
    let texts = std::iter::once(unit.anchor.as_str()).chain(material.iter().copied());
    for text in texts {
        for s in sentences(text) {
            let lower = s.to_lowercase();
            if !TOTAL_WORDS.iter().any(|w| lower.contains(w)) {
                continue;
            }
            let totals = numbers(s);
            let [total] = totals.as_slice() else {
                continue;
            };
            let shares_terms = content_terms(s)
                .iter()
                .any(|t| !t.is_number && t.in_keys(&said));
            if !shares_terms && parts.len() != 2 {
                continue;
            }
            let sum: f64 = parts.iter().sum();
            let verdict = if same(sum, *total) {
                TutorVerdict::Right
            } else {
                TutorVerdict::NotYet
            };
            return Some(Judgement {
                verdict,
                expected: String::new(),
                why: Some(s.trim().to_string()),
                tag: None,
            });
        }
    }
    None
}

/// Grades `answer` against the drill's key: a numeric drill by the answer checker, the
/// others as the tutor judges a typed answer ([`judge_key`]: "yes" is true, an option's
/// text is its letter, a cloze needs its words) — only a right answer is correct.
pub fn grade_drill(key: &DrillKey, answer: &str) -> DrillVerdict {
    if matches!(key.source, DrillSource::Template | DrillSource::Model) {
        return check_drill(key, answer);
    }
    let judged = judge_key(key, answer);
    let is_correct = judged
        .as_ref()
        .is_some_and(|j| j.verdict == TutorVerdict::Right);
    let tag = judged.and_then(|j| j.tag);
    DrillVerdict {
        is_correct,
        reason: None,
        explanation: if is_correct {
            "The answer matches the drill's."
        } else {
            "The answer does not match the drill's."
        }
        .to_string(),
        expected: key.answer.clone(),
        tag_source: tag.as_ref().map(|_| TagSource::Foreseen),
        common_mistake_tag: tag,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::language::Language;
    use lantern_packs::course::cloze::{cloze_drill, cloze_of, misconception_true_false};
    use lantern_packs::course::Misconception;

    fn unit() -> Unit {
        Unit {
            id: "GEO-00".into(),
            title: "Angles on a line".into(),
            anchor:
                "Angles on a straight line add up to 180°. Vertically opposite angles are equal."
                    .into(),
            tags: vec!["vertically_opposite".into()],
            misconceptions: vec![Misconception {
                tag: "line_is_360".into(),
                text: "Thinks angles on a straight line add up to 360°.".into(),
            }],
            content: vec![],
            drills: vec![],
        }
    }

    fn cloze_key(sentence: &str) -> DrillKey {
        let u = unit();
        cloze_drill(&u, &cloze_of(sentence, &u).unwrap(), Language::En).key
    }

    #[test]
    fn a_number_cloze_is_right_when_the_number_is() {
        let key = cloze_key("Angles on a straight line add up to 180°.");
        assert_eq!(
            judge_answer(&key, "180 degrees").unwrap().verdict,
            TutorVerdict::Right
        );
        assert_eq!(
            judge_answer(&key, "i think it's 180").unwrap().verdict,
            TutorVerdict::Right
        );
        let wrong = judge_answer(&key, "360").unwrap();
        assert_eq!(wrong.verdict, TutorVerdict::NotYet);
        assert_eq!(wrong.expected, "180°");
        assert_eq!(
            wrong.why.as_deref(),
            Some("Angles on a straight line add up to 180°.")
        );
    }

    #[test]
    fn a_word_cloze_matches_inflections() {
        let key = cloze_key("Vertically opposite angles are always equal.");
        assert_eq!(
            judge_answer(&key, "Opposite").unwrap().verdict,
            TutorVerdict::Right
        );
        assert_eq!(
            judge_answer(&key, "adjacent").unwrap().verdict,
            TutorVerdict::NotYet
        );
    }

    #[test]
    fn a_new_question_is_not_an_answer() {
        let key = cloze_key("Angles on a straight line add up to 180°.");
        assert!(judge_answer(&key, "what is a transversal then?").is_none());
        for question in [
            "ok and is 'happy' an adjective in 'they are happy'? there's no noun after it",
            "and why do they add up to that",
            "vale, ¿y por qué pasa eso con las rectas",
        ] {
            assert!(judge_answer(&key, question).is_none(), "{question}");
        }
        // Answers, even long ones, are judged.
        for answer in [
            "180",
            "they add up to 180 degrees",
            "when they are on a line it is 180",
        ] {
            assert!(judge_answer(&key, answer).is_some(), "{answer}");
        }
    }

    #[test]
    fn a_message_about_something_else_is_not_an_answer_to_the_gap() {
        let number = cloze_key("Angles on a straight line add up to 180°.");
        assert!(judge_answer(&number, "the blockade one").is_none());
        let word = cloze_key("Vertically opposite angles are always equal.");
        assert!(judge_answer(
            &word,
            "yo creo que la meiosis es mas importante que la mitosis"
        )
        .is_none());
        assert!(judge_answer(&word, "i think they are the opposite ones of course").is_some());
    }

    #[test]
    fn true_or_false_reads_both_languages_and_reveals_the_tag() {
        let key = misconception_true_false(&unit(), 0, Language::Es)
            .unwrap()
            .key;
        assert_eq!(
            judge_answer(&key, "falso").unwrap().verdict,
            TutorVerdict::Right
        );
        let j = judge_answer(&key, "verdadero").unwrap();
        assert_eq!(j.verdict, TutorVerdict::NotYet);
        assert_eq!(j.tag.as_deref(), Some("line_is_360"));
        assert!(judge_answer(&key, "no sé").is_some());
    }

    #[test]
    fn an_explanation_is_judged_by_its_key_terms() {
        let key = DrillKey {
            unit_id: "GEO-00".into(),
            answer: "Angles on a straight line add up to 180°.".into(),
            kind: None,
            simplified: false,
            source: DrillSource::ExplainBack,
            template_id: None,
            verified: true,
            mistakes: vec![],
            explanation: None,
            choices: vec![],
        };
        let v = |m: &str| judge_answer(&key, m).unwrap().verdict;
        assert_eq!(
            v("the angles on a straight line make 180 degrees together"),
            TutorVerdict::Right
        );
        assert_eq!(v("they are angles on a line"), TutorVerdict::Partly);
        assert_eq!(v("no idea"), TutorVerdict::NotYet);
    }

    #[test]
    fn a_claim_about_parts_of_a_total_is_checked_by_the_sum() {
        let u = unit();
        let right = judge_claim(&u, &[], "so if one angle is 120 the other is 60?").unwrap();
        assert_eq!(right.verdict, TutorVerdict::Right);
        assert_eq!(
            right.why.as_deref(),
            Some("Angles on a straight line add up to 180°.")
        );
        let wrong = judge_claim(&u, &[], "so if one angle is 120 the other is 80?").unwrap();
        assert_eq!(wrong.verdict, TutorVerdict::NotYet);
    }

    #[test]
    fn a_question_on_a_mistakes_premise_is_about_that_mistake() {
        let mut u = unit();
        u.misconceptions = vec![Misconception {
            tag: "no_dna".into(),
            text: "Las bacterias no tienen ADN porque no tienen núcleo.".into(),
        }];
        assert!(misconception_about(&u, "las bacterias no tienen adn verdad").is_some());
        assert!(misconception_about(&u, "que es el adn").is_none());
    }

    #[test]
    fn a_claim_repeating_a_misconception_is_not_yet_right() {
        let j = judge_claim(
            &unit(),
            &[],
            "angles on a straight line add up to 360 right",
        )
        .unwrap();
        assert_eq!(j.verdict, TutorVerdict::NotYet);
        assert_eq!(j.tag.as_deref(), Some("line_is_360"));
        assert!(judge_claim(&unit(), &[], "what is a transversal").is_none());
        // Denying the misconception is not repeating it; a closing "no?" is no denial.
        assert!(judge_claim(
            &unit(),
            &[],
            "so angles on a straight line do not add up to 360?"
        )
        .is_none());
        assert!(judge_claim(
            &unit(),
            &[],
            "so angles on a straight line add up to 360, no?"
        )
        .is_some());
    }
}
