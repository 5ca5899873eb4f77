//! One expenses turn (spec 003, flow 1–8), decided by code first: a yes or no to the
//! waiting proposal confirms or cancels it; a request code reads whole (`accounted.rs`)
//! is planned by code (`code_plan.rs`); every other message goes to the model, whose
//! one JSON decision (clarify, tool call or answer) is checked against the message,
//! retried once when unusable, and never shown when a check fails (`model_plan.rs`). The turn only plans: the app layer (`app/`) runs, confirms
//! and words it. Who decided is the shared [`answer_turn`]'s to say: code's plans are
//! the app's ([`LoopTurn::without_model`]), the model's checked decision is the model's,
//! and the guide answers offline, after a failure or a broken reply.

use super::accounted::fully_read;
use super::code_plan::{plan_by_code, plan_by_reading};
use super::continuation::continues;
use super::error::ExpenseError;
use super::facts::{message_language, read_facts, YesNo};
use super::model_plan::{ask_model, fallback};
use super::plan::{outcome, ExpenseTurnInput, ExpenseTurnOutcome, TurnPlan, Want};
use super::replies;
use lantern_core::language::Language;
use lantern_core::llm::{BoxFuture, CancelFlag, DeltaSink, Llm};
use lantern_core::turn::{answer_turn, Answered, LoopTurn};
use lantern_core::ErrorCode;

/// How a turn is answered: planned by code from the words and the rows, or open (the
/// model decides).
enum Reading {
    /// Code's plan.
    Planned(TurnPlan),
    /// A message code did not fully account for, the request it continues, and code's
    /// own plan when it had one.
    Open {
        /// The request.
        want: Box<Want>,
        /// Code's plan.
        code: Option<TurnPlan>,
    },
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
                Reading::Open { want, code } => {
                    ask_model(want, code.as_ref(), self.input, llm, self.language, cancel).await
                }
                Reading::Planned(plan) => Ok(outcome(plan.clone(), self.language)),
            }
        })
    }

    fn offline(&self) -> Result<ExpenseTurnOutcome, ExpenseError> {
        let plan = match &self.reading {
            Reading::Open { want, code } => fallback(want, code.as_ref(), self.language),
            Reading::Planned(plan) => plan.clone(),
        };
        Ok(outcome(plan, self.language))
    }

    fn without_model(&self) -> Option<Result<ExpenseTurnOutcome, ExpenseError>> {
        match &self.reading {
            Reading::Planned(plan) => Some(Ok(outcome(plan.clone(), self.language))),
            Reading::Open { .. } => None,
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
    // Code's plan stands when its reading is the whole message, or the message only
    // answers the last question; otherwise the model reads it and code checks that.
    let answers_question = want.facts.intent.is_none() && want.draft.intent.is_some();
    let reading = match want.intent() {
        Some(intent) if answers_question || fully_read(&want.facts) => {
            Reading::Planned(plan_by_code(&want, intent, input, language))
        }
        intent => Reading::Open {
            code: intent.map(|i| plan_by_code(&want, i, input, language)),
            want: Box::new(want),
        },
    };
    (reading, language)
}
