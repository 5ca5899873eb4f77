//! A question a student sent without its question mark ("did legs yesterday and today
//! i can barely walk lol is that normal", "what am i supposed to put here", "cuanto rato
//! lo tengo que sacar al dia"): the loops' readers of what a message asks read it as they
//! read one that is marked, so a casual student's question is not taken for a statement.

use crate::text::normalize::{normalize, opens_with_phrase};
use crate::word_list;
use std::sync::LazyLock;

/// Openings of a question a statement cannot have (`words/<locale>/question-openers.txt`),
/// each with whether it is written with an accent: such a line meets only a question
/// written with it ("cuándo", not "cuando estoy agobiada…").
static QUESTION_OPENERS: LazyLock<Vec<(&str, bool)>> = LazyLock::new(|| {
    word_list!("question-openers")
        .map(|opener| (opener, normalize(opener) != opener))
        .collect()
});

/// Laughs that end a thought in texting (`words/<locale>/laughs.txt`, normalised).
static LAUGHS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("laughs").collect());

/// Words that may come before a question's opening ("y cuanto rato…", "ok and how
/// fast…"), `words/<locale>/question-leads.txt`, normalised.
static LEAD_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("question-leads").collect());

/// Marks that end a clause (a line break too).
const BREAKS: [char; 8] = [',', '.', ';', ':', '!', '¡', '¿', '\n'];

/// `message` without the laughs it ends with, nor the break before them ("what shoes do
/// i wear lol" → "what shoes do i wear"): a closing laugh ends the message, not a
/// clause.
fn without_closing_laughs(message: &str) -> &str {
    let mut text = message.trim();
    while let Some((rest, last)) = text.rsplit_once(char::is_whitespace) {
        if !LAUGHS.contains(&normalize(last).as_str()) {
            break;
        }
        text = rest.trim_end().trim_end_matches(BREAKS).trim_end();
    }
    text
}

/// `message`'s last clause: what follows its last break (a comma, a stop, a colon, "!",
/// ";", a line break or a laugh), laughs that close the message aside.
fn last_clause(message: &str) -> &str {
    let text = without_closing_laughs(message);
    let after_mark = text
        .char_indices()
        .rfind(|(_, c)| BREAKS.contains(c))
        .map_or(0, |(at, c)| at + c.len_utf8());
    let mut start = after_mark;
    let mut at = after_mark;
    for word in text[after_mark..].split_inclusive(char::is_whitespace) {
        at += word.len();
        if LAUGHS.contains(&normalize(word).as_str()) {
            start = at;
        }
    }
    text[start..].trim()
}

/// Whether `clause` opens like a question, directly or after words leading into it
/// ([`LEAD_WORDS`]).
fn opens_as_question(clause: &str) -> bool {
    let raw = clause.to_lowercase();
    let normal = normalize(clause);
    let mut raw_words: Vec<&str> = raw.split_whitespace().collect();
    let mut words: Vec<&str> = normal.split(' ').filter(|w| !w.is_empty()).collect();
    while words.len() > 1 && LEAD_WORDS.contains(&words[0]) {
        words.remove(0);
        if !raw_words.is_empty() {
            raw_words.remove(0);
        }
    }
    let (raw, normal) = (raw_words.join(" "), words.join(" "));
    QUESTION_OPENERS.iter().any(|&(opener, accented)| {
        opens_with_phrase(if accented { &raw } else { &normal }, &[opener])
    })
}

/// The question `message` ends with when it has no question mark: its last clause, when
/// that opens like a question ("is that normal", "q hago si me pongo rojo"). `None` for a
/// marked message or one whose last clause does not open like a question.
pub fn unmarked_question(message: &str) -> Option<&str> {
    if message.contains('?') {
        return None;
    }
    let clause = last_clause(message);
    (!clause.is_empty() && opens_as_question(clause)).then_some(clause)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_last_clause_opening_like_a_question_is_the_question() {
        assert_eq!(
            unmarked_question("my account is public, does that matter"),
            Some("does that matter")
        );
        assert_eq!(
            unmarked_question("cuanto rato lo tengo que sacar al dia"),
            Some("cuanto rato lo tengo que sacar al dia")
        );
        assert_eq!(
            unmarked_question("vale y donde miro cuanto cuenta el examen final"),
            Some("vale y donde miro cuanto cuenta el examen final")
        );
    }

    #[test]
    fn a_question_word_after_its_preposition_opens_a_question() {
        assert_eq!(
            unmarked_question("dice 100% algodon, en cuantos puntitos pongo la plancha"),
            Some("en cuantos puntitos pongo la plancha")
        );
        assert_eq!(
            unmarked_question("at what time should i leave"),
            Some("at what time should i leave")
        );
        // "en cuanto" says when something happens, not how much.
        assert_eq!(unmarked_question("en cuanto llego me ducho"), None);
    }

    #[test]
    fn a_laugh_ends_the_clause_before_the_question() {
        assert_eq!(
            unmarked_question("today i can barely walk down the stairs lol is that normal"),
            Some("is that normal")
        );
        assert_eq!(
            unmarked_question("ya no me entra nada jajaja q hago"),
            Some("q hago")
        );
    }

    #[test]
    fn a_laugh_closing_the_message_is_not_its_last_clause() {
        assert_eq!(
            unmarked_question("first lesson on saturday, what shoes do i wear lol"),
            Some("what shoes do i wear")
        );
        assert_eq!(
            unmarked_question("se me cayo el movil, vale y q hago ahora, jaja"),
            Some("vale y q hago ahora")
        );
        assert_eq!(unmarked_question("i passed my test lol"), None);
    }

    #[test]
    fn a_statement_or_a_marked_question_is_not_an_unmarked_question() {
        assert_eq!(unmarked_question("is that normal?"), None);
        assert_eq!(
            unmarked_question("cuando estoy agobiada con los exámenes me como todo lo que pillo"),
            None
        );
        assert_eq!(unmarked_question("can't sleep before exams"), None);
        assert_eq!(
            unmarked_question("como no desayuno me duele la cabeza"),
            None
        );
        assert_eq!(
            unmarked_question("i always start strong, then i stop"),
            None
        );
    }

    #[test]
    fn an_opening_with_an_accent_meets_only_a_question_written_with_it() {
        assert_eq!(
            unmarked_question("y cuándo se lo digo"),
            Some("y cuándo se lo digo")
        );
        assert_eq!(unmarked_question("cuando se lo digo se enfada"), None);
    }
}
