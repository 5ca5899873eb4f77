//! The two readers of meaning together (issue #49 item 3, "the model reads, code
//! verifies"): the embedder's closeness of the question to each offered sentence and
//! the model's likelihood of the question under each ([`crate::likely`]). Each is put on
//! one scale — standardised over the offered sentences, so the spread of one note's
//! values, not the model or the language, sets what counts as far ahead — and the
//! likelihood weighs twice, as it reads the question whole. Measured on 135 questions of
//! nine blind modules whose note was right (docs/evals.md, "Twenty-seventh round").

use super::likely;
use super::ranking::{asked_terms, named_count, named_weight, z_scores_or_zero};
use lantern_core::text::terms::content_terms;

/// How much more the likelihood weighs than the closeness in the joint reading.
pub const LIKELIHOOD_WEIGHT: f32 = 2.0;

/// How far ahead of the answer another sentence must be, in the joint reading, to
/// answer instead.
pub const LEAD: f32 = 1.5;

/// Each offered sentence with its joint reading: its closeness and its likelihood, each
/// standardised over the sentences (`ranking::z_scores_or_zero`), the likelihood
/// weighted by [`LIKELIHOOD_WEIGHT`]. Empty when a reading is missing for a sentence,
/// or either reader is not a number.
pub fn joint(closeness: &[(String, f32)], likelihood: &[(String, f64)]) -> Vec<(String, f32)> {
    let paired: Option<Vec<(&String, f32, f32)>> = closeness
        .iter()
        .map(|(s, c)| {
            let (_, l) = likelihood.iter().find(|(t, _)| t == s)?;
            (c.is_finite() && l.is_finite()).then_some((s, *c, *l as f32))
        })
        .collect();
    let Some(paired) = paired.filter(|p| p.len() >= 2) else {
        return Vec::new();
    };
    let close = z_scores_or_zero(&paired.iter().map(|p| p.1).collect::<Vec<_>>());
    let likely = z_scores_or_zero(&paired.iter().map(|p| p.2).collect::<Vec<_>>());
    paired
        .iter()
        .zip(close.iter().zip(&likely))
        .map(|((s, _, _), (c, l))| ((*s).clone(), c + LIKELIHOOD_WEIGHT * l))
        .collect()
}

/// Whether `pick` is first in both readings: the closest in meaning and the likeliest.
/// Three readers then agree, and a sentence naming more of the question's words does
/// not answer instead ("y qué hago esa media hora si no puedo mirar el celular?" is
/// answered by "En esa media hora, haz algo tranquilo…", not by the rule naming the
/// phone and the half hour).
pub fn first_in_both(
    pick: &str,
    closeness: &[(String, f32)],
    likelihood: &[(String, f64)],
) -> bool {
    let closest = closeness.iter().max_by(|a, b| a.1.total_cmp(&b.1));
    closest.is_some_and(|(s, _)| s == pick) && likely::likeliest(likelihood) == Some(pick)
}

/// Most terms a short question names for the sentence opening on one of them to be
/// about it ([`opens_on_what_a_short_question_names`]).
const SHORT_QUESTION_TERMS: usize = 2;

/// Whether `sentence` is about what a short `message` names: the message names at most
/// [`SHORT_QUESTION_TERMS`] terms, and the sentence opens on one of them, its first
/// content term ("y con q le quito lo grasoso" is about the grease "La grasa se cubre
/// con unas gotas de lavavajillas…" opens on; "El vino… va antes que la grasa" names it
/// in passing). A longer message is read by all it names.
fn opens_on_what_a_short_question_names(sentence: &str, message: &str) -> bool {
    let asked = asked_terms(message);
    asked.len() <= SHORT_QUESTION_TERMS
        && content_terms(sentence)
            .first()
            .is_some_and(|first| named_count(&first.word, &asked) > 0)
}

/// The sentence first in the joint reading ([`joint`]) when it is [`LEAD`] or more
/// ahead of `answer` and names more of the question (`named_weight`), or as much when
/// `answer` is not about what a short question names
/// ([`opens_on_what_a_short_question_names`]): "tengo un balcón chiquito,
/// ¿puedo hacer compost ahí?" is answered by "Si tienes terraza, puedes hacer
/// compost…", far likelier, not by the sentence on compost that smells; "y con q le
/// quito lo grasoso" keeps "La grasa se cubre…" against the wine sentence naming the
/// grease last. `None` when the answer stands.
pub fn ahead_of(
    answer: &str,
    closeness: &[(String, f32)],
    likelihood: &[(String, f64)],
    message: &str,
) -> Option<String> {
    let read = joint(closeness, likelihood);
    let answer_value = read.iter().find(|(s, _)| s == answer)?.1;
    let (best, value) = read.iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
    let (best_names, answer_names) = (named_weight(best, message), named_weight(answer, message));
    let names_enough = best_names > answer_names
        || (best_names == answer_names && !opens_on_what_a_short_question_names(answer, message));
    (best != answer && value - answer_value >= LEAD && names_enough).then(|| best.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compost() -> Vec<String> {
        vec![
            "Food scraps and coffee grounds go in the brown bin.".to_string(),
            "If you have a terrace, you can compost in a bucket with holes.".to_string(),
            "If the compost smells, it is too wet: add dry leaves.".to_string(),
        ]
    }

    fn with<T: Copy>(sentences: &[String], values: [T; 3]) -> Vec<(String, T)> {
        sentences.iter().cloned().zip(values).collect()
    }

    #[test]
    fn the_likelihood_weighs_twice_the_closeness() {
        let s = compost();
        let read = joint(
            &with(&s, [0.40, 0.51, 0.59]),
            &with(&s, [-85.6, -61.0, -76.8]),
        );
        let best = read.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        assert_eq!(best.0, s[1]);
    }

    #[test]
    fn a_missing_or_broken_reading_reads_nothing() {
        let s = compost();
        assert!(joint(
            &with(&s, [0.4, 0.5, 0.6]),
            &with(&s, [-1.0, -2.0, -3.0])[..2]
        )
        .is_empty());
        assert!(joint(
            &with(&s, [0.4, f32::NAN, 0.6]),
            &with(&s, [-1.0, -2.0, -3.0])
        )
        .is_empty());
        assert!(joint(&with(&s, [0.4, 0.5, 0.6]), &[]).is_empty());
    }

    #[test]
    fn values_that_do_not_spread_stand_at_zero() {
        assert_eq!(z_scores_or_zero(&[0.3, 0.3]), vec![0.0, 0.0]);
        assert_eq!(z_scores_or_zero(&[1.0, 3.0]), vec![-1.0, 1.0]);
    }

    /// What answers instead of the sentence on compost that smells, with each
    /// sentence's `closeness` and `likelihood`.
    fn instead_of_smells(
        closeness: [f32; 3],
        likelihood: [f64; 3],
        message: &str,
    ) -> Option<String> {
        let s = compost();
        ahead_of(&s[2], &with(&s, closeness), &with(&s, likelihood), message)
    }

    #[test]
    fn a_sentence_far_ahead_naming_as_much_answers() {
        let message = "i have a tiny balcony, can i compost there?";
        let got = instead_of_smells([0.40, 0.51, 0.59], [-85.6, -61.0, -76.8], message);
        assert_eq!(got, Some(compost()[1].clone()));
    }

    #[test]
    fn a_sentence_naming_less_of_the_question_does_not_answer() {
        let message = "my compost smells, is it too wet?";
        let got = instead_of_smells([0.40, 0.51, 0.59], [-85.6, -61.0, -76.8], message);
        assert_eq!(got, None);
    }

    #[test]
    fn an_answer_about_what_is_named_stands_against_one_naming_it_in_passing() {
        let s = compost();
        let message = "and with the compost?";
        // The likelier sentence names the compost too, but opens on the terrace.
        let got = ahead_of(
            &s[2],
            &with(&s, [0.40, 0.51, 0.59]),
            &with(&s, [-85.6, -61.0, -76.8]),
            message,
        );
        assert_eq!(got, None);
    }

    #[test]
    fn an_answer_close_behind_stands() {
        let got = instead_of_smells(
            [0.40, 0.58, 0.59],
            [-85.6, -76.0, -76.8],
            "can i compost there?",
        );
        assert_eq!(got, None);
    }

    #[test]
    fn only_a_sentence_first_in_both_readings_is_first_in_both() {
        let s = compost();
        let close = with(&s, [0.40, 0.51, 0.59]);
        assert!(first_in_both(
            &s[2],
            &close,
            &with(&s, [-85.0, -80.0, -70.0])
        ));
        assert!(!first_in_both(
            &s[2],
            &close,
            &with(&s, [-85.0, -61.0, -70.0])
        ));
        assert!(!first_in_both(&s[2], &close, &[]));
    }
}
