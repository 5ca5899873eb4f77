//! Tests against the real default model from the model pack (`models/fetch.py`),
//! run in the real worker process.

use lantern_core::llm::{
    generate, generate_streaming, schema_of, CancelFlag, Limits, LlmError, LlmRequest,
};
use lantern_core::Coded;
use lantern_llm::{check_model_file, inspect_model, Supervisor};
use schemars::JsonSchema;
use serde::Deserialize;
use std::time::Duration;

mod common;
use common::{default_model_path, supervisor_for, supervisor_with_idle_timeout};

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
struct Answer {
    #[schemars(length(max = 120))]
    answer: String,
    #[schemars(range(min = 0.0, max = 1.0))]
    confidence: f64,
}

#[derive(Debug, Deserialize, JsonSchema, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Mood {
    Positive,
    Neutral,
    Negative,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
struct Classified {
    mood: Mood,
    #[schemars(length(max = 3))]
    keywords: Vec<Keyword>,
    follow_up: Option<Keyword>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
struct Keyword(#[schemars(length(max = 24))] String);

fn request(system: &str, user: &str) -> LlmRequest {
    LlmRequest::new(system, user).with_limits(Limits {
        max_tokens: 160,
        temperature: 0.0,
        seed: 1,
    })
}

#[test]
fn default_model_is_inspected() {
    let path = default_model_path();
    assert!(check_model_file(&path).unwrap().tensor_count > 0);
    let info = inspect_model(&path).unwrap();
    assert_eq!(info.architecture, "llama");
    assert!(info.has_chat_template, "SmolLM2 ships a ChatML template");
    assert!(info.context_length >= 2048);
    assert!(info.kv_bytes_per_token > 0);
}

#[tokio::test]
async fn every_answer_parses_for_varied_prompts() {
    let llm = supervisor_for(default_model_path());
    let cancel = CancelFlag::default();
    let questions = [
        "What is 12 times 12?",
        "Is a tomato a fruit?",
        "Name the capital of Kenya.",
        "¿Cuál es la raíz cuadrada de 81?",
        "Explain photosynthesis in one sentence.",
        "What does 'hypothesis' mean?",
        "Solve x + 3 = 10.",
        "Write the word 'lantern' backwards.",
        "Which is larger, 0.5 or 0.45?",
        "Give one reason to learn algebra.",
    ];
    for q in questions {
        let a: Answer = generate(&llm, &request("Answer briefly as JSON.", q), &cancel)
            .await
            .unwrap_or_else(|e| panic!("{q}: {e}"));
        assert!((0.0..=1.0).contains(&a.confidence), "{q}: {a:?}");
    }
    let texts = [
        "I loved the class today!",
        "The bus was late again and I missed the test.",
        "The library opens at nine.",
        "Mi perro está enfermo y estoy triste.",
        "We won the debate 🎉",
        "Homework is due tomorrow.",
        "This proof makes no sense to me.",
        "Nothing special happened.",
        "Gracias por la ayuda, fue genial.",
        "The experiment failed twice.",
    ];
    for t in texts {
        let c: Classified = generate(
            &llm,
            &request(
                "Classify the mood of the text and list up to three keywords, as JSON.",
                t,
            ),
            &cancel,
        )
        .await
        .unwrap_or_else(|e| panic!("{t}: {e}"));
        assert!(c.keywords.len() <= 3, "{t}: {c:?}");
    }
}

#[tokio::test]
async fn streamed_text_equals_the_final_answer_and_prefix_is_reused() {
    let llm = supervisor_for(default_model_path());
    let system = "You are a tutor. Reply with JSON containing a short answer and a confidence.";
    let mut streamed = String::new();
    let first = llm
        .complete(
            &request(system, "What is 2 + 2?").with_cache_key("tutor"),
            Some(&lantern_core::llm::schema_of::<Answer>()),
            &mut |d| streamed.push_str(d),
            &CancelFlag::default(),
        )
        .await
        .unwrap();
    assert_eq!(streamed, first.text);
    serde_json::from_str::<serde_json::Value>(&first.text).unwrap();
    let second = llm
        .complete(
            &request(system, "What is the capital of France?").with_cache_key("tutor"),
            Some(&lantern_core::llm::schema_of::<Answer>()),
            &mut |_| {},
            &CancelFlag::default(),
        )
        .await
        .unwrap();
    assert!(
        second.stats.reused_tokens >= 15,
        "system prompt should be reused: {:?}",
        second.stats
    );
}

/// Sends `signal` to the worker at the first streamed piece of a long turn, checks that
/// the turn fails with `code`, and that a fresh worker answers the next request.
async fn signal_mid_turn_then_recover(llm: Supervisor, signal: &str, code: &str) {
    llm.start().await.unwrap();
    let pid = llm.worker_pid().await.expect("worker running");
    let long =
        LlmRequest::new("Write a long story.", "Tell me about the sea.").with_limits(Limits {
            max_tokens: 400,
            temperature: 0.0,
            seed: 1,
        });
    let mut signalled = false;
    let mut on_delta = |_: &str| {
        if !signalled {
            signalled = true;
            let _ = std::process::Command::new("kill")
                .args([signal, &pid.to_string()])
                .status();
        }
    };
    let result = llm
        .complete(&long, None, &mut on_delta, &CancelFlag::default())
        .await;
    assert_eq!(result.unwrap_err().code(), code);
    let after: Answer = generate(
        &llm,
        &request("Answer as JSON.", "Is ice cold?"),
        &CancelFlag::default(),
    )
    .await
    .expect("a fresh worker answers the next request");
    assert!(after.confidence <= 1.0);
    assert_ne!(llm.worker_pid().await, Some(pid));
}

#[tokio::test]
async fn killed_worker_costs_one_turn_then_recovers() {
    signal_mid_turn_then_recover(
        supervisor_for(default_model_path()),
        "-KILL",
        "model_crashed",
    )
    .await;
}

#[tokio::test]
async fn hung_worker_times_out_then_a_fresh_one_answers() {
    // A stopped process is alive but silent: exactly what a hang looks like.
    let llm = supervisor_with_idle_timeout(default_model_path(), Duration::from_secs(2));
    signal_mid_turn_then_recover(llm, "-STOP", "model_timeout").await;
}

#[tokio::test]
async fn cancelled_turn_stops_and_the_next_one_runs() {
    let llm = supervisor_for(default_model_path());
    let cancel = CancelFlag::default();
    let long =
        LlmRequest::new("Write a long story.", "Tell me about mountains.").with_limits(Limits {
            max_tokens: 400,
            temperature: 0.0,
            seed: 1,
        });
    let mut pieces = 0;
    let flag = cancel.clone();
    let err = llm
        .complete(
            &long,
            None,
            &mut |_| {
                pieces += 1;
                if pieces == 3 {
                    flag.cancel();
                }
            },
            &cancel,
        )
        .await
        .unwrap_err();
    assert_eq!(err, LlmError::Cancelled);
    assert!(pieces < 100, "generation should stop soon after the cancel");
    let mut streamed = String::new();
    let ok: Answer = generate_streaming(
        &llm,
        &request("Answer as JSON.", "Is fire hot?"),
        &mut |d| streamed.push_str(d),
        &CancelFlag::default(),
    )
    .await
    .unwrap();
    assert!(!streamed.is_empty() && ok.confidence <= 1.0);
}

async fn ask(llm: Supervisor) -> LlmError {
    generate::<Answer>(&llm, &request("JSON.", "hi"), &CancelFlag::default())
        .await
        .unwrap_err()
}

#[tokio::test]
async fn missing_corrupt_and_truncated_models_give_coded_errors() {
    let dir = tempfile::tempdir().unwrap();
    let missing = ask(supervisor_for(dir.path().join("nope.gguf"))).await;
    assert_eq!(missing.code(), "model_not_found");

    let bytes = std::fs::read(default_model_path()).unwrap();
    let truncated = dir.path().join("truncated.gguf");
    std::fs::write(&truncated, &bytes[..bytes.len() / 3]).unwrap();
    assert_eq!(ask(supervisor_for(truncated)).await.code(), "model_invalid");

    let mut flipped = bytes.clone();
    let middle = flipped.len() / 2;
    flipped[middle..middle + 64]
        .iter_mut()
        .for_each(|b| *b ^= 0xFF);
    let corrupt = dir.path().join("corrupt.gguf");
    std::fs::write(&corrupt, &flipped).unwrap();
    let err = ask(supervisor_for(corrupt)).await;
    assert_eq!(err.code(), "model_invalid");
    assert!(err.to_string().contains("sha256"), "{err}");

    let not_gguf = dir.path().join("notes.gguf");
    std::fs::write(&not_gguf, b"these are my notes, not a model").unwrap();
    assert_eq!(ask(supervisor_for(not_gguf)).await.code(), "model_invalid");
}

#[tokio::test]
async fn an_idle_worker_is_released_and_the_next_turn_starts_a_fresh_one() {
    let llm = supervisor_for(default_model_path());
    llm.start().await.unwrap();
    let first = llm.worker_pid().await.expect("a running worker");
    assert!(
        !llm.release_if_idle(Duration::from_secs(3600)).await,
        "a worker used a moment ago stays"
    );
    assert_eq!(llm.worker_pid().await, Some(first));
    assert!(llm.release_if_idle(Duration::ZERO).await);
    assert_eq!(
        llm.worker_pid().await,
        None,
        "the worker's memory is returned"
    );
    let answer = llm
        .complete(
            &request("Answer with JSON.", "Name one planet."),
            Some(&schema_of::<Keyword>()),
            &mut |_| {},
            &CancelFlag::default(),
        )
        .await
        .unwrap();
    assert!(!answer.text.is_empty());
    assert!(llm.worker_pid().await.is_some_and(|pid| pid != first));
}
