//! The pack's sentence encoder, loaded for real: it tells a Spanish question from an
//! unrelated one by its English translation, and a batch gives what one text alone gives.

use lantern_core::pack::{candidate_dirs, locate_pack, Manifest, Role, PACK_DIR_VARIABLE};
use lantern_llm::{SentenceEncoder, SentenceSide};
use std::path::{Path, PathBuf};

fn encoder() -> SentenceEncoder {
    let manifest = Manifest::bundled();
    let dirs = candidate_dirs(std::env::var_os(PACK_DIR_VARIABLE).map(PathBuf::from), &[]);
    let path = locate_pack(&manifest, &dirs, Path::exists)
        .and_then(|pack| manifest.default_file_in(Role::Encoder, &pack))
        .expect(
            "sentence encoder missing: run `python3 models/fetch.py` (the README's commands do)",
        );
    SentenceEncoder::load(&path, 2).expect("the pack's encoder loads")
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

#[test]
fn a_question_is_closest_to_its_translation_in_the_other_language() {
    let encoder = encoder();
    assert_eq!(encoder.dimensions(), 384);
    let question = encoder
        .encode(
            &["¿qué hago si me tiemblan las manos?"],
            SentenceSide::Query,
        )
        .unwrap()
        .remove(0);
    let passages = encoder
        .encode(
            &[
                "What to do when your hands shake before a talk.",
                "How to plan the week on Sunday evening.",
            ],
            SentenceSide::Passage,
        )
        .unwrap();
    assert!((dot(&question, &question) - 1.0).abs() < 1e-3);
    assert!(
        dot(&question, &passages[0]) > dot(&question, &passages[1]) + 0.05,
        "{} vs {}",
        dot(&question, &passages[0]),
        dot(&question, &passages[1])
    );
}

#[test]
fn a_batch_gives_each_text_the_vector_it_gets_alone() {
    let encoder = encoder();
    let texts = [
        "hablo muy rápido",
        "I speak too fast when I am nervous",
        "ok",
    ];
    let together = encoder.encode(&texts, SentenceSide::Query).unwrap();
    assert_eq!(together.len(), 3);
    for (text, vector) in texts.iter().zip(&together) {
        let alone = encoder
            .encode(&[text], SentenceSide::Query)
            .unwrap()
            .remove(0);
        assert!(dot(&alone, vector) > 0.999, "{text}");
    }
    let long = "palabra ".repeat(2_000);
    assert_eq!(
        encoder.encode(&[&long], SentenceSide::Query).unwrap()[0].len(),
        384
    );
    assert!(encoder.encode(&[], SentenceSide::Query).unwrap().is_empty());
}
