//! One coach turn end to end (triggers → prompt → model → rules → reply filter →
//! coaching move), and the two ways a step is completed: accepting a proposal, or the
//! student's own text.

use super::coaching::coach_reply;
use super::detail::{detail_remark, misnames_its_detail};
use super::filter::{filter_model_words, remark_filter, reply_filter};
use super::job::{cue_jobs, decide_job, job_weakness, TextJob};
use super::judge::{judge_job, reads_known_texts};
use super::link::link_remark;
use super::offline::{guided_turn, offline_turn};
use super::prompt::build_request;
use super::reading::{message_kind, message_weakness, offered_text, without_lead_in, MessageKind};
use super::remark::{remark_request, Remark};
use super::rules::{apply_rules, combined_text};
use super::step_checks::speaks_for_the_student;
use super::triggers::is_confirmation;
use super::weak_text::{detect_weakness, Weakness};
use super::words::step_meaning;
use super::written::{
    checked_improvement, checked_written, has_material, improve_again_request, improve_request,
    wants_written, write_again_request, write_request, Written,
};
use super::{
    CoachAIResult, CoachError, CoachTurnInput, Language, ProposedUpdate, ToulminDraft, ToulminStep,
};
use lantern_core::llm::{generate, generate_streaming, BoxFuture, CancelFlag, DeltaSink, Llm};
use lantern_core::text::checked_stream::CheckedStream;
use lantern_core::text::normalize::normalize;
use lantern_core::text::support::ReplyFilter;
use lantern_core::text::tidy::sentences;
use lantern_core::turn::LoopTurn;
use lantern_core::ErrorCode;

/// The confidence of an improvement the model wrote for a weak text (trigger 3): it
/// passed the step's checks, but the student did not ask for it.
const IMPROVED_CONFIDENCE: f64 = 0.8;

/// The confidence of a sentence the model wrote for a student who asked for it.
const WRITTEN_CONFIDENCE: f64 = 0.9;

/// A finished turn.
#[derive(Debug, Clone, PartialEq)]
pub struct CoachTurnOutcome {
    /// The reply after the rules.
    pub result: CoachAIResult,
    /// What is saved and shown: the reply with its guiding question.
    pub display_text: String,
    /// Whether the student's message asked for a rewrite.
    pub rewrite_requested: bool,
    /// Whether the student's message confirmed a suggestion.
    pub confirmation: bool,
}

/// Runs one turn: streams the reply's sentences to `on_text` as the model writes them,
/// while the shared reply filter keeps them (the first it drops ends the stream), applies the rules to the parsed answer, passes its words through
/// the reply filter and makes the coaching move. A reply none of whose words pass is an
/// empty response (the guide answers it).
pub async fn run_turn(
    llm: &dyn Llm,
    input: &CoachTurnInput,
    on_text: &mut (dyn FnMut(&str) + Send),
    cancel: &CancelFlag,
) -> Result<CoachTurnOutcome, CoachError> {
    if wants_written(input) {
        return written_turn(llm, input, cancel).await;
    }
    if let Some(weakness) = judged_other_job(llm, input, cancel).await {
        // Another step's job, read by the model where the cues were silent or tied: the
        // app names it and keeps it for its step, in its own words.
        let result = guided_turn(input, Some(weakness))?;
        return Ok(CoachTurnOutcome {
            display_text: combined_text(&result),
            result,
            rewrite_requested: false,
            confirmation: false,
        });
    }
    let rewrite_requested = input.rewrite_requested();
    let confirmation = is_confirmation(&input.user_message);
    let confirmed = input.confirmed_text();
    let rewritten = input.rewritten_text();
    let offers_text = message_kind(&input.user_message) == MessageKind::Text;
    let mut filter = if offers_text {
        remark_filter(input)
    } else {
        reply_filter(input)
    };
    // Nothing streams when the coaching move answers with the app's words whatever the
    // model writes (a confirmation, a rewrite request, a request for help); no question streams (the reply
    // ends with one question, chosen at the end).
    let weakness = message_weakness(input.current_step, &input.user_message);
    // An opinion offered as evidence names nothing a remark could point at: the app's
    // words say what it lacks, and the model is not asked for a remark ("dogs are just
    // really cute and everyone loves them" drew "Your evidence names a group of people:
    // dogs are just really cute.").
    let remarked = offers_text && weakness != Some(Weakness::OpinionAsEvidence);
    let mut stream =
        CheckedStream::new("assistantText", filter.clone()).holding(|s| s.contains('?'));
    if !remarked {
        stream.stop();
    }
    let mut on_delta = |delta: &str| {
        let kept = stream.push(delta);
        if !kept.is_empty() {
            on_text(&kept);
        }
    };
    // A text offered for the step gets the model's one remark on it; the app proposes
    // the text and asks the question. Other messages get the whole reply's grammar.
    let raw: CoachAIResult = if remarked {
        let text = without_lead_in(&input.user_message);
        let request = remark_request(input, text);
        let remark: Remark = generate_streaming(llm, &request, &mut on_delta, cancel).await?;
        let refused = filter.clone().filter(&remark.text).kept.is_empty()
            || misnames_its_detail(&remark.text);
        // A remark the filter refuses whole, or naming a figure or a source it does not
        // hold, gets a second try: the model picks the text's telling detail (a
        // warrant's: the two ideas it links) and the app frames it; a text with too few
        // details gets the remark again, sampled otherwise. The same filter judges either
        // (nothing of the first streamed), and a misnamed detail in the remark tried
        // again is no remark.
        let remark = if !refused {
            remark.text
        } else if let Some(framed) =
            picked_remark(llm, input, text, weakness, &filter, cancel).await
        {
            framed
        } else {
            let again = generate::<Remark>(llm, &request.retried(), cancel).await?;
            if misnames_its_detail(&again.text) {
                String::new()
            } else {
                again.text
            }
        };
        CoachAIResult::message(input.current_step, remark)
    } else if offers_text {
        CoachAIResult::message(input.current_step, String::new())
    } else {
        generate_streaming(llm, &build_request(input), &mut on_delta, cancel).await?
    };
    let model_proposal = raw.proposed_update.clone();
    let offered = offered_text(input.current_step, &input.user_message);
    let mut ruled = apply_rules(
        raw,
        &input.rule_context(
            confirmed.as_deref(),
            offered.as_deref(),
            rewritten.as_deref(),
        ),
    )?;
    let proposed_by_model = model_proposal.is_some_and(|m| {
        ruled
            .proposed_update
            .as_ref()
            .is_some_and(|p| p.value == m.value.trim())
    });
    let improved = match ruled.proposed_update {
        None => improvement(llm, input, weakness, cancel).await,
        Some(_) => None,
    };
    if let Some(value) = &improved {
        ruled.proposed_update = Some(ProposedUpdate {
            field: input.current_step,
            value: value.clone(),
            rationale: String::new(),
        });
        ruled.confidence = Some(IMPROVED_CONFIDENCE);
    }
    let words_survived = filter_model_words(&mut ruled, &mut filter);
    let model_proposal_kept = proposed_by_model && ruled.proposed_update.is_some();
    if !(words_survived || model_proposal_kept || improved.is_some()) {
        return Err(CoachError::EmptyResponse);
    }
    // The model's sentences the filter kept; the coaching move may still leave them out.
    let kept: Vec<String> = sentences(&ruled.assistant_text)
        .into_iter()
        .map(str::to_string)
        .chain(ruled.next_question.clone())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let mut result = coach_reply(ruled, input, offered.as_deref(), weakness);
    let shown = combined_text(&result);
    // The improvement proposed is the model's sentence.
    let improvement_shown = improved.is_some() && result.proposed_update.is_some();
    result.model_words = improvement_shown || kept.iter().any(|s| shown.contains(s.as_str()));
    Ok(CoachTurnOutcome {
        display_text: combined_text(&result),
        result,
        rewrite_requested,
        confirmation,
    })
}

/// The remark's second try, after a refused one: the app frames what the model picks of
/// `text` — the two ideas a warrant links ([`link_remark`]: a detail of a warrant, "Tu
/// garantía da la razón: la verdura.", says less than nothing), another step's telling
/// detail ([`detail_remark`]). None for a text with a `weakness` for the step: it is told
/// what it needs, and a detail of it would read as praise ("Your evidence mentions
/// really important.").
async fn picked_remark(
    llm: &dyn Llm,
    input: &CoachTurnInput,
    text: &str,
    weakness: Option<Weakness>,
    filter: &ReplyFilter,
    cancel: &CancelFlag,
) -> Option<String> {
    if weakness.is_some() {
        None
    } else if input.current_step == ToulminStep::Warrant {
        link_remark(llm, input, text, filter, cancel).await
    } else {
        detail_remark(llm, input, text, filter, cancel).await
    }
}

/// Whether the model is asked which job `text` does, given the code's `cues`: not when
/// one clear cue decides, nor when, with none, the text speaks in the student's own
/// voice ("I asked everyone in my form group…": theirs, not the other side's).
fn model_judges(cues: &[TextJob], text: &str) -> bool {
    let own = cues.is_empty() && speaks_for_the_student(&normalize(text));
    cues.len() != 1 && !own
}

/// The weakness of a text doing another step's job, when the model's judgement decides
/// it ([`super::judge`]): asked only for a text whose cues are silent or tied (one clear
/// cue decides without the model, in [`LoopTurn::without_model`]).
async fn judged_other_job(
    llm: &dyn Llm,
    input: &CoachTurnInput,
    cancel: &CancelFlag,
) -> Option<Weakness> {
    if message_kind(&input.user_message) != MessageKind::Text {
        return None;
    }
    let step = input.current_step;
    let text = without_lead_in(&input.user_message);
    let cues = cue_jobs(step, text);
    if !model_judges(&cues, text) {
        return None;
    }
    let judged = judge_job(llm, input, text, &cues, cancel).await;
    let weakness =
        decide_job(step, &cues, judged.map(|j| j.job)).and_then(|job| job_weakness(step, job))?;
    // With no cue, the job is the model's alone: a doubted one is asked about.
    let doubted = judged.is_some_and(|j| j.doubted);
    Some(if doubted {
        Weakness::PerhapsRebuttal
    } else {
        weakness
    })
}

/// One concrete improvement of the student's weak text (spec 000, trigger 3): asked
/// only for a text that misses what the step's shape asks for (a warrant's link, a
/// qualifier's hedge, a rebuttal's exception), and only of a model that reads the two
/// authored texts right ([`reads_known_texts`]: the writer does, the small pack models
/// do not). Kept when it passes the step's checks and still speaks of the student's
/// draft ([`checked_improvement`]); a refused one is asked once more without the
/// example, sampled otherwise, and judged by the same checks; two failed answers are no
/// improvement.
async fn improvement(
    llm: &dyn Llm,
    input: &CoachTurnInput,
    weakness: Option<Weakness>,
    cancel: &CancelFlag,
) -> Option<String> {
    if !weakness.is_some_and(Weakness::can_be_improved)
        || !reads_known_texts(llm, input.language, cancel).await
    {
        return None;
    }
    let draft = without_lead_in(&input.user_message);
    let requests = [
        improve_request(input, draft),
        improve_again_request(input, draft).retried(),
    ];
    for request in requests {
        let raw: Written = generate(llm, &request, cancel).await.ok()?;
        let kept = checked_improvement(input, draft, &raw.sentence);
        if kept.is_some() {
            return kept;
        }
        tracing::info!(
            "coach: the model's improvement did not pass: {:?}",
            raw.sentence
        );
    }
    None
}

/// "Make my warrant for me" with nothing of the student's to rewrite: the model writes
/// the step from their claim and grounds ([`super::written`]); the sentence is proposed
/// when it passes the checks, introduced in the app's words. One that does not pass is
/// asked once more without the example, sampled otherwise, and judged by the same
/// checks; when that fails too, an empty response (the guide then says honestly how to
/// start).
async fn written_turn(
    llm: &dyn Llm,
    input: &CoachTurnInput,
    cancel: &CancelFlag,
) -> Result<CoachTurnOutcome, CoachError> {
    let step = input.current_step;
    let mut value = None;
    for request in [write_request(input), write_again_request(input).retried()] {
        let raw: Written = generate(llm, &request, cancel).await?;
        value = checked_written(input, &raw.sentence);
        if value.is_some() {
            break;
        }
        tracing::info!(
            "coach: the model's {} did not pass: {:?}",
            step.as_str(),
            raw.sentence
        );
    }
    let Some(value) = value else {
        return Err(CoachError::EmptyResponse);
    };
    tracing::info!("coach: the model wrote the {}: {value:?}", step.as_str());
    let mut reply = CoachAIResult::message(step, step_meaning(step, input.language));
    reply.confidence = Some(WRITTEN_CONFIDENCE);
    reply.proposed_update = Some(ProposedUpdate {
        field: step,
        value,
        rationale: String::new(),
    });
    let mut ruled = apply_rules(reply, &input.rule_context(None, None, None))?;
    ruled.assistant_text.clear();
    let mut result = coach_reply(ruled, input, None, None);
    // The proposal shown is the model's sentence.
    result.model_words = result.proposed_update.is_some();
    Ok(CoachTurnOutcome {
        display_text: combined_text(&result),
        result,
        rewrite_requested: true,
        confirmation: false,
    })
}

/// A coach turn in the shared pipeline: the model through [`run_turn`], or the offline
/// guide, both through the same rules.
impl LoopTurn for CoachTurnInput {
    type Reply = CoachAIResult;
    type Error = CoachError;

    fn ask<'a>(
        &'a self,
        llm: &'a dyn Llm,
        on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<CoachAIResult, CoachError>> {
        Box::pin(async move { Ok(run_turn(llm, self, on_text, cancel).await?.result) })
    }

    fn offline(&self) -> Result<CoachAIResult, CoachError> {
        offline_turn(self)
    }

    /// Thanks, a greeting, a no, a yes to a text that fits the step, a question about
    /// what the step allows, a request for help (the step explained in authored words),
    /// a text too short to remark on ("say less": say more, or the pending question again)
    /// or a text whose cues clearly give it another step's job (named and kept for that
    /// step) has one right answer, the app's: the model is not asked.
    fn without_model(&self) -> Option<Result<CoachAIResult, CoachError>> {
        let step = self.current_step;
        let confirms_a_fit = || {
            self.confirmed_text()
                .is_some_and(|t| detect_weakness(step, &t).is_none())
        };
        let app_answers = match message_kind(&self.user_message) {
            MessageKind::Courtesy(_)
            | MessageKind::Goodbye
            | MessageKind::TaskQuestion
            | MessageKind::Decline
            | MessageKind::HelpRequest
            | MessageKind::SessionQuestion => true,
            MessageKind::Confirmation => confirms_a_fit(),
            // Asked to write facts the student has given nothing of: any text would
            // invent them, so the student is asked for them.
            MessageKind::RewriteRequest => wants_written(self) && !has_material(self),
            MessageKind::Text => message_weakness(step, &self.user_message)
                .is_some_and(|w| w.belongs_to_another_step() || w == Weakness::TooShort),
        };
        app_answers.then(|| offline_turn(self))
    }

    fn is_broken_reply(&self, code: ErrorCode) -> bool {
        matches!(
            code,
            ErrorCode::CoachValidationFailed
                | ErrorCode::CoachEmptyResponse
                | ErrorCode::CoachStepMismatch
                | ErrorCode::ModelOutputInvalid
        )
    }
}

/// Where the argument goes after a step is completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepOutcome {
    /// The step to work on next (`None` once complete).
    pub next_step: Option<ToulminStep>,
    /// Whether all seven steps are done.
    pub is_complete: bool,
}

fn after(step: ToulminStep) -> StepOutcome {
    StepOutcome {
        next_step: step.next(),
        is_complete: step.next().is_none(),
    }
}

/// Accepts `proposal` into `draft`: only a proposal for the current step is accepted.
pub fn accept_proposal(
    current: ToulminStep,
    draft: &mut ToulminDraft,
    proposal: &ProposedUpdate,
) -> Result<StepOutcome, CoachError> {
    if proposal.field != current {
        return Err(CoachError::mismatch(current, proposal.field));
    }
    if proposal.value.trim().is_empty() {
        return Err(CoachError::ValidationFailed("the proposal is empty".into()));
    }
    draft.set(current, proposal.value.trim());
    Ok(after(current))
}

/// Completes the current step with the student's own text in `draft`, when it passes
/// the step's checks; otherwise says what is missing.
pub fn advance_step(
    current: ToulminStep,
    draft: &ToulminDraft,
    language: Language,
) -> Result<StepOutcome, CoachError> {
    match detect_weakness(current, draft.get(current)) {
        None => Ok(after(current)),
        Some(weakness) => Err(CoachError::StepIncomplete(weakness.explain(language))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::weakness_question;
    use lantern_core::llm::{ScriptedLlm, RETRY_TEMPERATURE};
    use lantern_core::turn::{answer_turn, ReplyOrigin};
    use lantern_core::Coded;

    const CLAIM: &str = "Schools should not set homework on weekends.";

    fn input(message: &str, first: bool) -> CoachTurnInput {
        let mut input = CoachTurnInput::first_message(ToulminStep::Claim, message, Language::En);
        input.first_turn_for_step = first;
        input
    }

    /// A model answering `reply`; for a text the model judges, after judging its job as
    /// "other"; `reply` again when a written step is tried a second time, and for a
    /// refused remark, as the detail it picks (unusable) and as the remark tried again.
    fn scripted(reply: &str, input: &CoachTurnInput) -> ScriptedLlm {
        let text = message_kind(&input.user_message) == MessageKind::Text;
        let offered = without_lead_in(&input.user_message);
        let judged = text && model_judges(&cue_jobs(input.current_step, offered), offered);
        let job = judged.then(|| Ok(r#"{"job":"other"}"#.to_string()));
        let again = match (text, wants_written(input)) {
            (true, _) => 2,
            (false, true) => 1,
            _ => 0,
        };
        let replies = std::iter::repeat_with(|| Ok(reply.to_string())).take(1 + again);
        ScriptedLlm::new(job.into_iter().chain(replies))
    }

    async fn turn(
        reply: &str,
        input: &CoachTurnInput,
    ) -> (Result<CoachTurnOutcome, CoachError>, String) {
        let llm = scripted(reply, input);
        let mut streamed = String::new();
        let outcome = run_turn(
            &llm,
            input,
            &mut |t| streamed.push_str(t),
            &CancelFlag::default(),
        )
        .await;
        (outcome, streamed)
    }

    fn proposing(confidence: f64) -> String {
        format!(
            r#"{{"assistantText":"Your claim is one clear position to argue.","step":"claim","confidence":{confidence},"proposedUpdate":{{"field":"claim","value":"{CLAIM}","rationale":"clear"}},"nextQuestion":"What position do you want to argue?"}}"#
        )
    }

    /// The turn as the shared pipeline answers it: the guide when nothing of the
    /// model's reply passes.
    async fn answered(reply: &str, input: &CoachTurnInput) -> (CoachAIResult, ReplyOrigin) {
        let llm = scripted(reply, input);
        let done = answer_turn(input, Some(&llm), &mut |_| {}, &CancelFlag::default())
            .await
            .unwrap();
        (done.reply, done.origin)
    }

    #[tokio::test]
    async fn thanks_and_questions_about_the_step_are_answered_by_the_app() {
        let (thanks, origin) = answered(&proposing(0.9), &input("thanks", false)).await;
        assert_eq!(origin, ReplyOrigin::App);
        assert_eq!(thanks.assistant_text, "You're welcome.");
        let (hello, _) = answered(&proposing(0.9), &input("hola", false)).await;
        assert_eq!(hello.assistant_text, "Hello!");
        assert!(thanks.proposed_update.is_none());
        assert!(thanks.next_question.is_some_and(|q| q.ends_with('?')));
        let asked = input("is it ok if I use my own school as an example?", false);
        let (choice, origin) = answered(&proposing(0.9), &asked).await;
        assert_eq!(origin, ReplyOrigin::App);
        assert!(
            choice.assistant_text.starts_with("That is your choice")
                && !choice.assistant_text.contains("question"),
            "{}",
            choice.assistant_text
        );
    }

    #[tokio::test]
    async fn an_unsure_first_turn_proposal_is_stripped() {
        let (outcome, _) = turn(
            &proposing(0.5),
            &input("I want to talk about homework", true),
        )
        .await;
        assert_eq!(outcome.unwrap().result.proposed_update, None);
    }

    #[tokio::test]
    async fn a_rewrite_request_with_nothing_written_proposes_the_models_sentence_on_a_first_turn() {
        let reply = format!(r#"{{"sentence":"{CLAIM}"}}"#);
        let (outcome, _) = turn(&reply, &input("Can you rewrite my claim?", true)).await;
        let outcome = outcome.unwrap();
        assert!(outcome.rewrite_requested && !outcome.confirmation);
        assert!(outcome.result.model_words);
        assert_eq!(outcome.result.proposed_update.unwrap().value, CLAIM);
        let (unfit, _) = turn(
            r#"{"sentence":"Homework?"}"#,
            &input("Can you rewrite my claim?", true),
        )
        .await;
        assert_eq!(unfit.unwrap_err().code(), "coach_empty_response");
    }

    #[tokio::test]
    async fn a_first_turn_rewrite_request_gets_a_proposal_with_a_reason_when_the_model_gives_none()
    {
        let mut asked = CoachTurnInput::first_message(
            ToulminStep::Warrant,
            "Rewrite my warrant: looking things up helps learning",
            Language::En,
        );
        asked
            .draft
            .set(ToulminStep::Claim, "Phones should be allowed in class.");
        let (reply, _) = answered(
            r#"{"assistantText":"Please provide more details.","step":"warrant"}"#,
            &asked,
        )
        .await;
        let proposal = reply.proposed_update.unwrap();
        assert_eq!(
            proposal.value,
            "Looking things up helps learning, so phones should be allowed in class."
        );
        assert!(!proposal.rationale.is_empty());
    }

    #[tokio::test]
    async fn a_confirmation_without_a_proposal_gets_the_confirmed_text() {
        let mut confirming = input("yes, use that", false);
        confirming.earlier_in_step = vec![CLAIM.to_string()];
        let (reply, _) =
            answered(r#"{"assistantText":"Great.","step":"claim"}"#, &confirming).await;
        assert_eq!(reply.proposed_update.unwrap().value, CLAIM);
    }

    #[tokio::test]
    async fn an_opinion_offered_as_evidence_gets_no_remark() {
        let mut opinion = CoachTurnInput::first_message(
            ToulminStep::Grounds,
            "dogs are just really cute and everyone loves them",
            Language::En,
        );
        opinion.draft.claim = CLAIM.into();
        let remark = r#"{"assistantText":"Your grounds say that everyone loves dogs."}"#;
        let (reply, _) = answered(remark, &opinion).await;
        let shown = combined_text(&reply);
        assert!(shown.contains("opinion"), "{shown}");
        assert!(!shown.contains("everyone loves"), "{shown}");
        assert_eq!(reply.proposed_update, None);
    }

    #[tokio::test]
    async fn a_reply_with_no_word_that_passes_is_answered_by_the_guide() {
        let message = "I think homework should be banned because kids need time to play.";
        let (reply, origin) = answered(
            r#"{"assistantText":"The student's claim is:","step":"claim","nextQuestion":"Thank you for your time and assistance?"}"#,
            &input(message, true),
        )
        .await;
        assert_eq!(origin, ReplyOrigin::AfterBrokenReply);
        let shown = combined_text(&reply);
        assert!(shown.contains("reason"), "{shown}");
        assert!(shown.ends_with("Is \"Homework should be banned\" the claim you want to keep?"));
        assert_eq!(reply.proposed_update, None);
        let mut yes = input("yes", false);
        yes.earlier_in_step = vec![message.into()];
        let (reply, _) = answered(r#"{"assistantText":"Great.","step":"claim"}"#, &yes).await;
        assert_eq!(
            reply.proposed_update.unwrap().value,
            "Homework should be banned."
        );
    }

    #[tokio::test]
    async fn a_reply_says_whether_it_shows_words_the_model_wrote() {
        let asked = input("phones should be allowed in class", false);
        let (kept, origin) = answered(
            r#"{"assistantText":"Your claim about phones in class is one clear sentence.","step":"claim"}"#,
            &asked,
        )
        .await;
        assert_eq!(origin, ReplyOrigin::Model);
        assert!(kept.model_words, "{}", combined_text(&kept));
        // A yes to a text that fits is answered by the app, in its own words.
        let mut yes = input("yes", false);
        yes.earlier_in_step = vec![CLAIM.into()];
        let (confirmed, origin) = answered(&proposing(0.9), &yes).await;
        assert_eq!(origin, ReplyOrigin::App);
        assert_eq!(confirmed.proposed_update.as_ref().unwrap().value, CLAIM);
        assert!(!confirmed.model_words, "{}", combined_text(&confirmed));
        let (guide, origin) = answered(
            r#"{"assistantText":"The student's claim is:","step":"claim"}"#,
            &asked,
        )
        .await;
        assert_eq!(origin, ReplyOrigin::AfterBrokenReply);
        assert!(!guide.model_words);
    }

    /// A later turn at `step` answering `message`, the model choosing the `jobs` in turn
    /// (the text's, then the known texts'), with the requests it was asked.
    async fn judged_turn(
        step: ToulminStep,
        message: &str,
        language: Language,
        jobs: &[&str],
    ) -> (CoachAIResult, usize) {
        let mut asked = CoachTurnInput::first_message(step, message, language);
        asked.first_turn_for_step = false;
        let llm = ScriptedLlm::new(jobs.iter().map(|j| Ok(format!(r#"{{"job":"{j}"}}"#))));
        let done = answer_turn(&asked, Some(&llm), &mut |_| {}, &CancelFlag::default())
            .await
            .unwrap();
        (done.reply, llm.requests().len())
    }

    /// The turn on `message` when the model judges it the other side's view and reads
    /// both known texts right, with no cue to confirm it: the reply, its shown text and
    /// how many requests were made.
    async fn doubted_turn(
        step: ToulminStep,
        message: &str,
        language: Language,
    ) -> (CoachAIResult, String, usize) {
        let (reply, asked) =
            judged_turn(step, message, language, &["rebuttal", "evidence", "claim"]).await;
        let shown = combined_text(&reply);
        assert_eq!(reply.proposed_update, None, "{shown}");
        (reply, shown, asked)
    }

    #[tokio::test]
    async fn the_other_sides_view_the_model_alone_reads_is_asked_about_and_kept_from_the_step() {
        // No cue of the code's confirms the model's reading: it is asked about, never
        // asserted (the writer read a student's own reason as an objection).
        let garden = "looking after a garden would take time away from lessons";
        let (reply, shown, asked) =
            doubted_turn(ToulminStep::WarrantBacking, garden, Language::En).await;
        assert!(
            shown.starts_with("If that is a view against your claim"),
            "{shown}"
        );
        assert!(!reply.model_words);
        assert_eq!(asked, 3, "no reply is asked for");
    }

    #[tokio::test]
    async fn a_doubted_text_that_fits_the_step_is_offered_for_it() {
        let text = "people who work all week only have sunday free so thats when they could actually use it";
        let (_, shown, _) = doubted_turn(ToulminStep::Warrant, text, Language::En).await;
        assert!(
            shown.starts_with("If that is a view against your claim"),
            "{shown}"
        );
        assert!(!shown.contains("say how it supports"), "{shown}");
        assert!(shown.ends_with("the warrant you want to keep?"), "{shown}");
    }

    #[tokio::test]
    async fn at_the_claim_step_a_judgement_of_the_other_side_is_not_believed() {
        let (reply, _) = judged_turn(
            ToulminStep::Claim,
            "school uniforms should be scrapped",
            Language::En,
            &["rebuttal", "evidence", "claim", "rebuttal", "rebuttal"],
        )
        .await;
        let shown = combined_text(&reply);
        assert!(!shown.contains("objection"), "{shown}");
        assert!(!shown.contains("rebuttal"), "{shown}");
    }

    #[tokio::test]
    async fn a_text_in_the_students_own_voice_is_not_judged_the_other_sides() {
        // The model would read it as an objection; it is not asked which job it does.
        let (reply, _) = judged_turn(
            ToulminStep::GroundsBacking,
            "i asked everyone in my form group myself last week",
            Language::En,
            &["rebuttal", "evidence", "claim", "rebuttal", "rebuttal"],
        )
        .await;
        let shown = combined_text(&reply);
        assert!(!shown.contains("objection"), "{shown}");
    }

    #[tokio::test]
    async fn a_doubted_view_of_the_other_side_is_asked_about_and_not_proposed() {
        let noise = "en casa hay mucho ruido y no se puede estudiar";
        let (_, shown, asked) = doubted_turn(ToulminStep::Warrant, noise, Language::Es).await;
        assert!(shown.starts_with("Si eso es una objeción"), "{shown}");
        assert!(
            shown.contains("Si está de tu lado, aún no explica"),
            "{shown}"
        );
        let link = weakness_question(Weakness::MissingLink, ToulminStep::Warrant, Language::Es);
        assert!(shown.ends_with(&link), "{shown}");
        assert_eq!(asked, 3, "no reply is asked for");
    }

    #[tokio::test]
    async fn the_other_sides_view_the_cues_read_is_answered_by_the_app() {
        let mut asked = input("some parents say homework teaches discipline", false);
        asked.current_step = ToulminStep::Grounds;
        asked.draft.set(ToulminStep::Claim, CLAIM);
        let (reply, origin) = answered(&proposing(0.9), &asked).await;
        assert_eq!(origin, ReplyOrigin::App);
        assert!(combined_text(&reply).contains("objection"));
        let (help, origin) = answered(&proposing(0.9), &input("what is a claim?", false)).await;
        assert_eq!(origin, ReplyOrigin::App);
        assert!(
            help.assistant_text.starts_with("The claim"),
            "{}",
            help.assistant_text
        );
    }

    #[tokio::test]
    async fn a_refused_remark_gets_one_more_try_judged_by_the_same_filter() {
        let asked = input("phones should be allowed in class", false);
        let llm = ScriptedLlm::new([
            Ok(r#"{"job":"other"}"#.to_string()),
            Ok(r#"{"assistantText":"The student's claim is:"}"#.to_string()),
            Ok(
                r#"{"assistantText":"Your claim about phones in class is one clear sentence."}"#
                    .to_string(),
            ),
        ]);
        let done = answer_turn(&asked, Some(&llm), &mut |_| {}, &CancelFlag::default())
            .await
            .unwrap();
        assert_eq!(done.origin, ReplyOrigin::Model);
        let shown = combined_text(&done.reply);
        assert!(shown.contains("Your claim about phones"), "{shown}");
        let retry = &llm.requests()[2];
        assert_eq!(retry.limits.temperature, RETRY_TEMPERATURE);
        assert_ne!(retry.limits.seed, llm.requests()[1].limits.seed);
    }

    /// The reply shown to `text` offered for `step` when the model's `remark` is refused
    /// and it then answers `picked`, with how many requests the remark took.
    async fn detail_turn(
        step: ToulminStep,
        text: &str,
        language: Language,
        remark: &str,
        picked: &str,
    ) -> (String, usize) {
        let mut asked = CoachTurnInput::first_message(step, text, language);
        asked
            .draft
            .set(ToulminStep::Claim, "Schools should teach first aid.");
        let judged = model_judges(&cue_jobs(step, text), text);
        let job = judged.then(|| Ok(r#"{"job":"other"}"#.to_string()));
        let llm = ScriptedLlm::new(job.into_iter().chain([
            Ok(format!(r#"{{"assistantText":"{remark}"}}"#)),
            Ok(picked.to_string()),
        ]));
        let done = answer_turn(&asked, Some(&llm), &mut |_| {}, &CancelFlag::default())
            .await
            .unwrap();
        assert_eq!(done.origin, ReplyOrigin::Model);
        let asked_for = llm.requests().len() - usize::from(judged);
        (combined_text(&done.reply), asked_for)
    }

    #[tokio::test]
    async fn a_refused_remark_on_a_text_with_details_is_the_detail_the_model_picks() {
        let text = "A survey said only like 1 in 20 adults would know what to do.";
        let picked = r#"{"detail":"1 in 20 adults"}"#;
        let (shown, asked_for) =
            detail_turn(ToulminStep::Grounds, text, Language::En, text, picked).await;
        assert!(
            shown.starts_with("Your evidence names a number: 1 in 20 adults."),
            "{shown}"
        );
        assert_eq!(asked_for, 2);
    }

    #[tokio::test]
    async fn a_remark_naming_a_figure_the_text_lacks_is_tried_again_as_a_detail() {
        let (shown, _) = detail_turn(
            ToulminStep::Grounds,
            "según la CMF muchos jóvenes chilenos tienen deudas",
            Language::Es,
            "El texto proporciona una cifra: muchos jóvenes chilenos tienen deudas.",
            r#"{"detail":"muchos jóvenes chilenos"}"#,
        )
        .await;
        assert!(
            shown.starts_with("Tus datos mencionan muchos jóvenes chilenos."),
            "{shown}"
        );
    }

    #[tokio::test]
    async fn a_text_with_a_weakness_for_the_step_asks_the_model_nothing_more() {
        for (step, text) in [
            (ToulminStep::Grounds, "because it's really really important"),
            (
                ToulminStep::Warrant,
                "kids would actually know how to do cpr on someone",
            ),
        ] {
            let asked = CoachTurnInput::first_message(step, text, Language::En);
            let weakness = message_weakness(step, text);
            assert!(weakness.is_some(), "{text}");
            let llm = ScriptedLlm::new([]);
            let filter = remark_filter(&asked);
            let cancel = CancelFlag::default();
            let remark = picked_remark(&llm, &asked, text, weakness, &filter, &cancel).await;
            assert_eq!(remark, None);
            assert!(llm.requests().is_empty());
        }
    }

    #[tokio::test]
    async fn a_refused_warrant_remark_is_the_two_ideas_the_model_picks() {
        let text = "if students learn first aid at school, more people will know how to help";
        let picked = r#"{"from":"first aid at school","to":"know how to help"}"#;
        let (shown, asked_for) =
            detail_turn(ToulminStep::Warrant, text, Language::En, text, picked).await;
        assert!(
            shown
                .starts_with("Your warrant links the idea \"first aid at school\" to the idea \"know how to help\"."),
            "{shown}"
        );
        assert_eq!(asked_for, 2);
    }

    /// A message at the warrant, with the car-free claim and its grounds written.
    fn warrant_turn(message: &str) -> CoachTurnInput {
        let mut asked = CoachTurnInput::first_message(ToulminStep::Warrant, message, Language::En);
        asked.draft.set(
            ToulminStep::Claim,
            "Cities should ban cars from their centres.",
        );
        asked.draft.set(
            ToulminStep::Grounds,
            "Our town centre had 40 crashes with cars last year, most of them near schools.",
        );
        asked
    }

    /// The improvement's turn: the job judgement, the remark, the two known texts read
    /// as `reads`, then `sentences`, one per try.
    fn improving(reads: [&str; 2], sentences: &[&str]) -> ScriptedLlm {
        let answers = [
            r#"{"job":"reason"}"#.to_string(),
            r#"{"assistantText":"Your warrant names what cars do to the air near schools."}"#
                .to_string(),
            format!(r#"{{"job":"{}"}}"#, reads[0]),
            format!(r#"{{"job":"{}"}}"#, reads[1]),
        ];
        let sentences = sentences.iter().map(|s| format!(r#"{{"sentence":"{s}"}}"#));
        ScriptedLlm::new(answers.into_iter().chain(sentences).map(Ok))
    }

    #[tokio::test]
    async fn a_weak_text_gets_one_improvement_from_a_model_that_reads_the_known_texts_right() {
        let asked = warrant_turn("cars make the air dirty near schools");
        let good = "Cars near schools make the air dirty and cause crashes, so banning them from the centre keeps pupils safer.";
        let llm = improving(["evidence", "claim"], &[good]);
        let outcome = run_turn(&llm, &asked, &mut |_| {}, &CancelFlag::default())
            .await
            .unwrap();
        let proposal = outcome.result.proposed_update.expect("an improvement");
        assert_eq!(proposal.value, good);
        assert!(outcome.result.model_words);
        assert!(llm.requests()[4].messages[0]
            .content
            .contains("warrant draft: cars make the air dirty near schools\nwarrant: ?"));
    }

    #[tokio::test]
    async fn a_refused_improvement_is_asked_once_more_without_the_example() {
        let asked = warrant_turn("cars make the air dirty near schools");
        let copy = "Cars give shade that keeps the ground cool, so more cars would keep pupils cooler at break.";
        let good = "Cars near schools make the air dirty, so banning them from the centre keeps pupils healthier.";
        let llm = improving(["evidence", "claim"], &[copy, good]);
        let outcome = run_turn(&llm, &asked, &mut |_| {}, &CancelFlag::default())
            .await
            .unwrap();
        let proposal = outcome.result.proposed_update.expect("the second try");
        assert_eq!(proposal.value, good);
        let again = &llm.requests()[5].messages[0].content;
        assert!(!again.contains("Example:"), "{again}");
        assert!(again.contains("warrant draft: cars make the air dirty near schools"));
    }

    #[tokio::test]
    async fn no_improvement_is_asked_of_a_model_that_misreads_a_known_text_or_kept_off_the_draft() {
        let asked = warrant_turn("cars make the air dirty near schools");
        let good = "Cars near schools make the air dirty and cause crashes, so banning them from the centre keeps pupils safer.";
        let llm = improving(["claim", "claim"], &[good]);
        let outcome = run_turn(&llm, &asked, &mut |_| {}, &CancelFlag::default()).await;
        assert!(outcome.is_ok_and(|o| o.result.proposed_update.is_none()));
        assert_eq!(
            llm.requests().len(),
            3,
            "not asked once a known text was misread"
        );
        let elsewhere =
            "Crashes hurt pupils in the town centre, so banning cars from it keeps them safe.";
        let llm = improving(["evidence", "claim"], &[elsewhere, elsewhere]);
        let outcome = run_turn(&llm, &asked, &mut |_| {}, &CancelFlag::default())
            .await
            .unwrap();
        assert_eq!(
            outcome.result.proposed_update, None,
            "not about the student's air"
        );
    }

    #[tokio::test]
    async fn a_refused_written_step_is_asked_once_more_without_the_example() {
        let asked = warrant_turn("can you make my warrant for me");
        let copy = r#"{"sentence":"Cars give shade that keeps the ground cool, so more cars would keep pupils cooler at break."}"#;
        let good = r#"{"sentence":"Fewer cars in the centre means fewer chances for a crash, so banning them makes the centre safer."}"#;
        let llm = ScriptedLlm::new([Ok(copy.to_string()), Ok(good.to_string())]);
        let outcome = run_turn(&llm, &asked, &mut |_| {}, &CancelFlag::default())
            .await
            .unwrap();
        let proposal = outcome.result.proposed_update.unwrap();
        assert!(
            proposal.value.starts_with("Fewer cars"),
            "{}",
            proposal.value
        );
        let requests = llm.requests();
        assert_eq!(requests.len(), 2);
        let retry = &requests[1];
        assert!(!retry.messages[0].content.contains("Example"));
        assert_eq!(retry.limits.temperature, RETRY_TEMPERATURE);
        assert_ne!(retry.limits.seed, requests[0].limits.seed);
        let twice = ScriptedLlm::new([Ok(copy.to_string()), Ok(copy.to_string())]);
        let err = run_turn(&twice, &asked, &mut |_| {}, &CancelFlag::default())
            .await
            .unwrap_err();
        assert_eq!(err.code(), "coach_empty_response");
    }

    #[tokio::test]
    async fn model_errors_keep_their_own_codes() {
        let llm = ScriptedLlm::new([Err(lantern_core::llm::LlmError::Timeout(30))]);
        let err = run_turn(
            &llm,
            &input("hi", false),
            &mut |_| {},
            &CancelFlag::default(),
        )
        .await
        .unwrap_err();
        assert_eq!(err.code(), "model_timeout");
    }

    #[tokio::test]
    async fn a_text_for_the_step_asks_for_one_remark_on_it_and_other_messages_for_a_reply() {
        let asked = input("ok then: homework should stop", true);
        let llm = scripted(r#"{"assistantText":"Why?"}"#, &asked);
        let _ = run_turn(&llm, &asked, &mut |_| {}, &CancelFlag::default()).await;
        let request = &llm.requests()[1];
        assert!(request.system.contains("one short sentence"));
        let content = &request.messages.last().unwrap().content;
        assert!(content.ends_with("Text: homework should stop"), "{content}");
        let mut rewrite = input("can you rewrite it", false);
        rewrite.earlier_in_step = vec!["homework should stop on weekends".into()];
        let llm = scripted(r#"{"assistantText":"Why?","step":"claim"}"#, &rewrite);
        let _ = run_turn(&llm, &rewrite, &mut |_| {}, &CancelFlag::default()).await;
        let request = &llm.requests()[0];
        assert!(
            request.system.contains("asks for a rewrite"),
            "{}",
            request.system
        );
    }

    #[tokio::test]
    async fn a_confirmation_streams_nothing_and_questions_never_stream() {
        let mut confirming = input("yes, use that", false);
        confirming.earlier_in_step = vec![CLAIM.to_string()];
        let (_, streamed) = turn(&proposing(0.9), &confirming).await;
        assert_eq!(streamed, "");
        let reply = r#"{"assistantText":"Your claim is one clear position to argue. What position do you want to argue?","step":"claim"}"#;
        let (_, streamed) = turn(reply, &input("homework is bad for us", false)).await;
        assert_eq!(streamed, "Your claim is one clear position to argue. ");
    }

    #[test]
    fn a_confirmed_message_loses_its_lead_in_and_starts_a_sentence() {
        let mut confirming = input("yes", false);
        confirming.earlier_in_step = vec!["My claim is that schools should act now.".into()];
        assert_eq!(
            confirming.confirmed_text().as_deref(),
            Some("Schools should act now.")
        );
        confirming.user_message = crate::clean_message("no, wait").unwrap();
        assert_eq!(confirming.confirmed_text(), None);
    }

    #[tokio::test]
    async fn malformed_json_is_a_validation_failure() {
        let (outcome, _) = turn(r#"{"assistantText": 3}"#, &input("hi", false)).await;
        assert_eq!(outcome.unwrap_err().code(), "coach_validation_failed");
    }

    #[tokio::test]
    async fn an_empty_reply_text_is_an_empty_response() {
        let (outcome, _) = turn(
            r#"{"assistantText":"  ","step":"claim"}"#,
            &input("hi", false),
        )
        .await;
        assert_eq!(outcome.unwrap_err().code(), "coach_empty_response");
    }

    #[tokio::test]
    async fn the_streamed_text_is_the_reply_text_and_the_display_adds_the_question() {
        let message = input("Schools should act on climate now.", false);
        let (outcome, streamed) = turn(&proposing(0.9), &message).await;
        let outcome = outcome.unwrap();
        assert_eq!(streamed, "Your claim is one clear position to argue. ");
        assert_eq!(
            outcome.display_text,
            "Your claim is one clear position to argue.\n\nIs this the position you want to defend?"
        );
    }

    #[test]
    fn only_a_proposal_for_the_current_step_is_accepted() {
        let mut draft = ToulminDraft::default();
        let wrong = ProposedUpdate {
            field: ToulminStep::Grounds,
            value: "Data".into(),
            rationale: String::new(),
        };
        assert_eq!(
            accept_proposal(ToulminStep::Claim, &mut draft, &wrong)
                .unwrap_err()
                .code(),
            "coach_step_mismatch"
        );
        let right = ProposedUpdate {
            field: ToulminStep::Claim,
            value: CLAIM.into(),
            rationale: String::new(),
        };
        let outcome = accept_proposal(ToulminStep::Claim, &mut draft, &right).unwrap();
        assert_eq!(draft.claim, CLAIM);
        assert_eq!(
            outcome,
            StepOutcome {
                next_step: Some(ToulminStep::Grounds),
                is_complete: false
            }
        );
    }

    #[test]
    fn the_students_own_text_completes_a_step_when_it_fits() {
        let mut draft = ToulminDraft::default();
        assert_eq!(
            advance_step(ToulminStep::Claim, &draft, Language::En)
                .unwrap_err()
                .code(),
            "coach_step_incomplete"
        );
        draft.set(
            ToulminStep::Rebuttal,
            "Unless the homework is optional reading.",
        );
        assert_eq!(
            advance_step(ToulminStep::Rebuttal, &draft, Language::En).unwrap(),
            StepOutcome {
                next_step: None,
                is_complete: true
            }
        );
    }
}
