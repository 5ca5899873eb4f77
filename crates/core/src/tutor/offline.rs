//! The deterministic fallback (spec 001, PV-AI-012): when there is no model, the model
//! failed, or its answer broke the rules, the tutor still makes a move of the planned
//! kind from the course's own material — a Socratic question built from the focus
//! unit's anchor, else a drill from a documented misconception, a concept card from the
//! anchor when the student is stuck, or the first attemptable exam question.

use super::contract::TutorAction;
use super::course::TutorCourse;
use super::drill::{
    seed_of, template_drill, DrillKey, DrillSource, ForeseenMistake, GeneratedDrill,
};
use super::message::TutorCard;
use super::plan::TurnPlan;
use super::policy::{TutorPolicy, MAX_CONCEPT_WORDS, MAX_KEY_IDEAS};
use super::reply::TutorReply;
use crate::answers::AnswerKind;
use crate::course::{Misconception, Unit};
use crate::language::Language;
use crate::text::tidy::sentences;

/// What the fallback needs to know.
#[derive(Debug, Clone, Copy)]
pub struct FallbackInput<'a> {
    /// The course.
    pub course: &'a TutorCourse,
    /// The turn's policy.
    pub policy: &'a TutorPolicy,
    /// The turn's plan.
    pub plan: &'a TurnPlan,
    /// Attemptable exam questions.
    pub attemptable: &'a [String],
    /// The thread's language.
    pub language: Language,
    /// The kind of move the model's refused answer made, to replace it in kind.
    pub prefer: Option<TutorAction>,
}

/// A number from the turn id, to vary the wording deterministically.
fn pick(turn_id: &str, n: usize) -> usize {
    let sum: usize = turn_id.bytes().map(usize::from).sum();
    sum % n.max(1)
}

const QUESTIONS_EN: [&str; 3] = [
    "Which part of this is least clear to you?",
    "What do you think the first step would be, and why?",
    "Can you explain this idea in your own words?",
];
const QUESTIONS_ES: [&str; 3] = [
    "¿Qué parte de esto te resulta menos clara?",
    "¿Cuál crees que sería el primer paso, y por qué?",
    "¿Puedes explicar esta idea con tus propias palabras?",
];

/// A Socratic question on the focus unit, built from one sentence of its anchor (which
/// one varies from turn to turn, so repeated fallbacks walk through the anchor).
fn socratic(x: &FallbackInput<'_>) -> TutorReply {
    let focus = &x.policy.focus_unit_id;
    let title = x.course.title_of(focus);
    // The anchor is quoted only in its own language, so a reply never mixes two.
    let anchor = x
        .course
        .unit(focus)
        .filter(|_| x.course.language == x.language)
        .map_or_else(String::new, |u| {
            let all = sentences(&u.anchor);
            all.get(pick(&x.policy.turn_id, all.len()))
                .map_or_else(String::new, |s| s.to_string())
        });
    let blocked_target = x
        .policy
        .prereq_blocking_unit_id
        .as_ref()
        .map(|_| x.course.title_of(&x.policy.primary_target_unit_id));
    let i = pick(&x.policy.turn_id, QUESTIONS_EN.len());
    let opening = match (x.language, blocked_target) {
        (Language::En, Some(target)) => {
            format!("Before {target}, let's make sure of {title}.")
        }
        (Language::Es, Some(target)) => {
            format!("Antes de {target}, asegurémonos de dominar {title}.")
        }
        (Language::En, None) => format!("Let's work on {title}."),
        (Language::Es, None) => format!("Trabajemos en {title}."),
    };
    let question = match x.language {
        Language::En => QUESTIONS_EN[i],
        Language::Es => QUESTIONS_ES[i],
    };
    TutorReply {
        action: TutorAction::SocraticQuestion,
        unit_id: focus.clone(),
        text: [opening, anchor, question.to_string()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" "),
        card: None,
        analysis: None,
        usage: None,
        drill_key: None,
    }
}

/// The worked step a misconception shows: its first inline formula (`$…$`), or its
/// first two joined by ⇒ ("`x + 5 = 12` becomes `x = 12 + 5`").
fn misconception_step(text: &str) -> Option<String> {
    let formulas: Vec<&str> = text
        .split('$')
        .skip(1)
        .step_by(2)
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .collect();
    match formulas.as_slice() {
        [] => None,
        [one] => Some(one.to_string()),
        [from, to, ..] => Some(format!("{from} \\;\\Rightarrow\\; {to}")),
    }
}

/// A drill on the focus unit: from one of its templates (answer computed), else a
/// documented misconception's worked step to judge ("is this step right?", answer
/// no), else — with nothing to check an answer against — a Socratic question.
fn drill(x: &FallbackInput<'_>) -> TutorReply {
    let focus = &x.policy.focus_unit_id;
    let Some(unit) = x.course.unit(focus) else {
        return socratic(x);
    };
    let title = x.course.title_of(focus);
    let blocked_target = x
        .policy
        .prereq_blocking_unit_id
        .as_ref()
        .map(|_| x.course.title_of(&x.policy.primary_target_unit_id));
    let text = match (x.language, blocked_target) {
        (Language::En, Some(target)) => format!("Before {target}, let's practise {title}."),
        (Language::Es, Some(target)) => format!("Antes de {target}, practiquemos {title}."),
        (Language::En, None) => format!("Let's practise {title}."),
        (Language::Es, None) => format!("Practiquemos {title}."),
    };
    let drill = template_drill(unit, seed_of(&x.policy.turn_id))
        .or_else(|| misconception_drill(unit, &x.policy.turn_id, x.language));
    let Some(drill) = drill else {
        return socratic(x);
    };
    TutorReply {
        action: TutorAction::DrillCard,
        unit_id: focus.clone(),
        text,
        card: Some(TutorCard::Drill {
            unit_id: focus.clone(),
            prompt: drill.prompt,
            question_latex: drill.question_latex,
        }),
        analysis: None,
        usage: None,
        drill_key: Some(drill.key),
    }
}

/// "Is this step right?" on one of the unit's misconceptions that shows a worked step;
/// answering "yes" reveals that misconception's tag.
fn misconception_drill(unit: &Unit, turn_id: &str, language: Language) -> Option<GeneratedDrill> {
    let steps: Vec<(String, &Misconception)> = unit
        .misconceptions
        .iter()
        .filter_map(|m| misconception_step(&m.text).map(|step| (step, m)))
        .collect();
    if steps.is_empty() {
        return None;
    }
    let (step, misconception) = &steps[pick(turn_id, steps.len())];
    let prompt = match language {
        Language::En => "Is this step right? Answer yes or no.",
        Language::Es => "¿Es correcto este paso? Responde sí o no.",
    };
    Some(GeneratedDrill {
        prompt: prompt.to_string(),
        question_latex: step.clone(),
        key: DrillKey {
            unit_id: unit.id.clone(),
            answer: "no".to_string(),
            kind: Some(AnswerKind::Text),
            simplified: false,
            source: DrillSource::Misconception,
            template_id: None,
            verified: true,
            mistakes: (!misconception.tag.is_empty())
                .then(|| ForeseenMistake {
                    answer: "yes".into(),
                    tag: misconception.tag.clone(),
                })
                .into_iter()
                .collect(),
            explanation: Some(misconception.text.clone()),
        },
    })
}

/// A concept card of the anchor's first sentences, within the word limit.
fn concept(x: &FallbackInput<'_>) -> TutorReply {
    let focus = &x.policy.focus_unit_id;
    let title = x.course.title_of(focus);
    let anchor = x
        .course
        .unit(focus)
        .map_or_else(String::new, |u| u.anchor.clone());
    let mut words = 0;
    let mut key_ideas = Vec::new();
    for sentence in sentences(&anchor).into_iter().take(MAX_KEY_IDEAS) {
        words += sentence.split_whitespace().count();
        if words > MAX_CONCEPT_WORDS {
            break;
        }
        key_ideas.push(sentence.to_string());
    }
    if key_ideas.is_empty() {
        key_ideas.push(title.clone());
    }
    let text = match x.language {
        Language::En => format!("Here are the key ideas of {title}."),
        Language::Es => format!("Estas son las ideas clave de {title}."),
    };
    TutorReply {
        action: TutorAction::ConceptCard,
        unit_id: focus.clone(),
        text,
        card: Some(TutorCard::Concept {
            unit_id: focus.clone(),
            key_ideas,
            worked_example: None,
        }),
        analysis: None,
        usage: None,
        drill_key: None,
    }
}

/// The first attemptable exam question at the desired tier, or a drill without one.
fn exam(x: &FallbackInput<'_>) -> TutorReply {
    let focus = &x.policy.focus_unit_id;
    let Some(question) = x.attemptable.first() else {
        return drill(x);
    };
    let title = x.course.title_of(focus);
    let text = match x.language {
        Language::En => format!("You're ready for an exam question on {title}."),
        Language::Es => format!("Estás listo para una pregunta de examen sobre {title}."),
    };
    TutorReply {
        action: TutorAction::ExamBlock,
        unit_id: focus.clone(),
        text,
        card: Some(TutorCard::Exam {
            unit_id: focus.clone(),
            question_id: question.clone(),
            difficulty_tier: x.policy.desired_exam_tier,
        }),
        analysis: None,
        usage: None,
        drill_key: None,
    }
}

/// The fallback move: a move of the kind the model's refused answer made when the plan
/// allows it (a wrong drill is replaced by a drill), else a Socratic question when the
/// plan allows one, else the planned card (drill, concept or exam).
pub fn fallback_reply(x: &FallbackInput<'_>) -> TutorReply {
    let planned = |a: &TutorAction| x.plan.actions.contains(a);
    let action = x
        .prefer
        .filter(planned)
        .or_else(|| {
            planned(&TutorAction::SocraticQuestion).then_some(TutorAction::SocraticQuestion)
        })
        .or_else(|| x.plan.actions.first().copied());
    match action {
        Some(TutorAction::SocraticQuestion) => socratic(x),
        Some(TutorAction::ConceptCard) => concept(x),
        Some(TutorAction::ExamBlock) => exam(x),
        _ => drill(x),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{Edge, Misconception, Unit};
    use crate::tutor::testing;

    fn course() -> TutorCourse {
        let unit = |id: &str, title: &str, misconceptions: Vec<Misconception>| Unit {
            id: id.into(),
            title: title.into(),
            anchor: "Keep the equation balanced. Do the same to both sides.".into(),
            tags: vec![],
            misconceptions,
            content: vec![],
            drills: vec![],
        };
        TutorCourse::new(
            "c",
            "C",
            "en",
            "U0",
            vec![
                unit(
                    "U0",
                    "Inverse operations",
                    vec!["Writes $x + 5 = 12$ as $x = 17$.".into()],
                ),
                unit("U1", "Linear equations", vec![]),
            ],
            &[Edge {
                from: "U0".into(),
                to: "U1".into(),
            }],
        )
    }

    fn policy(blocked: bool) -> TutorPolicy {
        let mut p = testing::policy("U0", &["U0", "U1"], &TutorAction::ALL, true);
        if blocked {
            p.primary_target_unit_id = "U1".into();
            p.prereq_blocking_unit_id = Some("U0".into());
        }
        p
    }

    fn run(actions: &[TutorAction], language: Language, blocked: bool) -> TutorReply {
        let c = course();
        let p = policy(blocked);
        let plan = testing::plan("U0", actions);
        fallback_reply(&FallbackInput {
            course: &c,
            policy: &p,
            plan: &plan,
            attemptable: &["Q1".to_string()],
            language,
            prefer: None,
        })
    }

    #[test]
    fn the_fallback_asks_a_socratic_question_from_the_focus_anchor() {
        let r = run(
            &[TutorAction::SocraticQuestion, TutorAction::DrillCard],
            Language::En,
            true,
        );
        assert_eq!(r.action, TutorAction::SocraticQuestion);
        assert!(r.text.contains("Before Linear equations"));
        assert!(
            r.text.contains("Keep the equation balanced.")
                || r.text.contains("Do the same to both sides.")
        );
        assert!(r.text.ends_with('?') && r.card.is_none());
        let es = run(&[TutorAction::SocraticQuestion], Language::Es, false);
        assert!(es.text.starts_with("Trabajemos en Inverse operations."));
        assert!(es.text.contains('¿'));
    }

    #[test]
    fn without_a_question_it_drills_a_misconception_step() {
        let r = run(&[TutorAction::DrillCard], Language::En, false);
        match r.card {
            Some(TutorCard::Drill { question_latex, .. }) => {
                assert_eq!(question_latex, "x + 5 = 12 \\;\\Rightarrow\\; x = 17")
            }
            other => panic!("expected a drill, got {other:?}"),
        }
    }

    #[test]
    fn stuck_and_exam_plans_get_their_card() {
        let r = run(&[TutorAction::ConceptCard], Language::En, false);
        assert!(
            matches!(r.card, Some(TutorCard::Concept { ref key_ideas, .. }) if key_ideas.len() == 2)
        );
        let r = run(&[TutorAction::ExamBlock], Language::En, false);
        assert!(
            matches!(r.card, Some(TutorCard::Exam { ref question_id, .. }) if question_id == "Q1")
        );
    }
}
