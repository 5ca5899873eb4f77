//! Reading a reply leniently and checking what the grammar cannot express (spec 004):
//! options present for choice fields and only there, heading levels only on headings,
//! media only from the module's own files, snake_case ids, bounds. A violation drops the
//! offending element — a block, a field, an option, a form, a media item, a suggestion —
//! never the whole reply; every drop is reported, so "valid without repair" is
//! measurable.

use super::contract::{
    BlockType, FieldOption, Form, FormField, Media, ModuleReply, NextStep, ReplyContent, ReplyMeta,
    ResponseType, TextBlock, MAX_BLOCKS, MAX_BLOCK_CHARS, MAX_FIELDS, MAX_FORMS, MAX_ID_CHARS,
    MAX_LABEL_CHARS, MAX_MEDIA, MAX_OPTIONS, MAX_SUGGESTIONS, MAX_SUGGESTION_CHARS,
};
use super::pack::{is_snake_case, MediaFile};
use lantern_core::text::mojibake::repair_mojibake;
use lantern_core::text::normalize::normalize;
use lantern_core::text::tidy::strip_unsafe_chars;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// An element removed or changed by the checks, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repair {
    /// Where, as a JSON path (`content.forms[0].fields[1]`).
    pub path: String,
    /// What was wrong.
    pub reason: String,
}

/// A reply after the checks, with what they had to repair.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedReply {
    /// The reply; it may have no text block left.
    pub reply: ModuleReply,
    /// Everything dropped or changed.
    pub repairs: Vec<Repair>,
}

/// Collects repairs while reading.
#[derive(Default)]
struct Repairs(Vec<Repair>);

impl Repairs {
    fn note(&mut self, path: impl Into<String>, reason: impl Into<String>) {
        self.0.push(Repair {
            path: path.into(),
            reason: reason.into(),
        });
    }
}

/// `text` made safe to show: mojibake repaired, control and bidirectional characters
/// removed, trimmed.
pub fn clean_text(text: &str) -> String {
    strip_unsafe_chars(&repair_mojibake(text))
        .trim()
        .to_string()
}

/// `text` cut to `max` characters.
fn cut(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// A short text cleaned and bounded; `None` when nothing is left.
fn short_text(text: Option<String>, max: usize) -> Option<String> {
    text.map(|t| cut(&clean_text(&t), max))
        .filter(|t| !t.is_empty())
}

/// The elements of `value[key]` that deserialize as `T`; others are reported.
fn elements<T: DeserializeOwned>(
    value: &Value,
    key: &str,
    path: &str,
    repairs: &mut Repairs,
) -> Vec<(usize, T)> {
    match value.get(key) {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .filter_map(
                |(i, item)| match serde_json::from_value::<T>(item.clone()) {
                    Ok(parsed) => Some((i, parsed)),
                    Err(e) => {
                        repairs.note(format!("{path}.{key}[{i}]"), format!("wrong shape: {e}"));
                        None
                    }
                },
            )
            .collect(),
        Some(_) => {
            repairs.note(format!("{path}.{key}"), "not a list");
            Vec::new()
        }
    }
}

fn check_block(path: &str, mut block: TextBlock, repairs: &mut Repairs) -> Option<TextBlock> {
    let content = clean_text(&block.content);
    if content.is_empty() {
        repairs.note(path, "empty text");
        return None;
    }
    if content.chars().count() > MAX_BLOCK_CHARS {
        repairs.note(path, "text too long; cut");
    }
    block.content = cut(&content, MAX_BLOCK_CHARS);
    match (block.kind, block.level) {
        (BlockType::Heading, None) => {
            repairs.note(path, "heading without a level; level 2");
            block.level = Some(2);
        }
        (BlockType::Heading, Some(level)) if !(1..=6).contains(&level) => {
            repairs.note(path, "heading level outside 1–6; level 2");
            block.level = Some(2);
        }
        (BlockType::Heading, Some(_)) => {}
        (_, Some(_)) => {
            repairs.note(format!("{path}.level"), "a level only belongs on a heading");
            block.level = None;
        }
        (_, None) => {}
    }
    Some(block)
}

fn check_options(path: &str, field: &Value, repairs: &mut Repairs) -> Vec<FieldOption> {
    let mut kept: Vec<FieldOption> = Vec::new();
    for (i, option) in elements::<FieldOption>(field, "options", path, repairs) {
        let value = cut(&clean_text(&option.value), MAX_ID_CHARS);
        let label = cut(&clean_text(&option.label), MAX_LABEL_CHARS);
        if value.is_empty() || label.is_empty() {
            repairs.note(format!("{path}.options[{i}]"), "empty value or label");
        } else if kept.iter().any(|o| o.value == value) {
            repairs.note(format!("{path}.options[{i}]"), "value used twice");
        } else if kept.len() == MAX_OPTIONS {
            repairs.note(format!("{path}.options[{i}]"), "too many options");
        } else {
            kept.push(FieldOption { value, label });
        }
    }
    kept
}

fn check_field(path: &str, raw: &Value, repairs: &mut Repairs) -> Option<FormField> {
    let mut without_options = raw.clone();
    if let Some(map) = without_options.as_object_mut() {
        map.remove("options");
    }
    let mut field: FormField = match serde_json::from_value(without_options) {
        Ok(field) => field,
        Err(e) => {
            repairs.note(path, format!("wrong shape: {e}"));
            return None;
        }
    };
    if !is_snake_case(&field.id) || field.id.len() > MAX_ID_CHARS {
        repairs.note(path, format!("field id `{}` is not snake_case", field.id));
        return None;
    }
    field.label = cut(&clean_text(&field.label), MAX_LABEL_CHARS);
    if field.label.is_empty() {
        repairs.note(path, "empty label");
        return None;
    }
    field.placeholder = short_text(field.placeholder, MAX_LABEL_CHARS);
    field.help_text = short_text(field.help_text, MAX_LABEL_CHARS);
    let options = check_options(path, raw, repairs);
    if field.kind.is_choice() {
        if options.len() < 2 {
            repairs.note(path, "a choice field needs at least two options");
            return None;
        }
        field.options = options;
    } else if raw
        .get("options")
        .is_some_and(|o| o.as_array().is_some_and(|a| !a.is_empty()))
    {
        repairs.note(format!("{path}.options"), "only choice fields have options");
    }
    let numeric = field.kind == super::contract::FieldType::Number;
    let bad_bounds = match (field.min, field.max) {
        (Some(min), Some(max)) => min > max || !min.is_finite() || !max.is_finite(),
        (Some(v), None) | (None, Some(v)) => !v.is_finite(),
        (None, None) => false,
    };
    if (field.min.is_some() || field.max.is_some()) && (!numeric || bad_bounds) {
        repairs.note(
            format!("{path}.min"),
            "bounds only on a number field, min ≤ max",
        );
        field.min = None;
        field.max = None;
    }
    Some(field)
}

fn check_form(path: &str, raw: &Value, repairs: &mut Repairs) -> Option<Form> {
    let mut without_fields = raw.clone();
    if let Some(map) = without_fields.as_object_mut() {
        map.insert("fields".into(), Value::Array(Vec::new()));
    }
    let mut form: Form = match serde_json::from_value(without_fields) {
        Ok(form) => form,
        Err(e) => {
            repairs.note(path, format!("wrong shape: {e}"));
            return None;
        }
    };
    if !is_snake_case(&form.id) || form.id.len() > MAX_ID_CHARS {
        repairs.note(path, format!("form id `{}` is not snake_case", form.id));
        return None;
    }
    let fields = match raw.get("fields") {
        Some(Value::Array(items)) => items.as_slice(),
        _ => &[],
    };
    for (i, item) in fields.iter().enumerate() {
        let at = format!("{path}.fields[{i}]");
        let Some(field) = check_field(&at, item, repairs) else {
            continue;
        };
        if form.fields.iter().any(|f| f.id == field.id) {
            repairs.note(at, "field id used twice");
        } else if form.fields.len() == MAX_FIELDS {
            repairs.note(at, "too many fields");
        } else {
            form.fields.push(field);
        }
    }
    if form.fields.is_empty() {
        repairs.note(path, "no usable field");
        return None;
    }
    form.title = short_text(form.title, MAX_LABEL_CHARS);
    form.description = short_text(form.description, MAX_LABEL_CHARS);
    form.submit_label = short_text(form.submit_label, MAX_SUGGESTION_CHARS);
    form.optional = true;
    Some(form)
}

fn check_media(
    path: &str,
    media: Media,
    files: &[MediaFile],
    repairs: &mut Repairs,
) -> Option<Media> {
    let Some(file) = files.iter().find(|f| f.file == media.src.trim()) else {
        repairs.note(
            path,
            format!("`{}` is not one of the module's files", media.src),
        );
        return None;
    };
    if file.kind != media.kind {
        repairs.note(
            path,
            format!("`{}` is a {} file", file.file, file.kind.as_str()),
        );
        return None;
    }
    Some(Media {
        kind: file.kind,
        src: file.file.clone(),
        alt: short_text(media.alt, MAX_LABEL_CHARS).or_else(|| file.alt.clone()),
        caption: short_text(media.caption, MAX_LABEL_CHARS).or_else(|| file.caption.clone()),
    })
}

fn check_next_step(value: &Value, repairs: &mut Repairs) -> Option<NextStep> {
    let raw = value.get("next_step").filter(|v| !v.is_null())?;
    let Value::Object(map) = raw else {
        repairs.note("content.next_step", "not an object");
        return None;
    };
    let prompt = match map.get("prompt") {
        Some(Value::String(p)) => short_text(Some(p.clone()), MAX_LABEL_CHARS),
        None | Some(Value::Null) => None,
        Some(_) => {
            repairs.note("content.next_step.prompt", "not text");
            None
        }
    };
    let mut suggestions: Vec<String> = Vec::new();
    for (i, s) in elements::<String>(raw, "suggestions", "content.next_step", repairs) {
        let text = clean_text(&s);
        let at = format!("content.next_step.suggestions[{i}]");
        if text.is_empty() || text.chars().count() > MAX_SUGGESTION_CHARS {
            repairs.note(at, "empty or too long");
        } else if suggestions.iter().any(|k| normalize(k) == normalize(&text)) {
            repairs.note(at, "said twice");
        } else if suggestions.len() == MAX_SUGGESTIONS {
            repairs.note(at, "too many suggestions");
        } else {
            suggestions.push(text);
        }
    }
    Some(NextStep {
        prompt,
        suggestions,
        can_skip: true,
    })
}

fn check_meta(value: &Value, repairs: &mut Repairs) -> ReplyMeta {
    let meta = value.get("meta");
    let read = |key: &str| meta.and_then(|m| m.get(key)).and_then(Value::as_str);
    let response_type = read("response_type").and_then(ResponseType::parse);
    if response_type.is_none() {
        repairs.note("meta.response_type", "missing or unknown; conversational");
    }
    let emotion = read("emotion").and_then(super::contract::Emotion::parse);
    if emotion.is_none() && read("emotion").is_some() {
        repairs.note("meta.emotion", "unknown emotion");
    }
    ReplyMeta {
        response_type: response_type.unwrap_or(ResponseType::Conversational),
        progress: None,
        module_state: None,
        emotion,
    }
}

/// Reads `value` as a reply, checking every element; `None` when it is not a reply at
/// all (not an object with `content`). The model's `meta.progress` and
/// `meta.module_state` are never read: the app writes them.
pub fn check_reply(value: &Value, media: &[MediaFile]) -> Option<CheckedReply> {
    let content = value.get("content").filter(|c| c.is_object())?;
    let mut repairs = Repairs::default();
    let mut text_blocks = Vec::new();
    for (i, block) in elements::<TextBlock>(content, "text_blocks", "content", &mut repairs) {
        let at = format!("content.text_blocks[{i}]");
        if text_blocks.len() == MAX_BLOCKS {
            repairs.note(at, "too many blocks");
        } else if let Some(block) = check_block(&at, block, &mut repairs) {
            text_blocks.push(block);
        }
    }
    let mut forms: Vec<Form> = Vec::new();
    if let Some(Value::Array(items)) = content.get("forms") {
        for (i, item) in items.iter().enumerate() {
            let at = format!("content.forms[{i}]");
            match check_form(&at, item, &mut repairs) {
                Some(form) if forms.iter().any(|f| f.id == form.id) => {
                    repairs.note(at, "form id used twice");
                }
                Some(_) if forms.len() == MAX_FORMS => repairs.note(at, "too many forms"),
                Some(form) => forms.push(form),
                None => {}
            }
        }
    }
    let mut kept_media = Vec::new();
    for (i, item) in elements::<Media>(content, "media", "content", &mut repairs) {
        let at = format!("content.media[{i}]");
        if kept_media.len() == MAX_MEDIA {
            repairs.note(at, "too many media");
        } else if let Some(item) = check_media(&at, item, media, &mut repairs) {
            kept_media.push(item);
        }
    }
    let next_step = check_next_step(content, &mut repairs);
    let meta = check_meta(value, &mut repairs);
    Some(CheckedReply {
        reply: ModuleReply {
            content: ReplyContent {
                text_blocks,
                forms,
                media: kept_media,
                next_step,
            },
            meta,
        },
        repairs: repairs.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_packs::module::testing::module;
    use serde_json::json;

    fn checked(value: Value) -> CheckedReply {
        check_reply(&value, &module().media).expect("a reply")
    }

    fn with_content(content: Value) -> Value {
        json!({"content": content, "meta": {"response_type": "educational"}})
    }

    #[test]
    fn a_valid_reply_needs_no_repair() {
        let c = checked(with_content(json!({
            "text_blocks": [{"type": "heading", "content": "Body", "level": 2}, {"type": "tip", "content": "Breathe out slowly."}],
            "media": [{"type": "image", "src": "media/curve.svg"}],
            "next_step": {"prompt": "Ready?", "suggestions": ["Yes"]}})));
        assert!(c.repairs.is_empty(), "{:?}", c.repairs);
        assert_eq!(c.reply.content.media[0].alt.as_deref(), Some("A curve"));
    }

    #[test]
    fn a_level_belongs_only_on_a_heading() {
        let c = checked(with_content(json!({"text_blocks": [
            {"type": "paragraph", "content": "Hi", "level": 3},
            {"type": "heading", "content": "Title"}]})));
        assert_eq!(c.reply.content.text_blocks[0].level, None);
        assert_eq!(c.reply.content.text_blocks[1].level, Some(2));
        assert_eq!(c.repairs.len(), 2);
    }

    #[test]
    fn a_choice_field_without_options_is_dropped_and_options_leave_other_fields() {
        let c = checked(with_content(
            json!({"text_blocks": [{"type": "paragraph", "content": "Hi"}],
            "forms": [{"id": "quick", "fields": [
                {"id": "pick", "type": "radio", "label": "Pick"},
                {"id": "say", "type": "text", "label": "Say", "options": [{"value": "a", "label": "A"}]},
                {"id": "level", "type": "select", "label": "Level", "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]}]}),
        ));
        let fields = &c.reply.content.forms[0].fields;
        assert_eq!(
            fields.iter().map(|f| f.id.as_str()).collect::<Vec<_>>(),
            ["say", "level"]
        );
        assert!(fields[0].options.is_empty());
        assert_eq!(c.repairs.len(), 2);
    }

    #[test]
    fn a_form_without_usable_fields_or_with_a_bad_id_is_dropped() {
        let c = checked(with_content(
            json!({"text_blocks": [{"type": "paragraph", "content": "Hi"}],
            "forms": [{"id": "Bad Id", "fields": [{"id": "a", "type": "text", "label": "A"}]},
                      {"id": "empty", "fields": [{"id": "BadField", "type": "text", "label": "A"}]}]}),
        ));
        assert!(c.reply.content.forms.is_empty());
    }

    #[test]
    fn media_must_be_the_modules_own_files() {
        let c = checked(with_content(
            json!({"text_blocks": [{"type": "paragraph", "content": "Hi"}],
            "media": [{"type": "image", "src": "https://example.com/x.png"},
                      {"type": "video", "src": "media/curve.svg"}]}),
        ));
        assert!(c.reply.content.media.is_empty());
        assert_eq!(c.repairs.len(), 2);
    }

    #[test]
    fn a_bad_element_drops_only_itself() {
        let c = checked(with_content(json!({"text_blocks": [
            {"type": "banner", "content": "x"}, {"type": "paragraph", "content": "   "},
            {"type": "paragraph", "content": "Kept"}],
            "next_step": {"suggestions": ["Yes", "yes", 7, ""]}})));
        assert_eq!(c.reply.content.text_blocks.len(), 1);
        assert_eq!(c.reply.content.next_step.unwrap().suggestions, ["Yes"]);
    }

    #[test]
    fn the_models_progress_is_never_read_and_text_is_repaired() {
        let mut value = with_content(
            json!({"text_blocks": [{"type": "success", "content": "ðŸŽ‰ Great Progress!"}]}),
        );
        value["meta"]["progress"] = json!({"percentage": 90, "milestone": "75%"});
        let c = checked(value);
        assert_eq!(c.reply.meta.progress, None);
        assert_eq!(c.reply.content.text_blocks[0].content, "🎉 Great Progress!");
    }

    #[test]
    fn not_a_reply_is_none() {
        assert!(check_reply(&json!({"text": "hi"}), &[]).is_none());
        assert!(check_reply(&json!([1, 2]), &[]).is_none());
    }
}
