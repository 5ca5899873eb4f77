//! The pack formats a teacher writes and Lantern imports: courses (units, notes,
//! prerequisites, drills, exams) and guided modules (sections, forms, media), with their
//! parsing, validation, import limits, authoring (`lantern course new`) and checks.

pub mod course;
pub mod import_limits;
pub mod messages;
pub mod module;
