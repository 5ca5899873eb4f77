//! The coach loop in the app: its commands and the views they return. The rules live in
//! `lantern_coach`, the session's operations in `lantern_coach::app` (over the store),
//! the streamed turn in [`crate::turns`].

pub mod commands;
pub mod views;
