//! The spoken test set (`tests/voice/phrases.json`): every transcript of every phrase
//! gives the phrase's LaTeX. And properties over random and mutated transcripts:
//! `detect` never panics, its LaTeX has balanced braces and is never empty, and the
//! message is never empty when the transcript has something in it.

use super::detect;
use crate::language::Language;
use proptest::prelude::*;
use serde::Deserialize;

const PHRASES: &str = include_str!("../../../../../tests/voice/phrases.json");

#[derive(Deserialize)]
struct PhraseSet {
    phrases: Vec<Phrase>,
}

#[derive(Deserialize)]
struct Phrase {
    id: String,
    language: Language,
    say: String,
    latex: String,
    transcripts: Vec<String>,
}

fn phrases() -> Vec<Phrase> {
    serde_json::from_str::<PhraseSet>(PHRASES)
        .expect("tests/voice/phrases.json is valid")
        .phrases
}

fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn every_transcript_of_the_spoken_test_set_gives_its_latex() {
    let phrases = phrases();
    let count = |language| phrases.iter().filter(|p| p.language == language).count();
    assert!(count(Language::En) >= 12 && count(Language::Es) >= 12);
    let mut failures = Vec::new();
    for phrase in &phrases {
        assert!(
            phrase.say.split_whitespace().count() <= 10,
            "{}: say is too long",
            phrase.id
        );
        assert!(
            !phrase.say.chars().any(|c| c.is_ascii_digit()),
            "{}: say has digits",
            phrase.id
        );
        assert!((2..=5).contains(&phrase.transcripts.len()), "{}", phrase.id);
        for transcript in &phrase.transcripts {
            let heard = detect(transcript, phrase.language)
                .latex
                .unwrap_or_default();
            if squeezed(&heard) != squeezed(&phrase.latex) {
                failures.push(format!(
                    "{} {transcript:?}: {heard:?} ≠ {:?}",
                    phrase.id, phrase.latex
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn assert_well_formed(input: &str, language: Language) {
    let result = detect(input, language);
    if let Some(latex) = &result.latex {
        assert!(!latex.is_empty(), "empty LaTeX for {input:?}");
        let mut depth = 0i64;
        for c in latex.chars() {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            assert!(depth >= 0, "unbalanced {latex:?} for {input:?}");
        }
        assert_eq!(depth, 0, "unbalanced {latex:?} for {input:?}");
    }
    if !input.trim().is_empty() {
        assert!(!result.message.is_empty(), "empty message for {input:?}");
    }
}

/// Words of spoken mathematics in both languages, for random utterances.
const VOCABULARY: &[&str] = &[
    "x",
    "X",
    "y",
    "a",
    "e",
    "o",
    "equis",
    "the",
    "of",
    "de",
    "la",
    "all",
    "todo",
    "plus",
    "más",
    "minus",
    "menos",
    "negative",
    "times",
    "por",
    "over",
    "sobre",
    "divided",
    "by",
    "entre",
    "equals",
    "igual",
    "is",
    "less",
    "than",
    "or",
    "equal",
    "to",
    "mayor",
    "que",
    "squared",
    "cubed",
    "al",
    "cuadrado",
    "cubo",
    "power",
    "elevado",
    "fifth",
    "quinta",
    "third",
    "thirds",
    "halves",
    "tercios",
    "cuarto",
    "medio",
    "one",
    "two",
    "un",
    "dieciséis",
    "veinte",
    "hundred",
    "mil",
    "and",
    "point",
    "coma",
    "3x",
    "10",
    "2/3",
    "1,000",
    "3,5",
    "²",
    "³",
    "√",
    "π",
    "×",
    "÷",
    "−",
    "≤",
    "≥",
    "(",
    ")",
    "^",
    "=",
    "/",
    "square",
    "root",
    "raíz",
    "sine",
    "seno",
    "open",
    "parenthesis",
    "close",
    "abre",
    "cierra",
    "paréntesis",
    "percent",
    "ciento",
    "fraction",
    "variable",
    ".",
    ",",
    "?",
    "¿",
    "🙂",
    "{",
    "}",
    "\\",
    "$",
];

fn utterance() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(VOCABULARY), 0..24).prop_map(|words| words.join(" "))
}

/// One edit of a transcript's words.
#[derive(Debug, Clone)]
enum Edit {
    Drop(usize),
    Duplicate(usize),
    Swap(usize),
    Upper(usize),
    Punctuate(usize, char),
    Glue(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        any::<usize>().prop_map(Edit::Drop),
        any::<usize>().prop_map(Edit::Duplicate),
        any::<usize>().prop_map(Edit::Swap),
        any::<usize>().prop_map(Edit::Upper),
        (
            any::<usize>(),
            prop::sample::select(vec!['.', ',', '?', '!', '¿', '-', '(', ')', '²'])
        )
            .prop_map(|(at, c)| Edit::Punctuate(at, c)),
        any::<usize>().prop_map(Edit::Glue),
    ]
}

fn apply(transcript: &str, edits: &[Edit]) -> String {
    let mut words: Vec<String> = transcript.split_whitespace().map(str::to_string).collect();
    for edit in edits {
        if words.is_empty() {
            break;
        }
        let n = words.len();
        match edit {
            Edit::Drop(at) => {
                words.remove(at % n);
            }
            Edit::Duplicate(at) => {
                let word = words[at % n].clone();
                words.insert(at % n, word);
            }
            Edit::Swap(at) => words.swap(at % n, (at + 1) % n),
            Edit::Upper(at) => words[at % n] = words[at % n].to_uppercase(),
            Edit::Punctuate(at, c) => words[at % n].push(*c),
            Edit::Glue(at) if n > 1 => {
                let next = words.remove((at % (n - 1)) + 1);
                words[at % (n - 1)].push_str(&next);
            }
            Edit::Glue(_) => {}
        }
    }
    words.join(" ")
}

fn mutated() -> impl Strategy<Value = (String, Language)> {
    let all = phrases();
    let transcripts: Vec<(String, Language)> = all
        .iter()
        .flat_map(|p| p.transcripts.iter().map(|t| (t.clone(), p.language)))
        .collect();
    (
        prop::sample::select(transcripts),
        prop::collection::vec(edit(), 0..6),
    )
        .prop_map(|((transcript, language), edits)| (apply(&transcript, &edits), language))
}

fn language() -> impl Strategy<Value = Language> {
    prop_oneof![Just(Language::En), Just(Language::Es)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_strings_never_break_it(input in any::<String>(), language in language()) {
        assert_well_formed(&input, language);
    }

    #[test]
    fn random_mathematical_words_never_break_it(input in utterance(), language in language()) {
        assert_well_formed(&input, language);
    }

    #[test]
    fn mutated_transcripts_never_break_it((input, language) in mutated()) {
        assert_well_formed(&input, language);
    }

    #[test]
    fn symbol_soup_never_breaks_it(input in "[x2+\\-=()^/ ²√π.,a-c0-9]{0,60}", language in language()) {
        assert_well_formed(&input, language);
    }
}

#[test]
fn huge_and_odd_inputs_are_handled() {
    for input in [
        String::new(),
        "   ".to_string(),
        "🙂🙂🙂".to_string(),
        "x plus ".repeat(20_000) + "1",
        "(".repeat(50_000),
        ")".repeat(50_000),
        "minus ".repeat(20_000),
        "square root of ".repeat(5_000),
        "x ".repeat(20_000),
        "open parenthesis ".repeat(2_000) + "x",
        "9".repeat(5_000) + " plus one",
    ] {
        for language in [Language::En, Language::Es] {
            assert_well_formed(&input, language);
        }
    }
}
