//! The parts of a turn that answer what the student typed (issue #47): one clarifying
//! question when the message could be about either of two units (A3), the note that the
//! course's notes are in another language, the prerequisite offered after the answer
//! (never a redirect), and a hint at once when the student types that they are stuck.

use super::contract::TutorAction;
use super::course::TutorCourse;
use super::drill::DrillKey;
use super::help::gap_hint;
use super::message::PrerequisiteOffer;
use super::messages::MESSAGES;
use super::passage::best_passage;
use super::skeleton::{ComposeInput, Skeleton};
use lantern_core::language::Language;
use lantern_core::say;

/// One question naming the two likeliest units of a message mapping is unsure of: no
/// card, no passage, nothing to answer yet (A3).
pub(crate) fn clarify(x: &ComposeInput<'_>) -> Option<Skeleton> {
    let [first, second, ..] = x.likeliest else {
        return None;
    };
    let closing = say!(
        MESSAGES,
        x.language,
        "tutor-clarify",
        first = &x.course.title_of(first),
        second = &x.course.title_of(second)
    );
    let mut s = Skeleton::says(
        TutorAction::SocraticQuestion,
        &x.policy.focus_unit_id,
        closing,
    );
    s.clarified = vec![first.clone(), second.clone()];
    Some(s)
}

/// The sentence saying the quoted notes are in the course's language, when the reply is
/// in another one and the conversation has not said it yet (`recent`: the tutor's
/// recent words); empty otherwise.
pub(crate) fn material_note(course: &TutorCourse, language: Language, recent: &[String]) -> String {
    let note = match (course.language, language) {
        (Language::Es, Language::En) => say!(MESSAGES, language, "tutor-material-in-spanish"),
        (Language::En, Language::Es) => say!(MESSAGES, language, "tutor-material-in-english"),
        _ => return String::new(),
    };
    if recent.iter().any(|r| r.contains(&note)) {
        String::new()
    } else {
        note
    }
}

/// The sentence naming a common mistake of the unit a question is about (`mistake`, as
/// the notes' own list states it: "the marshall plan was only for western europe
/// right"), so a false premise is never left standing. It says what the notes call a
/// mistake, not that the student made it: a true premise may share its words.
pub(crate) fn common_mistake(mistake: &str, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "tutor-common-mistake",
        mistake = mistake
    )
}

/// The prerequisite the student may check first, with the sentence offering it, when
/// the unit asked about builds on one they have not mastered.
pub(crate) fn prerequisite_offer(x: &ComposeInput<'_>) -> Option<(String, PrerequisiteOffer)> {
    let asked = x.asked?;
    let blocker = x.policy.prereq_blocking_unit_id.as_deref()?;
    if asked == blocker {
        return None;
    }
    let title = x.course.title_of(blocker);
    let sentence = say!(
        MESSAGES,
        x.language,
        "tutor-offer-prerequisite",
        asked = &x.course.title_of(asked),
        focus = &title
    );
    Some((
        sentence,
        PrerequisiteOffer {
            unit_id: blocker.to_string(),
            unit_title: title,
        },
    ))
}

/// A hint at once on the question the student typed they are stuck on: for a word gap
/// its first letter and length, else the notes' sentences about the question, quoted.
/// The question stays open: the next answer typed is judged against it (the hint carries
/// its key), as is one given on the drill card.
pub(crate) fn typed_hint(x: &ComposeInput<'_>, key: &DrillKey, question: &str) -> Skeleton {
    let mut s = match gap_hint(key, x.language) {
        Some(hint) => Skeleton::says(TutorAction::SocraticQuestion, &key.unit_id, hint),
        None => {
            let mut s = Skeleton::says(
                TutorAction::SocraticQuestion,
                &key.unit_id,
                say!(MESSAGES, x.language, "tutor-hint-passage"),
            );
            s.passage = x
                .course
                .unit(&key.unit_id)
                .map(|u| best_passage(u, x.material, question, x.meaning))
                .filter(|p| !p.quote.contains(&key.answer) || key.answer.is_empty());
            s
        }
    };
    s.drill_key = Some(key.clone());
    s
}

#[cfg(test)]
mod tests {
    use super::super::compose::compose;
    use super::super::message::{ClientEvent, TutorCard};
    use super::super::policy::TutorPolicy;
    use super::*;
    use crate::testing::{compose_input, course, plan, policy};

    /// The policy of a question about N-2 whose prerequisite N-1 is not mastered.
    fn blocked() -> TutorPolicy {
        let mut p = policy(
            "N-1",
            &["N-1", "N-2"],
            &[TutorAction::SocraticQuestion],
            false,
        );
        p.primary_target_unit_id = "N-2".into();
        p.prereq_blocking_unit_id = Some("N-1".into());
        p
    }

    #[test]
    fn a_question_on_a_unit_with_a_missing_prerequisite_is_answered_then_offers_it() {
        let c = course();
        let p = blocked();
        let pl = plan(
            "N-1",
            &[TutorAction::SocraticQuestion, TutorAction::DrillCard],
        );
        let mut x = compose_input(
            &c,
            &p,
            &pl,
            &ClientEvent::None,
            "how do i solve a linear equation",
            None,
        );
        x.asked = Some("N-2");
        let s = compose(&x);
        let passage = s.passage.expect("the answer, quoted");
        assert_eq!(passage.unit_id, "N-2");
        assert!(s.asks_model);
        assert_eq!(
            s.offer,
            Some(PrerequisiteOffer {
                unit_id: "N-1".into(),
                unit_title: "Inverse operations".into(),
            })
        );
        assert_eq!(
            s.closing,
            "The unit “Linear equations” builds on “Inverse operations”. Want to check “Inverse operations” first?"
        );
        assert!(s.drill_key.is_none() && s.card.is_none() && s.judged.is_none());
        // Offered once: asked again, the practice is on the prerequisite.
        let said = [s.closing.clone()];
        x.recent = &said;
        let again = compose(&x);
        assert!(again.offer.is_none());
        assert_eq!(again.drill_key.map(|k| k.unit_id), Some("N-1".to_string()));
        assert!(again
            .closing
            .starts_with("Before “Linear equations”, let's practise “Inverse operations”."));
    }

    #[test]
    fn a_message_between_two_units_gets_one_question_naming_both() {
        let c = course();
        let p = policy("N-1", &["N-1"], &[TutorAction::SocraticQuestion], false);
        let pl = plan("N-1", &[TutorAction::SocraticQuestion]);
        let two = ["N-2".to_string(), "N-4".to_string()];
        let mut x = compose_input(&c, &p, &pl, &ClientEvent::None, "the equations bit", None);
        x.likeliest = &two;
        let s = compose(&x);
        assert_eq!(
            s.closing,
            "Do you mean “Linear equations” or “Simultaneous equations”?"
        );
        assert!(s.passage.is_none() && s.card.is_none() && s.drill_key.is_none());
    }

    #[test]
    fn typing_stuck_on_a_word_gap_gets_its_hint_at_once_and_the_gap_stays_open() {
        let c = course();
        let unit = c.unit("N-1").unwrap().clone();
        let cloze = crate::cloze::cloze_of(&unit.anchor, &unit).unwrap();
        let key = crate::cloze::cloze_drill(&unit, &cloze, Language::En).key;
        let p = policy("N-1", &["N-1"], &[TutorAction::SocraticQuestion], false);
        let pl = plan(
            "N-1",
            &[TutorAction::SocraticQuestion, TutorAction::DrillCard],
        );
        let mut x = compose_input(&c, &p, &pl, &ClientEvent::None, "idk im stuck", None);
        x.pending = Some(&key);
        let s = compose(&x);
        assert!(s.judged.is_none(), "never graded");
        assert!(s.closing.starts_with("Hint for the drill"), "{}", s.closing);
        assert_eq!(s.drill_key.as_ref(), Some(&key));
    }

    #[test]
    fn typing_stuck_on_a_drill_card_without_a_word_gap_quotes_the_notes() {
        let c = course();
        let unit = c.unit("N-1").unwrap().clone();
        let key = crate::practice::explain_back(&unit, Language::En).key;
        let p = policy("N-1", &["N-1"], &[TutorAction::SocraticQuestion], false);
        let pl = plan(
            "N-1",
            &[TutorAction::SocraticQuestion, TutorAction::DrillCard],
        );
        let recent = ["Explain inverse operations in your own words.".to_string()];
        let mut x = compose_input(&c, &p, &pl, &ClientEvent::None, "no sé", None);
        x.drill = Some(&key);
        x.recent = &recent;
        x.language = Language::Es;
        let s = compose(&x);
        assert!(s.judged.is_none());
        assert!(s.closing.starts_with("Esto es lo que dicen tus notas"));
        assert!(matches!(s.card, None | Some(TutorCard::Concept { .. })));
    }

    #[test]
    fn a_common_mistake_is_named_as_the_notes_list_it() {
        assert_eq!(
            common_mistake("Multiplication undoes addition.", Language::En),
            "Your notes list a common mistake about this: “Multiplication undoes addition.”"
        );
    }

    #[test]
    fn notes_in_another_language_are_said_to_be_once() {
        let c = course();
        assert_eq!(material_note(&c, Language::En, &[]), "");
        let note = material_note(&c, Language::Es, &[]);
        assert!(note.contains("inglés"));
        assert_eq!(
            material_note(&c, Language::Es, &[format!("[…] {note} […]")]),
            ""
        );
    }
}
