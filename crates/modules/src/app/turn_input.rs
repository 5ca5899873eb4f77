//! Loading what one turn needs from the saved session: the model's history, the forms
//! earlier replies showed, what they said, and the module's passages the retriever finds
//! for the student's message.

use super::rows::ModuleSessionRow;
use super::ModuleRepository;
use crate::language::{module_language, reply_language};
use crate::offline::shown_topics;
use crate::prompt::Passage;
use crate::ranking::{agreement, meaningful_question, topic_texts};
use crate::{ModuleTurnInput, StudentAct};
use lantern_core::language::Language;
use lantern_core::retrieval::{search_chunks, Collection, Filter, Retriever};
use lantern_packs::module::{module_owner, ModuleManifest};

/// Messages of history given to the model.
const HISTORY: usize = 4;
/// Earlier replies searched for a form the student sends that the pack does not have,
/// and for sentences the model may not say again.
const RECENT_REPLIES: usize = 20;
/// Passages retrieval adds for a message.
const PASSAGES: usize = 3;
/// Least similarity of a retrieved passage.
const MIN_SIMILARITY: f32 = 0.3;

/// The module's passages closest to `text`; none when the index cannot answer (the
/// keywords and the section's notes still ground the reply).
async fn passages(retriever: &dyn Retriever, module_id: &str, text: &str) -> Vec<Passage> {
    let filter = Filter::course(module_owner(module_id));
    search_chunks(
        retriever,
        Collection::ModuleContent,
        text,
        &filter,
        PASSAGES,
    )
    .await
    .unwrap_or_default()
    .into_iter()
    .filter(|(_, score)| *score >= MIN_SIMILARITY)
    .map(|(chunk, _)| Passage {
        source_id: chunk.source_id,
        title: chunk.section,
        text: chunk.text,
    })
    .collect()
}

/// How close in meaning `text` is to each topic of `module`, and to each of the topics'
/// texts ([`topic_texts`]: a note's sentences among them); both empty when the retriever
/// cannot tell. A message `within` the module's language is compared by the retriever's
/// embedder, one in another language by its multilingual encoder: each was measured
/// the better reader of its kind (docs/evals.md, "Meaning across languages"). Within a
/// module not written in English, the English-only embedder reads the message through
/// shared word pieces, so the topics' closeness is where it and the encoder agree
/// ([`agreement`]; docs/evals.md, "Fourteenth round"); each text's own value stays the
/// embedder's.
async fn closeness(
    retriever: &dyn Retriever,
    module: &ModuleManifest,
    within: bool,
    text: &str,
) -> (Vec<(String, f32)>, Vec<(String, f32)>) {
    let owned: Vec<(String, String)> = module
        .topics()
        .flat_map(|t| topic_texts(t).into_iter().map(|x| (t.id.clone(), x)))
        .collect();
    let texts: Vec<String> = owned.iter().map(|(_, x)| x.clone()).collect();
    let values = if within {
        retriever.similarities(text, &texts).await
    } else {
        retriever.closeness_across_languages(text, &texts).await
    }
    .unwrap_or_default();
    let for_topics = if within && module_language(module) != Language::En {
        let encoder = retriever
            .closeness_across_languages(text, &texts)
            .await
            .unwrap_or_default();
        agreement(&values, &encoder)
    } else {
        values.clone()
    };
    let mut closest: Vec<(String, f32)> = Vec::new();
    for ((id, _), value) in owned.iter().zip(for_topics) {
        match closest.iter_mut().find(|(known, _)| known == id) {
            Some((_, best)) => *best = best.max(value),
            None => closest.push((id.clone(), value)),
        }
    }
    let each = owned
        .into_iter()
        .map(|(_, text)| text)
        .zip(values)
        .collect();
    (closest, each)
}

/// How close in meaning `text` is to each topic and text of `module` ([`closeness`]),
/// and how close the question it asks is to each topic, when that question says enough
/// to be read alone ([`meaningful_question`]; else empty). The question is read in the
/// whole message's language.
async fn meaning(
    retriever: &dyn Retriever,
    module: &ModuleManifest,
    session: Language,
    text: &str,
) -> (Vec<(String, f32)>, Vec<(String, f32)>, Vec<(String, f32)>) {
    let within = written_in_module_language(module, session, text);
    let (topics, texts) = closeness(retriever, module, within, text).await;
    let asked = match meaningful_question(text) {
        Some(question) => closeness(retriever, module, within, question).await.0,
        None => Vec::new(),
    };
    (topics, texts, asked)
}

/// Whether the reply to `text` in a session in `session` is in `module`'s language: the
/// turn reads the message's language the same way (`reply_language`).
fn written_in_module_language(module: &ModuleManifest, session: Language, text: &str) -> bool {
    reply_language(text, session) == module_language(module)
}

/// Everything the turn `act` in `session` of `module` needs, loaded.
pub(super) async fn turn_input<R: ModuleRepository + ?Sized>(
    repo: &R,
    session: &ModuleSessionRow,
    module: &ModuleManifest,
    act: StudentAct,
    retriever: Option<&dyn Retriever>,
) -> Result<ModuleTurnInput, R::Error> {
    let (found, (close, close_texts, asked_close)) = match (&act, retriever) {
        (StudentAct::Say(text), Some(retriever)) => (
            passages(retriever, &module.id, text).await,
            meaning(retriever, module, session.language, text).await,
        ),
        _ => (Vec::new(), (Vec::new(), Vec::new(), Vec::new())),
    };
    let recent = repo.recent_replies(session.id, RECENT_REPLIES).await?;
    // The notes each recent reply showed, newest first, read only as far as the first
    // that showed any: the talk is that note, past a support reply or a thanks.
    let mut shown = recent.iter().map(|r| shown_topics(module, r));
    let last_shown = shown.next();
    let unanswered_before = last_shown.as_ref().is_some_and(Vec::is_empty);
    let shown_before = last_shown
        .into_iter()
        .chain(shown)
        .find(|t| !t.is_empty())
        .unwrap_or_default();
    Ok(ModuleTurnInput {
        module: module.clone(),
        progress: session.progress.clone(),
        language: session.language,
        act,
        history: repo.history(session.id, HISTORY).await?,
        passages: found,
        closeness: close,
        text_closeness: close_texts,
        asked_closeness: asked_close,
        forms_sent: session.forms_sent.clone(),
        forms_shown: recent
            .iter()
            .flat_map(|r| r.content.forms.clone())
            .collect(),
        said: recent
            .iter()
            .flat_map(|r| r.content.text_blocks.iter().map(|b| b.content.clone()))
            .collect(),
        shown_before,
        unanswered_before,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_packs::module::testing::module;

    #[test]
    fn a_message_in_another_language_than_the_modules_is_told_apart() {
        let english = module();
        let session = Language::En;
        let question = "what helps when I worry?";
        assert!(written_in_module_language(&english, session, question));
        assert!(!written_in_module_language(
            &english,
            session,
            "¿qué hago si no puedo dormir antes del examen?"
        ));
        assert!(written_in_module_language(&english, session, "ok"));
        let chip = crate::replies::topic_chip(Language::Es, Language::En, "Breathing");
        assert!(!written_in_module_language(&english, session, &chip));
    }
}
