//! The assistant's words that code writes (English and Spanish): what was done, from the
//! stored values; what a proposal would do; the clarifying questions; refusals and help.
//! A reply about money is never the model's: it is built here from the rows.

use super::contract::{Category, Expense, ExpenseAction, ExpensePatch, ExpenseQuery};
use super::dates::range_label;
use super::error::ExpenseError;
use super::money::{format_money, Currency, Money};
use chrono::NaiveDate;
use lantern_core::language::Language;
use lantern_core::text::social::Social;
use std::collections::BTreeMap;

/// Most rows a listing names in words (the table shows them all).
const LISTED_IN_WORDS: usize = 8;

fn en(language: Language) -> bool {
    language == Language::En
}

/// A category's name in `language`.
pub fn category_label(category: Category, language: Language) -> &'static str {
    let (english, spanish) = match category {
        Category::Food => ("food", "comida"),
        Category::Transport => ("transport", "transporte"),
        Category::Housing => ("housing", "vivienda"),
        Category::Utilities => ("utilities", "suministros"),
        Category::Health => ("health", "salud"),
        Category::Education => ("education", "educación"),
        Category::Leisure => ("leisure", "ocio"),
        Category::Shopping => ("shopping", "compras"),
        Category::Other => ("other", "otros"),
    };
    if en(language) {
        english
    } else {
        spanish
    }
}

/// A day as "today (2026-11-23)", "yesterday (…)" or the ISO date.
fn day_words(date: NaiveDate, today: NaiveDate, language: Language) -> String {
    let days = (today - date).num_days();
    match (days, en(language)) {
        (0, true) => format!("today ({date})"),
        (0, false) => format!("hoy ({date})"),
        (1, true) => format!("yesterday ({date})"),
        (1, false) => format!("ayer ({date})"),
        _ => date.to_string(),
    }
}

/// "for today (2026-11-23)" / "con fecha de hoy (…)".
fn for_day(date: NaiveDate, today: NaiveDate, language: Language) -> String {
    let day = day_words(date, today, language);
    if en(language) {
        format!("for {day}")
    } else {
        format!("con fecha de {day}")
    }
}

/// A span of days in words ("this month", "from … to …", "in total").
pub fn range_words(query: &ExpenseQuery, today: NaiveDate, language: Language) -> String {
    let span = match query.range {
        None => {
            return if en(language) { "in total" } else { "en total" }.into();
        }
        Some(range) => range,
    };
    let keyword = range_label(Some(span), today);
    let named = match (keyword.as_str(), en(language)) {
        ("today", true) => "today",
        ("today", false) => "hoy",
        ("yesterday", true) => "yesterday",
        ("yesterday", false) => "ayer",
        ("this_week", true) => "this week",
        ("this_week", false) => "esta semana",
        ("last_week", true) => "last week",
        ("last_week", false) => "la semana pasada",
        ("this_month", true) => "this month",
        ("this_month", false) => "este mes",
        ("last_month", true) => "last month",
        ("last_month", false) => "el mes pasado",
        ("this_year", true) => "this year",
        ("this_year", false) => "este año",
        ("last_year", true) => "last year",
        ("last_year", false) => "el año pasado",
        ("last_7_days", true) => "in the last 7 days",
        ("last_7_days", false) => "en los últimos 7 días",
        ("last_30_days", true) => "in the last 30 days",
        ("last_30_days", false) => "en los últimos 30 días",
        _ if en(language) => return format!("from {} to {}", span.from, span.to),
        _ => return format!("del {} al {}", span.from, span.to),
    };
    named.into()
}

fn on_category(query: &ExpenseQuery, language: Language) -> String {
    match query.category {
        Some(c) if en(language) => format!(" on {}", category_label(c, language)),
        Some(c) => format!(" en {}", category_label(c, language)),
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
    let amount = format_money(expense.amount, language);
    let day = for_day(expense.date, today, language);
    let category = category_label(expense.category, language);
    if en(language) {
        format!(
            "I've added your {}, {amount}, {day} (#{}, {category}).",
            expense.item, expense.id
        )
    } else {
        format!(
            "He añadido tu gasto «{}», {amount}, {day} (#{}, {category}).",
            expense.item, expense.id
        )
    }
}

/// What a patch changes, "amount £80.00 → £150.00; date …".
fn changes(before: &Expense, patch: &ExpensePatch, language: Language) -> String {
    let mut parts = Vec::new();
    let e = en(language);
    if let Some(item) = &patch.item {
        parts.push(format!(
            "{} «{}» → «{item}»",
            if e { "item" } else { "concepto" },
            before.item
        ));
    }
    if let Some(amount) = patch.amount {
        parts.push(format!(
            "{} {} → {}",
            if e { "amount" } else { "importe" },
            format_money(before.amount, language),
            format_money(amount, language)
        ));
    }
    if let Some(date) = patch.date {
        parts.push(format!(
            "{} {} → {date}",
            if e { "date" } else { "fecha" },
            before.date
        ));
    }
    if let Some(category) = patch.category {
        parts.push(format!(
            "{} {} → {}",
            if e { "category" } else { "categoría" },
            category_label(before.category, language),
            category_label(category, language)
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
    let what = changes(before, &patch, language);
    if en(language) {
        format!(
            "I've changed your {} (#{}): {what}.",
            before.item, before.id
        )
    } else {
        format!(
            "He cambiado tu gasto «{}» (#{}): {what}.",
            before.item, before.id
        )
    }
}

/// "I've deleted your mechanic fee, £80.00, from 2026-11-20 (#7)."
pub fn deleted(expense: &Expense, language: Language) -> String {
    let amount = format_money(expense.amount, language);
    if en(language) {
        format!(
            "I've deleted your {}, {amount}, from {} (#{}).",
            expense.item, expense.date, expense.id
        )
    } else {
        format!(
            "He borrado tu gasto «{}», {amount}, del {} (#{}).",
            expense.item, expense.date, expense.id
        )
    }
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
    parts.join(if en(language) { " and " } else { " y " })
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
        return if en(language) {
            format!("You've spent {zero}{on} {span} — there are no expenses to count.")
        } else {
            format!("Has gastado {zero}{on} {span}: no hay gastos que sumar.")
        };
    }
    let total = totals_words(rows, language);
    let n = rows.len();
    if en(language) {
        let noun = if n == 1 { "expense" } else { "expenses" };
        format!("You've spent {total}{on} {span} ({n} {noun}).")
    } else {
        let noun = if n == 1 { "gasto" } else { "gastos" };
        format!("Has gastado {total}{on} {span} ({n} {noun}).")
    }
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
        return if en(language) {
            format!("You have no expenses{on} {span}.")
        } else {
            format!("No tienes gastos{on} {span}.")
        };
    }
    let mut lines: Vec<String> = rows
        .iter()
        .take(LISTED_IN_WORDS)
        .map(|e| expense_line(e, language))
        .collect();
    if rows.len() > LISTED_IN_WORDS {
        let more = rows.len() - LISTED_IN_WORDS;
        lines.push(if en(language) {
            format!("and {more} more in the table")
        } else {
            format!("y {more} más en la tabla")
        });
    }
    let total = totals_words(rows, language);
    let n = rows.len();
    if en(language) {
        let noun = if n == 1 { "expense" } else { "expenses" };
        format!(
            "You have {n} {noun}{on} {span}, {total} altogether: {}.",
            lines.join("; ")
        )
    } else {
        let noun = if n == 1 { "gasto" } else { "gastos" };
        format!(
            "Tienes {n} {noun}{on} {span}, {total} en total: {}.",
            lines.join("; ")
        )
    }
}

/// The question a proposal asks: "Shall I add electricity bill, £200.00, for today (…)?"
pub fn proposal_question(
    action: &ExpenseAction,
    target: Option<&Expense>,
    today: NaiveDate,
    language: Language,
) -> String {
    let e = en(language);
    match (action, target) {
        (ExpenseAction::Add(new), _) => {
            let amount = format_money(new.amount, language);
            let day = for_day(new.date, today, language);
            let category = category_label(new.category, language);
            if e {
                format!("Shall I add {}, {amount}, {day} ({category})?", new.item)
            } else {
                format!("¿Añado «{}», {amount}, {day} ({category})?", new.item)
            }
        }
        (ExpenseAction::Update { patch, .. }, Some(before)) => {
            let what = changes(before, patch, language);
            if e {
                format!(
                    "Shall I change your {} (#{}): {what}?",
                    before.item, before.id
                )
            } else {
                format!(
                    "¿Cambio tu gasto «{}» (#{}): {what}?",
                    before.item, before.id
                )
            }
        }
        (ExpenseAction::Delete { .. }, Some(row)) => {
            if e {
                format!("Shall I delete {}?", expense_line(row, language))
            } else {
                format!("¿Borro {}?", expense_line(row, language))
            }
        }
        (ExpenseAction::Update { id, .. } | ExpenseAction::Delete { id }, None) => {
            if e {
                format!("Shall I go ahead with expense #{id}?")
            } else {
                format!("¿Sigo adelante con el gasto #{id}?")
            }
        }
        (ExpenseAction::Balance(_) | ExpenseAction::List(_), _) => if e {
            "Shall I look that up?"
        } else {
            "¿Lo consulto?"
        }
        .into(),
    }
}

/// What is missing from an add, as one question.
pub fn ask_missing(item: Option<&str>, amount: Option<Money>, language: Language) -> String {
    match (item, amount, en(language)) {
        (None, None, true) => "What did you buy or pay for, and how much was it?".into(),
        (None, None, false) => "¿Qué compraste o pagaste, y cuánto costó?".into(),
        (Some(item), None, true) => format!("How much was the {item}?"),
        (Some(item), None, false) => format!("¿Cuánto costó «{item}»?"),
        (None, Some(m), true) => format!("What was the {} for?", format_money(m, language)),
        (None, Some(m), false) => format!("¿En qué gastaste {}?", format_money(m, language)),
        (Some(_), Some(_), true) => "Is there anything else to add?".into(),
        (Some(_), Some(_), false) => "¿Quieres añadir algo más?".into(),
    }
}

/// The day of an add was named in words the app could not read: which day?
pub fn ask_day(item: &str, amount: Money, language: Language) -> String {
    let amount = format_money(amount, language);
    if en(language) {
        format!("Which day was the {item}, {amount}? Tell me a date such as “the 1st”, “last Friday” or “20/11”.")
    } else {
        format!("¿Qué día fue «{item}», {amount}? Dime una fecha como «el día 1», «el viernes pasado» o «20/11».")
    }
}

/// A shared cost with no count: how many shared it, or how much was the student's?
pub fn ask_share(amount: Money, language: Language) -> String {
    let amount = format_money(amount, language);
    if en(language) {
        format!(
            "How many people shared the {amount}, you included? Or tell me how much your part was."
        )
    } else {
        format!("¿Entre cuántas personas se repartieron los {amount}, contándote a ti? O dime cuánto fue tu parte.")
    }
}

/// Money received is not spending: nothing is recorded.
pub fn income(amount: Option<Money>, language: Language) -> String {
    let what = amount.map(|m| format_money(m, language));
    match (what, en(language)) {
        (Some(m), true) => format!("That sounds like money you received ({m}), not spending, so I haven't recorded it: I keep track of expenses only. If you spent some of it, tell me what on."),
        (None, true) => "That sounds like money you received, not spending, so I haven't recorded it: I keep track of expenses only. If you spent some of it, tell me what on.".into(),
        (Some(m), false) => format!("Eso parece dinero que recibiste ({m}), no un gasto, así que no lo he apuntado: solo llevo la cuenta de los gastos. Si gastaste una parte, dime en qué."),
        (None, false) => "Eso parece dinero que recibiste, no un gasto, así que no lo he apuntado: solo llevo la cuenta de los gastos. Si gastaste una parte, dime en qué.".into(),
    }
}

/// "Which one do you mean? #3 …; #7 …" — the rows listed in order.
pub fn ask_which(rows: &[&Expense], language: Language) -> String {
    let lines: Vec<String> = rows.iter().map(|e| expense_line(e, language)).collect();
    if en(language) {
        format!("Which one do you mean? {}.", lines.join("; "))
    } else {
        format!("¿Cuál de ellos? {}.", lines.join("; "))
    }
}

/// "I couldn't find that expense. Which one do you mean? …" with the latest rows.
pub fn ask_not_found(recent: &[&Expense], language: Language) -> String {
    let e = en(language);
    if recent.is_empty() {
        return if e {
            "You don't have any expenses yet, so there is nothing to change."
        } else {
            "Aún no tienes gastos, así que no hay nada que cambiar."
        }
        .into();
    }
    let lines: Vec<String> = recent.iter().map(|x| expense_line(x, language)).collect();
    if e {
        format!(
            "I couldn't find that expense. Which one do you mean? The latest are: {}.",
            lines.join("; ")
        )
    } else {
        format!(
            "No encuentro ese gasto. ¿Cuál es? Los últimos son: {}.",
            lines.join("; ")
        )
    }
}

/// "What should I change about #7 mechanic fee?"
pub fn ask_change(row: &Expense, language: Language) -> String {
    if en(language) {
        format!(
            "What should I change about {} — the amount, the date, the item or the category?",
            expense_line(row, language)
        )
    } else {
        format!(
            "¿Qué cambio de {}: el importe, la fecha, el concepto o la categoría?",
            expense_line(row, language)
        )
    }
}

/// After a "no": nothing ran; what instead?
pub fn cancelled(language: Language) -> String {
    if en(language) {
        "OK, I haven't changed anything. What would you like me to do instead?".into()
    } else {
        "De acuerdo, no he cambiado nada. ¿Qué quieres que haga en su lugar?".into()
    }
}

/// A refusal in words for an error met while deciding or running a call.
pub fn refusal(error: &ExpenseError, language: Language) -> String {
    let e = en(language);
    match error {
        ExpenseError::Forbidden { .. } if e => {
            "Your profile can only view expenses here, so I can't add, change or delete them. I can show your expenses or your balance.".into()
        }
        ExpenseError::Forbidden { .. } => {
            "Tu perfil solo puede ver los gastos, así que no puedo añadir, cambiar ni borrar. Puedo mostrarte tus gastos o tu saldo.".into()
        }
        ExpenseError::NotFound(id) if e => format!("There is no expense #{id} in this profile."),
        ExpenseError::NotFound(id) => format!("No hay ningún gasto #{id} en este perfil."),
        ExpenseError::ModelUnreadable(_) if e => {
            "I couldn't read the assistant's answer, so nothing was changed. Could you say that another way?".into()
        }
        ExpenseError::ModelUnreadable(_) => {
            "No he podido leer la respuesta del asistente, así que no he cambiado nada. ¿Puedes decirlo de otra forma?".into()
        }
        other if e => format!("I can't do that: {other}. Nothing was changed."),
        other => format!("No puedo hacerlo ({other}). No he cambiado nada."),
    }
}

/// The answer to a greeting, thanks or a request for help.
pub fn social(social: Social, language: Language) -> String {
    match social {
        Social::Greeting | Social::Help => help(language),
        Social::Thanks if en(language) => {
            "You're welcome. Tell me whenever you spend something, or ask for a total.".into()
        }
        Social::Thanks => "De nada. Cuéntame cuando gastes algo, o pídeme un total.".into(),
    }
}

/// What the assistant can do, with examples.
pub fn help(language: Language) -> String {
    if en(language) {
        "I can add, list, total, correct and delete your expenses. Try “Add lunch £12 today”, “How much did I spend this month?” or “Delete the taxi from yesterday”.".into()
    } else {
        "Puedo añadir, listar, sumar, corregir y borrar tus gastos. Prueba «Añade comida 12 € hoy», «¿Cuánto he gastado este mes?» o «Borra el taxi de ayer».".into()
    }
}
