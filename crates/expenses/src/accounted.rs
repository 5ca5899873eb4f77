//! Whether code's reading of a message is the whole message (DESIGN, "The model reads,
//! code verifies": a pattern answers only what it fully accounts for). A message whose
//! words the readers of intent, amounts, days and item leave unused ("mum gave me 50
//! *for my birthday*"), whose item was inferred from words no table knows ("lent sam"),
//! or that states more amounts than an add uses ("3 coffees at 2.50") goes to the model,
//! and code checks what it proposes.

use super::category::guess_category;
use super::contract::Category;
use super::facts::{Facts, Intent};
use super::unread::Share;
use super::word_lists::{word_list, WordList};
use lantern_core::text::normalize::{normalize, words};

/// Words that never name an item (articles, fillers), which an item's other words are
/// read without.
static FILLER: WordList = word_list!("item-filler");

/// Whether every word of the item points to a kind of spending the tables know
/// ("bus ticket", "coffee"): an item inferred from an amount alone, with no word asking
/// to add it, is trusted only then.
pub(crate) fn item_is_known(item: &str) -> bool {
    let normalized = normalize(item);
    let said = words(&normalized);
    let known = |w: &str| guess_category(w) != Category::Other;
    let said: Vec<&str> = said.into_iter().filter(|w| !FILLER.contains(w)).collect();
    !said.is_empty()
        && said.iter().all(|w| {
            known(w)
                || w.strip_suffix('s').is_some_and(known)
                || w.strip_suffix("es").is_some_and(known)
        })
}

/// Whether code's reading of the message accounts for all of it, so its plan may stand
/// without the model: no word left unused, an add asked for in words or of an item the
/// tables know, and no amount more than the request uses. (A day named that no reader
/// resolves is asked by code either way.)
pub fn fully_read(facts: &Facts) -> bool {
    let inferred_add = facts.intent.is_none() && !facts.amounts.is_empty();
    let item_trusted = !inferred_add || facts.item.as_deref().is_some_and(item_is_known);
    let adds = facts.intent == Some(Intent::Add) || inferred_add;
    let extra_amounts = adds && facts.amounts.len() > 1 && facts.unread.share != Some(Share::Each);
    facts.unaccounted.is_empty() && item_trusted && !extra_amounts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::read_facts;
    use chrono::NaiveDate;

    fn read(message: &str) -> bool {
        let today = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        fully_read(&read_facts(message, today))
    }

    #[test]
    fn a_plain_request_is_fully_read() {
        for message in [
            "Add lunch £12 today",
            "spent 15 on lunch yesterday",
            "Gasté 12 euros en el cine",
            "coffee 3.20",
            "delete the taxi from yesterday",
            "how much did I spend this month?",
        ] {
            assert!(read(message), "{message}");
        }
    }

    #[test]
    fn a_category_named_for_the_add_is_part_of_the_reading() {
        assert!(read(
            "Add pizza night £18 on Saturday, put it under leisure"
        ));
    }

    #[test]
    fn words_left_unused_send_the_message_to_the_model() {
        assert!(!read("mum gave me 50 for my birthday"));
        assert!(!read("lunch 12, it was for the whole team"));
    }

    #[test]
    fn an_inferred_item_no_table_knows_is_not_trusted() {
        assert!(!read("I lent Sam 20"));
        assert!(read("taxi 14"));
    }

    #[test]
    fn more_amounts_than_an_add_uses_are_not_fully_read() {
        assert!(!read("add 3 coffees 2.50"));
        assert!(read("3 tickets at 12 each"));
    }
}
