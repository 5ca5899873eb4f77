//! Guided modules (spec 004): every reply follows RESPONSE_SCHEMA — text blocks,
//! optional forms, the module's own media, quick-reply next steps — and progress,
//! milestones and module state are computed by the app from the student's words, form
//! answers and the sections walked, never taken from the model.

pub mod app;
pub mod chosen;
pub mod distress;
pub mod distress_file;
pub mod error;
pub mod fallback;
mod first_step;
pub mod forms;
pub mod grammar;
mod joiners;
pub mod joint_reading;
pub mod kind_answer;
pub mod language;
pub mod likely;
pub mod measures;
pub mod messages;
pub mod offline;
pub mod progress;
pub mod prompt;
#[cfg(test)]
mod properties;
mod question_parts;
pub mod ranking;
pub mod reading;
pub mod replies;
pub mod rules;
mod speaker;
mod student_voice;
pub mod turn;
pub mod why_answer;

#[cfg(test)]
use lantern_packs::module::testing;
pub use lantern_packs::module::{self as pack, authoring, check, contract, keywords};

pub use contract::ModuleReply;
pub use error::ModuleError;
pub use progress::{ModuleProgress, ProgressChange};
pub use turn::{
    prepare_module_turn, prepare_opening, run_module_turn, ModelRead, ModuleTurnInput,
    ModuleTurnOutcome, PreparedModuleTurn, StudentAct,
};
