//! The note's sentence the model chose as the answer (issue #49 item 3, "the model
//! reads, code verifies"): when a note answers the message, the model's grammar also
//! asks it to pick, from an enum of that note's statements, the one that answers the
//! question. When the model's own sentences are refused, that choice still answers in
//! words first: the sentence the model read as the answer, the whole note after it.
//! The sentence is authored, so it is correct by construction; code checks it is one
//! of the note's statements before it is shown.

use super::contract::{BlockType, Emotion, ModuleReply, ResponseType, TextBlock};
use super::offline;
use super::pack::Topic;
use lantern_core::text::normalize::{normalize, opens_with_phrase};
use lantern_core::text::notes::{plain, quotable};
use lantern_core::text::terms::{content_terms, term_keys};
use lantern_core::text::tidy::sentences;
use lantern_core::word_list;
use serde_json::Value;
use std::sync::LazyLock;

/// The field of the model's `content` holding its choice.
pub const FIELD: &str = "answer_sentence";

/// Openings that lean on the sentence before ("Por eso…", "This is why…"),
/// `words/<locale>/leaning-openers.txt`, normalised.
static LEANING_OPENERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("leaning-openers").collect());

/// Whether `sentence` reads on its own: it does not open leaning on the sentence before
/// it ("Ese alivio dura poco…", "Por eso ayuda…"), which, shown alone, points at nothing.
fn stands_alone(sentence: &str) -> bool {
    !opens_with_phrase(&normalize(sentence), &LEANING_OPENERS)
}

/// The statements of `topic`'s note a model may choose as the answer: whole quotable
/// sentences that stand alone, not questions; none when the note is a single sentence
/// (the note shown after would say it again, whole).
pub fn answer_sentences(topic: &Topic) -> Vec<String> {
    let all = sentences(&topic.notes);
    if all.len() < 2 {
        return Vec::new();
    }
    let mut out: Vec<String> = Vec::new();
    for sentence in all {
        let sentence = plain(sentence);
        let answers = quotable(&sentence) && !sentence.ends_with('?') && stands_alone(&sentence);
        if answers && !out.contains(&sentence) {
            out.push(sentence);
        }
    }
    out
}

/// `offered` without the sentences an earlier reply of the session already gave as its
/// answer (a block of its own in `said`), so a student asking again is not answered
/// with the same sentence, unless their `message` names it again: a follow-up sharing a
/// content term with it asks about that very sentence ("how do I remember 20 of them?"
/// after "A password manager can remember them for you."). All of them when every one
/// was given before.
pub fn not_given_before(offered: Vec<String>, said: &[String], message: &str) -> Vec<String> {
    let given: Vec<String> = said.iter().map(|b| normalize(b)).collect();
    let asked = content_terms(message);
    let named = |sentence: &str| {
        let keys = term_keys(sentence);
        asked.iter().any(|t| t.in_keys(&keys))
    };
    let fresh: Vec<String> = offered
        .iter()
        .filter(|s| !given.contains(&normalize(s)) || named(s))
        .cloned()
        .collect();
    if fresh.is_empty() {
        offered
    } else {
        fresh
    }
}

/// The sentence the model chose in its raw answer `text`, when it is one of `offered`
/// (compared as normalised words, so spacing or case the grammar allowed cannot differ).
pub fn chosen(text: &str, offered: &[String]) -> Option<String> {
    let value: Value = serde_json::from_str(text.trim()).ok()?;
    let picked = value.get("content")?.get(FIELD)?.as_str()?;
    let picked = normalize(picked);
    offered.iter().find(|s| normalize(s) == picked).cloned()
}

/// The reply answering with `sentence` first, then `topic`'s whole note as its source.
pub fn sentence_answer(sentence: &str, topic: &Topic) -> ModuleReply {
    offline::reply(
        vec![
            TextBlock::new(BlockType::Paragraph, sentence.to_string()),
            offline::note_block(topic),
        ],
        ResponseType::Conversational,
        Emotion::Supportive,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn topic(notes: &str) -> Topic {
        Topic {
            id: "plan".into(),
            title: "Plan".into(),
            keywords: Default::default(),
            notes: notes.into(),
        }
    }

    #[test]
    fn a_notes_statements_are_offered_but_not_its_questions_or_fragments() {
        let t = topic(
            "Sort each task with two questions: is it urgent? Is it important for your mark? \
             Urgent and important work is done first, today. Then rest.",
        );
        assert_eq!(
            answer_sentences(&t),
            vec!["Urgent and important work is done first, today."]
        );
    }

    #[test]
    fn a_sentence_leaning_on_the_one_before_is_not_offered_alone() {
        let t = topic(
            "Aplazar una tarea no es pereza: es una forma de huir de una emoción. \
             Ese alivio dura poco. Por eso ayuda más reconocer qué emoción evitas. \
             That is why a plan helps you every single day.",
        );
        assert_eq!(
            answer_sentences(&t),
            vec!["Aplazar una tarea no es pereza: es una forma de huir de una emoción."]
        );
        // A word that only starts like an opener is not one.
        assert!(stands_alone("Esperar al último día no ayuda nada."));
        assert!(stands_alone("Thinking ahead helps you plan the week."));
    }

    #[test]
    fn a_sentence_given_as_an_earlier_answer_is_not_offered_again() {
        let offered = vec![
            "Sleep fixes memories.".to_string(),
            "Go to bed early.".to_string(),
        ];
        let said = vec![
            "Sleep fixes memories.".to_string(),
            "**Sleep** — Sleep fixes memories. Go to bed early.".to_string(),
        ];
        assert_eq!(
            not_given_before(offered.clone(), &said, "and what else?"),
            vec!["Go to bed early."]
        );
        let both = vec![offered[0].clone(), offered[1].clone()];
        assert_eq!(not_given_before(offered.clone(), &both, "ok?"), offered);
        // A follow-up naming a given sentence's words asks about it.
        assert_eq!(
            not_given_before(offered.clone(), &said, "how do memories stick?"),
            offered
        );
    }

    #[test]
    fn a_one_sentence_note_offers_nothing() {
        assert!(answer_sentences(&topic("Short breaks keep your focus all day.")).is_empty());
    }

    #[test]
    fn only_an_offered_sentence_is_taken() {
        let offered = vec!["Urgent and important work is done first, today.".to_string()];
        let answer = |picked: &str| {
            json!({"content": {FIELD: picked, "text_blocks": []}, "meta": {}}).to_string()
        };
        assert_eq!(
            chosen(
                &answer("urgent and important work is done first today"),
                &offered
            ),
            Some(offered[0].clone())
        );
        assert_eq!(chosen(&answer("Do the urgent work first."), &offered), None);
        assert_eq!(chosen("{\"content\": {", &offered), None);
    }

    #[test]
    fn the_sentence_comes_first_and_the_whole_note_after() {
        let t = topic("Sleep fixes memories. Go to bed at the same time every night.");
        let reply = sentence_answer("Sleep fixes memories.", &t);
        let blocks = &reply.content.text_blocks;
        assert_eq!(blocks[0].content, "Sleep fixes memories.");
        assert_eq!(blocks[1], offline::note_block(&t));
    }
}
