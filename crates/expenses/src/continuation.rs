//! Whether a message answers the request waiting (a question the assistant asked, or a
//! proposal on its card) or starts a new one. Only an answer may fill in or change the
//! waiting request: "What can you do?" is not the item asked for, and "my rent went up"
//! does not re-propose the delete of a taxi.

use super::contract::Expense;
use super::draft::Draft;
use super::facts::Facts;
use super::references::shares_words;

/// The most words an answer naming only the item may have ("A cinema ticket").
const ITEM_ANSWER_WORDS: usize = 6;

/// Whether `facts` (a message with no intent of its own) continue `draft`.
pub fn continues(facts: &Facts, draft: &Draft, rows: &[Expense], message: &str) -> bool {
    if facts.intent.is_some() || (facts.is_question && facts.amounts.is_empty()) {
        return false;
    }
    if !draft.candidates.is_empty() {
        return true;
    }
    let known = draft
        .target
        .and_then(|id| rows.iter().find(|e| e.id == id))
        .map(|e| e.item.as_str())
        .or(draft.item.as_deref());
    let same_thing = match (facts.item.as_deref(), known) {
        (Some(said), Some(known)) => shares_words(said, known),
        _ => true,
    };
    let adds_detail = !facts.amounts.is_empty()
        || facts.date.is_some()
        || facts.category.is_some()
        || facts.id.is_some();
    let names_the_missing_item = known.is_none()
        && facts.item.is_some()
        && message.split_whitespace().count() <= ITEM_ANSWER_WORDS;
    (same_thing && adds_detail) || names_the_missing_item
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::{read_facts, Intent};
    use crate::testing::{rows, today};

    fn draft(intent: Intent, item: Option<&str>, target: Option<i64>) -> Draft {
        Draft {
            intent: Some(intent),
            item: item.map(Into::into),
            target,
            ..Draft::default()
        }
    }

    fn continues_with(message: &str, d: &Draft) -> bool {
        continues(&read_facts(message, today()), d, &rows(), message)
    }

    #[test]
    fn a_missing_detail_continues_the_request() {
        let add = draft(Intent::Add, Some("gas bill"), None);
        assert!(continues_with("It was £45", &add));
        assert!(continues_with("£45 for the gas bill", &add));
        assert!(continues_with(
            "A cinema ticket",
            &draft(Intent::Add, None, None)
        ));
    }

    #[test]
    fn a_question_or_another_thing_starts_a_new_request() {
        let add = draft(Intent::Add, Some("gas bill"), None);
        assert!(!continues_with(
            "What can you do?",
            &draft(Intent::Add, None, None)
        ));
        assert!(!continues_with("grabbed a sandwich for 4.50", &add));
        assert!(!continues_with("my rent went up", &add));
    }

    #[test]
    fn a_waiting_change_continues_only_with_new_details_about_the_same_expense() {
        let first = rows()[0].clone();
        let change = draft(Intent::Update, None, Some(first.id));
        assert!(continues_with("make it £20", &change));
        assert!(!continues_with("my rent went up", &change));
        assert!(!continues_with("the zebra costs £5", &change));
    }
}
