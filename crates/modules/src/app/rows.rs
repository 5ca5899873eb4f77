//! What a module session saves and reads back: the session with its progress, each
//! message of the conversation, and a reply about to be saved with who wrote it.

use crate::contract::BlockType;
use crate::{ModelRead, ModuleProgress, ModuleReply, ModuleTurnOutcome};
use lantern_core::language::Language;
use lantern_core::turn::ReplyOrigin;
use serde::Serialize;

/// A module session as saved.
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleSessionRow {
    /// Its id.
    pub id: i64,
    /// The module's id.
    pub module_id: String,
    /// The conversation's language.
    pub language: Language,
    /// The app's progress.
    pub progress: ModuleProgress,
    /// Forms sent.
    pub forms_sent: Vec<String>,
}

/// One message of a module conversation.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModuleMessage {
    /// Its id.
    pub id: i64,
    /// `student` or `module`.
    pub role: String,
    /// The student's words (a form: its answers in words); a reply's first block.
    pub text: String,
    /// A submitted form's answers as JSON.
    pub form: Option<serde_json::Value>,
    /// A reply.
    pub reply: Option<ModuleReply>,
    /// Who wrote a reply, as saved (a student's message has none).
    pub origin: Option<ReplyOrigin>,
    /// How the model's text read (`schema`, `legacyForm`, `salvaged`, `markdown`), when
    /// the model returned text.
    pub read_as: Option<String>,
    /// How many elements the schema checks repaired in the model's reply.
    pub repairs: i64,
}

/// A reply to save, with who wrote it and how the model's text read.
#[derive(Debug, Clone, Copy)]
pub struct NewReply<'a> {
    /// The reply.
    pub reply: &'a ModuleReply,
    /// Who wrote it, as the shared turn said.
    pub origin: ReplyOrigin,
    /// How the model's text read, when the model returned text.
    pub model_read: Option<&'a ModelRead>,
}

impl<'a> NewReply<'a> {
    /// The reply a turn produced.
    pub fn of(outcome: &'a ModuleTurnOutcome) -> Self {
        Self {
            reply: &outcome.reply,
            origin: outcome.origin,
            model_read: outcome.model_read.as_ref(),
        }
    }
}

/// The words a reply stands for in a list or the model's history: its first
/// paragraph-like block.
pub fn reply_summary(reply: &ModuleReply) -> String {
    reply
        .content
        .text_blocks
        .iter()
        .find(|b| b.kind != BlockType::Heading)
        .or_else(|| reply.content.text_blocks.first())
        .map(|b| b.content.clone())
        .unwrap_or_default()
}
