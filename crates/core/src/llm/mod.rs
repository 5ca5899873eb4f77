//! The `Llm` port: ask the local model for one JSON value of a known Rust type.
//!
//! The adapter (crate `lantern-llm`) constrains the model with a grammar built from the
//! type's JSON schema, so the text always parses; [`generate`] then parses it and
//! enforces what grammars cannot (numeric bounds). Loops depend only on this module.

mod error;
mod request;
mod schema;
#[cfg(any(test, feature = "scripted"))]
mod scripted;
pub mod tools;

pub use error::LlmError;
pub use request::{
    CancelFlag, ChatMessage, ChatRole, LikelihoodRequest, Limits, LlmRequest, RETRY_TEMPERATURE,
};
pub use schema::{clamp_to_schema, schema_of};
#[cfg(any(test, feature = "scripted"))]
pub use scripted::ScriptedLlm;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use std::future::Future;
use std::pin::Pin;

/// A boxed, sendable future, so the port can be used as `dyn Llm`.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Receives streamed text as the model produces it (complete UTF-8 only).
pub type DeltaSink<'a> = &'a mut (dyn FnMut(&str) + Send);

/// What one answer cost, when the runtime can tell.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Usage {
    /// Tokens in the formatted prompt.
    pub prompt_tokens: usize,
    /// Prompt tokens whose evaluated state was reused (the cached prefix).
    pub reused_tokens: usize,
    /// Tokens generated.
    pub generated_tokens: usize,
    /// Milliseconds from the request to the first generated token.
    pub first_token_ms: f64,
    /// Milliseconds generating after the first token.
    pub decode_ms: f64,
}

/// A JSON answer with what it cost.
#[derive(Debug, Clone, PartialEq)]
pub struct Counted {
    /// The answer's text.
    pub text: String,
    /// Its cost, when the runtime reports one.
    pub usage: Option<Usage>,
}

/// A local language model that answers with JSON matching a schema.
pub trait Llm: Send + Sync {
    /// Like [`complete_json`](Llm::complete_json), with the answer's cost when known.
    fn complete_json_counted<'a>(
        &'a self,
        request: &'a LlmRequest,
        schema: &'a serde_json::Value,
        on_delta: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<Counted, LlmError>> {
        Box::pin(async move {
            let text = self
                .complete_json(request, schema, on_delta, cancel)
                .await?;
            Ok(Counted { text, usage: None })
        })
    }

    /// Generates one JSON document constrained by `schema`, streaming its text to
    /// `on_delta`, and returns the whole text. Stops early when `cancel` is set.
    fn complete_json<'a>(
        &'a self,
        request: &'a LlmRequest,
        schema: &'a serde_json::Value,
        on_delta: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<String, LlmError>>;

    /// How likely the model finds each of `request`'s replies after its prompt, read
    /// without generating: the natural log of the reply's probability, summed over its
    /// tokens, one figure per reply in order. A runtime that cannot read likelihoods
    /// answers [`LlmError::Runtime`], and a loop then does without them.
    fn reply_likelihoods<'a>(
        &'a self,
        request: &'a LikelihoodRequest,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<Vec<f64>, LlmError>> {
        let _ = (request, cancel);
        Box::pin(async { Err(LlmError::Runtime("this model reads no likelihoods".into())) })
    }
}

/// Asks `llm` for a `T`: grammar from `T`'s schema, numbers clamped to its bounds.
pub async fn generate<T: JsonSchema + DeserializeOwned>(
    llm: &dyn Llm,
    request: &LlmRequest,
    cancel: &CancelFlag,
) -> Result<T, LlmError> {
    generate_streaming(llm, request, &mut |_| {}, cancel).await
}

/// Like [`generate`], streaming the raw text to `on_delta` before the parsed value.
pub async fn generate_streaming<T: JsonSchema + DeserializeOwned>(
    llm: &dyn Llm,
    request: &LlmRequest,
    on_delta: DeltaSink<'_>,
    cancel: &CancelFlag,
) -> Result<T, LlmError> {
    let schema = schema_of::<T>();
    let text = llm
        .complete_json(request, &schema, on_delta, cancel)
        .await?;
    parse_output(&text, &schema)
}

/// Parses model output against `schema`, clamping out-of-range numbers first.
pub fn parse_output<T: DeserializeOwned>(
    text: &str,
    schema: &serde_json::Value,
) -> Result<T, LlmError> {
    let mut value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| LlmError::BadOutput(format!("not JSON ({e}): {}", preview(text))))?;
    clamp_to_schema(&mut value, schema);
    serde_json::from_value(value)
        .map_err(|e| LlmError::BadOutput(format!("wrong shape ({e}): {}", preview(text))))
}

/// The first 200 characters of `text`, for error messages.
fn preview(text: &str) -> String {
    text.chars().take(200).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, JsonSchema, PartialEq)]
    struct Verdict {
        answer: String,
        /// How sure the model is.
        #[schemars(range(min = 0.0, max = 1.0))]
        confidence: f64,
    }

    fn request() -> LlmRequest {
        LlmRequest::new("Answer in JSON.", "Is 7 prime?")
    }

    #[tokio::test]
    async fn generate_parses_the_scripted_reply() {
        let llm = ScriptedLlm::new([Ok(r#"{"answer":"yes","confidence":0.9}"#.to_string())]);
        let verdict: Verdict = generate(&llm, &request(), &CancelFlag::default())
            .await
            .unwrap();
        assert_eq!(verdict.answer, "yes");
        assert_eq!(llm.requests()[0].messages[0].content, "Is 7 prime?");
    }

    #[tokio::test]
    async fn out_of_range_confidence_is_clamped() {
        let llm = ScriptedLlm::new([Ok(r#"{"answer":"yes","confidence":7.5}"#.to_string())]);
        let verdict: Verdict = generate(&llm, &request(), &CancelFlag::default())
            .await
            .unwrap();
        assert_eq!(verdict.confidence, 1.0);
    }

    #[tokio::test]
    async fn streaming_delivers_text_before_the_value() {
        let llm = ScriptedLlm::new([Ok(r#"{"answer":"no","confidence":0.2}"#.to_string())]);
        let mut streamed = String::new();
        let verdict: Verdict = generate_streaming(
            &llm,
            &request(),
            &mut |d| streamed.push_str(d),
            &CancelFlag::default(),
        )
        .await
        .unwrap();
        assert_eq!(streamed, r#"{"answer":"no","confidence":0.2}"#);
        assert_eq!(verdict.answer, "no");
    }

    #[tokio::test]
    async fn truncated_or_misshapen_output_is_bad_output() {
        use crate::Coded;
        let llm = ScriptedLlm::new([
            Ok(r#"{"answer":"ye"#.to_string()),
            Ok(r#"{"reply":"yes"}"#.to_string()),
        ]);
        for _ in 0..2 {
            let err = generate::<Verdict>(&llm, &request(), &CancelFlag::default())
                .await
                .unwrap_err();
            assert_eq!(err.code(), "model_output_invalid");
        }
    }

    #[tokio::test]
    async fn runtime_errors_pass_through() {
        let llm = ScriptedLlm::new([Err(LlmError::Timeout(30))]);
        let err = generate::<Verdict>(&llm, &request(), &CancelFlag::default())
            .await
            .unwrap_err();
        assert!(matches!(err, LlmError::Timeout(30)));
    }
}
