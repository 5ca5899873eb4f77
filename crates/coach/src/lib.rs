//! The Toulmin argument coach (spec 000): the response contract, the rules the app
//! applies to every model answer, the triggers read from the student's message, the
//! prompt, the offline guide, streaming of the reply text, and exports.
//!
//! A turn: [`run_turn`] reads the triggers ([`triggers`]), builds the prompt
//! ([`build_request`]), streams the model's `assistantText` sentence by sentence while
//! the shared reply filter keeps it, applies the spec's rules ([`apply_rules`]), passes
//! the model's words through the reply filter ([`filter`]) and makes the coaching move
//! with the app's authored words where the model's fail; [`offline_turn`] answers
//! without a model; [`CoachOpening`] opens the next step once one is completed. The
//! operations on a saved argument are in [`app`], over a repository the store
//! implements; nothing here does I/O itself.

pub mod app;
mod change;
pub mod coaching;
mod contract;
mod correction;
mod courtesy;
mod detail;
mod draft;
mod error;
mod export;
pub mod filter;
mod input;
pub mod job;
mod judge;
mod lead_in;
mod link;
pub mod messages;
mod offline;
mod opening;
mod phrase_lists;
mod prompt;
#[cfg(test)]
mod properties;
pub mod quality;
pub mod reading;
mod remark;
mod rewrite;
pub mod rules;
mod session;
mod short_reply;
mod spans;
mod spelling;
mod step;
pub mod step_checks;

pub mod triggers;
mod turn;
mod turn_input;
pub mod weak_text;
mod what_if;
mod words;
mod written;

pub use change::{reply_change, step_change, CoachChange};
pub use contract::{CoachAIResult, CoachMessage, CoachRole, ProposedUpdate};
pub use draft::ToulminDraft;
pub use error::CoachError;
pub use export::{to_argdown, to_markdown};
pub use input::{clean_field, clean_message, SessionView, MAX_FIELD_CHARS, MAX_MESSAGE_CHARS};
pub use lantern_core::language::Language;
pub use lantern_core::text::stream_field::AssistantTextStream;
pub use lantern_core::text::tidy::tidy_reply;
pub use offline::offline_turn;
pub use opening::CoachOpening;
pub use prompt::{build_request, instruction_texts, system_prompt, PROMPT_LABELS};
pub use rules::{apply_rules, combined_text, RuleContext};
pub use session::CoachSession;
pub use step::ToulminStep;
pub use step_checks::passes_step_heuristics;
pub use triggers::{is_confirmation, is_rewrite_request};
pub use turn::{accept_proposal, advance_step, run_turn, CoachTurnOutcome, StepOutcome};
pub use turn_input::CoachTurnInput;
pub use weak_text::{detect_weakness, Weakness};
pub use words::opening_question;
