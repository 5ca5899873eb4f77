//! A question raising a case against the claim, read at the rebuttal as its exception
//! ("but what if the charity can't store it all?" → "Unless the charity can't store it
//! all."), never one about the student's own task.

use super::phrase_lists::pairs;
use lantern_core::text::normalize::{normalize, opens_with_phrase, words};
use lantern_core::word_list;
use std::sync::LazyLock;

/// Openings of a question raising a case against the claim, and the exception each
/// becomes. From `words/{en,es}/what-if.txt` ("but what if = unless").
static WHAT_IF: LazyLock<Vec<(&str, &str)>> = LazyLock::new(|| {
    let mut openings = pairs(word_list!("what-if"));
    openings.sort_by_key(|(opening, _)| std::cmp::Reverse(opening.split(' ').count()));
    openings
});

/// Words by which a student speaks of themselves. From `words/{en,es}/first-person.txt`.
static FIRST_PERSON: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("first-person").collect());

/// A question raising a case against the claim, as the rebuttal's exception ("but what
/// if the charity can't store it all?" → "unless the charity can't store it all"); `None`
/// for any other text, and for a question about the student's task ("what if I can't
/// think of one?").
pub(crate) fn what_if_as_exception(text: &str) -> Option<String> {
    let plain = normalize(text);
    let all = words(&plain);
    if all.iter().any(|w| FIRST_PERSON.contains(w)) {
        return None;
    }
    let (opening, exception) = WHAT_IF
        .iter()
        .find(|(opening, _)| opens_with_phrase(&plain, &[opening]))?;
    let skipped = opening.split(' ').count();
    let rest: Vec<&str> = text.split_whitespace().skip(skipped).collect();
    let rest = rest.join(" ");
    let rest = rest.trim_end_matches(['?', ' ', '.']);
    (!rest.is_empty()).then(|| format!("{exception} {rest}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_raised_as_a_question_becomes_an_exception_unless_it_is_about_the_student() {
        assert_eq!(
            what_if_as_exception("but what if the charity can't store it all?").as_deref(),
            Some("unless the charity can't store it all")
        );
        assert_eq!(
            what_if_as_exception("¿y si llueve el día del concierto?").as_deref(),
            Some("salvo si llueve el día del concierto")
        );
        assert_eq!(what_if_as_exception("what if I can't think of one?"), None);
        assert_eq!(what_if_as_exception("the charity can't store it all"), None);
    }
}
