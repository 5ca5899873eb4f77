//! The streamed turn every loop uses: typed events over a Tauri channel (`started`,
//! `delta`s, then one `final` or `error`), a registry of running turns that
//! `cancel_turn` stops, and one place where a turn the model crashed or hung in is
//! answered by the loop's deterministic guide while the worker restarts.
//!
//! A loop's command builds a [`StreamedTurn`] (load, ask, save) and hands it to
//! [`stream_turn`]; the choice between model and guide is `lantern_core::turn`'s.

use crate::error::IpcError;
use lantern_core::llm::{BoxFuture, CancelFlag, DeltaSink, Llm};
use lantern_core::turn::ReplyOrigin;
use lantern_core::ErrorCode;
use lantern_tutor::passage::SourcePassage;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;
use tauri::ipc::Channel;

/// Identifies a running turn, for `cancel_turn`.
pub type TurnId = u32;

/// What a streamed turn sends to the UI, in order: `started`, the tutor's `passage`,
/// any `delta`s (or `progress` steps), then one `final` or `error`.
#[derive(Debug, Clone, Serialize, specta::Type)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum TurnEvent<T> {
    /// The turn is running; `turn` stops it through `cancel_turn`.
    Started {
        /// The turn's id.
        turn: TurnId,
    },
    /// More of the reply's words.
    Delta {
        /// The new text.
        text: String,
    },
    /// What a multi-step turn is doing (the report editor's "reading 3.1", "updating 3.1").
    Progress {
        /// The kind of step (`reading`, `updating`, …).
        step: String,
        /// The section's number and title; empty when the step is about none.
        section: String,
    },
    /// The course passage the tutor's reply rests on, sent as soon as the turn is
    /// prepared, before the model writes (shown above the streaming words).
    Passage {
        /// The passage.
        passage: SourcePassage,
    },
    /// The turn is over and saved.
    Final {
        /// The loop's result (usually its saved view).
        result: T,
        /// Who wrote the reply: the model or the deterministic guide.
        origin: ReplyOrigin,
    },
    /// The turn failed or was stopped; what the student sent is kept.
    Error {
        /// Stable code, e.g. `model_cancelled`.
        code: ErrorCode,
        /// What went wrong, in English.
        message: String,
    },
}

/// The running turns, each with the flag that stops it.
#[derive(Debug, Default)]
pub struct TurnRegistry {
    next: AtomicU32,
    running: Mutex<HashMap<TurnId, CancelFlag>>,
}

impl TurnRegistry {
    /// Registers a new turn.
    fn start(&self) -> (TurnId, CancelFlag) {
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let cancel = CancelFlag::default();
        if let Ok(mut running) = self.running.lock() {
            running.insert(id, cancel.clone());
        }
        (id, cancel)
    }

    fn finish(&self, id: TurnId) {
        if let Ok(mut running) = self.running.lock() {
            running.remove(&id);
        }
    }

    /// Stops turn `id`; a turn that already ended is not found.
    pub fn cancel(&self, id: TurnId) -> Result<(), IpcError> {
        let running = self
            .running
            .lock()
            .map_err(|_| IpcError::internal("the turn registry is poisoned"))?;
        let flag = running.get(&id).ok_or_else(|| {
            IpcError::new(ErrorCode::TurnNotFound, format!("no turn {id} is running"))
        })?;
        flag.cancel();
        Ok(())
    }
}

/// One loop's turn: what it answers with and how, and how it is saved.
pub trait StreamedTurn: Send + Sync {
    /// What the UI receives once the turn is saved.
    type Final: Serialize + Clone + Send + Sync;

    /// The loop's code for a stream to the window that broke (e.g. `coach_stream_failed`).
    fn stream_failed(&self) -> ErrorCode;

    /// Answers (with `llm`, or the guide when it is `None` or fails) and saves the reply,
    /// streaming its words to `on_text`; returns the saved result and who wrote it.
    fn run<'a>(
        &'a self,
        llm: Option<&'a dyn Llm>,
        on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<(Self::Final, ReplyOrigin), IpcError>>;
}

/// Runs `turn` with `llm`, streaming its events to `channel`. `on_model_failure` is
/// called when the guide answered because the model crashed or hung (the caller
/// restarts the worker). When the window stops receiving events, the turn still
/// finishes and is saved, and the result is the loop's stream-failed error.
pub async fn stream_turn<T: StreamedTurn>(
    turns: &TurnRegistry,
    llm: Option<&dyn Llm>,
    channel: &Channel<TurnEvent<T::Final>>,
    turn: T,
    on_model_failure: impl FnOnce(),
) -> Result<T::Final, IpcError> {
    let broken = AtomicBool::new(false);
    let send = |event: TurnEvent<T::Final>| {
        if let Err(e) = channel.send(event) {
            tracing::warn!("a turn's stream to the window broke: {e}");
            broken.store(true, Ordering::Relaxed);
        }
    };
    let (id, cancel) = turns.start();
    send(TurnEvent::Started { turn: id });
    let mut on_text = |text: &str| {
        send(TurnEvent::Delta {
            text: text.to_string(),
        })
    };
    let outcome = turn.run(llm, &mut on_text, &cancel).await;
    turns.finish(id);
    match outcome {
        Ok((result, origin)) => {
            if origin == ReplyOrigin::AfterModelFailure {
                on_model_failure();
            }
            send(TurnEvent::Final {
                result: result.clone(),
                origin,
            });
            if broken.load(Ordering::Relaxed) {
                return Err(IpcError::new(
                    turn.stream_failed(),
                    "the reply was saved, but the window stopped receiving it",
                ));
            }
            Ok(result)
        }
        Err(e) => {
            send(TurnEvent::Error {
                code: e.code,
                message: e.message.clone(),
            });
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use tauri::ipc::InvokeResponseBody;

    /// A turn that streams "a", "b" and answers "ab" (or fails with `fails`).
    struct Scripted {
        fails: Option<ErrorCode>,
        origin: ReplyOrigin,
    }

    impl StreamedTurn for Scripted {
        type Final = String;

        fn stream_failed(&self) -> ErrorCode {
            ErrorCode::CoachStreamFailed
        }

        fn run<'a>(
            &'a self,
            _llm: Option<&'a dyn Llm>,
            on_text: DeltaSink<'a>,
            cancel: &'a CancelFlag,
        ) -> BoxFuture<'a, Result<(String, ReplyOrigin), IpcError>> {
            Box::pin(async move {
                on_text("a");
                on_text("b");
                if cancel.is_cancelled() {
                    return Err(IpcError::new(ErrorCode::ModelCancelled, "stopped"));
                }
                match self.fails {
                    Some(code) => Err(IpcError::new(code, "failed")),
                    None => Ok(("ab".to_string(), self.origin)),
                }
            })
        }
    }

    fn recording() -> (Channel<TurnEvent<String>>, Arc<Mutex<Vec<String>>>) {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = seen.clone();
        let channel = Channel::new(move |body: InvokeResponseBody| {
            if let InvokeResponseBody::Json(json) = body {
                sink.lock().unwrap().push(json);
            }
            Ok(())
        });
        (channel, seen)
    }

    fn kinds(seen: &Mutex<Vec<String>>) -> Vec<String> {
        seen.lock()
            .unwrap()
            .iter()
            .map(|j| {
                let v: serde_json::Value = serde_json::from_str(j).unwrap();
                v["kind"].as_str().unwrap().to_string()
            })
            .collect()
    }

    fn ok(origin: ReplyOrigin) -> Scripted {
        Scripted {
            fails: None,
            origin,
        }
    }

    #[tokio::test]
    async fn a_turn_streams_started_deltas_and_final() {
        let (channel, seen) = recording();
        let turns = TurnRegistry::default();
        let result = stream_turn(&turns, None, &channel, ok(ReplyOrigin::Model), || {
            panic!("no failure")
        })
        .await
        .unwrap();
        assert_eq!(result, "ab");
        assert_eq!(kinds(&seen), ["started", "delta", "delta", "final"]);
        assert!(turns.running.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_turn_the_guide_answered_after_a_crash_restarts_the_model() {
        let (channel, seen) = recording();
        let mut restarted = false;
        stream_turn(
            &TurnRegistry::default(),
            None,
            &channel,
            ok(ReplyOrigin::AfterModelFailure),
            || restarted = true,
        )
        .await
        .unwrap();
        assert!(restarted);
        let last = seen.lock().unwrap().last().cloned().unwrap();
        assert!(last.contains("\"origin\":\"afterModelFailure\""), "{last}");
    }

    #[tokio::test]
    async fn a_failed_turn_ends_with_its_coded_error() {
        let (channel, seen) = recording();
        let failing = Scripted {
            fails: Some(ErrorCode::CoachValidationFailed),
            origin: ReplyOrigin::Model,
        };
        let err = stream_turn(&TurnRegistry::default(), None, &channel, failing, || {})
            .await
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::CoachValidationFailed);
        assert_eq!(kinds(&seen).last().unwrap(), "error");
        assert!(seen
            .lock()
            .unwrap()
            .last()
            .unwrap()
            .contains("coach_validation_failed"));
    }

    #[tokio::test]
    async fn a_broken_stream_is_the_loops_stream_failed_error() {
        let channel: Channel<TurnEvent<String>> =
            Channel::new(|_| Err(tauri::Error::AssetNotFound("the window went away".into())));
        let err = stream_turn(
            &TurnRegistry::default(),
            None,
            &channel,
            ok(ReplyOrigin::Model),
            || {},
        )
        .await
        .unwrap_err();
        assert_eq!(err.code, ErrorCode::CoachStreamFailed);
    }

    #[test]
    fn cancel_stops_a_running_turn_and_an_ended_one_is_not_found() {
        let turns = TurnRegistry::default();
        let (id, flag) = turns.start();
        turns.cancel(id).unwrap();
        assert!(flag.is_cancelled());
        turns.finish(id);
        assert_eq!(turns.cancel(id).unwrap_err().code, ErrorCode::TurnNotFound);
    }
}
