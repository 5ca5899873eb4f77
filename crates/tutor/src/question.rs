//! Whether the student's message asks something (issue #47): a question mark, a
//! question's opening word or phrase ("why …", "did …", "was …", "is it true that …",
//! "es verdad que …", "whats …"), or a tag that closes a statement into a question
//! ("… right", "… verdad"). Wider than [`is_new_question`], which only tells a new
//! question from an answer to the tutor's and is unchanged; the evals read question
//! turns with this one.

use super::judge::{after_lead_ins, is_new_question, QUESTION_STARTS};
use lantern_core::text::normalize::opens_with_phrase;
use lantern_core::word_list;
use std::sync::LazyLock;

/// Fewest words of a message that asks by its opening or its closing tag alone.
const MIN_QUESTION_WORDS: usize = 3;

/// Openings of a question beyond [`QUESTION_STARTS`] (`words/<locale>/question-openings.txt`).
static QUESTION_OPENINGS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("question-openings").collect());
/// Last words that make a statement a question (`words/<locale>/question-tags.txt`).
static QUESTION_TAGS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("question-tags").collect());

/// Whether `message` is a question: a new question by [`is_new_question`], a "?" or
/// "¿" with two words or more, or — with [`MIN_QUESTION_WORDS`] or more — a question's
/// opening (after "ok", "and", "so"…) or a closing tag.
pub fn is_question(message: &str) -> bool {
    if is_new_question(message) {
        return true;
    }
    let m = message.trim();
    let count = m.split_whitespace().count();
    if (m.contains('?') || m.contains('¿')) && count >= 2 {
        return true;
    }
    if count < MIN_QUESTION_WORDS {
        return false;
    }
    let plain = after_lead_ins(m);
    let opens = opens_with_phrase(&plain, &QUESTION_STARTS)
        || opens_with_phrase(&plain, &QUESTION_OPENINGS);
    let tagged = plain
        .rsplit(' ')
        .next()
        .is_some_and(|w| QUESTION_TAGS.contains(&w));
    opens || tagged
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yes_no_questions_without_a_question_mark_are_questions() {
        for q in [
            "did the revolution give women equal rights",
            "was the terror only against nobles",
            "was stalin to blame",
            "is it true that the west flew food into berlin",
            "es verdad que las plantas no tienen mitocondrias",
            "¿fue Stalin el culpable?",
            "whats a proxy war",
            "when did the wall actually come down",
            "ok and who won the cuban missile crisis",
            "the marshall plan was only for western europe right",
            "las bacterias no tienen adn verdad",
            "why though?",
        ] {
            assert!(is_question(q), "{q}");
        }
    }

    #[test]
    fn statements_answers_and_buttons_are_not_questions() {
        for s in [
            "the us lost vietnam because their army got smashed",
            "when you heat it the enzyme stops working",
            "cuando la celula se divide se copian los cromosomas",
            "i'm stuck",
            "1789",
            "true",
            "REQUEST_DRILL",
            "yo creo que no",
            "",
        ] {
            assert!(!is_question(s), "{s}");
        }
    }
}
