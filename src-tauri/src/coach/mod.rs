//! The coach loop in the app: its commands and the views they return. The rules live in
//! `lantern_coach`, the session's actions in `lantern_store`, the streamed turn in
//! [`crate::turns`].

pub mod commands;
pub mod views;
