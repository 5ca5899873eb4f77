//! The server-side rules of spec 000, each a pure function, applied in the spec's order
//! by [`apply_rules`] to whatever the model answered.

use super::contract::{MAX_ASSISTANT_TEXT, MAX_NEXT_QUESTION, MAX_PROPOSAL_VALUE, MAX_RATIONALE};
use super::reading::{capitalized, without_lead_in};
use super::step_checks::{passes_step_heuristics, repeats_grounds};
use super::{CoachAIResult, CoachError, ProposedUpdate, ToulminDraft, ToulminStep};
use lantern_core::text::tidy::{strip_unsafe_chars, tidy_reply};

/// Confidence a first-turn proposal needs to be kept (rule 3).
pub const FIRST_TURN_MIN_CONFIDENCE: f64 = 0.8;
/// Confidence the app gives a strong first attempt it proposes (rule 3f; spec 000,
/// trigger 4: at least 0.8).
pub const STRONG_FIRST_CONFIDENCE: f64 = 0.85;
/// Confidence an advance needs (rule 4).
pub const ADVANCE_MIN_CONFIDENCE: f64 = 0.6;

/// What the rules need to know about the session.
#[derive(Debug, Clone, Copy)]
pub struct RuleContext<'a> {
    /// The session's current step.
    pub current_step: ToulminStep,
    /// The draft as saved.
    pub draft: &'a ToulminDraft,
    /// Whether this is the student's first message in the current step.
    pub first_turn_for_step: bool,
    /// Whether the student asked for a rewrite.
    pub rewrite_requested: bool,
    /// The text the student confirmed, when their message was a confirmation.
    pub confirmed_text: Option<&'a str>,
    /// The text the student's message offers for the step, when it passes the step's
    /// checks ([`offered_text`](super::reading::offered_text)).
    pub offered_text: Option<&'a str>,
    /// The offered text when it is a strong attempt
    /// ([`is_strong_attempt`](super::step_checks::is_strong_attempt)) and nothing in the
    /// message is weak (no reason mixed into a claim): proposed even on a first message.
    pub strong_offer: Option<&'a str>,
    /// The app's rewrite of the student's text, when they asked for one
    /// ([`CoachTurnInput::rewritten_text`](super::CoachTurnInput::rewritten_text)).
    pub rewritten_text: Option<&'a str>,
}

/// Rule 1, step coercion: `step` and the proposal's `field` become the current step.
pub fn coerce_step(mut result: CoachAIResult, current: ToulminStep) -> CoachAIResult {
    result.step = current;
    if let Some(proposal) = &mut result.proposed_update {
        proposal.field = current;
    }
    result
}

/// Rule 2, empty-value removal: a proposal whose value is blank is dropped (others
/// are trimmed, and lose a conversational lead-in the model copied: "Well, cities…"
/// becomes "Cities…").
pub fn strip_empty_proposal(mut result: CoachAIResult) -> CoachAIResult {
    result.proposed_update = result.proposed_update.and_then(|mut p| {
        p.value = capitalized(without_lead_in(&p.value));
        (!p.value.is_empty()).then_some(p)
    });
    result
}

/// Rule 3, first-turn bias: on the student's first message in a step, a proposal with
/// confidence below 0.8 (or none) is dropped, unless they asked for a rewrite.
pub fn apply_first_turn_bias(mut result: CoachAIResult, ctx: &RuleContext) -> CoachAIResult {
    if ctx.first_turn_for_step
        && !ctx.rewrite_requested
        && result.confidence.unwrap_or(0.0) < FIRST_TURN_MIN_CONFIDENCE
    {
        result.proposed_update = None;
    }
    result
}

/// Rule 3b (Lantern): the spec says that when the student confirms, the reply *must*
/// carry the confirmed text as a proposal. Small models forget; the text they
/// confirmed is then proposed by the app itself.
pub fn propose_confirmed_text(mut result: CoachAIResult, ctx: &RuleContext) -> CoachAIResult {
    if result.proposed_update.is_none() {
        if let Some(text) = ctx.confirmed_text.map(str::trim).filter(|t| !t.is_empty()) {
            result.proposed_update = Some(ProposedUpdate {
                field: ctx.current_step,
                value: text.to_string(),
                rationale: String::new(),
            });
        }
    }
    result
}

/// Rule 3c (Lantern): a proposal the step's checks reject, that repeats another field
/// of the draft (a claim offered as the grounds), or a warrant that only repeats the
/// grounds, is dropped.
pub fn drop_unfit_proposal(mut result: CoachAIResult, ctx: &RuleContext) -> CoachAIResult {
    let unfit = result.proposed_update.as_ref().is_some_and(|p| {
        !passes_step_heuristics(ctx.current_step, &p.value)
            || ToulminStep::ALL.into_iter().any(|s| {
                s != ctx.current_step
                    && ctx.draft.is_filled(s)
                    && ctx.draft.get(s).trim().eq_ignore_ascii_case(p.value.trim())
            })
            || (ctx.current_step == ToulminStep::Warrant
                && repeats_grounds(
                    &p.value,
                    ctx.draft.get(ToulminStep::Grounds),
                    ctx.draft.get(ToulminStep::Claim),
                ))
    });
    if unfit {
        result.proposed_update = None;
    }
    result
}

/// Rule 3d (Lantern): when the student's message holds a good text for the step and the
/// first-turn rule allows a proposal (a later message in the step), that text is
/// proposed if the model proposed nothing.
pub fn propose_offered_text(mut result: CoachAIResult, ctx: &RuleContext) -> CoachAIResult {
    if result.proposed_update.is_none() && !ctx.first_turn_for_step {
        if let Some(text) = ctx.offered_text {
            result.proposed_update = Some(ProposedUpdate {
                field: ctx.current_step,
                value: text.to_string(),
                rationale: String::new(),
            });
        }
    }
    result
}

/// Rule 3e (Lantern): a rewrite request is answered with a proposal (spec 000, trigger
/// 2), also on a step's first message: when the model proposed nothing usable, the app's
/// rewrite of the student's text is proposed.
pub fn propose_rewritten_text(mut result: CoachAIResult, ctx: &RuleContext) -> CoachAIResult {
    if result.proposed_update.is_none() && ctx.rewrite_requested {
        if let Some(text) = ctx.rewritten_text {
            result.proposed_update = Some(ProposedUpdate {
                field: ctx.current_step,
                value: text.to_string(),
                rationale: String::new(),
            });
        }
    }
    result
}

/// Rule 3f (Lantern; spec 000, trigger 4): a strong first attempt is proposed directly.
/// On the student's first message in a step, when the model proposed nothing usable and
/// the message offers a text that passes the step's checks with nothing weak in it,
/// that text is proposed at [`STRONG_FIRST_CONFIDENCE`] instead of being asked about
/// ("Is X the claim you want to keep?") and proposed only after a yes.
pub fn propose_strong_first_attempt(mut result: CoachAIResult, ctx: &RuleContext) -> CoachAIResult {
    if result.proposed_update.is_none() && ctx.first_turn_for_step && !ctx.rewrite_requested {
        if let Some(text) = ctx.strong_offer {
            result.proposed_update = Some(ProposedUpdate {
                field: ctx.current_step,
                value: text.to_string(),
                rationale: String::new(),
            });
            result.confidence = Some(
                result
                    .confidence
                    .unwrap_or(0.0)
                    .max(STRONG_FIRST_CONFIDENCE),
            );
        }
    }
    result
}

/// Rule 4, shouldAdvance guards: an advance is dropped when there is no proposal and
/// the draft field is empty, when the text fails the step's checks, or when
/// confidence is below 0.6; on the rebuttal an advance becomes `isComplete`. A model's
/// own `isComplete` counts only on the rebuttal, and only through this rule; on any
/// other step it is dropped (it is not an advance).
pub fn guard_should_advance(mut result: CoachAIResult, ctx: &RuleContext) -> CoachAIResult {
    let completes = result.is_complete == Some(true) && ctx.current_step == ToulminStep::Rebuttal;
    let wants = result.should_advance == Some(true) || completes;
    result.should_advance = None;
    result.is_complete = None;
    if !wants {
        return result;
    }
    let text = match &result.proposed_update {
        Some(p) => p.value.as_str(),
        None => ctx.draft.get(ctx.current_step),
    };
    let allowed = !text.trim().is_empty()
        && passes_step_heuristics(ctx.current_step, text)
        && result.confidence.unwrap_or(0.0) >= ADVANCE_MIN_CONFIDENCE;
    if allowed {
        if ctx.current_step == ToulminStep::Rebuttal {
            result.is_complete = Some(true);
        } else {
            result.should_advance = Some(true);
        }
    }
    result
}

/// Rule 5, nextStep correction: `nextStep` is the step after the current one when
/// advancing, and absent otherwise.
pub fn correct_next_step(mut result: CoachAIResult, current: ToulminStep) -> CoachAIResult {
    result.next_step = if result.should_advance == Some(true) {
        current.next()
    } else {
        None
    };
    result
}

/// Rule 6, schema validation: text present, the current step everywhere, confidence a
/// number in [0, 1].
pub fn validate_result(result: &CoachAIResult, current: ToulminStep) -> Result<(), CoachError> {
    if result.assistant_text.trim().is_empty() {
        return Err(CoachError::EmptyResponse);
    }
    if result.step != current {
        return Err(CoachError::mismatch(current, result.step));
    }
    if let Some(p) = &result.proposed_update {
        if p.field != current {
            return Err(CoachError::mismatch(current, p.field));
        }
    }
    if let Some(c) = result.confidence {
        if !(0.0..=1.0).contains(&c) {
            return Err(CoachError::ValidationFailed(format!(
                "confidence {c} is outside 0..1"
            )));
        }
    }
    // The grammar bounds every text, but a reply may come from elsewhere (another
    // runtime, a scripted model, a future GGUF whose grammar support differs).
    let proposal = result.proposed_update.as_ref();
    let texts = [
        (
            "assistantText",
            Some(result.assistant_text.as_str()),
            MAX_ASSISTANT_TEXT,
        ),
        (
            "nextQuestion",
            result.next_question.as_deref(),
            MAX_NEXT_QUESTION,
        ),
        (
            "proposedUpdate.value",
            proposal.map(|p| p.value.as_str()),
            MAX_PROPOSAL_VALUE,
        ),
        (
            "proposedUpdate.rationale",
            proposal.map(|p| p.rationale.as_str()),
            MAX_RATIONALE,
        ),
    ];
    for (name, text, max) in texts {
        let length = text.map_or(0, |t| t.chars().count());
        if length > max {
            return Err(CoachError::ValidationFailed(format!(
                "{name} has {length} characters, more than {max}"
            )));
        }
    }
    Ok(())
}

/// Rule 7, question appending: the text saved and shown is `assistantText`, then the
/// `nextQuestion` after a blank line when there is one.
pub fn combined_text(result: &CoachAIResult) -> String {
    let text = result.assistant_text.trim();
    match result.next_question.as_deref().map(str::trim) {
        Some(question) if !question.is_empty() && !text.contains(question) => {
            format!("{text}\n\n{question}")
        }
        _ => text.to_string(),
    }
}

/// Rule 0 (Lantern): every text of the reply without control or bidirectional
/// formatting characters, and the reply's text without repeated sentences or an
/// unfinished tail (small models loop and stop at the length cap).
pub fn tidy_text(mut result: CoachAIResult) -> CoachAIResult {
    result.assistant_text = tidy_reply(&strip_unsafe_chars(&result.assistant_text));
    result.next_question = result.next_question.map(|q| strip_unsafe_chars(&q));
    if let Some(p) = result.proposed_update.as_mut() {
        p.value = strip_unsafe_chars(&p.value);
        p.rationale = strip_unsafe_chars(&p.rationale);
    }
    result
}

/// Rules 1–6 in the spec's order, after tidying the text, with Lantern's rules for
/// proposals (3b–3e) after the first-turn rule.
pub fn apply_rules(raw: CoachAIResult, ctx: &RuleContext) -> Result<CoachAIResult, CoachError> {
    let result = coerce_step(tidy_text(raw), ctx.current_step);
    let result = strip_empty_proposal(result);
    let result = apply_first_turn_bias(result, ctx);
    let result = drop_unfit_proposal(result, ctx);
    let result = propose_confirmed_text(result, ctx);
    let result = propose_offered_text(result, ctx);
    let result = propose_strong_first_attempt(result, ctx);
    let result = propose_rewritten_text(result, ctx);
    let result = guard_should_advance(result, ctx);
    let result = correct_next_step(result, ctx.current_step);
    validate_result(&result, ctx.current_step)?;
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ToulminStep::*;

    const CLAIM: &str = "Schools should not set homework on weekends.";

    fn reply(step: ToulminStep) -> CoachAIResult {
        CoachAIResult::message(step, "Good start. What evidence do you have?")
    }

    fn proposal(field: ToulminStep, value: &str) -> Option<ProposedUpdate> {
        Some(ProposedUpdate {
            field,
            value: value.into(),
            rationale: "clearer".into(),
        })
    }

    fn ctx(draft: &ToulminDraft) -> RuleContext<'_> {
        RuleContext {
            current_step: Claim,
            draft,
            first_turn_for_step: false,
            rewrite_requested: false,
            confirmed_text: None,
            offered_text: None,
            strong_offer: None,
            rewritten_text: None,
        }
    }

    #[test]
    fn a_strong_first_attempt_is_proposed_directly_and_a_weak_one_is_not() {
        let draft = ToulminDraft::default();
        let strong = RuleContext {
            first_turn_for_step: true,
            offered_text: Some(CLAIM),
            strong_offer: Some(CLAIM),
            ..ctx(&draft)
        };
        let r = apply_rules(reply(Claim), &strong).unwrap();
        assert_eq!(r.proposed_update.unwrap().value, CLAIM);
        assert!(r.confidence.unwrap() >= FIRST_TURN_MIN_CONFIDENCE);
        let weak = RuleContext {
            strong_offer: None,
            ..strong
        };
        assert_eq!(
            apply_rules(reply(Claim), &weak).unwrap().proposed_update,
            None
        );
        let rewrite = RuleContext {
            rewrite_requested: true,
            ..strong
        };
        assert_eq!(
            propose_strong_first_attempt(reply(Claim), &rewrite).proposed_update,
            None,
            "a rewrite asked for is proposed by its own rule"
        );
    }

    #[test]
    fn step_coercion_forces_the_current_step_on_step_and_field() {
        let mut r = reply(Warrant);
        r.proposed_update = proposal(Grounds, CLAIM);
        let r = coerce_step(r, Claim);
        assert_eq!(r.step, Claim);
        assert_eq!(r.proposed_update.unwrap().field, Claim);
    }

    #[test]
    fn empty_value_removal_drops_blank_proposals_and_trims_others() {
        let mut r = reply(Claim);
        r.proposed_update = proposal(Claim, "   ");
        assert_eq!(strip_empty_proposal(r.clone()).proposed_update, None);
        r.proposed_update = proposal(Claim, "  A claim.  ");
        assert_eq!(
            strip_empty_proposal(r.clone())
                .proposed_update
                .unwrap()
                .value,
            "A claim."
        );
        r.proposed_update = proposal(Claim, "well, cities should ban cars.");
        assert_eq!(
            strip_empty_proposal(r).proposed_update.unwrap().value,
            "Cities should ban cars."
        );
    }

    #[test]
    fn first_turn_bias_strips_unsure_proposals_unless_a_rewrite_was_asked() {
        let draft = ToulminDraft::default();
        let first = RuleContext {
            first_turn_for_step: true,
            ..ctx(&draft)
        };
        let mut r = reply(Claim);
        r.proposed_update = proposal(Claim, CLAIM);
        r.confidence = Some(0.7);
        assert_eq!(
            apply_first_turn_bias(r.clone(), &first).proposed_update,
            None
        );
        let rewrite = RuleContext {
            rewrite_requested: true,
            ..first
        };
        assert!(apply_first_turn_bias(r.clone(), &rewrite)
            .proposed_update
            .is_some());
        r.confidence = Some(0.85);
        assert!(apply_first_turn_bias(r.clone(), &first)
            .proposed_update
            .is_some());
        r.confidence = None;
        assert_eq!(
            apply_first_turn_bias(r.clone(), &first).proposed_update,
            None
        );
        r.confidence = Some(0.1);
        assert!(
            apply_first_turn_bias(r, &ctx(&draft))
                .proposed_update
                .is_some(),
            "later turns keep it"
        );
    }

    #[test]
    fn a_confirmation_gets_the_confirmed_text_as_proposal() {
        let draft = ToulminDraft::default();
        let confirmed = RuleContext {
            confirmed_text: Some(CLAIM),
            ..ctx(&draft)
        };
        let r = propose_confirmed_text(reply(Claim), &confirmed);
        assert_eq!(r.proposed_update.unwrap().value, CLAIM);
        let mut own = reply(Claim);
        own.proposed_update = proposal(Claim, "The model's text.");
        let r = propose_confirmed_text(own, &confirmed);
        assert_eq!(r.proposed_update.unwrap().value, "The model's text.");
        assert_eq!(
            propose_confirmed_text(reply(Claim), &ctx(&draft)).proposed_update,
            None
        );
    }

    #[test]
    fn an_unfit_proposal_or_one_repeating_another_field_is_dropped() {
        let mut draft = ToulminDraft::default();
        draft.set(Claim, CLAIM);
        let grounds = RuleContext {
            current_step: Grounds,
            ..ctx(&draft)
        };
        let mut r = reply(Grounds);
        r.proposed_update = proposal(Grounds, CLAIM);
        assert_eq!(
            drop_unfit_proposal(r.clone(), &grounds).proposed_update,
            None
        );
        r.proposed_update = proposal(Grounds, "Why?");
        assert_eq!(
            drop_unfit_proposal(r.clone(), &grounds).proposed_update,
            None
        );
        let evidence = "In our survey 21 of 28 students were tired on Monday.";
        r.proposed_update = proposal(Grounds, evidence);
        assert!(drop_unfit_proposal(r, &grounds).proposed_update.is_some());
    }

    #[test]
    fn a_rewrite_request_gets_the_apps_rewrite_when_the_model_proposes_nothing() {
        let draft = ToulminDraft::default();
        let asked = RuleContext {
            first_turn_for_step: true,
            rewrite_requested: true,
            rewritten_text: Some(CLAIM),
            ..ctx(&draft)
        };
        let r = propose_rewritten_text(reply(Claim), &asked);
        assert_eq!(r.proposed_update.unwrap().value, CLAIM);
        let not_asked = RuleContext {
            rewrite_requested: false,
            ..asked
        };
        assert_eq!(
            propose_rewritten_text(reply(Claim), &not_asked).proposed_update,
            None
        );
    }

    #[test]
    fn the_text_a_later_message_offers_is_proposed_when_the_model_proposes_nothing() {
        let draft = ToulminDraft::default();
        let later = RuleContext {
            offered_text: Some(CLAIM),
            ..ctx(&draft)
        };
        let r = propose_offered_text(reply(Claim), &later);
        assert_eq!(r.proposed_update.unwrap().value, CLAIM);
        let first = RuleContext {
            first_turn_for_step: true,
            ..later
        };
        assert_eq!(
            propose_offered_text(reply(Claim), &first).proposed_update,
            None,
            "not on the step's first message"
        );
        let mut own = reply(Claim);
        own.proposed_update = proposal(Claim, "The model's own claim here.");
        assert_eq!(
            propose_offered_text(own, &later)
                .proposed_update
                .unwrap()
                .value,
            "The model's own claim here."
        );
    }

    #[test]
    fn advance_guard_needs_text_when_there_is_no_proposal() {
        let draft = ToulminDraft::default();
        let mut r = reply(Claim);
        r.should_advance = Some(true);
        r.confidence = Some(0.9);
        assert_eq!(
            guard_should_advance(r.clone(), &ctx(&draft)).should_advance,
            None
        );
        let mut filled = ToulminDraft::default();
        filled.set(Claim, CLAIM);
        assert_eq!(
            guard_should_advance(r, &ctx(&filled)).should_advance,
            Some(true)
        );
    }

    #[test]
    fn advance_guard_needs_text_that_passes_the_step_checks() {
        let draft = ToulminDraft::default();
        let mut r = reply(Claim);
        r.should_advance = Some(true);
        r.confidence = Some(0.9);
        r.proposed_update = proposal(Claim, "Why homework?");
        assert_eq!(
            guard_should_advance(r.clone(), &ctx(&draft)).should_advance,
            None
        );
        r.proposed_update = proposal(Claim, CLAIM);
        assert_eq!(
            guard_should_advance(r, &ctx(&draft)).should_advance,
            Some(true)
        );
    }

    #[test]
    fn advance_guard_needs_confidence_of_at_least_0_6() {
        let draft = ToulminDraft::default();
        let mut r = reply(Claim);
        r.should_advance = Some(true);
        r.proposed_update = proposal(Claim, CLAIM);
        r.confidence = Some(0.59);
        assert_eq!(
            guard_should_advance(r.clone(), &ctx(&draft)).should_advance,
            None
        );
        r.confidence = None;
        assert_eq!(
            guard_should_advance(r.clone(), &ctx(&draft)).should_advance,
            None
        );
        r.confidence = Some(0.6);
        assert_eq!(
            guard_should_advance(r, &ctx(&draft)).should_advance,
            Some(true)
        );
    }

    #[test]
    fn advancing_on_the_rebuttal_completes_the_argument() {
        let draft = ToulminDraft::default();
        let at_rebuttal = RuleContext {
            current_step: Rebuttal,
            ..ctx(&draft)
        };
        let mut r = reply(Rebuttal);
        r.should_advance = Some(true);
        r.confidence = Some(0.9);
        r.proposed_update = proposal(Rebuttal, "Unless the homework is optional reading.");
        let r = guard_should_advance(r, &at_rebuttal);
        assert_eq!((r.should_advance, r.is_complete), (None, Some(true)));
    }

    #[test]
    fn a_models_own_is_complete_needs_the_guards() {
        let draft = ToulminDraft::default();
        let mut r = reply(Claim);
        r.is_complete = Some(true);
        r.confidence = Some(0.9);
        let r = guard_should_advance(r, &ctx(&draft));
        assert_eq!((r.should_advance, r.is_complete), (None, None));
    }

    #[test]
    fn is_complete_before_the_rebuttal_is_dropped_not_turned_into_an_advance() {
        let draft = ToulminDraft::default();
        let mut r = reply(Claim);
        r.is_complete = Some(true);
        r.confidence = Some(0.95);
        r.proposed_update = proposal(Claim, CLAIM);
        let r = guard_should_advance(r, &ctx(&draft));
        assert_eq!((r.should_advance, r.is_complete), (None, None));
    }

    #[test]
    fn control_and_bidi_characters_never_reach_the_student() {
        let mut r = reply(Claim);
        r.assistant_text = "Good\u{202E} start.\u{0}".into();
        r.next_question = Some("Why\u{2066}?".into());
        r.proposed_update = proposal(Claim, "Schools\u{7} should act.");
        let r = tidy_text(r);
        assert_eq!(r.assistant_text, "Good start.");
        assert_eq!(r.next_question.as_deref(), Some("Why?"));
        assert_eq!(r.proposed_update.unwrap().value, "Schools should act.");
    }

    #[test]
    fn every_length_bound_is_checked_after_parsing() {
        let long = |n| "x".repeat(n);
        let mut too_long = [reply(Claim), reply(Claim), reply(Claim), reply(Claim)];
        too_long[0].assistant_text = long(5000);
        too_long[1].next_question = Some(long(MAX_NEXT_QUESTION + 1));
        too_long[2].proposed_update = proposal(Claim, &long(MAX_PROPOSAL_VALUE + 1));
        too_long[3].proposed_update = proposal(Claim, CLAIM);
        too_long[3].proposed_update.as_mut().unwrap().rationale = long(MAX_RATIONALE + 1);
        for r in too_long {
            let err = validate_result(&r, Claim).unwrap_err();
            assert_eq!(lantern_core::Coded::code(&err), "coach_validation_failed");
        }
        let mut at_limit = reply(Claim);
        at_limit.assistant_text = long(MAX_ASSISTANT_TEXT);
        assert!(validate_result(&at_limit, Claim).is_ok());
    }

    #[test]
    fn next_step_correction_follows_the_advance() {
        let mut r = reply(Grounds);
        r.should_advance = Some(true);
        r.next_step = Some(Rebuttal);
        assert_eq!(
            correct_next_step(r.clone(), Grounds).next_step,
            Some(Warrant)
        );
        r.should_advance = None;
        assert_eq!(correct_next_step(r, Grounds).next_step, None);
    }

    #[test]
    fn schema_validation_rejects_empty_text_wrong_steps_and_bad_confidence() {
        assert_eq!(
            validate_result(&CoachAIResult::message(Claim, "  "), Claim),
            Err(CoachError::EmptyResponse)
        );
        assert!(matches!(
            validate_result(&reply(Grounds), Claim),
            Err(CoachError::StepMismatch { .. })
        ));
        let mut r = reply(Claim);
        r.proposed_update = proposal(Warrant, CLAIM);
        assert!(matches!(
            validate_result(&r, Claim),
            Err(CoachError::StepMismatch { .. })
        ));
        let mut r = reply(Claim);
        r.confidence = Some(f64::NAN);
        assert!(matches!(
            validate_result(&r, Claim),
            Err(CoachError::ValidationFailed(_))
        ));
        assert_eq!(validate_result(&reply(Claim), Claim), Ok(()));
    }

    #[test]
    fn question_appending_adds_the_next_question_after_a_blank_line() {
        let mut r = CoachAIResult::message(Claim, "Nice topic.");
        assert_eq!(combined_text(&r), "Nice topic.");
        r.next_question = Some("What do you want to prove?".into());
        assert_eq!(
            combined_text(&r),
            "Nice topic.\n\nWhat do you want to prove?"
        );
        r.next_question = Some("  ".into());
        assert_eq!(combined_text(&r), "Nice topic.");
    }

    #[test]
    fn text_tidying_removes_loops_from_the_reply() {
        let looped = CoachAIResult::message(Claim, "Good point. Good point. Good point.");
        assert_eq!(tidy_text(looped).assistant_text, "Good point.");
    }

    #[test]
    fn the_rules_run_in_order_on_a_raw_reply() {
        let draft = ToulminDraft::default();
        let mut raw = reply(Warrant);
        raw.proposed_update = proposal(Warrant, CLAIM);
        raw.confidence = Some(0.9);
        raw.should_advance = Some(true);
        raw.next_step = Some(Qualifier);
        let r = apply_rules(raw, &ctx(&draft)).unwrap();
        assert_eq!(r.step, Claim);
        assert_eq!(r.next_step, Some(Grounds));
        assert_eq!(r.proposed_update.unwrap().field, Claim);
    }
}
