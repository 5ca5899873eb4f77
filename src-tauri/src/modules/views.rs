//! What the module commands send to the window and read from it: the library, a
//! session with its conversation (each reply as RESPONSE_SCHEMA) and progress, and the
//! student's input (a message, a form's answers, a section picked).

use crate::error::IpcError;
use crate::row_id::RowId;
use lantern_core::language::Language;
use lantern_core::turn::ReplyOrigin;
use lantern_modules::app::{ModuleMessage, ModuleSessionView, ModuleTurnSaved, ProgressView};
use lantern_modules::turn::clean_message;
use lantern_modules::{ModuleError, StudentAct};
use lantern_packs::module::contract::{Milestone, ModuleReply};
use lantern_store::ModuleListing;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// A module in the library.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ModuleListingView {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Language of the material.
    pub language: String,
    /// Its description.
    pub description: String,
    /// Sections.
    pub sections: u32,
    /// Topics.
    pub topics: u32,
}

impl From<ModuleListing> for ModuleListingView {
    fn from(m: ModuleListing) -> Self {
        Self {
            id: m.id,
            title: m.title,
            language: m.language,
            description: m.description,
            sections: u32::try_from(m.sections).unwrap_or(0),
            topics: u32::try_from(m.topics).unwrap_or(0),
        }
    }
}

/// One message of the conversation.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ModuleMessageView {
    /// Its id.
    pub id: RowId,
    /// Whether the student wrote it.
    pub from_student: bool,
    /// The student's words (a form: its answers in words).
    pub text: String,
    /// Whether it was a form.
    pub was_form: bool,
    /// A reply, as RESPONSE_SCHEMA.
    pub reply: Option<ModuleReply>,
    /// Who wrote a reply, as saved (a student's message has none).
    pub origin: Option<ReplyOrigin>,
}

impl From<&ModuleMessage> for ModuleMessageView {
    fn from(m: &ModuleMessage) -> Self {
        Self {
            id: m.id.into(),
            from_student: m.role == "student",
            text: m.text.clone(),
            was_form: m.form.is_some(),
            reply: m.reply.clone(),
            origin: m.origin,
        }
    }
}

/// A section in the section list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct SectionItemView {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its phase's title.
    pub phase: String,
    /// Topics in it.
    pub topics: u32,
    /// Of which covered.
    pub covered: u32,
    /// Whether the student moved on from it.
    pub completed: bool,
    /// Whether it is the current one.
    pub current: bool,
}

/// Progress as the progress bar and the section list show it.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ModuleProgressView {
    /// ⌊100 × covered ÷ topics⌋.
    pub percentage: u32,
    /// Covered topics.
    pub covered: u32,
    /// Topics in the module.
    pub total: u32,
    /// Titles of the covered topics, in module order.
    pub covered_titles: Vec<String>,
    /// Every section.
    pub sections: Vec<SectionItemView>,
    /// Milestones celebrated.
    pub celebrated: Vec<Milestone>,
    /// Whether the module is finished.
    pub finished: bool,
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl From<&ProgressView> for ModuleProgressView {
    fn from(p: &ProgressView) -> Self {
        Self {
            percentage: p.percentage,
            covered: count(p.covered),
            total: count(p.total),
            covered_titles: p
                .topics
                .iter()
                .filter(|t| t.covered)
                .map(|t| t.title.clone())
                .collect(),
            sections: p
                .sections
                .iter()
                .map(|s| SectionItemView {
                    id: s.id.clone(),
                    title: s.title.clone(),
                    phase: s.phase.clone(),
                    topics: count(s.topics),
                    covered: count(s.covered),
                    completed: s.completed,
                    current: s.current,
                })
                .collect(),
            celebrated: p.celebrated.clone(),
            finished: p.finished,
        }
    }
}

/// A session: the module, the conversation and the progress.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ModuleSessionStateView {
    /// The session's id.
    pub session_id: RowId,
    /// The module's id.
    pub module_id: String,
    /// The module's title.
    pub title: String,
    /// The conversation's language.
    pub language: Language,
    /// The absolute folder of the module's media files (shown through the asset protocol).
    pub media_dir: String,
    /// The conversation, oldest first.
    pub messages: Vec<ModuleMessageView>,
    /// The progress.
    pub progress: ModuleProgressView,
}

impl ModuleSessionStateView {
    /// The view of `session`, whose media are in `media_dir`.
    pub fn new(session: &ModuleSessionView, media_dir: String) -> Self {
        Self {
            session_id: session.session_id.into(),
            module_id: session.module_id.clone(),
            title: session.title.clone(),
            language: session.language,
            media_dir,
            messages: session.messages.iter().map(Into::into).collect(),
            progress: (&session.progress).into(),
        }
    }
}

/// What one turn saved.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ModuleTurnView {
    /// The student's turn.
    pub student: ModuleMessageView,
    /// The reply.
    pub reply: ModuleMessageView,
    /// The progress after it.
    pub progress: ModuleProgressView,
    /// Why the school's distress phrases (`distress-words.txt` in the data folder) are
    /// not used, when the file is bad; None when they are, or when there is none.
    pub distress_words: Option<IpcError>,
}

impl ModuleTurnView {
    /// The view of turn `t`; `distress_words`, why the school's phrases are refused, if
    /// they are.
    pub fn new(t: &ModuleTurnSaved, distress_words: Option<IpcError>) -> Self {
        Self {
            student: (&t.student).into(),
            reply: (&t.reply).into(),
            progress: (&t.progress).into(),
            distress_words,
        }
    }
}

/// One field's answer: a number, a text or a choice, or several choices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(untagged)]
pub enum FieldAnswer {
    /// A number field's value.
    Number(f64),
    /// A text, textarea, radio or select field's value.
    Text(String),
    /// A checkbox field's chosen values.
    Choices(Vec<String>),
}

/// What the student does in a turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ModuleInput {
    /// A message (typed, or a quick reply).
    Say {
        /// The words.
        text: String,
    },
    /// A form's answers by field id (unanswered fields left out).
    Form {
        /// The form's id.
        #[serde(rename = "formId")]
        form_id: String,
        /// Answers by field id.
        answers: BTreeMap<String, FieldAnswer>,
    },
    /// A section picked in the section list.
    Go {
        /// The section's id.
        section: String,
    },
}

impl ModuleInput {
    /// The act the turn runs, a message cleaned (the only time it is), or why the
    /// message cannot be one.
    pub fn act(self) -> Result<StudentAct, ModuleError> {
        Ok(match self {
            Self::Say { text } => StudentAct::Say(clean_message(&text)?),
            Self::Go { section } => StudentAct::GoTo(section),
            Self::Form { form_id, answers } => {
                let answers: Map<String, Value> = answers
                    .into_iter()
                    .map(|(field, answer)| {
                        let value = match answer {
                            FieldAnswer::Number(n) => {
                                serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number)
                            }
                            FieldAnswer::Text(t) => Value::String(t),
                            FieldAnswer::Choices(c) => {
                                Value::Array(c.into_iter().map(Value::String).collect())
                            }
                        };
                        (field, value)
                    })
                    .collect();
                StudentAct::Form { form_id, answers }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_arrives_as_typed_answers() {
        let input: ModuleInput = serde_json::from_str(
            r#"{"kind":"form","formId":"self_check","answers":{"signs":["a","b"],"sleep_hours":6,"main_worry":"blanking"}}"#,
        )
        .unwrap();
        let Ok(StudentAct::Form { form_id, answers }) = input.act() else {
            panic!("a form");
        };
        assert_eq!(form_id, "self_check");
        assert_eq!(answers["signs"], serde_json::json!(["a", "b"]));
        assert_eq!(answers["sleep_hours"], serde_json::json!(6.0));
    }
}
