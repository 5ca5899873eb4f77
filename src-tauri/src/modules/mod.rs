//! Guided modules in the app: their commands and the views they return. The rules live
//! in `lantern_modules`, the actions in `lantern_store`, the streamed turn in
//! [`crate::turns`].

pub mod commands;
pub mod views;
