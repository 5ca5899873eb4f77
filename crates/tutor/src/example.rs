//! A concept card's worked example (issue #47 item 5): an instance of the unit's own
//! numeric template, worked to its answer, when the pack has one; else the first sentence
//! of the notes that gives an example ("For example, …", "Por ejemplo, …"). Never the
//! drill the student is stuck on.

use super::contract::WorkedExample;
use super::drill::template_drill;
use lantern_core::text::normalize::normalize;
use lantern_core::text::tidy::sentences;
use lantern_core::word_list;
use lantern_packs::course::Unit;
use std::sync::LazyLock;

/// Phrases that mark an example sentence (`words/<locale>/example-markers.txt`).
static EXAMPLE_MARKERS: LazyLock<Vec<String>> =
    LazyLock::new(|| word_list!("example-markers").map(normalize).collect());

/// Whether `sentence` gives an example.
fn gives_an_example(sentence: &str) -> bool {
    let padded = format!(
        " {} ",
        normalize(sentence)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    );
    EXAMPLE_MARKERS
        .iter()
        .any(|m| !m.is_empty() && padded.contains(&format!(" {m} ")))
}

/// The worked example of `unit`'s concept card: its template worked with `seed` (not one
/// whose answer is `avoid`), else the first example sentence of its anchor or `material`.
pub fn worked_example(
    unit: &Unit,
    material: &[&str],
    seed: u64,
    avoid: Option<&str>,
) -> Option<WorkedExample> {
    let worked = (1..=3)
        .filter_map(|n| template_drill(unit, seed.wrapping_add(n)))
        .find(|d| avoid != Some(d.key.answer.as_str()));
    if let Some(d) = worked {
        return Some(WorkedExample {
            problem_latex: d.question_latex,
            final_answer_latex: d.key.answer,
            steps_latex: Vec::new(),
            text: String::new(),
        });
    }
    std::iter::once(unit.anchor.as_str())
        .chain(material.iter().copied())
        .flat_map(sentences)
        .find(|s| gives_an_example(s) && !s.trim_end().ends_with('?'))
        .map(|s| WorkedExample {
            problem_latex: String::new(),
            final_answer_latex: String::new(),
            steps_latex: Vec::new(),
            text: s.trim().to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_packs::course::drill::one_template_unit;

    #[test]
    fn a_unit_with_a_template_works_an_instance_other_than_the_stuck_one() {
        let unit = one_template_unit();
        let stuck = template_drill(&unit, 8).unwrap().key.answer;
        let example = worked_example(&unit, &[], 7, Some(&stuck)).unwrap();
        assert!(!example.problem_latex.is_empty());
        assert_ne!(example.final_answer_latex, stuck);
    }

    #[test]
    fn a_unit_without_one_shows_the_notes_example_sentence() {
        let mut unit = one_template_unit();
        unit.drills.clear();
        let notes =
            "Proxy wars were common. For example, in Korea the superpowers backed opposite sides.";
        let example = worked_example(&unit, &[notes], 1, None).unwrap();
        assert_eq!(
            example.text,
            "For example, in Korea the superpowers backed opposite sides."
        );
        let es = "Por ejemplo, la sal no atraviesa la membrana.";
        assert!(worked_example(&unit, &[es], 1, None).is_some());
        assert!(worked_example(&unit, &["No example here."], 1, None).is_none());
    }
}
