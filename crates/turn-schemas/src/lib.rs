//! The schema of a typical model turn of each loop, for benchmarks and the tests that
//! run every loop's grammar against llama.cpp.

use lantern_coach::CoachAIResult;
use lantern_core::llm::schema_of;
use lantern_core::llm::tools::step_schema;
use lantern_expenses::decision::{decision_schema, DecisionMenu};
use lantern_expenses::tools::tool_spec;
use lantern_expenses::ExpenseTool;
use lantern_modules::grammar::{model_schema, GrammarMenu};
use lantern_packs::module::contract::MediaType;
use lantern_reports::import_markdown;
use lantern_reports::tools::{report_tools, ToolChoice};
use lantern_tutor::phrase::phrase_schema;
use serde_json::Value;

/// Each loop's name with the schema its model turn is written under (with every
/// option on: an expense turn that may ask, answer or call a tool; a module turn that
/// may show a figure or a form; a report step over a two-section report).
pub fn loop_turn_schemas() -> Vec<(&'static str, Value)> {
    let expense_tools = ExpenseTool::ALL
        .iter()
        .filter_map(|t| tool_spec(*t, &[1, 2]))
        .collect();
    let mut schemas = vec![
        ("tutor", phrase_schema()),
        ("coach", schema_of::<CoachAIResult>()),
        (
            "modules",
            model_schema(&GrammarMenu {
                media: vec![(MediaType::Image, "figure.png".into())],
                form: true,
            }),
        ),
        (
            "expenses",
            decision_schema(&DecisionMenu {
                clarify: true,
                answer: true,
                tools: expense_tools,
            }),
        ),
    ];
    if let Ok(report) = import_markdown("# Plan\n\nIntro.\n\n## Method\n\nSteps.\n", "Plan") {
        let tools = report_tools(
            &report,
            ToolChoice {
                specs: true,
                actions: true,
            },
        );
        schemas.push(("reports", step_schema(&tools, true)));
    }
    schemas
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_loop_has_an_object_schema() {
        let names: Vec<&str> = loop_turn_schemas().iter().map(|(n, _)| *n).collect();
        assert_eq!(names, ["tutor", "coach", "modules", "expenses", "reports"]);
        for (name, schema) in loop_turn_schemas() {
            assert!(schema.is_object(), "{name}");
        }
    }
}
