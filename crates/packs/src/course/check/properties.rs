//! Properties of the checkers and the drafters on random and mutated input: they never
//! panic, and whatever notes a teacher has, a drafted pack has no problem.

use super::check_course_pack;
use crate::course::authoring::{draft_course, DraftOptions};
use crate::module::authoring::draft_module;
use crate::module::check::check_module_pack;
use lantern_core::language::Language;
use proptest::prelude::*;

const COURSE: &str = r#"{"formatVersion": 1, "id": "c", "title": "T", "entryUnit": "a",
  "units": [{"id": "a", "title": "A", "anchor": "Alpha is first. It opens.", "misconceptions": ["Thinks a is last."], "content": ["a.md"]},
            {"id": "b", "title": "B", "anchor": "Beta.", "content": ["b.vtt"]}],
  "prerequisites": [{"from": "a", "to": "b"}]}"#;
const EXAMS: &str = r#"{"formatVersion": 1, "questions": [{"id": "q", "unitIds": ["a"], "tier": "gold",
  "stem": "S?", "options": [{"id": "A", "text": "1"}, {"id": "B", "text": "2"}], "correct": "A", "memo": "m", "video": "v.mp4"}]}"#;
const MODULE: &str = r#"{"formatVersion": 1, "id": "m", "title": "M", "phases": [{"id": "p", "title": "P",
  "sections": [{"id": "s", "title": "S", "intro": "I.", "media": ["x.png"], "topics": [{"id": "t", "title": "T",
  "keywords": {"en": ["tea"]}, "notes": "N."}]}]}], "media": [{"file": "x.png", "type": "image", "alt": "x"}]}"#;

/// `text` with the characters in `range` (by position, wrapped) replaced by `insert`.
fn mutate(text: &str, at: usize, len: usize, insert: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = at % (chars.len() + 1);
    let end = (at + len).min(chars.len());
    let mut out: String = chars[..at].iter().collect();
    out.push_str(insert);
    out.extend(&chars[end..]);
    out
}

/// Markdown-ish text: headings, lists, emphasis, labels, maths, code fences, accents.
fn markdownish() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("# ".to_string()),
            Just("## ".to_string()),
            Just("\n".to_string()),
            Just("\n\n".to_string()),
            Just("- ".to_string()),
            Just("**".to_string()),
            Just("```\n".to_string()),
            Just("Misconception: ".to_string()),
            Just("Error común: ".to_string()),
            Just("Common mistakes\n".to_string()),
            Just(" is ".to_string()),
            Just(" es ".to_string()),
            Just("$x^2$".to_string()),
            Just(". ".to_string()),
            "[A-Za-z0-9áéñ]{1,12}",
            "[ -~]{0,6}",
        ],
        0..40,
    )
    .prop_map(|parts| parts.concat())
}

fn notes() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec(("[a-z0-9_ ./-]{0,16}(\\.md)?", markdownish()), 0..6)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_mutated_course_pack_is_checked_without_panicking(
        file in 0usize..4, at in 0usize..600, len in 0usize..8, insert in "[ -~]{0,4}"
    ) {
        let mut files = vec![
            ("course.json".to_string(), COURSE.to_string()),
            ("exams.json".to_string(), EXAMS.to_string()),
            ("a.md".to_string(), "# A\n\nAlpha is the first letter.\n".to_string()),
            ("b.vtt".to_string(), "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBeta\n".to_string()),
        ];
        files[file].1 = mutate(&files[file].1, at, len, &insert);
        let _ = check_course_pack(&files, &[]);
    }

    #[test]
    fn a_mutated_module_pack_is_checked_without_panicking(
        at in 0usize..500, len in 0usize..8, insert in "[ -~]{0,4}"
    ) {
        let files = vec![("module.json".to_string(), mutate(MODULE, at, len, &insert))];
        let _ = check_module_pack(&files, &[]);
    }

    #[test]
    fn random_files_are_checked_without_panicking(files in prop::collection::vec(("[a-z.]{0,12}", ".{0,80}"), 0..4)) {
        let _ = check_course_pack(&files, &[]);
        let _ = check_module_pack(&files, &[]);
    }

    #[test]
    fn any_notes_draft_a_course_with_no_problem(notes in notes(), spanish in any::<bool>()) {
        let options = DraftOptions {
            language: spanish.then_some(Language::Es),
            folder_name: "notes".into(),
            ..DraftOptions::default()
        };
        if let Some(draft) = draft_course(&notes, &options) {
            let report = check_course_pack(&draft.files, &[]);
            prop_assert!(report.problems.is_empty(), "{:?}", report.problems);
        }
    }

    #[test]
    fn any_notes_draft_a_module_with_no_problem(notes in notes()) {
        if let Some(draft) = draft_module(&notes, &DraftOptions::default()) {
            let report = check_module_pack(&draft.files, &[]);
            prop_assert!(report.problems.is_empty(), "{:?}", report.problems);
        }
    }
}
