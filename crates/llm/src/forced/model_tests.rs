//! Fast-forward with the real pack models: what the grammar forces (the tokenizer's
//! tokens, then the end), and whole answers on every loop's schema.

use super::{FastForward, Forced};
use crate::engine::{Engine, EngineConfig};
use crate::grammar::grammar_for_schema;
use crate::grammar::model_tests::{pack_model_path, smollm2_path, vocab_model};
use lantern_core::llm::{Limits, LlmRequest};
use lantern_turn_schemas::loop_turn_schemas;
use lantern_tutor::phrase::phrase_schema;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::sampling::LlamaSampler;
use std::path::PathBuf;

/// Questions a student might send, each answered under every schema.
const QUESTIONS: &[&str] = &[
    "Explain photosynthesis in one sentence.",
    "Mi gasto de ayer: 12,50 € en libros. ¿Lo guardas?",
];

/// The text of `forced` tokens.
fn spelled(model: &LlamaModel, forced: &Forced) -> String {
    match forced {
        Forced::Tokens(tokens) => tokens
            .iter()
            .map(|&t| String::from_utf8(model.vocab().token_to_piece(t, false, None)).unwrap())
            .collect(),
        other => format!("{other:?}"),
    }
}

/// Accepts `text` into `grammar` with the tokenizer's tokens.
fn write(model: &LlamaModel, grammar: &mut LlamaSampler, text: &str) {
    for token in model.vocab().tokenize(text.as_bytes(), false, false) {
        grammar.accept(token);
    }
}

#[test]
fn the_tutor_schema_forces_its_key_then_its_closing_then_the_end() {
    let model = vocab_model();
    let index = FastForward::for_model(model).expect("SmolLM2's vocabulary can be used");
    let gbnf = grammar_for_schema(&phrase_schema()).unwrap();
    let mut grammar = LlamaSampler::grammar(model, &gbnf, "root").unwrap();
    let opening = index.forced(model, &mut grammar);
    assert_eq!(spelled(model, &opening), r#"{"tutor_text":""#);
    let Forced::Tokens(tokens) = &opening else {
        unreachable!()
    };
    assert_eq!(
        tokens,
        &model.vocab().tokenize(br#"{"tutor_text":""#, false, false),
        "the tokenizer's own tokens"
    );
    grammar.accept_many(tokens);
    assert_eq!(
        index.forced(model, &mut grammar),
        Forced::Nothing,
        "free text"
    );
    write(model, &mut grammar, "Plants need light.\"");
    assert_eq!(spelled(model, &index.forced(model, &mut grammar)), "}");
    write(model, &mut grammar, "}");
    assert_eq!(index.forced(model, &mut grammar), Forced::End);
}

#[test]
fn a_choice_between_keys_is_left_to_the_model() {
    let model = vocab_model();
    let index = FastForward::for_model(model).unwrap();
    let schema = serde_json::json!({
        "type": "object",
        "properties": {"kind": {"type": "string", "enum": ["explain", "example"]}},
        "required": ["kind"]
    });
    let gbnf = grammar_for_schema(&schema).unwrap();
    let mut grammar = LlamaSampler::grammar(model, &gbnf, "root").unwrap();
    assert_eq!(
        spelled(model, &index.forced(model, &mut grammar)),
        r#"{"kind":"ex"#
    );
    write(model, &mut grammar, r#"{"kind":"ex"#);
    assert_eq!(index.forced(model, &mut grammar), Forced::Nothing);
}

fn engine(model_path: PathBuf) -> Engine {
    Engine::load(&EngineConfig::new(model_path, 2, 2048), |_| {}).unwrap()
}

/// Greedy answers under every loop schema: something is forced on each, the streamed
/// pieces are the answer, and a finished answer is JSON.
fn answers_under_every_schema(model_path: PathBuf, questions: &[&str]) {
    let mut engine = engine(model_path);
    for (name, schema) in loop_turn_schemas() {
        let gbnf = grammar_for_schema(&schema).unwrap();
        let mut forced = 0;
        for question in questions {
            let request =
                LlmRequest::new("Answer with one JSON object.", *question).with_limits(Limits {
                    max_tokens: 96,
                    temperature: 0.0,
                    seed: 1,
                });
            let mut streamed = String::new();
            let (text, stats) = engine
                .generate(
                    &request,
                    Some(&gbnf),
                    &mut |p| streamed.push_str(p),
                    &|| false,
                )
                .unwrap();
            assert_eq!(streamed, text, "{name}");
            forced += stats.forced_tokens;
            if !stats.truncated {
                let parsed: Result<serde_json::Value, _> = serde_json::from_str(&text);
                assert!(parsed.is_ok(), "{name}: not JSON: {text}");
            }
        }
        assert!(forced > 0, "{name}: nothing was fast-forwarded");
    }
}

#[test]
fn smollm2_answers_every_loop_schema_with_fast_forward() {
    answers_under_every_schema(smollm2_path(), QUESTIONS);
}

#[test]
fn qwen_answers_every_loop_schema_with_fast_forward() {
    // One question: the larger model costs CI time.
    answers_under_every_schema(
        pack_model_path("qwen2.5-coder-0.5b-instruct"),
        &QUESTIONS[1..],
    );
}
