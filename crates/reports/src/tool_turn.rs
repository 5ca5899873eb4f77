//! The model's side of a report turn: the tool loop, its grammar narrowed to the
//! request's focus, each change checked and saved for review as it is made. What the
//! loop ends with decides the reply: the app's confirmation of the changes (with the
//! model's own words when they pass the filter), or the model's answer to a question.
//! A loop that crashed, or gave nothing usable, leaves the app's answer for
//! [`LoopTurn::offline`](lantern_core::turn::LoopTurn::offline) and returns the error
//! `answer_turn` reads.

use super::answer_quote::{quote_words, states_only_the_quote, Quoted};
use super::command_turn::shorten_by_app;
use super::confirm::confirmation;
use super::contract::Report;
use super::error::ReportError;
use super::focus::{focus, wants_shorter, Focus};
use super::host::{call_progress, ReportHost};
use super::offline::{new_section_dropped, rewrite_failed_message};
use super::outcome::{ReportTurnOutcome, TurnEnd};
use super::ports::ReportProgress;
use super::prompt::{build_request, PromptInput};
use super::references::find_references;
use super::reply_words::{clip, is_question, kept_words, reply_filter};
use super::rule_gate::needs_specs;
use super::tools::ToolChoice;
use super::turn::{ReportTurn, MAX_STEPS};
use lantern_core::language::Language;
use lantern_core::llm::tools::{run_tool_loop, LoopEnd, ToolCall};
use lantern_core::llm::{CancelFlag, Llm, LlmError};
use lantern_core::text::normalize::normalize;
use lantern_core::text::tidy::sentences;
use lantern_core::turn::falls_back;
use lantern_core::Coded;

/// Fewest words of a model's final message that answers without changing anything.
const MIN_REPLY_WORDS: usize = 3;

impl ReportTurn<'_> {
    /// Runs the model's tool loop. Its changes stand however it ends; a stop after a
    /// change is no error. A crash or hang is the model's error, anything else unusable
    /// the loop's `BrokenReply`; either way the app's answer waits in `after_model`.
    pub(crate) async fn ask_model(
        &self,
        llm: &dyn Llm,
        cancel: &CancelFlag,
    ) -> Result<ReportTurnOutcome, ReportError> {
        let message = self.input.message.as_str();
        let language = self.language();
        let report = &self.input.report;
        let references = find_references(report, message);
        // A question is never a rewrite, whatever words it uses ("how long is there to
        // fix the gutters?").
        let focus = match &self.named {
            Some(id) => Focus::Body(id.clone()),
            None if is_question(message) => Focus::Open,
            None => focus(message, &references),
        };
        // A question's answer changes nothing: only the tools that read are offered.
        let choice = ToolChoice {
            specs: self.input.has_specs && needs_specs(message),
            actions: !is_question(message),
        };
        // The app searches the specifications itself when the gate grants them, so a
        // small model finds the passages in its prompt instead of having to ask.
        let specs = if choice.specs {
            self.progress(ReportProgress {
                step: "searching".into(),
                section: None,
            });
            self.ports.search_specs(message).await?
        } else {
            Vec::new()
        };
        let request = build_request(&PromptInput {
            report,
            message,
            references: &references,
            focus: &focus,
            rejected: &self.input.rejected,
            specs: &specs,
            language,
        });
        let mut words = reply_filter(
            report,
            &specs,
            message,
            &request.system,
            &self.history,
            language,
        );
        let mut host = ReportHost::new(
            report.clone(),
            self.ports,
            choice,
            focus.clone(),
            language,
            message,
        );
        self.progress(ReportProgress {
            step: "thinking".into(),
            section: None,
        });
        let mut on_call = |call: &ToolCall| self.progress(call_progress(report, call));
        let looped = run_tool_loop(llm, request, &mut host, MAX_STEPS, &mut on_call, cancel).await;
        let changed = !host.change_ids.is_empty();
        let host_refusal = host.refusal.take();
        let leaked = host.leaked.take();
        let refused = std::mem::take(&mut host.refused);
        let confirm = confirmation(&host.described, language);
        let mut done = ReportTurnOutcome::by_app(confirm, TurnEnd::Reply, host.report, language);
        done.model_words = Some(false);
        done.change_ids = host.change_ids;
        done.searched_specs = choice.specs
            || looped
                .steps
                .iter()
                .any(|s| s.call.tool == "search_project_specs");
        done.steps = looped.steps;
        let mut unusable = None;
        match looped.end {
            _ if cancel.is_cancelled() && !changed => {
                return Err(ReportError::Model(LlmError::Cancelled))
            }
            _ if cancel.is_cancelled() => done.end = TurnEnd::Stopped,
            // Words without a change answer a question about the report, or nothing: a
            // request that changed nothing is told so by the app, never by words that
            // read like success.
            LoopEnd::Reply(text) if !changed && focus == Focus::Open && is_question(message) => {
                let kept = kept_words(&mut words, &text, &mut done.dropped);
                let quoted = self.answer(report);
                if let Some((reply, own)) = answered(report, &kept, quoted.as_ref(), language) {
                    done.reply = reply;
                    done.model_words = Some(true);
                    done.model_text = Some(own);
                } else {
                    done.end = TurnEnd::ModelFailed;
                    done.failure = Some(format!("unusable answer: {}", clip(&text)));
                    unusable = Some(broken(&done));
                }
            }
            LoopEnd::Reply(text) if !changed => {
                done.end = TurnEnd::ModelFailed;
                done.failure = Some(format!("no change, only: {}", clip(&text)));
                unusable = Some(broken(&done));
            }
            // The model's own words after its change, when they pass the filter.
            LoopEnd::Reply(text) => {
                let kept = kept_words(&mut words, &text, &mut done.dropped);
                if kept.split_whitespace().count() >= MIN_REPLY_WORDS {
                    done.reply = format!("{} {kept}", done.reply);
                    done.model_words = Some(true);
                    done.model_text = Some(kept);
                }
            }
            LoopEnd::StepLimit => {
                done.end = TurnEnd::StepLimit;
                unusable = Some(broken(&done));
            }
            LoopEnd::RepeatedCall => {
                done.end = TurnEnd::RepeatedCall;
                unusable = Some(broken(&done));
            }
            LoopEnd::ModelFailed(e) => {
                done.end = TurnEnd::ModelFailed;
                done.failure = Some(format!("{}: {e}", e.code().as_str()));
                // A crash or hang stays the model's error (the worker restarts); any
                // other failure is output the loop cannot use.
                unusable = Some(if falls_back(e.code()) {
                    ReportError::Model(e)
                } else {
                    broken(&done)
                });
            }
        }
        if !refused.is_empty() && !changed {
            let failure = done
                .failure
                .take()
                .unwrap_or_else(|| done.end.as_str().into());
            done.failure = Some(format!("{failure}; refused: {}", refused.join(" | ")));
        }
        let Some(error) = unusable else {
            return Ok(done);
        };
        if !changed {
            done = match &focus {
                Focus::Body(id) if wants_shorter(message) => {
                    let on_progress = |p: ReportProgress| self.progress(p);
                    shorten_by_app(done, id, message, self.ports, &on_progress).await?
                }
                Focus::Body(id) | Focus::Title(id) | Focus::Append(id) => {
                    let why = host_refusal.as_deref();
                    done.reply = rewrite_failed_message(&done.report, id, why, language);
                    done
                }
                // A proposal dropped for carrying the app's own instructions is said so.
                Focus::Open => {
                    done.reply = match (leaked, host_refusal.as_deref()) {
                        (Some(Some(id)), Some(why)) => {
                            rewrite_failed_message(&done.report, &id, Some(why), language)
                        }
                        (Some(None), Some(why)) => new_section_dropped(why, language),
                        _ => self.help(&done.report),
                    };
                    done
                }
            };
        }
        if let Ok(mut after) = self.after_model.lock() {
            *after = Some(done);
        }
        Err(error)
    }
}

/// A question's answer: the model's first sentence that passed the filter, followed by
/// the report's statement that answers the question quoted with its section — the
/// sentence only when every number and letter it states is the quote's (and not when it
/// only says the quote again); with no quote,
/// the model's sentences that passed. With the reply, the model's own words in it;
/// `None` when nothing usable is left.
fn answered(
    report: &Report,
    kept: &str,
    quoted: Option<&Quoted>,
    language: Language,
) -> Option<(String, String)> {
    let enough = |s: &str| s.split_whitespace().count() >= MIN_REPLY_WORDS;
    let Some(quoted) = quoted else {
        return enough(kept).then(|| (kept.to_string(), kept.to_string()));
    };
    let first = sentences(kept).into_iter().next().filter(|s| enough(s))?;
    let first = first.trim();
    let quote = quote_words(report, quoted, language);
    if normalize(first) == normalize(&quoted.text) {
        return Some((quote, first.to_string()));
    }
    states_only_the_quote(first, quoted).then(|| (format!("{first} {quote}"), first.to_string()))
}

/// The loop's error for a turn that ended with nothing usable, saying how it ended.
fn broken(done: &ReportTurnOutcome) -> ReportError {
    let how = done.failure.as_deref().unwrap_or(done.end.as_str());
    ReportError::BrokenReply(how.to_string())
}
