//! The job a student's text does in an argument — claim, evidence, reason, backing,
//! qualifier, the other side's view (rebuttal), a reply to it, or none — read from the
//! code's cues and, where they are silent or tied, from the model's judgement
//! ([`super::judge`]); code decides which reading wins and what the coach says of it.

use super::step_checks::{
    concedes_in_reply, opens_with_objection, opens_with_reply, reads_like_grounds,
};
use super::weak_text::{needs_support, Weakness};
use super::ToulminStep;
use lantern_core::text::normalize::normalize;
use schemars::JsonSchema;
use serde::Deserialize;

/// The jobs a text can do, the closed set the model chooses from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TextJob {
    /// The position argued.
    Claim,
    /// Facts, examples or data for the claim.
    Evidence,
    /// Why the evidence proves the claim (the warrant).
    Reason,
    /// Where the evidence comes from, or why the reason can be trusted.
    Backing,
    /// How sure the claim is, or for whom or when it holds.
    Qualifier,
    /// A view against the claim, a cost of it, or a case where it fails.
    Rebuttal,
    /// An answer to a view against the claim.
    ReplyToRebuttal,
    /// None of these.
    Other,
}

/// The jobs the code's cues name clearly for `text` offered at `step`, in the order the
/// weakness check reads them: the other side's view by its opening ("some people
/// say…"), a reply to it ("but…") at a step that builds the student's own side, and
/// evidence offered as the claim (figures, "according to…").
pub fn cue_jobs(step: ToulminStep, text: &str) -> Vec<TextJob> {
    let plain = normalize(text.trim());
    let cues = [
        (
            step != ToulminStep::Rebuttal && opens_with_objection(&plain),
            TextJob::Rebuttal,
        ),
        (
            (needs_support(step) && opens_with_reply(&plain))
                || (step != ToulminStep::Rebuttal && concedes_in_reply(&plain)),
            TextJob::ReplyToRebuttal,
        ),
        (
            step == ToulminStep::Claim && reads_like_grounds(&plain),
            TextJob::Evidence,
        ),
    ];
    cues.into_iter()
        .filter(|(found, _)| *found)
        .map(|(_, job)| job)
        .collect()
}

/// What the coach says of a text doing `job` at `step`, when that job belongs to a step
/// still to come for which the app keeps it: the other side's view or a reply to it
/// before the rebuttal, evidence offered as the claim. `None` for the step's own job,
/// for "other" and for the jobs of steps already passed.
pub fn job_weakness(step: ToulminStep, job: TextJob) -> Option<Weakness> {
    // The claim's step has no claim yet to object to or to defend.
    let opposes = !matches!(step, ToulminStep::Claim | ToulminStep::Rebuttal);
    match job {
        TextJob::Rebuttal if opposes => Some(Weakness::RebuttalAtOtherStep),
        TextJob::ReplyToRebuttal if opposes => Some(Weakness::ReplyAtOtherStep),
        TextJob::Evidence if step == ToulminStep::Claim => Some(Weakness::ClaimLooksLikeGrounds),
        _ => None,
    }
}

/// The job code decides a text at `step` does, from its `cues` and the model's choice:
/// one clear cue wins; among tied cues the model's choice decides when it names one of
/// them, else the first; with no cue the model's choice counts only when the app can
/// keep the text for its step ([`job_weakness`]). `None`: the text is read as the
/// step's own.
pub fn decide_job(step: ToulminStep, cues: &[TextJob], model: Option<TextJob>) -> Option<TextJob> {
    match cues {
        [] => model.filter(|job| job_weakness(step, *job).is_some()),
        [clear] => Some(*clear),
        tied => model
            .filter(|job| tied.contains(job))
            .or(tied.first().copied()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ToulminStep::*;

    #[test]
    fn before_a_claim_nothing_is_the_other_sides_view() {
        assert_eq!(job_weakness(Claim, TextJob::Rebuttal), None);
        assert_eq!(job_weakness(Claim, TextJob::ReplyToRebuttal), None);
        assert_eq!(
            job_weakness(Grounds, TextJob::Rebuttal),
            Some(Weakness::RebuttalAtOtherStep)
        );
        assert_eq!(
            crate::weak_text::other_job_weakness(Claim, "my parents say phones should be banned"),
            None
        );
        assert_eq!(
            crate::weak_text::other_job_weakness(Claim, "some people say uniforms are unfair"),
            None
        );
    }

    #[test]
    fn the_cues_name_the_other_side_a_reply_and_evidence_offered_as_the_claim() {
        assert_eq!(
            cue_jobs(WarrantBacking, "some drivers say they need their car"),
            [TextJob::Rebuttal]
        );
        assert_eq!(
            cue_jobs(Grounds, "but there are buses they could use"),
            [TextJob::ReplyToRebuttal]
        );
        assert_eq!(
            cue_jobs(Claim, "According to the police, 40 crashes happened."),
            [TextJob::Evidence]
        );
        assert!(cue_jobs(
            WarrantBacking,
            "looking after a garden takes time from lessons"
        )
        .is_empty());
        assert!(cue_jobs(
            Rebuttal,
            "some people say it costs too much, unless it is free"
        )
        .is_empty());
    }

    #[test]
    fn one_clear_cue_wins_over_the_model() {
        assert_eq!(
            decide_job(Grounds, &[TextJob::Rebuttal], Some(TextJob::Evidence)),
            Some(TextJob::Rebuttal)
        );
    }

    #[test]
    fn tied_cues_are_decided_by_the_model_when_it_names_one_of_them() {
        let tied = [TextJob::Rebuttal, TextJob::Evidence];
        assert_eq!(
            decide_job(Claim, &tied, Some(TextJob::Evidence)),
            Some(TextJob::Evidence)
        );
        assert_eq!(
            decide_job(Claim, &tied, Some(TextJob::Backing)),
            Some(TextJob::Rebuttal)
        );
        assert_eq!(decide_job(Claim, &tied, None), Some(TextJob::Rebuttal));
    }

    #[test]
    fn with_silent_cues_the_models_choice_counts_only_for_a_step_still_to_come() {
        assert_eq!(
            decide_job(WarrantBacking, &[], Some(TextJob::Rebuttal)),
            Some(TextJob::Rebuttal)
        );
        assert_eq!(
            decide_job(Claim, &[], Some(TextJob::Evidence)),
            Some(TextJob::Evidence)
        );
        // A step already passed, the step's own job, or none: the step's own reading.
        assert_eq!(decide_job(WarrantBacking, &[], Some(TextJob::Claim)), None);
        assert_eq!(decide_job(Warrant, &[], Some(TextJob::Evidence)), None);
        assert_eq!(decide_job(Warrant, &[], Some(TextJob::Reason)), None);
        assert_eq!(decide_job(Grounds, &[], Some(TextJob::Other)), None);
        assert_eq!(decide_job(Grounds, &[], None), None);
    }

    #[test]
    fn the_other_sides_view_and_a_reply_to_it_are_kept_for_the_rebuttal() {
        assert_eq!(
            job_weakness(Qualifier, TextJob::Rebuttal),
            Some(Weakness::RebuttalAtOtherStep)
        );
        assert_eq!(
            job_weakness(Grounds, TextJob::ReplyToRebuttal),
            Some(Weakness::ReplyAtOtherStep)
        );
        assert_eq!(job_weakness(Rebuttal, TextJob::Rebuttal), None);
        assert_eq!(job_weakness(Rebuttal, TextJob::ReplyToRebuttal), None);
    }

    #[test]
    fn evidence_offered_as_the_claim_is_kept_for_the_grounds() {
        assert_eq!(
            job_weakness(Claim, TextJob::Evidence),
            Some(Weakness::ClaimLooksLikeGrounds)
        );
        assert_eq!(job_weakness(Grounds, TextJob::Evidence), None);
        assert_eq!(job_weakness(Claim, TextJob::Claim), None);
    }
}
