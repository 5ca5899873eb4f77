//! What imports but weakens a course: a unit with nothing to practise but gap-fills, an
//! anchor longer than the tutor's concept card, a unit without notes, no exam, and memos
//! too short to say why an answer is right.

use super::anchor::shown_sentences;
use super::json_lines::JsonText;
use super::report::{PackCheckReport, Place, WarningCode};
use crate::course::cloze::clozes;
use crate::course::{CourseManifest, ExamFile, COURSE_FILE, EXAMS_FILE};
use crate::course::{MAX_CONCEPT_WORDS, MAX_KEY_IDEAS};
use crate::messages::both;

/// Fewest words of a memo that says why the right option is right.
pub const MIN_MEMO_WORDS: usize = 6;

fn practice(
    unit: &crate::course::Unit,
    notes: &[&str],
    place: Place,
    report: &mut PackCheckReport,
) {
    if !unit.drills.is_empty() || !unit.misconceptions.is_empty() {
        return;
    }
    let gaps = clozes(unit, notes).len();
    let (en, es) = both!(
        "packs-check-unit-no-practice",
        unit = &unit.id,
        gaps = &gaps.to_string()
    );
    report.warning(WarningCode::UnitNoPractice, place, en, es);
}

fn anchor(anchor: &str, place: Place, report: &mut PackCheckReport) {
    let (shown, total) = shown_sentences(anchor);
    if shown == total {
        return;
    }
    let words = anchor.split_whitespace().count();
    let (en, es) = both!(
        "packs-check-anchor-too-long",
        total = &total.to_string(),
        words = &words.to_string(),
        shown = &shown.to_string(),
        max_sentences = &MAX_KEY_IDEAS.to_string(),
        max_words = &MAX_CONCEPT_WORDS.to_string()
    );
    report.warning(WarningCode::AnchorTooLong, place, en, es);
}

fn content(unit: &crate::course::Unit, notes: &[&str], place: Place, report: &mut PackCheckReport) {
    let (en, es) = if unit.content.is_empty() {
        both!("packs-check-unit-no-content")
    } else if notes.iter().all(|t| t.trim().is_empty()) {
        both!("packs-check-unit-empty-notes")
    } else {
        return;
    };
    report.warning(WarningCode::UnitNoContent, place, en, es);
}

/// The warnings of `course.json`'s units; `notes` holds each unit's file texts (`None`
/// when one could not be read: that is a problem already).
pub(crate) fn unit_warnings(
    course: &CourseManifest,
    course_text: &JsonText<'_>,
    notes: &[Option<Vec<&str>>],
    report: &mut PackCheckReport,
) {
    for (i, unit) in course.units.iter().enumerate() {
        let read = notes.get(i).and_then(Option::as_ref);
        let texts = read.map_or(&[][..], Vec::as_slice);
        let at = |field: &str| Place::json(COURSE_FILE, course_text, &format!("units[{i}]{field}"));
        if read.is_some() {
            content(unit, texts, at(".content"), report);
        }
        practice(unit, texts, at(""), report);
        anchor(&unit.anchor, at(".anchor"), report);
    }
}

/// The warnings of `exams.json`: no question, short memos.
pub(crate) fn exam_warnings(
    exams: &ExamFile,
    exams_text: &JsonText<'_>,
    report: &mut PackCheckReport,
) {
    if exams.questions.is_empty() {
        let (en, es) = both!("packs-check-no-exams");
        report.warning(
            WarningCode::ExamsEmpty,
            Place::json(EXAMS_FILE, exams_text, "questions"),
            en,
            es,
        );
    }
    for (i, q) in exams.questions.iter().enumerate() {
        let words = q.memo.split_whitespace().count();
        if words > 0 && words < MIN_MEMO_WORDS {
            let (en, es) = both!(
                "packs-check-memo-short",
                question = &q.id,
                words = &words.to_string()
            );
            report.warning(
                WarningCode::QuestionMemoShort,
                Place::json(EXAMS_FILE, exams_text, &format!("questions[{i}].memo")),
                en,
                es,
            );
        }
    }
}
