//! Text answers by normalised match: case, accents, spaces, trailing punctuation and a
//! leading article do not matter; yes and no have their English and Spanish synonyms.

use std::sync::LazyLock;

/// Leading articles dropped, in every language (`words/<locale>/articles.txt`).
static ARTICLES: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| crate::word_list!("articles").collect());
/// Words meaning yes (`words/<locale>/yes.txt`).
static YES: LazyLock<Vec<&'static str>> = LazyLock::new(|| crate::word_list!("yes").collect());
/// Words meaning no (`words/<locale>/no.txt`).
static NO: LazyLock<Vec<&'static str>> = LazyLock::new(|| crate::word_list!("no").collect());

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
