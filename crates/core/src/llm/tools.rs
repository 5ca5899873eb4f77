//! The tool vocabulary both tool-calling loops share (`ToolSpec`, `ToolCall`, the step
//! grammar) and the report editor's multi-step loop; the expense assistant asks for one
//! step only and decides the rest in code. Each model step is one JSON object
//! under a grammar that is a tagged union of the tools offered this step and a final
//! message (`{"tool":"reply","message":…}`). Tool results go back to the model as the
//! next user message. The loop ends on a final message, at the step limit, on a repeated
//! identical call, or when the model fails — and always says which, so the caller keeps
//! the work done so far and writes the confirmation itself when the model did not.

use super::{BoxFuture, CancelFlag, ChatMessage, ChatRole, Llm, LlmError, LlmRequest};
use serde::Serialize;
use serde_json::{json, Map, Value};

/// The name of the final-message "tool".
pub const REPLY_TOOL: &str = "reply";
/// Longest final message, in characters.
pub const MAX_REPLY_CHARS: usize = 400;

/// A tool the model may call this step: its name and its arguments' JSON schemas.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolSpec {
    /// The tool's name, the value of `tool` in a step.
    pub name: &'static str,
    /// Each argument's name and schema, in the order the model writes them.
    pub args: Vec<(&'static str, Value)>,
    /// Arguments that must be present.
    pub required: Vec<&'static str>,
}

impl ToolSpec {
    /// A tool whose arguments are all required.
    pub fn new(name: &'static str, args: Vec<(&'static str, Value)>) -> Self {
        let required = args.iter().map(|(n, _)| *n).collect();
        Self {
            name,
            args,
            required,
        }
    }

    /// The step object calling this tool: its name under `tool`, then its arguments.
    fn step_schema(&self) -> Value {
        self.object_schema(Some(json!({"type": "string", "enum": [self.name]})))
    }

    /// The object of this tool's arguments alone (for loops that nest them under `args`).
    pub fn args_schema(&self) -> Value {
        self.object_schema(None)
    }

    fn object_schema(&self, tool: Option<Value>) -> Value {
        let mut properties = Map::new();
        let mut required = Vec::new();
        if let Some(tool) = tool {
            properties.insert("tool".into(), tool);
            required.push("tool");
        }
        for (name, schema) in &self.args {
            properties.insert((*name).into(), schema.clone());
        }
        required.extend(self.required.iter().copied());
        json!({
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": false,
        })
    }
}

/// The final message as a tool.
fn reply_spec() -> ToolSpec {
    ToolSpec::new(
        REPLY_TOOL,
        vec![(
            "message",
            json!({"type": "string", "minLength": 1, "maxLength": MAX_REPLY_CHARS}),
        )],
    )
}

/// The grammar's schema for one step: one of `tools`, or (when `reply` allows it) the
/// final message.
pub fn step_schema(tools: &[ToolSpec], reply: bool) -> Value {
    let mut options: Vec<Value> = tools.iter().map(ToolSpec::step_schema).collect();
    if reply || options.is_empty() {
        options.push(reply_spec().step_schema());
    }
    json!({ "anyOf": options })
}

/// A tool call as the model wrote it: the tool's name and its other fields.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolCall {
    /// The tool's name.
    pub tool: String,
    /// Its arguments (every field but `tool`).
    pub args: Map<String, Value>,
}

/// What one model step asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolStep {
    /// Run a tool.
    Call(ToolCall),
    /// The model's final message to the student.
    Reply(String),
}

/// Reads one step: a JSON object with a string `tool`; `reply` needs a `message`.
pub fn parse_step(text: &str) -> Result<ToolStep, LlmError> {
    let bad = |why: &str| {
        LlmError::BadOutput(format!(
            "{why}: {}",
            text.chars().take(200).collect::<String>()
        ))
    };
    let value: Value = serde_json::from_str(text).map_err(|_| bad("not JSON"))?;
    let Value::Object(mut fields) = value else {
        return Err(bad("not an object"));
    };
    let Some(Value::String(tool)) = fields.remove("tool") else {
        return Err(bad("no tool name"));
    };
    if tool == REPLY_TOOL {
        return match fields.remove("message") {
            Some(Value::String(message)) if fields.is_empty() => Ok(ToolStep::Reply(message)),
            _ => Err(bad("a reply needs exactly a message")),
        };
    }
    Ok(ToolStep::Call(ToolCall { tool, args: fields }))
}

/// What a tool call did, as told to the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolResult {
    /// Whether the call succeeded.
    pub ok: bool,
    /// A short text for the model: the data asked for, or why the call failed.
    pub text: String,
}

/// The side of the loop that knows the tools: which are offered, and how to run one.
pub trait ToolHost: Send {
    /// The tools the model may call at this step.
    fn tools(&self) -> Vec<ToolSpec>;
    /// Whether the model may finish with a message at this step instead of calling a
    /// tool (a host that has already decided a tool must be called says no).
    fn reply_allowed(&self) -> bool {
        true
    }
    /// Runs one call (validating its arguments first) and says what happened.
    fn execute<'a>(&'a mut self, call: &'a ToolCall) -> BoxFuture<'a, ToolResult>;
}

/// Why the loop ended.
#[derive(Debug, Clone, PartialEq)]
pub enum LoopEnd {
    /// The model wrote its final message.
    Reply(String),
    /// The step limit was reached.
    StepLimit,
    /// The model repeated a call it had just made with the same arguments.
    RepeatedCall,
    /// The model failed (crash, hang, broken output); the work so far stands.
    ModelFailed(LlmError),
}

/// One executed step, for the log and the eval.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepRecord {
    /// The call.
    pub call: ToolCall,
    /// Whether it succeeded.
    pub ok: bool,
    /// What the model was told.
    pub result: String,
}

/// How a loop went.
#[derive(Debug, Clone, PartialEq)]
pub struct LoopOutcome {
    /// The calls run, in order.
    pub steps: Vec<StepRecord>,
    /// Why it ended.
    pub end: LoopEnd,
}

/// Runs the loop from `request` (system prompt and the student's message) for at most
/// `max_steps` model steps. `on_call` hears each call before it runs (for progress). A
/// cancel ends the loop with the model's `Cancelled` error.
pub async fn run_tool_loop(
    llm: &dyn Llm,
    mut request: LlmRequest,
    host: &mut dyn ToolHost,
    max_steps: usize,
    on_call: &mut (dyn FnMut(&ToolCall) + Send),
    cancel: &CancelFlag,
) -> LoopOutcome {
    let mut steps: Vec<StepRecord> = Vec::new();
    for _ in 0..max_steps {
        let schema = step_schema(&host.tools(), host.reply_allowed());
        let text = match llm
            .complete_json(&request, &schema, &mut |_| {}, cancel)
            .await
        {
            Ok(text) => text,
            Err(e) => {
                return LoopOutcome {
                    steps,
                    end: LoopEnd::ModelFailed(e),
                }
            }
        };
        let call = match parse_step(&text) {
            Ok(ToolStep::Reply(message)) => {
                return LoopOutcome {
                    steps,
                    end: LoopEnd::Reply(message),
                }
            }
            Ok(ToolStep::Call(call)) => call,
            Err(e) => {
                return LoopOutcome {
                    steps,
                    end: LoopEnd::ModelFailed(e),
                }
            }
        };
        if steps.last().is_some_and(|s| s.call == call) {
            return LoopOutcome {
                steps,
                end: LoopEnd::RepeatedCall,
            };
        }
        on_call(&call);
        let result = host.execute(&call).await;
        let status = if result.ok { "OK" } else { "ERROR" };
        request.messages.push(ChatMessage {
            role: ChatRole::Assistant,
            content: text,
        });
        request.messages.push(ChatMessage {
            role: ChatRole::User,
            content: format!("{status} {}: {}", call.tool, result.text),
        });
        steps.push(StepRecord {
            call,
            ok: result.ok,
            result: result.text,
        });
    }
    LoopOutcome {
        steps,
        end: LoopEnd::StepLimit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::ScriptedLlm;

    /// Counts calls to `bump`; fails `fail`.
    struct Counter(u32);

    impl ToolHost for Counter {
        fn tools(&self) -> Vec<ToolSpec> {
            vec![ToolSpec::new(
                "bump",
                vec![("by", json!({"type": "integer"}))],
            )]
        }
        fn execute<'a>(&'a mut self, call: &'a ToolCall) -> BoxFuture<'a, ToolResult> {
            Box::pin(async move {
                if call.tool != "bump" {
                    return ToolResult {
                        ok: false,
                        text: "no such tool".into(),
                    };
                }
                self.0 += call.args["by"].as_u64().unwrap_or(0) as u32;
                ToolResult {
                    ok: true,
                    text: self.0.to_string(),
                }
            })
        }
    }

    async fn run(script: &[&str], max_steps: usize) -> (LoopOutcome, u32, ScriptedLlm) {
        let llm = ScriptedLlm::new(script.iter().map(|s| Ok(s.to_string())));
        let mut host = Counter(0);
        let outcome = run_tool_loop(
            &llm,
            LlmRequest::new("system", "bump twice"),
            &mut host,
            max_steps,
            &mut |_| {},
            &CancelFlag::default(),
        )
        .await;
        (outcome, host.0, llm)
    }

    #[tokio::test]
    async fn calls_run_until_the_final_message() {
        let (outcome, total, llm) = run(
            &[
                r#"{"tool":"bump","by":2}"#,
                r#"{"tool":"bump","by":3}"#,
                r#"{"tool":"reply","message":"Done."}"#,
            ],
            6,
        )
        .await;
        assert_eq!(outcome.end, LoopEnd::Reply("Done.".into()));
        assert_eq!(total, 5);
        let last = llm.requests().pop().unwrap();
        assert_eq!(last.messages.last().unwrap().content, "OK bump: 5");
    }

    #[tokio::test]
    async fn the_step_limit_ends_a_runaway_loop_with_the_work_kept() {
        let (outcome, total, _) = run(
            &[r#"{"tool":"bump","by":1}"#, r#"{"tool":"bump","by":2}"#],
            2,
        )
        .await;
        assert_eq!(outcome.end, LoopEnd::StepLimit);
        assert_eq!((outcome.steps.len(), total), (2, 3));
    }

    #[tokio::test]
    async fn a_repeated_identical_call_ends_the_loop_without_running_twice() {
        let (outcome, total, _) = run(
            &[r#"{"tool":"bump","by":1}"#, r#"{"tool":"bump","by":1}"#],
            6,
        )
        .await;
        assert_eq!(outcome.end, LoopEnd::RepeatedCall);
        assert_eq!(total, 1);
    }

    #[tokio::test]
    async fn a_silent_or_broken_model_ends_the_loop_keeping_earlier_steps() {
        let (outcome, total, _) = run(&[r#"{"tool":"bump","by":4}"#, "not json"], 6).await;
        assert!(matches!(outcome.end, LoopEnd::ModelFailed(_)));
        assert_eq!(total, 4);
    }

    #[test]
    fn a_step_is_a_tool_call_or_a_reply() {
        assert_eq!(
            parse_step(r#"{"tool":"reply","message":"Hi"}"#).unwrap(),
            ToolStep::Reply("Hi".into())
        );
        assert!(parse_step(r#"{"tool":"reply","message":"Hi","x":1}"#).is_err());
        assert!(parse_step(r#"{"message":"Hi"}"#).is_err());
        assert!(parse_step("[1]").is_err());
        let ToolStep::Call(call) = parse_step(r#"{"tool":"bump","by":1}"#).unwrap() else {
            panic!()
        };
        assert_eq!(call.args["by"], 1);
    }

    #[test]
    fn the_schema_offers_each_tool_and_the_reply() {
        let schema = step_schema(&Counter(0).tools(), true);
        let options = schema["anyOf"].as_array().unwrap();
        assert_eq!(options.len(), 2);
        assert_eq!(options[0]["properties"]["tool"]["enum"][0], "bump");
        assert_eq!(options[1]["additionalProperties"], false);
        let forced = step_schema(&Counter(0).tools(), false);
        assert_eq!(
            forced["anyOf"].as_array().unwrap().len(),
            1,
            "only the tool"
        );
    }
}
