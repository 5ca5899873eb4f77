//! A scripted [`Llm`] for unit tests: replays queued replies and records requests.

use super::{BoxFuture, CancelFlag, DeltaSink, LikelihoodRequest, Llm, LlmError, LlmRequest};
use std::collections::VecDeque;
use std::sync::Mutex;

/// Replays a fixed list of replies, one per call, streaming each in small pieces.
#[derive(Debug, Default)]
pub struct ScriptedLlm {
    replies: Mutex<VecDeque<Result<String, LlmError>>>,
    seen: Mutex<Vec<LlmRequest>>,
    schemas: Mutex<Vec<serde_json::Value>>,
    likelihoods: Mutex<VecDeque<Vec<f64>>>,
}

impl ScriptedLlm {
    /// A model that will answer with `replies`, in order.
    pub fn new(replies: impl IntoIterator<Item = Result<String, LlmError>>) -> Self {
        Self {
            replies: Mutex::new(replies.into_iter().collect()),
            seen: Mutex::default(),
            schemas: Mutex::default(),
            likelihoods: Mutex::default(),
        }
    }

    /// The same model, reading `likelihoods` for its likelihood requests, one list per
    /// request in order (a model without them reads none).
    pub fn with_likelihoods(self, likelihoods: impl IntoIterator<Item = Vec<f64>>) -> Self {
        if let Ok(mut queued) = self.likelihoods.lock() {
            queued.extend(likelihoods);
        }
        self
    }

    /// Every request received so far.
    pub fn requests(&self) -> Vec<LlmRequest> {
        self.seen.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// The schema of every request received so far.
    pub fn schemas(&self) -> Vec<serde_json::Value> {
        self.schemas.lock().map(|s| s.clone()).unwrap_or_default()
    }
}

impl Llm for ScriptedLlm {
    fn complete_json<'a>(
        &'a self,
        request: &'a LlmRequest,
        schema: &'a serde_json::Value,
        on_delta: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<String, LlmError>> {
        Box::pin(async move {
            if let Ok(mut seen) = self.seen.lock() {
                seen.push(request.clone());
            }
            if let Ok(mut schemas) = self.schemas.lock() {
                schemas.push(schema.clone());
            }
            if cancel.is_cancelled() {
                return Err(LlmError::Cancelled);
            }
            let reply = self
                .replies
                .lock()
                .ok()
                .and_then(|mut r| r.pop_front())
                .unwrap_or_else(|| Err(LlmError::Runtime("script exhausted".into())))?;
            let chars: Vec<char> = reply.chars().collect();
            for piece in chars.chunks(4) {
                on_delta(&piece.iter().collect::<String>());
            }
            Ok(reply)
        })
    }

    fn reply_likelihoods<'a>(
        &'a self,
        request: &'a LikelihoodRequest,
        _cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<Vec<f64>, LlmError>> {
        Box::pin(async move {
            let values = self.likelihoods.lock().ok().and_then(|mut l| l.pop_front());
            match values {
                Some(values) if values.len() == request.pairs.len() => Ok(values),
                Some(_) => Err(LlmError::Runtime(
                    "scripted likelihoods of another length".into(),
                )),
                None => Err(LlmError::Runtime("this model reads no likelihoods".into())),
            }
        })
    }
}
