//! The report editor in the app: its commands and the views they return. The rules live
//! in `lantern_reports`, the report's operations in `lantern_reports::app` (over `lantern_store`), files in
//! `lantern_docx`, the streamed turn in [`crate::turns`].

pub mod commands;
pub mod specs;
pub mod views;
