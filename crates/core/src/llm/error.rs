//! Errors of the model port, shared by every adapter.

use crate::Coded;
use std::path::PathBuf;

/// Why a model turn failed. Each variant has a stable code the UI translates.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LlmError {
    /// No file at the configured model path.
    #[error("model file not found: {}", .0.display())]
    NotFound(PathBuf),
    /// The file is not a usable GGUF model (bad header, corrupt, wrong checksum…).
    #[error("{} is not a usable model: {reason}", .path.display())]
    Invalid {
        /// The offending file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The model needs more memory than the machine has free.
    #[error("not enough memory for the model: {0}")]
    OutOfMemory(String),
    /// The worker process died during the turn (it is restarted for the next one).
    #[error("the model process stopped unexpectedly: {0}")]
    Crashed(String),
    /// The worker produced nothing for too long and was restarted.
    #[error("the model did not answer within {0} s")]
    Timeout(u64),
    /// The turn was cancelled by the user.
    #[error("the request was cancelled")]
    Cancelled,
    /// Neither the model's chat template nor the fallback could format the prompt.
    #[error("cannot format the prompt for this model: {0}")]
    Template(String),
    /// The JSON schema could not be turned into a grammar.
    #[error("cannot build a grammar for the answer: {0}")]
    Grammar(String),
    /// The model's text did not parse into the requested type (e.g. token cap hit).
    #[error("the model's answer was unusable: {0}")]
    BadOutput(String),
    /// Any other failure inside the runtime.
    #[error("the model runtime failed: {0}")]
    Runtime(String),
    /// The CPU lacks instruction sets the bundled llama.cpp was compiled for.
    #[error("this computer's processor lacks {0}, which the bundled llama.cpp needs")]
    CpuUnsupported(String),
    /// llama.cpp does not know the file's architecture (the message names both).
    #[error("{0}")]
    ArchitectureUnsupported(String),
    /// The draft named for speculative decoding cannot draft for the model (its
    /// vocabulary differs, or its file does not load); the model can still run alone.
    #[error("the draft model was refused: {0}")]
    DraftRefused(String),
    /// The model needs more memory than the machine has in all.
    #[error("the model needs about {needed_mb} MB but this computer has {total_mb} MB in all")]
    TooLarge {
        /// Estimated memory when loaded.
        needed_mb: u64,
        /// The machine's physical memory.
        total_mb: u64,
    },
}

impl Coded for LlmError {
    fn code(&self) -> crate::ErrorCode {
        match self {
            Self::NotFound(_) => crate::ErrorCode::ModelNotFound,
            Self::Invalid { .. } => crate::ErrorCode::ModelInvalid,
            Self::OutOfMemory(_) => crate::ErrorCode::OutOfMemory,
            Self::Crashed(_) => crate::ErrorCode::ModelCrashed,
            Self::Timeout(_) => crate::ErrorCode::ModelTimeout,
            Self::Cancelled => crate::ErrorCode::ModelCancelled,
            Self::Template(_) => crate::ErrorCode::ModelTemplateFailed,
            Self::Grammar(_) => crate::ErrorCode::ModelGrammarFailed,
            Self::BadOutput(_) => crate::ErrorCode::ModelOutputInvalid,
            Self::Runtime(_) => crate::ErrorCode::ModelRuntimeFailed,
            Self::CpuUnsupported(_) => crate::ErrorCode::ModelCpuUnsupported,
            Self::ArchitectureUnsupported(_) => crate::ErrorCode::ModelArchitectureUnsupported,
            Self::TooLarge { .. } => crate::ErrorCode::ModelTooLarge,
            Self::DraftRefused(_) => crate::ErrorCode::ModelDraftRefused,
        }
    }
}

impl LlmError {
    /// The error for a file whose `architecture` llama.cpp does not know.
    pub fn unsupported_architecture(path: &std::path::Path, architecture: &str) -> Self {
        Self::ArchitectureUnsupported(format!(
            "{} uses the architecture `{architecture}`, which this build of llama.cpp does not support",
            path.display()
        ))
    }

    /// Shorthand for [`LlmError::Invalid`].
    pub fn invalid(path: &std::path::Path, reason: impl Into<String>) -> Self {
        Self::Invalid {
            path: path.to_path_buf(),
            reason: reason.into(),
        }
    }

    /// Rebuilds an error from its code and message (as sent by the worker process).
    pub fn from_code(code: &str, message: String) -> Self {
        match code {
            "model_not_found" => Self::NotFound(PathBuf::from(message)),
            "model_invalid" => Self::Invalid {
                path: PathBuf::new(),
                reason: message,
            },
            "out_of_memory" => Self::OutOfMemory(message),
            "model_crashed" => Self::Crashed(message),
            "model_cancelled" => Self::Cancelled,
            "model_template_failed" => Self::Template(message),
            "model_grammar_failed" => Self::Grammar(message),
            "model_output_invalid" => Self::BadOutput(message),
            "model_cpu_unsupported" => Self::CpuUnsupported(message),
            "model_architecture_unsupported" => Self::ArchitectureUnsupported(message),
            "model_draft_refused" => Self::DraftRefused(message),
            _ => Self::Runtime(message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::is_well_formed_code;

    #[test]
    fn codes_are_stable_and_well_formed() {
        let all = [
            LlmError::NotFound("m.gguf".into()),
            LlmError::invalid(std::path::Path::new("m.gguf"), "bad"),
            LlmError::OutOfMemory("x".into()),
            LlmError::Crashed("x".into()),
            LlmError::Timeout(1),
            LlmError::Cancelled,
            LlmError::Template("x".into()),
            LlmError::Grammar("x".into()),
            LlmError::BadOutput("x".into()),
            LlmError::Runtime("x".into()),
            LlmError::CpuUnsupported("avx2".into()),
            LlmError::DraftRefused("x".into()),
            LlmError::TooLarge {
                needed_mb: 2,
                total_mb: 1,
            },
        ];
        for e in &all {
            assert!(is_well_formed_code(e.code().as_str()), "{}", e.code());
        }
    }

    #[test]
    fn codes_round_trip_through_the_worker_protocol() {
        for e in [
            LlmError::OutOfMemory("x".into()),
            LlmError::Cancelled,
            LlmError::Grammar("g".into()),
            LlmError::CpuUnsupported("avx2, fma".into()),
            LlmError::ArchitectureUnsupported("m uses x".into()),
            LlmError::DraftRefused("token 7 differs".into()),
        ] {
            assert_eq!(
                LlmError::from_code(e.code().as_str(), "x".into()).code(),
                e.code()
            );
        }
    }
}
