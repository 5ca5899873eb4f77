//! The Models page: the model list with what each costs, one-click switching, GGUF
//! import, speed measurement, and the automatic choice that runs when none was made.

mod checked;
pub mod commands;
pub mod selection;
pub mod views;

pub use checked::CheckedModel;
