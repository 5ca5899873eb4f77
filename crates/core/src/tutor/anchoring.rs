//! Whether a reply is about the unit it should tutor: the content words (five letters or
//! more) it shares with a unit's material — title, anchor, tags and misconceptions.
//! Validation refuses a reply that is more about another scoped unit than the focus (a
//! blocked student asked about quadratics and the model explained quadratics instead of
//! the prerequisite); the eval counts replies anchored to their unit.

use crate::course::Unit;
use crate::text::normalize::{normalize, words};

/// Shortest word that counts as a content word.
pub const CONTENT_WORD_CHARS: usize = 5;
/// Shared content words that make a reply about a unit.
pub const ANCHOR_SHARED_WORDS: usize = 2;

/// A unit's material as one text.
pub fn unit_material(unit: &Unit) -> String {
    format!(
        "{} {} {} {}",
        unit.title,
        unit.anchor,
        unit.tags.join(" ").replace('_', " "),
        unit.misconception_text()
    )
}

/// Content words of `text`, normalised, sorted and unique.
pub fn content_words(text: &str) -> Vec<String> {
    let plain = normalize(text);
    let mut out: Vec<String> = words(&plain)
        .into_iter()
        .filter(|w| w.chars().count() >= CONTENT_WORD_CHARS)
        .map(String::from)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// How many content words `reply` shares with `material`.
pub fn shared_words(reply: &str, material: &str) -> usize {
    let known = content_words(material);
    content_words(reply)
        .iter()
        .filter(|w| known.binary_search(w).is_ok())
        .count()
}

/// Whether `reply` shares at least [`ANCHOR_SHARED_WORDS`] content words with `material`.
pub fn is_anchored(reply: &str, material: &str) -> bool {
    shared_words(reply, material) >= ANCHOR_SHARED_WORDS
}

/// The unit among `others` that `reply` is more about than `focus`, if any: it shares
/// more content words with it than with the focus, and at least two.
pub fn more_about_another<'a>(reply: &str, focus: &Unit, others: &[&'a Unit]) -> Option<&'a Unit> {
    let own = shared_words(reply, &unit_material(focus));
    others
        .iter()
        .map(|u| (*u, shared_words(reply, &unit_material(u))))
        .filter(|(_, n)| *n >= ANCHOR_SHARED_WORDS && *n > own)
        .max_by_key(|(_, n)| *n)
        .map(|(u, _)| u)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(id: &str, title: &str, anchor: &str) -> Unit {
        Unit {
            id: id.into(),
            title: title.into(),
            anchor: anchor.into(),
            tags: vec![],
            misconceptions: vec![],
            content: vec![],
            drills: vec![],
        }
    }

    #[test]
    fn anchoring_needs_two_shared_content_words() {
        let material = "Inverse operations isolate an unknown: subtraction undoes addition.";
        assert!(is_anchored(
            "Which operation undoes addition to isolate x?",
            material
        ));
        assert!(!is_anchored("What is your favourite colour?", material));
    }

    #[test]
    fn a_reply_about_the_blocked_target_is_more_about_another_unit() {
        let focus = unit(
            "A",
            "Factorising",
            "Factorising writes an expression as a product of factors.",
        );
        let target = unit(
            "B",
            "Quadratic equations",
            "Solve a quadratic equation with the quadratic formula.",
        );
        let reply = "Use the quadratic formula to solve this quadratic equation.";
        assert_eq!(
            more_about_another(reply, &focus, &[&target]).map(|u| u.id.as_str()),
            Some("B")
        );
        let on_focus = "Which factors multiply to give this product?";
        assert!(more_about_another(on_focus, &focus, &[&target]).is_none());
    }
}
