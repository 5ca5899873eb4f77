//! The tutor's eval rubric (docs/evals.md): computed checks of one turn — did the model's
//! answer pass validation, did the action follow the policy's intent (a blocked
//! prerequisite is tutored first), did mapping find the expected unit, is the reply
//! anchored to the retrieved material and in the conversation's language.

use super::anchoring::is_anchored;
use super::contract::TutorAction;
use super::log::TurnLog;
use super::message::TutorCard;
use crate::eval::Check;
use crate::language::Language;
use crate::text::tidy::detect_language;

/// What a case expects of a turn.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TurnExpectation {
    /// The unit the message should map to (top mapped unit).
    pub mapped: Option<String>,
    /// The unit the turn must tutor.
    pub focus: Option<String>,
    /// The acceptable actions.
    pub actions: Option<Vec<TutorAction>>,
}

/// The words a reply shows: its text and its card.
pub fn shown_text(text: &str, card: Option<&TutorCard>) -> String {
    let mut out = text.to_string();
    match card {
        Some(TutorCard::Concept { key_ideas, .. }) => {
            for idea in key_ideas {
                out.push(' ');
                out.push_str(idea);
            }
        }
        Some(TutorCard::Drill {
            prompt,
            question_latex,
            ..
        }) => {
            out.push(' ');
            out.push_str(prompt);
            out.push(' ');
            out.push_str(question_latex);
        }
        _ => {}
    }
    out
}

/// The checks of one turn whose log is `log`, shown words `shown`, against `expect`;
/// `material` is what the turn retrieved about the unit it tutors.
pub fn score_turn(
    log: &TurnLog,
    shown: &str,
    material: &str,
    language: Language,
    expect: &TurnExpectation,
) -> Vec<Check> {
    let mut checks = vec![Check::new("valid_without_fallback", log.validated, || {
        log.fallback_reason.clone().unwrap_or_default()
    })];
    let intended = match &expect.actions {
        Some(actions) => actions.contains(&log.chosen_action),
        None => log.planned_actions.contains(&log.chosen_action),
    };
    let unit_ok = expect
        .focus
        .as_ref()
        .is_none_or(|f| *f == log.chosen_unit_id);
    checks.push(Check::new(
        "action_follows_policy",
        intended && unit_ok,
        || format!("{} on {}", log.chosen_action.as_str(), log.chosen_unit_id),
    ));
    if let Some(unit) = &expect.mapped {
        let top = log.mapped_units.first().map(|m| m.unit_id.as_str());
        checks.push(Check::new(
            "mapped_to_unit",
            top == Some(unit.as_str()),
            || format!("mapped {top:?}"),
        ));
    }
    checks.push(Check::new(
        "anchored_to_unit",
        is_anchored(shown, material),
        || shown.chars().take(80).collect(),
    ));
    let detected = detect_language(shown);
    checks.push(Check::new(
        "language_matches",
        detected.is_none_or(|l| l == language),
        || format!("{detected:?}"),
    ));
    checks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_counts_as_shown_words() {
        let card = TutorCard::Drill {
            unit_id: "U".into(),
            prompt: "Solve for x".into(),
            question_latex: "2x+3=11".into(),
        };
        assert!(shown_text("Try it.", Some(&card)).contains("2x+3=11"));
    }
}
