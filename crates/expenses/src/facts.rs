//! What a message says, read by code before the model sees it: the intent (add, list,
//! balance, update, delete), a yes or no, amounts, a day, a span of days, a category, an
//! expense's id, and the words naming the item. English and Spanish, accents optional.
//! The model proposes; these facts decide what it may propose and override its values.

use super::category::named_category;
use super::dates::{find_date, find_range, small_number, DateRange, FoundDate};
use super::money::{find_amounts, FoundAmount};
use chrono::NaiveDate;
use lantern_core::language::Language;
use lantern_core::text::normalize::{has_phrase, normalize, opens_with_phrase, words};
use lantern_core::text::social::{social_of, Social};
use regex::Regex;
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

use super::word_lists::{fill_from, table, word_list, Roles, WordList};
use lantern_core::words::lines;

use super::contract::Category;
use super::stats::{stat_of, Stat};
use super::unread::{names_a_day, read_unread, Share, Unread};
use super::unused_words::unaccounted;

/// What the student wants done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Intent {
    /// Record spending.
    Add,
    /// A total.
    Balance,
    /// A list.
    List,
    /// Correct an expense.
    Update,
    /// Remove an expense.
    Delete,
}

/// A bare yes or no.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum YesNo {
    /// Go ahead.
    Yes,
    /// Don't.
    No,
}

/// What code read in one message.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Facts {
    /// The intent the words show.
    pub intent: Option<Intent>,
    /// A bare yes or no.
    pub answer: Option<YesNo>,
    /// Amounts, in order.
    pub amounts: Vec<FoundAmount>,
    /// A day named.
    pub date: Option<NaiveDate>,
    /// A span named ("this month").
    pub range: Option<DateRange>,
    /// A category named outright.
    pub category: Option<Category>,
    /// An expense named by number ("#12", "expense 12").
    pub id: Option<i64>,
    /// The words naming the item (for an add) or the expense meant (otherwise).
    pub item: Option<String>,
    /// A new name after "rename … to".
    pub new_item: Option<String>,
    /// Whether the message talks about the date itself ("change the date").
    pub mentions_date: bool,
    /// A greeting, thanks or a request for help, when that is all the message is.
    pub social: Option<Social>,
    /// Whether the message asks something ("?", "¿", or a question word first).
    pub is_question: bool,
    /// A shared cost or money received, which the amount alone does not say.
    pub unread: Unread,
    /// Whether words naming a day remain that the date reader did not resolve.
    pub day_unread: bool,
    /// A question about the spending answered by code (biggest, by category, average).
    pub stat: Option<Stat>,
    /// Words outside the item that no reader used ("for my birthday" in "mum gave me 50
    /// for my birthday"): code's reading is not the whole message.
    pub unaccounted: Vec<String>,
}

/// Phrases of each intent (normalised), in `words/<locale>/intent-*.txt`; the intents
/// are tried strongest first (delete, update, balance, add, list).
static DELETE: WordList = word_list!("intent-delete");
static UPDATE: WordList = word_list!("intent-update");
static BALANCE: WordList = word_list!("intent-balance");
static LIST: WordList = word_list!("intent-list");
static ADD: WordList = word_list!("intent-add");

/// A bare yes or no (normalised), a message opening with one of them.
static YES: WordList = word_list!("yes");
static NO: WordList = word_list!("no");

/// Words that never name an item besides the intent verbs: articles, fillers
/// (normalised).
static FILLER: WordList = word_list!("item-filler");

/// The words of the patterns below by role (`words/<locale>/facts.txt`): English's,
/// Spanish's, and every language's gathered (English's first).
static WORDS: LazyLock<[Roles; 3]> = LazyLock::new(|| {
    let [en, es] = lantern_core::word_files!("facts");
    [
        table(lines(en)),
        table(lines(es)),
        table(lines(en).chain(lines(es))),
    ]
});

/// `shape` with each `{role}` filled from `roles`, as a case-insensitive pattern.
fn pattern_of(shape: &str, roles: &Roles) -> String {
    format!("(?i){}", fill_from(shape, roles))
}

/// `shape` with every language's words.
fn pattern(shape: &str) -> Regex {
    Regex::new(&pattern_of(shape, &WORDS[2])).expect("a valid pattern")
}

/// An expense named by its number ("#12", "expense 12", "gasto nº 4").
static ID: LazyLock<Regex> = LazyLock::new(|| pattern(r"(?:#\s*|\b{id}\s*#?\s*)(\d{1,12})\b"));

/// What stands between a new amount and the old one it corrects ("12 not 21").
static NOT_BETWEEN: WordList = word_list!("not-between");

/// Money received, then spent: the verb and the amount it spent ("… and spent 20 of it
/// on …", "… y gasté 20 en …").
static SPENT: LazyLock<Regex> = LazyLock::new(|| pattern(r"\b{spent}\s+(?:[£€$]\s*)?\d"));

/// "of it" after the amount spent ("spent 20 of it"), which makes the amount read as a
/// count.
static OF_IT: LazyLock<Regex> = LazyLock::new(|| pattern(r"\s+{of-it}\b"));

/// "that was yesterday", "eso fue…", "fue el martes": the day of what was just said;
/// each language's words in its own shape.
static THAT_WAS: LazyLock<Regex> = LazyLock::new(|| {
    let english = pattern_of(r"\b{this-was}\s+{was}\b", &WORDS[0]);
    let spanish = pattern_of(
        r"\b{this-was}\s+{was}\b|^\W*(?:{correction},?\s+)?{was}\b",
        &WORDS[1],
    );
    Regex::new(&format!("{english}|{spanish}")).expect("a valid pattern")
});

/// "rename the taxi to cab": the new name after the last word of the request.
static RENAME: LazyLock<Regex> = LazyLock::new(|| pattern(r"\b{rename}\b.*?\b{rename-to}\s+(.+)$"));

/// The first intent whose phrases the message contains.
fn intent_of(normalized: &str, has_amount: bool, moves_category: bool) -> Option<Intent> {
    let says = |phrases: &[&str]| phrases.iter().any(|p| has_phrase(normalized, p));
    if says(&DELETE) {
        Some(Intent::Delete)
    } else if says(&UPDATE) || (moves_category && says(&RECATEGORISE) && !has_amount) {
        Some(Intent::Update)
    } else if says(&BALANCE) && !has_amount {
        Some(Intent::Balance)
    } else if says(&ADD) && !has_amount && asks(normalized) {
        // "Did I spend anything on food?", "What did I buy yesterday?": a look back.
        Some(Intent::List)
    } else if says(&ADD) {
        Some(Intent::Add)
    } else if says(&LIST) && !has_amount {
        Some(Intent::List)
    } else {
        None
    }
}

/// Words that move an expense to a category when one is named ("put the taxi under
/// transport", "pon el taxi en ocio").
static RECATEGORISE: WordList = word_list!("recategorise");

/// Words a question opens with (normalised); "can you…?" is a request, not one of them.
static QUESTION_WORDS: WordList = word_list!("question-words");

/// Whether `normalized` opens with a question word: it asks about what is recorded.
pub fn asks(normalized: &str) -> bool {
    QUESTION_WORDS
        .iter()
        .any(|q| normalized == *q || normalized.starts_with(&format!("{q} ")))
}

/// A yes or no, when the whole message is one (a few polite words allowed).
fn answer_of(normalized: &str) -> Option<YesNo> {
    let words: Vec<&str> = normalized.split(' ').collect();
    if normalized.is_empty() || words.len() > 4 {
        return None;
    }
    let starts = |phrases: &[&str]| opens_with_phrase(normalized, phrases);
    if starts(&NO) {
        Some(YesNo::No)
    } else if starts(&YES) {
        Some(YesNo::Yes)
    } else {
        None
    }
}

/// The message with the spans of amounts, dates and ids blanked out.
fn without_spans(message: &str, spans: &[(usize, usize)]) -> String {
    let mut out = String::with_capacity(message.len());
    for (i, c) in message.char_indices() {
        let blank = spans.iter().any(|(s, e)| i >= *s && i < *e);
        out.push(if blank { '|' } else { c });
    }
    out
}

/// The words naming the item: the first run of words, between blanked spans and
/// punctuation, that keeps something once filler is trimmed from its ends.
fn item_words(text: &str) -> Option<String> {
    word_runs(text).into_iter().next()
}

/// Every run of words, between blanked spans and punctuation, that keeps something once
/// filler is trimmed from its ends, in order: the first names the item, the others are
/// what the reader did not use.
fn word_runs(text: &str) -> Vec<String> {
    let filler = |w: &str| {
        let w = normalize(w);
        w.is_empty()
            || [&FILLER, &ADD, &DELETE, &UPDATE]
                .iter()
                .any(|l| l.contains(&w.as_str()))
    };
    let mut runs = Vec::new();
    for segment in text.split(['|', ',', '.', ';', ':', '!', '?', '¿', '¡', '"', '(', ')']) {
        let words: Vec<&str> = segment.split_whitespace().collect();
        let Some(first) = words.iter().position(|w| !filler(w)) else {
            continue;
        };
        let last = words.iter().rposition(|w| !filler(w)).unwrap_or(first);
        let run = words[first..=last].join(" ").to_lowercase();
        if run.chars().any(char::is_alphabetic) {
            runs.push(run);
        }
    }
    runs
}

/// `item` without the count of things it opens with ("two pints" at a price each is
/// "pints").
fn without_count(item: &str, count: Option<u32>) -> String {
    let counted = |word: &str| {
        count.is_some_and(|n| small_number(word).and_then(|w| u32::try_from(w).ok()) == Some(n))
    };
    match item.split_once(' ') {
        Some((first, rest)) if counted(first) => rest.to_string(),
        _ => item.to_string(),
    }
}

/// Words that mark a message as English.
static ENGLISH: WordList =
    LazyLock::new(|| lines(include_str!("../words/en/language-words.txt")).collect());
/// Words that mark a message as Spanish.
static SPANISH: WordList =
    LazyLock::new(|| lines(include_str!("../words/es/language-words.txt")).collect());

/// The language of a message by its words; `fallback` when they do not tell.
pub fn message_language(message: &str, fallback: Language) -> Language {
    let normalized = normalize(message);
    let said = words(&normalized);
    let english = said.iter().filter(|w| ENGLISH.contains(w)).count();
    let spanish = said.iter().filter(|w| SPANISH.contains(w)).count();
    match english.cmp(&spanish) {
        std::cmp::Ordering::Greater => Language::En,
        std::cmp::Ordering::Less => Language::Es,
        std::cmp::Ordering::Equal => fallback,
    }
}

/// Reads `message` against `today`.
pub fn read_facts(message: &str, today: NaiveDate) -> Facts {
    let normalized = normalize(message);
    let mut unread = read_unread(message);
    // A number of people sharing a cost is not an amount ("split between 4").
    let mut amounts: Vec<FoundAmount> = find_amounts(message)
        .into_iter()
        .filter(|a| {
            !unread
                .share_spans
                .iter()
                .any(|(s, e)| a.start >= *s && a.end <= *e)
        })
        .collect();
    // "3 notebooks at £2.50 each": the bare 3 counts the notebooks, it is not an amount.
    if unread.share == Some(Share::Each) && unread.count.is_none() && amounts.len() >= 2 {
        let first = amounts[0];
        let whole = first.minor % 100 == 0 && (200..=5000).contains(&first.minor);
        if first.currency.is_none() && whole {
            unread.count = u32::try_from(first.minor / 100).ok();
            unread.share_spans.push((first.start, first.end));
            amounts.remove(0);
        }
    }
    // "I earned 50 and spent 20 of it on a jacket": the amounts before the spending are
    // money received, not the expense.
    // The spending clause is read on its own; it is shown before it is written.
    if let (true, Some(first)) = (unread.income, amounts.first()) {
        if let Some(spent) = SPENT.find_at(message, first.end) {
            let clause = OF_IT.replace_all(&message[spent.start()..], "");
            let mut facts = read_facts(&clause, today);
            facts.unread.spent_of_received = true;
            if facts.amounts.first().is_some_and(|a| a.currency.is_none()) {
                facts.amounts[0].currency = first.currency;
            }
            return facts;
        }
    }
    // "12 not 21", "eran 12 y no 21": a correction; the second amount is the old one
    // (and "no 21" is not expense number 21).
    let corrects_amount = amounts.len() == 2
        && message
            .get(amounts[0].end..amounts[1].start)
            .is_some_and(|between| NOT_BETWEEN.contains(&normalize(between).as_str()));
    let old_amount = corrects_amount.then(|| amounts.remove(1));
    let found_date: Option<FoundDate> = find_date(message, today);
    let id_match = ID.captures(message).filter(|c| {
        c.get(0)
            .is_none_or(|m| old_amount.is_none_or(|a| !(a.start < m.end() && m.start() < a.end)))
    });
    let id = id_match
        .as_ref()
        .and_then(|c| c.get(1))
        .and_then(|m| m.as_str().parse().ok())
        .filter(|id: &i64| *id > 0);
    let new_item = RENAME
        .captures(message)
        .and_then(|c| c.get(1))
        .and_then(|m| item_words(m.as_str()));
    let mut spans: Vec<(usize, usize)> = amounts.iter().map(|a| (a.start, a.end)).collect();
    spans.extend(found_date.map(|d| (d.start, d.end)));
    spans.extend(
        id_match
            .and_then(|c| c.get(0))
            .map(|m| (m.start(), m.end())),
    );
    spans.extend(unread.share_spans.iter().copied());
    let mut rest = without_spans(message, &spans);
    let day_unread = names_a_day(&rest);
    if let Some(m) = RENAME.captures(&rest).and_then(|c| c.get(1)) {
        rest.truncate(m.start());
    }
    let category = named_category(message);
    // "that was yesterday", "eso fue el martes pasado": the day of what was just said.
    let corrects_day = amounts.is_empty() && found_date.is_some() && THAT_WAS.is_match(message);
    let intent = match intent_of(&normalized, !amounts.is_empty(), category.is_some()) {
        None | Some(Intent::Add) if corrects_amount || corrects_day => Some(Intent::Update),
        other => other,
    };
    let answer = answer_of(&normalized);
    let runs = word_runs(&rest);
    Facts {
        intent,
        answer,
        date: found_date.map(|d| d.date),
        range: find_range(message, today),
        category,
        id,
        item: runs
            .first()
            .filter(|_| answer.is_none())
            .map(|item| without_count(item, unread.count)),
        unaccounted: if answer.is_some() {
            Vec::new()
        } else {
            unaccounted(runs.iter().skip(1))
        },
        new_item,
        mentions_date: corrects_day
            || has_phrase(&normalized, "date")
            || has_phrase(&normalized, "fecha"),
        social: if intent.is_none() && amounts.is_empty() {
            social_of(&normalized)
        } else {
            None
        },
        is_question: message.contains(['?', '¿']) || asks(&normalized),
        stat: stat_of(&normalized),
        amounts,
        unread,
        day_unread,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
    }

    fn facts(message: &str) -> Facts {
        read_facts(message, today())
    }

    #[test]
    fn every_pattern_has_its_words() {
        // A role missing from facts.txt panics, naming it, when its pattern is built.
        let built = [&*ID, &*SPENT, &*OF_IT, &*THAT_WAS, &*RENAME];
        assert_eq!(built.len(), 5);
    }

    #[test]
    fn an_add_names_item_amount_and_day() {
        let f = facts("Add electricity bill £200 today");
        assert_eq!(f.intent, Some(Intent::Add));
        assert_eq!(f.item.as_deref(), Some("electricity bill"));
        assert_eq!(f.amounts[0].minor, 20_000);
        assert_eq!(f.date, Some(today()));
    }

    #[test]
    fn spanish_adds_keep_the_item_phrase() {
        let f = facts("Añade la factura de la luz de 45 € de ayer");
        assert_eq!(f.intent, Some(Intent::Add));
        assert_eq!(f.item.as_deref(), Some("factura de la luz"));
        assert_eq!(f.date, NaiveDate::from_ymd_opt(2026, 11, 22));
    }

    #[test]
    fn spending_verbs_are_adds_and_the_item_follows_them() {
        let f = facts("I spent 15 euros on lunch yesterday");
        assert_eq!(
            (f.intent, f.item.as_deref()),
            (Some(Intent::Add), Some("lunch"))
        );
        let f = facts("Gasté 12 euros en el cine");
        assert_eq!(
            (f.intent, f.item.as_deref()),
            (Some(Intent::Add), Some("cine"))
        );
    }

    #[test]
    fn the_count_of_things_at_a_price_each_is_not_the_item() {
        assert_eq!(
            facts("two pints at 4.80 each").item.as_deref(),
            Some("pints")
        );
        assert_eq!(
            facts("forgot to log 4 bus tickets at 1.75").item.as_deref(),
            Some("bus tickets")
        );
    }

    #[test]
    fn a_short_spanish_note_is_spanish() {
        for message in [
            "le presté 15 a Marta",
            "Carlos me devolvió los 10 que le dejé",
        ] {
            assert_eq!(
                message_language(message, Language::En),
                Language::Es,
                "{message}"
            );
        }
        assert_eq!(
            message_language("mum gave me 50 for my birthday", Language::Es),
            Language::En
        );
    }

    #[test]
    fn interjections_do_not_name_the_item() {
        for (message, item) in [
            ("Oops, delete the bus", "bus"),
            ("Sorry, the lunch was £14", "lunch"),
            ("Vaya, borra el taxi", "taxi"),
        ] {
            assert_eq!(facts(message).item.as_deref(), Some(item), "{message}");
        }
    }

    #[test]
    fn a_vague_add_has_no_item() {
        let f = facts("I want to add an item.");
        assert_eq!((f.intent, f.item), (Some(Intent::Add), None));
        assert!(f.amounts.is_empty());
    }

    #[test]
    fn questions_about_totals_are_balances_and_lists_are_lists() {
        assert_eq!(
            facts("How much have I spent this month?").intent,
            Some(Intent::Balance)
        );
        assert_eq!(
            facts("¿Cuánto he gastado este mes?").intent,
            Some(Intent::Balance)
        );
        assert_eq!(
            facts("Show my expenses for last week").intent,
            Some(Intent::List)
        );
        assert_eq!(facts("muéstrame mis gastos").intent, Some(Intent::List));
        assert!(facts("How much have I spent this month?").range.is_some());
    }

    #[test]
    fn corrections_and_removals_name_the_expense_meant() {
        let f = facts("Change the mechanic fee to £150");
        assert_eq!(
            (f.intent, f.item.as_deref()),
            (Some(Intent::Update), Some("mechanic fee"))
        );
        let f = facts("delete expense #12");
        assert_eq!((f.intent, f.id), (Some(Intent::Delete), Some(12)));
        let f = facts("borra el gasto del mecánico");
        assert_eq!(
            (f.intent, f.item.as_deref()),
            (Some(Intent::Delete), Some("mecánico"))
        );
    }

    #[test]
    fn a_bare_yes_or_no_is_an_answer() {
        assert_eq!(facts("yes").answer, Some(YesNo::Yes));
        assert_eq!(facts("Sí, vale").answer, Some(YesNo::Yes));
        assert_eq!(facts("no, cancel it").answer, Some(YesNo::No));
        assert_eq!(facts("No gracias").answer, Some(YesNo::No));
        assert_eq!(
            facts("yes add lunch for 12 pounds and a coffee too").answer,
            None
        );
    }

    #[test]
    fn the_language_is_read_from_the_words() {
        assert_eq!(
            message_language("Add electricity bill £200 today", Language::Es),
            Language::En
        );
        assert_eq!(
            message_language("Gasté 12 € en el cine", Language::En),
            Language::Es
        );
        assert_eq!(message_language("£45", Language::Es), Language::Es);
    }

    #[test]
    fn a_correction_is_an_update_with_the_new_value() {
        let f = facts("no wait, it was 12 not 21");
        assert_eq!(f.intent, Some(Intent::Update));
        assert_eq!(f.amounts.len(), 1);
        assert_eq!(f.amounts[0].minor, 1200);
        assert_eq!(
            facts("Perdona, eran 12 y no 21").intent,
            Some(Intent::Update)
        );
        let f = facts("actually that was yesterday");
        assert_eq!((f.intent, f.mentions_date), (Some(Intent::Update), true));
        assert_eq!(
            facts("Ah no, eso fue el martes pasado").intent,
            Some(Intent::Update)
        );
        assert_eq!(facts("lunch yesterday, it was 12").intent, None);
    }

    #[test]
    fn a_rename_gives_the_new_name() {
        let f = facts("rename the taxi to airport taxi");
        assert_eq!(f.new_item.as_deref(), Some("airport taxi"));
        assert_eq!(f.item.as_deref(), Some("taxi"));
    }

    #[test]
    fn money_received_then_spent_keeps_only_the_spending() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        let f = read_facts(
            "I earned 50 at my weekend job and spent 20 of it on a jacket",
            today,
        );
        assert_eq!(f.amounts.len(), 1);
        assert_eq!(f.amounts[0].minor, 2000);
        assert!(!f.unread.income && f.unread.spent_of_received);
        assert_eq!(f.item.as_deref(), Some("jacket"));
        assert!(!f.day_unread);
        let f = read_facts("I earned 50 babysitting", today);
        assert!(f.unread.income && !f.unread.spent_of_received);
    }
}
