//! The app's own words when the model cannot help: what it understands without the
//! model (with examples from this report), and why a requested change was refused.

use super::contract::Report;
use super::error::ReportError;
use super::messages::MESSAGES;
use super::references::label;
use lantern_core::language::Language;
use lantern_core::say;

/// The help shown when a request needs the model and the model is missing, failed, or
/// wrote nothing usable. Examples use this report's own sections.
pub fn help_message(report: &Report, language: Language) -> String {
    let outline = report.outline();
    let first = outline
        .first()
        .map(|e| e.number.clone())
        .unwrap_or_else(|| "1".into());
    let last = outline
        .last()
        .map(|e| e.number.clone())
        .unwrap_or_else(|| "1".into());
    say!(
        MESSAGES,
        language,
        "reports-help",
        first = &first,
        last = &last
    )
}

/// The answer when the model could not rewrite a named section; `why` is the app's
/// last refusal of the model's text, when there was one.
pub fn rewrite_failed_message(
    report: &Report,
    id: &str,
    why: Option<&str>,
    language: Language,
) -> String {
    let name = label(report, id);
    let number = report.number_of(id).unwrap_or_default();
    let why = why.map(|w| format!(" ({w})")).unwrap_or_default();
    say!(
        MESSAGES,
        language,
        "reports-rewrite-failed",
        section = &name,
        why = &why,
        number = &number
    )
}

/// The answer when the model's new section was dropped; `why` says why.
pub fn new_section_dropped(why: &str, language: Language) -> String {
    say!(MESSAGES, language, "reports-add-dropped", why = why)
}

/// The answer to a question about the report that nothing in it answers.
pub fn not_in_report(language: Language) -> String {
    say!(MESSAGES, language, "reports-question-not-found")
}

/// The answer to "undo" when nothing was changed yet.
pub fn nothing_to_undo(language: Language) -> String {
    say!(MESSAGES, language, "reports-nothing-to-undo")
}

/// Why a change the student asked for cannot be made, in words.
pub fn refusal_words(error: &ReportError, report: &Report, language: Language) -> String {
    let name = |id: &str| label(report, id);
    match error {
        ReportError::NoChange(id) => {
            say!(
                MESSAGES,
                language,
                "reports-refused-no-change",
                section = &name(id)
            )
        }
        ReportError::MoveIntoItself(id) => say!(
            MESSAGES,
            language,
            "reports-refused-move-into-itself",
            section = &name(id)
        ),
        ReportError::TooDeep(max) => {
            say!(
                MESSAGES,
                language,
                "reports-refused-too-deep",
                max = &max.to_string()
            )
        }
        ReportError::TitleInvalid(max) => {
            say!(
                MESSAGES,
                language,
                "reports-refused-title",
                max = &max.to_string()
            )
        }
        ReportError::BodyTooLong(max) => say!(
            MESSAGES,
            language,
            "reports-refused-body-too-long",
            max = &max.to_string()
        ),
        other => say!(
            MESSAGES,
            language,
            "reports-refused-other",
            code = lantern_core::Coded::code(other).as_str()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section_tree::tests::sample;

    #[test]
    fn help_uses_the_reports_own_numbers() {
        let help = help_message(&sample(), Language::En);
        assert!(help.contains("“move 3 before 1”"), "{help}");
        assert!(help_message(&Report::default(), Language::Es).contains("renombra 1"));
    }

    #[test]
    fn refusals_name_the_section() {
        let words = refusal_words(&ReportError::NoChange("s3".into()), &sample(), Language::En);
        assert_eq!(
            words,
            "2.1 Gutters is already like that: nothing to change."
        );
    }
}
