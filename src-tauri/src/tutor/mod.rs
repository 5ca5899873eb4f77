//! The tutor loop in the app: its commands and the views they return. The rules live in
//! `lantern_tutor`, the thread's actions in `lantern_store`, the streamed turn in
//! [`crate::turns`].

pub mod commands;
pub mod evidence;
pub mod views;
