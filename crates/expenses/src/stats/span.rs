//! What a statistic covers, in words: its category and its span of days.

use crate::contract::ExpenseQuery;
use crate::messages::MESSAGES;
use crate::replies::{category_label, range_words};
use chrono::NaiveDate;
use lantern_core::language::Language;
use lantern_core::say;

/// " on food this month", " this month", " on food" or nothing: what a statistic covers.
pub(super) fn span_words(query: &ExpenseQuery, today: NaiveDate, language: Language) -> String {
    let mut out = String::new();
    if let Some(category) = query.category {
        let category = category_label(category, language);
        out.push(' ');
        out.push_str(&say!(
            MESSAGES,
            language,
            "expenses-on-category",
            category = &category
        ));
    }
    if query.range.is_some() {
        out.push(' ');
        out.push_str(&range_words(query, today, language));
    }
    out
}
