//! Fast-forward with the real pack models on every loop's schema: forced text is
//! written, evaluating it in one batch changes no later token, and answers stay JSON.

use crate::engine::{Engine, EngineConfig};
use crate::grammar::grammar_for_schema;
use crate::grammar::model_tests::smollm2_path;
use lantern_core::llm::{Limits, LlmRequest};
use lantern_core::pack::{candidate_dirs, locate_pack, Manifest, PACK_DIR_VARIABLE};
use lantern_core::turn_schemas::loop_turn_schemas;
use std::path::{Path, PathBuf};

/// Questions a student might send, each answered under every schema.
const QUESTIONS: &[&str] = &[
    "Explain photosynthesis in one sentence.",
    "Mi gasto de ayer: 12,50 € en libros. ¿Lo guardas?",
];

/// Qwen2.5-Coder-0.5B from the model pack.
fn qwen_path() -> PathBuf {
    let manifest = Manifest::bundled();
    let dirs = candidate_dirs(std::env::var_os(PACK_DIR_VARIABLE).map(PathBuf::from), &[]);
    let pack = locate_pack(&manifest, &dirs, Path::exists).expect("model pack");
    let model = manifest
        .by_name("qwen2.5-coder-0.5b-instruct")
        .expect("Qwen2.5 in the manifest");
    pack.join(&model.files[0].path)
}

fn engine(model_path: PathBuf) -> Engine {
    let config = EngineConfig {
        model_path,
        threads: 2,
        context_tokens: 2048,
        check_only: false,
        verified_record: None,
        plain_decoding: false,
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

/// Greedy answers with forced tokens evaluated in one batch and one at a time are the
/// same tokens; fast-forward forces some on every schema; finished answers are JSON.
/// (Equality with token-by-token sampling is not expected: see [`super`].)
fn batching_changes_nothing(model_path: PathBuf, questions: &[&str]) {
    let mut batched = engine(model_path.clone());
    let mut one_by_one = engine(model_path);
    one_by_one.forced_one_by_one = true;
    for (name, schema) in loop_turn_schemas() {
        let gbnf = grammar_for_schema(&schema).unwrap();
        let mut forced_here = 0;
        for question in questions {
            let (expected, _) = stream(&mut one_by_one, question, &gbnf);
            let (got, forced) = stream(&mut batched, question, &gbnf);
            assert_eq!(got, expected, "{name}: {question}");
            forced_here += forced;
            let text = got.concat();
            if text.ends_with('}') {
                let parsed: Result<serde_json::Value, _> = serde_json::from_str(&text);
                assert!(parsed.is_ok(), "{name}: not JSON: {text}");
            }
        }
        assert!(forced_here > 0, "{name}: nothing was fast-forwarded");
    }
}

#[test]
fn smollm2_batched_forced_tokens_change_nothing() {
    batching_changes_nothing(smollm2_path(), QUESTIONS);
}

#[test]
fn qwen_batched_forced_tokens_change_nothing() {
    // One question: the larger model costs CI time.
    batching_changes_nothing(qwen_path(), &QUESTIONS[1..]);
}
