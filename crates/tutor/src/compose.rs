//! The authored part of a turn (issue #33): everything the tutor shows that the app
//! writes from the course — the verdict on the student's answer or claim, the passage
//! that answers their question (with its source), the sentence that names the unit
//! asked about and the prerequisite it needs, the card, and a question whose answer is
//! known. The model only adds an explanation between the opening and the closing, and
//! only sentences the reply filter keeps ([`super::phrase`]).

use super::answer::{clarify, common_mistake, material_note, prerequisite_offer, typed_hint};
use super::cloze::misconception_claim;
use super::contract::TutorAction;
use super::course::TutorCourse;
use super::drill::GeneratedDrill;
use super::example::worked_example;
use super::help::{asks_for_help, hint};
use super::judge::{judge_answer, judge_claim, misconception_about, TutorVerdict};
use super::message::{ClientEvent, ExamResult, TutorCard};
use super::messages::MESSAGES;
use super::passage::{best_passage, correcting_passage, Material};
use super::policy::{MAX_CONCEPT_WORDS, MAX_KEY_IDEAS};
use super::practice::{check_question, practice_drill, PracticeInput};
use super::question::is_question;
pub use super::skeleton::{ComposeInput, JudgedAnswer, RevisitAsk, Skeleton};
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::tidy::sentences;

fn texts_of<'a>(material: &'a [Material], unit: &str) -> Vec<&'a str> {
    material
        .iter()
        .filter(|m| m.unit_id == unit)
        .map(|m| m.text.as_str())
        .collect()
}

/// The non-empty `parts`, trimmed and joined by spaces.
pub(super) fn join(parts: &[&str]) -> String {
    parts
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The verdict line ("Right: …", "Not yet: the answer is …").
pub fn verdict_text(j: &JudgedAnswer, language: Language) -> String {
    let why = j.judgement.why.as_deref().unwrap_or("");
    let expected = j.judgement.expected.as_str();
    let head = match (
        j.judgement.verdict,
        j.answered_question,
        expected.is_empty(),
    ) {
        (TutorVerdict::Right, true, _) => say!(MESSAGES, language, "tutor-verdict-right-answer"),
        (TutorVerdict::Right, false, _) => say!(MESSAGES, language, "tutor-verdict-right-claim"),
        (TutorVerdict::Partly, _, false) => say!(
            MESSAGES,
            language,
            "tutor-verdict-partly-expected",
            expected = expected
        ),
        (TutorVerdict::Partly, _, true) => say!(MESSAGES, language, "tutor-verdict-partly"),
        (TutorVerdict::NotYet, _, false) => say!(
            MESSAGES,
            language,
            "tutor-verdict-not-yet-expected",
            expected = expected
        ),
        (TutorVerdict::NotYet, _, true) => say!(MESSAGES, language, "tutor-verdict-not-yet"),
    };
    // An explain-back's answer is the sentence itself: say it once.
    if why.is_empty() || why == expected {
        head
    } else {
        format!("{head} {why}")
    }
}

/// "Fill in the gap: …" or the explain-back prompt: the question as the text says it.
fn question_text(q: &GeneratedDrill) -> String {
    if q.question_latex.is_empty() {
        q.prompt.clone()
    } else {
        format!("{} {}", q.prompt, q.question_latex)
    }
}

/// The sentence before the question: the unit the tutor works on when the message was
/// about nothing in the course, or — once the prerequisite was offered — the unit asked
/// about and the prerequisite the question practises.
fn transition(x: &ComposeInput<'_>) -> String {
    if x.message.trim().is_empty() {
        return String::new();
    }
    let focus = x.course.title_of(&x.policy.focus_unit_id);
    match (x.asked, x.policy.prereq_blocking_unit_id.as_deref()) {
        (None, _) => say!(
            MESSAGES,
            x.language,
            "tutor-transition-focus",
            focus = &focus
        ),
        (Some(asked), Some(blocker)) if asked != blocker => say!(
            MESSAGES,
            x.language,
            "tutor-drill-lead-prerequisite",
            target = &x.course.title_of(asked),
            focus = &focus
        ),
        _ => String::new(),
    }
}

/// What the student typed, judged: an answer to the pending question, else a claim the
/// unit's material settles. A question is never judged (issue #47): not against the
/// pending question, not as a claim — it is answered; nor is "I'm stuck".
fn judged(x: &ComposeInput<'_>) -> Option<JudgedAnswer> {
    if *x.event != ClientEvent::None
        || x.message.trim().is_empty()
        || is_question(x.message)
        || asks_for_help(x.message)
    {
        return None;
    }
    if let Some(key) = x.pending {
        // A wrong "answer" that is about another unit than the question is a new topic
        // ("the blockade one" after a gap on the Berlin Wall): answered, not graded.
        let elsewhere = x.asked.is_some_and(|a| a != key.unit_id);
        if let Some(judgement) =
            judge_answer(key, x.message).filter(|j| !elsewhere || j.verdict == TutorVerdict::Right)
        {
            return Some(JudgedAnswer {
                unit_id: key.unit_id.clone(),
                judgement,
                answered_question: true,
            });
        }
    }
    let unit_id = x.asked.unwrap_or(&x.policy.focus_unit_id);
    let unit = x.course.unit(unit_id)?;
    judge_claim(unit, &texts_of(x.material, unit_id), x.message).map(|judgement| JudgedAnswer {
        unit_id: unit_id.to_string(),
        judgement,
        answered_question: false,
    })
}

/// The key ideas of a concept card: the anchor's first sentences within the limits.
fn key_ideas(course: &TutorCourse, unit_id: &str) -> Vec<String> {
    let anchor = course.unit(unit_id).map_or("", |u| u.anchor.as_str());
    let mut words = 0;
    let mut ideas = Vec::new();
    for s in sentences(anchor).into_iter().take(MAX_KEY_IDEAS) {
        words += s.split_whitespace().count();
        if words > MAX_CONCEPT_WORDS {
            break;
        }
        ideas.push(s.to_string());
    }
    if ideas.is_empty() {
        ideas.push(course.title_of(unit_id));
    }
    ideas
}

/// The exam card of an open revisit-list question.
fn revisit_card(r: &RevisitAsk, course: &TutorCourse, language: Language) -> Skeleton {
    let title = course.title_of(&r.unit_id);
    let closing = say!(MESSAGES, language, "tutor-revisit-again", title = &title);
    Skeleton {
        card: Some(TutorCard::Exam {
            unit_id: r.unit_id.clone(),
            question_id: r.question_id.clone(),
            difficulty_tier: r.tier,
        }),
        ..Skeleton::says(TutorAction::ExamBlock, &r.unit_id, closing)
    }
}

/// The turn's authored skeleton.
pub fn compose(x: &ComposeInput<'_>) -> Skeleton {
    let focus_id = x.policy.focus_unit_id.clone();
    let focus_title = x.course.title_of(&focus_id);
    let Some(focus) = x.course.unit(&focus_id) else {
        return Skeleton::says(TutorAction::SocraticQuestion, &focus_id, focus_title);
    };
    let focus_texts = texts_of(x.material, &focus_id);
    let input = PracticeInput {
        unit: focus,
        material: &focus_texts,
        language: x.language,
        seed: x.seed,
        avoid: x.recent,
        confusion: x.confusion,
        questions: x.practice,
        about: if x.asked.is_none_or(|a| a == focus_id) {
            x.message
        } else {
            ""
        },
    };
    let judged = judged(x);
    let verdict = judged
        .as_ref()
        .map(|j| verdict_text(j, x.language))
        .unwrap_or_default();
    let typed_question = judged.is_none() && !x.message.trim().is_empty();
    let wants = |a: TutorAction| x.plan.actions.contains(&a);
    let after_failed_exam = matches!(
        x.event,
        ClientEvent::ExamContinue {
            result: ExamResult::Locked,
            ..
        }
    );

    // "Try again" on the revisit list: that question when it is open, else practice
    // with a word on why.
    let revisit_note = match (x.event, x.revisit) {
        (ClientEvent::Revisit { .. }, Some(r)) if r.open => {
            return revisit_card(r, x.course, x.language)
        }
        (ClientEvent::Revisit { .. }, Some(_)) => {
            say!(MESSAGES, x.language, "tutor-revisit-not-open")
        }
        (ClientEvent::Revisit { .. }, None) => say!(MESSAGES, x.language, "tutor-revisit-gone"),
        _ => String::new(),
    };

    // An exam question the policy offers: shown as a card beside the answer to a typed
    // question (offered, not forced), or on its own.
    let revisiting = matches!(x.event, ClientEvent::Revisit { .. });
    if wants(TutorAction::ExamBlock) && !after_failed_exam && !revisiting {
        if let Some(question) = x.attemptable.first() {
            let passage = typed_question.then(|| {
                best_passage(
                    x.course.unit(x.asked.unwrap_or(&focus_id)).unwrap_or(focus),
                    x.material,
                    x.message,
                    x.meaning,
                )
            });
            let offer = if typed_question {
                say!(
                    MESSAGES,
                    x.language,
                    "tutor-exam-offer-beside",
                    title = &focus_title
                )
            } else {
                say!(
                    MESSAGES,
                    x.language,
                    "tutor-exam-offer-ready",
                    title = &focus_title
                )
            };
            return Skeleton {
                opening: verdict,
                card: Some(TutorCard::Exam {
                    unit_id: focus_id.clone(),
                    question_id: question.clone(),
                    difficulty_tier: x.policy.desired_exam_tier,
                }),
                asks_model: passage.is_some(),
                passage,
                judged,
                ..Skeleton::says(TutorAction::ExamBlock, &focus_id, offer)
            };
        }
    }

    // Stuck: the unit's key ideas, and a hint on the drill the student is stuck on.
    if wants(TutorAction::ConceptCard) && !wants(TutorAction::SocraticQuestion) {
        let hint = x
            .drill
            .map(|k| hint(k, x.course, x.language))
            .unwrap_or_default();
        let lead = say!(
            MESSAGES,
            x.language,
            "tutor-concept-lead",
            title = &focus_title
        );
        return Skeleton {
            opening: join(&[&verdict, &lead]),
            card: Some(TutorCard::Concept {
                unit_id: focus_id.clone(),
                key_ideas: key_ideas(x.course, &focus_id),
                worked_example: worked_example(
                    focus,
                    &focus_texts,
                    x.seed,
                    x.drill.map(|k| k.answer.as_str()),
                ),
            }),
            judged,
            ..Skeleton::says(TutorAction::ConceptCard, &focus_id, hint)
        };
    }

    // Practice: a drill with a known answer.
    let drill_event = matches!(
        x.event,
        ClientEvent::RequestDrill { .. }
            | ClientEvent::DrillContinue { .. }
            | ClientEvent::Revisit { .. }
    ) || after_failed_exam;
    if drill_event || !wants(TutorAction::SocraticQuestion) {
        if let Some(d) = practice_drill(&input) {
            let lead = if x.policy.prereq_blocking_unit_id.is_some() {
                say!(
                    MESSAGES,
                    x.language,
                    "tutor-drill-lead-prerequisite",
                    target = &x.course.title_of(&x.policy.primary_target_unit_id),
                    focus = &focus_title
                )
            } else {
                say!(
                    MESSAGES,
                    x.language,
                    "tutor-drill-lead",
                    focus = &focus_title
                )
            };
            return Skeleton {
                opening: join(&[&verdict, &revisit_note, &lead]),
                card: Some(TutorCard::Drill {
                    unit_id: focus_id.clone(),
                    prompt: d.prompt,
                    question_latex: d.question_latex,
                }),
                drill_key: Some(d.key),
                judged,
                ..Skeleton::says(TutorAction::DrillCard, &focus_id, String::new())
            };
        }
    }

    // "I'm stuck" typed on the question just asked: a hint at once.
    if typed_question && asks_for_help(x.message) {
        if let Some(key) = x.drill.or(x.pending) {
            let asked = x.recent.last().map_or("", String::as_str);
            return typed_hint(x, key, asked);
        }
    }
    // A message that could be about either of two units: which one (A3).
    if typed_question && x.asked.is_none() {
        if let Some(s) = clarify(x) {
            return s;
        }
    }
    // A question: the passage that answers the student (quoted with its source), the
    // model's checked answer; then the prerequisite offered when the unit asked about
    // builds on one not mastered (issue #47: answered, never redirected), else a
    // question whose answer is known, about what was asked.
    let passage_unit = x.asked.and_then(|a| x.course.unit(a)).unwrap_or(focus);
    // A question about one of the unit's common mistakes quotes the notes' correction.
    let mistake_asked = (typed_question && is_question(x.message))
        .then(|| misconception_about(passage_unit, x.message))
        .flatten()
        .map(|m| misconception_claim(&m.text));
    let passage = (typed_question || judged.is_none()).then(|| match &mistake_asked {
        Some(m) => correcting_passage(passage_unit, x.material, x.message, m, x.meaning),
        None => best_passage(passage_unit, x.material, x.message, x.meaning),
    });
    let note = if typed_question && passage.is_some() {
        material_note(x.course, x.language, x.recent)
    } else {
        String::new()
    };
    let mistake = mistake_asked.map_or_else(String::new, |m| common_mistake(&m, x.language));
    let opening = join(&[&verdict, &note, &mistake]);
    let asks_model = typed_question && passage.is_some();
    // Offered once: when the same offer was just made, the practice is on the prerequisite.
    if let Some((sentence, offer)) = prerequisite_offer(x).filter(|(sentence, _)| {
        !x.message.trim().is_empty() && !x.recent.iter().any(|r| r.contains(sentence))
    }) {
        return Skeleton {
            opening,
            passage,
            judged,
            asks_model,
            offer: Some(offer),
            ..Skeleton::says(TutorAction::SocraticQuestion, &focus_id, sentence)
        };
    }
    let shown = passage.as_ref().map_or("", |p| p.quote.as_str());
    let question = check_question(&input, shown);
    let closing = join(&[&transition(x), &question_text(&question)]);
    Skeleton {
        opening,
        drill_key: Some(question.key),
        asks_model,
        passage,
        judged,
        ..Skeleton::says(TutorAction::SocraticQuestion, &focus_id, closing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::Judgement;
    use crate::message::ExamResult;
    use crate::testing::{compose_input, course, plan, policy};
    use lantern_core::retrieval::Tier;

    #[test]
    fn a_typed_question_with_an_exam_available_is_answered_and_the_exam_offered() {
        let c = course();
        let p = policy("N-1", &["N-1"], &TutorAction::ALL, false);
        let pl = plan("N-1", &[TutorAction::ExamBlock]);
        let q = vec!["Q1".to_string()];
        let mut x = compose_input(
            &c,
            &p,
            &pl,
            &ClientEvent::None,
            "what does inverse mean?",
            None,
        );
        x.attemptable = &q;
        let s = compose(&x);
        assert_eq!(s.action, TutorAction::ExamBlock);
        assert!(s.passage.is_some() && s.asks_model);
        assert!(s.closing.starts_with("When you're ready"));
    }

    #[test]
    fn a_question_on_a_common_mistake_quotes_the_correction_and_names_the_mistake() {
        let mut c = course();
        c.units[0].misconceptions = vec![lantern_packs::course::Misconception {
            tag: "only_addition".into(),
            text: "Inverse operations only work for addition.".into(),
        }];
        let p = policy("N-1", &["N-1"], &TutorAction::ALL, false);
        let pl = plan("N-1", &[TutorAction::SocraticQuestion]);
        let notes = [Material {
            unit_id: "N-1".into(),
            chunk_type: lantern_core::retrieval::ChunkType::Notes,
            source: "units/N-1.md".into(),
            section: "Inverse operations".into(),
            text: "Inverse operations for addition are the first you meet. \
                   Each operation has one, multiplication included."
                .into(),
        }];
        let mut x = compose_input(
            &c,
            &p,
            &pl,
            &ClientEvent::None,
            "inverse operations only work for addition right",
            None,
        );
        x.material = &notes;
        let s = compose(&x);
        let quote = s.passage.map(|p| p.quote).unwrap_or_default();
        assert!(quote.starts_with("Each operation has one"), "{quote}");
        assert!(
            s.opening.contains(
                "a common mistake about this: “Inverse operations only work for addition.”"
            ),
            "{}",
            s.opening
        );
    }

    #[test]
    fn continue_after_a_failed_exam_question_practises() {
        let c = course();
        let p = policy("N-1", &["N-1"], &TutorAction::ALL, false);
        let pl = plan("N-1", &[TutorAction::DrillCard]);
        let event = ClientEvent::ExamContinue {
            unit_id: "N-1".into(),
            question_id: "Q1".into(),
            result: ExamResult::Locked,
        };
        let s = compose(&compose_input(&c, &p, &pl, &event, "", None));
        assert_eq!(s.action, TutorAction::DrillCard);
        assert!(s.drill_key.unwrap().verified);
    }

    #[test]
    fn try_again_on_the_revisit_list_opens_that_question_or_says_why_not() {
        let c = course();
        let p = policy("N-1", &["N-1"], &[TutorAction::SocraticQuestion], false);
        let pl = plan("N-1", &[TutorAction::ExamBlock, TutorAction::DrillCard]);
        let event = ClientEvent::Revisit {
            unit_id: "N-1".into(),
            question_id: "Q7".into(),
        };
        let ask = RevisitAsk {
            unit_id: "N-1".into(),
            question_id: "Q7".into(),
            tier: Tier::Silver,
            open: true,
        };
        let locked = RevisitAsk {
            open: false,
            ..ask.clone()
        };
        let mut x = compose_input(&c, &p, &pl, &event, "", None);
        x.revisit = Some(&ask);
        let s = compose(&x);
        assert_eq!(
            s.card,
            Some(TutorCard::Exam {
                unit_id: "N-1".into(),
                question_id: "Q7".into(),
                difficulty_tier: Tier::Silver,
            })
        );
        x.revisit = Some(&locked);
        let other = vec!["Q8".to_string()];
        x.attemptable = &other;
        let s = compose(&x);
        assert_eq!(s.action, TutorAction::DrillCard);
        assert!(s.opening.starts_with("That question is not open yet"));
        x.revisit = None;
        assert!(compose(&x)
            .opening
            .starts_with("That question is no longer on your revisit list"));
    }

    #[test]
    fn stuck_on_a_drill_gets_the_key_ideas_and_a_hint_on_that_drill() {
        let c = course();
        let p = policy("N-1", &["N-1"], &TutorAction::ALL, true);
        let pl = plan("N-1", &[TutorAction::ConceptCard]);
        let unit = c.unit("N-1").unwrap();
        let cloze = lantern_packs::course::cloze::cloze_of(&unit.anchor, unit).unwrap();
        let drill = lantern_packs::course::cloze::cloze_drill(unit, &cloze, Language::En);
        let event = ClientEvent::Stuck {
            unit_id: "N-1".into(),
            drill_message_id: None,
        };
        let s = compose(&compose_input(&c, &p, &pl, &event, "", Some(&drill.key)));
        assert_eq!(s.action, TutorAction::ConceptCard);
        assert!(
            s.closing
                .starts_with("Hint for the drill: the missing word starts with"),
            "{}",
            s.closing
        );
        assert!(!s.closing.contains(&drill.key.answer));
    }

    #[test]
    fn a_question_is_answered_never_graded_against_the_pending_question() {
        let c = course();
        let unit = c.unit("N-1").unwrap().clone();
        let cloze = lantern_packs::course::cloze::cloze_of(&unit.anchor, &unit).unwrap();
        let key = lantern_packs::course::cloze::cloze_drill(&unit, &cloze, Language::En).key;
        let p = policy("N-1", &["N-1"], &TutorAction::ALL, false);
        let pl = plan("N-1", &[TutorAction::SocraticQuestion]);
        let ask = |message: &str| {
            let mut x = compose_input(&c, &p, &pl, &ClientEvent::None, message, None);
            x.pending = Some(&key);
            compose(&x).judged
        };
        let mut x = compose_input(&c, &p, &pl, &ClientEvent::None, "subtraction", None);
        x.pending = Some(&key);
        x.asked = Some("N-3");
        assert!(
            compose(&x).judged.is_none(),
            "about another unit: a new topic"
        );
        for question in [
            "was it about division",
            "is it true that addition undoes subtraction",
            "whats an inverse operation",
            "¿es la resta?",
        ] {
            assert!(ask(question).is_none(), "{question}");
        }
        assert!(ask(&key.answer).is_some(), "an answer is still judged");
    }

    #[test]
    fn the_verdict_says_right_or_gives_the_answer_and_why() {
        let j = |verdict, expected: &str| JudgedAnswer {
            unit_id: "U".into(),
            judgement: Judgement {
                verdict,
                expected: expected.into(),
                why: Some("Angles on a line add up to 180°.".into()),
                tag: None,
            },
            answered_question: true,
        };
        assert_eq!(
            verdict_text(&j(TutorVerdict::Right, "180°"), Language::En),
            "Right! Angles on a line add up to 180°."
        );
        assert_eq!(
            verdict_text(&j(TutorVerdict::NotYet, "180°"), Language::Es),
            "Todavía no: la respuesta es «180°». Angles on a line add up to 180°."
        );
    }
}
