//! The expenses assistant (spec 003): the student tells it about spending; it asks when
//! something is missing, proposes one tool call, asks for confirmation when the rules
//! say so, then acts. Money is never added, changed or deleted by a guess: amounts,
//! dates and references are resolved by code, and a confirmation runs exactly the
//! proposal that was shown.

mod accounted;
pub mod app;
pub mod category;
pub mod closeness;
mod code_plan;
mod continuation;
mod contract;
pub mod dates;
pub mod decision;
mod draft;
mod error;
pub mod facts;
pub mod gate;
pub mod messages;
mod model_plan;
mod model_words;
pub mod money;
mod plan;
pub mod prompt;
pub mod references;
pub mod replies;
pub mod rules;
pub mod stats;
pub mod tools;
mod turn;
pub mod unread;
mod unused_words;
mod verify;
mod word_lists;
mod working;

pub use contract::{
    Category, Expense, ExpenseAction, ExpensePatch, ExpenseQuery, ExpenseTool, NewExpense, Role,
    MAX_ITEM_CHARS,
};
pub use error::ExpenseError;
pub use plan::{
    clean_message, DecisionKind, Draft, ExpenseTurnInput, ExpenseTurnOutcome, Pending, TurnPlan,
    Working, MAX_MESSAGE_CHARS,
};
pub use turn::run_expense_turn;

#[cfg(test)]
mod flow;
#[cfg(test)]
mod properties;
#[cfg(test)]
mod testing;
