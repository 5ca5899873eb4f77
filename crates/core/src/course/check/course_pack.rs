//! Checking a whole course pack: `course.json` and `exams.json` with the importer's own
//! rules (every problem, not the first), then the files they name, then the warnings.

use super::content::{check_content, check_videos};
use super::parse_all::{element, parse_all, ListReader};
use super::report::PackCheckReport;
use super::texts::{missing_manifest, Found, Texts};
use super::warnings::{exam_warnings, unit_warnings};
use crate::course::limits::{check_course_limits, check_exam_limits};
use crate::course::validate::escapes_pack;
use crate::course::{
    course_problems, exam_problems, tag_untagged, CourseManifest, Edge, ExamFile, PackError,
    Question, Unit, COURSE_FILE, EXAMS_FILE,
};
use crate::import_limits::{MAX_CONTENT_FILES, MAX_QUESTIONS};
use serde_json::Value;

/// `course.json` read and checked with the importer's rules; `None` when it does not
/// parse or is over the import limits (the slower rules are then not run).
fn read_course(text: &str, report: &mut PackCheckReport) -> Option<CourseManifest> {
    let lists: [ListReader; 2] = [
        ("units", element::<Unit>),
        ("prerequisites", element::<Edge>),
    ];
    let mut course: CourseManifest = parse_all(COURSE_FILE, text, &lists, report)?;
    if let Err(e) = check_course_limits(&course) {
        report.problem(&e, Some(text), None);
        return None;
    }
    for unit in &mut course.units {
        tag_untagged(&mut unit.misconceptions);
    }
    for e in course_problems(&course) {
        report.problem(&e, Some(text), None);
    }
    Some(course)
}

/// `exams.json` read and, when the course could be read, checked against it.
fn read_exams(
    text: &str,
    course: Option<&CourseManifest>,
    report: &mut PackCheckReport,
) -> Option<ExamFile> {
    let lists: [ListReader; 1] = [("questions", element::<Question>)];
    let exams: ExamFile = parse_all(EXAMS_FILE, text, &lists, report)?;
    if let Err(e) = check_exam_limits(&exams) {
        report.problem(&e, Some(text), None);
        return None;
    }
    if let Some(course) = course {
        for e in exam_problems(&exams, course) {
            report.problem(&e, Some(text), None);
        }
    }
    Some(exams)
}

/// The files a course pack's manifests name, for a reader to fetch: every unit's
/// content and every question's video, inside the pack, each once, at most as many as
/// the import limits allow. Read from the JSON as it is, broken or not.
pub fn course_listed_files(course_text: &str, exams_text: &str) -> Vec<String> {
    let strings = |text: &str, list: &str, field: &str, max: usize| -> Vec<String> {
        let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
        let items = value.get(list).and_then(Value::as_array);
        items
            .into_iter()
            .flatten()
            .flat_map(|item| match item.get(field) {
                Some(Value::Array(paths)) => paths.iter().filter_map(Value::as_str).collect(),
                Some(Value::String(path)) => vec![path.as_str()],
                _ => Vec::new(),
            })
            .take(max)
            .map(str::to_string)
            .collect()
    };
    let mut out: Vec<String> = Vec::new();
    let listed = strings(course_text, "units", "content", MAX_CONTENT_FILES)
        .into_iter()
        .chain(strings(exams_text, "questions", "video", MAX_QUESTIONS));
    for path in listed {
        if !escapes_pack(&path) && !path.is_empty() && !out.contains(&path) {
            out.push(path);
        }
    }
    out
}

/// Checks a course pack given as its files (path in the pack, text; a PDF as its
/// extracted text, a video as empty text) and the errors of the files that could not be
/// read: every problem the importer would refuse, and every warning.
pub fn check_course_pack(files: &[(String, String)], unreadable: &[PackError]) -> PackCheckReport {
    let mut report = PackCheckReport::default();
    for e in unreadable {
        report.problem(e, None, None);
    }
    let texts = Texts::new(files, unreadable);
    let manifest = |name: &str, report: &mut PackCheckReport| match texts.get(name) {
        Found::Text(text) => Some(text),
        Found::Failed => None,
        Found::Missing => {
            report.problem(&missing_manifest(name), None, None);
            None
        }
    };
    let course_text = manifest(COURSE_FILE, &mut report);
    let exams_text = manifest(EXAMS_FILE, &mut report);
    let course = course_text.and_then(|t| read_course(t, &mut report));
    let exams = exams_text.and_then(|t| read_exams(t, course.as_ref(), &mut report));
    if let (Some(course), Some(text)) = (&course, course_text) {
        let notes = check_content(course, text, &texts, &mut report);
        unit_warnings(course, text, &notes, &mut report);
    }
    if let (Some(exams), Some(text)) = (&exams, exams_text) {
        check_videos(exams, text, &texts, &mut report);
        exam_warnings(exams, text, &mut report);
    }
    report
}
