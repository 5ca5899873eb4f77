//! The report editor (spec 002): a report is a tree of sections with stable ids; the
//! model reads and changes it only through tools, under a grammar narrowed to the
//! report's real ids; every change is validated, kept for the student's review, and
//! confirmed in words by the app when the model falls silent.

pub mod answer_quote;
pub mod app;
mod clarify;
pub mod command;
mod command_turn;
pub mod confirm;
mod contract;
#[cfg(test)]
mod edit_rules;
mod error;
pub mod focus;
mod host;
pub mod leak;
#[cfg(test)]
mod loop_rules;
pub mod markdown;
pub mod messages;
mod names;
pub mod offline;
pub mod ops;
mod outcome;
pub mod ports;
pub mod prompt;
#[cfg(test)]
mod properties;
pub mod quality;
mod quantity;
pub mod references;
pub mod replacement;
mod reply_words;
pub mod review;
pub mod rewrite_check;
pub mod rule_gate;
pub mod rules;
pub mod section_tree;
pub mod specs;
mod table;
#[cfg(test)]
mod testing;
mod tool_turn;
pub mod tools;
mod turn;
mod value_edit;
mod value_said;
mod value_spot;
mod value_table;
pub mod word_edit;
mod word_lists;

pub use contract::{
    NumberedSection, OutlineEntry, Report, Section, MAX_BODY_CHARS, MAX_DEPTH, MAX_TITLE_CHARS,
};
pub use error::ReportError;
pub use markdown::{export_markdown, import_markdown};
pub use names::default_project_name;
pub use ops::{apply_op, ReportOp};
pub use outcome::{ReportTurnOutcome, TurnEnd};
pub use ports::{ChatLine, ReportPorts, ReportProgress, SpecPassage};
pub use review::{ChangeAuthor, ChangeStatus, ReportChange};
pub use section_tree::Place;
pub use turn::{clean_message, run_report_turn, ReportTurnInput, MAX_MESSAGE_CHARS, MAX_STEPS};

/// The owner of a project's specification passages in the index (`project-<id>`).
pub fn project_owner(project_id: i64) -> String {
    format!("project-{project_id}")
}
