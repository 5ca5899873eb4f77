//! A tutor timeline item as the command line prints it.

use lantern_tutor::{TutorCard, TutorMessage, TutorRole};

/// Prints one timeline item as text.
pub fn print_message(m: &TutorMessage) {
    let who = match m.role {
        TutorRole::User => "student",
        TutorRole::Assistant => "tutor",
    };
    outln!("{who}: {}", m.text);
    match &m.card {
        Some(TutorCard::Concept {
            key_ideas,
            worked_example,
            ..
        }) => {
            for idea in key_ideas {
                outln!("  • {idea}");
            }
            if let Some(e) = worked_example {
                outln!("  example: {} ⇒ {}", e.problem_latex, e.final_answer_latex);
            }
        }
        Some(TutorCard::Drill {
            prompt,
            question_latex,
            ..
        }) => {
            outln!("  [drill] {prompt}  {question_latex}");
        }
        Some(TutorCard::Exam {
            question_id,
            difficulty_tier,
            ..
        }) => {
            outln!("  [exam] {question_id} ({})", difficulty_tier.as_str());
        }
        Some(TutorCard::DrillFeedback {
            is_correct,
            expected_answer,
            reason,
            common_mistake_tag,
            ..
        }) => {
            let verdict = if *is_correct {
                "correct"
            } else {
                "not accepted"
            };
            outln!(
                "  [graded] {verdict}; expected {expected_answer}{}{}",
                reason
                    .as_deref()
                    .map(|r| format!("; {r}"))
                    .unwrap_or_default(),
                common_mistake_tag
                    .as_deref()
                    .map(|t| format!("; mistake: {t}"))
                    .unwrap_or_default()
            );
        }
        Some(TutorCard::ExamOutcome {
            question_id,
            outcome,
            locked_until,
            mastery_tier,
            ..
        }) => {
            outln!(
                "  [exam {question_id}] {outcome:?}{}; mastery {}",
                locked_until
                    .as_deref()
                    .map(|t| format!(", locked until {t}"))
                    .unwrap_or_default(),
                format!("{mastery_tier:?}").to_lowercase()
            );
        }
        None => {}
    }
}
