//! The checks issue #48 asks of the expenses assistant, each a pure rule over what a
//! turn showed and wrote: `right_row` (the row a card proposes or a turn saves is the
//! one the case expects, or there is none when none is expected), `silent_wrong_write`
//! (nothing written unconfirmed that the case did not expect or wanted on a card),
//! `question_makes_sense` (a clarifying question names something of the message and
//! states no number from elsewhere) and `answer_right` (a question about the money is
//! answered with the expected figures in words, not a list).

use chrono::{Datelike, NaiveDate};
use lantern_core::eval::Check;
use lantern_core::text::normalize::normalize;
use lantern_core::text::terms::{content_terms, Term};
use lantern_expenses::app::ExpenseReply;
use lantern_expenses::money::{minor_from_json, Currency};
use lantern_expenses::rules::{validate_call, CallContext};
use lantern_expenses::{DecisionKind, Expense, ExpenseAction, NewExpense};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeSet;

/// One value, or any of several (`"coffee"` or `["coffee", "coffees"]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum OneOf {
    /// The only value accepted.
    One(String),
    /// Any of these is accepted.
    Any(Vec<String>),
}

impl OneOf {
    /// Whether `actual` is one of the values, ignoring case, accents and punctuation.
    fn accepts(&self, actual: &str) -> bool {
        let actual = normalize(actual);
        match self {
            Self::One(one) => normalize(one) == actual,
            Self::Any(any) => any.iter().any(|v| normalize(v) == actual),
        }
    }
}

/// The row a turn must propose or save (`expect.row`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedRow {
    /// What was bought, or the names a careful reader would accept.
    item: OneOf,
    /// The amount (`"7.50"` or `7.5`).
    amount: Value,
    /// The day of the spending.
    date: NaiveDate,
    /// The category's stored name, or several acceptable ones.
    category: OneOf,
    /// The currency code; the profile's when left out.
    #[serde(default)]
    currency: Option<String>,
}

impl ExpectedRow {
    /// What of `row` differs from this expectation (empty when it is the row).
    fn differences(&self, row: &NewExpense, profile: Currency) -> Vec<&'static str> {
        let currency = self
            .currency
            .as_deref()
            .and_then(Currency::from_code)
            .unwrap_or(profile);
        let amount = minor_from_json(&self.amount).ok().map(|(minor, _)| minor);
        [
            ("item", self.item.accepts(&row.item)),
            (
                "amount",
                amount == Some(row.amount.minor) && currency == row.amount.currency,
            ),
            ("date", self.date == row.date),
            ("category", self.category.accepts(row.category.as_str())),
        ]
        .into_iter()
        .filter(|(_, same)| !same)
        .map(|(name, _)| name)
        .collect()
    }
}

fn row_of(expense: &Expense) -> NewExpense {
    NewExpense {
        item: expense.item.clone(),
        amount: expense.amount,
        date: expense.date,
        category: expense.category,
    }
}

/// The row a reply's card proposes to add, change (as it would be after) or delete, or
/// else the row the turn added, changed or deleted; `before` holds the profile's rows
/// before the turn, for the row a proposed change or delete names.
pub fn written_row(
    reply: &ExpenseReply,
    before: &[Expense],
    context: &CallContext,
) -> Option<NewExpense> {
    let old = |id: i64| before.iter().find(|e| e.id == id);
    if let Some(proposal) = &reply.proposal {
        let call = lantern_core::llm::tools::ToolCall {
            tool: proposal.tool.name().into(),
            args: proposal.args.clone(),
        };
        return match validate_call(&call, context).ok()? {
            ExpenseAction::Add(new) => Some(new),
            ExpenseAction::Update { id, patch } => {
                let mut row = row_of(old(id)?);
                row.item = patch.item.unwrap_or(row.item);
                row.amount = patch.amount.unwrap_or(row.amount);
                row.date = patch.date.unwrap_or(row.date);
                row.category = patch.category.unwrap_or(row.category);
                Some(row)
            }
            ExpenseAction::Delete { id } => old(id).map(row_of),
            ExpenseAction::Balance(_) | ExpenseAction::List(_) => None,
        };
    }
    let done = &reply.done;
    done.added
        .as_ref()
        .or(done.updated.as_ref())
        .or(done.deleted.as_ref())
        .map(row_of)
}

fn shown(row: &NewExpense) -> String {
    format!(
        "{} {} {} {} ({})",
        row.item,
        row.amount.minor,
        row.amount.currency.code(),
        row.date,
        row.category.as_str()
    )
}

/// `right_row`: the row written or proposed is the expected one — item, amount (and
/// currency), date and category — and none is written or proposed when `expected` is
/// `None`.
pub fn right_row(
    expected: Option<&ExpectedRow>,
    written: Option<&NewExpense>,
    currency: Currency,
) -> Check {
    let (passed, detail) = match (expected, written) {
        (None, None) => (true, String::new()),
        (None, Some(row)) => (false, format!("no row expected, got {}", shown(row))),
        (Some(_), None) => (false, "no row proposed or saved".into()),
        (Some(want), Some(row)) => {
            let wrong = want.differences(row, currency);
            (
                wrong.is_empty(),
                format!("{} differs: {}", wrong.join(", "), shown(row)),
            )
        }
    };
    Check::new("right_row", passed, || detail)
}

/// What one turn did to the profile's rows, and what its case expected of it.
#[derive(Debug, Clone, Copy)]
pub struct WriteSeen {
    /// The rows differ after the turn.
    pub changed: bool,
    /// The turn confirmed a card the student saw (a Confirm, or a typed yes to one).
    pub confirmed: bool,
    /// The case expects this turn to show a card rather than write.
    pub card_expected: bool,
}

/// `silent_wrong_write`: rows changed in a turn that confirmed no card, and either the
/// case wanted a card there or a check of what should be written failed (`mismatched`,
/// its names).
pub fn silent_wrong_write(seen: WriteSeen, mismatched: &[&str]) -> Check {
    let wrong = seen.card_expected || !mismatched.is_empty();
    Check::new(
        "silent_wrong_write",
        !seen.changed || seen.confirmed || !wrong,
        || {
            if seen.card_expected {
                "expenses changed without the card the case expects".into()
            } else {
                format!(
                    "expenses changed, unconfirmed, against {}",
                    mismatched.join(", ")
                )
            }
        },
    )
}

/// A number as whole hundredths, so `12.4`, `12.40` and `12,40` are one value.
fn hundredths(term: &Term) -> Option<i64> {
    let value: f64 = term.word.parse().ok()?;
    // Rounded, so 12.40 is 1240 whatever the float; amounts and days fit easily.
    Some((value * 100.0).round() as i64)
}

fn numbers(text: &str) -> BTreeSet<i64> {
    content_terms(text)
        .iter()
        .filter(|t| t.is_number)
        .filter_map(hundredths)
        .collect()
}

/// The figures a question may name to point at a row: each row's number ("#12"), its
/// amount and its date's year, month and day.
fn row_figures(rows: &[Expense]) -> BTreeSet<i64> {
    rows.iter()
        .flat_map(|r| {
            [
                r.id * 100,
                r.amount.minor,
                i64::from(r.date.year()) * 100,
                i64::from(r.date.month()) * 100,
                i64::from(r.date.day()) * 100,
            ]
        })
        .collect()
}

/// The sentences of `text` that ask: each from the end of the sentence before it (".",
/// "!" or "?" and a space, a line break, or an opening "¿") up to its "?". What the
/// reply says around them — the rows it lists, an example of an answer — is not asked.
fn asked(text: &str) -> Vec<&str> {
    let mut sentences = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let ends = chars.peek().is_none_or(|(_, next)| next.is_whitespace());
        match c {
            '?' => {
                sentences.push(&text[start..i]);
                start = i + c.len_utf8();
            }
            '.' | '!' if ends => start = i + c.len_utf8(),
            '\n' | '¿' => start = i,
            _ => {}
        }
    }
    sentences
}

/// `question_makes_sense` (a clarifying question to `message`): the reply names
/// something of the message — shares a content word, by stem or translation, or one of
/// its numbers — and every number its asking sentences state is one the message states
/// (by value) or a figure of one of the profile's `rows` (its number, its amount, or a
/// part of its date) offered to tell rows apart.
pub fn question_makes_sense(message: &str, question: &str, rows: &[Expense]) -> Check {
    let words = |text: &str| -> BTreeSet<String> {
        content_terms(text)
            .into_iter()
            .filter(|t| !t.is_number)
            .flat_map(|t| t.keys)
            .collect()
    };
    let names = !words(message).is_disjoint(&words(question))
        || !numbers(message).is_disjoint(&numbers(question));
    let known: BTreeSet<i64> = numbers(message)
        .into_iter()
        .chain(row_figures(rows))
        .collect();
    let invented: Vec<String> = numbers(&asked(question).join(" "))
        .difference(&known)
        .map(|n| format!("{}", *n as f64 / 100.0))
        .collect();
    Check::new("question_makes_sense", names && invented.is_empty(), || {
        let mut why = Vec::new();
        if !names {
            why.push("names nothing of the message".to_string());
        }
        if !invented.is_empty() {
            why.push(format!(
                "numbers not in the message: {}",
                invented.join(", ")
            ));
        }
        why.join("; ")
    })
}

/// A reply as `answer_right` reads it.
#[derive(Debug, Clone, Copy)]
pub struct Said<'a> {
    /// The words shown.
    pub text: &'a str,
    /// The kind of decision.
    pub kind: DecisionKind,
    /// The rows the turn listed (empty when it listed none).
    pub listed: &'a [Expense],
    /// The turn proposes a change on a card.
    pub proposes: bool,
}

impl<'a> Said<'a> {
    /// How `answer_right` reads `reply`.
    pub fn of(reply: &'a ExpenseReply) -> Self {
        Self {
            text: &reply.answer,
            kind: reply.kind,
            listed: reply.done.listed.as_deref().unwrap_or_default(),
            proposes: reply.proposal.is_some(),
        }
    }
}

/// How often the normalised `phrase` occurs in the normalised `text` as whole words.
fn occurrences(text: &str, phrase: &str) -> usize {
    format!(" {text} ").matches(&format!(" {phrase} ")).count()
}

/// How many of `rows` show `expected` as their item or their amount.
fn rows_showing(rows: &[Expense], expected: &str) -> usize {
    let figures = numbers(expected);
    rows.iter()
        .filter(|r| {
            normalize(&r.item) == normalize(expected)
                || (figures.len() == 1 && figures.contains(&r.amount.minor))
        })
        .count()
}

/// `answer_right` (a question about the money): the reply says every `expected` figure
/// or name as whole words (ignoring case, accents and signs: "£85.00" is not in
/// "£185.00") besides the rows it lists — a figure only seen as a listed row's amount
/// or item is the list, not the answer — and it is not a question back nor a card.
pub fn answer_right(expected: &[String], said: Said<'_>) -> Check {
    let text = normalize(said.text);
    let missing: Vec<&str> = expected
        .iter()
        .filter(|e| occurrences(&text, &normalize(e)) <= rows_showing(said.listed, e))
        .map(String::as_str)
        .collect();
    let answers = !said.proposes && said.kind != DecisionKind::Clarify;
    Check::new("answer_right", missing.is_empty() && answers, || {
        if answers {
            format!("no {} in words", missing.join(", "))
        } else {
            "a question or a card instead of an answer".into()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::language::Language;
    use lantern_core::turn::ReplyOrigin;
    use lantern_expenses::app::{ActionDone, ProposalView};
    use lantern_expenses::gate::ConfirmReason;
    use lantern_expenses::money::Money;
    use lantern_expenses::{Category, ExpenseTool, Role};
    use serde_json::json;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    fn expected(value: Value) -> ExpectedRow {
        serde_json::from_value(value).unwrap()
    }

    fn new_row(item: &str, minor: i64, d: u32, category: Category) -> NewExpense {
        NewExpense {
            item: item.into(),
            amount: Money {
                minor,
                currency: Currency::Gbp,
            },
            date: day(d),
            category,
        }
    }

    fn expense(item: &str, minor: i64, d: u32) -> Expense {
        Expense {
            id: 1,
            item: item.into(),
            amount: Money {
                minor,
                currency: Currency::Gbp,
            },
            date: day(d),
            category: Category::Food,
            created_at: String::new(),
            updated_at: String::new(),
        }
    }

    fn coffees() -> ExpectedRow {
        expected(json!({"item": ["coffee", "coffees"], "amount": "7.50",
                        "date": "2026-11-23", "category": "food"}))
    }

    #[test]
    fn a_row_is_right_only_when_item_amount_date_and_category_agree() {
        let want = coffees();
        let right = new_row("Coffees", 750, 23, Category::Food);
        assert!(right_row(Some(&want), Some(&right), Currency::Gbp).passed);
        for wrong in [
            new_row("coffee", 250, 23, Category::Food),
            new_row("coffee", 750, 22, Category::Food),
            new_row("coffee", 750, 23, Category::Leisure),
            new_row("3 coffees at", 750, 23, Category::Food),
        ] {
            assert!(!right_row(Some(&want), Some(&wrong), Currency::Gbp).passed);
        }
        // The currency is part of the amount: the profile's when the case names none.
        assert!(!right_row(Some(&want), Some(&right), Currency::Eur).passed);
    }

    #[test]
    fn no_row_expected_means_none_written_or_proposed() {
        let written = new_row("mum gave", 5000, 23, Category::Other);
        assert!(right_row(None, None, Currency::Gbp).passed);
        assert!(!right_row(None, Some(&written), Currency::Gbp).passed);
        assert!(!right_row(Some(&coffees()), None, Currency::Gbp).passed);
    }

    fn card(tool: ExpenseTool, args: Value) -> ExpenseReply {
        ExpenseReply {
            message_id: 1,
            answer: String::new(),
            kind: DecisionKind::ToolCall,
            confirmation_required: true,
            proposal: Some(ProposalView {
                id: "p".into(),
                tool,
                args: args.as_object().cloned().unwrap(),
                reason: ConfirmReason::Suggested,
                expires_at: String::new(),
                working: None,
            }),
            done: ActionDone::default(),
            error: None,
            model_words: false,
            failure: None,
            origin: ReplyOrigin::App,
            language: Language::En,
        }
    }

    #[test]
    fn a_card_is_read_as_the_row_it_adds_leaves_or_removes() {
        let context = CallContext {
            role: Role::Owner,
            today: day(23),
            currency: Currency::Gbp,
        };
        let before = [expense("bus", 220, 23)];
        let update = card(
            ExpenseTool::UpdateExpense,
            json!({"id": 1, "amount": "2.40"}),
        );
        let changed = written_row(&update, &before, &context).unwrap();
        assert_eq!((changed.item.as_str(), changed.amount.minor), ("bus", 240));
        let delete = card(ExpenseTool::DeleteExpense, json!({"id": 1}));
        let removed = written_row(&delete, &before, &context).unwrap();
        assert_eq!(removed.amount.minor, 220);
        let add = card(
            ExpenseTool::AddExpense,
            json!({"item": "tea", "amount": "1.50", "date": "2026-11-22"}),
        );
        assert_eq!(written_row(&add, &before, &context).unwrap().date, day(22));
        assert!(written_row(&delete, &[], &context).is_none());
    }

    #[test]
    fn an_unconfirmed_change_is_silent_and_wrong_when_unexpected_or_owed_a_card() {
        let seen = |changed, confirmed, card_expected| WriteSeen {
            changed,
            confirmed,
            card_expected,
        };
        // Nothing changed, or the student confirmed a card: never silent.
        assert!(silent_wrong_write(seen(false, false, true), &["right_row"]).passed);
        assert!(silent_wrong_write(seen(true, true, true), &["right_row"]).passed);
        // A direct write the case expects, with no card asked for, is fine.
        assert!(silent_wrong_write(seen(true, false, false), &[]).passed);
        // A direct write of another row, or one the case wanted on a card, is not.
        assert!(!silent_wrong_write(seen(true, false, false), &["right_row"]).passed);
        assert!(!silent_wrong_write(seen(true, false, true), &[]).passed);
    }

    #[test]
    fn a_question_must_name_something_of_the_message() {
        let message = "got pizza with the flatmates last night";
        assert!(question_makes_sense(message, "How much was the pizza?", &[]).passed);
        assert!(!question_makes_sense(message, "How much was it?", &[]).passed);
        // One of the message's numbers names it too.
        let shared = "How many people shared the £54.00, you included?";
        assert!(question_makes_sense("dinner w jo and ash, 54 total", shared, &[]).passed);
    }

    #[test]
    fn a_question_states_no_number_the_message_does_not() {
        let message = "paid 12.40 for pizza last friday";
        let nonsense = question_makes_sense(message, "How much was the 40 for pizza?", &[]);
        assert!(!nonsense.passed);
        // Numbers compare by value: "£12.4" is the message's 12.40.
        assert!(question_makes_sense(message, "Was the pizza £12.4?", &[]).passed);
        assert!(question_makes_sense("la pizza 12,40", "¿La pizza fue 12.40?", &[]).passed);
        // An example of how to answer, after the question, states nothing.
        let gym = "Add my gym membership, £25, I paid it at the start of the month";
        let day = "Which day was the gym membership, £25.00? Tell me a date such as “20/11”.";
        assert!(question_makes_sense(gym, day, &[]).passed);
        let invented = "Was the gym membership on 20/11? Or £25.00?";
        assert!(!question_makes_sense(gym, invented, &[]).passed);
    }

    #[test]
    fn a_question_may_name_the_figures_of_the_rows_it_offers() {
        let rows = [expense("coffee", 310, 20), expense("coffee", 280, 22)];
        let question = "Which coffee: #1, £3.10 on 2026-11-20 or £2.80 on 2026-11-22?";
        assert!(question_makes_sense("bin the coffee", question, &rows).passed);
        assert!(!question_makes_sense("bin the coffee", question, &[]).passed);
    }

    fn said(text: &str) -> Said<'_> {
        Said {
            text,
            kind: DecisionKind::Answer,
            listed: &[],
            proposes: false,
        }
    }

    #[test]
    fn an_answer_says_every_expected_figure() {
        let want = ["festival ticket".to_string(), "£85.00".to_string()];
        let right = "Your biggest expense is festival ticket, £85.00, on 2026-11-07.";
        assert!(answer_right(&want, said(right)).passed);
        assert!(!answer_right(&want, said("Your biggest expense is £70.00.")).passed);
        let bigger = "Your biggest expense is festival ticket, £185.00.";
        assert!(!answer_right(&want, said(bigger)).passed);
    }

    #[test]
    fn a_figure_seen_only_in_the_listed_rows_is_not_an_answer() {
        let rows = [
            expense("festival ticket", 8500, 7),
            expense("lunch", 1000, 8),
        ];
        let want = ["festival ticket".to_string(), "£85.00".to_string()];
        let list =
            "You have 2 expenses, £95.00 altogether: festival ticket, £85.00; lunch, £10.00.";
        let listed = Said {
            listed: &rows,
            ..said(list)
        };
        assert!(!answer_right(&want, listed).passed);
        // A total in words before the list answers a question about the total.
        let total = ["£95.00".to_string()];
        assert!(answer_right(&total, listed).passed);
    }

    #[test]
    fn a_question_or_a_card_is_not_an_answer() {
        let want = ["£85.00".to_string()];
        let text = "Did you mean the festival ticket, £85.00?";
        let asked = Said {
            kind: DecisionKind::Clarify,
            ..said(text)
        };
        let card = Said {
            proposes: true,
            ..said(text)
        };
        for not_an_answer in [asked, card] {
            assert!(!answer_right(&want, not_an_answer).passed);
        }
    }
}
