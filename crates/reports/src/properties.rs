//! Property tests of the report loop: whatever the model writes — random tool calls
//! with any tool, ids, positions and text, unknown fields, cut-off JSON, or valid calls
//! mutated byte by byte — a turn never panics, never saves a partial change (every
//! saved call applies whole, in order, to the report it started from, and gives the
//! report the turn returns), and the report keeps its invariants: unique ids, computed
//! numbers, bounded depth. 3,500 turns of three model steps: 10,500 steps.

use super::contract::{Report, MAX_DEPTH};
use super::ops::apply_op;
use super::section_tree::tests::sample;
use super::testing::MemoryPorts;
use super::turn::{clean_message, run_report_turn, ReportTurnInput};
use lantern_core::language::Language;
use lantern_core::llm::{CancelFlag, ScriptedLlm};
use proptest::prelude::*;
use std::collections::HashSet;

const TOOLS: &[&str] = &[
    "get_report_slices",
    "get_chat_history",
    "search_project_specs",
    "update_section",
    "add_section",
    "move_section",
    "delete_section",
    "renumber_sections",
    "batch_update_sections",
    "replace_in_section",
    "reply",
    "rm_rf",
];
const IDS: &[&str] = &["s1", "s2", "s3", "s4", "s5", "s6", "s99", "", "S1", "s2 "];
const POSITIONS: &[&str] = &["after", "before", "under", "end", "inside", ""];
const TEXTS: &[&str] = &[
    "Scope",
    "",
    "  ",
    "3.3.3.3.3.3",
    "2.1 Gutters",
    "Blocked. [IMAGE:gutter]",
    "¿Qué tal?",
    "a\u{202e}b",
    "line\nbreak",
    "\"quoted\"",
    "the the the the",
];

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(TEXTS).prop_map(str::to_string),
        "[a-zA-Z ]{0,40}",
        ".{0,60}",
    ]
}

fn field() -> impl Strategy<Value = (String, serde_json::Value)> {
    let key = prop::sample::select(
        &[
            "id", "anchor", "position", "title", "bodyMd", "reason", "ids", "updates", "query",
            "message", "colour",
        ][..],
    );
    let value = prop_oneof![
        prop::sample::select(IDS).prop_map(|s| serde_json::json!(s)),
        prop::sample::select(POSITIONS).prop_map(|s| serde_json::json!(s)),
        text().prop_map(|s| serde_json::json!(s)),
        prop::collection::vec(prop::sample::select(IDS), 0..3).prop_map(|v| serde_json::json!(v)),
        (prop::sample::select(IDS), text())
            .prop_map(|(id, t)| serde_json::json!([{"id": id, "title": t}])),
        any::<i64>().prop_map(|n| serde_json::json!(n)),
        Just(serde_json::Value::Null),
    ];
    (key.prop_map(str::to_string), value)
}

/// A random step: a tool name and random fields, as JSON text.
fn random_step() -> impl Strategy<Value = String> {
    (
        prop::sample::select(TOOLS),
        prop::collection::vec(field(), 0..6),
    )
        .prop_map(|(tool, fields)| {
            let mut object = serde_json::Map::new();
            object.insert("tool".into(), serde_json::json!(tool));
            object.extend(fields);
            serde_json::Value::Object(object).to_string()
        })
}

/// A valid step mutated: a byte replaced, the text cut, or left whole.
fn mutated_step() -> impl Strategy<Value = String> {
    let valid = prop::sample::select(
        &[
            r#"{"tool":"update_section","id":"s3","title":"Downpipes","reason":"r"}"#,
            r#"{"tool":"add_section","position":"under","anchor":"s2","title":"Chimney","bodyMd":"Cracked.","reason":"r"}"#,
            r#"{"tool":"move_section","id":"s5","position":"before","anchor":"s1","reason":"r"}"#,
            r#"{"tool":"delete_section","id":"s2","reason":"r"}"#,
            r#"{"tool":"batch_update_sections","updates":[{"id":"s1","title":"Scope"},{"id":"s4","bodyMd":"Fixed."}],"reason":"r"}"#,
            r#"{"tool":"reply","message":"Done."}"#,
        ][..],
    );
    (valid, any::<usize>(), any::<u8>(), 0..3u8).prop_map(|(text, at, byte, how)| {
        let mut bytes = text.as_bytes().to_vec();
        let at = at % bytes.len();
        match how {
            0 => bytes[at] = byte,
            1 => bytes.truncate(at),
            _ => {}
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

fn assert_invariants(report: &Report) {
    let ids = report.ids();
    assert_eq!(
        ids.iter().collect::<HashSet<_>>().len(),
        ids.len(),
        "ids are unique"
    );
    for entry in report.outline() {
        assert!(entry.depth as usize <= MAX_DEPTH);
        assert!(!entry.number.contains("..") && !entry.number.ends_with('.'));
        assert!(!entry.title.trim().is_empty());
    }
}

fn run(messages: &[&str], script: Vec<String>) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("runtime");
    let llm = ScriptedLlm::new(script.into_iter().map(Ok));
    let ports = MemoryPorts::default();
    let start = sample();
    let input = ReportTurnInput {
        report: start.clone(),
        message: clean_message(messages[0]).expect("a request"),
        rejected: vec![],
        has_specs: true,
        language: Language::En,
    };
    let outcome = rt
        .block_on(run_report_turn(
            input,
            Some(&llm),
            &ports,
            &mut |_| {},
            &CancelFlag::default(),
        ))
        .expect("a model's words never fail a turn")
        .reply;
    let mut replayed = start;
    for (ops, _, _) in ports.saved.lock().expect("lock").iter() {
        for op in ops {
            apply_op(&mut replayed, op).expect("every saved change applies whole");
        }
    }
    assert_eq!(
        replayed, outcome.report,
        "the turn's report is the start plus what was saved"
    );
    assert_invariants(&outcome.report);
    assert!(!outcome.reply.trim().is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3500))]

    #[test]
    fn any_model_steps_leave_a_whole_report(
        steps in prop::collection::vec(prop_oneof![random_step(), mutated_step()], 3),
        focused in any::<bool>(),
    ) {
        let message = if focused { "Make the introduction shorter" } else { "Improve the report overall" };
        run(&[message], steps);
    }
}
