//! Reading the likelihood of replies in the real worker with the pack's 0.5B: a
//! question is likelier under the sentence that answers it, the same pair reads the
//! same after a generation, and a drafted model reads as it does alone.

mod common;

use common::{pack_model_path, supervisor_for};
use lantern_core::llm::{CancelFlag, LikelihoodRequest, Limits, LlmRequest};
use lantern_llm::{EngineConfig, Supervisor, SupervisorConfig};
use std::path::PathBuf;
use std::time::Duration;

const SMALL: &str = "qwen2.5-coder-0.5b-instruct";

fn small() -> PathBuf {
    pack_model_path(SMALL).expect("the pack's 0.5B: run `python3 models/fetch.py`")
}

/// The question of a student, asked of two sentences of a note: the second answers it.
fn request() -> LikelihoodRequest {
    let ask = |sentence: &str| {
        format!("Here is a sentence from a study module:\n{sentence}\nWrite a question a student asked that this sentence answers.")
    };
    let question = "How much water should I drink on a hot day?";
    LikelihoodRequest {
        system: "You write the question a student asked.".into(),
        pairs: vec![
            (
                ask("Warm up for five minutes before you run."),
                question.into(),
            ),
            (
                ask("On hot days drink a glass of water every hour, even before you feel thirsty."),
                question.into(),
            ),
        ],
    }
}

#[tokio::test]
async fn a_question_is_likelier_under_the_sentence_that_answers_it() {
    let llm = supervisor_for(small());
    let values = llm
        .likelihoods(&request(), &CancelFlag::default())
        .await
        .unwrap();
    assert_eq!(values.len(), 2);
    assert!(
        values.iter().all(|v| v.is_finite() && *v < 0.0),
        "{values:?}"
    );
    assert!(values[1] > values[0], "{values:?}");
}

#[tokio::test]
async fn a_reading_is_the_same_after_a_generation_in_between() {
    let llm = supervisor_for(small());
    let cancel = CancelFlag::default();
    let first = llm.likelihoods(&request(), &cancel).await.unwrap();
    let between = LlmRequest::new("Answer briefly.", "Name a colour.").with_limits(Limits {
        max_tokens: 8,
        temperature: 0.0,
        seed: 1,
    });
    llm.complete(&between, None, &mut |_| {}, &cancel)
        .await
        .unwrap();
    let again = llm.likelihoods(&request(), &cancel).await.unwrap();
    for (a, b) in first.iter().zip(&again) {
        assert!((a - b).abs() < 1e-3, "{first:?} then {again:?}");
    }
}

#[tokio::test]
async fn a_model_with_a_draft_reads_as_it_does_alone() {
    let mut engine = EngineConfig::new(small(), 2, 2048);
    engine.draft_model_path = Some(small());
    let drafted = Supervisor::new(SupervisorConfig {
        program: PathBuf::from(env!("CARGO_BIN_EXE_lantern-llm-worker")),
        args: vec![],
        engine,
        load_timeout: Duration::from_secs(180),
        idle_timeout: Duration::from_secs(180),
    });
    let cancel = CancelFlag::default();
    let with_draft = drafted.likelihoods(&request(), &cancel).await.unwrap();
    let alone = supervisor_for(small())
        .likelihoods(&request(), &cancel)
        .await
        .unwrap();
    for (a, b) in with_draft.iter().zip(&alone) {
        assert!((a - b).abs() < 1e-3, "{with_draft:?} against {alone:?}");
    }
}
