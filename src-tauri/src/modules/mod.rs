//! Guided modules in the app: their commands and the views they return. The rules and
//! the operations live in `lantern_modules` (its `app` layer, saved through the store's
//! repository), the streamed turn in [`crate::turns`].

pub mod commands;
pub mod distress_words;
pub mod views;
