//! The string rules against llama.cpp itself, with the real pack model (SmolLM2): its
//! grammar parser, its grammar engine fed one character at a time, and generation by a
//! model pushed toward blanks with a logit bias. Unit tests rather than `tests/`: the
//! bias goes in through the crate-private sampler.

use super::strings::is_blank;
use super::strings::tests::{loop_schemas, tutor_like_schema};
use super::{compact, grammar_for_schema};
use crate::engine::{Engine, EngineConfig};
use crate::sampling::TokenSampler;
use lantern_core::llm::{Limits, LlmRequest};
use lantern_core::pack::{candidate_dirs, locate_pack, Manifest, PACK_DIR_VARIABLE};
use llama_cpp_2::model::params::LlamaModelParams;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::sampling::LlamaSampler;
use llama_cpp_2::token::data::LlamaTokenData;
use llama_cpp_2::token::data_array::LlamaTokenDataArray;
use llama_cpp_2::token::logit_bias::LlamaLogitBias;
use llama_cpp_2::token::LlamaToken;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The file of the pack model called `name` (`models/fetch.py`).
pub(crate) fn pack_model_path(name: &str) -> PathBuf {
    let manifest = Manifest::bundled();
    let dirs = candidate_dirs(std::env::var_os(PACK_DIR_VARIABLE).map(PathBuf::from), &[]);
    let pack = locate_pack(&manifest, &dirs, Path::exists)
        .expect("model pack missing: run `python3 models/fetch.py` (the README's commands do)");
    let model = manifest.by_name(name).expect("the model in the manifest");
    pack.join(&model.files[0].path)
}

/// SmolLM2-135M from the model pack.
pub(crate) fn smollm2_path() -> PathBuf {
    pack_model_path("smollm2-135m-instruct")
}

/// SmolLM2's vocabulary (a vocab-only load), which llama.cpp's grammars need.
pub(crate) fn vocab_model() -> &'static LlamaModel {
    static MODEL: OnceLock<LlamaModel> = OnceLock::new();
    MODEL.get_or_init(|| {
        let backend = crate::backend::backend().unwrap();
        let params = LlamaModelParams::default().with_vocab_only(true);
        LlamaModel::load_from_file(backend, smollm2_path(), &params).unwrap()
    })
}

/// llama.cpp's grammar engine under one grammar, asked whether whole texts match it.
struct Matcher {
    model: &'static LlamaModel,
    sampler: LlamaSampler,
}

impl Matcher {
    fn new(gbnf: &str) -> Self {
        let model = vocab_model();
        let sampler = LlamaSampler::grammar(model, gbnf, "root").unwrap();
        Self { model, sampler }
    }

    /// Feeds `text` one character at a time (each character's own tokens), then asks
    /// whether the grammar may end there (end of generation allowed).
    fn accepts(&mut self, text: &str) -> bool {
        self.sampler.reset();
        let vocab = self.model.vocab();
        for c in text.chars() {
            let mut buffer = [0; 4];
            for token in vocab.tokenize(c.encode_utf8(&mut buffer).as_bytes(), false, false) {
                if self.sampler.try_accept(token).is_err() {
                    return false;
                }
            }
        }
        let end = LlamaTokenData::new(vocab.eos(), 0.0, 0.0);
        let mut end = LlamaTokenDataArray::new(vec![end], false);
        self.sampler.apply(&mut end);
        end.data[0].logit().is_finite()
    }
}

#[test]
fn llama_cpp_parses_every_rewritten_grammar() {
    let mut schemas = loop_schemas();
    schemas.extend([
        ("plain", json!({"type": "string"})),
        (
            "bounded",
            json!({"type": "string", "minLength": 3, "maxLength": 2000}),
        ),
        ("unbounded min", json!({"type": "string", "minLength": 7})),
        ("any value", json!({"type": "object"})),
        (
            "array",
            json!({"type": "array", "items": {"type": "string", "maxLength": 9}}),
        ),
    ]);
    for (name, schema) in schemas {
        let gbnf = grammar_for_schema(&schema).unwrap();
        assert!(
            LlamaSampler::grammar(vocab_model(), &gbnf, "root").is_ok(),
            "{name}: llama.cpp refused\n{gbnf}"
        );
    }
}

/// The rule in words, on the decoded string: no blank first or last, and every run of
/// blanks is one blank, or a line or paragraph break (`\n`, `\n\n`).
fn tidy(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let edge_blank = |c: Option<&char>| c.is_some_and(|c| is_blank(*c));
    !edge_blank(chars.first())
        && !edge_blank(chars.last())
        && chars
            .split(|c| !is_blank(*c))
            .all(|run| run.len() <= 1 || run == ['\n', '\n'])
}

/// Every sequence of up to `n` of `units` (JSON-escaped characters), joined.
fn sequences(units: &[&str], n: usize) -> Vec<Vec<String>> {
    let mut all = vec![vec![]];
    let mut last: Vec<Vec<String>> = vec![vec![]];
    for _ in 0..n {
        last = last
            .iter()
            .flat_map(|s| {
                units.iter().map(move |u| {
                    let mut next = s.clone();
                    next.push(u.to_string());
                    next
                })
            })
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

#[test]
fn strings_match_exactly_when_tidy_and_within_their_length() {
    // A word character, a multi-byte one, a space, and escaped blanks.
    let units = ["a", "é", " ", "\\n", "\\t", "\\u0020"];
    let cases = [
        (json!({"type": "string"}), 0, None),
        (
            json!({"type": "string", "minLength": 1, "maxLength": 4}),
            1,
            Some(4),
        ),
        (json!({"type": "string", "minLength": 3}), 3, None),
        (json!({"type": "string", "maxLength": 1}), 0, Some(1)),
        (
            json!({"type": "string", "minLength": 2, "maxLength": 2}),
            2,
            Some(2),
        ),
        // llama.cpp reads a bound above 2,000 as none; so does the rewrite.
        (json!({"type": "string", "maxLength": 5000}), 0, None),
    ];
    let all = sequences(&units, 5);
    for (schema, min, max) in cases {
        let mut matcher = Matcher::new(&grammar_for_schema(&schema).unwrap());
        let mut accepted = 0;
        for sequence in &all {
            let json = format!("\"{}\"", sequence.concat());
            let text: String = serde_json::from_str(&json).unwrap();
            let length = sequence.len();
            let expected = length >= min && max.is_none_or(|max| length <= max) && tidy(&text);
            assert_eq!(matcher.accepts(&json), expected, "{schema} {json}");
            accepted += usize::from(expected);
        }
        assert!(accepted > 0, "{schema}");
    }
}

#[test]
fn unicode_escapes_of_blanks_are_gaps_and_others_are_characters() {
    let mut matcher = Matcher::new(&grammar_for_schema(&json!({"type": "string"})).unwrap());
    // Every code in the 256-blocks that hold a blank, a sample of the rest.
    let near_blanks = |code: u32| matches!(code >> 8, 0x00 | 0x16 | 0x20 | 0x30 | 0xFE);
    let codes = (0..=0xFFFF_u32).filter(|&c| near_blanks(c) || c % 61 == 0);
    for code in codes {
        let blank = char::from_u32(code).is_some_and(is_blank);
        let lower = format!("\\u{code:04x}");
        let upper = format!("\\u{code:04X}");
        let escapes = if lower == upper {
            vec![lower]
        } else {
            vec![lower, upper]
        };
        for escape in escapes {
            assert_eq!(
                matcher.accepts(&format!("\"{escape}\"")),
                !blank,
                "{escape} alone"
            );
            assert!(
                matcher.accepts(&format!("\"a{escape}b\"")),
                "{escape} inside"
            );
            assert_eq!(
                matcher.accepts(&format!("\"a {escape}b\"")),
                !blank,
                "{escape} after a space"
            );
        }
    }
}

#[test]
fn loop_answers_keep_their_words_and_lose_their_blank_runs() {
    let mut tutor = Matcher::new(&grammar_for_schema(&tutor_like_schema()).unwrap());
    // Properties in the order the grammar writes them: the schema map's own order,
    // which is sorted or as written depending on whether some crate of the build turns
    // on serde_json's `preserve_order` (a workspace build does, this crate alone not);
    // so the answer is built with the same keys in the same order as the schema.
    let answer = |text: &str| {
        let value = json!({
            "action": "exam_block",
            "target_unit_id": "u-1",
            "tutor_text": "TEXT",
            "exam_suggestion": {"question_id": "q-1", "difficultyTier": "bronze"},
            "turn_analysis": {"student_intent": "solve", "understanding_signal": "confident"}
        });
        serde_json::to_string(&value)
            .unwrap()
            .replace(r#""TEXT""#, &format!("\"{text}\""))
    };
    assert!(tutor.accepts(&answer("Try the bronze question.")));
    assert!(tutor.accepts(&answer("First, isolate x.\\n\\nThen divide by 2.")));
    assert!(tutor.accepts(&answer("Line one\\nline two")));
    assert!(tutor.accepts(&answer("word ".repeat(48).trim_end())));
    assert!(!tutor.accepts(&answer("word ".repeat(49).trim_end())));
    for bad in [
        "",
        " Try it.",
        "Try it. ",
        "Try  it.",
        "Try\\n\\n\\nit.",
        "Try \\nit.",
        "\\nTry.",
        "Try\\t it.",
        "Try\\u0020 it.",
    ] {
        assert!(!tutor.accepts(&answer(bad)), "{bad:?}");
    }
}

/// Tokens whose text is only blanks (spaces, or JSON escapes of newlines and tabs), with
/// how many blanks each holds.
fn blank_tokens(model: &LlamaModel) -> Vec<(LlamaToken, usize)> {
    let vocab = model.vocab();
    vocab
        .tokens()
        .filter_map(|t| {
            let piece = String::from_utf8(vocab.token_to_piece(t, false, None)).ok()?;
            let blanks = piece.matches("\\n").count()
                + piece.matches("\\t").count()
                + piece.matches(' ').count();
            let rest = piece.replace("\\n", "").replace("\\t", "").replace(' ', "");
            (!piece.is_empty() && rest.is_empty()).then_some((t, blanks))
        })
        .collect()
}

/// Every string in `value` (keys and values).
fn strings(value: &Value) -> Vec<String> {
    match value {
        Value::String(s) => vec![s.clone()],
        Value::Array(items) => items.iter().flat_map(strings).collect(),
        Value::Object(map) => map
            .iter()
            .flat_map(|(k, v)| std::iter::once(k.clone()).chain(strings(v)))
            .collect(),
        _ => vec![],
    }
}

/// How many tokens a tutor turn may use.
const TOKEN_CAP: u32 = 480;

/// The real SmolLM2 in the engine, answering a tutor question under `gbnf` with `bias`
/// added to its logits; returns the answer and how many tokens it took.
struct BiasedTutor {
    engine: Engine,
    request: LlmRequest,
}

impl BiasedTutor {
    fn load() -> Self {
        let config = EngineConfig::new(smollm2_path(), 2, 2048);
        let request = LlmRequest::new(
            "You are a maths tutor. Reply with JSON: a short explanation in tutor_text.",
            "How do I solve 2x + 3 = 7?",
        )
        .with_limits(Limits {
            max_tokens: TOKEN_CAP,
            temperature: 0.0,
            seed: 1,
        });
        Self {
            engine: Engine::load(&config, |_| {}).unwrap(),
            request,
        }
    }

    fn answer(&mut self, gbnf: &str, bias: &[LlamaLogitBias], label: &str) -> (String, usize) {
        let limits = self.request.limits;
        let sampler = |model: &LlamaModel| {
            Ok(TokenSampler::new(model, limits, Some(gbnf))?.with_logit_bias(model, bias))
        };
        let (text, stats) = self
            .engine
            .generate_with(&self.request, sampler, &mut |_| {}, &|| false)
            .unwrap();
        println!(
            "{label}: {} tokens (cap {TOKEN_CAP}), truncated {}: {text}",
            stats.generated_tokens, stats.truncated
        );
        assert!(!stats.truncated, "{label}: {stats:?}");
        (text, stats.generated_tokens)
    }
}

/// llama.cpp's own grammar for `schema`, with only the whitespace between tokens removed.
fn loose_grammar(schema: &Value) -> String {
    compact(&llama_cpp_2::json_schema_to_grammar(&schema.to_string()).unwrap())
}

/// The answer parses and none of its strings has a leading, trailing or repeated blank.
fn assert_tidy_answer(text: &str) -> Value {
    let value: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    for s in strings(&value) {
        assert!(tidy(&s), "{s:?} in {text}");
        assert!(!s.contains("  "), "{s:?}");
    }
    let words = value["tutor_text"].as_str().unwrap_or_default();
    assert!(words.chars().any(char::is_alphanumeric), "{text}");
    value
}

#[test]
fn a_model_that_prefers_blank_runs_writes_words_and_stops_early() {
    // The failure seen: once in a string, the model wants runs of blanks. Here it
    // strongly prefers every token of two or more blanks ("    ", "\n\n\n"…).
    let mut tutor = BiasedTutor::load();
    let bias: Vec<LlamaLogitBias> = blank_tokens(vocab_model())
        .into_iter()
        .filter(|&(_, blanks)| blanks >= 2)
        .map(|(t, _)| LlamaLogitBias::new(t, 30.0))
        .collect();
    let schema = tutor_like_schema();
    let (before, _) = tutor.answer(&loose_grammar(&schema), &bias, "llama.cpp's strings");
    let before: Value = serde_json::from_str(&before).unwrap();
    let before = before["tutor_text"].as_str().unwrap();
    assert!(
        before.trim().is_empty(),
        "the bias should fill the string: {before:?}"
    );

    let (after, tokens) = tutor.answer(&grammar_for_schema(&schema).unwrap(), &bias, "tidy");
    assert_tidy_answer(&after);
    assert!(tokens < TOKEN_CAP as usize / 2, "{tokens} tokens");
}

#[test]
fn a_model_that_prefers_every_blank_is_bounded_by_max_length() {
    // Worse: every blank token, a single space included, gets +30, so a blank follows
    // every character the grammar lets it follow. Strings stay tidy; what bounds the
    // waste is `maxLength` (at most one token per character), not the token cap.
    let mut tutor = BiasedTutor::load();
    let bias: Vec<LlamaLogitBias> = blank_tokens(vocab_model())
        .into_iter()
        .map(|(t, _)| LlamaLogitBias::new(t, 30.0))
        .collect();
    let schema = tutor_like_schema();
    let (before, _) = tutor.answer(&loose_grammar(&schema), &bias, "llama.cpp's strings");
    assert!(
        before.contains("          "),
        "the bias should bite: {before}"
    );

    let (after, tokens) = tutor.answer(&grammar_for_schema(&schema).unwrap(), &bias, "tidy");
    let value = assert_tidy_answer(&after);
    let words = value["tutor_text"].as_str().unwrap();
    // Blanks never outnumber the other characters.
    let blanks = words.chars().filter(|c| is_blank(*c)).count();
    assert!(blanks * 2 <= words.chars().count(), "{words:?}");
    assert!(tokens < TOKEN_CAP as usize, "{tokens} tokens");
}
