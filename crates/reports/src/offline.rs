//! The app's own words when the model cannot help: what it understands without the
//! model (with examples from this report), and why a requested change was refused.

use super::contract::Report;
use super::error::ReportError;
use super::references::label;
use super::rules::prose_sentences;
use lantern_core::language::Language;
use lantern_core::text::terms::term_keys;

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
    match language {
        Language::Es => format!(
            "No he hecho ningún cambio: no he podido hacerlo por mi cuenta. Entiendo peticiones como: «renombra {first} a …», \
             «mueve {last} antes de {first}», «borra {last}», «añade una sección llamada … después de {first}», \
             «cambia el texto de {first} a: …»."
        ),
        Language::En => format!(
            "I made no change: I couldn't do that on my own. I understand requests such as: “rename {first} to …”, \
             “move {last} before {first}”, “delete {last}”, “add a section called … after {first}”, \
             “set the text of {first} to: …”."
        ),
    }
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
    match language {
        Language::Es => format!(
            "No he hecho ningún cambio en {name}: el texto del modelo no servía{why}. Puedes editarla \
             a mano (✎) o decir «cambia el texto de {number} a: …»."
        ),
        Language::En => format!(
            "I made no change to {name}: the model's text was not usable{why}. You can edit it by \
             hand (✎) or say “set the text of {number} to: …”."
        ),
    }
}

/// Sentences of a section quoted when a question about it gets no usable answer.
const QUOTED_SENTENCES: usize = 2;

/// The answer to a question about the report when the model's words were unusable: the
/// report's own sentence that shares most words with the question (in the section it
/// names, when it names one; two shared words when it names none), else the named
/// section's first sentences — quoted, never rephrased. `None` when nothing fits.
pub fn question_quote(
    report: &Report,
    question: &str,
    named: Option<&str>,
    language: Language,
) -> Option<String> {
    let asked = term_keys(question);
    let sections: Vec<&super::contract::Section> = match named {
        Some(id) => report.find(id).into_iter().collect(),
        None => report.all_sections(),
    };
    let needed = if named.is_some() {
        1
    } else {
        2.min(asked.len()).max(1)
    };
    let best = sections
        .iter()
        .flat_map(|s| {
            prose_sentences(&s.body_md)
                .into_iter()
                .map(move |p| (s.id.as_str(), p))
        })
        .map(|(id, sentence)| {
            (
                term_keys(&sentence).intersection(&asked).count(),
                id,
                sentence,
            )
        })
        .filter(|(shared, _, _)| *shared >= needed)
        .max_by_key(|(shared, _, _)| *shared);
    let (id, quote) = match (best, named) {
        (Some((_, id, sentence)), _) => (id.to_string(), sentence),
        (None, Some(id)) => {
            let first = prose_sentences(&report.find(id)?.body_md);
            let quote = first
                .into_iter()
                .take(QUOTED_SENTENCES)
                .collect::<Vec<_>>()
                .join(" ");
            (id.to_string(), quote)
        }
        (None, None) => return None,
    };
    if quote.is_empty() {
        return None;
    }
    let name = label(report, &id);
    Some(match language {
        Language::Es => format!("No he hecho ningún cambio. Esto dice {name}: «{quote}»"),
        Language::En => format!("I made no change. Here is what {name} says: “{quote}”"),
    })
}

/// The answer to "undo" when nothing was changed yet.
pub fn nothing_to_undo(language: Language) -> String {
    match language {
        Language::Es => "No he hecho ningún cambio: no hay nada que deshacer.".into(),
        Language::En => "I made no change: there is nothing to undo.".into(),
    }
}

/// Why a change the student asked for cannot be made, in words.
pub fn refusal_words(error: &ReportError, report: &Report, language: Language) -> String {
    let es = language == Language::Es;
    let name = |id: &str| label(report, id);
    match error {
        ReportError::NoChange(id) if es => {
            format!("{} ya está así: no hay nada que cambiar.", name(id))
        }
        ReportError::NoChange(id) => {
            format!("{} is already like that: nothing to change.", name(id))
        }
        ReportError::MoveIntoItself(id) if es => {
            format!("No puedo mover {} dentro de sí misma.", name(id))
        }
        ReportError::MoveIntoItself(id) => format!("I can't move {} inside itself.", name(id)),
        ReportError::TooDeep(max) if es => {
            format!("Las secciones admiten como mucho {max} niveles.")
        }
        ReportError::TooDeep(max) => format!("Sections nest at most {max} levels deep."),
        ReportError::TitleInvalid(max) if es => {
            format!("El título debe tener entre 1 y {max} caracteres.")
        }
        ReportError::TitleInvalid(max) => format!("A title needs 1 to {max} characters."),
        ReportError::BodyTooLong(max) if es => {
            format!("El texto de una sección admite como mucho {max} caracteres.")
        }
        ReportError::BodyTooLong(max) => {
            format!("A section's text is limited to {max} characters.")
        }
        other if es => format!(
            "No he podido hacer ese cambio ({}).",
            lantern_core::Coded::code(other).as_str()
        ),
        other => format!(
            "I couldn't make that change ({}).",
            lantern_core::Coded::code(other).as_str()
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

    #[test]
    fn a_question_is_answered_with_the_reports_own_sentence() {
        let mut report = sample();
        report.find_mut("s4").unwrap().body_md =
            "Loose at the chimney. The pH of the rain water was 7.2 at the bridge.".into();
        let quote = question_quote(
            &report,
            "what pH did the water have at the bridge?",
            None,
            Language::En,
        );
        assert_eq!(
            quote.as_deref(),
            Some("I made no change. Here is what 2.2 Flashing says: “The pH of the rain water was 7.2 at the bridge.”")
        );
        assert_eq!(
            question_quote(&report, "who painted the fence?", None, Language::En),
            None
        );
        let named = question_quote(&report, "what does it say?", Some("s2"), Language::En).unwrap();
        assert!(named.ends_with("“The roof is old.”"), "{named}");
    }
}
