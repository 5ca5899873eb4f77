//! The files `course.json` and `exams.json` name: each must be in the pack, a transcript
//! must have timed captions, and Markdown notes are read for what the tutor would miss —
//! a heading with nothing under it.

use super::json_lines::JsonText;
use super::report::{PackCheckReport, Place, WarningCode};
use super::texts::{missing, Found, Texts};
use crate::course::authoring::{line_of, read_note};
use crate::course::validate::escapes_pack;
use crate::course::{
    is_video_path, parse_transcript, ContentKind, CourseManifest, ExamFile, PackError,
    PackErrorKind, COURSE_FILE, EXAMS_FILE,
};
use crate::messages::both;

/// Headings of a Markdown note with nothing under them.
fn empty_headings(path: &str, text: &str, report: &mut PackCheckReport) {
    let note = read_note(text);
    for (h, heading) in note.headings.iter().enumerate() {
        let end = note.section_end(h);
        let empty = !note
            .content_starts
            .iter()
            .any(|at| *at >= heading.span.end && *at < end);
        if empty {
            let (en, es) = both!("packs-check-empty-heading", heading = &heading.title);
            report.warning(
                WarningCode::NotesEmptySection,
                Place::line(path, line_of(text, heading.span.start)),
                en,
                es,
            );
        }
    }
}

/// A transcript without any timed caption, as the importer refuses it.
fn no_cues(path: &str) -> PackError {
    let (en, es) = both!("packs-check-no-cues");
    PackError::file(PackErrorKind::InvalidField, path, en).with_es(es)
}

/// Checks every unit's content files; returns, per unit, the texts of its files (`None`
/// when one of them is missing or could not be read).
pub(crate) fn check_content<'a>(
    course: &CourseManifest,
    course_text: &JsonText<'_>,
    texts: &Texts<'a>,
    report: &mut PackCheckReport,
) -> Vec<Option<Vec<&'a str>>> {
    let mut out = Vec::new();
    for (i, unit) in course.units.iter().enumerate() {
        let mut unit_texts = Vec::new();
        let mut complete = true;
        for (j, path) in unit.content.iter().enumerate() {
            let Some(kind) = ContentKind::of(path).filter(|_| !escapes_pack(path)) else {
                continue;
            };
            let text = match texts.get(path) {
                Found::Text(text) => text,
                Found::Failed => {
                    complete = false;
                    continue;
                }
                Found::Missing => {
                    complete = false;
                    let e = missing(COURSE_FILE, format!("units[{i}].content[{j}]"), path);
                    report.problem(&e, Some(course_text), None);
                    continue;
                }
            };
            match kind {
                ContentKind::WebVtt | ContentKind::SubRip if parse_transcript(text).is_empty() => {
                    report.problem(&no_cues(path), None, None);
                }
                ContentKind::Markdown => empty_headings(path, text, report),
                _ => {}
            }
            unit_texts.push(text);
        }
        out.push(complete.then_some(unit_texts));
    }
    out
}

/// Checks that every question's video is in the pack.
pub(crate) fn check_videos(
    exams: &ExamFile,
    exams_text: &JsonText<'_>,
    texts: &Texts<'_>,
    report: &mut PackCheckReport,
) {
    for (i, q) in exams.questions.iter().enumerate() {
        let Some(video) = q.video.as_deref() else {
            continue;
        };
        if !escapes_pack(video) && is_video_path(video) {
            if let Found::Missing = texts.get(video) {
                let e = missing(EXAMS_FILE, format!("questions[{i}].video"), video);
                report.problem(&e, Some(exams_text), None);
            }
        }
    }
}
