//! What imports but weakens a course: a unit with nothing to practise but gap-fills, an
//! anchor longer than the tutor's concept card, a unit without notes, no exam, and memos
//! too short to say why an answer is right.

use super::anchor::shown_sentences;
use super::json_lines::JsonText;
use super::report::{PackCheckReport, Place, WarningCode};
use crate::course::cloze::clozes;
use crate::course::{CourseManifest, ExamFile, COURSE_FILE, EXAMS_FILE};
use crate::course::{MAX_CONCEPT_WORDS, MAX_KEY_IDEAS};

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
    report.warning(
        WarningCode::UnitNoPractice,
        place,
        format!("unit `{}` has no drill templates and no misconceptions: the tutor can practise it only with gap-fill and true-or-false questions made from its sentences (gap-fills found: {gaps}). Add `misconceptions` (common mistakes, one sentence each) or `drills`", unit.id),
        format!("la unidad `{}` no tiene plantillas de ejercicios ni errores comunes: el tutor solo puede practicarla con preguntas de completar y de verdadero o falso hechas con sus frases (preguntas de completar: {gaps}). Añade `misconceptions` (errores comunes, una frase cada uno) o `drills`", unit.id),
    );
}

fn anchor(anchor: &str, place: Place, report: &mut PackCheckReport) {
    let (shown, total) = shown_sentences(anchor);
    if shown == total {
        return;
    }
    let words = anchor.split_whitespace().count();
    report.warning(
        WarningCode::AnchorTooLong,
        place,
        format!("the anchor has {total} sentences and {words} words, but the tutor's concept card shows only the first {shown} (at most {MAX_KEY_IDEAS} sentences, {MAX_CONCEPT_WORDS} words). Say the unit's idea in two or three sentences and move the rest to the notes"),
        format!("el ancla tiene {total} frases y {words} palabras, pero la tarjeta del tutor solo muestra las {shown} primeras (como mucho {MAX_KEY_IDEAS} frases y {MAX_CONCEPT_WORDS} palabras). Di la idea de la unidad en dos o tres frases y pasa el resto a las notas"),
    );
}

fn content(unit: &crate::course::Unit, notes: &[&str], place: Place, report: &mut PackCheckReport) {
    let (en, es) = if unit.content.is_empty() {
        ("the unit lists no notes in `content`, so the tutor can answer questions only from its anchor", "la unidad no tiene notas en `content`, así que el tutor solo puede responder con su ancla")
    } else if notes.iter().all(|t| t.trim().is_empty()) {
        ("the unit's notes have no text, so the tutor can answer questions only from its anchor", "las notas de la unidad no tienen texto, así que el tutor solo puede responder con su ancla")
    } else {
        return;
    };
    report.warning(WarningCode::UnitNoContent, place, en.into(), es.into());
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
        report.warning(
            WarningCode::ExamsEmpty,
            Place::json(EXAMS_FILE, exams_text, "questions"),
            "there are no exam questions, so students cannot take an exam or practise past questions; add multiple-choice questions with memos".into(),
            "no hay preguntas de examen, así que los estudiantes no pueden examinarse ni practicar con preguntas; añade preguntas de opción múltiple con memo".into(),
        );
    }
    for (i, q) in exams.questions.iter().enumerate() {
        let words = q.memo.split_whitespace().count();
        if words > 0 && words < MIN_MEMO_WORDS {
            report.warning(
                WarningCode::QuestionMemoShort,
                Place::json(EXAMS_FILE, exams_text, &format!("questions[{i}].memo")),
                format!("the memo of `{}` has {words} words; students read it after answering, so say why the right option is right and the others are wrong", q.id),
                format!("el memo de `{}` tiene {words} palabras; los estudiantes lo leen después de responder, así que explica por qué la opción correcta lo es y las otras no", q.id),
            );
        }
    }
}
