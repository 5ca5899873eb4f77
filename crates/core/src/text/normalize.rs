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

/// The words of a normalised text.
pub fn words(normalized: &str) -> Vec<&str> {
    normalized.split(' ').filter(|w| !w.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
