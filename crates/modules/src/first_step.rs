//! Questions asking what to do first, and sentences that say it: "q borro primero?",
//! "my phone fell in the pool what do i do first" or "where do I start" ask for the step
//! that goes first; "Para liberar espacio, empieza por los vídeos…", "pay back the
//! smallest debt first" or "switch it off straight away" give one. The word that asks
//! ("first", "primero") names no topic (`ranking`), and the sentence giving a first step
//! answers such a question (`kind_answer`).

use super::question_parts::{is_marked, questions};
use lantern_core::text::normalize::{ends_with_phrase, has_phrase, without_phrases};
use lantern_core::text::terms::is_stop_word;
use lantern_core::word_list;
use std::sync::LazyLock;

/// Words that put one thing before the others ("first", "primero"),
/// `words/<locale>/order-words.txt`, normalised.
static ORDER_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("order-words").collect());

/// Words after which an order word names a time or a place in a series ("at first", "en
/// primero"), `words/<locale>/order-not-after.txt`, normalised.
static ORDER_NOT_AFTER: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("order-not-after").collect());

/// Words that ask what to do first besides an order word ("where do I start", "por dónde
/// empiezo"), `words/<locale>/first-questions.txt`, normalised.
static FIRST_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("first-questions").collect());

/// Words that say what goes first or what to do at once ("start with", "lo primero",
/// "straight away"), `words/<locale>/first-phrases.txt`, normalised.
static FIRST_PHRASES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("first-phrases").collect());

/// Words with which a question chooses between things ("cuál", "which"),
/// `words/<locale>/choice-words.txt`, normalised.
static CHOICE_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("choice-words").collect());

/// Phrases that put one thing before another ("va antes que", "goes before"),
/// `words/<locale>/before-another.txt`, normalised.
static BEFORE_ANOTHER: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("before-another").collect());

/// Whether `message` asks what to do first in any of its questions ("se me cayó a la
/// piscina, ¿qué es lo primero que hago?").
pub(crate) fn asks_what_first(message: &str) -> bool {
    let marked = is_marked(message);
    questions(message).iter().any(|q| asks_first(q, marked))
}

/// The normalised `normal` without the words that ask what goes first (order words and
/// `first-questions.txt`): "what should i do first" asks for an order, and brings no
/// synonyms of priorities into a message about a dog bite.
pub(crate) fn without_first_words(normal: &str) -> String {
    without_phrases(normal, FIRST_QUESTIONS.iter().chain(ORDER_WORDS.iter()))
}

/// Whether the question `q` (normalised) asks what to do first: marked, it puts
/// something first or names a question of the kind ("where do I start"); unmarked, it
/// ends with an order word or such a question ("my phone fell in the pool what do i do
/// first", "setting up two-step login, which account do i start with").
pub(crate) fn asks_first(q: &str, marked: bool) -> bool {
    if marked {
        puts_first(q) || FIRST_QUESTIONS.iter().any(|w| has_phrase(q, w))
    } else {
        ends_with_phrase(q, &ORDER_WORDS) || ends_with_phrase(q, &FIRST_QUESTIONS)
    }
}

/// Whether the normalised text `normal` puts something first with an order word: one
/// ending it or followed by a function word ("reinícialo primero porque…", "pay back the
/// smallest debt first"), not one before a noun ("your first lesson") or after a word
/// that makes it a time or a series ("at first", "suspender en primero").
fn puts_first(normal: &str) -> bool {
    let words: Vec<&str> = normal.split_whitespace().collect();
    words.iter().enumerate().any(|(at, word)| {
        let next_is_light = words.get(at + 1).is_none_or(|w| is_stop_word(w));
        let after_series = at
            .checked_sub(1)
            .is_some_and(|before| ORDER_NOT_AFTER.contains(&words[before]));
        ORDER_WORDS.contains(word) && next_is_light && !after_series
    })
}

/// Whether the question `q` (normalised) chooses between things it names, with a word
/// of `words/<locale>/choice-words.txt` ("cuál hago primero", "which one first").
pub(crate) fn chooses_between(q: &str) -> bool {
    q.split(' ').any(|w| CHOICE_WORDS.contains(&w))
}

/// Whether the normalised sentence `normal` puts one thing before another, with a
/// phrase of `words/<locale>/before-another.txt` ("el vino … va antes que la grasa",
/// "do the wine before the grease"), not only first ("cuanto antes" says to do it at
/// once, not which goes first).
pub(crate) fn puts_one_before_another(normal: &str) -> bool {
    BEFORE_ANOTHER.iter().any(|w| has_phrase(normal, w))
}

/// Whether the normalised sentence `normal` gives a first step: it puts one first with
/// an order word ([`puts_first`]) or says a phrase of `first-phrases.txt` ("start with",
/// "lo primero", "straight away", "enseguida").
pub(crate) fn gives_first_step(normal: &str) -> bool {
    puts_first(normal) || FIRST_PHRASES.iter().any(|w| has_phrase(normal, w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_asks_what_to_do_first_with_an_order_word_or_a_question_of_the_kind() {
        assert!(asks_what_first(
            "weon no me queda espacio, q borro primero?"
        ));
        assert!(asks_what_first(
            "se me cayó a la piscina, ¿qué es lo primero que hago?"
        ));
        assert!(asks_what_first("ok, which account do i start with"));
        // Unmarked, it ends with the order word.
        assert!(asks_what_first(
            "my phone fell in the pool what do i do first"
        ));
        // "first" before a noun, or a message that asks nothing.
        assert!(!asks_what_first(
            "is it normal to be nervous on my first lesson?"
        ));
        assert!(!asks_what_first("i did my first lesson today"));
    }

    #[test]
    fn a_sentence_gives_a_first_step_by_putting_one_first_or_saying_to_start_there() {
        for given in [
            "si el movil va lento reinicialo primero porque se cuelga",
            "pay back the smallest debt first and stop borrowing",
            "para liberar espacio empieza por los videos",
            "switch it off straight away",
        ] {
            assert!(gives_first_step(given), "{given}");
        }
        for not_given in [
            "before your first lesson check your licence",
            "at first the pedals feel odd",
            "suspender una asignatura en primero es frecuente",
        ] {
            assert!(!gives_first_step(not_given), "{not_given}");
        }
    }
}
