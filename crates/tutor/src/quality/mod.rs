//! The tutor's eval rubric (docs/evals.md): computed checks of what one turn showed —
//! form (the move follows the policy, mapping found the unit) and content (every
//! sentence authored or supported, no echo, no leak, nothing said before, the student's
//! question answered from its unit, every question and drill checkable, the right
//! language, the student's answer graded) — and, for a student's question (issue #47),
//! an answer in words before any practice, no verdict, every model sentence said by one
//! source sentence, practice on what was asked, no cloze on a bare number or date.

mod asked;
mod claims;
#[cfg(test)]
mod fixture;
mod practice;
mod shown;

pub use shown::{ShownTurn, TurnExpectation};

use super::message::TutorCard;
use super::question::is_question;
use lantern_core::eval::Check;
use lantern_core::language::Language;
use lantern_core::text::message_language::clear_language;
use lantern_core::text::normalize::normalize;
use lantern_core::text::support::{DropReason, ReplyFilter};
use lantern_core::text::tidy::sentences;
use shown::refs;

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

/// Whether the sentence quotes the material (a blank aside): it may keep the
/// material's language.
fn is_quote(sentence: &str, material_norm: &[String]) -> bool {
    let n = normalize(sentence);
    let longest = n
        .split(' ')
        .collect::<Vec<_>>()
        .windows(4)
        .map(|w| w.join(" "))
        .any(|run| material_norm.iter().any(|m| m.contains(&run)));
    n.is_empty() || longest
}

/// The checks of one shown turn against `expect`.
pub fn score_turn(t: &ShownTurn<'_>, language: Language, expect: &TurnExpectation) -> Vec<Check> {
    let log = t.log;
    let mut checks = Vec::new();
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
        let top = log.mapped_units.first();
        checks.push(Check::new(
            "mapped_to_unit",
            top.is_some_and(|m| &m.unit_id == unit),
            || format!("mapped {:?}", top.map(|m| (&m.unit_id, m.confidence))),
        ));
    }
    let shown = shown_text(t.text, t.card);
    // supported: every sentence shown is authored, or the model's and passes the filter
    // against the authored material and the student's words.
    let mut support_texts = refs(t.authored);
    if let Some(p) = t.passage {
        support_texts.push(&p.full_text);
    }
    let filter = ReplyFilter::new(None, &support_texts, t.student);
    let model_sentences: Vec<&str> = sentences(&log.model_text).into_iter().collect();
    let unsupported: Vec<&str> = model_sentences
        .iter()
        .copied()
        .filter(|s| matches!(filter.check(s), Err(DropReason::Unsupported(_))))
        .collect();
    checks.push(Check::new("supported", unsupported.is_empty(), || {
        unsupported.join(" | ")
    }));
    let echo: Vec<&str> = model_sentences
        .iter()
        .copied()
        .filter(|s| filter.check(s) == Err(DropReason::Echo))
        .collect();
    checks.push(Check::new("no_echo", echo.is_empty(), || echo.join(" | ")));
    let leak_filter = ReplyFilter::new(None, &[], "").with_instructions(&refs(t.instructions));
    let leaks: Vec<&str> = sentences(&shown)
        .into_iter()
        .filter(|s| matches!(leak_filter.check(s), Err(DropReason::Leak(_))))
        .collect();
    checks.push(Check::new("no_leak", leaks.is_empty(), || {
        leaks.join(" | ")
    }));
    let repeat_filter = ReplyFilter::new(None, &[], "").with_said(&refs(t.earlier));
    let repeats: Vec<&str> = model_sentences
        .iter()
        .copied()
        .filter(|s| repeat_filter.check(s) == Err(DropReason::Repeat))
        .collect();
    checks.push(Check::new(
        "no_repeat_across_turns",
        repeats.is_empty(),
        || repeats.join(" | "),
    ));
    // answers_the_question: a question about a unit is answered from that unit's
    // material, and the tutored unit is that unit or its blocker, named.
    if let Some(asked) = &expect.mapped {
        let from_unit = t.passage.is_some_and(|p| &p.unit_id == asked)
            || log.chosen_unit_id == *asked && t.passage.is_none();
        let tutors = log.chosen_unit_id == *asked
            || log.prereq_blocking_unit_id.as_deref() == Some(log.chosen_unit_id.as_str());
        let (asked_title, blocker_title) = t.titles;
        let lower = shown.to_lowercase();
        let named = blocker_title.is_none_or(|b| {
            lower.contains(&b.to_lowercase()) && lower.contains(&asked_title.to_lowercase())
        });
        let all_shown = format!(
            "{} {}",
            normalize(&shown),
            t.passage.map_or_else(String::new, |p| normalize(&p.quote))
        );
        let has_fact = expect.answer_has.is_empty()
            || expect
                .answer_has
                .iter()
                .any(|a| all_shown.contains(&normalize(a)));
        checks.push(Check::new(
            "answers_the_question",
            from_unit && tutors && named && has_fact,
            || {
                format!(
                    "passage {:?}, tutored {}, named {named}, fact {has_fact}",
                    t.passage.map(|p| &p.unit_id),
                    log.chosen_unit_id
                )
            },
        ));
    }
    // drill_checked: a drill card has a verified key.
    if matches!(t.card, Some(TutorCard::Drill { .. })) {
        checks.push(Check::new(
            "drill_checked",
            t.key.is_some_and(|k| k.verified),
            || "a drill without a verified answer".into(),
        ));
    }
    // question_checkable: a reply that asks carries the key of its question — or asks
    // the student's choice: an exam offered, a prerequisite offered, two units to choose
    // between (A3).
    let asks = t.text.contains('?') || matches!(t.card, Some(TutorCard::Drill { .. }));
    let offers_choice = matches!(t.card, Some(TutorCard::Exam { .. }))
        || t.offer.is_some()
        || !log.clarified_unit_ids.is_empty();
    checks.push(Check::new(
        "question_checkable",
        !asks || t.key.is_some() || offers_choice,
        || "asks a question without a known answer".into(),
    ));
    let want = expect.reply_language.unwrap_or(language);
    // The app's words and the model's must be in the reply's language; quotes of the
    // material (the passage, a cloze of it) keep the material's.
    let quoted: Vec<String> = t.authored.iter().map(|a| normalize(a)).collect();
    let wrong_language: Vec<&str> = sentences(t.text)
        .into_iter()
        .filter(|s| !is_quote(s, &quoted))
        .filter(|s| clear_language(s).is_some_and(|l| l != want))
        .collect();
    checks.push(Check::new(
        "language_matches",
        wrong_language.is_empty(),
        || wrong_language.join(" | "),
    ));
    if let Some(grade) = expect.grade {
        checks.push(Check::new("graded", log.verdict == Some(grade), || {
            format!("verdict {:?}", log.verdict)
        }));
    }
    let student_asks = is_question(t.student);
    if expect.answered_in_words.unwrap_or(student_asks) {
        checks.push(asked::answered_in_words(t));
    }
    if expect.not_graded.unwrap_or(student_asks) {
        checks.push(asked::question_not_graded(t));
    }
    checks.push(claims::claim_true(t));
    checks.extend(practice::practice_relevant(t, expect));
    checks.extend(practice::no_trivia_cloze(t));
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

    #[test]
    fn a_question_turn_gets_the_question_checks_by_default_and_a_case_can_say_otherwise() {
        let names = |student: &str, expect: &TurnExpectation| {
            let turn = fixture::Turn::new(student, "Let's work on it.");
            score_turn(&turn.shown(), Language::En, expect)
                .into_iter()
                .map(|c| c.name)
                .collect::<Vec<_>>()
        };
        let asked = names(
            "was the terror only against nobles",
            &TurnExpectation::default(),
        );
        assert!(asked.contains(&"answered_in_words"), "{asked:?}");
        assert!(asked.contains(&"question_not_graded"), "{asked:?}");
        assert!(asked.contains(&"claim_true"), "{asked:?}");
        let told = names(
            "the terror was only against nobles",
            &TurnExpectation::default(),
        );
        assert!(!told.contains(&"answered_in_words"), "{told:?}");
        let not_graded = TurnExpectation {
            not_graded: Some(true),
            answered_in_words: Some(false),
            ..TurnExpectation::default()
        };
        let claim = names("the terror was only against nobles", &not_graded);
        assert!(claim.contains(&"question_not_graded"), "{claim:?}");
        assert!(!claim.contains(&"answered_in_words"), "{claim:?}");
    }

    #[test]
    fn a_quote_of_the_material_is_recognised_inside_the_apps_framing() {
        let material = vec![normalize("Angles on a straight line add up to 180°.")];
        assert!(is_quote(
            "Fill in the gap. Angles on a straight line add up to ___.",
            &material
        ));
        assert!(!is_quote("Los ángulos suman 360.", &material));
    }
}
