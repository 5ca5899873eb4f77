//! Whether an answer speaks as the student instead of to them: the task asks the model
//! to talk to the student as "you", yet a small model may answer in the student's own
//! voice ("I don't want to tell my mum because…" to "says not to tell my mum"), which the
//! shared filter keeps (every word is the student's or the note's).

use lantern_core::text::normalize::{normalize, words};
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

/// The student's own voice in their message: read once per turn, then asked of each
/// sentence of the answer.
pub struct StudentVoice(BTreeSet<(String, String)>);

impl StudentVoice {
    /// The first-person phrases of the student's `message`.
    pub fn of(message: &str) -> Self {
        Self(first_person_phrases(message))
    }

    /// Whether `sentence` repeats one of the student's first-person phrases, so it
    /// speaks as the student.
    pub fn spoken_in(&self, sentence: &str) -> bool {
        !self.0.is_empty()
            && first_person_phrases(sentence)
                .iter()
                .any(|phrase| self.0.contains(phrase))
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
    }

    #[test]
    fn an_answer_to_the_student_is_not() {
        let student = "this guy from a game wants my snap and says not to tell my mum";
        assert!(
            !StudentVoice::of(student).spoken_in("Tell your mum: an adult you trust should know.")
        );
        assert!(!StudentVoice::of("what do I do?").spoken_in("My advice: tell an adult."));
    }
}
