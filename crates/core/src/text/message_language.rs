//! The language of a student's message, short ones included: "¿y los ángulos?" is
//! Spanish although it is too short for `whatlang`. Replies follow the message's
//! language whatever language the thread started in.

use super::normalize::normalize;
use super::tidy::detect_language_reliably;
use crate::language::Language;
use crate::word_lists::list_in;
use std::collections::BTreeSet;
use std::sync::LazyLock;

/// Words that only (or almost only) Spanish uses (`words/es/function-words.txt`).
static SPANISH_WORDS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| list_in!("es", "function-words").collect());

/// Words that only (or almost only) English uses (`words/en/function-words.txt`).
static ENGLISH_WORDS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| list_in!("en", "function-words").collect());

/// The function words of `text` counted for each language: (Spanish, English). With
/// `exclusive`, only those the other language does not write too: "me" and "a" are
/// Spanish as well, so "no jala, mejor me compro otro" then counts no English.
fn function_word_counts(text: &str, exclusive: bool) -> (usize, usize) {
    let plain = normalize(text);
    let counts = |w: &str, words: &[&str], other: Language| {
        usize::from(words.contains(&w) && !(exclusive && written_in(other).contains(w)))
    };
    let (mut es, mut en) = (0, 0);
    for w in plain.split(' ') {
        es += counts(w, &SPANISH_WORDS, Language::En);
        en += counts(w, &ENGLISH_WORDS, Language::Es);
    }
    (es, en)
}

/// Most function words of the other language a sentence in one language may use (a
/// quoted title, a variable named "y"); more is a half-translated sentence ("El SALT I
/// treaty, signed in Moscow en 1972, limitó … each side could have …").
pub const MAX_FOREIGN_FUNCTION_WORDS: usize = 1;

/// The stop words of `language` (the `stop-words` crate's NLTK list), normalised.
fn written_in(language: Language) -> &'static BTreeSet<String> {
    static EN: LazyLock<BTreeSet<String>> = LazyLock::new(|| stop_list("en"));
    static ES: LazyLock<BTreeSet<String>> = LazyLock::new(|| stop_list("es"));
    match language {
        Language::En => &EN,
        Language::Es => &ES,
    }
}

fn stop_list(code: &str) -> BTreeSet<String> {
    stop_words::get(code).iter().map(|w| normalize(w)).collect()
}

/// Whether `text`, meant to be in `language`, is partly written in the other one: it
/// uses more than [`MAX_FOREIGN_FUNCTION_WORDS`] of the other language's function words
/// — not counting those `language` writes too ("a" and "me" are Spanish as well: "me
/// ayudará a entender" is not half English).
pub fn mixes_in_other_language(text: &str, language: Language) -> bool {
    let other = match language {
        Language::En => &SPANISH_WORDS,
        Language::Es => &ENGLISH_WORDS,
    };
    let shared = written_in(language);
    let plain = normalize(text);
    let foreign = plain
        .split(' ')
        .filter(|w| other.contains(w) && !shared.contains(*w))
        .count();
    foreign > MAX_FOREIGN_FUNCTION_WORDS
}

/// The language a sentence is clearly written in: Spanish punctuation, or two more
/// function words of one language than of the other; `None` when it cannot tell
/// (names, formulas, short phrases).
pub fn clear_language(text: &str) -> Option<Language> {
    if text.contains(['¿', '¡']) {
        return Some(Language::Es);
    }
    let (es, en) = function_word_counts(text, false);
    if es >= en + 2 {
        Some(Language::Es)
    } else if en >= es + 2 {
        Some(Language::En)
    } else {
        None
    }
}

/// The language of `message`: Spanish punctuation or letters decide at once, then a
/// clear lead of one language's function words, then `whatlang` when it is sure (long
/// messages that are mostly words), then any lead of the function words only one
/// language writes (an accent counts for Spanish); ties and empty messages keep
/// `default`.
pub fn message_language(message: &str, default: Language) -> Language {
    if message.contains(['¿', '¡', 'ñ', 'Ñ']) {
        return Language::Es;
    }
    if let Some(clear) = clear_language(message) {
        return clear;
    }
    // `whatlang` only on words: formulas ("4a + 3b - a") read as any language.
    let letters = message.chars().filter(|c| c.is_alphabetic()).count();
    if letters * 10 >= message.chars().count() * 7 {
        if let Some(found) = detect_language_reliably(message) {
            return found;
        }
    }
    let (mut es, en) = function_word_counts(message, true);
    if message.chars().any(|c| "áéíóú".contains(c)) {
        es += 1;
    }
    match es.cmp(&en) {
        std::cmp::Ordering::Greater => Language::Es,
        std::cmp::Ordering::Less => Language::En,
        std::cmp::Ordering::Equal => default,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_spanish_questions_are_spanish() {
        for m in [
            "¿Cuánto suman?",
            "que es una fraccion",
            "no entiendo los ángulos",
        ] {
            assert_eq!(message_language(m, Language::En), Language::Es, "{m}");
        }
    }

    #[test]
    fn short_english_questions_are_english() {
        for m in ["what is a transversal", "why 180?", "help me with angles"] {
            assert_eq!(message_language(m, Language::Es), Language::En, "{m}");
        }
    }

    #[test]
    fn a_clear_language_needs_a_margin() {
        assert_eq!(
            clear_language("Remember, a transversal crosses the other lines."),
            Some(Language::En)
        );
        assert_eq!(
            clear_language("Los ángulos opuestos por el vértice son iguales."),
            Some(Language::Es)
        );
        assert_eq!(clear_language("Thales (624 BC)."), None);
    }

    #[test]
    fn a_word_both_languages_write_mixes_nothing_in() {
        let spanish = "Esto te ayudará a entender mejor lo que has aprendido y a prepararte.";
        assert!(!mixes_in_other_language(spanish, Language::Es));
        assert!(!mixes_in_other_language(
            "En el examen me siento bloqueado y no me sale nada.",
            Language::Es
        ));
        assert!(mixes_in_other_language(
            "El tratado, signed in Moscow en 1972, limitó the armas.",
            Language::Es
        ));
        assert!(mixes_in_other_language(
            "The treaty was firmado en Moscú por los dos.",
            Language::En
        ));
    }

    #[test]
    fn casual_spanish_is_spanish_though_it_uses_me_and_no() {
        assert_eq!(
            message_language("y si aun asi no jala mejor me compro otro?", Language::En),
            Language::Es
        );
        for m in [
            "no me convence",
            "me sirve",
            "no me duele mucho, igual no hace falta hacer nada no",
        ] {
            assert_eq!(message_language(m, Language::Es), Language::Es, "{m}");
        }
    }

    #[test]
    fn formulas_do_not_decide_the_language() {
        assert_eq!(
            message_language("simplify 4a + 3b - a + 2b", Language::En),
            Language::En
        );
    }

    #[test]
    fn nothing_to_tell_keeps_the_thread_language() {
        assert_eq!(message_language("180", Language::Es), Language::Es);
        assert_eq!(message_language("", Language::En), Language::En);
    }
}
