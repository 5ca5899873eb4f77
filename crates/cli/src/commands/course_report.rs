//! Printing a pack check's report, for `lantern course check` and `lantern module
//! check`: one line per finding (`error[code]: file:line: field: message`), then a
//! count; or the report as JSON. A pack with problems fails with the first one's code.

use crate::cli_error::CliError;
use lantern_core::language::Language;
use lantern_core::ErrorCode;
use lantern_packs::course::check::{PackCheckReport, PackFinding};

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

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Prints `report` (JSON when `json`) in `language`; an error when it has problems.
pub(super) fn print_report(
    report: &PackCheckReport,
    json: bool,
    language: Language,
) -> Result<(), CliError> {
    let spanish = language == Language::Es;
    let problems = if spanish {
        count(report.problems.len(), "problema", "problemas")
    } else {
        count(report.problems.len(), "problem", "problems")
    };
    let warnings = if spanish {
        count(report.warnings.len(), "aviso", "avisos")
    } else {
        count(report.warnings.len(), "warning", "warnings")
    };
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
            format!(
                " ({} {})",
                report.omitted,
                if spanish {
                    "más sin mostrar"
                } else {
                    "more not shown"
                }
            )
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
    let message = if spanish {
        format!("el paquete tiene {problems} y no se importaría")
    } else {
        format!("the pack has {problems} and would not import")
    };
    Err(CliError::new(code, message))
}
