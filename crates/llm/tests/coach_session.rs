//! A whole coach session with the real default model in the real worker: every turn
//! is answered (the model's words that pass the reply filter, or the guide's), what
//! streamed stays in the reply, and the argument reaches completion through accepted
//! proposals or the student's own text.

use lantern_coach::{
    accept_proposal, advance_step, combined_text, CoachTurnInput, Language, ToulminDraft,
    ToulminStep,
};
use lantern_core::llm::{CancelFlag, ChatMessage, ChatRole};
use lantern_core::turn::answer_turn;

mod common;
use common::{default_model_path, supervisor_for};

/// What a student might write at each step.
fn student_text(step: ToulminStep) -> &'static str {
    match step {
        ToulminStep::Claim => "My claim is that schools should not set homework on weekends.",
        ToulminStep::Grounds => {
            "In our class survey, 21 of 28 students said weekend homework left them tired on Monday."
        }
        ToulminStep::Warrant => "Tired students learn less, so homework that costs rest hurts learning.",
        ToulminStep::GroundsBacking => {
            "Our teacher ran the survey anonymously in March with every student of the class."
        }
        ToulminStep::WarrantBacking => {
            "Sleep research from several universities links rest to better memory and attention."
        }
        ToulminStep::Qualifier => "In most cases",
        ToulminStep::Rebuttal => "Unless the weekend homework is short optional reading that students enjoy.",
    }
}

#[tokio::test]
async fn a_session_goes_through_all_seven_steps_to_completion() {
    let llm = supervisor_for(default_model_path());
    let mut draft = ToulminDraft::default();
    let mut history: Vec<ChatMessage> = Vec::new();
    let mut step = ToulminStep::Claim;
    let mut complete = false;
    let mut accepted = 0;
    while !complete {
        let text = student_text(step);
        let mut earlier = Vec::new();
        let mut last_proposal = None;
        // The student writes their text, then confirms it.
        for (turn, message) in [text, "Yes, use that."].into_iter().enumerate() {
            let input = CoachTurnInput {
                current_step: step,
                draft: draft.clone(),
                history: history.clone(),
                user_message: lantern_coach::clean_message(message).expect("a clean message"),
                earlier_in_step: earlier.clone(),
                first_turn_for_step: turn == 0,
                language: Language::En,
                last_proposal: last_proposal.clone(),
            };
            let mut streamed = String::new();
            let answered = answer_turn(
                &input,
                Some(&llm),
                &mut |t| streamed.push_str(t),
                &CancelFlag::default(),
            )
            .await
            .unwrap_or_else(|e| panic!("turn at {step:?} ({message}): {e}"));
            // Only the model's sentences that pass the filter stream; they stay in the
            // reply, which ends with one question.
            let reply = answered.reply;
            let display_text = combined_text(&reply);
            assert_eq!(reply.step, step);
            let shown = display_text.trim_end();
            for sentence in streamed.split_inclusive(['.', '!']) {
                assert!(
                    shown.contains(sentence.trim()),
                    "{sentence:?} streamed, not in {shown}"
                );
            }
            assert!(
                shown.ends_with('?') && shown.matches('?').count() == 1,
                "one guiding question at the end: {shown}"
            );
            history.push(ChatMessage {
                role: ChatRole::User,
                content: message.to_string(),
            });
            history.push(ChatMessage {
                role: ChatRole::Assistant,
                content: display_text,
            });
            earlier.push(message.to_string());
            last_proposal = reply.proposed_update.as_ref().map(|p| p.value.clone());
            if let Some(proposal) = reply.proposed_update {
                assert_eq!(proposal.field, step, "proposals are for the current step");
            }
        }
        // A confirmation always leaves a proposal to accept (the model's or the text
        // confirmed); when it does not fit the step, the student's own text is used.
        let proposal_fits = last_proposal
            .as_deref()
            .is_some_and(|p| advance_step(step, &with(step, p), Language::En).is_ok());
        let outcome = if proposal_fits {
            accepted += 1;
            let proposal = lantern_coach::ProposedUpdate {
                field: step,
                value: last_proposal.unwrap_or_default(),
                rationale: String::new(),
            };
            accept_proposal(step, &mut draft, &proposal).expect("accept")
        } else {
            draft.set(step, text);
            advance_step(step, &draft, Language::En).expect("the student's text fits")
        };
        complete = outcome.is_complete;
        if let Some(next) = outcome.next_step {
            step = next;
        }
        let keep_from = history.len().saturating_sub(6);
        history.drain(..keep_from);
    }
    assert!(
        ToulminStep::ALL.iter().all(|s| draft.is_filled(*s)),
        "{draft:?}"
    );
    assert!(accepted > 0, "at least one proposal was accepted");
}

fn with(step: ToulminStep, text: &str) -> ToulminDraft {
    let mut draft = ToulminDraft::default();
    draft.set(step, text);
    draft
}
