//! The Toulmin argument coach (spec 000): the response contract, the rules the app
//! applies to every model answer, the triggers read from the student's message, the
//! prompt, the offline guide, streaming of the reply text, and exports.

mod contract;
mod draft;
mod error;
mod export;
mod normalize;
mod offline;
mod prompt;
pub mod rules;
mod step;
pub mod step_checks;
mod stream_text;
pub mod triggers;
mod turn;

pub use crate::language::Language;
pub use contract::{CoachAIResult, CoachMessage, CoachRole, ProposedUpdate};
pub use draft::ToulminDraft;
pub use error::CoachError;
pub use export::{to_argdown, to_markdown};
pub use offline::{offline_turn, opening_question};
pub use prompt::{build_request, system_prompt};
pub use rules::{apply_rules, combined_text, RuleContext};
pub use step::ToulminStep;
pub use step_checks::{detect_weakness, passes_step_heuristics, Weakness};
pub use stream_text::AssistantTextStream;
pub use turn::{
    accept_proposal, advance_step, run_turn, CoachTurnInput, CoachTurnOutcome, StepOutcome,
};
