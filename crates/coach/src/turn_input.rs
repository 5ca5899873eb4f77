//! What a coach turn reads of the session: the step, the draft, the history and the
//! student's new message, with what the message confirms or asks for.

use super::reading::{message_kind, message_weakness, offered_text, MessageKind};
use super::rules::RuleContext;
use super::step_checks::is_strong_attempt;
use super::triggers::is_rewrite_request;
use super::{Language, ToulminDraft, ToulminStep};
use lantern_core::llm::ChatMessage;
use lantern_core::turn::CleanInput;

/// Everything a turn needs to know about the session.
#[derive(Debug, Clone, PartialEq)]
pub struct CoachTurnInput {
    /// The step being worked on.
    pub current_step: ToulminStep,
    /// The draft as saved.
    pub draft: ToulminDraft,
    /// The messages before the new one, oldest first; the prompt keeps the last
    /// [`MAX_HISTORY_MESSAGES`](super::prompt::MAX_HISTORY_MESSAGES).
    pub history: Vec<ChatMessage>,
    /// The student's new message, cleaned once on its way in (by the command that sent
    /// it, or when a saved message is answered again).
    pub user_message: CleanInput,
    /// The student's earlier messages in the current step, oldest first.
    pub earlier_in_step: Vec<String>,
    /// Whether the new message is the student's first in the current step.
    pub first_turn_for_step: bool,
    /// The language the reply is written in: the student's message's when it is clearly
    /// in one ("espera, ¿qué es una garantía?" in an English session), else the session's.
    pub language: Language,
    /// The proposal last shown and not yet accepted or rejected.
    pub last_proposal: Option<String>,
}

impl CoachTurnInput {
    /// Whether the new message asks for a rewrite.
    pub fn rewrite_requested(&self) -> bool {
        is_rewrite_request(&self.user_message)
    }

    /// What the rules need to know about this turn, with the `confirmed` text, the
    /// text the message `offered` and the app's `rewritten` text.
    pub fn rule_context<'a>(
        &'a self,
        confirmed: Option<&'a str>,
        offered: Option<&'a str>,
        rewritten: Option<&'a str>,
    ) -> RuleContext<'a> {
        RuleContext {
            current_step: self.current_step,
            draft: &self.draft,
            first_turn_for_step: self.first_turn_for_step,
            rewrite_requested: self.rewrite_requested(),
            confirmed_text: confirmed,
            offered_text: offered,
            strong_offer: offered.filter(|t| {
                message_weakness(self.current_step, &self.user_message).is_none()
                    && is_strong_attempt(self.current_step, t)
            }),
            rewritten_text: rewritten,
        }
    }

    /// When the new message is a confirmation, the text confirmed: the last proposal,
    /// else the draft's text for the step, else the text the student's latest earlier
    /// message in the step offered (a claim without its mixed-in reason, say).
    pub fn confirmed_text(&self) -> Option<String> {
        // Read as the message reads as a whole: a goodbye holding "that's it" confirms
        // nothing.
        if message_kind(&self.user_message) != MessageKind::Confirmation {
            return None;
        }
        self.text_a_yes_takes()
    }

    /// The text a yes would take now: the last proposal, else the draft's text for the
    /// step, else the text the student's latest earlier message in the step offered.
    pub fn text_a_yes_takes(&self) -> Option<String> {
        let step = self.current_step;
        self.last_proposal
            .as_deref()
            .filter(|t| !t.trim().is_empty())
            .or_else(|| Some(self.draft.get(step)).filter(|t| !t.trim().is_empty()))
            .map(str::to_string)
            .or_else(|| {
                self.earlier_in_step
                    .iter()
                    .rev()
                    .find_map(|m| offered_text(step, m))
            })
    }
}
