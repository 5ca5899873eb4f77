//! The report's tools (spec 002): their grammar, narrowed to the report's real section
//! ids, and strict validation of a call's arguments into context requests or
//! [`ReportOp`]s. Unknown fields, missing ids and impossible places are refused with a
//! coded error the model is told about.

use super::contract::Report;
use super::error::ReportError;
use super::ops::{apply_op, ReportOp};
use super::replacement::{replaced_body, MAX_EDIT_CHARS};
use super::section_tree::Place;
use lantern_core::llm::tools::{ToolCall, ToolSpec};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

/// Longest body the model may write in one call, in characters.
pub const MAX_MODEL_BODY_CHARS: usize = 1_500;
/// Longest reason for a change, in characters.
pub const MAX_REASON_CHARS: usize = 120;

/// Which tools a turn offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ToolChoice {
    /// Whether the project's specifications may be searched (the rule gate's verdict).
    pub specs: bool,
    /// Whether the tools that change the report are offered.
    pub actions: bool,
}

/// A call the host answers by reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContextRequest {
    /// The outline, with summaries of these sections (all when empty).
    ReportSlices(Vec<String>),
    /// The recent conversation.
    ChatHistory,
    /// Passages of the project's specifications.
    SearchSpecs(String),
    /// The outline after renumbering (numbers are always computed: nothing changes).
    Renumber,
}

/// A validated call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportAction {
    /// Read something.
    Context(ContextRequest),
    /// Change the report: the operations, and the model's reason.
    Change(Vec<ReportOp>, String),
}

/// Characters of a body a slice shows.
const SLICE_BODY_CHARS: usize = 400;

/// The text a context request reads from the report itself (the outline, slices);
/// `None` for the conversation and the specifications, which live elsewhere.
pub fn report_context(report: &Report, request: &ContextRequest) -> Option<String> {
    match request {
        ContextRequest::ReportSlices(ids) if ids.is_empty() => {
            Some(super::prompt::outline_lines(report))
        }
        ContextRequest::ReportSlices(ids) => Some(
            ids.iter()
                .filter_map(|id| report.find(id))
                .map(|s| {
                    let body: String = s.body_md.chars().take(SLICE_BODY_CHARS).collect();
                    format!(
                        "{} {}: {body}",
                        s.id,
                        super::references::label(report, &s.id)
                    )
                })
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        ContextRequest::Renumber => Some(format!(
            "numbers are computed by the app:\n{}",
            super::prompt::outline_lines(report)
        )),
        ContextRequest::ChatHistory | ContextRequest::SearchSpecs(_) => None,
    }
}

fn id_schema(ids: &[String]) -> Value {
    json!({"type": "string", "enum": ids})
}

fn text(max: usize) -> Value {
    json!({"type": "string", "maxLength": max})
}

fn reason() -> (&'static str, Value) {
    ("reason", text(MAX_REASON_CHARS))
}

fn place_args(ids: &[String]) -> Vec<(&'static str, Value)> {
    vec![
        (
            "position",
            json!({"type": "string", "enum": ["after", "before", "under", "end"]}),
        ),
        ("anchor", id_schema(ids)),
    ]
}

/// The tools offered for `report` under `choice`; ids narrowed to the report's own.
pub fn report_tools(report: &Report, choice: ToolChoice) -> Vec<ToolSpec> {
    let ids = report.ids();
    let has_sections = !ids.is_empty();
    let mut tools = Vec::new();
    if has_sections {
        tools.push(ToolSpec::new(
            "get_report_slices",
            vec![(
                "ids",
                json!({"type": "array", "items": id_schema(&ids), "maxItems": 4}),
            )],
        ));
    }
    tools.push(ToolSpec::new("get_chat_history", vec![]));
    if choice.specs {
        tools.push(ToolSpec::new(
            "search_project_specs",
            vec![("query", text(200))],
        ));
    }
    if !choice.actions {
        return tools;
    }
    let title = ("title", text(super::contract::MAX_TITLE_CHARS));
    let body = ("bodyMd", text(MAX_MODEL_BODY_CHARS));
    if has_sections {
        tools.push(ToolSpec {
            name: "update_section",
            args: vec![
                ("id", id_schema(&ids)),
                title.clone(),
                body.clone(),
                reason(),
            ],
            required: vec!["id", "reason"],
        });
    }
    let mut add_args = if has_sections {
        place_args(&ids)
    } else {
        vec![("position", json!({"type": "string", "enum": ["end"]}))]
    };
    add_args.extend([title, body, reason()]);
    tools.push(ToolSpec {
        name: "add_section",
        args: add_args,
        required: vec!["position", "title", "bodyMd", "reason"],
    });
    if has_sections {
        let mut move_args = vec![("id", id_schema(&ids))];
        move_args.extend(place_args(&ids));
        move_args.push(reason());
        tools.push(ToolSpec {
            name: "move_section",
            args: move_args,
            required: vec!["id", "position", "reason"],
        });
        tools.push(ToolSpec::new(
            "delete_section",
            vec![("id", id_schema(&ids)), reason()],
        ));
        tools.push(ToolSpec {
            name: "replace_in_section",
            args: vec![
                ("section", id_schema(&ids)),
                ("find", text(MAX_EDIT_CHARS)),
                ("replace", text(MAX_EDIT_CHARS)),
                reason(),
            ],
            required: vec!["section", "find", "replace"],
        });
        tools.push(ToolSpec::new("renumber_sections", vec![]));
        let update = json!({
            "type": "object",
            "properties": {"id": id_schema(&ids), "title": text(super::contract::MAX_TITLE_CHARS), "bodyMd": text(MAX_MODEL_BODY_CHARS)},
            "required": ["id"],
            "additionalProperties": false,
        });
        tools.push(ToolSpec::new(
            "batch_update_sections",
            vec![
                (
                    "updates",
                    json!({"type": "array", "items": update, "minItems": 1, "maxItems": 6}),
                ),
                reason(),
            ],
        ));
    }
    tools
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SlicesArgs {
    #[serde(default)]
    ids: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoArgs {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchArgs {
    query: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct UpdateArgs {
    id: String,
    title: Option<String>,
    body_md: Option<String>,
    #[serde(default)]
    reason: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct AddArgs {
    position: String,
    anchor: Option<String>,
    title: String,
    #[serde(default)]
    body_md: String,
    #[serde(default)]
    reason: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveArgs {
    id: String,
    position: String,
    anchor: Option<String>,
    #[serde(default)]
    reason: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeleteArgs {
    id: String,
    #[serde(default)]
    reason: String,
}

/// The arguments of `replace_in_section`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplaceArgs {
    /// The section's id.
    pub section: String,
    /// Words of its text, copied exactly.
    pub find: String,
    /// What goes in their place.
    pub replace: String,
    #[serde(default)]
    reason: String,
}

/// The arguments of a `replace_in_section` call, when it is one and they parse.
pub fn replace_args(call: &ToolCall) -> Option<ReplaceArgs> {
    (call.tool == "replace_in_section")
        .then(|| args(call).ok())
        .flatten()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct BatchItem {
    id: String,
    title: Option<String>,
    body_md: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchArgs {
    updates: Vec<BatchItem>,
    #[serde(default)]
    reason: String,
}

fn args<T: DeserializeOwned>(call: &ToolCall) -> Result<T, ReportError> {
    serde_json::from_value(Value::Object(call.args.clone()))
        .map_err(|e| ReportError::ArgumentsInvalid(format!("{}: {e}", call.tool)))
}

/// A place from a tool's `position` and `anchor`.
pub fn place(position: &str, anchor: Option<String>) -> Result<Place, ReportError> {
    let need = |anchor: Option<String>| {
        anchor.ok_or_else(|| {
            ReportError::ArgumentsInvalid(format!("position {position:?} needs an anchor"))
        })
    };
    match position {
        "after" => Ok(Place::After(need(anchor)?)),
        "before" => Ok(Place::Before(need(anchor)?)),
        "under" => Ok(Place::Under(need(anchor)?)),
        "end" => Ok(Place::End),
        other => Err(ReportError::ArgumentsInvalid(format!(
            "unknown position {other:?}"
        ))),
    }
}

fn reason_text(reason: String) -> String {
    reason.trim().chars().take(MAX_REASON_CHARS).collect()
}

/// Validates `call` against the offered `tools` and the working `report`. Changes are
/// checked by applying them to a copy, so an accepted change is known to apply; a new
/// section's id is allocated from `report`.
pub fn validate_call(
    report: &mut Report,
    tools: &[ToolSpec],
    call: &ToolCall,
) -> Result<ReportAction, ReportError> {
    if !tools.iter().any(|t| t.name == call.tool) {
        return Err(ReportError::ToolUnknown(call.tool.clone()));
    }
    let action = match call.tool.as_str() {
        "get_report_slices" => {
            let a: SlicesArgs = args(call)?;
            for id in &a.ids {
                if report.find(id).is_none() {
                    return Err(ReportError::SectionNotFound(id.clone()));
                }
            }
            ReportAction::Context(ContextRequest::ReportSlices(a.ids))
        }
        "get_chat_history" => {
            let NoArgs {} = args(call)?;
            ReportAction::Context(ContextRequest::ChatHistory)
        }
        "renumber_sections" => {
            let NoArgs {} = args(call)?;
            ReportAction::Context(ContextRequest::Renumber)
        }
        "search_project_specs" => {
            let a: SearchArgs = args(call)?;
            let query = a.query.trim().to_string();
            if query.is_empty() {
                return Err(ReportError::ArgumentsInvalid(
                    "search_project_specs: empty query".into(),
                ));
            }
            ReportAction::Context(ContextRequest::SearchSpecs(query))
        }
        "update_section" => {
            let a: UpdateArgs = args(call)?;
            let op = ReportOp::UpdateSection {
                id: a.id,
                title: a.title,
                body_md: a.body_md,
            };
            ReportAction::Change(vec![op], reason_text(a.reason))
        }
        "add_section" => {
            let a: AddArgs = args(call)?;
            let place = place(&a.position, a.anchor)?;
            let id = report.clone().allocate_id();
            let op = ReportOp::AddSection {
                id,
                place,
                title: a.title,
                body_md: a.body_md,
            };
            ReportAction::Change(vec![op], reason_text(a.reason))
        }
        "move_section" => {
            let a: MoveArgs = args(call)?;
            let op = ReportOp::MoveSection {
                id: a.id,
                place: place(&a.position, a.anchor)?,
            };
            ReportAction::Change(vec![op], reason_text(a.reason))
        }
        "delete_section" => {
            let a: DeleteArgs = args(call)?;
            ReportAction::Change(
                vec![ReportOp::DeleteSection { id: a.id }],
                reason_text(a.reason),
            )
        }
        "replace_in_section" => {
            let a: ReplaceArgs = args(call)?;
            let body = report
                .find(&a.section)
                .ok_or_else(|| ReportError::SectionNotFound(a.section.clone()))?
                .body_md
                .clone();
            // Here every word of `replace` counts as said; the turn's host checks them
            // against the student's message first.
            let new = replaced_body(&body, &a.find, &a.replace, &a.replace)
                .map_err(|problem| problem.for_model())?;
            let op = ReportOp::UpdateSection {
                id: a.section,
                title: None,
                body_md: Some(new),
            };
            ReportAction::Change(vec![op], reason_text(a.reason))
        }
        "batch_update_sections" => {
            let a: BatchArgs = args(call)?;
            if a.updates.is_empty() {
                return Err(ReportError::ArgumentsInvalid(
                    "batch_update_sections: no updates".into(),
                ));
            }
            let ops = a
                .updates
                .into_iter()
                .map(|u| ReportOp::UpdateSection {
                    id: u.id,
                    title: u.title,
                    body_md: u.body_md,
                })
                .collect();
            ReportAction::Change(ops, reason_text(a.reason))
        }
        other => return Err(ReportError::ToolUnknown(other.to_string())),
    };
    if let ReportAction::Change(ops, _) = &action {
        let mut trial = report.clone();
        for op in ops {
            apply_op(&mut trial, op)?;
        }
        *report = trial;
    }
    Ok(action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section_tree::tests::sample;
    use lantern_core::Coded;

    const ALL: ToolChoice = ToolChoice {
        specs: true,
        actions: true,
    };

    fn call(text: &str) -> ToolCall {
        match lantern_core::llm::tools::parse_step(text).unwrap() {
            lantern_core::llm::tools::ToolStep::Call(c) => c,
            other => panic!("{other:?}"),
        }
    }

    fn run(report: &mut Report, text: &str) -> Result<ReportAction, ReportError> {
        let tools = report_tools(report, ALL);
        validate_call(report, &tools, &call(text))
    }

    #[test]
    fn ids_in_the_grammar_are_the_reports_own() {
        let tools = report_tools(&sample(), ALL);
        let update = tools.iter().find(|t| t.name == "update_section").unwrap();
        assert_eq!(
            update.args[0].1["enum"],
            json!(["s1", "s2", "s3", "s4", "s5"])
        );
    }

    #[test]
    fn an_empty_report_offers_only_adding_at_the_end_and_reading() {
        let names: Vec<&str> = report_tools(&Report::default(), ALL)
            .iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(
            names,
            ["get_chat_history", "search_project_specs", "add_section"]
        );
    }

    #[test]
    fn the_spec_search_is_offered_only_when_granted() {
        let choice = ToolChoice {
            specs: false,
            actions: true,
        };
        assert!(report_tools(&sample(), choice)
            .iter()
            .all(|t| t.name != "search_project_specs"));
    }

    #[test]
    fn unknown_fields_and_tools_are_refused() {
        let mut report = sample();
        let e = run(
            &mut report,
            r#"{"tool":"update_section","id":"s1","title":"X","colour":"red"}"#,
        )
        .unwrap_err();
        assert_eq!(e.code(), "report_arguments_invalid");
        let e = run(&mut report, r#"{"tool":"rename_everything"}"#).unwrap_err();
        assert_eq!(e.code(), "report_tool_unknown");
        let tools = report_tools(
            &report,
            ToolChoice {
                specs: false,
                actions: true,
            },
        );
        let e = validate_call(
            &mut report,
            &tools,
            &call(r#"{"tool":"search_project_specs","query":"x"}"#),
        )
        .unwrap_err();
        assert_eq!(e.code(), "report_tool_unknown");
    }

    #[test]
    fn ids_must_exist() {
        let mut report = sample();
        let e = run(
            &mut report,
            r#"{"tool":"delete_section","id":"s77","reason":""}"#,
        )
        .unwrap_err();
        assert_eq!(e.code(), "report_section_not_found");
        let e = run(&mut report, r#"{"tool":"get_report_slices","ids":["s9"]}"#).unwrap_err();
        assert_eq!(e.code(), "report_section_not_found");
    }

    #[test]
    fn a_move_under_itself_is_refused() {
        let mut report = sample();
        let e = run(
            &mut report,
            r#"{"tool":"move_section","id":"s2","position":"under","anchor":"s3","reason":""}"#,
        )
        .unwrap_err();
        assert_eq!(e.code(), "report_move_into_itself");
    }

    #[test]
    fn a_valid_change_is_applied_to_the_working_report() {
        let mut report = sample();
        let action = run(&mut report, r#"{"tool":"add_section","position":"after","anchor":"s1","title":"Method","bodyMd":"Walked round.","reason":"asked"}"#).unwrap();
        let ReportAction::Change(ops, reason) = action else {
            panic!()
        };
        assert_eq!(ops[0].section_id(), "s6");
        assert_eq!(reason, "asked");
        assert_eq!(report.number_of("s6").as_deref(), Some("2"));
    }

    #[test]
    fn a_batch_applies_all_or_nothing() {
        let mut report = sample();
        let before = report.clone();
        let e = run(&mut report, r#"{"tool":"batch_update_sections","updates":[{"id":"s1","title":"Scope"},{"id":"s99","title":"X"}],"reason":""}"#).unwrap_err();
        assert_eq!(e.code(), "report_section_not_found");
        assert_eq!(report, before);
        run(&mut report, r#"{"tool":"batch_update_sections","updates":[{"id":"s1","title":"Scope"},{"id":"s5","bodyMd":"Soon."}],"reason":""}"#).unwrap();
        assert_eq!(report.find("s1").unwrap().title, "Scope");
    }

    #[test]
    fn a_replacement_changes_only_the_words_found_once() {
        let mut report = sample();
        report.find_mut("s5").unwrap().body_md = "Fix the gutters within 3 months.".into();
        let action = run(
            &mut report,
            r#"{"tool":"replace_in_section","section":"s5","find":"3 months","replace":"6 weeks","reason":"asked"}"#,
        )
        .unwrap();
        let ReportAction::Change(ops, _) = action else {
            panic!()
        };
        assert_eq!(
            ops[0],
            ReportOp::UpdateSection {
                id: "s5".into(),
                title: None,
                body_md: Some("Fix the gutters within 6 weeks.".into())
            }
        );
        let e = run(
            &mut report,
            r#"{"tool":"replace_in_section","section":"s5","find":"2 years","replace":"6 weeks"}"#,
        )
        .unwrap_err();
        assert_eq!(e.code(), "report_arguments_invalid");
    }

    #[test]
    fn a_place_needs_its_anchor() {
        assert!(place("after", None).is_err());
        assert_eq!(place("end", Some("s1".into())).unwrap(), Place::End);
        assert!(place("sideways", Some("s1".into())).is_err());
    }
}
