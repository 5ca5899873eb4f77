//! Whether the student's message asks something (issue #47): a question mark, a
//! question's opening word or phrase ("why …", "did …", "was …", "is it true that …",
//! "es verdad que …", "whats …"), or a tag that closes a statement into a question
//! ("… right", "… verdad"; "… no" in a long one), or a follow-up that opens on something
//! new ("ok and the long telegram", "y lo de la pared"). Wider than [`is_new_question`], which only tells a new
//! question from an answer to the tutor's and is unchanged; the evals read question
//! turns with this one.

use super::judge::{after_lead_ins, is_new_question, LEAD_INS, QUESTION_STARTS};
use lantern_core::text::normalize::normalize;
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
/// Last words that make a long statement a question (`words/<locale>/weak-question-tags.txt`).
static WEAK_QUESTION_TAGS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("weak-question-tags").collect());
/// Openings of a follow-up on something new (`words/<locale>/follow-up-openings.txt`).
static FOLLOW_UP_OPENINGS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("follow-up-openings").collect());
/// Words pointing back to the last topic (`words/<locale>/back-references.txt`).
pub(crate) static BACK_REFERENCES: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("back-references").collect());
/// Most words of a message a back-reference makes a follow-up.
const MAX_FOLLOW_UP_WORDS: usize = 10;

/// Whether `message` continues the conversation's last topic: it opens with a lead-in
/// or a follow-up opening ("so why …", "y qué firmaron en 1972", "and the long
/// telegram"), or is short and points back ("why did stalin say no to it").
pub fn is_follow_up(message: &str) -> bool {
    let plain = normalize(message);
    let words: Vec<&str> = plain.split_whitespace().collect();
    let Some(first) = words.first() else {
        return false;
    };
    LEAD_INS.contains(first)
        || opens_a_follow_up(&words.join(" "))
        || (words.len() <= MAX_FOLLOW_UP_WORDS && words.iter().any(|w| BACK_REFERENCES.contains(w)))
}

/// Fewest words of a statement a weak tag makes a question.
const MIN_WEAK_TAG_WORDS: usize = 4;
/// Words before a weak tag that make it an answer ("creo que no"),
/// `words/<locale>/tag-answer-words.txt`.
static TAG_ANSWER_WORDS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("tag-answer-words").collect());

/// Whether `plain` (normalised) opens, after "ok"/"so", with a follow-up opening.
fn opens_a_follow_up(plain: &str) -> bool {
    let rest: Vec<&str> = plain
        .split(' ')
        .skip_while(|w| LEAD_INS.contains(w) && !FOLLOW_UP_OPENINGS.contains(w))
        .collect();
    opens_with_phrase(&rest.join(" "), &FOLLOW_UP_OPENINGS)
}

/// Whether `plain` (normalised, `count` words) closes on a tag: a question tag, or a weak
/// one after a long statement and not after a word that makes it an answer.
fn closes_on_a_tag(plain: &str, count: usize) -> bool {
    let words: Vec<&str> = plain.split(' ').collect();
    let Some((last, before)) = words.split_last() else {
        return false;
    };
    QUESTION_TAGS.contains(last)
        || (WEAK_QUESTION_TAGS.contains(last)
            && count >= MIN_WEAK_TAG_WORDS
            && !before.last().is_some_and(|w| TAG_ANSWER_WORDS.contains(w)))
}

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
    opens_with_phrase(&plain, &QUESTION_STARTS)
        || opens_with_phrase(&plain, &QUESTION_OPENINGS)
        || opens_a_follow_up(&normalize(m))
        || closes_on_a_tag(&plain, count)
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
            "ok and the long telegram",
            "y lo de la pared celular",
            "los virus son celulas no",
            "en la osmosis pasa el agua y no la sal no",
        ] {
            assert!(is_question(q), "{q}");
        }
    }

    #[test]
    fn follow_ups_continue_the_last_topic() {
        for m in [
            "so why did stalin say no to it",
            "y qué firmaron en 1972",
            "ok and the long telegram",
            "why did they build it",
        ] {
            assert!(is_follow_up(m), "{m}");
        }
        for m in [
            "what was the iron curtain",
            "que dice la teoria celular",
            "",
        ] {
            assert!(!is_follow_up(m), "{m}");
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
            "creo que no",
            "the answer is no",
            "andes",
            "",
        ] {
            assert!(!is_question(s), "{s}");
        }
    }
}
