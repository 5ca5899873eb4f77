//! The app's own words when the model cannot help: what it understands without the
//! model (with examples from this report), and why a requested change was refused.

use super::contract::Report;
use super::error::ReportError;
use super::messages::MESSAGES;
use super::references::label;
use super::rules::prose_sentences;
use super::table::{is_table_line, row_words, tables};
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::normalize::normalize;
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

/// A statement of a section a question may be answered with: a sentence of its prose,
/// or a row of one of its tables read with its header ("Brand: B, Layers: 2, Water
/// absorbed (ml): 37"), with the cells that name the row (its `keys`, normalised).
struct Fact {
    text: String,
    keys: Vec<String>,
}

/// The facts of a section's body: its prose sentences, then each table row with its
/// header.
fn facts(body: &str) -> Vec<Fact> {
    let prose: Vec<&str> = body.lines().filter(|l| !is_table_line(l)).collect();
    let mut out: Vec<Fact> = prose_sentences(&prose.join("\n"))
        .into_iter()
        .map(|text| Fact {
            text,
            keys: Vec::new(),
        })
        .collect();
    for table in tables(body) {
        for row in &table.rows {
            out.push(Fact {
                text: row_words(&table, row),
                keys: row.iter().take(1).map(|c| normalize(&c.text)).collect(),
            });
        }
    }
    out
}

/// The words of a question as written, normalised ("brand B" → "brand", "b"), so a
/// row named by a letter or a number is found.
fn said_words(question: &str) -> std::collections::BTreeSet<String> {
    normalize(question).split(' ').map(str::to_string).collect()
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
    let said = said_words(question);
    let best = sections
        .iter()
        .flat_map(|s| {
            facts(&s.body_md)
                .into_iter()
                .map(move |p| (s.id.as_str(), p))
        })
        .map(|(id, fact)| {
            let shared = term_keys(&fact.text).intersection(&asked).count()
                + fact.keys.iter().filter(|k| said.contains(*k)).count();
            (shared, id, fact.text)
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
    Some(say!(
        MESSAGES,
        language,
        "reports-question-quote",
        section = &name,
        quote = &quote
    ))
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

    #[test]
    fn a_question_about_a_table_row_is_answered_with_the_row_and_its_header() {
        let mut report = sample();
        report.find_mut("s4").unwrap().body_md = "Each brand was tested three times.\n\n\
             | Brand | Water absorbed (ml) |\n| --- | --- |\n| A | 21 |\n| B | 37 |"
            .into();
        let quote = question_quote(&report, "what did brand B get?", None, Language::En);
        assert_eq!(
            quote.as_deref(),
            Some("Here is what 2.2 Flashing says: “Brand: B, Water absorbed (ml): 37”")
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
            Some(
                "Here is what 2.2 Flashing says: “The pH of the rain water was 7.2 at the bridge.”"
            )
        );
        assert_eq!(
            question_quote(&report, "who painted the fence?", None, Language::En),
            None
        );
        let named = question_quote(&report, "what does it say?", Some("s2"), Language::En).unwrap();
        assert!(named.ends_with("“The roof is old.”"), "{named}");
    }
}
