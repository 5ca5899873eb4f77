//! The language a reply follows: the student's message's whatever language the session
//! started in ("why do I put things off?" in a Spanish module gets English frame
//! sentences), the session's when the message has none ("ok", "👍"). Navigation words
//! tell their language by the list they are in ("next" is English, "siguiente"
//! Spanish); other messages by `message_language`.

use crate::replies::topic_chip_start;
use lantern_core::language::Language;
use lantern_core::text::message_language::message_language;
use lantern_core::text::normalize::{has_phrase, normalize};
use lantern_core::word_files;
use lantern_packs::module::ModuleManifest;
use std::sync::LazyLock;

/// Each language with its navigation phrases (`continue.txt`, `review.txt`), normalised.
static NAVIGATION: LazyLock<Vec<(Language, Vec<&'static str>)>> = LazyLock::new(|| {
    let continues = word_files!("continue");
    let reviews = word_files!("review");
    [Language::En, Language::Es]
        .into_iter()
        .zip(continues.into_iter().zip(reviews))
        .map(|(language, (c, r))| {
            let phrases = lantern_core::words::lines(c)
                .chain(lantern_core::words::lines(r))
                .collect();
            (language, phrases)
        })
        .collect()
});

/// The language `module` is written in (English when its code is not one Lantern knows).
pub fn module_language(module: &ModuleManifest) -> Language {
    Language::from_code(&module.language).unwrap_or_default()
}

/// Each language with the start of its topic quick reply ("tell me about"), normalised:
/// the chip names a title that may be in the module's other language.
static TOPIC_CHIP_STARTS: LazyLock<Vec<(Language, String)>> = LazyLock::new(|| {
    [Language::En, Language::Es]
        .into_iter()
        .map(|language| (language, normalize(&topic_chip_start(language))))
        .collect()
});

/// The language of the reply to `message` in a session in `session`.
pub fn reply_language(message: &str, session: Language) -> Language {
    let normal = normalize(message);
    let named: Vec<Language> = NAVIGATION
        .iter()
        .filter(|(_, phrases)| phrases.iter().any(|p| has_phrase(&normal, p)))
        .map(|(language, _)| *language)
        .chain(
            TOPIC_CHIP_STARTS
                .iter()
                .filter(|(_, start)| normal.starts_with(&format!("{start} ")))
                .map(|(language, _)| *language),
        )
        .collect();
    match named.as_slice() {
        [one] => *one,
        _ => message_language(message, session),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_in_the_other_language_is_answered_in_it() {
        assert_eq!(
            reply_language("why do I always leave my homework for later?", Language::Es),
            Language::En
        );
        assert_eq!(
            reply_language("¿qué significa que una tarea es importante?", Language::En),
            Language::Es
        );
        assert_eq!(reply_language("I'm useless", Language::Es), Language::En);
    }

    #[test]
    fn a_topic_quick_reply_tells_its_language_whatever_the_titles() {
        let chip = crate::replies::topic_chip(Language::En, Language::Es, "El primer paso");
        assert_eq!(reply_language(&chip, Language::Es), Language::En);
        let chip = crate::replies::topic_chip(Language::Es, Language::En, "Some stress helps");
        assert_eq!(reply_language(&chip, Language::En), Language::Es);
    }

    #[test]
    fn navigation_words_tell_their_language() {
        assert_eq!(reply_language("next", Language::Es), Language::En);
        assert_eq!(reply_language("siguiente", Language::En), Language::Es);
    }

    #[test]
    fn a_message_without_language_keeps_the_sessions() {
        for message in ["ok", "👍", "42"] {
            assert_eq!(reply_language(message, Language::Es), Language::Es);
            assert_eq!(reply_language(message, Language::En), Language::En);
        }
    }
}
