//! A student stuck on the tutor's question: a short message saying so ("i'm stuck", "no
//! idea", "no sé, estoy atascado") asks for a hint at once, like the "I'm stuck" button —
//! not only after two wrong attempts (issue #47 item 5) —, and the hint on a drill that
//! does not give its answer away.

use super::course::TutorCourse;
use super::drill::{DrillKey, DrillSource};
use super::messages::MESSAGES;
use super::question::is_question;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::normalize::normalize;
use lantern_core::word_list;
use std::sync::LazyLock;

/// Most words of a message that asks for help by a stuck phrase alone ("no se" in a
/// longer message is more often a verb: "la célula no se divide").
const MAX_HELP_WORDS: usize = 6;

/// What a stuck student types (`words/<locale>/stuck-phrases.txt`), normalised.
static STUCK_PHRASES: LazyLock<Vec<String>> =
    LazyLock::new(|| word_list!("stuck-phrases").map(normalize).collect());

/// Whether `message` says the student is stuck: a short message holding a stuck phrase
/// as whole words, not a question ("why did the soviets help cuba").
pub fn asks_for_help(message: &str) -> bool {
    if is_question(message) {
        return false;
    }
    let plain = normalize(message);
    let words = plain.split_whitespace().count();
    if words == 0 || words > MAX_HELP_WORDS {
        return false;
    }
    let padded = format!(
        " {} ",
        plain.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    STUCK_PHRASES
        .iter()
        .any(|p| !p.is_empty() && padded.contains(&format!(" {p} ")))
}

/// The hint on a word gap: its first letter, its letters and (for several) its words;
/// `None` for any other drill, or a gap whose answer is a number.
pub(crate) fn gap_hint(key: &DrillKey, language: Language) -> Option<String> {
    if key.source != DrillSource::Cloze || key.answer.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let first = key.answer.chars().next()?.to_string();
    // Letters only: "Long Telegram" has 12 letters in 2 words, not 13.
    let letters = key
        .answer
        .chars()
        .filter(|c| c.is_alphanumeric())
        .count()
        .to_string();
    let words = key.answer.split_whitespace().count();
    Some(if words > 1 {
        say!(
            MESSAGES,
            language,
            "tutor-hint-cloze-words",
            first = &first,
            letters = &letters,
            words = &words.to_string()
        )
    } else {
        say!(
            MESSAGES,
            language,
            "tutor-hint-cloze",
            first = &first,
            letters = &letters
        )
    })
}

/// A hint on the drill a button refers to, that does not give its answer away.
pub(crate) fn hint(key: &DrillKey, course: &TutorCourse, language: Language) -> String {
    let misconception = key.mistakes.first().and_then(|m| {
        course
            .unit(&key.unit_id)?
            .misconceptions
            .iter()
            .find(|c| c.tag == m.tag)
            .map(|c| c.text.clone())
    });
    gap_hint(key, language).unwrap_or_else(|| match misconception {
        Some(m) => say!(MESSAGES, language, "tutor-hint-misconception", mistake = &m),
        None => say!(MESSAGES, language, "tutor-hint-key-ideas"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_stuck_message_asks_for_help_in_either_language() {
        for m in [
            "i'm stuck",
            "no idea tbh",
            "no sé, estoy atascado",
            "idk",
            "dame una pista",
        ] {
            assert!(asks_for_help(m), "{m}");
        }
    }

    #[test]
    fn a_hint_counts_letters_not_spaces_and_says_how_many_words() {
        let mut unit = crate::testing::course().unit("N-1").unwrap().clone();
        unit.tags = vec!["long_telegram".into()];
        let c = crate::testing::course();
        let key = DrillKey {
            answer: "Long Telegram".into(),
            ..crate::practice::explain_back(&unit, Language::En).key
        };
        let cloze = DrillKey {
            source: DrillSource::Cloze,
            ..key
        };
        assert_eq!(
            hint(&cloze, &c, Language::En),
            "Hint for the drill: the missing words start with “L” and have 12 letters in 2 words."
        );
    }

    #[test]
    fn answers_questions_and_long_messages_do_not() {
        for m in [
            "mitosis",
            "1961",
            "la celula no se divide cuando le falta energia",
            "why did the soviets help cuba",
            "",
        ] {
            assert!(!asks_for_help(m), "{m}");
        }
    }
}
