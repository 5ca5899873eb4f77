//! Validation of the model's answer (spec 001, PV-AI-012): the policy's rules plus the
//! turn's plan and the contract's limits. Any violation is answered by the fallback,
//! with no retry; the reason is logged.

use super::anchoring::more_about_another;
use super::contract::{LlmDrillCard, LlmTutorResponse, TutorAction};
use super::drill::{check_model_drill, model_drill_key, DrillKey, ModelDrillCheck};
use super::plan::TurnPlan;
use super::policy::{TutorPolicy, MAX_CONCEPT_WORDS, MAX_KEY_IDEAS};
use super::quality::shown_text;
use super::reply::{card_of, TutorReply};
use super::snapshot::TurnAnalysis;
use crate::course::Unit;
use crate::language::Language;
use crate::text::tidy::{detect_language, is_readable, strip_unsafe_chars, tidy_reply};
use crate::tutor::contract::ExamAvailability;

/// Most words in `tutor_text`.
pub const MAX_TUTOR_WORDS: usize = 70;
/// Most relation signs in a drill question (one equation or inequality per step).
pub const MAX_DRILL_RELATIONS: usize = 2;

/// What an answer is checked against.
#[derive(Debug, Clone, Copy)]
pub struct RuleContext<'a> {
    /// The turn's policy.
    pub policy: &'a TutorPolicy,
    /// The turn's plan.
    pub plan: &'a TurnPlan,
    /// Question ids that can be attempted now.
    pub attemptable: &'a [String],
    /// The thread's language.
    pub language: Language,
    /// Every unit of the course (for the analysis).
    pub course_units: &'a [String],
    /// The focus unit and the other scoped units, to tell what a reply is about.
    pub focus_unit: Option<&'a Unit>,
    /// The scoped units other than the focus.
    pub other_units: &'a [&'a Unit],
}

fn words(text: &str) -> usize {
    text.split_whitespace().count()
}

/// Relation signs in a LaTeX question: `=`, `<`, `>`, `≤`, `≥`, `\le`, `\ge`, `\neq`.
fn relations(latex: &str) -> usize {
    let symbols = latex
        .chars()
        .filter(|c| matches!(c, '=' | '<' | '>' | '≤' | '≥' | '≠'))
        .count();
    let commands = ["\\le", "\\ge", "\\neq", "\\lt", "\\gt"]
        .iter()
        .map(|c| latex.matches(c).count())
        .sum::<usize>();
    symbols + commands
}

/// Checks the answer against the policy, the plan and the limits; `Err` says why not.
pub fn validate_against_policy(r: &LlmTutorResponse, x: &RuleContext<'_>) -> Result<(), String> {
    let action = r.action.as_str();
    if !x.policy.allowed_actions.contains(&r.action) {
        return Err(format!("{action} is not an allowed action"));
    }
    if !x.plan.actions.contains(&r.action) {
        return Err(format!("{action} is not what this turn asked for"));
    }
    if !x.policy.scoped_unit_ids.contains(&r.target_unit_id) {
        return Err(format!(
            "target {:?} is outside the scoped units",
            r.target_unit_id
        ));
    }
    if !x.plan.target_unit_ids.contains(&r.target_unit_id) {
        return Err(format!(
            "target {:?} is not the unit this turn tutors",
            r.target_unit_id
        ));
    }
    let cards = [
        (TutorAction::ConceptCard, r.concept_card.is_some()),
        (TutorAction::DrillCard, r.drill_card.is_some()),
        (TutorAction::ExamBlock, r.exam_suggestion.is_some()),
    ];
    for (card_action, present) in cards {
        if present != (r.action == card_action) {
            return Err(format!("{action} must carry exactly its own card"));
        }
    }
    let text = r.tutor_text.trim();
    if text.is_empty() || !is_readable(text) {
        return Err("tutor_text is empty or unreadable".into());
    }
    if words(text) > MAX_TUTOR_WORDS {
        return Err(format!("tutor_text has more than {MAX_TUTOR_WORDS} words"));
    }
    if detect_language(text).is_some_and(|l| l != x.language) {
        return Err(format!("tutor_text is not in {}", x.language.code()));
    }
    if let Some(focus) = x.focus_unit {
        let shown = shown_text(text, card_of(r).as_ref());
        if let Some(other) = more_about_another(&shown, focus, x.other_units) {
            return Err(format!(
                "the reply is about {} instead of {}",
                other.id, focus.id
            ));
        }
    }
    match r.action {
        TutorAction::SocraticQuestion if !text.contains('?') => {
            Err("a Socratic question must ask a question".into())
        }
        TutorAction::ConceptCard => check_concept(r, x),
        TutorAction::DrillCard => check_drill(r),
        TutorAction::ExamBlock => check_exam(r, x),
        TutorAction::SocraticQuestion => Ok(()),
    }
}

fn check_concept(r: &LlmTutorResponse, x: &RuleContext<'_>) -> Result<(), String> {
    if !x.policy.stuck {
        return Err("a concept card is only for a stuck student".into());
    }
    let card = r.concept_card.as_ref().ok_or("no concept card")?;
    if card.key_ideas.is_empty() || card.key_ideas.len() > MAX_KEY_IDEAS {
        return Err(format!("a concept card has 1 to {MAX_KEY_IDEAS} key ideas"));
    }
    if card.key_ideas.iter().any(|k| k.trim().is_empty()) {
        return Err("a key idea is empty".into());
    }
    let example_words = card.worked_example.as_ref().map_or(0, |e| {
        words(&e.problem_latex)
            + words(&e.final_answer_latex)
            + e.steps_latex.iter().map(|s| words(s)).sum::<usize>()
    });
    let total = card.key_ideas.iter().map(|k| words(k)).sum::<usize>() + example_words;
    if total > MAX_CONCEPT_WORDS {
        return Err(format!(
            "a concept card has at most {MAX_CONCEPT_WORDS} words"
        ));
    }
    Ok(())
}

fn check_drill(r: &LlmTutorResponse) -> Result<(), String> {
    let card = r.drill_card.as_ref().ok_or("no drill card")?;
    if card.prompt.trim().is_empty() || card.question_latex.trim().is_empty() {
        return Err("a drill needs a prompt and a question".into());
    }
    if relations(&card.question_latex) > MAX_DRILL_RELATIONS {
        return Err("a drill is 1 or 2 steps".into());
    }
    Ok(())
}

/// The key of the model's drill: its answer when the checker verifies it; refused when
/// the answer is wrong, or uncheckable while the unit has templates to use instead.
fn settle_model_drill(card: &LlmDrillCard, x: &RuleContext<'_>) -> Result<DrillKey, String> {
    let has_templates = x.focus_unit.is_some_and(|u| !u.drills.is_empty());
    let unit = &x.policy.focus_unit_id;
    match check_model_drill(card) {
        ModelDrillCheck::Verified => Ok(model_drill_key(unit, card, true)),
        ModelDrillCheck::Wrong { solution } => Err(format!(
            "the drill's answer {:?} is wrong (the checker solves it as {solution:?})",
            card.answer_latex
        )),
        ModelDrillCheck::Uncheckable if has_templates => {
            Err("the drill's answer cannot be checked and the unit has templates".into())
        }
        ModelDrillCheck::Uncheckable => Ok(model_drill_key(unit, card, false)),
    }
}

fn check_exam(r: &LlmTutorResponse, x: &RuleContext<'_>) -> Result<(), String> {
    let exam = r.exam_suggestion.as_ref().ok_or("no exam suggestion")?;
    if x.policy.exam_availability != ExamAvailability::Available {
        return Err("no exam question is available".into());
    }
    if !x.attemptable.contains(&exam.question_id) {
        return Err(format!(
            "{:?} is not an attemptable candidate",
            exam.question_id
        ));
    }
    if exam.difficulty_tier != x.policy.desired_exam_tier {
        return Err("the exam tier is not the desired tier".into());
    }
    Ok(())
}

fn tidy(text: &str) -> String {
    tidy_reply(&strip_unsafe_chars(text))
}

/// The answer with its texts tidied (unsafe characters, repeats, a cut-off tail).
pub fn tidied(r: &LlmTutorResponse) -> LlmTutorResponse {
    let mut r = r.clone();
    let tidy_text = tidy(&r.tutor_text);
    // Tidying drops a repeated sentence; a question repeating a statement keeps its mark.
    r.tutor_text = if !tidy_text.contains('?') && r.tutor_text.trim().ends_with('?') {
        strip_unsafe_chars(r.tutor_text.trim())
    } else {
        tidy_text
    };
    if let Some(card) = r.concept_card.as_mut() {
        for idea in &mut card.key_ideas {
            *idea = strip_unsafe_chars(idea).trim().to_string();
        }
    }
    if let Some(card) = r.drill_card.as_mut() {
        card.prompt = strip_unsafe_chars(&card.prompt).trim().to_string();
        card.question_latex = strip_unsafe_chars(&card.question_latex).trim().to_string();
        card.answer_latex = strip_unsafe_chars(&card.answer_latex).trim().to_string();
    }
    r
}

/// The model's answer as a reply: tidied, then validated; `Err` says why it cannot be
/// used.
pub fn checked_reply(raw: &LlmTutorResponse, x: &RuleContext<'_>) -> Result<TutorReply, String> {
    let r = tidied(raw);
    validate_against_policy(&r, x)?;
    let drill_key = match &r.drill_card {
        Some(card) if r.action == TutorAction::DrillCard => Some(settle_model_drill(card, x)?),
        _ => None,
    };
    let known = |u: &str| x.course_units.iter().any(|k| k == u);
    Ok(TutorReply {
        action: r.action,
        unit_id: r.target_unit_id.clone(),
        card: card_of(&r),
        analysis: Some(TurnAnalysis::from_model(
            &r.mapped_units,
            &r.turn_analysis,
            known,
        )),
        text: r.tutor_text,
        usage: None,
        drill_key,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrieval::Tier;
    use crate::tutor::contract::{
        LlmConceptCard, LlmDrillCard, LlmExamSuggestion, LlmTurnAnalysis, StudentIntent,
        UnderstandingSignal,
    };
    use crate::tutor::testing;

    fn policy(actions: &[TutorAction], stuck: bool) -> TutorPolicy {
        testing::policy("F", &["F", "G"], actions, stuck)
    }

    fn plan(actions: &[TutorAction]) -> TurnPlan {
        testing::plan("F", actions)
    }

    fn answer(action: TutorAction) -> LlmTutorResponse {
        LlmTutorResponse {
            action,
            target_unit_id: "F".into(),
            tutor_text: "What would you do first to isolate x?".into(),
            concept_card: None,
            drill_card: None,
            exam_suggestion: None,
            mapped_units: vec![],
            turn_analysis: LlmTurnAnalysis {
                student_intent: StudentIntent::Solve,
                understanding_signal: UnderstandingSignal::Uncertain,
                suggested_prereq_units: vec![],
            },
        }
    }

    fn check(r: &LlmTutorResponse, p: &TutorPolicy, pl: &TurnPlan) -> Result<(), String> {
        let units = ["F".to_string(), "G".to_string()];
        validate_against_policy(
            r,
            &RuleContext {
                policy: p,
                plan: pl,
                attemptable: &["Q1".to_string()],
                language: Language::En,
                course_units: &units,
                focus_unit: None,
                other_units: &[],
            },
        )
    }

    const ALL: [TutorAction; 4] = TutorAction::ALL;

    #[test]
    fn the_action_must_be_allowed_and_planned() {
        let base = [TutorAction::SocraticQuestion, TutorAction::DrillCard];
        let r = answer(TutorAction::SocraticQuestion);
        assert!(check(&r, &policy(&base, false), &plan(&base)).is_ok());
        assert!(check(&r, &policy(&[TutorAction::DrillCard], false), &plan(&base)).is_err());
        assert!(check(&r, &policy(&base, false), &plan(&[TutorAction::DrillCard])).is_err());
    }

    #[test]
    fn the_target_must_be_scoped() {
        let mut r = answer(TutorAction::SocraticQuestion);
        r.target_unit_id = "ELSEWHERE".into();
        assert!(check(&r, &policy(&ALL, true), &plan(&ALL)).is_err());
        // Scoped but not the unit the plan tutors (the blocked target, say).
        r.target_unit_id = "G".into();
        assert!(check(&r, &policy(&ALL, true), &plan(&ALL)).is_err());
    }

    #[test]
    fn a_socratic_question_carries_no_card_and_asks_something() {
        let mut r = answer(TutorAction::SocraticQuestion);
        r.drill_card = Some(LlmDrillCard {
            prompt: "p".into(),
            question_latex: "x=1".into(),
            answer_latex: "x=1".into(),
        });
        assert!(check(&r, &policy(&ALL, true), &plan(&ALL)).is_err());
        let mut r = answer(TutorAction::SocraticQuestion);
        r.tutor_text = "Isolate x by subtracting three from both sides.".into();
        assert!(check(&r, &policy(&ALL, true), &plan(&ALL)).is_err());
    }

    #[test]
    fn a_concept_card_only_when_stuck_with_at_most_three_ideas_and_170_words() {
        let mut r = answer(TutorAction::ConceptCard);
        r.concept_card = Some(LlmConceptCard {
            key_ideas: vec!["Do the same to both sides.".into()],
            worked_example: None,
        });
        assert!(check(&r, &policy(&ALL, true), &plan(&ALL)).is_ok());
        assert!(check(&r, &policy(&ALL, false), &plan(&ALL)).is_err());
        r.concept_card = Some(LlmConceptCard {
            key_ideas: vec!["a".into(), "b".into(), "c".into(), "d".into()],
            worked_example: None,
        });
        assert!(check(&r, &policy(&ALL, true), &plan(&ALL)).is_err());
        r.concept_card = Some(LlmConceptCard {
            key_ideas: vec!["word ".repeat(171)],
            worked_example: None,
        });
        assert!(check(&r, &policy(&ALL, true), &plan(&ALL)).is_err());
    }

    #[test]
    fn a_drill_has_a_question_of_one_or_two_steps() {
        let mut r = answer(TutorAction::DrillCard);
        r.drill_card = Some(LlmDrillCard {
            prompt: "Solve for x".into(),
            question_latex: "2x+3=11".into(),
            answer_latex: "x = 4".into(),
        });
        assert!(check(&r, &policy(&ALL, false), &plan(&ALL)).is_ok());
        r.drill_card = Some(LlmDrillCard {
            prompt: "Solve".into(),
            question_latex: "a=b=c=d".into(),
            answer_latex: "a".into(),
        });
        assert!(check(&r, &policy(&ALL, false), &plan(&ALL)).is_err());
        r.drill_card = None;
        assert!(check(&r, &policy(&ALL, false), &plan(&ALL)).is_err());
    }

    #[test]
    fn an_exam_block_names_an_attemptable_candidate_at_the_desired_tier() {
        let mut r = answer(TutorAction::ExamBlock);
        r.exam_suggestion = Some(LlmExamSuggestion {
            question_id: "Q1".into(),
            difficulty_tier: Tier::Bronze,
        });
        assert!(check(&r, &policy(&ALL, false), &plan(&ALL)).is_ok());
        r.exam_suggestion = Some(LlmExamSuggestion {
            question_id: "Q9".into(),
            difficulty_tier: Tier::Bronze,
        });
        assert!(check(&r, &policy(&ALL, false), &plan(&ALL)).is_err());
        r.exam_suggestion = Some(LlmExamSuggestion {
            question_id: "Q1".into(),
            difficulty_tier: Tier::Gold,
        });
        assert!(check(&r, &policy(&ALL, false), &plan(&ALL)).is_err());
    }

    #[test]
    fn empty_long_or_foreign_text_is_refused() {
        let mut r = answer(TutorAction::SocraticQuestion);
        r.tutor_text = "   ".into();
        assert!(check(&r, &policy(&ALL, true), &plan(&ALL)).is_err());
        r.tutor_text = format!("{}?", "word ".repeat(80));
        assert!(check(&r, &policy(&ALL, true), &plan(&ALL)).is_err());
        r.tutor_text =
            "¿Cuál sería el primer paso para despejar la incógnita en esta ecuación?".into();
        assert!(check(&r, &policy(&ALL, true), &plan(&ALL)).is_err());
    }
}
