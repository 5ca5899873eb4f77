//! Names made from a teacher's titles and file names: ids (`light-reactions`), tags
//! (`calvin_cycle`), titles from file names (`02_light-reactions.md` → "Light
//! reactions"), and file names in the order a person reads them (`2-…` before `10-…`).

use lantern_core::text::normalize::normalize;
use std::cmp::Ordering;
use std::collections::HashSet;

/// Longest id made from a title, in characters.
pub(crate) const MAX_SLUG_CHARS: usize = 40;

/// The ASCII words of `text` (accents removed), lowercase, joined by `separator`, cut
/// at a word to at most [`MAX_SLUG_CHARS`] characters.
pub(crate) fn slug(text: &str, separator: char) -> String {
    let mut out = String::new();
    // "Earth's crust" is `earths_crust`, not `earth_s_crust`.
    for word in normalize(&text.replace(['\'', '’'], "")).split(' ') {
        let word: String = word.chars().filter(char::is_ascii_alphanumeric).collect();
        if word.is_empty() {
            continue;
        }
        if out.len() + word.len() + 1 > MAX_SLUG_CHARS {
            break;
        }
        if !out.is_empty() {
            out.push(separator);
        }
        out.push_str(&word);
    }
    out
}

/// `base` (or `fallback` when it is empty) made unique among `taken` with `-2`, `-3`…,
/// and recorded there.
pub(crate) fn unique(base: String, fallback: &str, taken: &mut HashSet<String>) -> String {
    let base = if base.is_empty() {
        fallback.to_string()
    } else {
        base
    };
    let mut id = base.clone();
    let mut n = 2;
    while taken.contains(&id) {
        id = format!("{base}-{n}");
        n += 1;
    }
    taken.insert(id.clone());
    id
}

/// The last part of a path without its extension.
pub(crate) fn file_stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    match name.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem,
        _ => name,
    }
}

/// A title from a file or folder name: the stem without a leading number, `_` and `-`
/// as spaces, a capital first ("02_light-reactions.md" → "Light reactions").
pub(crate) fn title_from_name(path: &str) -> String {
    let stem = file_stem(path);
    let unnumbered = stem
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start_matches(['.', '_', '-', ' ', ')']);
    let words = if unnumbered.chars().any(char::is_alphanumeric) {
        unnumbered
    } else {
        stem
    };
    let spaced = words.replace(['_', '-'], " ");
    let spaced = spaced.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut chars = spaced.chars();
    chars.next().map_or_else(
        || stem.to_string(),
        |c| c.to_uppercase().collect::<String>() + chars.as_str(),
    )
}

/// Runs of digits and of other characters, for [`natural_order`].
fn runs(text: &str) -> Vec<(bool, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut digits = None;
    for (i, c) in text.char_indices() {
        let d = c.is_ascii_digit();
        if digits.is_some_and(|was| was != d) {
            out.push((digits.unwrap_or(false), &text[start..i]));
            start = i;
        }
        digits = Some(d);
    }
    if start < text.len() {
        out.push((digits.unwrap_or(false), &text[start..]));
    }
    out
}

/// Compares names as a person reads them: numbers by value ("2" before "10"), the rest
/// without regard to case.
pub(crate) fn natural_order(a: &str, b: &str) -> Ordering {
    for (x, y) in runs(a).into_iter().zip(runs(b)) {
        let order = match (x, y) {
            ((true, x), (true, y)) => {
                let (x, y) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
                x.len().cmp(&y.len()).then_with(|| x.cmp(y))
            }
            ((_, x), (_, y)) => x.to_lowercase().cmp(&y.to_lowercase()),
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    runs(a).len().cmp(&runs(b).len()).then_with(|| a.cmp(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_ascii_words() {
        assert_eq!(
            slug("La Revolución Francesa", '-'),
            "la-revolucion-francesa"
        );
        assert_eq!(slug("Calvin cycle!", '_'), "calvin_cycle");
        assert_eq!(slug("Earth’s crust", '_'), "earths_crust");
        assert_eq!(slug("光合作用", '-'), "");
        assert!(slug(&"word ".repeat(40), '-').len() <= MAX_SLUG_CHARS);
    }

    #[test]
    fn ids_are_made_unique() {
        let mut taken = HashSet::new();
        assert_eq!(unique("a".into(), "unit-1", &mut taken), "a");
        assert_eq!(unique("a".into(), "unit-2", &mut taken), "a-2");
        assert_eq!(unique(String::new(), "unit-3", &mut taken), "unit-3");
    }

    #[test]
    fn titles_come_from_file_names() {
        assert_eq!(
            title_from_name("notes/02_light-reactions.md"),
            "Light reactions"
        );
        assert_eq!(title_from_name("1. intro.md"), "Intro");
        assert_eq!(title_from_name("01.md"), "01");
        assert_eq!(title_from_name("causas"), "Causas");
    }

    #[test]
    fn numbers_sort_by_value() {
        let mut names = vec!["10-end.md", "2-middle.md", "1-start.md", "B.md", "a.md"];
        names.sort_by(|a, b| natural_order(a, b));
        assert_eq!(
            names,
            vec!["1-start.md", "2-middle.md", "10-end.md", "a.md", "B.md"]
        );
    }
}
