//! The pack's second sentence encoder (Universal Sentence Encoder Multilingual, the
//! graph and tokenizer `models/convert_use_m.py` writes), loaded for real: its vectors
//! are the ones the registry's whole graph gives, and crafted text gives one vector.

use lantern_core::pack::{candidate_dirs, locate_pack, Manifest, PACK_DIR_VARIABLE};
use lantern_rag::{pack_crosscheck, CrosscheckEncoder};
use std::path::{Path, PathBuf};

fn encoder() -> CrosscheckEncoder {
    let dirs = candidate_dirs(std::env::var_os(PACK_DIR_VARIABLE).map(PathBuf::from), &[]);
    let pack = locate_pack(&Manifest::bundled(), &dirs, Path::exists)
        .expect("model pack missing: run `python3 models/fetch.py` (the README's commands do)");
    pack_crosscheck(&pack, 2).expect("the pack's second encoder loads")
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Texts and the first values of their vectors from the registry's whole graph (its
/// SentencePiece node included, run with onnxruntime-extensions), one text per run.
const MEASURED: [(&str, [f32; 4]); 5] = [
    (
        "¿Qué hago si se me quema el aceite?",
        [0.006300, -0.001279, 0.033398, 0.050484],
    ),
    (
        "What should I do first?",
        [0.052756, -0.013489, -0.001358, -0.027988],
    ),
    (
        "El casco reduce las lesiones en la cabeza.",
        [-0.053736, -0.037795, 0.069889, 0.063591],
    ),
    ("", [0.113126, 0.032777, 0.006616, 0.008209]),
    (
        "mido 1,60 😅 y peso 55kg",
        [-0.052835, -0.044391, 0.036432, 0.037412],
    ),
];

#[test]
fn its_vectors_are_the_whole_graphs() {
    let encoder = encoder();
    let texts: Vec<&str> = MEASURED.iter().map(|(t, _)| *t).collect();
    let vectors = encoder.encode(&texts).unwrap();
    assert_eq!(vectors.len(), MEASURED.len());
    for ((text, first), vector) in MEASURED.iter().zip(&vectors) {
        assert_eq!(vector.len(), 512, "{text}");
        assert!(
            (dot(vector, vector) - 1.0).abs() < 1e-3,
            "{text}: not unit length"
        );
        for (got, want) in vector.iter().zip(first) {
            assert!((got - want).abs() < 2e-3, "{text}: {:?}", &vector[..4]);
        }
    }
    // The same text gives the same vector whatever is encoded beside it.
    let alone = encoder.encode(&[MEASURED[2].0]).unwrap().remove(0);
    assert_eq!(alone, vectors[2]);
}

#[test]
fn a_question_is_closer_to_the_sentence_that_answers_it_than_to_another() {
    let encoder = encoder();
    let vectors = encoder
        .encode(&[
            "vuelvo de noche en bici, ¿qué me pongo para que me vean?",
            "De noche o con poca luz necesitas una luz blanca delante y una roja detrás.",
            "Si el aceite se prende, apaga el fuego y nunca le eches agua.",
        ])
        .unwrap();
    assert!(dot(&vectors[0], &vectors[1]) > dot(&vectors[0], &vectors[2]));
}

#[test]
fn crafted_text_gives_one_vector_each() {
    let encoder = encoder();
    let long = "jajaja ".repeat(2_000);
    let texts = [
        "<s> hola </s>",
        "x<unk>y",
        "antes\0después",
        &long,
        "\u{202e}\u{200b}",
    ];
    let vectors = encoder.encode(&texts).unwrap();
    assert_eq!(vectors.len(), texts.len());
    assert!(vectors
        .iter()
        .all(|v| v.len() == 512 && v.iter().all(|x| x.is_finite())));
}
