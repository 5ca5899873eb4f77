//! The assistant's words that code writes (English and Spanish, from
//! `words/<locale>/expenses.ftl`): what was done, from the stored values; what a
//! proposal would do; the clarifying questions; refusals and help. A reply about money
//! is never the model's: it is built here from the rows.

use super::contract::{Category, Expense, ExpenseAction, ExpensePatch, ExpenseQuery};
use super::dates::range_label;
use super::error::ExpenseError;
use super::messages::MESSAGES;
use super::money::{format_money, Currency, Money};
use super::working::Working;
use chrono::NaiveDate;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::social::Social;
use lantern_core::words::Arg;
use std::collections::BTreeMap;

/// Most rows a listing names in words (the table shows them all).
const LISTED_IN_WORDS: usize = 8;

/// A category's name in `language`.
pub fn category_label(category: Category, language: Language) -> String {
    match category {
        Category::Food => say!(MESSAGES, language, "expenses-category-food"),
        Category::Transport => say!(MESSAGES, language, "expenses-category-transport"),
        Category::Housing => say!(MESSAGES, language, "expenses-category-housing"),
        Category::Utilities => say!(MESSAGES, language, "expenses-category-utilities"),
        Category::Health => say!(MESSAGES, language, "expenses-category-health"),
        Category::Education => say!(MESSAGES, language, "expenses-category-education"),
        Category::Leisure => say!(MESSAGES, language, "expenses-category-leisure"),
        Category::Shopping => say!(MESSAGES, language, "expenses-category-shopping"),
        Category::Other => say!(MESSAGES, language, "expenses-category-other"),
    }
}

/// A day as "today (2026-11-23)", "yesterday (…)" or the ISO date.
fn day_words(date: NaiveDate, today: NaiveDate, language: Language) -> String {
    let date_text = date.to_string();
    match (today - date).num_days() {
        0 => say!(MESSAGES, language, "expenses-day-today", date = &date_text),
        1 => say!(
            MESSAGES,
            language,
            "expenses-day-yesterday",
            date = &date_text
        ),
        _ => date_text,
    }
}

/// "for today (2026-11-23)" / "con fecha de hoy (…)".
fn for_day(date: NaiveDate, today: NaiveDate, language: Language) -> String {
    let day = day_words(date, today, language);
    say!(MESSAGES, language, "expenses-for-day", day = &day)
}

/// A span of days in words ("this month", "from … to …", "in total").
pub fn range_words(query: &ExpenseQuery, today: NaiveDate, language: Language) -> String {
    let Some(span) = query.range else {
        return say!(MESSAGES, language, "expenses-range-total");
    };
    match range_label(Some(span), today).as_str() {
        "today" => say!(MESSAGES, language, "expenses-range-today"),
        "yesterday" => say!(MESSAGES, language, "expenses-range-yesterday"),
        "this_week" => say!(MESSAGES, language, "expenses-range-this-week"),
        "last_week" => say!(MESSAGES, language, "expenses-range-last-week"),
        "this_month" => say!(MESSAGES, language, "expenses-range-this-month"),
        "last_month" => say!(MESSAGES, language, "expenses-range-last-month"),
        "this_year" => say!(MESSAGES, language, "expenses-range-this-year"),
        "last_year" => say!(MESSAGES, language, "expenses-range-last-year"),
        "last_7_days" => say!(MESSAGES, language, "expenses-range-last-7-days"),
        "last_30_days" => say!(MESSAGES, language, "expenses-range-last-30-days"),
        _ => say!(
            MESSAGES,
            language,
            "expenses-range-between",
            from = &span.from.to_string(),
            to = &span.to.to_string()
        ),
    }
}

/// " on food" / " en comida" when the query names a category, else nothing.
fn on_category(query: &ExpenseQuery, language: Language) -> String {
    match query.category {
        Some(c) => {
            let category = category_label(c, language);
            format!(
                " {}",
                say!(
                    MESSAGES,
                    language,
                    "expenses-on-category",
                    category = &category
                )
            )
        }
        None => String::new(),
    }
}

/// One expense in a line: "#7 mechanic fee, £80.00, 2026-11-20".
pub fn expense_line(expense: &Expense, language: Language) -> String {
    format!(
        "#{} {}, {}, {}",
        expense.id,
        expense.item,
        format_money(expense.amount, language),
        expense.date
    )
}

/// "I've added your electricity bill, £200.00, for today (2026-11-23)."
pub fn added(expense: &Expense, today: NaiveDate, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "expenses-added",
        item = &expense.item,
        amount = &format_money(expense.amount, language),
        day = &for_day(expense.date, today, language),
        id = &expense.id.to_string(),
        category = &category_label(expense.category, language)
    )
}

/// What a patch changes, "amount £80.00 → £150.00; date …".
fn changes(before: &Expense, patch: &ExpensePatch, language: Language) -> String {
    let mut parts = Vec::new();
    if let Some(item) = &patch.item {
        parts.push(say!(
            MESSAGES,
            language,
            "expenses-change-item",
            before = &before.item,
            after = item
        ));
    }
    if let Some(amount) = patch.amount {
        parts.push(say!(
            MESSAGES,
            language,
            "expenses-change-amount",
            before = &format_money(before.amount, language),
            after = &format_money(amount, language)
        ));
    }
    if let Some(date) = patch.date {
        parts.push(say!(
            MESSAGES,
            language,
            "expenses-change-date",
            before = &before.date.to_string(),
            after = &date.to_string()
        ));
    }
    if let Some(category) = patch.category {
        parts.push(say!(
            MESSAGES,
            language,
            "expenses-change-category",
            before = &category_label(before.category, language),
            after = &category_label(category, language)
        ));
    }
    parts.join("; ")
}

/// "I've changed your mechanic fee (#7): amount £80.00 → £150.00."
pub fn updated(before: &Expense, after: &Expense, language: Language) -> String {
    let patch = ExpensePatch {
        item: (before.item != after.item).then(|| after.item.clone()),
        amount: (before.amount != after.amount).then_some(after.amount),
        date: (before.date != after.date).then_some(after.date),
        category: (before.category != after.category).then_some(after.category),
    };
    say!(
        MESSAGES,
        language,
        "expenses-updated",
        item = &before.item,
        id = &before.id.to_string(),
        changes = &changes(before, &patch, language)
    )
}

/// "I've deleted your mechanic fee, £80.00, from 2026-11-20 (#7)."
pub fn deleted(expense: &Expense, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "expenses-deleted",
        item = &expense.item,
        amount = &format_money(expense.amount, language),
        date = &expense.date.to_string(),
        id = &expense.id.to_string()
    )
}

/// Totals per currency, in words joined by "and".
fn totals_words(rows: &[Expense], language: Language) -> String {
    let mut totals: BTreeMap<&str, Money> = BTreeMap::new();
    for row in rows {
        let entry = totals.entry(row.amount.currency.code()).or_insert(Money {
            minor: 0,
            currency: row.amount.currency,
        });
        entry.minor = entry.minor.saturating_add(row.amount.minor);
    }
    let parts: Vec<String> = totals
        .values()
        .map(|m| format_money(*m, language))
        .collect();
    parts.join(&format!(" {} ", say!(MESSAGES, language, "expenses-and")))
}

/// "You've spent £245.50 this month (3 expenses)."
pub fn balance(
    rows: &[Expense],
    query: &ExpenseQuery,
    currency: Currency,
    today: NaiveDate,
    language: Language,
) -> String {
    let span = range_words(query, today, language);
    let on = on_category(query, language);
    if rows.is_empty() {
        let zero = format_money(Money { minor: 0, currency }, language);
        return say!(
            MESSAGES,
            language,
            "expenses-balance-none",
            zero = &zero,
            on = &on,
            span = &span
        );
    }
    say!(
        MESSAGES,
        language,
        "expenses-balance",
        total = &totals_words(rows, language),
        on = &on,
        span = &span,
        n = rows.len()
    )
}

/// "You have 3 expenses this month: #5 lunch, £12.00, 2026-11-20; …"
pub fn listed(
    rows: &[Expense],
    query: &ExpenseQuery,
    today: NaiveDate,
    language: Language,
) -> String {
    let span = range_words(query, today, language);
    let on = on_category(query, language);
    if rows.is_empty() {
        return say!(
            MESSAGES,
            language,
            "expenses-listed-none",
            on = &on,
            span = &span
        );
    }
    let mut lines: Vec<String> = rows
        .iter()
        .take(LISTED_IN_WORDS)
        .map(|e| expense_line(e, language))
        .collect();
    if rows.len() > LISTED_IN_WORDS {
        let more = (rows.len() - LISTED_IN_WORDS).to_string();
        lines.push(say!(
            MESSAGES,
            language,
            "expenses-listed-more",
            more = &more
        ));
    }
    say!(
        MESSAGES,
        language,
        "expenses-listed",
        n = rows.len(),
        on = &on,
        span = &span,
        total = &totals_words(rows, language),
        lines = &lines.join("; ")
    )
}

/// The question a proposal asks: "Shall I add electricity bill, £200.00, for today (…)?"
pub fn proposal_question(
    action: &ExpenseAction,
    target: Option<&Expense>,
    today: NaiveDate,
    language: Language,
) -> String {
    match (action, target) {
        (ExpenseAction::Add(new), _) => say!(
            MESSAGES,
            language,
            "expenses-propose-add",
            item = &new.item,
            amount = &format_money(new.amount, language),
            day = &for_day(new.date, today, language),
            category = &category_label(new.category, language)
        ),
        (ExpenseAction::Update { patch, .. }, Some(before)) => say!(
            MESSAGES,
            language,
            "expenses-propose-update",
            item = &before.item,
            id = &before.id.to_string(),
            changes = &changes(before, patch, language)
        ),
        (ExpenseAction::Delete { .. }, Some(row)) => say!(
            MESSAGES,
            language,
            "expenses-propose-delete",
            expense = &expense_line(row, language)
        ),
        (ExpenseAction::Update { id, .. } | ExpenseAction::Delete { id }, None) => say!(
            MESSAGES,
            language,
            "expenses-propose-by-id",
            id = &id.to_string()
        ),
        (ExpenseAction::Balance(_) | ExpenseAction::List(_), _) => {
            say!(MESSAGES, language, "expenses-propose-lookup")
        }
    }
}

/// What is missing from an add, as one question.
pub fn ask_missing(item: Option<&str>, amount: Option<Money>, language: Language) -> String {
    match (item, amount) {
        (None, None) => say!(MESSAGES, language, "expenses-ask-item-and-amount"),
        (Some(item), None) => say!(MESSAGES, language, "expenses-ask-amount", item = item),
        (None, Some(m)) => say!(
            MESSAGES,
            language,
            "expenses-ask-item",
            amount = &format_money(m, language)
        ),
        (Some(_), Some(_)) => say!(MESSAGES, language, "expenses-ask-anything-else"),
    }
}

/// The day of an add was named in words the app could not read: which day?
pub fn ask_day(item: &str, amount: Money, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "expenses-ask-day",
        item = item,
        amount = &format_money(amount, language)
    )
}

/// A shared cost with no count: how many shared it, or how much was the student's?
pub fn ask_share(amount: Money, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "expenses-ask-share",
        amount = &format_money(amount, language)
    )
}

/// Money lent, borrowed or paid back is not spending: nothing is recorded.
pub fn loan(language: Language) -> String {
    say!(MESSAGES, language, "expenses-loan")
}

/// "How much of #3 uber, £16.00, 2026-11-19 was refunded?"
pub fn ask_refund(expense: &Expense, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "expenses-ask-refund",
        expense = &expense_line(expense, language)
    )
}

/// "That is 3 × £2.50 = £7.50.": how the app computed an amount.
pub fn working(working: &Working, language: Language) -> String {
    let money = |m: Money| format_money(m, language);
    let result = money(working.result());
    match *working {
        Working::Times { count, price } => say!(
            MESSAGES,
            language,
            "expenses-working-times",
            count = &count.to_string(),
            price = &money(price),
            total = &result
        ),
        Working::Split { total, parts } => say!(
            MESSAGES,
            language,
            "expenses-working-split",
            total = &money(total),
            parts = &parts.to_string(),
            share = &result
        ),
        Working::Refund { before, refund } => say!(
            MESSAGES,
            language,
            "expenses-working-refund",
            before = &money(before),
            refund = &money(refund),
            after = &result
        ),
    }
}

/// "I'm not sure what to record from “…”": a reading that did not pass the checks,
/// asked about in the student's own words (at most 80 characters of them).
pub fn ask_unsure(message: &str, language: Language) -> String {
    let quote: String = message.chars().take(80).collect();
    say!(
        MESSAGES,
        language,
        "expenses-ask-unsure",
        quote = quote.trim()
    )
}

/// Money received is not spending: nothing is recorded.
pub fn income(amount: Option<Money>, language: Language) -> String {
    match amount {
        Some(m) => say!(
            MESSAGES,
            language,
            "expenses-income-amount",
            amount = &format_money(m, language)
        ),
        None => say!(MESSAGES, language, "expenses-income"),
    }
}

/// The rows `rows` listed after message `plain`, or after `named_id` quoting what the
/// message called the expense when it named it.
fn listing(
    (plain, named_id): (&str, &str),
    rows: &[&Expense],
    named: Option<&str>,
    language: Language,
) -> String {
    let lines: Vec<String> = rows.iter().map(|e| expense_line(e, language)).collect();
    let joined = lines.join("; ");
    let expenses = ("expenses", Arg::from(&joined));
    match named {
        Some(named) => MESSAGES.say(language, named_id, &[("named", Arg::from(named)), expenses]),
        None => MESSAGES.say(language, plain, &[expenses]),
    }
}

/// "Which one do you mean? #3 …; #7 …" — the rows listed in order; "Which of these is
/// “cinema”? …" when the message named it.
pub fn ask_which(rows: &[&Expense], named: Option<&str>, language: Language) -> String {
    let ids = ("expenses-ask-which", "expenses-ask-which-named");
    listing(ids, rows, named, language)
}

/// "I couldn't find that expense. Which one do you mean? …" with the latest rows,
/// quoting what the message called it ("I couldn't find an expense for “gig”…").
pub fn ask_not_found(recent: &[&Expense], named: Option<&str>, language: Language) -> String {
    if recent.is_empty() {
        return say!(MESSAGES, language, "expenses-nothing-to-change");
    }
    let ids = ("expenses-ask-not-found", "expenses-ask-not-found-named");
    listing(ids, recent, named, language)
}

/// "What should I change about #7 mechanic fee?"
pub fn ask_change(row: &Expense, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "expenses-ask-change",
        expense = &expense_line(row, language)
    )
}

/// After a "no": nothing ran; what instead?
pub fn cancelled(language: Language) -> String {
    say!(MESSAGES, language, "expenses-cancelled")
}

/// A refusal in words for an error met while deciding or running a call.
pub fn refusal(error: &ExpenseError, language: Language) -> String {
    match error {
        ExpenseError::Forbidden { .. } => say!(MESSAGES, language, "expenses-refuse-forbidden"),
        ExpenseError::NotFound(id) => say!(
            MESSAGES,
            language,
            "expenses-refuse-not-found",
            id = &id.to_string()
        ),
        ExpenseError::ModelUnreadable(_) => {
            say!(MESSAGES, language, "expenses-refuse-unreadable")
        }
        other => say!(
            MESSAGES,
            language,
            "expenses-refuse-other",
            error = &other.to_string()
        ),
    }
}

/// The answer to a greeting, thanks or a request for help.
pub fn social(social: Social, language: Language) -> String {
    match social {
        Social::Greeting | Social::Help => help(language),
        Social::Thanks => say!(MESSAGES, language, "expenses-thanks"),
    }
}

/// What the assistant can do, with examples.
pub fn help(language: Language) -> String {
    say!(MESSAGES, language, "expenses-help")
}

/// The student's message when they confirm a proposal from its card's button.
pub fn confirm_button(language: Language) -> String {
    say!(MESSAGES, language, "expenses-confirm-button")
}

/// The student's message when they cancel a proposal from its card's button.
pub fn cancel_button(language: Language) -> String {
    say!(MESSAGES, language, "expenses-cancel-button")
}
