//! The student's "Hand in my progress" (issue #36): a preview of exactly the file, then
//! saving those bytes where the student picks.

pub mod commands;
pub mod pending;
pub mod views;
