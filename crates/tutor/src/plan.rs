//! The turn's plan: how far the grammar narrows the policy. The policy says what is
//! *allowed*; the plan says what this turn *asks for*, deterministically, so a small
//! model cannot pick the wrong kind of move (spec 001, triggers A1–A5):
//!
//! - "Try a Drill" → a drill; "I'm stuck" → a concept card when stuck, else a question;
//! - "Continue" after a failed exam question → back to practice (a drill);
//! - "Try again" on the revisit list → that question when it is open (the student's own
//!   question, whatever the policy's tier), else practice;
//! - exam-ready with a question available (A5) → an exam block (beside the answer to a
//!   typed question: offered, not forced);
//! - a typed message is answered (A1–A3): a Socratic turn, even when stuck;
//! - stuck by evidence (A4) on a button → a concept card;
//! - "Continue" after a graded drill (B1, B2) → the next drill;
//! - otherwise (a unit chosen on the learning path) → a Socratic question.
//!
//! The target is always the policy's focus (the blocker when blocked, A2). Every plan but
//! a revisit's is a subset of the policy.

use super::contract::TutorAction;
use super::message::{ClientEvent, ExamResult};
use super::policy::{TutorPolicy, TARGET_CONFIDENCE};
use super::snapshot::MappedUnit;

/// What the turn's grammar allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnPlan {
    /// The actions the answer may take (never empty, always allowed by the policy).
    pub actions: Vec<TutorAction>,
    /// The units the answer may target.
    pub target_unit_ids: Vec<String>,
}

/// The plan for a turn with `policy`, the student's `event` and `mapped` units.
pub fn plan_turn(policy: &TutorPolicy, event: &ClientEvent, mapped: &[MappedUnit]) -> TurnPlan {
    let allowed = |a: TutorAction| policy.allowed_actions.contains(&a);
    let confident = mapped.iter().any(|m| m.confidence >= TARGET_CONFIDENCE);
    let wanted: Vec<TutorAction> = match event {
        ClientEvent::RequestDrill { .. } => vec![TutorAction::DrillCard],
        ClientEvent::Stuck { .. } if allowed(TutorAction::ConceptCard) => {
            vec![TutorAction::ConceptCard]
        }
        ClientEvent::Stuck { .. } => vec![TutorAction::SocraticQuestion],
        ClientEvent::ExamContinue {
            result: ExamResult::Locked,
            ..
        } => vec![TutorAction::DrillCard],
        _ if allowed(TutorAction::ExamBlock) => vec![TutorAction::ExamBlock],
        // A typed message is answered, stuck or not.
        ClientEvent::None if !confident => vec![TutorAction::SocraticQuestion],
        ClientEvent::None => vec![TutorAction::SocraticQuestion, TutorAction::DrillCard],
        _ if allowed(TutorAction::ConceptCard) => vec![TutorAction::ConceptCard],
        ClientEvent::DrillContinue { .. } => vec![TutorAction::DrillCard],
        _ => vec![TutorAction::SocraticQuestion, TutorAction::DrillCard],
    };
    let mut actions: Vec<TutorAction> = wanted.into_iter().filter(|a| allowed(*a)).collect();
    if matches!(event, ClientEvent::Revisit { .. }) {
        actions = vec![TutorAction::ExamBlock, TutorAction::DrillCard];
    }
    if actions.is_empty() {
        actions.push(TutorAction::SocraticQuestion);
    }
    TurnPlan {
        actions,
        target_unit_ids: vec![policy.focus_unit_id.clone()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing;

    fn policy(extra: &[TutorAction]) -> TutorPolicy {
        let mut allowed = vec![TutorAction::SocraticQuestion, TutorAction::DrillCard];
        allowed.extend_from_slice(extra);
        let mut p = testing::policy(
            "F",
            &["F", "T"],
            &allowed,
            extra.contains(&TutorAction::ConceptCard),
        );
        p.primary_target_unit_id = "T".into();
        p.prereq_blocking_unit_id = Some("F".into());
        p.exam_ready = extra.contains(&TutorAction::ExamBlock);
        p
    }

    fn sure() -> Vec<MappedUnit> {
        vec![MappedUnit {
            unit_id: "T".into(),
            confidence: 0.9,
        }]
    }

    #[test]
    fn a1_a_confident_message_gets_a_question_or_a_drill_on_the_focus() {
        let plan = plan_turn(&policy(&[]), &ClientEvent::None, &sure());
        assert_eq!(
            plan.actions,
            [TutorAction::SocraticQuestion, TutorAction::DrillCard]
        );
        assert_eq!(plan.target_unit_ids, ["F"]);
    }

    #[test]
    fn a3_an_ambiguous_message_gets_a_clarifying_question() {
        let plan = plan_turn(&policy(&[]), &ClientEvent::None, &[]);
        assert_eq!(plan.actions, [TutorAction::SocraticQuestion]);
    }

    #[test]
    fn a4_stuck_gets_a_concept_card_on_a_button_and_a_typed_question_is_still_answered() {
        let chosen = ClientEvent::ChooseUnit {
            unit_id: "F".into(),
        };
        let plan = plan_turn(&policy(&[TutorAction::ConceptCard]), &chosen, &sure());
        assert_eq!(plan.actions, [TutorAction::ConceptCard]);
        let typed = plan_turn(
            &policy(&[TutorAction::ConceptCard]),
            &ClientEvent::None,
            &sure(),
        );
        assert_eq!(
            typed.actions,
            [TutorAction::SocraticQuestion, TutorAction::DrillCard]
        );
    }

    #[test]
    fn try_again_on_the_revisit_list_asks_for_that_question_whatever_the_tier() {
        let again = ClientEvent::Revisit {
            unit_id: "F".into(),
            question_id: "Q".into(),
        };
        assert_eq!(
            plan_turn(&policy(&[]), &again, &sure()).actions,
            [TutorAction::ExamBlock, TutorAction::DrillCard]
        );
    }

    #[test]
    fn continue_after_a_failed_exam_question_returns_to_practice() {
        let locked = ClientEvent::ExamContinue {
            unit_id: "F".into(),
            question_id: "Q".into(),
            result: ExamResult::Locked,
        };
        assert_eq!(
            plan_turn(&policy(&[TutorAction::ExamBlock]), &locked, &sure()).actions,
            [TutorAction::DrillCard]
        );
    }

    #[test]
    fn a5_exam_ready_and_available_gets_an_exam_block() {
        let plan = plan_turn(
            &policy(&[TutorAction::ExamBlock]),
            &ClientEvent::None,
            &sure(),
        );
        assert_eq!(plan.actions, [TutorAction::ExamBlock]);
    }

    #[test]
    fn continue_after_a_drill_gets_the_next_drill_unless_stuck_or_exam_ready() {
        let next = ClientEvent::DrillContinue {
            unit_id: "F".into(),
            last_result: crate::DrillResult::Correct,
            drill_message_id: None,
        };
        assert_eq!(
            plan_turn(&policy(&[]), &next, &[]).actions,
            [TutorAction::DrillCard]
        );
        assert_eq!(
            plan_turn(&policy(&[TutorAction::ConceptCard]), &next, &[]).actions,
            [TutorAction::ConceptCard]
        );
        assert_eq!(
            plan_turn(&policy(&[TutorAction::ExamBlock]), &next, &[]).actions,
            [TutorAction::ExamBlock]
        );
    }

    #[test]
    fn buttons_ask_for_their_move() {
        let drill = ClientEvent::RequestDrill {
            unit_id: "F".into(),
        };
        assert_eq!(
            plan_turn(&policy(&[]), &drill, &[]).actions,
            [TutorAction::DrillCard]
        );
        let stuck = ClientEvent::Stuck {
            unit_id: "F".into(),
            drill_message_id: None,
        };
        assert_eq!(
            plan_turn(&policy(&[]), &stuck, &[]).actions,
            [TutorAction::SocraticQuestion]
        );
        assert_eq!(
            plan_turn(&policy(&[TutorAction::ConceptCard]), &stuck, &[]).actions,
            [TutorAction::ConceptCard]
        );
    }

    #[test]
    fn a_unit_chosen_on_the_learning_path_gets_a_question_or_a_drill_on_the_focus() {
        let chosen = ClientEvent::ChooseUnit {
            unit_id: "T".into(),
        };
        let plan = plan_turn(&policy(&[]), &chosen, &[]);
        assert_eq!(
            plan.actions,
            [TutorAction::SocraticQuestion, TutorAction::DrillCard]
        );
        assert_eq!(plan.target_unit_ids, ["F"]);
    }
}
