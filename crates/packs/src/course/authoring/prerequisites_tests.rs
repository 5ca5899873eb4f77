//! One test per drafting rule, and a property: whatever the notes, every drafted edge
//! goes forwards, so the graph has no cycle.

use super::*;
use crate::course::dag::find_cycle;
use crate::course::Edge;
use proptest::prelude::*;

fn unit(title: &str, terms: &[&str], sentences: &[&str]) -> UnitNotes {
    UnitNotes {
        title: title.into(),
        terms: terms.iter().map(|t| t.to_string()).collect(),
        definitions: Vec::new(),
        sentences: sentences.iter().map(|s| s.to_string()).collect(),
    }
}

fn edges(units: &[UnitNotes]) -> Vec<(usize, usize)> {
    draft_prerequisites(units, "Biology")
        .into_iter()
        .map(|d| (d.from, d.to))
        .collect()
}

fn cells() -> UnitNotes {
    unit(
        "Organelles",
        &["nucleus", "cell membrane"],
        &[
            "The nucleus holds the DNA.",
            "The cell membrane controls what enters.",
        ],
    )
}

#[test]
fn a_sentence_that_says_it_builds_on_an_earlier_unit_makes_an_edge() {
    let drafted = draft_prerequisites(
        &[
            cells(),
            unit("Plants", &[], &["Plants grow towards the light."]),
            unit(
                "Division",
                &[],
                &["This builds on what we learnt about the nucleus."],
            ),
        ],
        "Biology",
    );
    assert_eq!(drafted.len(), 1);
    assert_eq!((drafted[0].from, drafted[0].to), (0, 2));
    assert_eq!(
        drafted[0].evidence,
        Evidence::Said("This builds on what we learnt about the nucleus.".into())
    );
    let spanish = edges(&[
        unit("La célula", &["núcleo"], &["El núcleo guarda el ADN."]),
        unit(
            "Las plantas",
            &[],
            &["Como vimos, el núcleo dirige la célula."],
        ),
    ]);
    assert_eq!(spanish, [(0, 1)]);
}

#[test]
fn a_sentence_naming_the_unit_just_before_as_the_previous_lesson_makes_an_edge() {
    let units = [
        cells(),
        unit(
            "Division",
            &[],
            &["As in the previous lesson, look closely."],
        ),
    ];
    assert_eq!(edges(&units), [(0, 1)]);
}

#[test]
fn key_terms_in_two_sentences_make_an_edge_and_one_mention_does_not() {
    let two = [
        cells(),
        unit(
            "Division",
            &["mitosis"],
            &[
                "In mitosis the nucleus divides first.",
                "The cell membrane then pinches in.",
            ],
        ),
    ];
    let drafted = draft_prerequisites(&two, "Biology");
    assert_eq!(
        drafted[0].evidence,
        Evidence::Terms {
            terms: vec!["nucleus".into(), "cell membrane".into()],
            sentences: 2
        }
    );
    let once = [
        cells(),
        unit(
            "Division",
            &["mitosis"],
            &["In mitosis the nucleus divides.", "Then it splits in two."],
        ),
    ];
    assert_eq!(edges(&once), []);
}

#[test]
fn a_sentence_naming_an_earlier_units_whole_title_makes_an_edge() {
    let units = [
        unit("Light reactions", &[], &["Light splits water."]),
        unit(
            "The Calvin cycle",
            &[],
            &["It uses the energy captured in the light reactions."],
        ),
    ];
    assert_eq!(edges(&units), [(0, 1)]);
}

#[test]
fn a_definition_that_uses_an_earlier_units_terms_makes_an_edge() {
    let definition = "Organelles are the structures inside the cell membrane.";
    let mut organelles = unit(
        "Organelles",
        &["organelles"],
        &[definition, "Each has a job."],
    );
    assert_eq!(edges(&[cells(), organelles.clone()]), [], "one sentence");
    organelles.definitions = vec![definition.into()];
    let drafted = draft_prerequisites(&[cells(), organelles], "Biology");
    assert_eq!(drafted[0].evidence, Evidence::Defined(definition.into()));
}

#[test]
fn chronology_alone_makes_no_edge() {
    let units = [
        unit(
            "The causes",
            &["Ancien Régime"],
            &["France was bankrupt in 1789."],
        ),
        unit(
            "The Bastille",
            &["Bastille"],
            &["Paris stormed the Bastille."],
        ),
        unit(
            "The Terror",
            &[],
            &["Robespierre's government executed thousands."],
        ),
    ];
    assert_eq!(edges(&units), []);
}

#[test]
fn the_course_titles_words_and_terms_an_earlier_unit_used_are_no_one_units() {
    let units = [
        unit("Origins", &["Cold War"], &["The Cold War began in 1945."]),
        unit(
            "Crises",
            &["Cold War"],
            &["The Cold War grew hot.", "The Cold War spread."],
        ),
    ];
    assert_eq!(draft_prerequisites(&units, "The Cold War"), []);
    let biology = [
        unit("Light", &[], &["Water and light."]),
        unit("Water", &["water"], &["Water rises."]),
        unit("Roots", &[], &["Water enters roots.", "Roots take water."]),
    ];
    assert_eq!(edges(&biology), [], "water was the first unit's word");
}

#[test]
fn the_nearest_earlier_unit_is_preferred_and_edges_never_go_backwards() {
    let units = [
        cells(),
        unit(
            "Tissues",
            &["tissue"],
            &["A tissue is a group of cells working together in the body."],
        ),
        unit(
            "Organs",
            &[],
            &[
                "Each tissue has a nucleus in its cells.",
                "A tissue needs a cell membrane too.",
            ],
        ),
    ];
    assert_eq!(edges(&units), [(1, 2)]);
    // The first unit uses the last unit's term: no edge either way.
    let backwards = [
        unit(
            "Cells",
            &[],
            &["Cells divide by mitosis.", "Mitosis copies cells."],
        ),
        unit("Mitosis", &["mitosis"], &["Mitosis has four phases."]),
    ];
    assert_eq!(edges(&backwards), []);
}

#[test]
fn a_term_the_later_unit_defines_itself_is_not_evidence() {
    let units = [
        cells(),
        unit(
            "Transport",
            &["cell membrane"],
            &[
                "The cell membrane is a thin layer of lipids.",
                "Water crosses the cell membrane.",
            ],
        ),
    ];
    assert_eq!(edges(&units), []);
}

/// Words the generated notes are made of: some shared, some marker words.
const VOCABULARY: &[&str] = &[
    "nucleus", "membrane", "mitosis", "tissue", "builds", "on", "recall", "previous", "lesson",
    "cells", "water", "light", "energy",
];

fn words(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(VOCABULARY), 1..max).prop_map(|w| w.join(" "))
}

fn notes() -> impl Strategy<Value = UnitNotes> {
    (
        words(3),
        prop::collection::vec(words(3), 0..3),
        prop::collection::vec(words(8), 0..5),
        any::<prop::sample::Index>(),
    )
        .prop_map(|(title, terms, sentences, defining)| UnitNotes {
            title,
            terms,
            definitions: (!sentences.is_empty())
                .then(|| defining.get(&sentences).clone())
                .into_iter()
                .collect(),
            sentences,
        })
}

proptest! {
    #[test]
    fn any_drafted_graph_goes_forwards_once_per_unit_without_a_cycle(
        units in prop::collection::vec(notes(), 0..8)
    ) {
        let drafted = draft_prerequisites(&units, "Biology");
        let mut seen = std::collections::HashSet::new();
        for d in &drafted {
            prop_assert!(d.from < d.to && d.to < units.len());
            prop_assert!(seen.insert(d.to), "one prerequisite per unit");
        }
        let edges: Vec<Edge> = drafted
            .iter()
            .map(|d| Edge { from: d.from.to_string(), to: d.to.to_string() })
            .collect();
        prop_assert_eq!(find_cycle(&edges), None);
    }
}
