//! Whether an answer speaks as the student instead of to them: the task asks the model
//! to talk to the student as "you", yet a small model may answer in the student's own
//! voice ("I don't want to tell my mum because…" to "says not to tell my mum"), which the
//! shared filter keeps (every word is the student's or the note's), or glue their
//! question onto a note's sentence ("Si no tienes nada para arreglarla, usa un candado
//! en U…"), which claims the note answers what it does not say.

use lantern_core::text::normalize::{normalize, words};
use lantern_core::text::support::longest_shared_run;
use lantern_core::text::terms::{content_terms, term_keys};
use lantern_core::word_list;
use std::collections::BTreeSet;
use std::sync::LazyLock;

/// Words a student uses of themselves (`words/<locale>/first-person.txt`).
static FIRST_PERSON: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("first-person").collect());

/// The first-person phrases of `text`: each first-person word with the word after it
/// ("my mum", "mi madre").
fn first_person_phrases(text: &str) -> BTreeSet<(String, String)> {
    let normal = normalize(text);
    words(&normal)
        .windows(2)
        .filter(|pair| FIRST_PERSON.contains(&pair[0]))
        .map(|pair| (pair[0].to_string(), pair[1].to_string()))
        .collect()
}

/// Words that open a sentence in the first person (`words/<locale>/first-person-openers.txt`).
static FIRST_PERSON_OPENERS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("first-person-openers").collect());

/// Fewest words in a row of the student's message that a sentence of the answer must
/// not repeat: five words copied together are what they said ("la primera vez q vivo
/// sola"), not an answer to it.
const COPIED_RUN: usize = 5;

/// The student's own voice in their message: read once per turn, then asked of each
/// sentence of the answer.
pub struct StudentVoice {
    phrases: BTreeSet<(String, String)>,
    keys: BTreeSet<String>,
    words: Vec<String>,
    /// The module's note sentences, normalised, that the student's words may be glued to.
    notes: Vec<String>,
}

impl StudentVoice {
    /// The first-person phrases and the content terms of the student's `message`.
    pub fn of(message: &str) -> Self {
        Self {
            phrases: first_person_phrases(message),
            keys: term_keys(message),
            words: words(&normalize(message))
                .into_iter()
                .map(String::from)
                .collect(),
            notes: Vec::new(),
        }
    }

    /// The same voice, also read against the module's `notes` (its sentences) for a
    /// question glued onto one of them.
    pub fn beside_notes<'n>(mut self, notes: impl IntoIterator<Item = &'n str>) -> Self {
        self.notes = notes.into_iter().map(normalize).collect();
        self
    }

    /// Whether `sentence` speaks as the student: it repeats one of their first-person
    /// phrases ("mi madre") or [`COPIED_RUN`] of their words in a row, or opens in the
    /// first person and tells what they wrote ("Yo soy uno de los cuatro y estamos
    /// trabajando en un póster…").
    pub fn spoken_in(&self, sentence: &str) -> bool {
        if self.copied(sentence) || self.glued(sentence) {
            return true;
        }
        let repeats = !self.phrases.is_empty()
            && first_person_phrases(sentence)
                .iter()
                .any(|phrase| self.phrases.contains(phrase));
        let opens = || {
            words(&normalize(sentence))
                .first()
                .is_some_and(|w| FIRST_PERSON_OPENERS.contains(w))
        };
        let tells_theirs = || {
            content_terms(sentence)
                .iter()
                .any(|t| t.in_keys(&self.keys))
        };
        repeats || (opens() && tells_theirs())
    }

    /// Whether `sentence` is a note's sentence whole with a lead-in made of the student's
    /// words ("Para sacar al dia, un perro necesita salir a pasear…"): the lead-in says
    /// the note answers their question, which nothing the note says supports.
    fn glued(&self, sentence: &str) -> bool {
        let said = normalize(sentence);
        self.notes.iter().any(|note| {
            let Some(at) = said.find(note.as_str()).filter(|at| *at > 0) else {
                return false;
            };
            let lead = content_terms(&said[..at]);
            !lead.is_empty() && lead.iter().all(|t| t.in_keys(&self.keys))
        })
    }

    /// Whether `sentence` repeats [`COPIED_RUN`] or more of the message's words in a row.
    fn copied(&self, sentence: &str) -> bool {
        let said: Vec<String> = words(&normalize(sentence))
            .into_iter()
            .map(String::from)
            .collect();
        longest_shared_run(&said, &self.words) >= COPIED_RUN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_in_the_students_voice_is_found() {
        let student = "this guy from a game wants my snap and says not to tell my mum";
        assert!(StudentVoice::of(student)
            .spoken_in("I don't want to tell my mum because he may not be who he says."));
        let spanish =
            StudentVoice::of("un chico me pide fotos y dice que no se lo cuente a mi madre");
        assert!(spanish.spoken_in("No quiero contárselo a mi madre."));
        let poster = StudentVoice::of(
            "somos cuatro y tenemos que hacer un póster sobre el cambio climático, ¿cómo nos organizamos?",
        );
        assert!(poster.spoken_in(
            "Yo soy uno de los cuatro y estamos trabajando en un póster sobre el cambio climático."
        ));
    }

    #[test]
    fn an_answer_saying_what_it_understood_of_the_student_repeats_them() {
        let toy = StudentVoice::of("y un juguete de plástico roto? es plástico igual");
        assert!(toy.spoken_in("Entiendo que el juguete de plástico roto no es un envase."));
        assert!(!toy.spoken_in("Los juguetes de plástico no son envases."));
    }

    #[test]
    fn an_answer_repeating_five_of_the_students_words_in_a_row_is_theirs() {
        let student = StudentVoice::of(
            "neta extraño un buen a mi familia, es la primera vez q vivo sola en otra ciudad",
        );
        assert!(student.spoken_in("La primera vez q vivo sola en el que tienes rutina es normal."));
        // Four words in a row, or the same words in the student's second person, answer.
        assert!(!student.spoken_in("Es normal extrañar a tu familia la primera vez."));
        assert!(!student.spoken_in(
            "Echar de menos a tu familia y tu ciudad durante los primeros meses es muy normal."
        ));
    }

    #[test]
    fn an_answer_to_the_student_is_not() {
        let student = "this guy from a game wants my snap and says not to tell my mum";
        assert!(
            !StudentVoice::of(student).spoken_in("Tell your mum: an adult you trust should know.")
        );
        assert!(!StudentVoice::of("what do I do?").spoken_in("My advice: tell an adult."));
        // Opening in the first person about something else is not the student's voice.
        assert!(!StudentVoice::of("how do we split the poster?")
            .spoken_in("I would give each person one part and a date."));
    }

    #[test]
    fn a_question_glued_onto_a_notes_sentence_is_the_students() {
        let note = "Usa un candado en U o de cadena gruesa; un cable fino se corta en segundos.";
        let student = StudentVoice::of("y si no tengo nada para arreglarla?").beside_notes([note]);
        assert!(student.spoken_in(
            "Si no tienes nada para arreglarla, usa un candado en U o de cadena gruesa; un cable fino se corta en segundos."
        ));
        // The note's sentence alone, or after a plain yes, is not glued.
        assert!(!student.spoken_in(note));
        assert!(!student.spoken_in(
            "Sí, usa un candado en U o de cadena gruesa; un cable fino se corta en segundos."
        ));
    }
}
