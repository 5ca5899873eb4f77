//! The model's grammar for one turn: RESPONSE_SCHEMA narrowed to what this turn allows —
//! 1–3 text blocks (a heading carries its level, nothing else does), an optional next
//! step, media only from the current section's own files, a form only when the turn asks
//! for one, and `response_type` and `emotion` from the schema's enums. Progress and
//! module state are left out: the app writes them. Every bound is small, so the longest
//! reply the grammar allows fits [`MODEL_MAX_TOKENS`].

use super::contract::{BlockType, Emotion, FieldType, MediaType, ResponseType};
use serde_json::{json, Value};

/// Most text blocks the model writes.
pub const MODEL_BLOCKS: usize = 3;
/// Longest block the model writes, in characters.
pub const MODEL_BLOCK_CHARS: usize = 320;
/// Longest next-step prompt the model writes.
pub const MODEL_PROMPT_CHARS: usize = 140;
/// Most suggestions the model writes.
pub const MODEL_SUGGESTIONS: usize = 3;
/// Longest suggestion the model writes.
pub const MODEL_SUGGESTION_CHARS: usize = 48;
/// Most fields of a form the model writes.
pub const MODEL_FIELDS: usize = 3;
/// Most options of a field the model writes.
pub const MODEL_OPTIONS: usize = 4;
/// Generation cap: the longest reply the grammar allows stays under it.
pub const MODEL_MAX_TOKENS: u32 = 1024;

/// What one turn lets the model add besides words.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GrammarMenu {
    /// Media files it may show: `(type, path)`.
    pub media: Vec<(MediaType, String)>,
    /// Whether it may write a short form.
    pub form: bool,
}

fn text(min: usize, max: usize) -> Value {
    json!({"type": "string", "minLength": min, "maxLength": max})
}

fn names<T: Copy>(all: &[T], name: fn(T) -> &'static str) -> Vec<&'static str> {
    all.iter().map(|v| name(*v)).collect()
}

/// Longest answer the model writes when a note answers the message: its 1–3 sentences.
pub const ANSWER_CHARS: usize = 360;

/// One paragraph: the model's answer when a note answers the message (its note is
/// shown after it, so nothing else is asked of the model).
fn answer_block() -> Value {
    json!({
        "type": "array", "minItems": 1, "maxItems": 1,
        "items": {"type": "object", "properties": {
            "type": {"type": "string", "enum": [BlockType::Paragraph.as_str()]},
            "content": text(1, ANSWER_CHARS)},
         "required": ["content", "type"], "additionalProperties": false},
    })
}

fn blocks() -> Value {
    let others: Vec<&str> = BlockType::ALL
        .iter()
        .filter(|b| **b != BlockType::Heading)
        .map(|b| b.as_str())
        .collect();
    json!({
        "type": "array", "minItems": 1, "maxItems": MODEL_BLOCKS,
        "items": {"anyOf": [
            {"type": "object", "properties": {
                "type": {"type": "string", "enum": others},
                "content": text(1, MODEL_BLOCK_CHARS)},
             "required": ["content", "type"], "additionalProperties": false},
            {"type": "object", "properties": {
                "type": {"type": "string", "enum": ["heading"]},
                "content": text(1, 80),
                "level": {"type": "integer", "minimum": 2, "maximum": 4}},
             "required": ["content", "level", "type"], "additionalProperties": false},
        ]},
    })
}

fn next_step() -> Value {
    json!({
        "type": "object",
        "properties": {
            "prompt": text(1, MODEL_PROMPT_CHARS),
            "suggestions": {"type": "array", "maxItems": MODEL_SUGGESTIONS,
                            "items": text(2, MODEL_SUGGESTION_CHARS)},
        },
        "required": ["prompt", "suggestions"],
        "additionalProperties": false,
    })
}

fn media(files: &[(MediaType, String)]) -> Value {
    let items: Vec<Value> = files
        .iter()
        .map(|(kind, path)| {
            json!({"type": "object", "properties": {
                "type": {"type": "string", "enum": [kind.as_str()]},
                "src": {"type": "string", "enum": [path]}},
             "required": ["src", "type"], "additionalProperties": false})
        })
        .collect();
    json!({"type": "array", "maxItems": 1, "items": {"anyOf": items}})
}

fn form() -> Value {
    let id = json!({"type": "string", "pattern": "^[a-z][a-z0-9_]{0,23}$"});
    let choice: Vec<&str> = FieldType::ALL
        .iter()
        .filter(|f| f.is_choice())
        .map(|f| f.as_str())
        .collect();
    let option = json!({"type": "object", "properties": {
        "value": id, "label": text(1, 40)},
        "required": ["label", "value"], "additionalProperties": false});
    json!({
        "type": "array", "maxItems": 1,
        "items": {"type": "object", "properties": {
            "id": id,
            "title": text(1, 60),
            "fields": {"type": "array", "minItems": 1, "maxItems": MODEL_FIELDS, "items": {"anyOf": [
                {"type": "object", "properties": {
                    "id": id, "label": text(1, 80),
                    "type": {"type": "string", "enum": choice},
                    "options": {"type": "array", "minItems": 2, "maxItems": MODEL_OPTIONS, "items": option}},
                 "required": ["id", "label", "options", "type"], "additionalProperties": false},
                {"type": "object", "properties": {
                    "id": id, "label": text(1, 80),
                    "type": {"type": "string", "enum": ["text", "textarea"]}},
                 "required": ["id", "label", "type"], "additionalProperties": false},
                {"type": "object", "properties": {
                    "id": id, "label": text(1, 80),
                    "type": {"type": "string", "enum": ["number"]},
                    "min": {"type": "integer", "minimum": 0, "maximum": 1000},
                    "max": {"type": "integer", "minimum": 0, "maximum": 1000}},
                 "required": ["id", "label", "max", "min", "type"], "additionalProperties": false},
            ]}}},
         "required": ["fields", "id", "title"], "additionalProperties": false},
    })
}

/// The reply's meta: its kind and emotion (progress and state are the app's).
fn meta() -> Value {
    json!({"type": "object", "properties": {
        "response_type": {"type": "string", "enum": names(ResponseType::ALL, ResponseType::as_str)},
        "emotion": {"type": "string", "enum": names(Emotion::ALL, Emotion::as_str)}},
     "required": ["response_type"], "additionalProperties": false})
}

/// A reply's schema with `content`'s properties and the meta: `text_blocks` and the
/// answer's chosen sentence, when offered, are required (llama.cpp writes required
/// properties first, in the order given).
fn reply_schema(content: serde_json::Map<String, Value>) -> Value {
    let required: Vec<&str> = [crate::chosen::FIELD, "text_blocks"]
        .into_iter()
        .filter(|k| content.contains_key(*k))
        .collect();
    json!({
        "type": "object",
        "properties": {
            "content": {"type": "object", "properties": content,
                        "required": required, "additionalProperties": false},
            "meta": meta(),
        },
        "required": ["content", "meta"],
        "additionalProperties": false,
    })
}

/// The JSON schema of the model's answer when a note answers the message: first the
/// note's sentence that answers the question, chosen from `offered` (when the note has
/// statements to choose from: [`crate::chosen`]), then one paragraph (1–3 sentences
/// applying the note) and a next step; no media, no form.
pub fn answer_schema(offered: &[String]) -> Value {
    let mut content = serde_json::Map::new();
    if !offered.is_empty() {
        content.insert(
            crate::chosen::FIELD.into(),
            json!({"type": "string", "enum": offered}),
        );
    }
    content.insert("text_blocks".into(), answer_block());
    content.insert("next_step".into(), next_step());
    reply_schema(content)
}

/// The JSON schema of the model's choice alone, across languages
/// ([`crate::chosen::quoted_answer`]): the note's sentence that answers, from `offered`.
pub fn pick_schema(offered: &[String]) -> Value {
    json!({
        "type": "object",
        "properties": {
            "content": {"type": "object",
                        "properties": {crate::chosen::FIELD: {"type": "string", "enum": offered}},
                        "required": [crate::chosen::FIELD], "additionalProperties": false},
        },
        "required": ["content"],
        "additionalProperties": false,
    })
}

/// The JSON schema the model's answer must match this turn.
pub fn model_schema(menu: &GrammarMenu) -> Value {
    let mut content = serde_json::Map::new();
    content.insert("text_blocks".into(), blocks());
    content.insert("next_step".into(), next_step());
    if !menu.media.is_empty() {
        content.insert("media".into(), media(&menu.media));
    }
    if menu.form {
        content.insert("forms".into(), form());
    }
    reply_schema(content)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_one_paragraph_and_a_next_step() {
        let schema = answer_schema(&[]);
        let content = &schema["properties"]["content"]["properties"];
        assert!(content.get(crate::chosen::FIELD).is_none());
        assert_eq!(content["text_blocks"]["maxItems"], 1);
        let kind = &content["text_blocks"]["items"]["properties"]["type"]["enum"];
        assert_eq!(kind, &json!(["paragraph"]));
        assert!(content.get("forms").is_none() && content.get("media").is_none());
        assert_eq!(
            schema["properties"]["meta"],
            model_schema(&GrammarMenu::default())["properties"]["meta"]
        );
    }

    #[test]
    fn an_answer_chooses_its_sentence_from_the_notes_statements_only() {
        let offered = vec!["Sleep fixes memories.".to_string()];
        let schema = answer_schema(&offered);
        let choice = &schema["properties"]["content"]["properties"][crate::chosen::FIELD];
        assert_eq!(choice["enum"], json!(offered));
        // Chosen first, before the model writes its own sentences.
        let required = &schema["properties"]["content"]["required"];
        assert_eq!(required, &json!([crate::chosen::FIELD, "text_blocks"]));
    }
}
