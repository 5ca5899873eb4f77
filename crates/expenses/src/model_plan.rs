//! The model's reading of a message code did not fully account for (DESIGN, "The model
//! reads, code verifies"): one decision under the grammar — a question, words, or a
//! tool call whose every argument code checks against the message (`verify.rs`) and
//! the rows before anything is shown. A reading that fails a check becomes a question
//! quoting the student, never a card built on a guess; a reading that agrees with
//! code's plan keeps that plan.

use super::accounted::item_is_known;
use super::category::{category_is_clear, guess_category};
use super::code_plan::{query_of, which_one};
use super::contract::{
    Category, Expense, ExpenseAction, ExpensePatch, ExpenseQuery, ExpenseTool, NewExpense,
};
use super::decision::{decision_schema, parse_decision, DecisionMenu, ModelDecision};
use super::draft::Draft;
use super::error::ExpenseError;
use super::facts::Intent;
use super::gate::{confirmation_needed, ConfirmReason};
use super::model_words::WordsCheck;
use super::plan::{outcome, ExpenseTurnInput, ExpenseTurnOutcome, TurnPlan, Want};
use super::prompt::{build_request, retry_request, PromptInput};
use super::references::{resolve_target, Target};
use super::replies;
use super::rules::{permitted_tool, validate_call};
use super::stats::{self, Stat};
use super::tools::{
    not_spending_spec, spending_question_spec, tool_spec, NOT_SPENDING, SPENDING_QUESTION,
};
use super::unread::Share;
use super::verify::{
    model_working, stated_amount, stated_day, stated_item, without_amount_or_day, Message,
};
use super::working::Working;
use lantern_core::language::Language;
use lantern_core::llm::tools::ToolCall;
use lantern_core::llm::{CancelFlag, Llm};
use serde_json::Value;
use std::cell::RefCell;

/// The tools the model may call on an open message: the role's (update and delete only
/// when the profile has expenses), a question about the spending when the role may
/// read it, and the reading that says it is not spending.
fn open_menu(input: &ExpenseTurnInput) -> (Vec<ExpenseTool>, DecisionMenu) {
    let ids: Vec<i64> = input.rows.iter().take(50).map(|e| e.id).collect();
    let offered: Vec<ExpenseTool> = ExpenseTool::ALL
        .into_iter()
        .filter(|t| input.context.role.may(*t))
        .filter(|t| tool_spec(*t, &ids).is_some())
        .collect();
    let mut tools: Vec<_> = offered.iter().filter_map(|t| tool_spec(*t, &ids)).collect();
    if offered.contains(&ExpenseTool::ListExpenses) {
        tools.push(spending_question_spec());
    }
    tools.push(not_spending_spec());
    let menu = DecisionMenu {
        clarify: true,
        answer: true,
        tools,
    };
    (offered, menu)
}

/// An open message: the model reads it, retried once when its answer is unusable; a
/// second unusable answer, or words the checks refuse, is a broken reply the guide
/// answers. `code` is code's own plan, when it had one.
pub(crate) async fn ask_model(
    want: &Want,
    code: Option<&TurnPlan>,
    input: &ExpenseTurnInput,
    llm: &dyn Llm,
    language: Language,
    cancel: &CancelFlag,
) -> Result<ExpenseTurnOutcome, ExpenseError> {
    let (tools, menu) = open_menu(input);
    let schema = decision_schema(&menu);
    let mut request = build_request(&PromptInput {
        message: &want.message,
        today: input.context.today,
        tools: &tools,
        history: &input.history,
        rows: &input.rows,
        language,
    });
    let grounding = Grounding {
        want,
        code,
        input,
        language,
        check: WordsCheck::new(&want.message, &input.rows, language),
        refused: RefCell::new(None),
    };
    let mut why = String::new();
    for attempt in 0..2 {
        let text = llm
            .complete_json(&request, &schema, &mut |_| {}, cancel)
            .await
            .map_err(ExpenseError::Model)?;
        why = match parse_decision(&text) {
            Err(unreadable) => unreadable,
            Ok(decision) => match grounding.ground(decision) {
                Ok((plan, model_words)) => {
                    let mut done = outcome(plan, language);
                    done.model_words = model_words;
                    done.refused = grounding.refused.take().map(|why| format!("{why}: {text}"));
                    if attempt > 0 {
                        done.retried = Some(format!("retried after: {why}"));
                    }
                    return Ok(done);
                }
                Err(unusable) => unusable.to_string(),
            },
        };
        if attempt == 0 {
            request = retry_request(request, &text, &why);
        }
    }
    Err(ExpenseError::ModelUnreadable(why))
}

/// What code says when there is no model, or its answer stayed unusable: code's own
/// plan, shown for a yes before anything is written (its reading was not the whole
/// message); a question about spending gets the records it asks about; anything else,
/// what the assistant can do.
pub(crate) fn fallback(want: &Want, code: Option<&TurnPlan>, language: Language) -> TurnPlan {
    match code {
        Some(TurnPlan::Run { action }) if !action.tool().is_read_only() => TurnPlan::Propose {
            action: action.clone(),
            reason: ConfirmReason::Vague,
            draft: want.draft.clone(),
        },
        Some(plan) => plan.clone(),
        None if want.facts.is_question => TurnPlan::Run {
            action: ExpenseAction::List(query_of(want)),
        },
        None => TurnPlan::Answer {
            content: replies::help(language),
        },
    }
}

/// The model's query for a total or a list, kept only where the student's words back
/// it: its days when the message names a time the reader did not resolve ("over the
/// past fortnight"), its category when the message's words point to that category.
fn model_query(want: &Want, model: ExpenseQuery) -> ExpenseQuery {
    let mut query = query_of(want);
    if query.range.is_none() && want.facts.day_unread {
        query.range = model.range;
    }
    if query.category.is_none() {
        query.category = model
            .category
            .filter(|c| category_is_clear(&want.message) && guess_category(&want.message) == *c);
    }
    query
}

/// What one decision is checked against.
struct Grounding<'a> {
    want: &'a Want,
    code: Option<&'a TurnPlan>,
    input: &'a ExpenseTurnInput,
    language: Language,
    check: WordsCheck,
    /// Why the model's words or reading were not shown, when they were not.
    refused: RefCell<Option<String>>,
}

impl Grounding<'_> {
    fn message(&self) -> Message<'_> {
        Message {
            text: &self.want.message,
            today: self.input.context.today,
            currency: self.input.context.currency,
        }
    }

    /// [`Self::unsure`], boxed, noting `why` the reading was not shown.
    fn unsure_of(&self, why: &str) -> Box<TurnPlan> {
        Box::new(self.unsure_because(why))
    }

    /// [`Self::unsure`], noting `why` the model's words or reading were not shown.
    fn unsure_because(&self, why: &str) -> TurnPlan {
        self.refused
            .replace(Some(format!("the model's reading was not shown: {why}")));
        self.unsure()
    }

    /// The question asked when the model's reading fails a check: how much, when no
    /// amount was given for an item the tables know; else what to record, quoting the
    /// student.
    fn unsure(&self) -> TurnPlan {
        let facts = &self.want.facts;
        let item = facts.item.clone().or_else(|| self.want.draft.item.clone());
        let (question, draft) = match &item {
            Some(item) if facts.amounts.is_empty() && item_is_known(item) => (
                replies::ask_missing(Some(item), None, self.language),
                Some(Draft {
                    intent: Some(Intent::Add),
                    item: Some(item.clone()),
                    date: facts.date,
                    shown_first: true,
                    ..Draft::default()
                }),
            ),
            _ => (replies::ask_unsure(&self.want.message, self.language), None),
        };
        TurnPlan::Clarify { question, draft }
    }

    /// The model's decision checked: a question or answer keeps its words only when the
    /// checks do (else code asks); a call must pass every check of its arguments, and a
    /// change waits for a yes unless it is exactly code's own plan. The flag says
    /// whether the plan's words are the model's.
    fn ground(&self, decision: ModelDecision) -> Result<(TurnPlan, bool), ExpenseError> {
        Ok(match decision {
            ModelDecision::Clarify { question } => match self.check.words(&question, true) {
                Ok(question) => {
                    let draft = self.unsure_draft();
                    (TurnPlan::Clarify { question, draft }, true)
                }
                Err(why) => (self.unsure_because(&why), false),
            },
            ModelDecision::Answer { content } => match self.check.words(&content, false) {
                Ok(content) => (TurnPlan::Answer { content }, true),
                Err(_) => (fallback(self.want, self.code, self.language), false),
            },
            ModelDecision::ToolCall {
                call,
                confirmation_suggested,
                ..
            } => (self.ground_call(&call, confirmation_suggested)?, false),
        })
    }

    /// What a model's question leaves for the answer: the item the student named.
    fn unsure_draft(&self) -> Option<Draft> {
        let facts = &self.want.facts;
        (facts.amounts.is_empty() && !facts.is_question).then(|| Draft {
            intent: Some(Intent::Add),
            item: facts.item.clone(),
            date: facts.date,
            shown_first: true,
            ..Draft::default()
        })
    }

    fn ground_call(&self, call: &ToolCall, suggested: bool) -> Result<TurnPlan, ExpenseError> {
        if call.tool == NOT_SPENDING {
            return Ok(self.not_spending(call));
        }
        if call.tool == SPENDING_QUESTION {
            return self.spending_question(call);
        }
        let context = &self.input.context;
        let tool = permitted_tool(call, context)?;
        let facts = &self.want.facts;
        // A question about spending never changes it: show what is recorded instead.
        if facts.is_question && facts.amounts.is_empty() && !tool.is_read_only() {
            return Ok(TurnPlan::Run {
                action: ExpenseAction::List(query_of(self.want)),
            });
        }
        // A total or a list answers a question; for a message that states an amount and
        // asks nothing (a purchase) it is not a reading of it: code's own plan is shown
        // for a yes, else the app asks.
        let states_spending = !facts.amounts.is_empty() && !facts.is_question;
        if tool.is_read_only() && states_spending && facts.stat.is_none() {
            return Ok(match self.code {
                Some(_) => fallback(self.want, self.code, self.language),
                None => self.unsure_because("a total or a list for a purchase"),
            });
        }
        let plan = match tool {
            ExpenseTool::GetBalance | ExpenseTool::ListExpenses => {
                let action = match validate_call(call, context)? {
                    ExpenseAction::Balance(q) => ExpenseAction::Balance(model_query(self.want, q)),
                    ExpenseAction::List(q) => ExpenseAction::List(model_query(self.want, q)),
                    other => other,
                };
                return Ok(TurnPlan::Run { action });
            }
            ExpenseTool::AddExpense => self.add(call),
            ExpenseTool::UpdateExpense => self.update(call),
            ExpenseTool::DeleteExpense => self.delete(call),
        };
        Ok(match plan {
            Err(question) => *question,
            Ok((action, draft)) => self.shown(action, draft, suggested),
        })
    }

    /// A checked change: code's own plan when it is the same action, else shown for a
    /// yes (a reading of the model's is never written unseen).
    fn shown(&self, action: ExpenseAction, draft: Draft, suggested: bool) -> TurnPlan {
        if let Some(code) = self.code {
            let same = match code {
                TurnPlan::Run { action: a } | TurnPlan::Propose { action: a, .. } => *a == action,
                _ => false,
            };
            if same {
                return code.clone();
            }
        }
        let reason =
            confirmation_needed(action.tool(), suggested, false).unwrap_or(ConfirmReason::Vague);
        TurnPlan::Propose {
            action,
            reason,
            draft,
        }
    }

    /// A question about the spending: the model chose the computation; the days and
    /// category are the student's (as for a total), and code works out the figure.
    fn spending_question(&self, call: &ToolCall) -> Result<TurnPlan, ExpenseError> {
        let stat = call
            .args
            .get("stat")
            .and_then(Value::as_str)
            .and_then(Stat::from_name)
            .ok_or_else(|| ExpenseError::Invalid("no computation named".into()))?;
        let mut filters = call.args.clone();
        filters.remove("stat");
        let read = ToolCall {
            tool: ExpenseTool::ListExpenses.name().into(),
            args: filters,
        };
        let ExpenseAction::List(model) = validate_call(&read, &self.input.context)? else {
            return Err(ExpenseError::Invalid("not a list".into()));
        };
        let query = model_query(self.want, model);
        let context = &self.input.context;
        let content = stats::answer(stat, &self.input.rows, &query, context.today, self.language);
        Ok(TurnPlan::Answer { content })
    }

    /// Money received, lent or paid back: nothing is recorded, and the reply says so.
    fn not_spending(&self, call: &ToolCall) -> TurnPlan {
        let received = call.args.get("kind").and_then(Value::as_str) == Some("received");
        let content = if received {
            let amount = self
                .want
                .facts
                .amounts
                .first()
                .map(|a| super::money::Money {
                    minor: a.minor,
                    currency: a.currency.unwrap_or(self.input.context.currency),
                });
            replies::income(amount, self.language)
        } else {
            replies::loan(self.language)
        };
        TurnPlan::Answer { content }
    }

    /// An add: what code read for sure stands (a split or a price each, the day), the
    /// model fills what code could not (the item, which amount is the price, a count),
    /// and every value it fills must be the student's.
    fn add(&self, call: &ToolCall) -> Result<(ExpenseAction, Draft), Box<TurnPlan>> {
        let message = self.message();
        let facts = &self.want.facts;
        let item = self.item(call)?;
        let Some(price) = call
            .args
            .get("amount")
            .and_then(|a| stated_amount(a, &message))
        else {
            // No amount at all is asked for; a wrong one is not shown.
            return Err(if facts.amounts.is_empty() {
                self.ask_amount(&item)
            } else {
                self.unsure_of("the amount is not in the message")
            });
        };
        let working = match (facts.unread.share, facts.unread.count) {
            (Some(Share::Parts(parts)), _) => Some(Working::Split {
                total: price,
                parts,
            }),
            (Some(Share::Each), Some(count)) if count > 1 => Some(Working::Times { count, price }),
            (Some(Share::Unknown), _) => {
                return Err(Box::new(TurnPlan::Clarify {
                    question: replies::ask_share(price, self.language),
                    draft: Some(Draft {
                        intent: Some(Intent::Add),
                        item: Some(item),
                        date: facts.date,
                        shown_first: true,
                        ..Draft::default()
                    }),
                }))
            }
            _ => model_working(&call.args, price, &message).map_err(|why| self.unsure_of(why))?,
        };
        let amount = working.map_or(price, |w| w.result());
        // The day code read, else the model's words for it when they are the message's
        // and code resolves them; a day named that neither resolves is asked.
        let day = call.args.get("day").and_then(Value::as_str).unwrap_or("");
        let date = facts
            .date
            .or_else(|| stated_day(day, &message).ok().flatten());
        if date.is_none() && facts.day_unread {
            return Err(Box::new(TurnPlan::Clarify {
                question: replies::ask_day(&item, amount, self.language),
                draft: None,
            }));
        }
        let category = self.category(&item, call);
        let draft = Draft {
            intent: Some(Intent::Add),
            item: Some(item.clone()),
            amount: Some(amount),
            date,
            category: Some(category),
            working,
            ..Draft::default()
        };
        let action = ExpenseAction::Add(NewExpense {
            item,
            amount,
            date: date.unwrap_or(message.today),
            category,
        });
        Ok((action, draft))
    }

    /// The item: code's when the tables know it, the model's when they know that ("abono"
    /// for "recargué el abono"), code's when the model's words are part of it ("train to
    /// leeds" for "leeds"); else the model's — every word of it the student's.
    fn item(&self, call: &ToolCall) -> Result<String, Box<TurnPlan>> {
        let message = self.message();
        let model = call
            .args
            .get("item")
            .and_then(Value::as_str)
            .and_then(|i| stated_item(i, &message))
            .and_then(|i| without_amount_or_day(&i, &message));
        let code = self.want.facts.item.clone();
        // Code's item stands for the model's when it holds all of it and is still a name,
        // not a count of things ("3 of those croissants").
        let within_code = |model: &str| {
            code.as_deref().is_some_and(|code| {
                if code.contains(|c: char| c.is_ascii_digit()) {
                    return false;
                }
                let code_words = Message {
                    text: code,
                    ..message
                };
                stated_item(model, &code_words).is_some()
            })
        };
        match (code.clone(), model) {
            (Some(code), _) if item_is_known(&code) => Ok(code),
            (_, Some(model)) if item_is_known(&model) => Ok(model),
            (Some(code), Some(model)) if within_code(&model) => Ok(code),
            (_, Some(model)) => Ok(model),
            (_, None) => Err(self.unsure_of("the item is not in the message")),
        }
    }

    /// "How much was the pizza?": an add with no amount at all, its item kept for the
    /// answer.
    fn ask_amount(&self, item: &str) -> Box<TurnPlan> {
        Box::new(TurnPlan::Clarify {
            question: replies::ask_missing(Some(item), None, self.language),
            draft: Some(Draft {
                intent: Some(Intent::Add),
                item: Some(item.to_string()),
                date: self.want.facts.date,
                shown_first: true,
                ..Draft::default()
            }),
        })
    }

    /// The category: the one the student named, else the one the item's words clearly
    /// point to, else the model's choice (shown on the card, where it can be changed).
    fn category(&self, item: &str, call: &ToolCall) -> Category {
        let model = call
            .args
            .get("category")
            .and_then(Value::as_str)
            .and_then(Category::from_name);
        self.want.facts.category.unwrap_or_else(|| {
            if category_is_clear(item) {
                guess_category(item)
            } else {
                model.unwrap_or_else(|| guess_category(item))
            }
        })
    }

    /// The expense a change names: one the student's words point to (several that fit
    /// are asked about), never one they do not.
    fn named_row(&self, call: &ToolCall, intent: Intent) -> Result<&Expense, Box<TurnPlan>> {
        let id = call.args.get("id").and_then(Value::as_i64);
        let want = self.want;
        let rows = &self.input.rows;
        let target = resolve_target(
            rows,
            &want.facts,
            intent,
            &want.draft.candidates,
            self.input.last_touched,
            &want.message,
            &self.input.closeness,
        );
        let draft = Draft {
            intent: Some(intent),
            ..Draft::default()
        };
        match (target, id) {
            (Target::Found(found), Some(id)) if found == id => {
                which_one(Target::Found(id), rows, draft, self.language)
            }
            (Target::Several { ids, named }, Some(id)) if ids.contains(&id) => {
                which_one(Target::Several { ids, named }, rows, draft, self.language)
            }
            _ => Err(self.unsure_of("the expense is not one the message names")),
        }
    }

    /// A removal of an expense the student's words name.
    fn delete(&self, call: &ToolCall) -> Result<(ExpenseAction, Draft), Box<TurnPlan>> {
        let row = self.named_row(call, Intent::Delete)?;
        let draft = Draft {
            intent: Some(Intent::Delete),
            target: Some(row.id),
            ..Draft::default()
        };
        Ok((ExpenseAction::Delete { id: row.id }, draft))
    }

    /// A correction whose new amount, item and day are the student's.
    fn update(&self, call: &ToolCall) -> Result<(ExpenseAction, Draft), Box<TurnPlan>> {
        let row = self.named_row(call, Intent::Update)?;
        let message = self.message();
        let args = &call.args;
        let amount = match args.get("amount") {
            Some(v) => Some(
                stated_amount(v, &message)
                    .ok_or_else(|| self.unsure_of("the amount is not in the message"))?,
            ),
            None => None,
        };
        let item = match args.get("item").and_then(Value::as_str) {
            Some(item) => Some(
                stated_item(item, &message)
                    .ok_or_else(|| self.unsure_of("the item is not in the message"))?,
            ),
            None => None,
        };
        let day = args.get("day").and_then(Value::as_str).unwrap_or("");
        // A day only when the message talks about the date; words not the message's are
        // not a day.
        let date = match self.want.facts.mentions_date {
            true => self
                .want
                .facts
                .date
                .or_else(|| stated_day(day, &message).ok().flatten()),
            false => None,
        };
        let category = args
            .get("category")
            .and_then(Value::as_str)
            .and_then(Category::from_name)
            .filter(|_| self.want.facts.category.is_some());
        let patch = ExpensePatch {
            item: item.filter(|i| *i != row.item),
            amount: amount.filter(|m| *m != row.amount),
            date: date.filter(|d| *d != row.date),
            category: category.filter(|c| *c != row.category),
        };
        if patch.is_empty() {
            return Err(Box::new(TurnPlan::Clarify {
                question: replies::ask_change(row, self.language),
                draft: Some(Draft {
                    intent: Some(Intent::Update),
                    target: Some(row.id),
                    ..Draft::default()
                }),
            }));
        }
        let draft = Draft {
            intent: Some(Intent::Update),
            target: Some(row.id),
            ..Draft::default()
        };
        Ok((ExpenseAction::Update { id: row.id, patch }, draft))
    }
}
