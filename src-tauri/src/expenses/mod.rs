//! The expenses assistant in the app: its commands and the views they return. The rules
//! live in `lantern_expenses`, the actions in `lantern_store`, the streamed turn in
//! [`crate::turns`]; the teacher's category words are read from the data folder
//! ([`category_words`]).

pub mod category_words;
pub mod commands;
pub mod views;
