//! GBNF grammars from JSON schemas: free whitespace between tokens removed, and JSON
//! strings without leading, trailing or repeated blanks (see [`strings`]).

#[cfg(test)]
pub(crate) mod model_tests;
pub(crate) mod strings;

use lantern_core::llm::LlmError;
use serde_json::Value;

/// The grammar that makes the model emit compact JSON matching `schema`, whose strings
/// start and end with a non-blank character and never hold two blanks in a row (up to
/// two escaped newlines excepted). Every loop's grammar comes from here.
pub fn grammar_for_schema(schema: &Value) -> Result<String, LlmError> {
    let text = serde_json::to_string(schema).map_err(|e| LlmError::Grammar(e.to_string()))?;
    let gbnf =
        llama_cpp_2::json_schema_to_grammar(&text).map_err(|e| LlmError::Grammar(e.to_string()))?;
    Ok(strings::tidy_strings(&compact(&gbnf)))
}

/// Replaces the optional-whitespace rule with the empty string: compact JSON costs
/// fewer tokens and leaves the model no room to wander.
fn compact(gbnf: &str) -> String {
    gbnf.lines()
        .map(|line| {
            if line.trim_start().starts_with("space ::=") {
                "space ::= \"\""
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn whitespace_rule_is_emptied() {
        let g = compact("root ::= \"{\" space \"}\"\nspace ::= | \" \" | \"\\n\" [ \\t]{0,20}");
        assert_eq!(g, "root ::= \"{\" space \"}\"\nspace ::= \"\"");
    }

    #[test]
    fn schema_with_enum_and_bounds_converts() {
        let schema = json!({"type":"object","properties":{
            "step":{"type":"string","enum":["claim","grounds"]},
            "confidence":{"type":"number","minimum":0,"maximum":1}},
            "required":["step","confidence"]});
        let g = grammar_for_schema(&schema).unwrap();
        assert!(g.contains("root ::="));
        assert!(g.contains("claim"));
        assert!(g.contains("space ::= \"\""));
    }
}
