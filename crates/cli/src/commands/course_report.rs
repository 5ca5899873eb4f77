//! Printing a pack check's report, for `lantern course check` and `lantern module
//! check`: one line per finding (`error[code]: file:line: field: message`), then a
//! count; or the report as JSON. A pack with problems fails with the first one's code.

use crate::cli_error::CliError;
use lantern_core::language::Language;
use lantern_core::words::Words;
use lantern_core::{say, ErrorCode};
use lantern_packs::course::check::{PackCheckReport, PackFinding};

/// The report's words: `crates/cli/words/<locale>/course-report.ftl`, compiled in.
static MESSAGES: Words = Words::new(&[
    ("en", &[include_str!("../../words/en/course-report.ftl")]),
    ("es", &[include_str!("../../words/es/course-report.ftl")]),
]);

fn finding_line(kind: &str, f: &PackFinding, language: Language) -> String {
    let mut at = f.file.clone();
    if let Some(line) = f.line {
        at.push_str(&format!(":{line}"));
    }
    if let Some(field) = &f.field {
        at.push_str(&format!(": {field}"));
    }
    let message = match language {
        Language::En => &f.message_en,
        Language::Es => &f.message_es,
    };
    format!("{kind}[{}]: {at}: {message}", f.code)
}

/// Prints `report` (JSON when `json`) in `language`; an error when it has problems.
pub(super) fn print_report(
    report: &PackCheckReport,
    json: bool,
    language: Language,
) -> Result<(), CliError> {
    let problems = say!(
        MESSAGES,
        language,
        "course-report-problems",
        count = report.problems.len()
    );
    let warnings = say!(
        MESSAGES,
        language,
        "course-report-warnings",
        count = report.warnings.len()
    );
    if json {
        outln!("{}", serde_json::to_string(report).unwrap_or_default());
    } else {
        for f in &report.problems {
            outln!("{}", finding_line("error", f, language));
        }
        for f in &report.warnings {
            outln!("{}", finding_line("warning", f, language));
        }
        let omitted = if report.omitted > 0 {
            let omitted = say!(
                MESSAGES,
                language,
                "course-report-omitted",
                count = report.omitted
            );
            format!(" {omitted}")
        } else {
            String::new()
        };
        outln!("{problems}, {warnings}{omitted}");
    }
    let Some(first) = report.problems.first() else {
        return Ok(());
    };
    let code = ErrorCode::ALL
        .iter()
        .copied()
        .find(|c| c.as_str() == first.code)
        .unwrap_or(ErrorCode::PackInvalidField);
    let message = say!(
        MESSAGES,
        language,
        "course-report-would-not-import",
        problems = &problems
    );
    Err(CliError::new(code, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    lantern_core::words_are_whole!(MESSAGES);

    #[test]
    fn counts_read_as_they_did_in_both_languages() {
        let say = |language, id: &str, n: usize| MESSAGES.say(language, id, &[("count", n.into())]);
        let p = "course-report-problems";
        let w = "course-report-warnings";
        assert_eq!(say(Language::En, p, 0), "0 problems");
        assert_eq!(say(Language::En, p, 1), "1 problem");
        assert_eq!(say(Language::En, w, 1000), "1000 warnings");
        assert_eq!(say(Language::Es, p, 1), "1 problema");
        assert_eq!(say(Language::Es, w, 2), "2 avisos");
        assert_eq!(say(Language::Es, w, 1_000_000), "1000000 avisos");
        assert_eq!(
            say(Language::Es, "course-report-omitted", 3),
            "(3 más sin mostrar)"
        );
        assert_eq!(
            say!(
                MESSAGES,
                Language::Es,
                "course-report-would-not-import",
                problems = "2 problemas"
            ),
            "el paquete tiene 2 problemas y no se importaría"
        );
    }
}
