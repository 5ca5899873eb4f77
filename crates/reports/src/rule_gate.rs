//! The spec's `ruleGate`: a fast check of the student's message that grants the
//! `search_project_specs` tool only when the request likely needs the project's
//! specifications (standards, codes, requirements, measurements), in English or Spanish.

use super::word_lists::alternation;
use lantern_core::word_list;
use regex::Regex;
use std::sync::LazyLock;

/// A word of `spec-words.txt`, a standard's number ("ISO 9001", "EN 1991") or a
/// measurement ("100 mm").
static NEEDS_SPECS: LazyLock<Regex> = LazyLock::new(|| {
    let words = alternation(word_list!("spec-words"), false);
    Regex::new(&format!(
        r"(?i)\b({words}|(?:iso|bs|en|astm|din|une)\s?\d+)\b|\d+\s?(?:mm|cm|m|kg|kn|mpa|°c)\b"
    ))
    .expect("valid regex")
});

/// Whether `message` likely needs the project's specifications.
pub fn needs_specs(message: &str) -> bool {
    NEEDS_SPECS.is_match(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_requests_about_requirements_pass_the_gate() {
        for m in [
            "Does the roofing section meet the spec?",
            "Add the minimum slope required by the building code",
            "What does ISO 9001 say about this?",
            "Check it against EN 1991",
            "the gutter must be 100 mm wide",
        ] {
            assert!(needs_specs(m), "{m}");
        }
    }

    #[test]
    fn spanish_requests_about_requirements_pass_the_gate() {
        for m in [
            "¿Cumple la cubierta la normativa?",
            "Añade los requisitos según la especificación",
            "el mínimo de pendiente",
        ] {
            assert!(needs_specs(m), "{m}");
        }
    }

    #[test]
    fn plain_edits_do_not() {
        for m in [
            "Rename section 2 to Roof",
            "Make the introduction shorter",
            "borra la sección 3",
            "pon una frase en la sección 2",
            "Fix the typos in 2.1",
        ] {
            assert!(!needs_specs(m), "{m}");
        }
    }
}
