//! The JSON-lines protocol between the app and the worker process.

use crate::GenerationStats;
use lantern_core::llm::{LikelihoodRequest, LlmRequest};
use serde::{Deserialize, Serialize};

/// A line the app writes to the worker's stdin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum WorkerRequest {
    /// Generate an answer; `schema` (JSON schema) constrains it, `None` leaves it free.
    Generate {
        /// Request id, unique per worker.
        id: u64,
        /// What to answer.
        request: LlmRequest,
        /// JSON schema of the answer.
        schema: Option<serde_json::Value>,
    },
    /// Read how likely the model finds each reply of `request`, without generating.
    Likelihoods {
        /// Request id, unique per worker.
        id: u64,
        /// The prompts and the replies to read.
        request: LikelihoodRequest,
    },
    /// Stop the generation with this id (or skip it if it has not started).
    Cancel {
        /// Request id.
        id: u64,
    },
}

/// A line the worker writes to its stdout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum WorkerEvent {
    /// Loading the model: the share of the weights read so far, from 0 to 1.
    Loading {
        /// Share loaded.
        fraction: f32,
    },
    /// The model is loaded; requests can be sent.
    Ready {
        /// The model's name.
        model: String,
    },
    /// Streamed text of request `id`.
    Delta {
        /// Request id.
        id: u64,
        /// New text (complete UTF-8).
        text: String,
    },
    /// Request `id` finished.
    Done {
        /// Request id.
        id: u64,
        /// The whole answer.
        text: String,
        /// What it cost.
        stats: GenerationStats,
    },
    /// The likelihoods of request `id`: one log-probability per reply, in order.
    Likelihoods {
        /// Request id.
        id: u64,
        /// Each reply's log-probability (natural log, summed over its tokens).
        values: Vec<f64>,
    },
    /// Request `id` (or, without id, loading the model) failed.
    Failed {
        /// Request id, absent for load failures.
        id: Option<u64>,
        /// Stable error code.
        code: String,
        /// Message for people.
        message: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `request` is written on one line and read back the same.
    fn reads_back_from_one_line(request: &WorkerRequest) {
        let line = serde_json::to_string(request).unwrap();
        assert!(!line.contains('\n'));
        assert_eq!(
            &serde_json::from_str::<WorkerRequest>(&line).unwrap(),
            request
        );
    }

    #[test]
    fn requests_and_events_are_single_json_lines() {
        let request = WorkerRequest::Generate {
            id: 7,
            request: LlmRequest::new("sys", "línea\nnueva"),
            schema: None,
        };
        reads_back_from_one_line(&request);
        let event: WorkerEvent =
            serde_json::from_str(r#"{"type":"delta","id":7,"text":"{\""}"#).unwrap();
        assert_eq!(
            event,
            WorkerEvent::Delta {
                id: 7,
                text: "{\"".into()
            }
        );
    }

    #[test]
    fn a_likelihood_request_and_its_answer_are_single_json_lines() {
        let request = WorkerRequest::Likelihoods {
            id: 3,
            request: LikelihoodRequest {
                system: "sys".into(),
                pairs: vec![("frase\nuna".into(), "¿pregunta?".into())],
            },
        };
        reads_back_from_one_line(&request);
        let event: WorkerEvent =
            serde_json::from_str(r#"{"type":"likelihoods","id":3,"values":[-12.5]}"#).unwrap();
        assert_eq!(
            event,
            WorkerEvent::Likelihoods {
                id: 3,
                values: vec![-12.5]
            }
        );
    }
}
