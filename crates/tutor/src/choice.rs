//! Practice from the pack's exam questions (issue #33 item 4): a question of a tier
//! below the one the student works towards, shown as a drill with its options and
//! graded by the option chosen — its letter or its text. It is never an exam attempt.

use super::drill::{DrillKey, DrillSource, GeneratedDrill};
use super::exam::PracticeQuestion;
use super::messages::MESSAGES;
use lantern_core::answers::AnswerKind;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::normalize::normalize;
use lantern_core::word_list;
use lantern_packs::course::Unit;
use std::sync::LazyLock;

/// The question as a drill: the stem with its options after it; the key is the correct
/// option's id, the memo says why once answered.
pub fn choice_drill(unit: &Unit, q: &PracticeQuestion, language: Language) -> GeneratedDrill {
    let options: Vec<String> = q
        .options
        .iter()
        .map(|o| format!("{}) {}", o.id, o.text.trim()))
        .collect();
    GeneratedDrill {
        prompt: say!(MESSAGES, language, "tutor-choice-prompt"),
        question_latex: format!("{} — {}", q.stem.trim(), options.join(" · ")),
        key: DrillKey {
            unit_id: unit.id.clone(),
            answer: q.correct.clone(),
            kind: Some(AnswerKind::Text),
            simplified: false,
            source: DrillSource::Choice,
            template_id: None,
            verified: true,
            mistakes: vec![],
            explanation: Some(q.memo.trim().to_string()).filter(|m| !m.is_empty()),
            choices: q.options.clone(),
        },
    }
}

/// Words before an option's letter that still choose it ("option B"), normalised.
static OPTION_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("option-words").collect());

/// The option `message` chooses: an option's id alone ("b", "B)", "(B)", "option B")
/// or its whole text.
pub fn chosen_option<'a>(key: &'a DrillKey, message: &str) -> Option<&'a str> {
    let said = normalize(message);
    let words: Vec<&str> = said.split(' ').filter(|w| !w.is_empty()).collect();
    let letter = match words.as_slice() {
        [one] => Some(*one),
        [lead, one] if OPTION_WORDS.contains(lead) => Some(*one),
        _ => None,
    };
    key.choices
        .iter()
        .find(|o| letter.is_some_and(|l| l == normalize(&o.id)) || normalize(&o.text) == said)
        .map(|o| o.id.as_str())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use lantern_packs::course::AnswerOption;

    /// A lower-tier exam question on the first factories, for tests.
    pub(crate) fn question() -> PracticeQuestion {
        PracticeQuestion {
            id: "Q1".into(),
            stem: "Which power drove the first factories?".into(),
            options: vec![
                AnswerOption {
                    id: "A".into(),
                    text: "Steam".into(),
                },
                AnswerOption {
                    id: "B".into(),
                    text: "Water".into(),
                },
            ],
            correct: "B".into(),
            memo: "The first mills stood by rivers: water wheels drove them.".into(),
        }
    }

    fn unit() -> Unit {
        Unit {
            id: "U".into(),
            title: "Factories".into(),
            anchor: "Factories gathered workers and machines.".into(),
            tags: vec![],
            misconceptions: vec![],
            content: vec![],
            drills: vec![],
        }
    }

    #[test]
    fn the_drill_shows_the_stem_and_options_and_keys_the_correct_one() {
        let d = choice_drill(&unit(), &question(), Language::En);
        assert_eq!(
            d.question_latex,
            "Which power drove the first factories? — A) Steam · B) Water"
        );
        assert_eq!(d.key.answer, "B");
        assert_eq!(d.key.source, DrillSource::Choice);
        assert!(d.key.explanation.unwrap().starts_with("The first mills"));
    }

    #[test]
    fn an_option_is_chosen_by_its_letter_or_its_text() {
        let key = choice_drill(&unit(), &question(), Language::En).key;
        for said in ["b", "B)", "(B)", "option B", "water", "Water."] {
            assert_eq!(chosen_option(&key, said), Some("B"), "{said}");
        }
        assert_eq!(chosen_option(&key, "a"), Some("A"));
        for said in ["", "c", "steam or water", "I think B because rivers"] {
            assert_eq!(chosen_option(&key, said), None, "{said}");
        }
    }
}
