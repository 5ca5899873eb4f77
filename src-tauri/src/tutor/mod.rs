//! The tutor loop in the app: its commands and the views they return. The rules live in
//! `lantern_tutor`, the thread's operations in `lantern_tutor::app` (over `lantern_store`), the streamed turn in
//! [`crate::turns`].

pub mod commands;
pub mod evidence;
pub mod views;
