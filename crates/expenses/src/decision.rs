//! The model's answer (spec 003, "AI contract"): exactly one of `clarify`, `tool_call`
//! or `answer`, under a grammar that is a tagged union of the kinds this turn allows and,
//! for `tool_call`, each offered tool with its own arguments.

use lantern_core::llm::tools::{ToolCall, ToolSpec};
use serde_json::{json, Map, Value};

/// Longest clarifying question or confirmation message, in characters.
pub const MAX_QUESTION_CHARS: usize = 200;
/// Longest answer, in characters.
pub const MAX_ANSWER_CHARS: usize = 400;

/// What the model decided.
#[derive(Debug, Clone, PartialEq)]
pub enum ModelDecision {
    /// Something is missing or unclear: ask.
    Clarify {
        /// The question for the student.
        question: String,
    },
    /// Call a tool.
    ToolCall {
        /// The call.
        call: ToolCall,
        /// Whether the model would check with the student first.
        confirmation_suggested: bool,
        /// Its words for that check.
        confirmation_message: Option<String>,
    },
    /// Only words, no tool.
    Answer {
        /// The answer.
        content: String,
    },
}

/// The kinds of answer a turn allows.
#[derive(Debug, Clone, PartialEq)]
pub struct DecisionMenu {
    /// Whether the model may ask a question.
    pub clarify: bool,
    /// Whether the model may answer in words only.
    pub answer: bool,
    /// The tools it may call.
    pub tools: Vec<ToolSpec>,
}

fn text(max: usize) -> Value {
    json!({"type": "string", "minLength": 1, "maxLength": max})
}

fn kind(name: &str) -> Value {
    json!({"type": "string", "enum": [name]})
}

/// The grammar's schema for the menu (a question when the menu is empty).
pub fn decision_schema(menu: &DecisionMenu) -> Value {
    let mut options = Vec::new();
    if menu.clarify || (menu.tools.is_empty() && !menu.answer) {
        options.push(json!({
            "type": "object",
            "properties": {"type": kind("clarify"), "question": text(MAX_QUESTION_CHARS)},
            "required": ["type", "question"],
            "additionalProperties": false,
        }));
    }
    for tool in &menu.tools {
        options.push(json!({
            "type": "object",
            "properties": {
                "type": kind("tool_call"),
                "tool": kind(tool.name),
                "args": tool.args_schema(),
                "confirmationSuggested": {"type": "boolean"},
                "confirmationMessage": text(MAX_QUESTION_CHARS),
            },
            "required": ["type", "tool", "args"],
            "additionalProperties": false,
        }));
    }
    if menu.answer {
        options.push(json!({
            "type": "object",
            "properties": {"type": kind("answer"), "content": text(MAX_ANSWER_CHARS)},
            "required": ["type", "content"],
            "additionalProperties": false,
        }));
    }
    json!({"anyOf": options})
}

fn string_field(fields: &mut Map<String, Value>, name: &str) -> Result<String, String> {
    match fields.remove(name) {
        Some(Value::String(s)) if !s.trim().is_empty() => Ok(s.trim().to_string()),
        Some(_) => Err(format!("{name} must be non-empty text")),
        None => Err(format!("{name} is missing")),
    }
}

/// Reads the model's text as one decision, or says in English why it is not one.
pub fn parse_decision(text: &str) -> Result<ModelDecision, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON ({e})"))?;
    let Value::Object(mut fields) = value else {
        return Err("not a JSON object".into());
    };
    let kind = string_field(&mut fields, "type")?;
    let decision = match kind.as_str() {
        "clarify" => ModelDecision::Clarify {
            question: string_field(&mut fields, "question")?,
        },
        "answer" => ModelDecision::Answer {
            content: string_field(&mut fields, "content")?,
        },
        "tool_call" => {
            let tool = string_field(&mut fields, "tool")?;
            let args = match fields.remove("args") {
                Some(Value::Object(args)) => args,
                None => Map::new(),
                Some(_) => return Err("args must be an object".into()),
            };
            let confirmation_suggested = match fields.remove("confirmationSuggested") {
                None => false,
                Some(Value::Bool(b)) => b,
                Some(_) => return Err("confirmationSuggested must be true or false".into()),
            };
            let confirmation_message = match fields.remove("confirmationMessage") {
                None => None,
                Some(Value::String(s)) if s.trim().is_empty() => None,
                Some(Value::String(s)) => Some(s.trim().to_string()),
                Some(_) => return Err("confirmationMessage must be text".into()),
            };
            ModelDecision::ToolCall {
                call: ToolCall { tool, args },
                confirmation_suggested,
                confirmation_message,
            }
        }
        other => return Err(format!("unknown type {other:?}")),
    };
    match fields.keys().next() {
        Some(extra) => Err(format!("unknown field {extra:?} in a {kind}")),
        None => Ok(decision),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_parses() {
        assert_eq!(
            parse_decision(r#"{"type":"clarify","question":"How much?"}"#),
            Ok(ModelDecision::Clarify {
                question: "How much?".into()
            })
        );
        assert_eq!(
            parse_decision(r#"{"type":"answer","content":"Hi."}"#),
            Ok(ModelDecision::Answer {
                content: "Hi.".into()
            })
        );
        let Ok(ModelDecision::ToolCall {
            call,
            confirmation_suggested,
            ..
        }) = parse_decision(
            r#"{"type":"tool_call","tool":"add_expense","args":{"item":"tea","amount":2},"confirmationSuggested":true}"#,
        )
        else {
            panic!("a tool call")
        };
        assert_eq!(
            (call.tool.as_str(), confirmation_suggested),
            ("add_expense", true)
        );
    }

    #[test]
    fn unknown_kinds_fields_and_broken_json_are_refused() {
        for bad in [
            "",
            "[]",
            r#"{"type":"shout","content":"x"}"#,
            r#"{"type":"clarify","question":"?","extra":1}"#,
            r#"{"type":"clarify","question":"  "}"#,
            r#"{"type":"tool_call","tool":"add_expense","args":[1]}"#,
            r#"{"type":"answer""#,
        ] {
            assert!(parse_decision(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_schema_offers_only_the_menu() {
        let menu = DecisionMenu {
            clarify: true,
            answer: false,
            tools: vec![],
        };
        let options = decision_schema(&menu)["anyOf"].as_array().unwrap().len();
        assert_eq!(options, 1);
        let empty = DecisionMenu {
            clarify: false,
            answer: false,
            tools: vec![],
        };
        assert_eq!(
            decision_schema(&empty)["anyOf"][0]["properties"]["type"]["enum"][0],
            "clarify"
        );
    }
}
