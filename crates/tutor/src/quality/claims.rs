//! `claim_true` (issue #47): every model sentence shown is said by ONE source sentence
//! — of the course's authored text or the passage — on its own, not put together from
//! words of several sentences or of the student's question
//! ([`one_sentence_gaps`]).

use super::shown::{refs, ShownTurn};
use lantern_core::eval::Check;
use lantern_core::text::support::one_sentence_gaps;
use lantern_core::text::tidy::sentences;

/// `claim_true`: each sentence of the model's shown has a single source sentence that
/// says all of it.
pub(super) fn claim_true(t: &ShownTurn<'_>) -> Check {
    let mut sources = refs(t.authored);
    if let Some(p) = t.passage {
        sources.push(&p.full_text);
    }
    let unsaid: Vec<String> = sentences(&t.log.model_text)
        .into_iter()
        .filter_map(|s| {
            let gaps = one_sentence_gaps(s, &sources);
            (!gaps.is_empty()).then(|| format!("{s} (no one sentence says {})", gaps.join(", ")))
        })
        .collect();
    Check::new("claim_true", unsaid.is_empty(), || unsaid.join(" | "))
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{passage, Turn};
    use super::*;

    #[test]
    fn a_sentence_assembled_from_several_is_not_a_true_claim() {
        let mut turn = Turn::new("why did the french revolution happen", "").with_model(
            "The French Revolution happened because it did not give women equal rights.",
        );
        turn.passage = Some(passage(
            "The revolution did not give women equal political rights.",
        ));
        let check = claim_true(&turn.shown());
        assert!(!check.passed);
        assert!(check.detail.unwrap().contains("happened"));
        let turn = Turn::new("what were the three estates", "")
            .with_model("The three estates were the clergy, the nobility and the commoners.");
        assert!(claim_true(&turn.shown()).passed);
        assert!(claim_true(&Turn::new("hi", "Let's work on it.").shown()).passed);
    }
}
