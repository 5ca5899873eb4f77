//! The model's own words (a question or an answer on an open message), checked before
//! they are shown: the shared reply filter ([`ReplyFilter`]) keeps the sentences the
//! student's expense rows, the assistant's help and the student's message support; on
//! top, the loop's own rules: the words must be readable, a question must be a
//! question, and money is never in them (code states amounts). Words that fail are
//! refused whole, never rewritten: the turn's guide answers instead.

use super::contract::Expense;
use super::money::find_amount;
use super::prompt::{PROMPT_LABELS, SYSTEM};
use super::replies::{expense_line, help};
use lantern_core::language::Language;
use lantern_core::text::support::ReplyFilter;
use lantern_core::text::tidy::{is_readable, tidy_reply};

/// What the model's words may rest on in one turn.
pub struct WordsCheck {
    filter: ReplyFilter,
}

impl WordsCheck {
    /// The check for a reply in `language` to `message`, about the profile's `rows`.
    pub fn new(message: &str, rows: &[Expense], language: Language) -> Self {
        let mut material: Vec<String> = rows
            .iter()
            .map(|e| format!("{} ({}).", expense_line(e, language), e.category.as_str()))
            .collect();
        material.push(help(language));
        let material: Vec<&str> = material.iter().map(String::as_str).collect();
        let filter = ReplyFilter::new(Some(language), &material, message)
            .with_instructions(&[SYSTEM])
            .with_labels(PROMPT_LABELS);
        Self { filter }
    }

    /// The model's `text` as shown, or why it is refused; `question` when it must ask.
    pub fn words(&self, text: &str, question: bool) -> Result<String, String> {
        let text = tidy_reply(text);
        if !is_readable(&text) {
            return Err("the words are not readable".into());
        }
        // Money in the model's own words is never shown: code states amounts.
        let money = find_amount(&text)
            .is_some_and(|a| a.currency.is_some() || text.contains(['£', '€', '$']));
        if money {
            return Err("the words state money".into());
        }
        let filtered = self.filter.clone().filter(&text);
        if let Some((sentence, why)) = filtered.dropped.first() {
            return Err(format!("{} refused {sentence:?}", why.check()));
        }
        let kept = filtered.text();
        if kept.is_empty() {
            return Err("no words".into());
        }
        if question && !kept.trim_end().ends_with('?') {
            return Err("the question does not ask".into());
        }
        Ok(kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::rows;

    fn check(message: &str) -> WordsCheck {
        WordsCheck::new(message, &rows(), Language::En)
    }

    #[test]
    fn words_the_rows_or_the_message_support_are_kept() {
        let kept =
            check("tell me about the mechanic fee").words("Which mechanic fee do you mean?", true);
        assert_eq!(kept.as_deref(), Ok("Which mechanic fee do you mean?"));
    }

    #[test]
    fn a_question_that_does_not_ask_money_or_made_up_facts_are_refused() {
        let c = check("tell me about the mechanic fee");
        assert!(c
            .words("The mechanic fee was on the 20th of November.", true)
            .is_err());
        assert!(c
            .words("Your mechanic fee cost £80 in total.", false)
            .is_err());
        assert!(c
            .words("You spent a fortune on llamas and yachts.", false)
            .is_err());
    }
}
