//! An answer across languages (issue #49 items 3 and 5): a student writing in another
//! language than the module's is answered in theirs. Word support cannot check a
//! sentence against notes in another language, so the model is given jobs code can
//! check: choose the note's sentence that answers (an enum of its statements, as in
//! [`crate::chosen`]), then, asked apart with no question to answer instead, say that
//! one sentence in the student's language. Code keeps the rendering's first sentence
//! only when it is clearly in that language, with the same figures as its source, of a
//! length a rendering has, passes every check of the shared filter but support, and
//! means its source as the multilingual encoder reads it: of every statement of the
//! module's notes, its source is the closest to it ([`means_its_source`]). The note
//! follows in its own language.

use crate::chosen;
use crate::contract::ModuleReply;
use crate::error::ModuleError;
use crate::grammar::rendering_schema;
use crate::language::module_language;
use crate::pack::{ModuleManifest, Topic};
use crate::prompt::{render_request, render_task};
use lantern_core::language::Language;
use lantern_core::llm::{CancelFlag, Llm, LlmRequest};
use lantern_core::retrieval::Retriever;
use lantern_core::text::message_language::message_language;
use lantern_core::text::support::ReplyFilter;
use lantern_core::text::tidy::sentences;
use serde_json::Value;

/// Fewest words of a rendering per word of its source, and most: Spanish and English
/// say the same thing in a similar number of words; a rendering much shorter drops a
/// part, one much longer adds one.
const LENGTH_RATIO: (f32, f32) = (0.6, 1.6);

/// The model's rendering of the note's sentence it chose.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendering {
    /// The note's sentence chosen, as the note writes it.
    pub source: String,
    /// That sentence in the student's language, as the model wrote it.
    pub text: String,
}

/// The rendering of `source` in the model's raw answer `raw`: its first sentence (a
/// model that goes on after it adds, it does not render); why none can be read.
pub fn read(raw: &str, source: &str) -> Result<Rendering, String> {
    let value: Value = serde_json::from_str(raw.trim()).map_err(|e| e.to_string())?;
    let written = value["sentence"].as_str().unwrap_or_default();
    let first = sentences(written).first().map(|s| s.trim().to_string());
    let text = first
        .filter(|t| !t.is_empty())
        .ok_or_else(|| "no rendering written".to_string())?;
    Ok(Rendering {
        source: source.to_string(),
        text,
    })
}

/// Why `rendering` cannot be shown to a student writing in `language`, judged by code
/// alone: not one sentence, not clearly in `language` (a tie reads as its source's
/// language), a figure its source does not have or lacking one it has, a length no
/// rendering has, or a check of the shared `filter` but support.
pub fn check(
    rendering: &Rendering,
    language: Language,
    filter: &ReplyFilter,
) -> Result<(), String> {
    let text = &rendering.text;
    if sentences(text).len() != 1 {
        return Err(format!("not one sentence: {text:?}"));
    }
    let source_language = message_language(&rendering.source, language);
    if message_language(text, source_language) != language {
        return Err(format!("language: {text:?}"));
    }
    if figures(text) != figures(&rendering.source) {
        return Err(format!("its figures are not its source's: {text:?}"));
    }
    let ratio = word_count(text) as f32 / word_count(&rendering.source).max(1) as f32;
    if !(LENGTH_RATIO.0..=LENGTH_RATIO.1).contains(&ratio) {
        return Err(format!("not the length of its source: {text:?}"));
    }
    filter
        .check_rendering(text)
        .map_err(|why| format!("{}: {text:?}", why.check()))
}

/// Whether the rendering means its source as the multilingual encoder reads it:
/// `closeness` holds its closeness to each of `statements` (the module's notes'
/// sentences, its source among them), and the source is the closest.
pub fn means_its_source(source: &str, statements: &[String], closeness: &[f32]) -> bool {
    let closest = statements
        .iter()
        .zip(closeness)
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map(|(s, _)| s.as_str());
    statements.len() == closeness.len() && closest == Some(source)
}

/// What a rendering is judged by.
pub struct Judge<'a> {
    /// The note's sentences the model may choose.
    pub offered: &'a [String],
    /// The student's language.
    pub language: Language,
    /// The turn's shared filter.
    pub filter: &'a ReplyFilter,
    /// The module, whose notes' statements the rendering's meaning is compared with.
    pub module: &'a ModuleManifest,
    /// The note that answers, shown after the rendering.
    pub topic: &'a Topic,
}

/// The answer in the student's language: the note's sentence the model chooses under
/// `pick` (request and schema), then its rendering, asked apart; neither is streamed,
/// so nothing is shown before `meaning`, the multilingual encoder, read the rendering.
/// Checked by `judge`, it comes first, then the note in its own language. A rendering
/// refused is a [`ModuleError::BrokenReply`] saying why.
pub async fn rendered_answer(
    llm: &dyn Llm,
    meaning: &dyn Retriever,
    (request, schema): (&LlmRequest, &Value),
    judge: &Judge<'_>,
    cancel: &CancelFlag,
) -> Result<ModuleReply, ModuleError> {
    let broken = ModuleError::BrokenReply;
    let picked = llm
        .complete_json(request, schema, &mut |_| {}, cancel)
        .await?;
    let source = chosen::chosen(&picked, judge.offered)
        .ok_or_else(|| broken("no sentence of the note chosen".into()))?;
    let from = module_language(judge.module);
    let asked = render_request(&source, from, judge.language);
    let raw = llm
        .complete_json(&asked, &rendering_schema(&source), &mut |_| {}, cancel)
        .await?;
    let rendering = read(&raw, &source).map_err(broken)?;
    let task = render_task(from, judge.language);
    let filter = judge
        .filter
        .clone()
        .with_instructions(&[asked.system.as_str(), task.as_str()]);
    check(&rendering, judge.language, &filter).map_err(broken)?;
    let statements: Vec<String> = judge
        .module
        .topics()
        .flat_map(chosen::answer_sentences)
        .collect();
    let closeness = meaning
        .closeness_across_languages(&rendering.text, &statements)
        .await
        .map_err(|e| broken(format!("its meaning could not be read: {e}")))?;
    if !means_its_source(&rendering.source, &statements, &closeness) {
        return Err(broken(format!(
            "does not mean its source as the encoder reads it: {:?}",
            rendering.text
        )));
    }
    Ok(chosen::sentence_answer(&rendering.text, judge.topic))
}

/// The figures of `text`, each run of digits, in order.
fn figures(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|run| !run.is_empty())
        .collect()
}

fn word_count(text: &str) -> usize {
    text.split_whitespace().count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const SOURCE: &str = "Un curso completo suele tener 60 créditos, y cada crédito equivale a unas 25 o 30 horas de trabajo.";

    fn rendering(text: &str) -> Rendering {
        Rendering {
            source: SOURCE.into(),
            text: text.into(),
        }
    }

    fn filter() -> ReplyFilter {
        ReplyFilter::new(Some(Language::En), &[SOURCE], "what are credits?")
            .with_instructions(&["write that same sentence in English as the paragraph"])
    }

    #[test]
    fn a_faithful_rendering_passes() {
        let r = rendering("A full year usually has 60 credits, and each credit is worth about 25 or 30 hours of work.");
        assert_eq!(check(&r, Language::En, &filter()), Ok(()));
    }

    #[test]
    fn a_rendering_with_other_figures_is_refused() {
        let r = rendering("A full year usually has 60 credits, and each credit is worth about 20 or 30 hours of work.");
        assert!(check(&r, Language::En, &filter())
            .unwrap_err()
            .contains("figures"));
        let r = rendering(
            "A full year usually has 60 credits, and each credit is worth many hours of work.",
        );
        assert!(check(&r, Language::En, &filter())
            .unwrap_err()
            .contains("figures"));
    }

    #[test]
    fn a_rendering_of_more_or_less_than_one_sentence_is_refused() {
        let r = rendering("A full year has 60 credits. Each credit is 25 or 30 hours of work.");
        assert!(check(&r, Language::En, &filter())
            .unwrap_err()
            .contains("one sentence"));
        let r = rendering("A year has 60 credits, 25 or 30 hours.");
        assert!(check(&r, Language::En, &filter())
            .unwrap_err()
            .contains("length"));
    }

    #[test]
    fn a_rendering_in_the_notes_language_or_leaking_the_task_is_refused() {
        let r = rendering(SOURCE);
        assert!(check(&r, Language::En, &filter())
            .unwrap_err()
            .starts_with("language"));
        let leak = Rendering {
            source: "Escribe esa misma frase en inglés como el párrafo que sigue aquí.".into(),
            text: "Now write that same sentence in English as the paragraph here.".into(),
        };
        assert!(check(&leak, Language::En, &filter())
            .unwrap_err()
            .starts_with("no_leak"));
    }

    #[test]
    fn a_rendering_is_the_first_sentence_written() {
        let raw = json!({"sentence": " A year has 60 credits. You can ask me more. "});
        assert_eq!(
            read(&raw.to_string(), SOURCE),
            Ok(rendering("A year has 60 credits."))
        );
        assert!(read(&json!({"sentence": " "}).to_string(), SOURCE).is_err());
        assert!(read("{\"sentence\": \"A year", SOURCE).is_err());
    }

    #[test]
    fn a_rendering_means_its_source_when_it_is_the_closest_statement() {
        let statements = vec!["A".to_string(), "B".to_string(), "C".to_string()];
        assert!(means_its_source("B", &statements, &[0.81, 0.86, 0.80]));
        assert!(!means_its_source("B", &statements, &[0.87, 0.86, 0.80]));
        // Closeness missing for a statement: not known, not kept.
        assert!(!means_its_source("B", &statements, &[0.81, 0.86]));
    }
}
