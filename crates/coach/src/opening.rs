//! A step's opening once the previous step is completed (an accepted proposal, or the
//! student's own text): a coach turn about the argument so far. The model says it in a
//! sentence or two, through the reply filter; when there is no model or none of its
//! words pass, the guide quotes the text just completed. The step's question follows.

use super::contract::MAX_ASSISTANT_TEXT;
use super::filter::{guidance_texts, said_texts_of, COACH_TALK};
use super::input::chat_message;
use super::prompt::{build_request, instruction_texts, OPENING_HINT, PROMPT_LABELS};
use super::reading::{capitalized, without_lead_in};
use super::step_checks::opens_with_objection;
use super::words::opening_question;
use super::words::step_name;
use super::words::{bridge, objection_kept, saved_line};
use super::{clean_message, CoachTurnInput, SessionView};
use super::{CoachAIResult, CoachError, Language, ToulminDraft, ToulminStep};
use lantern_core::llm::{
    generate_streaming, BoxFuture, CancelFlag, ChatMessage, ChatRole, DeltaSink, Llm, LlmRequest,
};
use lantern_core::text::normalize::{has_phrase, normalize};
use lantern_core::text::support::ReplyFilter;
use lantern_core::text::terms::{content_terms, term_keys};
use lantern_core::text::tidy::sentences;
use lantern_core::turn::LoopTurn;
use lantern_core::ErrorCode;

/// What opening a step needs to know.
#[derive(Debug, Clone, PartialEq)]
pub struct CoachOpening {
    /// The step just completed.
    pub done: ToulminStep,
    /// The step being opened.
    pub step: ToulminStep,
    /// The draft with the completed step saved.
    pub draft: ToulminDraft,
    /// The session's language.
    pub language: Language,
    /// The conversation so far, oldest first.
    pub history: Vec<ChatMessage>,
}

impl CoachOpening {
    /// The opening of `next` in a saved session whose step was completed into `draft`.
    pub fn for_session(session: SessionView<'_>, draft: ToulminDraft, next: ToulminStep) -> Self {
        Self {
            done: session.current_step,
            step: next,
            draft,
            language: session.language,
            history: session.messages.iter().map(chat_message).collect(),
        }
    }

    /// The text of the step just completed.
    pub fn completed_text(&self) -> &str {
        self.draft.get(self.done).trim()
    }

    /// The filter the model's words pass: the draft's words count wherever they stand,
    /// other terms need a passage of the new step's guidance; nothing copied from the
    /// prompt, nothing said before.
    fn filter(&self) -> ReplyFilter {
        let student: Vec<&str> = ToulminStep::ALL
            .into_iter()
            .filter(|s| self.draft.is_filled(*s))
            .map(|s| self.draft.get(s))
            .collect();
        let material = guidance_texts(self.step, self.language);
        let material: Vec<&str> = material.iter().map(String::as_str).collect();
        let instructions = instruction_texts(self.step);
        let instructions: Vec<&str> = instructions.iter().map(String::as_str).collect();
        ReplyFilter::new(Some(self.language), &material, &student.join("\n"))
            .with_instructions(&instructions)
            .with_labels(PROMPT_LABELS)
            .with_topic(&[COACH_TALK.as_str()])
            .with_said(&said_texts_of(&self.history))
    }

    /// The terms of `sentence` found only in the texts of parts it does not name: a
    /// sentence naming a step besides the claim ("El matizador dice que…") may not take
    /// a term from another part's text that neither the named parts nor the claim hold
    /// ("…el 80 % de los alumnos…", the grounds' figure, given to the qualifier). Empty
    /// when it credits each part it names rightly, or names none.
    fn terms_of_other_parts(&self, sentence: &str) -> Vec<String> {
        let plain = normalize(sentence);
        let filled: Vec<ToulminStep> = ToulminStep::ALL
            .into_iter()
            .filter(|s| self.draft.is_filled(*s))
            .collect();
        let names = |s: &ToulminStep| has_phrase(&plain, &normalize(&step_name(*s, self.language)));
        if !filled.iter().any(|s| *s != ToulminStep::Claim && names(s)) {
            return Vec::new();
        }
        let (named, others): (Vec<ToulminStep>, Vec<ToulminStep>) = filled
            .into_iter()
            .partition(|s| *s == ToulminStep::Claim || names(s));
        let text_of = |steps: &[ToulminStep]| {
            let texts: Vec<&str> = steps.iter().map(|s| self.draft.get(*s)).collect();
            term_keys(&texts.join("\n"))
        };
        let (own, elsewhere) = (text_of(&named), text_of(&others));
        content_terms(sentence)
            .into_iter()
            .filter(|t| t.in_keys(&elsewhere) && !t.in_keys(&own))
            .map(|t| t.word)
            .collect()
    }

    /// The other side's view the student gave at an earlier step ("shop owners say
    /// they…"), kept for the rebuttal: the latest, at the rebuttal's opening only.
    fn kept_objection(&self) -> Option<String> {
        if self.step != ToulminStep::Rebuttal {
            return None;
        }
        self.history
            .iter()
            .rev()
            .filter(|m| m.role == ChatRole::User)
            .map(|m| without_lead_in(&m.content))
            .find(|t| opens_with_objection(&normalize(t)))
            .map(|t| capitalized(t.trim().trim_end_matches(['.', '!'])))
    }

    /// The opening with `text` before the step's question, and the other side's view
    /// kept for the rebuttal when it fits.
    fn reply(&self, text: String) -> CoachAIResult {
        let kept = self
            .kept_objection()
            .map(|o| format!("{text} {}", objection_kept(&o, self.language)))
            .filter(|t| t.chars().count() <= MAX_ASSISTANT_TEXT);
        let mut reply = CoachAIResult::message(self.step, kept.unwrap_or(text));
        reply.next_question = Some(opening_question(self.step, self.language));
        reply
    }

    /// The model's statements (questions aside) that pass the filter, or an empty
    /// response when none does.
    fn checked(&self, raw: &CoachAIResult) -> Result<CoachAIResult, CoachError> {
        let statements: Vec<&str> = sentences(&raw.assistant_text)
            .into_iter()
            .filter(|s| !s.contains('?'))
            .collect();
        let mut kept = self.filter().filter(&statements.join(" "));
        for (sentence, why) in &kept.dropped {
            tracing::info!(
                check = why.check(),
                "coach opening: dropped {sentence:?} ({why:?})"
            );
        }
        kept.kept.retain(|sentence| {
            let others = self.terms_of_other_parts(sentence);
            if !others.is_empty() {
                tracing::info!(
                    "coach opening: dropped {sentence:?} (credits a part with {others:?})"
                );
            }
            others.is_empty()
        });
        if kept.kept.is_empty() {
            return Err(CoachError::EmptyResponse);
        }
        Ok(self.reply(kept.text()))
    }
}

/// An opening in the shared pipeline: the model through the filter, or the guide.
impl LoopTurn for CoachOpening {
    type Reply = CoachAIResult;
    type Error = CoachError;

    fn ask<'a>(
        &'a self,
        llm: &'a dyn Llm,
        on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<CoachAIResult, CoachError>> {
        Box::pin(async move {
            // The words are shown once checked, with the saved step; nothing streams.
            let _ = on_text;
            let request = opening_request(self)?;
            let raw: CoachAIResult = generate_streaming(llm, &request, &mut |_| {}, cancel).await?;
            self.checked(&raw)
        })
    }

    /// The text just completed, quoted — or, when the coach quoted it already, what the
    /// new step adds to the argument so far.
    fn offline(&self) -> Result<CoachAIResult, CoachError> {
        let completed = normalize(self.completed_text());
        let just_quoted = said_texts_of(&self.history)
            .iter()
            .any(|said| !completed.is_empty() && normalize(said).contains(&completed));
        let text = if just_quoted {
            bridge(self.step, self.draft.get(ToulminStep::Claim), self.language)
        } else {
            saved_line(self.done, self.completed_text(), self.language)
        };
        Ok(self.reply(text))
    }

    fn is_broken_reply(&self, code: ErrorCode) -> bool {
        matches!(
            code,
            ErrorCode::CoachValidationFailed
                | ErrorCode::CoachEmptyResponse
                | ErrorCode::ModelOutputInvalid
        )
    }
}

/// The model request that opens a step: the instructions for the new step with the
/// argument so far, the latest history, and the text just completed as the student's
/// message (a draft text, cleaned as a message is: never empty once completed, and no
/// longer than a message may be).
pub fn opening_request(opening: &CoachOpening) -> Result<LlmRequest, CoachError> {
    let input = CoachTurnInput {
        current_step: opening.step,
        draft: opening.draft.clone(),
        history: opening.history.clone(),
        user_message: clean_message(opening.completed_text())?,
        earlier_in_step: Vec::new(),
        first_turn_for_step: false,
        language: opening.language,
        last_proposal: None,
    };
    let mut request = build_request(&input);
    request.system.push_str("\nNote: ");
    request.system.push_str(OPENING_HINT);
    Ok(request)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combined_text;
    use lantern_core::llm::ScriptedLlm;
    use lantern_core::turn::{answer_turn, ReplyOrigin};

    fn opening() -> CoachOpening {
        let mut draft = ToulminDraft::default();
        draft.set(ToulminStep::Claim, "Zoos should stop keeping elephants.");
        CoachOpening {
            done: ToulminStep::Claim,
            step: ToulminStep::Grounds,
            draft,
            language: Language::En,
            history: Vec::new(),
        }
    }

    async fn opened(reply: &str) -> (String, ReplyOrigin) {
        let llm = ScriptedLlm::new([Ok(reply.to_string())]);
        let done = answer_turn(&opening(), Some(&llm), &mut |_| {}, &CancelFlag::default())
            .await
            .unwrap();
        (combined_text(&done.reply), done.origin)
    }

    #[test]
    fn the_other_sides_view_given_earlier_is_recalled_at_the_rebuttal() {
        let mut rebuttal = opening();
        rebuttal.done = ToulminStep::Qualifier;
        rebuttal.step = ToulminStep::Rebuttal;
        rebuttal.history = vec![ChatMessage {
            role: ChatRole::User,
            content: "shop owners say they would lose customers".into(),
        }];
        let shown = combined_text(&rebuttal.offline().unwrap());
        assert!(
            shown.contains("other side's view, \"Shop owners say they would lose customers\""),
            "{shown}"
        );
        let mut grounds = opening();
        grounds.history = rebuttal.history.clone();
        assert!(!combined_text(&grounds.offline().unwrap()).contains("other side"));
    }

    #[tokio::test]
    async fn the_model_speaks_about_the_argument_when_its_words_pass() {
        let (shown, origin) = opened(
            r#"{"assistantText":"Your claim is that zoos should stop keeping elephants. What do you think?","step":"grounds"}"#,
        )
        .await;
        assert_eq!(origin, ReplyOrigin::Model);
        assert_eq!(
            shown,
            format!(
                "Your claim is that zoos should stop keeping elephants.\n\n{}",
                opening_question(ToulminStep::Grounds, Language::En)
            )
        );
    }

    #[test]
    fn a_sentence_crediting_one_part_with_anothers_facts_is_dropped() {
        let mut rebuttal = opening();
        rebuttal.language = Language::Es;
        rebuttal.done = ToulminStep::Qualifier;
        rebuttal.step = ToulminStep::Rebuttal;
        let draft = &mut rebuttal.draft;
        draft.set(
            ToulminStep::Claim,
            "Habría que prohibir los móviles en el recreo.",
        );
        draft.set(
            ToulminStep::Grounds,
            "En mi instituto el 80 % de los alumnos pasa el recreo con el móvil.",
        );
        draft.set(ToulminStep::Qualifier, "En casi todos los institutos.");
        let mixed = "El matizador dice que en casi todos los institutos, el 80 % de los alumnos pasa el recreo con el móvil.";
        assert!(!rebuttal.terms_of_other_parts(mixed).is_empty());
        let right = "El matizador dice que tu tesis vale en casi todos los institutos.";
        assert_eq!(rebuttal.terms_of_other_parts(right), Vec::<String>::new());
        let no_part_named = "En tu instituto el 80 % de los alumnos pasa el recreo con el móvil.";
        assert!(rebuttal.terms_of_other_parts(no_part_named).is_empty());
    }

    #[test]
    fn a_completed_text_the_session_just_quoted_is_not_quoted_again() {
        let mut quoted = opening();
        quoted.history = vec![ChatMessage {
            role: lantern_core::llm::ChatRole::Assistant,
            content: "Is \"Zoos should stop keeping elephants\" the claim you want to keep?".into(),
        }];
        let reply = quoted.offline().unwrap();
        assert_eq!(
            reply.assistant_text,
            "A claim like yours convinces only with evidence a reader can check."
        );
        // Later steps carry the claim itself into the new step.
        quoted.done = ToulminStep::Grounds;
        quoted.step = ToulminStep::Warrant;
        quoted.draft.grounds = "Elephants walk 50 km a day in the wild.".into();
        quoted.history[0].content =
            "Accept it below to save \"Elephants walk 50 km a day in the wild\".".into();
        let reply = quoted.offline().unwrap();
        assert!(
            reply
                .assistant_text
                .contains("\"Zoos should stop keeping elephants\""),
            "{}",
            reply.assistant_text
        );
    }

    #[tokio::test]
    async fn filler_gives_way_to_the_guide_quoting_the_completed_text() {
        let (shown, origin) = opened(
            r#"{"assistantText":"Thank you for your time and assistance.","step":"grounds"}"#,
        )
        .await;
        assert_eq!(origin, ReplyOrigin::AfterBrokenReply);
        assert!(
            shown.starts_with("Your claim now reads: \"Zoos should stop keeping elephants\"."),
            "{shown}"
        );
    }
}
