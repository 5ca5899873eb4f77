//! The hand-in's summary as CSV, one row per unit, argument and module, for a teacher
//! who opens it in a spreadsheet.

use super::contract::{ConfusionRecord, ProgressReport};
use chrono::{DateTime, SecondsFormat, Utc};

/// The columns, in order.
pub const SUMMARY_COLUMNS: [&str; 16] = [
    "record",
    "student",
    "course",
    "item",
    "title",
    "tier",
    "drills_attempted",
    "drills_correct",
    "drill_streak",
    "passed_bronze",
    "passed_silver",
    "passed_gold",
    "exam_wrong",
    "lockouts",
    "recheck_due",
    "confusions",
];

/// The CSV text of `report` (with a header row).
pub fn csv_summary(report: &ProgressReport) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut rows: Vec<Vec<String>> = vec![SUMMARY_COLUMNS.iter().map(|c| c.to_string()).collect()];
    let student = &report.student.name;
    for course in &report.courses {
        for unit in &course.units {
            rows.push(vec![
                "unit".into(),
                student.clone(),
                course.course_id.clone(),
                unit.unit_id.clone(),
                unit.title.clone(),
                unit.tier.name().into(),
                unit.drills_attempted.to_string(),
                unit.drills_correct.to_string(),
                unit.drill_streak.to_string(),
                unit.exam_passed.bronze.to_string(),
                unit.exam_passed.silver.to_string(),
                unit.exam_passed.gold.to_string(),
                unit.exam_wrong.to_string(),
                unit.lockouts.to_string(),
                unit.recheck_due_at.map(time).unwrap_or_default(),
                confusions(&unit.confusions),
            ]);
        }
    }
    for argument in &report.arguments {
        let mut row = vec![String::new(); SUMMARY_COLUMNS.len()];
        row[0] = "argument".into();
        row[1] = student.clone();
        row[4] = argument.title.clone();
        rows.push(row);
    }
    for module in &report.modules {
        let mut row = vec![String::new(); SUMMARY_COLUMNS.len()];
        row[0] = "module".into();
        row[1] = student.clone();
        row[3] = module.module_id.clone();
        row[4] = format!("{} ({} %)", module.title, module.percentage);
        rows.push(row);
    }
    for row in rows {
        // Writing into memory cannot fail.
        let _ = writer.write_record(row.iter().map(|cell| spreadsheet_safe(cell)));
    }
    String::from_utf8(writer.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// A cell a spreadsheet will not run as a formula: text whose first character, or
/// first after leading blanks (some spreadsheets trim them), starts a formula (`=`, `+`,
/// `-`, `@`, their full-width forms) or is a tab or line break gets a leading apostrophe.
pub fn spreadsheet_safe(cell: &str) -> String {
    let starts_formula = |c: char| matches!(c, '=' | '+' | '-' | '@' | '＝' | '＋' | '－' | '＠');
    let first = cell.chars().next();
    let first_shown = cell.trim_start().chars().next();
    if matches!(first, Some('\t' | '\r' | '\n')) || first_shown.is_some_and(starts_formula) {
        format!("'{cell}")
    } else {
        cell.to_string()
    }
}

fn time(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn confusions(list: &[ConfusionRecord]) -> String {
    list.iter()
        .map(|c| format!("{} ×{}", c.tag, c.count))
        .collect::<Vec<_>>()
        .join("; ")
}
