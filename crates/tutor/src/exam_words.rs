//! What the tutor writes on an exam event (spec 001, PV-AI-015/016): the words of the
//! outcome card, and the student's side of the timeline (the option submitted, or the
//! worked solution or video viewed).

use super::evidence::EvidenceEffect;
use super::exam::SupportKind;
use super::message::ExamOutcomeKind;
use super::messages::MESSAGES;
use lantern_core::language::Language;
use lantern_core::say;

/// What the tutor says after an exam event on the unit titled `title`: the outcome,
/// then whether the unit's mastery rose or a failed re-check flagged it for review.
pub fn outcome_words(
    outcome: ExamOutcomeKind,
    effect: &EvidenceEffect,
    title: &str,
    language: Language,
) -> String {
    let text = match outcome {
        ExamOutcomeKind::Passed => say!(MESSAGES, language, "tutor-exam-passed", title = title),
        ExamOutcomeKind::Incorrect => {
            say!(MESSAGES, language, "tutor-exam-incorrect", title = title)
        }
        ExamOutcomeKind::MemoViewed | ExamOutcomeKind::VideoViewed => {
            say!(MESSAGES, language, "tutor-exam-support-viewed")
        }
    };
    let extra = match (effect.tier_rose, effect.flagged_for_review) {
        (true, _) => say!(MESSAGES, language, "tutor-exam-mastery-up"),
        (false, true) => say!(MESSAGES, language, "tutor-exam-review-flagged"),
        (false, false) => return text,
    };
    format!("{text} {extra}")
}

/// The student's side of the timeline for a submitted exam answer ("My answer: B").
pub fn answer_words(option_id: &str, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "tutor-exam-my-answer",
        option = option_id.trim()
    )
}

/// The student's side of the timeline after viewing a question's worked solution or
/// video.
pub fn support_words(kind: SupportKind, language: Language) -> String {
    match kind {
        SupportKind::Memo => say!(MESSAGES, language, "tutor-exam-viewed-memo"),
        SupportKind::Video => say!(MESSAGES, language, "tutor-exam-watched-video"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outcome_says_what_happened_and_what_it_changed() {
        let rose = EvidenceEffect {
            tier_rose: true,
            ..EvidenceEffect::default()
        };
        assert_eq!(
            outcome_words(ExamOutcomeKind::Passed, &rose, "Angles", Language::En),
            "Correct — a pass on “Angles”. Your mastery went up."
        );
        let flagged = EvidenceEffect {
            flagged_for_review: true,
            ..EvidenceEffect::default()
        };
        assert_eq!(
            outcome_words(
                ExamOutcomeKind::Incorrect,
                &flagged,
                "Ángulos",
                Language::Es
            ),
            "Esta vez no. La pregunta queda bloqueada 24 horas; practiquemos «Ángulos» y \
             volvamos a ella. Era una pregunta de repaso: la unidad queda marcada para repasar."
        );
        assert_eq!(
            outcome_words(
                ExamOutcomeKind::VideoViewed,
                &EvidenceEffect::default(),
                "Angles",
                Language::En
            ),
            "Here is the worked solution. The question is locked for 24 hours, then you can \
             try it again."
        );
    }

    #[test]
    fn the_students_side_names_the_option_or_what_was_viewed() {
        assert_eq!(answer_words(" B ", Language::En), "My answer: B");
        assert_eq!(answer_words("C", Language::Es), "Mi respuesta: C");
        assert_eq!(
            support_words(SupportKind::Memo, Language::Es),
            "(vio la solución resuelta)"
        );
        assert_eq!(
            support_words(SupportKind::Video, Language::En),
            "(watched the video walkthrough)"
        );
    }
}
