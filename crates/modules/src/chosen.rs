//! The note's sentence the model chose as the answer (issue #49 item 3, "the model
//! reads, code verifies"): when a note answers the message, the model's grammar also
//! asks it to pick, from an enum of that note's statements, the one that answers the
//! question. When the model's own sentences are refused, that choice still answers in
//! words first: the sentence the model read as the answer, the whole note after it.
//! The sentence is authored, so it is correct by construction; code checks it is one
//! of the note's statements before it is shown, and overrules a pick that two other
//! readers agree does not answer: the message's words and the embedder's closeness in
//! meaning ([`overruled`]).

use super::contract::{BlockType, Emotion, ModuleReply, ResponseType, TextBlock};
use super::offline;
use super::pack::Topic;
use super::replies;
use lantern_core::language::Language;
use lantern_core::text::normalize::{normalize, opens_with_phrase};
use lantern_core::text::notes::{plain, quotable};
use lantern_core::text::terms::{content_terms, term_keys, Term};
use lantern_core::text::tidy::sentences;
use lantern_core::word_list;
use serde_json::Value;
use std::sync::LazyLock;

/// The field of the model's `content` holding its choice.
pub const FIELD: &str = "answer_sentence";

/// How much closer in meaning (cosine, as the embedder tells it) to the message another
/// offered sentence must be than the model's pick for code to overrule the pick: more
/// than the spread of the embedder's noise between sentences of one note (measured in
/// docs/evals.md, "A chosen sentence that does not answer").
pub const OVERRULE_MARGIN: f32 = 0.15;

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
    let fresh: Vec<String> = offered
        .iter()
        .filter(|s| !given.contains(&normalize(s)) || names_any(s, &asked))
        .cloned()
        .collect();
    if fresh.is_empty() {
        offered
    } else {
        fresh
    }
}

/// Whether `sentence` uses one of the message's content terms `asked`.
fn names_any(sentence: &str, asked: &[Term]) -> bool {
    let keys = term_keys(sentence);
    asked.iter().any(|t| t.in_keys(&keys))
}

/// How close in meaning the message is to each of `offered`, from the closeness to the
/// topics' texts (`texts`, each a note sentence as written); a sentence not found there
/// is left out.
pub fn closeness_of(offered: &[String], texts: &[(String, f32)]) -> Vec<(String, f32)> {
    offered
        .iter()
        .filter_map(|sentence| {
            let key = normalize(sentence);
            texts
                .iter()
                .find(|(text, _)| normalize(&plain(text)) == key)
                .map(|(_, value)| (sentence.clone(), *value))
        })
        .collect()
}

/// The sentence that answers instead of the model's `pick`, when two other readers
/// agree the pick does not: it shares no content term with `message`, and another
/// sentence that does is closer in meaning to the message by [`OVERRULE_MARGIN`] or
/// more (`closeness`, each offered sentence's). The closest such sentence; `None` when
/// the pick stands, as it does when the closeness is unknown.
pub fn overruled(pick: &str, closeness: &[(String, f32)], message: &str) -> Option<String> {
    let asked = content_terms(message);
    if names_any(pick, &asked) {
        return None;
    }
    let picked = closeness.iter().find(|(s, _)| s == pick)?.1;
    closeness
        .iter()
        .filter(|(s, value)| *value >= picked + OVERRULE_MARGIN && names_any(s, &asked))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(s, _)| s.clone())
}

/// The offered sentence the model has chosen so far in its partial answer `raw`, once
/// the field holding it is written whole.
pub fn chosen_so_far(raw: &str, offered: &[String]) -> Option<String> {
    let field = raw.find(&format!("\"{FIELD}\""))?;
    let rest = &raw[field..];
    offered
        .iter()
        .find(|s| serde_json::to_string(s).is_ok_and(|quoted| rest.contains(&quoted)))
        .cloned()
}

/// The sentence the model chose in its raw answer `text`, when it is one of `offered`
/// (compared as normalised words, so spacing or case the grammar allowed cannot differ).
pub fn chosen(text: &str, offered: &[String]) -> Option<String> {
    let value: Value = serde_json::from_str(text.trim()).ok()?;
    let picked = value.get("content")?.get(FIELD)?.as_str()?;
    let picked = normalize(picked);
    offered.iter().find(|s| normalize(s) == picked).cloned()
}

/// The reply answering a student writing in `language` with `sentence` of `topic`'s
/// note, written in `notes`, another: a lead in theirs, the sentence quoted as the note
/// writes it (no words of the model's, which could not be checked against the note),
/// then the whole note.
pub fn quoted_answer(
    sentence: &str,
    topic: &Topic,
    language: Language,
    notes: Language,
) -> ModuleReply {
    offline::reply(
        vec![
            TextBlock::new(BlockType::Paragraph, replies::across_lead(language, notes)),
            TextBlock::new(BlockType::Quote, sentence.to_string()),
            offline::note_block(topic),
        ],
        ResponseType::Conversational,
        Emotion::Supportive,
    )
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

    fn closeness(values: &[(&str, f32)]) -> Vec<(String, f32)> {
        values.iter().map(|(s, v)| (s.to_string(), *v)).collect()
    }

    #[test]
    fn a_pick_is_overruled_only_when_words_and_meaning_both_point_elsewhere() {
        let exam =
            "En la evaluación continua la nota se reparte entre prácticas y el examen final.";
        let ill = "Si faltas a una práctica por enfermedad, guarda el justificante médico.";
        let message = "si mi ramo tiene evaluacion continua puedo ir solo al examen final?";
        let close = closeness(&[(exam, 0.71), (ill, 0.51)]);
        assert_eq!(overruled(ill, &close, message), Some(exam.to_string()));
        // The pick naming the message's words stands.
        assert_eq!(overruled(exam, &close, message), None);
        // Nearly as close: the pick stands.
        let near = closeness(&[(exam, 0.60), (ill, 0.51)]);
        assert_eq!(overruled(ill, &near, message), None);
        // The closer sentence names none of the message's words: the pick stands.
        let other = closeness(&[(exam, 0.71), (ill, 0.51)]);
        assert_eq!(overruled(ill, &other, "¿y si le marco a mi mamá?"), None);
        // No closeness known: the pick stands.
        assert_eq!(overruled(ill, &[], message), None);
    }

    #[test]
    fn the_closeness_of_an_offered_sentence_is_its_notes_sentence() {
        let texts = closeness(&[("Title: kw", 0.2), ("**Sleep** fixes memories.", 0.6)]);
        let offered = vec!["Sleep fixes memories.".to_string(), "Nap.".to_string()];
        assert_eq!(
            closeness_of(&offered, &texts),
            closeness(&[("Sleep fixes memories.", 0.6)])
        );
    }

    #[test]
    fn the_pick_is_read_once_its_field_is_whole() {
        let offered = vec!["Sleep fixes memories.".to_string()];
        let start = format!(r#"{{"content":{{"{FIELD}":"Sleep fixes"#);
        assert_eq!(chosen_so_far(&start, &offered), None);
        let whole = format!(r#"{start} memories.","text_blocks":["#);
        assert_eq!(chosen_so_far(&whole, &offered), Some(offered[0].clone()));
        // The sentence elsewhere than in the field is no pick.
        assert_eq!(
            chosen_so_far(r#"{"x":"Sleep fixes memories."}"#, &offered),
            None
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
