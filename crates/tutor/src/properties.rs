//! Property tests of the tutor's checks: whatever the model writes — random text,
//! scaffolding, echoes, unsupported facts, cut-off JSON, a valid answer mutated byte by
//! byte — what is shown is only sentences that pass the reply filter, what streams is
//! exactly what is kept, and nothing panics; whatever a student types, judging an
//! answer or a claim and making questions from any sentence never panic, and every
//! cloze's answer is in its sentence.

use super::cloze::{cloze_drill, cloze_of};
use super::judge::{judge_answer, judge_claim};
use super::phrase::{phrase_system, SentenceStream};
use super::testing::course;
use lantern_core::language::Language;
use lantern_core::text::support::{one_sentence_gaps, ReplyFilter};
use proptest::prelude::*;

const NOTES: &str = "Addition undoes subtraction and multiplication undoes division; \
    inverse operations isolate an unknown.";
const STUDENT: &str = "How do inverse operations work?";

fn filter() -> ReplyFilter {
    ReplyFilter::new(Some(Language::En), &[NOTES], STUDENT)
        .with_instructions(&[&phrase_system(Language::En)])
}

fn sentence() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Addition undoes subtraction.".to_string()),
        Just("Inverse operations isolate an unknown.".to_string()),
        Just("How do inverse operations work?".to_string()),
        Just("Explain the NOTES in one or two short sentences of your own.".to_string()),
        Just("Inverse operations were discovered in 1802 by sailors.".to_string()),
        Just("Las operaciones inversas aíslan la incógnita siempre.".to_string()),
        "[a-zA-Z ,]{0,60}[.?!]?",
    ]
}

fn model_output() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(sentence(), 0..5)
            .prop_map(|s| serde_json::json!({ "tutor_text": s.join(" ") }).to_string()),
        ".{0,200}",
        (prop::collection::vec(sentence(), 1..4), 0usize..200).prop_map(|(s, cut)| {
            let full = serde_json::json!({ "tutor_text": s.join(" ") }).to_string();
            full.chars().take(cut).collect()
        }),
    ]
}

fn stream(out: &str, piece: usize) -> (Vec<String>, SentenceStream) {
    let mut s = SentenceStream::new(filter(), &[NOTES.to_string()]);
    let mut shown = Vec::new();
    let chars: Vec<char> = out.chars().collect();
    for p in chars.chunks(piece.max(1)) {
        shown.extend(s.push(&p.iter().collect::<String>()));
    }
    shown.extend(s.finish());
    (shown, s)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn only_sentences_that_pass_the_filter_are_shown(out in model_output(), piece in 1usize..9) {
        let (shown, s) = stream(&out, piece);
        prop_assert_eq!(&shown, &s.kept().to_vec());
        prop_assert!(shown.len() <= super::phrase::MAX_MODEL_SENTENCES);
        let f = filter();
        for sentence in &shown {
            prop_assert!(f.check(sentence).is_ok(), "{sentence:?}");
            prop_assert!(one_sentence_gaps(sentence, &[NOTES]).is_empty(), "{sentence:?}");
            prop_assert!(!sentence.ends_with('?'));
        }
    }

    #[test]
    fn a_mutated_answer_never_shows_an_unchecked_sentence(
        at in 0usize..120,
        byte in any::<u8>(),
        piece in 1usize..9,
    ) {
        let good = serde_json::json!({
            "tutor_text": "Addition undoes subtraction. Inverse operations isolate an unknown."
        })
        .to_string();
        let mut bytes = good.into_bytes();
        let i = at % bytes.len();
        bytes[i] = byte;
        let mutated = String::from_utf8_lossy(&bytes).to_string();
        let (shown, _) = stream(&mutated, piece);
        let f = filter();
        for sentence in &shown {
            prop_assert!(f.check(sentence).is_ok());
        }
    }

    #[test]
    fn judging_anything_a_student_types_never_panics(message in ".{0,120}") {
        let c = course();
        let unit = c.unit("N-1").unwrap();
        if let Some(cloze) = cloze_of(&unit.anchor, unit) {
            let key = cloze_drill(unit, &cloze, Language::En).key;
            let _ = judge_answer(&key, &message);
        }
        let _ = judge_claim(unit, &[NOTES], &message);
    }

    #[test]
    fn a_cloze_of_any_sentence_blanks_words_it_contains(sentence in "[a-zA-Z0-9°%,. ]{0,120}") {
        let c = course();
        let unit = c.unit("N-2").unwrap();
        if let Some(cloze) = cloze_of(&sentence, unit) {
            prop_assert!(sentence.contains(&cloze.answer));
            prop_assert!(cloze.blanked.contains(super::cloze::BLANK));
            prop_assert_eq!(cloze.blanked.replace(super::cloze::BLANK, &cloze.answer), sentence.trim());
        }
    }
}
