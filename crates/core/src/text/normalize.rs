//! Text normalisation for matching students' phrases: lowercase, no accents, words
//! separated by single spaces.

/// `text` lowercased, accents removed (á→a, ñ→n, ü→u…), punctuation turned into
/// spaces, words joined by single spaces.
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        let plain = match c {
            'á' | 'à' | 'â' | 'ä' | 'ã' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ñ' => 'n',
            'ç' => 'c',
            c if c.is_alphanumeric() => c,
            _ => ' ',
        };
        out.push(plain);
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether the normalised `haystack` contains the normalised `phrase` as whole words.
pub fn has_phrase(haystack: &str, phrase: &str) -> bool {
    format!(" {haystack} ").contains(&format!(" {phrase} "))
}

/// Whether the normalised `text` ends with one of the normalised `phrases` as whole
/// words ("…un calcetín rojo nuevo q hago" ends with "q hago", not "hago" in "deshago").
pub fn ends_with_phrase(text: &str, phrases: &[&str]) -> bool {
    phrases
        .iter()
        .any(|p| text == *p || text.strip_suffix(p).is_some_and(|rest| rest.ends_with(' ')))
}

/// Whether the normalised `text` opens with one of the normalised `phrases` as whole
/// words ("what is" opens "what is a warrant", not "what isotopes").
pub fn opens_with_phrase(text: &str, phrases: &[&str]) -> bool {
    phrases.iter().any(|p| {
        text == *p
            || text
                .strip_prefix(p)
                .is_some_and(|rest| rest.starts_with(' '))
    })
}

/// The normalised `text` with every one of `phrases` taken out as whole words, what is
/// left trimmed ("yes that works for me" without "yes", "that works" and "for me" is
/// "").
pub fn without_phrases<'a>(text: &str, phrases: impl IntoIterator<Item = &'a &'a str>) -> String {
    let mut rest = format!(" {text} ");
    for phrase in phrases.into_iter().filter(|p| !p.is_empty()) {
        let padded = format!(" {phrase} ");
        while rest.contains(&padded) {
            rest = rest.replace(&padded, " ");
        }
    }
    rest.trim().to_string()
}

/// The words of a normalised text.
pub fn words(normalized: &str) -> Vec<&str> {
    normalized.split(' ').filter(|w| !w.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_are_taken_out_as_whole_words_every_time_they_stand() {
        assert_eq!(
            without_phrases("ok what s next ok", &["ok", "next", ""]),
            "what s"
        );
        assert_eq!(without_phrases("nextdoor", &["next"]), "nextdoor");
    }

    #[test]
    fn a_text_opens_with_a_phrase_only_as_whole_words() {
        assert!(opens_with_phrase(
            "what is a warrant",
            &["how do i", "what is"]
        ));
        assert!(opens_with_phrase("what is", &["what is"]));
        assert!(!opens_with_phrase("what isotopes are", &["what is"]));
    }

    #[test]
    fn a_text_ends_with_a_phrase_only_as_whole_words() {
        assert!(ends_with_phrase(
            "se colo un calcetin rojo q hago",
            &["q hago"]
        ));
        assert!(ends_with_phrase("q hago", &["q hago"]));
        assert!(!ends_with_phrase("ya me deshago", &["hago"]));
    }

    #[test]
    fn accents_case_and_punctuation_are_ignored() {
        assert_eq!(normalize("¡Sí, ME SIRVE!"), "si me sirve");
        assert_eq!(
            normalize("  Definitivamente   está bien. "),
            "definitivamente esta bien"
        );
        assert_eq!(normalize("Mejóralo, por favor"), "mejoralo por favor");
    }

    #[test]
    fn phrases_match_whole_words_only() {
        assert!(has_phrase("please fix it", "fix"));
        assert!(!has_phrase("fixed costs rise", "fix"));
        assert!(has_phrase("that works for me", "that works"));
    }
}
