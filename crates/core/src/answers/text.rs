//! Text answers by normalised match: case, accents, spaces, trailing punctuation and a
//! leading article do not matter; yes and no have their English and Spanish synonyms.

/// Leading articles dropped (English and Spanish).
const ARTICLES: [&str; 9] = ["a", "an", "the", "el", "la", "los", "las", "un", "una"];
/// Words meaning yes.
const YES: [&str; 8] = [
    "yes",
    "y",
    "true",
    "correct",
    "right",
    "si",
    "verdadero",
    "cierto",
];
/// Words meaning no.
const NO: [&str; 7] = [
    "no",
    "n",
    "false",
    "incorrect",
    "wrong",
    "falso",
    "incorrecto",
];

fn fold(c: char) -> char {
    match c {
        'á' | 'à' | 'ä' | 'â' => 'a',
        'é' | 'è' | 'ë' | 'ê' => 'e',
        'í' | 'ì' | 'ï' | 'î' => 'i',
        'ó' | 'ò' | 'ö' | 'ô' => 'o',
        'ú' | 'ù' | 'ü' | 'û' => 'u',
        other => other,
    }
}

/// The text as compared: lower case, accents folded, single spaces, no surrounding
/// punctuation, no leading article; yes/no synonyms become `yes`/`no`.
pub fn normalize_text(text: &str) -> String {
    let lower: String = text.to_lowercase().chars().map(fold).collect();
    let cleaned: String = lower
        .trim_matches(|c: char| {
            c.is_ascii_punctuation() || c.is_whitespace() || c == '¿' || c == '¡'
        })
        .to_string();
    let mut words: Vec<&str> = cleaned.split_whitespace().collect();
    if words.len() > 1 && ARTICLES.contains(&words[0]) {
        words.remove(0);
    }
    let joined = words.join(" ");
    let first = joined.trim_end_matches(|c: char| c.is_ascii_punctuation());
    if YES.contains(&first) {
        "yes".into()
    } else if NO.contains(&first) {
        "no".into()
    } else {
        joined
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_accents_articles_and_punctuation_do_not_matter() {
        assert_eq!(normalize_text("  The Mitochondria. "), "mitochondria");
        assert_eq!(normalize_text("la Fotosíntesis"), "fotosintesis");
        assert_eq!(normalize_text("¡Sí!"), "yes");
        assert_eq!(normalize_text("False"), "no");
        assert_ne!(normalize_text("mitosis"), normalize_text("meiosis"));
    }
}
