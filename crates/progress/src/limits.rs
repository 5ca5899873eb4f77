//! How much one hand-in may report. A sealed file is only as honest as the laptop that
//! made it, so a teacher's import refuses a file past any of these instead of letting
//! it fill the class view: each is far above a year of daily work (a course pack holds
//! at most a few hundred units; a student answers a few thousand questions a year).

use super::contract::ProgressReport;

/// Most courses in one hand-in.
pub const MAX_HANDIN_COURSES: usize = 100;
/// Most units in one course of a hand-in.
pub const MAX_HANDIN_UNITS: usize = 500;
/// Most exam questions answered in one course of a hand-in.
pub const MAX_HANDIN_QUESTIONS: usize = 5_000;
/// Most confusions reported for one unit.
pub const MAX_HANDIN_CONFUSIONS: usize = 50;
/// Most finished arguments in one hand-in.
pub const MAX_HANDIN_ARGUMENTS: usize = 500;
/// Most modules in one hand-in.
pub const MAX_HANDIN_MODULES: usize = 200;
/// Most xAPI statements in one hand-in (one per graded drill, exam answer and mastery
/// event, plus one per course, argument and module).
pub const MAX_HANDIN_STATEMENTS: usize = 40_000;

/// What a hand-in has too many of: the field's path, how many it has, and the limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverLimit {
    /// The JSON path of the list, e.g. `report.courses[0].units`.
    pub what: String,
    /// How many items it has.
    pub count: usize,
    /// How many are allowed.
    pub limit: usize,
}

/// The first list of `report` (or its `statements`) past its limit, if any.
pub fn over_limit(report: &ProgressReport, statements: usize) -> Option<OverLimit> {
    let over = |what: String, count: usize, limit: usize| {
        (count > limit).then_some(OverLimit { what, count, limit })
    };
    over("statements".into(), statements, MAX_HANDIN_STATEMENTS)
        .or_else(|| {
            over(
                "report.courses".into(),
                report.courses.len(),
                MAX_HANDIN_COURSES,
            )
        })
        .or_else(|| {
            over(
                "report.arguments".into(),
                report.arguments.len(),
                MAX_HANDIN_ARGUMENTS,
            )
        })
        .or_else(|| {
            over(
                "report.modules".into(),
                report.modules.len(),
                MAX_HANDIN_MODULES,
            )
        })
        .or_else(|| {
            report.courses.iter().enumerate().find_map(|(c, course)| {
                over(
                    format!("report.courses[{c}].units"),
                    course.units.len(),
                    MAX_HANDIN_UNITS,
                )
                .or_else(|| {
                    over(
                        format!("report.courses[{c}].questions"),
                        course.questions.len(),
                        MAX_HANDIN_QUESTIONS,
                    )
                })
                .or_else(|| {
                    course.units.iter().enumerate().find_map(|(u, unit)| {
                        over(
                            format!("report.courses[{c}].units[{u}].confusions"),
                            unit.confusions.len(),
                            MAX_HANDIN_CONFUSIONS,
                        )
                    })
                })
            })
        })
}
