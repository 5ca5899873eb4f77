//! `question_answered`: a question about the report is answered from it — the expected
//! fact in the reply, the section it comes from named — and never as "I made no change".

use crate::messages::MESSAGES;
use lantern_core::eval::Check;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::normalize::{has_phrase, normalize};
use std::sync::LazyLock;

/// What an answer must never say: that nothing changed, as though a question were a
/// request that failed — the opening the app's refusals share ("I made no change: …"),
/// read from its message files in each language (normalised).
static NO_CHANGE: LazyLock<Vec<String>> = LazyLock::new(|| {
    [Language::En, Language::Es]
        .into_iter()
        .map(|l| say!(MESSAGES, l, "reports-nothing-to-undo"))
        .filter_map(|m| m.split_once(':').map(|(opening, _)| normalize(opening)))
        .collect()
});

/// What a question about the report expects of the reply.
#[derive(Debug, Clone, Copy)]
pub struct ExpectedAnswer<'a> {
    /// Facts the reply must state; a fact may list alternatives split by `|`
    /// ("3|three").
    pub facts: &'a [String],
    /// Titles of the sections the answer may come from; the reply names one (none: any).
    pub sections: &'a [String],
}

/// `question_answered`: the turn proposed no change, the reply states every fact (as whole
/// words, case, accents and punctuation ignored) and names one of the sections it may
/// come from, and it does not say "I made no change" / "No he hecho ningún cambio".
pub fn question_answered(reply: &str, changes: usize, expected: ExpectedAnswer<'_>) -> Check {
    let words = normalize(reply);
    let mut problems = Vec::new();
    if changes > 0 {
        problems.push(format!("{changes} changes proposed"));
    }
    for fact in expected.facts {
        let stated = fact
            .split('|')
            .any(|alternative| has_phrase(&words, &normalize(alternative)));
        if !stated {
            problems.push(format!("no {fact:?}"));
        }
    }
    let named = expected.sections.is_empty()
        || expected
            .sections
            .iter()
            .any(|title| has_phrase(&words, &normalize(title)));
    if !named {
        problems.push(format!("names none of {:?}", expected.sections));
    }
    if let Some(said) = NO_CHANGE.iter().find(|p| words.contains(p.as_str())) {
        problems.push(format!("says {said:?}"));
    }
    Check::new("question_answered", problems.is_empty(), || {
        format!("{}: {reply}", problems.join("; "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expected<'a>(facts: &'a [String], sections: &'a [String]) -> ExpectedAnswer<'a> {
        ExpectedAnswer { facts, sections }
    }

    #[test]
    fn the_fact_quoted_with_its_section_passes() {
        let facts = ["37".to_string()];
        let sections = ["Results".to_string()];
        let reply = "Brand B absorbed 37 ml. 4 Results says: “| B | 2 | £1.20 | 37 |”";
        assert!(question_answered(reply, 0, expected(&facts, &sections)).passed);
    }

    #[test]
    fn i_made_no_change_fails_even_with_the_fact() {
        let facts = ["37".to_string()];
        let reply = "I made no change. Here is what 4 Results says: “B 37”";
        assert!(!question_answered(reply, 0, expected(&facts, &[])).passed);
        let es = "No he hecho ningún cambio. Esto dice 5 Resultados: «2 5,21»";
        assert!(!question_answered(es, 0, expected(&["5,21".into()], &[])).passed);
    }

    #[test]
    fn a_missing_fact_or_section_fails() {
        let facts = ["37".to_string()];
        let sections = ["Results".to_string()];
        let vague = "Brand B did well in the Results.";
        assert!(!question_answered(vague, 0, expected(&facts, &sections)).passed);
        let unsourced = "Brand B absorbed 37 ml.";
        assert!(!question_answered(unsourced, 0, expected(&facts, &sections)).passed);
    }

    #[test]
    fn a_fact_is_a_whole_word_and_may_have_alternatives() {
        let facts = ["3|three".to_string()];
        assert!(question_answered("It has three layers.", 0, expected(&facts, &[])).passed);
        assert!(!question_answered("It has 33 layers.", 0, expected(&facts, &[])).passed);
    }

    #[test]
    fn a_change_proposed_for_a_question_fails() {
        let facts = ["37".to_string()];
        assert!(!question_answered("Brand B got 37.", 1, expected(&facts, &[])).passed);
    }
}
