//! What `lantern course check` and `lantern module check` report: every problem (the
//! importer would refuse the pack) and every warning (it imports, but the tutor or the
//! module will do less with it), each with a stable code, the file, the line, the field
//! and a message in English and Spanish. Serializable for the app's "Check a pack" dialog.

use super::json_lines::JsonText;
use super::spanish::spanish_detail;
pub use crate::course::problems::MAX_FINDINGS;
use crate::course::{PackError, Problems};
use lantern_core::Coded;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One problem or warning.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct PackFinding {
    /// Stable code: an error code (`pack_unknown_unit`) or a [`WarningCode`].
    pub code: String,
    /// The file at fault, relative to the pack root.
    pub file: String,
    /// The 1-based line in `file`, when the finding is about a place in a text file.
    pub line: Option<u32>,
    /// The field path inside the file (`units[3].anchor`), when there is one.
    pub field: Option<String>,
    /// What is wrong, in English.
    pub message_en: String,
    /// What is wrong, in Spanish.
    pub message_es: String,
}

/// Everything a check found: problems stop an import, warnings do not.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct PackCheckReport {
    /// What the importer refuses, in the order it would meet them.
    pub problems: Vec<PackFinding>,
    /// What imports but weakens the course or module.
    pub warnings: Vec<PackFinding>,
    /// Findings left out because a list held [`MAX_FINDINGS`] already.
    pub omitted: u32,
}

/// The codes of warnings (problems use the importer's error codes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WarningCode {
    /// A unit has neither drill templates nor misconceptions.
    UnitNoPractice,
    /// A unit's anchor has more than the concept card shows.
    AnchorTooLong,
    /// A unit lists no content file, or its files hold no text.
    UnitNoContent,
    /// A question's memo is too short to say why the answer is right.
    QuestionMemoShort,
    /// `exams.json` holds no question.
    ExamsEmpty,
    /// A heading of the notes has no text under it.
    NotesEmptySection,
    /// A module topic has fewer keywords in the module's language than students need.
    TopicFewKeywords,
    /// A keyword ends in `*` after so few letters that it meets words meaning something
    /// else ("can*" meets "cansé").
    KeywordStemShort,
}

impl WarningCode {
    /// Every warning code.
    pub const ALL: [Self; 8] = [
        Self::UnitNoPractice,
        Self::AnchorTooLong,
        Self::UnitNoContent,
        Self::QuestionMemoShort,
        Self::ExamsEmpty,
        Self::NotesEmptySection,
        Self::TopicFewKeywords,
        Self::KeywordStemShort,
    ];

    /// The stable code.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::UnitNoPractice => "unit_no_practice",
            Self::AnchorTooLong => "anchor_too_long",
            Self::UnitNoContent => "unit_no_content",
            Self::QuestionMemoShort => "question_memo_short",
            Self::ExamsEmpty => "exams_empty",
            Self::NotesEmptySection => "notes_empty_section",
            Self::TopicFewKeywords => "topic_few_keywords",
            Self::KeywordStemShort => "keyword_stem_short",
        }
    }
}

/// Where a finding is: file, line and field.
#[derive(Debug, Clone, Default)]
pub struct Place {
    /// The file, relative to the pack root.
    pub file: String,
    /// The 1-based line.
    pub line: Option<u32>,
    /// The field path.
    pub field: Option<String>,
}

impl Place {
    /// `field` of the JSON `file` whose text is `text`, at the line the field is on.
    pub fn json(file: &str, text: &JsonText<'_>, field: &str) -> Self {
        Self {
            file: file.to_string(),
            line: text.line(field),
            field: Some(field.to_string()),
        }
    }

    /// Line `line` of the text file `file`.
    pub fn line(file: &str, line: u32) -> Self {
        Self {
            file: file.to_string(),
            line: Some(line),
            field: None,
        }
    }
}

impl PackCheckReport {
    /// Whether the pack would import: no problem.
    pub fn is_importable(&self) -> bool {
        self.problems.is_empty()
    }

    fn push(list: &mut Vec<PackFinding>, omitted: &mut u32, finding: PackFinding) {
        if list.len() < MAX_FINDINGS {
            list.push(finding);
        } else {
            *omitted = omitted.saturating_add(1);
        }
    }

    /// Adds a pack error as a problem; its line is looked up in `text` (the JSON file it
    /// names) when it has a field, else `line`. Past [`MAX_FINDINGS`] it is only counted.
    pub fn problem(&mut self, error: &PackError, text: Option<&JsonText<'_>>, line: Option<u32>) {
        if self.problems.len() >= MAX_FINDINGS {
            self.omitted = self.omitted.saturating_add(1);
            return;
        }
        let line = match (&error.field, text) {
            (Some(field), Some(text)) => text.line(field).or(line),
            _ => line,
        };
        let finding = PackFinding {
            code: error.code().as_str().to_string(),
            file: error.file.clone(),
            line,
            field: error.field.clone(),
            message_en: error.detail.clone(),
            message_es: error
                .detail_es
                .clone()
                .unwrap_or_else(|| spanish_detail(error.kind, &error.detail)),
        };
        Self::push(&mut self.problems, &mut self.omitted, finding);
    }

    /// Adds the problems a rule found (those it kept, and the count of the rest), their
    /// lines looked up in `text`.
    pub fn add_problems(&mut self, found: &Problems, text: Option<&JsonText<'_>>) {
        for error in found.kept() {
            self.problem(error, text, None);
        }
        let unkept = u32::try_from(found.len() - found.kept().len()).unwrap_or(u32::MAX);
        self.omitted = self.omitted.saturating_add(unkept);
    }

    /// Adds a warning at `place`.
    pub fn warning(&mut self, code: WarningCode, place: Place, en: String, es: String) {
        let finding = PackFinding {
            code: code.as_str().to_string(),
            file: place.file,
            line: place.line,
            field: place.field,
            message_en: en,
            message_es: es,
        };
        Self::push(&mut self.warnings, &mut self.omitted, finding);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::PackErrorKind;

    #[test]
    fn warning_codes_are_well_formed_distinct_and_not_error_codes() {
        let codes: std::collections::HashSet<_> =
            WarningCode::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(codes.len(), WarningCode::ALL.len());
        for code in codes {
            assert!(lantern_core::error::is_well_formed_code(code), "{code}");
            assert!(lantern_core::ErrorCode::ALL
                .iter()
                .all(|e| e.as_str() != code));
        }
    }

    #[test]
    fn a_problem_gets_its_line_from_the_field_and_a_spanish_message() {
        let mut report = PackCheckReport::default();
        let text = "{\n  \"units\": [\n    {\"id\": \"a\"}\n  ]\n}";
        let text = JsonText::new(text);
        let e = PackError::field(
            PackErrorKind::DuplicateId,
            "course.json",
            "units[0].id",
            "x",
        )
        .with_es("y");
        report.problem(&e, Some(&text), None);
        let f = &report.problems[0];
        assert_eq!(
            (f.code.as_str(), f.line, f.message_es.as_str()),
            ("pack_duplicate_id", Some(3), "y")
        );
        assert!(!report.is_importable());
    }

    #[test]
    fn findings_past_the_limit_are_counted_not_kept() {
        let mut report = PackCheckReport::default();
        let e = PackError::file(PackErrorKind::MissingFile, "a.md", "not in the pack");
        for _ in 0..MAX_FINDINGS + 3 {
            report.problem(&e, None, None);
        }
        assert_eq!((report.problems.len(), report.omitted), (MAX_FINDINGS, 3));
    }
}
