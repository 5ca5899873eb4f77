//! Fast-forward against plain decoding with the real pack models: under greedy sampling
//! both write the same tokens for every loop's schema, and fast-forward forces some.

use crate::engine::{Engine, EngineConfig};
use crate::grammar::grammar_for_schema;
use crate::grammar::model_tests::smollm2_path;
use lantern_core::llm::{Limits, LlmRequest};
use lantern_core::turn_schemas::loop_turn_schemas;
use std::path::PathBuf;

/// Questions a student might send, each answered under every schema.
const QUESTIONS: &[&str] = &[
    "Explain photosynthesis in one sentence.",
    "Mi gasto de ayer: 12,50 € en libros. ¿Lo guardas?",
];

fn engine(model_path: PathBuf, plain_decoding: bool) -> Engine {
    let config = EngineConfig {
        model_path,
        threads: 2,
        context_tokens: 2048,
        check_only: false,
        verified_record: None,
        plain_decoding,
    };
    Engine::load(&config, |_| {}).unwrap()
}

/// The pieces `engine` streams for `question` under `gbnf`, and how many were forced.
fn stream(engine: &mut Engine, question: &str, gbnf: &str) -> (Vec<String>, usize) {
    let request = LlmRequest::new("Answer with one JSON object.", question).with_limits(Limits {
        max_tokens: 96,
        temperature: 0.0,
        seed: 1,
    });
    let mut pieces = Vec::new();
    let (_, stats) = engine
        .generate(
            &request,
            Some(gbnf),
            &mut |p| pieces.push(p.to_string()),
            &|| false,
        )
        .unwrap();
    (pieces, stats.forced_tokens)
}

fn same_tokens_as_plain_decoding(model_path: PathBuf) {
    let mut plain = engine(model_path.clone(), true);
    let mut fast = engine(model_path, false);
    let mut forced_total = 0;
    for (name, schema) in loop_turn_schemas() {
        let gbnf = grammar_for_schema(&schema).unwrap();
        for question in QUESTIONS {
            let (expected, none) = stream(&mut plain, question, &gbnf);
            let (got, forced) = stream(&mut fast, question, &gbnf);
            assert_eq!(none, 0, "{name}: plain decoding forced tokens");
            assert_eq!(got, expected, "{name}: {question}");
            forced_total += forced;
        }
    }
    assert!(forced_total > 0, "nothing was fast-forwarded");
}

#[test]
fn smollm2_writes_the_same_tokens_with_fast_forward() {
    same_tokens_as_plain_decoding(smollm2_path());
}
