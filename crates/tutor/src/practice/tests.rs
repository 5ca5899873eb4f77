//! The practice's rules, one test each, and the property that no gap-fill chosen
//! blanks a bare number or date outside a unit about them.

use super::*;
use crate::choice::tests::question;
use crate::cloze::{is_number_or_date, teaches_numbers};
use lantern_packs::course::Misconception;
use proptest::prelude::*;

fn history_unit() -> Unit {
    Unit {
        id: "IR-03".into(),
        title: "Steam power".into(),
        anchor: "James Watt improved the steam engine in 1769. Steam engines let factories \
                 move away from rivers."
            .into(),
        tags: vec!["steam_engine".into()],
        misconceptions: vec![Misconception {
            tag: "watt_invented".into(),
            text: "Thinks James Watt invented the first steam engine.".into(),
        }],
        content: vec![],
        drills: vec![],
    }
}

fn input<'a>(
    unit: &'a Unit,
    seed: u64,
    avoid: &'a [String],
    confusion: &'a BTreeMap<String, u32>,
) -> PracticeInput<'a> {
    PracticeInput {
        unit,
        material: &[],
        language: Language::En,
        seed,
        avoid,
        confusion,
        questions: &[],
        about: "",
    }
}

/// The kinds of the first five questions `next` asks, each added to what was asked.
fn kinds_in_turn(next: impl Fn(&[String]) -> Option<GeneratedDrill>) -> Vec<DrillSource> {
    let mut avoid: Vec<String> = Vec::new();
    let mut kinds: Vec<DrillSource> = Vec::new();
    for _ in 0..5 {
        let Some(d) = next(&avoid) else { break };
        if kinds.last() != Some(&d.key.source) {
            kinds.push(d.key.source);
        }
        avoid.push(format!("{} {}", d.prompt, d.question_latex));
    }
    kinds
}

#[test]
fn a_unit_with_templates_practises_them_every_other_drill() {
    let mut u = lantern_packs::course::drill::one_template_unit();
    u.anchor = history_unit().anchor;
    let none = BTreeMap::new();
    let templates = (0..20)
        .filter(|&seed| {
            let d = practice_drill(&input(&u, seed, &[], &none)).unwrap();
            d.key.source == DrillSource::Template
        })
        .count();
    assert_eq!(templates, 10);
}

#[test]
fn confusion_tags_steer_to_their_misconception() {
    let u = history_unit();
    let tags = BTreeMap::from([("watt_invented".to_string(), 2)]);
    let d = practice_drill(&input(&u, 7, &[], &tags)).unwrap();
    assert_eq!(d.key.source, DrillSource::TrueFalse);
    assert_eq!(
        d.question_latex,
        "James Watt invented the first steam engine."
    );
}

#[test]
fn a_question_just_asked_is_not_asked_again() {
    let u = history_unit();
    let none = BTreeMap::new();
    let first = practice_drill(&input(&u, 3, &[], &none)).unwrap();
    // As the store reads a drill back: its lead-in, prompt and question together.
    let avoid = vec![format!(
        "Let's practise “Steam power”. {} {}",
        first.prompt, first.question_latex
    )];
    let second = practice_drill(&input(&u, 3, &avoid, &none)).unwrap();
    assert_ne!(first.question_latex, second.question_latex);
}

#[test]
fn the_check_question_avoids_the_passage_on_screen() {
    let u = history_unit();
    let none = BTreeMap::new();
    let q = check_question(
        &input(&u, 0, &[], &none),
        "James Watt improved the steam engine in 1769.",
    );
    assert_eq!(q.key.source, DrillSource::Cloze);
    assert!(q.key.explanation.unwrap().starts_with("Steam engines"));
}

#[test]
fn with_nothing_to_blank_or_state_the_question_is_an_explain_back() {
    let mut u = history_unit();
    u.anchor = "Steam.".into();
    u.misconceptions.clear();
    let none = BTreeMap::new();
    let q = check_question(&input(&u, 0, &[], &none), "");
    assert_eq!(q.key.source, DrillSource::ExplainBack);
    assert!(q.prompt.contains("Steam power"));
}

#[test]
fn the_order_is_exam_question_key_term_gap_fill_true_or_false_explain_back() {
    let u = history_unit();
    let none = BTreeMap::new();
    let questions = [question()];
    let with = || PracticeInput {
        questions: &questions,
        ..input(&u, 1, &[], &none)
    };
    // One exam question, two gap-fills, one misconception, then what is left.
    let check = kinds_in_turn(|avoid| Some(check_question(&PracticeInput { avoid, ..with() }, "")));
    use DrillSource::*;
    assert_eq!(check, [Choice, Cloze, TrueFalse, ExplainBack]);
    // A drill card: the same order, then the anchor's true statements.
    let drills = kinds_in_turn(|avoid| practice_drill(&PracticeInput { avoid, ..with() }));
    assert_eq!(drills, [Choice, Cloze, TrueFalse]);
}

#[test]
fn a_history_unit_never_blanks_a_bare_date() {
    let u = Unit {
        id: "FR-02".into(),
        title: "The Estates-General".into(),
        anchor: "The Estates-General had not met since 1614. Louis XVI was executed in \
                 January 1793 by the Convention."
            .into(),
        tags: vec![],
        misconceptions: vec![],
        content: vec![],
        drills: vec![],
    };
    let none = BTreeMap::new();
    for seed in 0..8 {
        let mut avoid: Vec<String> = Vec::new();
        for _ in 0..3 {
            let q = check_question(&input(&u, seed, &avoid, &none), "");
            assert!(!is_number_or_date(&q.key.answer), "{}", q.key.answer);
            avoid.push(q.question_latex);
        }
    }
    let first = check_question(&input(&u, 0, &[], &none), "");
    assert_eq!(first.question_latex, "The ___ had not met since 1614.");
}

#[test]
fn the_question_asked_steers_to_the_sentence_about_it() {
    let u = history_unit();
    let none = BTreeMap::new();
    let questions = [question()];
    for seed in 0..6 {
        let x = PracticeInput {
            questions: &questions,
            about: "why could factories move away from rivers",
            ..input(&u, seed, &[], &none)
        };
        let q = check_question(&x, "");
        assert_eq!(
            q.question_latex,
            "Steam ___ let factories move away from rivers."
        );
        let d = practice_drill(&x).unwrap();
        assert_eq!(d.question_latex, q.question_latex);
        let unasked = PracticeInput { about: "", ..x };
        assert_eq!(check_question(&unasked, "").key.source, DrillSource::Choice);
    }
}

/// A sentence of words, names, years, months and counts.
fn sentence() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        "[a-z]{2,9}",
        "[A-Z][a-z]{3,8}",
        "1[0-9]{3}",
        "[0-9]{1,3}",
        Just("October".to_string()),
        Just("three".to_string()),
        Just("the 1830s".to_string()),
    ];
    ("[A-Z][a-z]{2,8}", prop::collection::vec(word, 4..14))
        .prop_map(|(first, rest)| format!("{first} {}.", rest.join(" ")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn no_gap_fill_blanks_a_bare_number_or_date_outside_a_unit_about_them(
        title in "[A-Z][a-z]{3,10}( [a-z]{3,10}){0,2}",
        tag in "[a-z]{3,10}(_[a-z]{3,10})?",
        anchor in prop::collection::vec(sentence(), 1..5),
        seed in 0u64..50,
    ) {
        let unit = Unit {
            id: "U".into(),
            title,
            anchor: anchor.join(" "),
            tags: vec![tag],
            misconceptions: vec![],
            content: vec![],
            drills: vec![],
        };
        prop_assume!(!teaches_numbers(&unit));
        for c in clozes(&unit, &[]) {
            prop_assert!(!is_number_or_date(&c.answer), "{:?}", c);
        }
        let none = BTreeMap::new();
        let x = input(&unit, seed, &[], &none);
        let chosen = [Some(check_question(&x, "")), practice_drill(&x)];
        for d in chosen.into_iter().flatten() {
            if d.key.source == DrillSource::Cloze {
                prop_assert!(!is_number_or_date(&d.key.answer), "{}", d.question_latex);
            }
        }
    }
}

#[test]
fn an_exam_question_asked_in_the_text_is_judged_by_its_letter_or_its_text() {
    use crate::judge::{judge_answer, TutorVerdict};
    let u = history_unit();
    let none = BTreeMap::new();
    let questions = [question()];
    let q = check_question(
        &PracticeInput {
            questions: &questions,
            ..input(&u, 0, &[], &none)
        },
        "",
    );
    assert_eq!(q.key.source, DrillSource::Choice);
    for (said, verdict) in [
        ("b", TutorVerdict::Right),
        ("Water", TutorVerdict::Right),
        ("a", TutorVerdict::NotYet),
    ] {
        assert_eq!(
            judge_answer(&q.key, said).unwrap().verdict,
            verdict,
            "{said}"
        );
    }
}
