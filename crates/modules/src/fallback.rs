//! Any text an engine returns, read as a reply (spec 004, "Frontend parsing strategy"):
//! a RESPONSE_SCHEMA object (also inside a Markdown code fence), the legacy
//! `{"type": "form", …}` shape, a truncated object whose finished text blocks are kept,
//! and otherwise the text itself as sanitised Markdown.

use super::contract::{
    BlockType, ModuleReply, ReplyContent, ReplyMeta, ResponseType, TextBlock, MAX_BLOCK_CHARS,
};
use super::pack::MediaFile;
use super::rules::{check_reply, clean_text, CheckedReply, Repair};
use regex::Regex;
use serde_json::{json, Value};
use std::sync::LazyLock;

/// How a text was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadAs {
    /// A RESPONSE_SCHEMA object.
    Schema,
    /// The legacy form shape.
    LegacyForm,
    /// The finished text blocks of a cut-off object.
    Salvaged,
    /// Plain text shown as Markdown.
    Markdown,
}

impl ReadAs {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Schema => "schema",
            Self::LegacyForm => "legacyForm",
            Self::Salvaged => "salvaged",
            Self::Markdown => "markdown",
        }
    }
}

/// A text read as a reply.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadReply {
    /// How it was read.
    pub read_as: ReadAs,
    /// The checked reply (its text blocks may be empty when nothing was usable).
    pub checked: CheckedReply,
}

static FENCE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?s)^\s*```[a-zA-Z]*\s*(.*?)\s*```\s*$").expect("fence"));
static CONTENT_STRING: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#""content"\s*:\s*"((?:[^"\\]|\\.)*)""#).expect("content string"));
static TAG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"</?[a-zA-Z][^>]*>").expect("tag"));

/// The JSON inside a code fence, or the text itself.
fn unfenced(text: &str) -> &str {
    FENCE
        .captures(text)
        .and_then(|c| c.get(1))
        .map_or(text.trim(), |m| m.as_str())
}

/// The legacy `{"type":"form", "title", "description", "fields", …}` as a reply.
fn legacy_form(value: &Value) -> Option<Value> {
    if value.get("type").and_then(Value::as_str) != Some("form") || value.get("content").is_some() {
        return None;
    }
    let title = value.get("title").and_then(Value::as_str).unwrap_or("");
    let intro = value
        .get("description")
        .and_then(Value::as_str)
        .filter(|d| !d.trim().is_empty())
        .unwrap_or(title);
    let mut form = value.clone();
    let map = form.as_object_mut()?;
    map.remove("type");
    map.entry("id").or_insert_with(|| json!("form"));
    Some(json!({
        "content": {
            "text_blocks": [{"type": "paragraph", "content": intro}],
            "forms": [form],
        },
        "meta": {"response_type": "assessment"},
    }))
}

fn plain_reply(blocks: Vec<TextBlock>) -> ModuleReply {
    ModuleReply {
        content: ReplyContent {
            text_blocks: blocks,
            ..ReplyContent::default()
        },
        meta: ReplyMeta {
            response_type: ResponseType::Conversational,
            progress: None,
            module_state: None,
            emotion: None,
        },
    }
}

/// Finished `"content": "…"` strings of a cut-off reply.
fn salvage(text: &str) -> Vec<TextBlock> {
    CONTENT_STRING
        .captures_iter(text)
        .filter_map(|c| serde_json::from_str::<String>(&format!("\"{}\"", &c[1])).ok())
        .map(|s| clean_text(&s))
        .filter(|s| !s.is_empty())
        .map(|s| {
            TextBlock::new(
                BlockType::Paragraph,
                s.chars().take(MAX_BLOCK_CHARS).collect::<String>(),
            )
        })
        .collect()
}

/// `text` as sanitised Markdown: mojibake repaired, unsafe characters and HTML tags
/// removed (the window never renders HTML from a reply).
pub fn sanitised_markdown(text: &str) -> String {
    let without_tags = TAG.replace_all(text, "");
    clean_text(&without_tags)
        .chars()
        .take(MAX_BLOCK_CHARS)
        .collect()
}

/// Reads whatever an engine returned as a reply; `media` are the module's files.
pub fn read_any_reply(text: &str, media: &[MediaFile]) -> ReadReply {
    let body = unfenced(text);
    if let Ok(value) = serde_json::from_str::<Value>(body) {
        if let Some(checked) = check_reply(&value, media) {
            return ReadReply {
                read_as: ReadAs::Schema,
                checked,
            };
        }
        if let Some(checked) = legacy_form(&value).and_then(|v| check_reply(&v, media)) {
            return ReadReply {
                read_as: ReadAs::LegacyForm,
                checked,
            };
        }
    }
    let looks_like_json = body.starts_with('{') || body.starts_with('[');
    if looks_like_json {
        return ReadReply {
            read_as: ReadAs::Salvaged,
            checked: CheckedReply {
                reply: plain_reply(salvage(body)),
                repairs: vec![Repair {
                    path: String::new(),
                    reason: "not a complete reply; its finished text kept".into(),
                }],
            },
        };
    }
    let markdown = sanitised_markdown(body);
    let blocks = if markdown.is_empty() {
        Vec::new()
    } else {
        vec![TextBlock::new(BlockType::Paragraph, markdown)]
    };
    ReadReply {
        read_as: ReadAs::Markdown,
        checked: CheckedReply {
            reply: plain_reply(blocks),
            repairs: vec![Repair {
                path: String::new(),
                reason: "not JSON; shown as Markdown".into(),
            }],
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_shown_as_sanitised_markdown() {
        let read = read_any_reply("**Breathe** slowly.<script>alert(1)</script>\u{202E}", &[]);
        assert_eq!(read.read_as, ReadAs::Markdown);
        assert_eq!(
            read.checked.reply.content.text_blocks[0].content,
            "**Breathe** slowly.alert(1)"
        );
    }

    #[test]
    fn a_fenced_reply_is_read_as_the_schema() {
        let text = "```json\n{\"content\":{\"text_blocks\":[{\"type\":\"tip\",\"content\":\"Sleep.\"}]},\"meta\":{\"response_type\":\"educational\"}}\n```";
        let read = read_any_reply(text, &[]);
        assert_eq!(read.read_as, ReadAs::Schema);
        assert!(read.checked.repairs.is_empty());
    }

    #[test]
    fn the_legacy_form_shape_is_still_read() {
        let text = r#"{"type":"form","title":"Check","fields":[{"id":"mood","type":"radio","label":"Mood","options":[{"value":"ok","label":"OK"},{"value":"bad","label":"Bad"}]}]}"#;
        let read = read_any_reply(text, &[]);
        assert_eq!(read.read_as, ReadAs::LegacyForm);
        let reply = read.checked.reply;
        assert_eq!(reply.content.forms[0].id, "form");
        assert_eq!(reply.content.text_blocks[0].content, "Check");
        assert_eq!(reply.meta.response_type, ResponseType::Assessment);
    }

    #[test]
    fn a_cut_off_reply_keeps_its_finished_blocks() {
        let text = r#"{"content":{"text_blocks":[{"type":"paragraph","content":"First \"one\"."},{"type":"tip","content":"Sec"#;
        let read = read_any_reply(text, &[]);
        assert_eq!(read.read_as, ReadAs::Salvaged);
        assert_eq!(read.checked.reply.content.text_blocks.len(), 1);
        assert_eq!(
            read.checked.reply.content.text_blocks[0].content,
            "First \"one\"."
        );
    }
}
