//! Checking a whole course pack: `course.json` and `exams.json` with the importer's own
//! rules (every problem, not the first), then the files they name, then the warnings.

use super::content::{check_content, check_videos};
use super::json_lines::JsonText;
use super::json_lists::{elements, member, read_lists};
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
use crate::import_limits::{MAX_CONTENT_FILES, MAX_PREREQUISITES, MAX_QUESTIONS, MAX_UNITS};
use std::collections::HashSet;

/// `course.json` read and checked with the importer's rules; `None` when it does not
/// parse or is over the import limits (the slower rules are then not run).
fn read_course(text: &JsonText<'_>, report: &mut PackCheckReport) -> Option<CourseManifest> {
    let lists = [
        ListReader {
            key: "units",
            max: MAX_UNITS,
            read: element::<Unit>,
        },
        ListReader {
            key: "prerequisites",
            max: MAX_PREREQUISITES,
            read: element::<Edge>,
        },
    ];
    let mut course: CourseManifest = parse_all(COURSE_FILE, text, &lists, report)?;
    if let Err(e) = check_course_limits(&course) {
        report.problem(&e, Some(text), None);
        return None;
    }
    for unit in &mut course.units {
        tag_untagged(&mut unit.misconceptions);
    }
    report.add_problems(&course_problems(&course), Some(text));
    Some(course)
}

/// `exams.json` read and, when the course could be read, checked against it.
fn read_exams(
    text: &JsonText<'_>,
    course: Option<&CourseManifest>,
    report: &mut PackCheckReport,
) -> Option<ExamFile> {
    let lists = [ListReader {
        key: "questions",
        max: MAX_QUESTIONS,
        read: element::<Question>,
    }];
    let exams: ExamFile = parse_all(EXAMS_FILE, text, &lists, report)?;
    if let Err(e) = check_exam_limits(&exams) {
        report.problem(&e, Some(text), None);
        return None;
    }
    if let Some(course) = course {
        report.add_problems(&exam_problems(&exams, course), Some(text));
    }
    Some(exams)
}

/// The paths the value of member `field` of each JSON object in `items` names (a string,
/// or the strings of an array), at most `max`.
fn paths(items: &[&str], field: &str, max: usize) -> Vec<String> {
    let string = |text: &str| serde_json::from_str::<String>(text).ok();
    let mut out = Vec::new();
    for value in items.iter().filter_map(|item| member(item, field)) {
        let left = max - out.len();
        match elements(value, usize::MAX) {
            Some(list) => out.extend(list.items.into_iter().filter_map(string).take(left)),
            None => out.extend(string(value)),
        }
        if out.len() == max {
            break;
        }
    }
    out
}

/// The text of the first `max` elements of the list `list` of the JSON object `text`
/// (none when it is not JSON).
fn head<'a>(text: &'a str, list: &str, max: usize) -> Vec<&'a str> {
    let lists = read_lists(text, &[(list, max)]).unwrap_or_default();
    lists.into_iter().flatten().flat_map(|l| l.items).collect()
}

/// The files a course pack's manifests name, for a reader to fetch: the content of the
/// first [`MAX_UNITS`] units and the video of the first [`MAX_QUESTIONS`] questions,
/// inside the pack, each once, at most as many as the import limits allow. Read from
/// the JSON as it is, broken or not.
pub fn course_listed_files(course_text: &str, exams_text: &str) -> Vec<String> {
    let units = head(course_text, "units", MAX_UNITS);
    let questions = head(exams_text, "questions", MAX_QUESTIONS);
    let listed = paths(&units, "content", MAX_CONTENT_FILES)
        .into_iter()
        .chain(paths(&questions, "video", MAX_QUESTIONS));
    let mut seen = HashSet::new();
    listed
        .filter(|path| !escapes_pack(path) && !path.is_empty() && seen.insert(path.clone()))
        .collect()
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
    let course_text = manifest(COURSE_FILE, &mut report).map(JsonText::new);
    let exams_text = manifest(EXAMS_FILE, &mut report).map(JsonText::new);
    let course = course_text
        .as_ref()
        .and_then(|t| read_course(t, &mut report));
    let exams = exams_text
        .as_ref()
        .and_then(|t| read_exams(t, course.as_ref(), &mut report));
    if let (Some(course), Some(text)) = (&course, &course_text) {
        let notes = check_content(course, text, &texts, &mut report);
        unit_warnings(course, text, &notes, &mut report);
    }
    if let (Some(exams), Some(text)) = (&exams, &exams_text) {
        check_videos(exams, text, &texts, &mut report);
        exam_warnings(exams, text, &mut report);
    }
    report
}
