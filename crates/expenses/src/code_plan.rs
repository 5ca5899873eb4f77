//! Code's plans (spec 003, flow 3–6): the requests whose intent code read — an add,
//! a total, a list, a correction or a removal — and the messages it answers from the
//! words and the rows alone (money received or lent, a refund, a question about the
//! spending). Missing details become a question; a reference matching several expenses
//! becomes a list to choose from.

use super::category::{category_is_clear, guess_category};
use super::contract::{
    Expense, ExpenseAction, ExpensePatch, ExpenseQuery, ExpenseTool, NewExpense,
};
use super::dates::DateRange;
use super::draft::Draft;
use super::error::ExpenseError;
use super::facts::{Facts, Intent};
use super::gate::{confirmation_needed, ConfirmReason};
use super::money::Money;
use super::plan::{ExpenseTurnInput, TurnPlan, Want};
use super::references::{resolve_target, Target};
use super::replies;
use super::rules::CallContext;
use super::stats;
use super::unread::Share;
use super::working::Working;
use lantern_core::language::Language;

/// Most recent expenses a "not found" question lists.
const RECENT_LISTED: usize = 5;

/// Messages code answers from the words and the rows alone, whatever else they say:
/// money received is not an expense, and a question about the spending (biggest, by
/// category, average) is worked out from the rows.
pub(crate) fn plan_by_reading(
    facts: &Facts,
    input: &ExpenseTurnInput,
    language: Language,
) -> Option<TurnPlan> {
    let changes = matches!(facts.intent, Some(Intent::Update | Intent::Delete));
    if facts.unread.loan && !changes {
        return Some(TurnPlan::Answer {
            content: replies::loan(language),
        });
    }
    if facts.unread.refund && facts.intent != Some(Intent::Delete) {
        return Some(plan_refund(facts, input, language));
    }
    if facts.unread.income && !changes {
        let amount = facts.amounts.first().map(|a| Money {
            minor: a.minor,
            currency: a.currency.unwrap_or(input.context.currency),
        });
        return Some(TurnPlan::Answer {
            content: replies::income(amount, language),
        });
    }
    // "biggest thing I bought last week?": a question about the spending, though its
    // words say "bought", unless an amount makes it a purchase.
    let adds = facts.intent == Some(Intent::Add) && !facts.amounts.is_empty();
    let stat = facts.stat.filter(|_| !changes && !adds)?;
    if !input.context.role.may(ExpenseTool::ListExpenses) {
        return None;
    }
    let query = ExpenseQuery {
        range: facts.range,
        category: facts.category,
    };
    // Every row: a comparison needs the span before the one asked about.
    Some(TurnPlan::Answer {
        content: stats::answer(stat, &input.rows, &query, input.context.today, language),
    })
}

/// Money given back for something bought: the expense it was bought as, corrected
/// (less the refund, or deleted when the whole price came back) and shown first.
fn plan_refund(facts: &Facts, input: &ExpenseTurnInput, language: Language) -> TurnPlan {
    let context = &input.context;
    if !context.role.may(ExpenseTool::UpdateExpense) {
        return TurnPlan::Refuse {
            error: ExpenseError::Forbidden {
                role: context.role.as_str(),
                tool: ExpenseTool::UpdateExpense.name().into(),
            },
        };
    }
    // Every word of the message may name the expense ("refund of 5 from the uber"); the
    // amount is the refund's, not the expense's.
    let mut reference = facts.clone();
    reference.item = Some(
        facts
            .item
            .iter()
            .chain(&facts.unaccounted)
            .cloned()
            .collect::<Vec<_>>()
            .join(" "),
    );
    reference.amounts.clear();
    let message = input.message.as_str();
    let target = resolve_target(
        &input.rows,
        &reference,
        Intent::Update,
        &[],
        None,
        message,
        &input.closeness,
    );
    let draft = Draft {
        intent: Some(Intent::Update),
        ..Draft::default()
    };
    let row = match which_one(target, &input.rows, draft, language) {
        Ok(row) => row,
        Err(question) => return *question,
    };
    let refund = match facts.amounts.first() {
        Some(a) => Money {
            minor: a.minor,
            currency: a.currency.unwrap_or(row.amount.currency),
        },
        None if facts.unread.whole_refund => row.amount,
        None => {
            return TurnPlan::Clarify {
                question: replies::ask_refund(row, language),
                draft: Some(Draft {
                    intent: Some(Intent::Update),
                    target: Some(row.id),
                    ..Draft::default()
                }),
            }
        }
    };
    let id = row.id;
    if refund.minor >= row.amount.minor {
        return TurnPlan::Propose {
            action: ExpenseAction::Delete { id },
            reason: ConfirmReason::Delete,
            draft: Draft {
                intent: Some(Intent::Delete),
                target: Some(id),
                ..Draft::default()
            },
        };
    }
    let working = Working::Refund {
        before: row.amount,
        refund,
    };
    TurnPlan::Propose {
        action: ExpenseAction::Update {
            id,
            patch: ExpensePatch {
                amount: Some(working.result()),
                ..ExpensePatch::default()
            },
        },
        reason: ConfirmReason::Vague,
        draft: Draft {
            intent: Some(Intent::Update),
            target: Some(id),
            working: Some(working),
            ..Draft::default()
        },
    }
}

/// The one expense `target` names, or the question that asks which: the candidates
/// when several fit, the latest when none does (kept in `draft` for the answer).
pub(crate) fn which_one(
    target: Target,
    rows: &[Expense],
    mut draft: Draft,
    language: Language,
) -> Result<&Expense, Box<TurnPlan>> {
    match target {
        Target::Found(id) => rows.iter().find(|e| e.id == id).ok_or_else(|| {
            Box::new(TurnPlan::Refuse {
                error: ExpenseError::NotFound(id),
            })
        }),
        Target::Several { ids, named } => {
            let listed: Vec<&Expense> = ids
                .iter()
                .filter_map(|id| rows.iter().find(|e| e.id == *id))
                .collect();
            draft.candidates = ids;
            Err(Box::new(TurnPlan::Clarify {
                question: replies::ask_which(&listed, named.as_deref(), language),
                draft: Some(draft),
            }))
        }
        Target::NotFound { named } => {
            let recent: Vec<&Expense> = rows.iter().take(RECENT_LISTED).collect();
            draft.candidates = recent.iter().map(|e| e.id).collect();
            Err(Box::new(TurnPlan::Clarify {
                question: replies::ask_not_found(&recent, named.as_deref(), language),
                draft: Some(draft),
            }))
        }
    }
}

/// The plan for a request whose intent code read.
pub(crate) fn plan_by_code(
    want: &Want,
    intent: Intent,
    input: &ExpenseTurnInput,
    language: Language,
) -> TurnPlan {
    let context = &input.context;
    let tool = match intent {
        Intent::Add => ExpenseTool::AddExpense,
        Intent::Balance => ExpenseTool::GetBalance,
        Intent::List => ExpenseTool::ListExpenses,
        Intent::Update => ExpenseTool::UpdateExpense,
        Intent::Delete => ExpenseTool::DeleteExpense,
    };
    if !context.role.may(tool) {
        return TurnPlan::Refuse {
            error: ExpenseError::Forbidden {
                role: context.role.as_str(),
                tool: tool.name().into(),
            },
        };
    }
    match intent {
        Intent::Add => plan_add(want, context, language),
        Intent::Balance => TurnPlan::Run {
            action: ExpenseAction::Balance(query_of(want)),
        },
        Intent::List => TurnPlan::Run {
            action: ExpenseAction::List(query_of(want)),
        },
        Intent::Update | Intent::Delete => plan_change(want, intent, input, language),
    }
}

pub(crate) fn query_of(want: &Want) -> ExpenseQuery {
    let range = want
        .facts
        .range
        .or_else(|| want.facts.date.map(|d| DateRange { from: d, to: d }));
    ExpenseQuery {
        range,
        category: want.facts.category,
    }
}

fn plan_add(want: &Want, context: &CallContext, language: Language) -> TurnPlan {
    let item = want.facts.item.clone().or_else(|| want.draft.item.clone());
    let amount = want.amount(context, false);
    let date = want.facts.date.or(want.draft.date);
    let category = want.facts.category.or(want.draft.category);
    let draft = Draft {
        intent: Some(Intent::Add),
        item: item.clone(),
        amount,
        date,
        category,
        ..Draft::default()
    };
    let (Some(item), Some(amount)) = (item, amount) else {
        return TurnPlan::Clarify {
            question: replies::ask_missing(draft.item.as_deref(), amount, language),
            draft: Some(draft),
        };
    };
    if amount.minor <= 0 || date.is_some_and(|d| d > context.today) {
        return TurnPlan::Refuse {
            error: ExpenseError::Invalid(format!(
                "{} is not an amount and day to record",
                amount.minor
            )),
        };
    }
    // A day the student named that the reader could not resolve is asked, never
    // replaced by today.
    if date.is_none() && want.facts.day_unread {
        return TurnPlan::Clarify {
            question: replies::ask_day(&item, amount, language),
            draft: Some(draft),
        };
    }
    // A shared cost or a price each: the amount computed, its working shown before it
    // is written.
    let working = match want.facts.unread.share {
        Some(Share::Parts(parts)) => Some(Working::Split {
            total: amount,
            parts,
        }),
        Some(Share::Each) => {
            want.facts
                .unread
                .count
                .filter(|n| *n > 1)
                .map(|count| Working::Times {
                    count,
                    price: amount,
                })
        }
        Some(Share::Unknown) => {
            return TurnPlan::Clarify {
                question: replies::ask_share(amount, language),
                draft: Some(draft),
            }
        }
        None => None,
    };
    let shared = want.facts.unread.share.is_some();
    let amount = working.map_or(amount, |w| w.result());
    let draft = Draft { working, ..draft };
    // A category the student did not name and the item does not clearly point to, or a
    // day read while other words about the day remain, is shown before it is written.
    let unsure =
        category.is_none() && !category_is_clear(&item) || date.is_some() && want.facts.day_unread;
    let category = category.unwrap_or_else(|| guess_category(&item));
    let action = ExpenseAction::Add(NewExpense {
        item,
        amount,
        date: date.unwrap_or(context.today),
        category,
    });
    // An amount and an item with no word asking to add them is an add inferred, not asked;
    // a share the app computed is its value, not the student's.
    let asked = (want.facts.intent == Some(Intent::Add) || want.draft.intent == Some(Intent::Add))
        && !shared
        && !unsure
        && !want.facts.unread.spent_of_received
        && !want.draft.shown_first;
    run_or_propose(action, draft, asked)
}

/// `action` run now when its values are all the student's (`stated`), else shown for a
/// yes first (a removal always is).
fn run_or_propose(action: ExpenseAction, draft: Draft, stated: bool) -> TurnPlan {
    match confirmation_needed(action.tool(), false, stated) {
        Some(reason) => TurnPlan::Propose {
            action,
            reason,
            draft,
        },
        None => TurnPlan::Run { action },
    }
}

/// An update or a delete: which expense, then what changes.
fn plan_change(
    want: &Want,
    intent: Intent,
    input: &ExpenseTurnInput,
    language: Language,
) -> TurnPlan {
    let context = &input.context;
    let rows = &input.rows;
    let mut draft = Draft {
        intent: Some(intent),
        item: want
            .facts
            .new_item
            .clone()
            .or_else(|| want.draft.item.clone()),
        amount: if intent == Intent::Update {
            want.amount(context, true)
        } else {
            None
        },
        date: match intent {
            Intent::Update if want.facts.mentions_date => want.facts.date,
            _ => want.draft.date,
        },
        category: if intent == Intent::Update {
            want.facts.category.or(want.draft.category)
        } else {
            None
        },
        ..Draft::default()
    };
    let target = match want.draft.target {
        Some(id) if want.facts.id.is_none() => Target::Found(id),
        _ => resolve_target(
            rows,
            &want.facts,
            intent,
            &want.draft.candidates,
            input.last_touched,
            &want.message,
            &input.closeness,
        ),
    };
    let row = match which_one(target, rows, draft.clone(), language) {
        Ok(row) => row,
        Err(question) => return *question,
    };
    let id = row.id;
    draft.target = Some(id);
    if intent == Intent::Delete {
        return TurnPlan::Propose {
            action: ExpenseAction::Delete { id },
            reason: ConfirmReason::Delete,
            draft,
        };
    }
    let patch = ExpensePatch {
        item: draft.item.clone().filter(|i| *i != row.item),
        amount: draft.amount.filter(|m| *m != row.amount),
        date: draft.date.filter(|d| *d != row.date && *d <= context.today),
        category: draft.category.filter(|c| *c != row.category),
    };
    if patch.is_empty() {
        return TurnPlan::Clarify {
            question: replies::ask_change(row, language),
            draft: Some(draft),
        };
    }
    let stated = want.facts.id.is_some();
    let action = ExpenseAction::Update { id, patch };
    run_or_propose(action, draft, stated)
}
