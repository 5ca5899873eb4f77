//! The turn every loop shares: ask the model, and when there is no model, or it crashed
//! or hung mid-turn, answer with the loop's deterministic fallback instead — so a dead
//! worker costs the student one turn's wording, never the turn.
//!
//! A loop implements [`LoopTurn`] (how to ask the model, its `offline.rs` answer, and
//! the turns the app answers without model words); [`answer_turn`] decides which one
//! answers and is the only place that says who wrote a reply ([`ReplyOrigin`], the one
//! vocabulary every loop's messages table stores). What the student typed reaches a
//! loop as a [`CleanInput`], cleaned once on the send path. The shell adds streaming,
//! cancellation and the worker's restart around it; the CLI and the evals call the
//! loops' application layers (`lantern_<loop>::app`) directly.

pub mod input;

pub use input::{clean_input, clean_or, CleanInput, InputProblem};

use crate::llm::{BoxFuture, CancelFlag, DeltaSink, Llm};
use crate::{Coded, ErrorCode};
use serde::{Deserialize, Serialize};

/// Who wrote a reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum ReplyOrigin {
    /// The model, checked by the loop's rules.
    Model,
    /// The loop's deterministic guide: no model was ready.
    Offline,
    /// The loop's deterministic guide, because the model crashed or hung in this turn.
    AfterModelFailure,
    /// The loop's deterministic guide, because the model's reply was broken (did not
    /// parse, or the rules could not use it).
    AfterBrokenReply,
    /// The app, from the loop's own material: the turn needed no model words (a drill,
    /// a verdict, a card).
    App,
}

impl ReplyOrigin {
    /// Whether the deterministic guide wrote the reply.
    pub fn is_fallback(self) -> bool {
        !matches!(self, Self::Model | Self::App)
    }

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Model => "model",
            Self::Offline => "offline",
            Self::AfterModelFailure => "afterModelFailure",
            Self::AfterBrokenReply => "afterBrokenReply",
            Self::App => "app",
        }
    }

    /// The origin stored as `name`.
    pub fn parse(name: &str) -> Option<Self> {
        [
            Self::Model,
            Self::Offline,
            Self::AfterModelFailure,
            Self::AfterBrokenReply,
            Self::App,
        ]
        .into_iter()
        .find(|o| o.as_str() == name)
    }
}

/// A reply and who wrote it.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered<R> {
    /// The loop's reply.
    pub reply: R,
    /// Who wrote it.
    pub origin: ReplyOrigin,
    /// Why the guide answered after the model was asked (`code: message`), for logs.
    pub failure: Option<String>,
}

/// One turn of a loop, with everything it needs already loaded.
pub trait LoopTurn: Sync {
    /// The loop's reply, after its rules.
    type Reply: Send;
    /// The loop's error enum.
    type Error: Coded + Send;

    /// Asks the model, streaming the reply's words to `on_text`.
    fn ask<'a>(
        &'a self,
        llm: &'a dyn Llm,
        on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<Self::Reply, Self::Error>>;

    /// The deterministic reply of the loop's offline guide.
    fn offline(&self) -> Result<Self::Reply, Self::Error>;

    /// The reply when this turn needs no model words at all (the app writes it from
    /// the loop's material). None by default: the model is asked.
    fn without_model(&self) -> Option<Result<Self::Reply, Self::Error>> {
        None
    }

    /// Whether an error with `code` means the model's reply was broken (unparseable,
    /// empty, refused by the rules), so the guide answers instead. None by default.
    fn is_broken_reply(&self, code: ErrorCode) -> bool {
        let _ = code;
        false
    }
}

/// Whether a model failure is answered by the fallback: the worker crashed or hung (it is
/// restarted for the next turn). Other errors — a cancel, a broken reply — are reported.
pub fn falls_back(code: ErrorCode) -> bool {
    matches!(code, ErrorCode::ModelCrashed | ErrorCode::ModelTimeout)
}

/// An error as logged: `code: message`.
fn describe<E: Coded>(e: &E) -> String {
    format!("{}: {e}", e.code().as_str())
}

/// Answers `turn` with the model when one is given, else with the offline guide; a
/// crash or hang of the model mid-turn, or a reply the loop calls broken, is answered by
/// the offline guide too. A stopped turn is reported, never replaced.
pub async fn answer_turn<T: LoopTurn>(
    turn: &T,
    llm: Option<&dyn Llm>,
    on_text: DeltaSink<'_>,
    cancel: &CancelFlag,
) -> Result<Answered<T::Reply>, T::Error> {
    if let Some(reply) = turn.without_model() {
        return Ok(Answered {
            reply: reply?,
            origin: ReplyOrigin::App,
            failure: None,
        });
    }
    let Some(llm) = llm else {
        return Ok(Answered {
            reply: turn.offline()?,
            origin: ReplyOrigin::Offline,
            failure: None,
        });
    };
    match turn.ask(llm, on_text, cancel).await {
        Ok(reply) => Ok(Answered {
            reply,
            origin: ReplyOrigin::Model,
            failure: None,
        }),
        Err(e) if cancel.is_cancelled() => Err(e),
        Err(e) if falls_back(e.code()) => Ok(Answered {
            reply: turn.offline()?,
            origin: ReplyOrigin::AfterModelFailure,
            failure: Some(describe(&e)),
        }),
        Err(e) if turn.is_broken_reply(e.code()) => Ok(Answered {
            reply: turn.offline()?,
            origin: ReplyOrigin::AfterBrokenReply,
            failure: Some(describe(&e)),
        }),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::{generate_streaming, LlmError, LlmRequest, ScriptedLlm};

    /// A loop whose reply is the model's text, or "guide" offline.
    struct Echo;

    impl LoopTurn for Echo {
        type Reply = String;
        type Error = LlmError;

        fn ask<'a>(
            &'a self,
            llm: &'a dyn Llm,
            on_text: DeltaSink<'a>,
            cancel: &'a CancelFlag,
        ) -> BoxFuture<'a, Result<String, LlmError>> {
            Box::pin(async move {
                let request = LlmRequest::new("s", "u");
                generate_streaming::<String>(llm, &request, on_text, cancel).await
            })
        }

        fn offline(&self) -> Result<String, LlmError> {
            Ok("guide".into())
        }

        fn is_broken_reply(&self, code: ErrorCode) -> bool {
            code == ErrorCode::ModelGrammarFailed
        }
    }

    async fn answer(script: Result<String, LlmError>) -> Result<Answered<String>, LlmError> {
        let llm = ScriptedLlm::new([script]);
        answer_turn(&Echo, Some(&llm), &mut |_| {}, &CancelFlag::default()).await
    }

    #[tokio::test]
    async fn the_model_answers_when_it_can() {
        let answered = answer(Ok("\"hi\"".into())).await.unwrap();
        assert_eq!(answered.reply, "hi");
        assert_eq!(answered.origin, ReplyOrigin::Model);
    }

    #[tokio::test]
    async fn without_a_model_the_guide_answers() {
        let answered = answer_turn(&Echo, None, &mut |_| {}, &CancelFlag::default())
            .await
            .unwrap();
        assert_eq!(answered.reply, "guide");
        assert_eq!(answered.origin, ReplyOrigin::Offline);
    }

    #[tokio::test]
    async fn a_crash_or_hang_mid_turn_is_answered_by_the_guide() {
        for failure in [LlmError::Crashed("abort".into()), LlmError::Timeout(30)] {
            let answered = answer(Err(failure)).await.unwrap();
            assert_eq!(answered.reply, "guide");
            assert_eq!(answered.origin, ReplyOrigin::AfterModelFailure);
            assert!(answered.origin.is_fallback());
        }
    }

    #[tokio::test]
    async fn a_cancel_or_an_error_the_loop_keeps_is_reported_not_replaced() {
        let err = answer(Err(LlmError::Cancelled)).await.unwrap_err();
        assert_eq!(err.code(), ErrorCode::ModelCancelled);
        let err = answer(Ok("not json".into())).await.unwrap_err();
        assert_eq!(err.code(), ErrorCode::ModelOutputInvalid);
    }

    #[tokio::test]
    async fn a_reply_the_loop_calls_broken_is_answered_by_the_guide() {
        let answered = answer(Err(LlmError::Grammar("bad".into()))).await.unwrap();
        assert_eq!(answered.reply, "guide");
        assert_eq!(answered.origin, ReplyOrigin::AfterBrokenReply);
        assert!(answered
            .failure
            .unwrap()
            .starts_with("model_grammar_failed"));
    }

    #[tokio::test]
    async fn a_stopped_turn_is_never_replaced_by_the_guide() {
        let llm = ScriptedLlm::new([Err(LlmError::Crashed("killed".into()))]);
        let cancel = CancelFlag::default();
        cancel.cancel();
        let outcome = answer_turn(&Echo, Some(&llm), &mut |_| {}, &cancel).await;
        assert!(outcome.is_err());
    }
}
