//! One expenses turn (spec 003, flow 1–8), decided by code first: a yes or no to the
//! waiting proposal confirms or cancels it; a request whose intent code can read (add,
//! list, balance, update, delete) is planned by code — missing details become a
//! question, a reference matching several expenses becomes a list to choose from; only
//! an open message goes to the model, whose one JSON decision (clarify, tool call or
//! answer) is checked, retried once when unusable, and grounded in the student's words
//! before anything may run. The turn only plans: the app layer (`app/`) runs, confirms
//! and words it. Who decided is the shared [`answer_turn`]'s to say: code's plans are
//! the app's ([`LoopTurn::without_model`]), the model's checked decision is the model's,
//! and the guide answers offline, after a failure or a broken reply.

use super::category::{category_is_clear, guess_category};
use super::continuation::continues;
use super::contract::{
    Expense, ExpenseAction, ExpensePatch, ExpenseQuery, ExpenseTool, NewExpense,
};
use super::dates::DateRange;
use super::decision::{decision_schema, parse_decision, DecisionMenu, ModelDecision};
pub use super::draft::Draft;
use super::error::ExpenseError;
use super::facts::{message_language, read_facts, Facts, Intent, YesNo};
use super::gate::{confirmation_needed, ConfirmReason};
use super::model_words::WordsCheck;
use super::money::Money;
use super::prompt::{build_request, retry_request, HistoryLine, PromptInput};
use super::references::{resolve_target, Target};
use super::replies;
use super::rules::{validate_call, CallContext};
use super::stats;
use super::tools::tool_spec;
use super::unread::{share_of, Share};
use lantern_core::language::Language;
use lantern_core::llm::{BoxFuture, CancelFlag, DeltaSink, Llm};
use lantern_core::turn::{answer_turn, Answered, CleanInput, LoopTurn};
use lantern_core::ErrorCode;
use serde::{Deserialize, Serialize};

/// Longest message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 1_000;
/// Most recent expenses a "not found" question lists.
const RECENT_LISTED: usize = 5;

/// A proposal waiting for the student's yes or no.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    /// Its id.
    pub id: String,
    /// The request it came from, to amend after a "no".
    pub draft: Draft,
}

/// What a turn starts from.
#[derive(Debug, Clone)]
pub struct ExpenseTurnInput {
    /// The student's message, cleaned once by the send path.
    pub message: CleanInput,
    /// The role, today and the profile's currency.
    pub context: CallContext,
    /// The conversation's language when the message does not tell.
    pub language: Language,
    /// Earlier messages, oldest first.
    pub history: Vec<HistoryLine>,
    /// The profile's expenses, newest first.
    pub rows: Vec<Expense>,
    /// What the last question left.
    pub draft: Option<Draft>,
    /// The proposal waiting for a yes or no.
    pub pending: Option<Pending>,
    /// The expense the last turn added, changed or showed alone.
    pub last_touched: Option<i64>,
}

/// What the turn decided; the store carries it out.
#[derive(Debug, Clone, PartialEq)]
pub enum TurnPlan {
    /// Ask; nothing runs.
    Clarify {
        /// The question.
        question: String,
        /// The request so far.
        draft: Option<Draft>,
    },
    /// Words only; nothing runs.
    Answer {
        /// The answer.
        content: String,
    },
    /// Run the action now.
    Run {
        /// The action.
        action: ExpenseAction,
    },
    /// Store the action as a proposal and ask for a yes.
    Propose {
        /// The action.
        action: ExpenseAction,
        /// Why it waits.
        reason: ConfirmReason,
        /// The request, to amend after a "no".
        draft: Draft,
    },
    /// Run the waiting proposal.
    Confirm {
        /// Its id.
        proposal_id: String,
    },
    /// Drop the waiting proposal and ask again.
    Cancel {
        /// Its id.
        proposal_id: String,
        /// The request, to amend.
        draft: Draft,
    },
    /// Refuse in words; nothing runs.
    Refuse {
        /// Why.
        error: ExpenseError,
    },
}

/// The spec's three kinds of decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// A question.
    Clarify,
    /// A tool call (run, proposed or confirmed).
    ToolCall,
    /// Words only.
    Answer,
}

impl TurnPlan {
    /// The kind of decision this plan is.
    pub fn kind(&self) -> DecisionKind {
        match self {
            Self::Clarify { .. } | Self::Cancel { .. } => DecisionKind::Clarify,
            Self::Run { .. } | Self::Propose { .. } | Self::Confirm { .. } => {
                DecisionKind::ToolCall
            }
            Self::Answer { .. } | Self::Refuse { .. } => DecisionKind::Answer,
        }
    }
}

/// What a turn did.
#[derive(Debug, Clone)]
pub struct ExpenseTurnOutcome {
    /// The plan.
    pub plan: TurnPlan,
    /// The turn's language.
    pub language: Language,
    /// Whether the plan's words are the model's: its decision was a question or an
    /// answer, and the checks kept it.
    pub model_words: bool,
    /// Why the model's first decision was retried, when it was.
    pub retried: Option<String>,
}

/// A message trimmed, or why it cannot be one.
pub fn clean_message(message: &str) -> Result<lantern_core::turn::CleanInput, ExpenseError> {
    lantern_core::turn::clean_or(
        message,
        MAX_MESSAGE_CHARS,
        || ExpenseError::MessageEmpty,
        ExpenseError::MessageTooLong,
    )
}

/// The request: the message's facts over what the last question left.
#[derive(Debug, Clone)]
struct Want {
    facts: Facts,
    draft: Draft,
    message: String,
}

impl Want {
    fn new(facts: Facts, draft: Option<Draft>, message: &str) -> Self {
        let draft = match (facts.intent, draft) {
            (Some(i), Some(d)) if d.intent.is_some_and(|di| di != i) => Draft::default(),
            (_, d) => d.unwrap_or_default(),
        };
        Self {
            facts,
            draft,
            message: message.into(),
        }
    }

    fn intent(&self) -> Option<Intent> {
        self.facts.intent.or(self.draft.intent).or_else(|| {
            (!self.facts.amounts.is_empty() && self.facts.item.is_some()).then_some(Intent::Add)
        })
    }

    /// The amount stated: the first for an add, the last for a correction.
    fn amount(&self, context: &CallContext, last: bool) -> Option<Money> {
        let found = if last {
            self.facts.amounts.last()
        } else {
            self.facts.amounts.first()
        };
        found
            .map(|a| Money {
                minor: a.minor,
                currency: a.currency.unwrap_or(context.currency),
            })
            .or(self.draft.amount)
    }
}

fn outcome(plan: TurnPlan, language: Language) -> ExpenseTurnOutcome {
    ExpenseTurnOutcome {
        plan,
        language,
        model_words: false,
        retried: None,
    }
}

/// How a turn is answered: planned by code from the words and the rows, or open (the
/// model decides).
enum Reading {
    /// Code's plan.
    Planned(TurnPlan),
    /// An open message and the request it continues.
    Open(Box<Want>),
}

/// One expenses turn in the shared turn: code's plan needs no model; an open message
/// is the model's to decide, and the guide answers when there is no model, it crashed
/// or hung, or its answer stayed unusable.
struct ExpenseTurn<'a> {
    reading: Reading,
    input: &'a ExpenseTurnInput,
    language: Language,
}

impl LoopTurn for ExpenseTurn<'_> {
    type Reply = ExpenseTurnOutcome;
    type Error = ExpenseError;

    fn ask<'a>(
        &'a self,
        llm: &'a dyn Llm,
        _on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<ExpenseTurnOutcome, ExpenseError>> {
        Box::pin(async move {
            match &self.reading {
                Reading::Open(want) => {
                    ask_model(want, self.input, llm, self.language, cancel).await
                }
                Reading::Planned(plan) => Ok(outcome(plan.clone(), self.language)),
            }
        })
    }

    fn offline(&self) -> Result<ExpenseTurnOutcome, ExpenseError> {
        let plan = match &self.reading {
            Reading::Open(want) => fallback(want, self.language),
            Reading::Planned(plan) => plan.clone(),
        };
        Ok(outcome(plan, self.language))
    }

    fn without_model(&self) -> Option<Result<ExpenseTurnOutcome, ExpenseError>> {
        match &self.reading {
            Reading::Planned(plan) => Some(Ok(outcome(plan.clone(), self.language))),
            Reading::Open(_) => None,
        }
    }

    fn is_broken_reply(&self, code: ErrorCode) -> bool {
        matches!(
            code,
            ErrorCode::ExpenseModelUnreadable
                | ErrorCode::ModelOutputInvalid
                | ErrorCode::ModelGrammarFailed
        )
    }
}

/// Runs one turn through the shared [`answer_turn`]: code plans every message it can
/// read; an open message goes to the model, and the guide answers when there is no
/// model, it failed, or its answer stayed unusable. The origin is `answer_turn`'s.
pub async fn run_expense_turn(
    input: ExpenseTurnInput,
    llm: Option<&dyn Llm>,
    cancel: &CancelFlag,
) -> Result<Answered<ExpenseTurnOutcome>, ExpenseError> {
    let (reading, language) = read_turn(&input);
    let turn = ExpenseTurn {
        reading,
        input: &input,
        language,
    };
    answer_turn(&turn, llm, &mut |_| {}, cancel).await
}

/// What code makes of the message: its plan, or an open message for the model; and
/// the turn's language.
fn read_turn(input: &ExpenseTurnInput) -> (Reading, Language) {
    let message = input.message.as_str();
    let context = input.context;
    let facts = read_facts(message, context.today);
    let language = message_language(message, input.language);
    let mut draft = input.draft.clone();
    if let Some(pending) = &input.pending {
        match facts.answer {
            Some(YesNo::Yes) => {
                let proposal_id = pending.id.clone();
                return (
                    Reading::Planned(TurnPlan::Confirm { proposal_id }),
                    language,
                );
            }
            Some(YesNo::No) => {
                let plan = TurnPlan::Cancel {
                    proposal_id: pending.id.clone(),
                    draft: pending.draft.clone(),
                };
                return (Reading::Planned(plan), language);
            }
            None if facts.intent.is_none() => draft = Some(pending.draft.clone()),
            None => {}
        }
    }
    if let Some(social) = facts.social {
        let content = replies::social(social, language);
        return (Reading::Planned(TurnPlan::Answer { content }), language);
    }
    if let Some(plan) = plan_by_reading(&facts, input, language) {
        return (Reading::Planned(plan), language);
    }
    if facts.intent.is_none()
        && draft
            .as_ref()
            .is_some_and(|d| !continues(&facts, d, &input.rows, message))
    {
        draft = None;
    }
    let want = Want::new(facts, draft, message);
    let reading = match want.intent() {
        Some(intent) => Reading::Planned(plan_by_code(&want, intent, input, language)),
        None => Reading::Open(Box::new(want)),
    };
    (reading, language)
}

/// Messages code answers from the words and the rows alone, whatever else they say:
/// money received is not an expense, and a question about the spending (biggest, by
/// category, average) is worked out from the rows.
fn plan_by_reading(
    facts: &Facts,
    input: &ExpenseTurnInput,
    language: Language,
) -> Option<TurnPlan> {
    let changes = matches!(facts.intent, Some(Intent::Update | Intent::Delete));
    if facts.unread.income && !changes {
        let amount = facts.amounts.first().map(|a| Money {
            minor: a.minor,
            currency: a.currency.unwrap_or(input.context.currency),
        });
        return Some(TurnPlan::Answer {
            content: replies::income(amount, language),
        });
    }
    let stat = facts
        .stat
        .filter(|_| !changes && facts.intent != Some(Intent::Add))?;
    if !input.context.role.may(ExpenseTool::ListExpenses) {
        return None;
    }
    let query = ExpenseQuery {
        range: facts.range,
        category: facts.category,
    };
    let rows: Vec<Expense> = input
        .rows
        .iter()
        .filter(|e| query.matches(e))
        .cloned()
        .collect();
    Some(TurnPlan::Answer {
        content: stats::answer(stat, &rows, &query, input.context.today, language),
    })
}

/// The plan for a request whose intent code read.
fn plan_by_code(
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

fn query_of(want: &Want) -> ExpenseQuery {
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
    // A shared cost: the student's share, computed and shown before it is written.
    let (amount, shared) = match want.facts.unread.share {
        Some(Share::Parts(parts)) => (
            Money {
                minor: share_of(amount.minor, parts),
                currency: amount.currency,
            },
            true,
        ),
        Some(Share::Each) => {
            let times = i64::from(want.facts.unread.count.unwrap_or(1));
            (
                Money {
                    minor: amount.minor.saturating_mul(times),
                    currency: amount.currency,
                },
                true,
            )
        }
        Some(Share::Unknown) => {
            return TurnPlan::Clarify {
                question: replies::ask_share(amount, language),
                draft: Some(draft),
            }
        }
        None => (amount, false),
    };
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
        && !want.facts.unread.spent_of_received;
    match confirmation_needed(ExpenseTool::AddExpense, false, asked) {
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
        ),
    };
    let id = match target {
        Target::Found(id) => id,
        Target::Several(ids) => {
            let listed: Vec<&Expense> = ids
                .iter()
                .filter_map(|id| rows.iter().find(|e| e.id == *id))
                .collect();
            draft.candidates = ids;
            return TurnPlan::Clarify {
                question: replies::ask_which(&listed, language),
                draft: Some(draft),
            };
        }
        Target::NotFound => {
            let recent: Vec<&Expense> = rows.iter().take(RECENT_LISTED).collect();
            draft.candidates = recent.iter().map(|e| e.id).collect();
            return TurnPlan::Clarify {
                question: replies::ask_not_found(&recent, language),
                draft: Some(draft),
            };
        }
    };
    let Some(row) = rows.iter().find(|e| e.id == id) else {
        return TurnPlan::Refuse {
            error: ExpenseError::NotFound(id),
        };
    };
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
    match confirmation_needed(ExpenseTool::UpdateExpense, false, stated) {
        Some(reason) => TurnPlan::Propose {
            action,
            reason,
            draft,
        },
        None => TurnPlan::Run { action },
    }
}

/// The tools the model may call on an open message: the role's, update and delete only
/// when the profile has expenses.
fn open_menu(input: &ExpenseTurnInput) -> (Vec<ExpenseTool>, DecisionMenu) {
    let ids: Vec<i64> = input.rows.iter().take(50).map(|e| e.id).collect();
    let offered: Vec<ExpenseTool> = ExpenseTool::ALL
        .into_iter()
        .filter(|t| input.context.role.may(*t))
        .filter(|t| tool_spec(*t, &ids).is_some())
        .collect();
    let menu = DecisionMenu {
        clarify: true,
        answer: true,
        tools: offered.iter().filter_map(|t| tool_spec(*t, &ids)).collect(),
    };
    (offered, menu)
}

/// An open message: the model decides, retried once when its answer is unusable; a
/// second unusable answer, or words the checks refuse, is a broken reply the guide
/// answers.
async fn ask_model(
    want: &Want,
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
    let check = WordsCheck::new(&want.message, &input.rows, language);
    let mut why = String::new();
    for attempt in 0..2 {
        let text = llm
            .complete_json(&request, &schema, &mut |_| {}, cancel)
            .await
            .map_err(ExpenseError::Model)?;
        why = match parse_decision(&text) {
            Err(unreadable) => unreadable,
            Ok(decision) => match ground(decision, want, input, language, &check) {
                Ok((plan, model_words)) => {
                    let mut done = outcome(plan, language);
                    done.model_words = model_words;
                    if attempt > 0 {
                        done.retried = Some(format!("retried after: {why}"));
                    }
                    return Ok(done);
                }
                // Words the checks refused are not asked again: the guide answers.
                Err(refused @ ExpenseError::ModelUnreadable(_)) => return Err(refused),
                Err(unusable) => unusable.to_string(),
            },
        };
        if attempt == 0 {
            request = retry_request(request, &text, &why);
        }
    }
    Err(ExpenseError::ModelUnreadable(why))
}

/// What code says when the model's words are unusable: a question about spending gets
/// the records it asks about (computed, never guessed); anything else, what the
/// assistant can do.
fn fallback(want: &Want, language: Language) -> TurnPlan {
    if want.facts.is_question {
        TurnPlan::Run {
            action: ExpenseAction::List(query_of(want)),
        }
    } else {
        TurnPlan::Answer {
            content: replies::help(language),
        }
    }
}

/// Whether the message points to expense `id`: by number, by its item's words, or as
/// "it" for the one just touched.
fn names_expense(want: &Want, input: &ExpenseTurnInput, id: i64) -> bool {
    let intent = want.intent().unwrap_or(Intent::Update);
    let target = resolve_target(
        &input.rows,
        &want.facts,
        intent,
        &want.draft.candidates,
        input.last_touched,
        &want.message,
    );
    match target {
        Target::Found(found) => found == id,
        Target::Several(ids) => ids.contains(&id),
        Target::NotFound => false,
    }
}

/// The model's decision checked and grounded: a question or answer keeps its words only
/// when the checks do (else the words are refused: [`ExpenseError::ModelUnreadable`]);
/// a call must validate, must not carry money the student did not state, and waits for
/// a yes when a value was inferred or it deletes. The flag says whether the plan's
/// words are the model's.
fn ground(
    decision: ModelDecision,
    want: &Want,
    input: &ExpenseTurnInput,
    language: Language,
    check: &WordsCheck,
) -> Result<(TurnPlan, bool), ExpenseError> {
    let context = &input.context;
    let refused = |why: String| ExpenseError::ModelUnreadable(format!("words refused: {why}"));
    Ok(match decision {
        ModelDecision::Clarify { question } => {
            let question = check.words(&question, true).map_err(refused)?;
            let plan = TurnPlan::Clarify {
                question,
                draft: None,
            };
            (plan, true)
        }
        ModelDecision::Answer { content } => {
            let content = check.words(&content, false).map_err(refused)?;
            (TurnPlan::Answer { content }, true)
        }
        ModelDecision::ToolCall {
            call,
            confirmation_suggested,
            ..
        } => {
            let action = validate_call(&call, context)?;
            let tool = action.tool();
            // The model picks a total or a list; the days and category are the ones the
            // student named, or the model's where the student's words say something the
            // reader did not resolve — never a guess from nothing.
            match action {
                ExpenseAction::Balance(q) => {
                    let action = ExpenseAction::Balance(model_query(want, q));
                    return Ok((TurnPlan::Run { action }, false));
                }
                ExpenseAction::List(q) => {
                    let action = ExpenseAction::List(model_query(want, q));
                    return Ok((TurnPlan::Run { action }, false));
                }
                _ => {}
            }
            // A question about spending never changes it: show what is recorded instead.
            if want.facts.is_question && want.facts.amounts.is_empty() {
                let action = ExpenseAction::List(query_of(want));
                return Ok((TurnPlan::Run { action }, false));
            }
            let stated_amount = want.amount(context, true);
            let stated = match &action {
                ExpenseAction::Add(new) => {
                    if stated_amount.is_none_or(|m| m.minor != new.amount.minor) {
                        let question =
                            replies::ask_missing(want.facts.item.as_deref(), None, language);
                        return Ok((
                            TurnPlan::Clarify {
                                question,
                                draft: Some(Draft {
                                    intent: Some(Intent::Add),
                                    item: want.facts.item.clone(),
                                    ..Draft::default()
                                }),
                            },
                            false,
                        ));
                    }
                    // The item, category and day are the student's, or shown first.
                    let category_stated = want.facts.category.map_or_else(
                        || {
                            category_is_clear(&new.item)
                                && guess_category(&new.item) == new.category
                        },
                        |c| c == new.category,
                    );
                    want.facts
                        .item
                        .as_deref()
                        .is_some_and(|i| i.eq_ignore_ascii_case(&new.item))
                        && category_stated
                        && want.facts.unread.share.is_none()
                        && !want.facts.day_unread
                }
                ExpenseAction::Update { id, .. } | ExpenseAction::Delete { id }
                    if !names_expense(want, input, *id) =>
                {
                    // A change to an expense the student's words do not point to.
                    return Ok((
                        TurnPlan::Answer {
                            content: replies::help(language),
                        },
                        false,
                    ));
                }
                ExpenseAction::Update { patch, .. } => {
                    if patch
                        .amount
                        .is_some_and(|m| stated_amount.is_none_or(|s| s.minor != m.minor))
                    {
                        return Err(ExpenseError::Invalid(
                            "the new amount is not in the student's message".into(),
                        ));
                    }
                    false
                }
                _ => false,
            };
            let reason = confirmation_needed(tool, confirmation_suggested, stated);
            match reason {
                Some(reason) => (
                    TurnPlan::Propose {
                        action,
                        reason,
                        draft: Draft::default(),
                    },
                    false,
                ),
                None => (TurnPlan::Run { action }, false),
            }
        }
    })
}
