//! The process-wide llama.cpp backend, initialised once with its log routed to tracing.

use lantern_core::llm::LlmError;
use llama_cpp_2::llama_backend::LlamaBackend;
use llama_cpp_2::{send_logs_to_tracing, LogOptions};
use std::sync::OnceLock;

static BACKEND: OnceLock<Result<LlamaBackend, String>> = OnceLock::new();

/// The shared backend; llama.cpp allows only one per process.
pub(crate) fn backend() -> Result<&'static LlamaBackend, LlmError> {
    BACKEND
        .get_or_init(|| {
            send_logs_to_tracing(LogOptions::default());
            LlamaBackend::init().map_err(|e| e.to_string())
        })
        .as_ref()
        .map_err(|e| LlmError::Runtime(format!("the inference backend failed to start: {e}")))
}
