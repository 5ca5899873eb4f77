//! The model's judgement of a student's text's job (issue #49): one choice from the
//! closed set of [`TextJob`]s under a JSON grammar, asked only when the code's cues are
//! silent or tied. A judgement that would change what the coach does is used only when
//! the same model also reads two authored texts right — evidence as evidence and a
//! claim as a claim — so a model that answers at random is not believed. A bad,
//! failed or timed-out answer is no judgement: the cues decide and the turn goes on.

use super::job::{decide_job, job_weakness, TextJob};
use super::{CoachTurnInput, Language, ToulminStep};
use lantern_core::llm::{generate, CancelFlag, Llm, LlmRequest};
use schemars::JsonSchema;
use serde::Deserialize;

/// Prefix-cache key of the judgement's prompt (fixed, so its evaluated state is reused).
const CACHE_KEY: &str = "coach-job";
/// Longest answer, in tokens: `{"job":"reply_to_rebuttal"}` with room to spare.
const MAX_JOB_TOKENS: u32 = 24;

/// The model's judgement of a text's job, as the coach takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judgement {
    /// The job the model chose.
    pub job: TextJob,
    /// The model chose the other side's view and no cue of the code's confirms it (the
    /// writer read "people who work all week only have Sunday free, so that's when they
    /// could use it" as an objection to Sunday opening): the student is asked which it is.
    pub doubted: bool,
}

/// The model's answer: the job the text does.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct JobChoice {
    /// One job from the closed set.
    pub job: TextJob,
}

/// What the model is told: the jobs, and examples on a topic of their own.
const JOB_INSTRUCTIONS: &str =
    "You read one text from a student's argument and say which job it does. The jobs:
claim: the position the student argues.
evidence: facts, examples or data that support the claim.
reason: why the evidence proves the claim.
backing: where the evidence comes from, or why the reason can be trusted.
qualifier: how sure the claim is, or for whom or when it holds.
rebuttal: a view against the claim, a cost or risk of it, or a case where it fails.
reply_to_rebuttal: an answer to a view against the claim.
other: none of these.
Examples, for the claim \"Schools should plant more trees in their playgrounds\":
\"schools should plant more trees\" -> claim
\"our playground reached 40 degrees in June\" -> evidence
\"the old oak keeps its corner much cooler than the rest\" -> evidence
\"shade keeps the ground cool, so pupils would be cooler at break\" -> reason
\"the temperatures come from the school's weather station\" -> backing
\"studies of city parks show that shade cools the ground\" -> backing
\"probably in most schools with sunny playgrounds\" -> qualifier
\"trees drop leaves that someone has to sweep up every day\" -> rebuttal
\"los árboles cuestan dinero que el colegio necesita para libros\" -> rebuttal
\"the leaves could go on the school compost heap\" -> reply_to_rebuttal
Answer with JSON only.";

/// What the prompt says when the student has no claim yet.
const NO_CLAIM: &str = "(not written yet)";

/// Two authored texts whose jobs are known, in `language`: evidence, then a claim.
fn anchors(language: Language) -> [(&'static str, TextJob); 2] {
    match language {
        Language::En => [
            (
                "Our playground reached 40 degrees in June, and the part under the old oak stayed 8 degrees cooler.",
                TextJob::Evidence,
            ),
            ("Towns should build more safe bike lanes.", TextJob::Claim),
        ],
        Language::Es => [
            (
                "El patio llegó a 40 grados en junio, y la parte bajo el roble viejo estuvo 8 grados más fresca.",
                TextJob::Evidence,
            ),
            (
                "Los museos deberían ser gratis para los estudiantes.",
                TextJob::Claim,
            ),
        ],
    }
}

/// The request for the job of `text`, read against `claim` (the student's, when written).
pub fn job_request(claim: &str, text: &str) -> LlmRequest {
    let claim = Some(claim.trim())
        .filter(|c| !c.is_empty())
        .unwrap_or(NO_CLAIM);
    let content = format!("Claim: {claim}\nText: \"{}\"", text.trim());
    let mut request = LlmRequest::new(JOB_INSTRUCTIONS, content).with_cache_key(CACHE_KEY);
    request.limits.max_tokens = MAX_JOB_TOKENS;
    request.limits.temperature = 0.0;
    request
}

/// The model's choice for one text; `None` when its answer failed.
async fn choose(llm: &dyn Llm, claim: &str, text: &str, cancel: &CancelFlag) -> Option<TextJob> {
    match generate::<JobChoice>(llm, &job_request(claim, text), cancel).await {
        Ok(choice) => Some(choice.job),
        Err(e) => {
            tracing::info!("coach: no judgement of the text's job ({e})");
            None
        }
    }
}

/// The model's judgement of the job of `text` in `input`'s turn, given the code's
/// `cues`: `None` when it failed or when it would change what code decides and the
/// model misreads the authored texts whose jobs are known; doubted when it names the
/// other side's view and no cue confirms it.
pub async fn judge_job(
    llm: &dyn Llm,
    input: &CoachTurnInput,
    text: &str,
    cues: &[TextJob],
    cancel: &CancelFlag,
) -> Option<Judgement> {
    let step = input.current_step;
    let claim = input.draft.get(ToulminStep::Claim);
    let chosen = choose(llm, claim, text, cancel).await?;
    let acts = decide_job(step, cues, Some(chosen))
        .filter(|job| *job == chosen)
        .and_then(|job| job_weakness(step, job))
        .is_some();
    let judgement = |doubted| {
        Some(Judgement {
            job: chosen,
            doubted,
        })
    };
    if !acts {
        return judgement(false);
    }
    if !reads_known_texts(llm, input.language, cancel).await {
        tracing::info!("coach: the model's judgement {chosen:?} is not used");
        return None;
    }
    // The other side's view is a claim about the student's own text: believed only
    // where a cue of the code's confirms it, else asked about.
    judgement(chosen == TextJob::Rebuttal && cues.is_empty())
}

/// Whether the model reads the two authored texts whose jobs are known, in `language`,
/// right — evidence as evidence, then a claim as a claim: what the coach asks of a
/// model before believing its judgement or asking it for an improvement (the small
/// pack models read them at random; the writer reads them right).
pub async fn reads_known_texts(llm: &dyn Llm, language: Language, cancel: &CancelFlag) -> bool {
    for (anchor, known) in anchors(language) {
        let read = choose(llm, "", anchor, cancel).await;
        if read != Some(known) {
            tracing::info!("coach: the model read {anchor:?} as {read:?}, not {known:?}");
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::llm::{LlmError, ScriptedLlm};

    fn input(step: ToulminStep) -> CoachTurnInput {
        let mut input = CoachTurnInput::first_message(step, "a text", Language::En);
        input.draft.set(
            ToulminStep::Claim,
            "Our school should grow its own vegetables.",
        );
        input
    }

    fn answers(jobs: &[&str]) -> ScriptedLlm {
        ScriptedLlm::new(jobs.iter().map(|j| Ok(format!(r#"{{"job":"{j}"}}"#))))
    }

    fn sure(job: TextJob) -> Judgement {
        Judgement {
            job,
            doubted: false,
        }
    }

    async fn judged(llm: &ScriptedLlm, step: ToulminStep, cues: &[TextJob]) -> Option<Judgement> {
        let text = "looking after a garden takes time from lessons";
        judge_job(llm, &input(step), text, cues, &CancelFlag::default()).await
    }

    #[tokio::test]
    async fn a_judgement_that_changes_the_reply_is_used_when_the_model_reads_the_known_texts_right()
    {
        let llm = answers(&["evidence", "evidence", "claim"]);
        assert_eq!(
            judged(&llm, ToulminStep::Claim, &[]).await,
            Some(sure(TextJob::Evidence))
        );
        let llm = answers(&["rebuttal", "evidence", "claim"]);
        let tied = [TextJob::Rebuttal, TextJob::Evidence];
        assert_eq!(
            judged(&llm, ToulminStep::WarrantBacking, &tied).await,
            Some(sure(TextJob::Rebuttal))
        );
        let asked = llm.requests();
        assert_eq!(asked.len(), 3);
        assert!(asked[0].messages[0]
            .content
            .contains("Claim: Our school should grow"));
        assert!(asked[1].messages[0].content.contains("40 degrees"));
        assert_eq!(asked[0].limits.temperature, 0.0);
    }

    #[tokio::test]
    async fn a_model_that_misreads_a_known_text_is_not_believed() {
        let llm = answers(&["rebuttal", "rebuttal"]);
        assert_eq!(judged(&llm, ToulminStep::WarrantBacking, &[]).await, None);
        assert_eq!(
            llm.requests().len(),
            2,
            "the claim is not asked once one failed"
        );
        let llm = answers(&["rebuttal", "evidence", "rebuttal"]);
        assert_eq!(judged(&llm, ToulminStep::WarrantBacking, &[]).await, None);
    }

    #[tokio::test]
    async fn the_other_sides_view_no_cue_confirms_is_doubted() {
        let llm = answers(&["rebuttal", "evidence", "claim"]);
        let doubted = Judgement {
            job: TextJob::Rebuttal,
            doubted: true,
        };
        assert_eq!(
            judged(&llm, ToulminStep::WarrantBacking, &[]).await,
            Some(doubted)
        );
    }

    #[tokio::test]
    async fn a_judgement_that_changes_nothing_needs_no_check() {
        let llm = answers(&["backing"]);
        assert_eq!(
            judged(&llm, ToulminStep::WarrantBacking, &[]).await,
            Some(sure(TextJob::Backing))
        );
        assert_eq!(llm.requests().len(), 1);
    }

    #[tokio::test]
    async fn a_failed_or_bad_answer_is_no_judgement() {
        let timed_out = ScriptedLlm::new([Err(LlmError::Timeout(30))]);
        assert_eq!(judged(&timed_out, ToulminStep::Grounds, &[]).await, None);
        let bad = ScriptedLlm::new([Ok(r#"{"job":"warrant"}"#.to_string())]);
        assert_eq!(judged(&bad, ToulminStep::Grounds, &[]).await, None);
    }

    #[test]
    fn the_grammar_is_the_closed_set_of_jobs() {
        let schema = lantern_core::llm::schema_of::<JobChoice>();
        let text = schema.to_string();
        for job in [
            "claim",
            "evidence",
            "reason",
            "backing",
            "qualifier",
            "rebuttal",
            "reply_to_rebuttal",
            "other",
        ] {
            assert!(text.contains(&format!("\"{job}\"")), "{job}: {text}");
        }
    }
}
