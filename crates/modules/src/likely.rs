//! The model's second reading of which note sentence answers (issue #49 item 3, "the
//! model reads, code verifies"): how likely it finds the student's question as the one
//! asked of each offered sentence, read without generating. Its choice while writing
//! the answer (the grammar's enum) is a greedy first token; this reading weighs every
//! sentence whole, and ties a question to a sentence that shares none of its words
//! ("what if they lose my suitcase" → "…in case your checked luggage goes missing").
//! Code decides between the two readings by the question's own words ([`read_pick`]).

use super::ranking::named_weight;
use lantern_core::llm::LikelihoodRequest;

/// The instructions of the likelihood reading: the model is to write the question a
/// sentence answers, and its likelihood of the student's message is read.
const SYSTEM: &str = "You write the question a student asked.";

/// The request reading how likely the model finds `message` as the question each of
/// `offered` answers.
pub fn question_request(offered: &[String], message: &str) -> LikelihoodRequest {
    LikelihoodRequest {
        system: SYSTEM.into(),
        pairs: offered
            .iter()
            .map(|sentence| {
                let shown = format!(
                    "Here is a sentence from a study module:\n{sentence}\nWrite a question a student asked that this sentence answers."
                );
                (shown, message.to_string())
            })
            .collect(),
    }
}

/// Each of `offered` with the likelihood of the question under it (`values`, one per
/// sentence in order); empty when the two lists differ in length or a value is not a
/// number.
pub fn paired(offered: &[String], values: &[f64]) -> Vec<(String, f64)> {
    if offered.len() != values.len() || values.iter().any(|v| !v.is_finite()) {
        return Vec::new();
    }
    offered
        .iter()
        .cloned()
        .zip(values.iter().copied())
        .collect()
}

/// The sentence under which the question is likeliest, of `likelihood` (each offered
/// sentence's, [`paired`]); `None` when there is no reading.
pub fn likeliest(likelihood: &[(String, f64)]) -> Option<&str> {
    likelihood
        .iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(s, _)| s.as_str())
}

/// The sentence read as the answer, of the model's `pick` while writing and its
/// `likely` choice by likelihood: the likely one when the pick names none of the
/// question's words ([`named_weight`]: a pick by no word is a guess, and "what if they
/// lose my suitcase" names nothing of "…in case your checked luggage goes missing"), or
/// when the likely one names more of them; else the pick ("liquids?" stays with the
/// sentence naming liquids).
pub fn read_pick<'a>(pick: &'a str, likely: Option<&'a str>, message: &str) -> &'a str {
    let picked = named_weight(pick, message);
    match likely {
        Some(likely) if picked == 0 || named_weight(likely, message) > picked => likely,
        _ => pick,
    }
}

/// The likely sentence when it is read in place of the model's `pick`
/// ([`read_pick`]); `None` when the pick stands. The last reader of
/// [`crate::chosen::instead_of`]: a pick that gives what the question asks for, or that
/// code's other readers overrule, never comes to it.
pub fn read_instead(pick: &str, likely: Option<&str>, message: &str) -> Option<String> {
    let read = read_pick(pick, likely, message);
    (read != pick).then(|| read.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offered() -> Vec<String> {
        vec![
            "Liquids in hand luggage must be 100 ml or less.".to_string(),
            "Put medicines and a change of clothes in the bag you keep with you, in case your checked luggage goes missing.".to_string(),
        ]
    }

    #[test]
    fn each_sentence_is_asked_about_with_the_students_message() {
        let request = question_request(&offered(), "what if they lose my suitcase");
        assert_eq!(request.pairs.len(), 2);
        assert!(request.pairs[1].0.contains("checked luggage goes missing"));
        assert_eq!(request.pairs[0].1, "what if they lose my suitcase");
    }

    #[test]
    fn the_likeliest_sentence_is_the_one_with_the_highest_value() {
        let likelihood = paired(&offered(), &[-40.0, -31.5]);
        assert_eq!(likeliest(&likelihood), Some(offered()[1].as_str()));
    }

    #[test]
    fn values_that_do_not_match_the_sentences_choose_nothing() {
        assert!(paired(&offered(), &[-1.0]).is_empty());
        assert!(paired(&offered(), &[f64::NAN, -1.0]).is_empty());
        assert_eq!(likeliest(&[]), None);
    }

    #[test]
    fn the_likely_sentence_answers_when_the_pick_names_nothing_of_the_question() {
        let sentences = offered();
        let got = read_pick(
            &sentences[0],
            Some(&sentences[1]),
            "what if they lose my suitcase",
        );
        assert_eq!(got, sentences[1]);
    }

    #[test]
    fn a_pick_naming_more_of_the_question_stands() {
        let sentences = offered();
        let got = read_pick(&sentences[0], Some(&sentences[1]), "liquids?");
        assert_eq!(got, sentences[0]);
    }

    #[test]
    fn a_likely_sentence_naming_as_much_as_the_pick_leaves_it() {
        let recycle = "Take old phones to a recycling point or back to the shop.";
        let wipe = "Wipe your data before you hand in an old phone.";
        let message = "where do i take my old phone";
        assert_eq!(read_pick(recycle, Some(wipe), message), recycle);
    }

    #[test]
    fn a_pick_read_as_itself_stands() {
        let sentences = offered();
        assert_eq!(
            read_instead(&sentences[0], Some(&sentences[0]), "liquids?"),
            None
        );
        let got = read_instead(
            &sentences[0],
            Some(&sentences[1]),
            "what if they lose my suitcase",
        );
        assert_eq!(got.as_deref(), Some(sentences[1].as_str()));
    }

    #[test]
    fn without_a_likely_sentence_the_pick_stands() {
        let sentences = offered();
        assert_eq!(read_pick(&sentences[0], None, "liquids?"), sentences[0]);
    }
}
