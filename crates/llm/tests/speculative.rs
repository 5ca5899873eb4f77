//! Speculative decoding in the real worker: a draft with another vocabulary is refused,
//! and a drafted answer is the model's own. CI runs them on the small models (the 0.5B
//! drafting for itself); with the writer fetched (`python3 models/fetch.py
//! qwen2.5-coder-1.5b-instruct`) the writer drafted by the 0.5B is checked too.

mod common;

use common::pack_model_path;
use lantern_core::llm::{CancelFlag, Limits, LlmError, LlmRequest};
use lantern_llm::{Completion, EngineConfig, Supervisor, SupervisorConfig};
use std::path::PathBuf;
use std::time::Duration;

const SMALL: &str = "qwen2.5-coder-0.5b-instruct";
const TINY: &str = "smollm2-135m-instruct";
const WRITER: &str = "qwen2.5-coder-1.5b-instruct";

fn supervisor(model: PathBuf, draft: Option<PathBuf>) -> Supervisor {
    let mut engine = EngineConfig::new(model, 2, 2048);
    engine.draft_model_path = draft;
    Supervisor::new(SupervisorConfig {
        program: PathBuf::from(env!("CARGO_BIN_EXE_lantern-llm-worker")),
        args: vec![],
        engine,
        load_timeout: Duration::from_secs(180),
        idle_timeout: Duration::from_secs(180),
    })
}

fn small() -> PathBuf {
    pack_model_path(SMALL).expect("the pack's 0.5B: run `python3 models/fetch.py`")
}

/// Turns written in several shapes: a JSON turn with a string and a number, a list,
/// free text, Spanish.
fn turns() -> Vec<(LlmRequest, Option<serde_json::Value>)> {
    let reply = serde_json::json!({
        "type": "object",
        "properties": {"assistantText": {"type": "string"}, "confidence": {"type": "number"}},
        "required": ["assistantText", "confidence"]
    });
    let list = serde_json::json!({
        "type": "object",
        "properties": {"steps": {"type": "array", "items": {"type": "string"}, "maxItems": 3}},
        "required": ["steps"]
    });
    let ask = |system: &str, user: &str, temperature: f32| {
        LlmRequest::new(system, user).with_limits(Limits {
            max_tokens: 60,
            temperature,
            seed: 3,
        })
    };
    vec![
        (
            ask(
                "You are a patient tutor. Answer as JSON.",
                "Why do plants need light?",
                0.0,
            ),
            Some(reply.clone()),
        ),
        (
            ask(
                "Answer as JSON.",
                "Give the steps to solve 2x + 3 = 11.",
                0.0,
            ),
            Some(list),
        ),
        (
            ask(
                "You are a history tutor.",
                "When did the Berlin Wall fall, and why?",
                0.0,
            ),
            None,
        ),
        (
            ask(
                "Eres un tutor. Responde en JSON.",
                "¿Qué es la fotosíntesis?",
                0.0,
            ),
            Some(reply),
        ),
    ]
}

async fn answer(
    llm: &Supervisor,
    request: &LlmRequest,
    schema: Option<&serde_json::Value>,
) -> Completion {
    llm.complete(request, schema, &mut |_| {}, &CancelFlag::default())
        .await
        .unwrap_or_else(|e| panic!("{:?}: {e}", request.messages))
}

/// Every greedy turn drafted by `draft` is what `model` writes alone, up to the first
/// near tie: the model evaluates a proposal in one batch, and llama.cpp's batched
/// arithmetic differs from one-token passes in the last bits, so where two tokens are
/// almost equally likely the choice can differ (fast-forward's batches do the same).
/// Each turn must agree on at least its first half. Returns the share of drafted
/// tokens kept.
async fn drafted_answers_are_the_model_s_own(model: PathBuf, draft: PathBuf) -> f64 {
    let alone = supervisor(model.clone(), None);
    let drafted = supervisor(model, Some(draft));
    let (mut proposed, mut kept) = (0, 0);
    for (request, schema) in turns() {
        let expected = answer(&alone, &request, schema.as_ref()).await;
        let got = answer(&drafted, &request, schema.as_ref()).await;
        let same = got
            .text
            .chars()
            .zip(expected.text.chars())
            .take_while(|(a, b)| a == b)
            .count();
        let shorter = got.text.chars().count().min(expected.text.chars().count());
        eprintln!(
            "{:.0} % the same ({} drafted, {} kept, {:.1} tok/s vs {:.1} alone): {}",
            100.0 * same as f64 / expected.text.chars().count().max(1) as f64,
            got.stats.drafted_tokens,
            got.stats.accepted_tokens,
            got.stats.decode_tps(),
            expected.stats.decode_tps(),
            got.text
        );
        assert!(
            same * 2 >= shorter,
            "{:?}\nalone:   {}\ndrafted: {}",
            request.messages,
            expected.text,
            got.text
        );
        proposed += got.stats.drafted_tokens;
        kept += got.stats.accepted_tokens;
    }
    assert!(proposed > 0, "the draft proposed nothing");
    kept as f64 / proposed as f64
}

#[tokio::test]
async fn a_draft_with_another_vocabulary_is_refused() {
    let tiny = pack_model_path(TINY).expect("the pack's SmolLM2: run `python3 models/fetch.py`");
    let llm = supervisor(small(), Some(tiny));
    let (request, schema) = turns().remove(0);
    let error = llm
        .complete(
            &request,
            schema.as_ref(),
            &mut |_| {},
            &CancelFlag::default(),
        )
        .await
        .unwrap_err();
    assert!(
        matches!(&error, LlmError::DraftRefused(reason) if reason.contains("cannot draft")),
        "{error:?}"
    );
}

#[tokio::test]
async fn a_model_drafting_for_itself_writes_its_own_answer() {
    let rate = drafted_answers_are_the_model_s_own(small(), small()).await;
    assert!(rate > 0.9, "a model keeps {rate:.2} of its own drafts");
}

#[tokio::test]
async fn the_writer_drafted_by_the_small_model_writes_its_own_answer() {
    let Some(writer) = pack_model_path(WRITER) else {
        eprintln!("skipped: the writer is not in the pack (models/fetch.py {WRITER})");
        return;
    };
    let rate = drafted_answers_are_the_model_s_own(writer, small()).await;
    eprintln!(
        "the writer kept {:.0} % of the drafted tokens",
        rate * 100.0
    );
    assert!(rate > 0.3);
}

/// Resident memory of process `pid` in bytes, while it runs (Linux).
fn resident(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The model and its draft live in one worker: releasing it when idle returns both.
async fn idle_release_returns_both_models(model: PathBuf, draft: PathBuf) -> u64 {
    let llm = supervisor(model, Some(draft));
    let (request, schema) = turns().remove(0);
    answer(&llm, &request, schema.as_ref()).await;
    let pid = llm.worker_pid().await.expect("a running worker");
    let loaded = resident(pid).expect("the worker's memory");
    assert!(llm.release_if_idle(Duration::ZERO).await);
    assert_eq!(llm.worker_pid().await, None);
    // The process is gone (reaped), so nothing of it stays resident.
    assert_eq!(resident(pid), None, "the worker {pid} still holds memory");
    let again = answer(&llm, &request, schema.as_ref()).await;
    assert!(!again.text.is_empty());
    loaded
}

#[tokio::test]
async fn an_idle_drafted_worker_is_released_with_both_models() {
    let loaded = idle_release_returns_both_models(small(), small()).await;
    assert!(loaded > 0);
}

#[tokio::test]
async fn the_idle_writer_and_its_draft_are_released() {
    let Some(writer) = pack_model_path(WRITER) else {
        eprintln!("skipped: the writer is not in the pack (models/fetch.py {WRITER})");
        return;
    };
    let loaded = idle_release_returns_both_models(writer, small()).await;
    eprintln!(
        "the writer and its draft held {} MB resident; released: 0 MB",
        loaded >> 20
    );
}
