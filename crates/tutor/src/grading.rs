//! Drill grading (spec 001, PV-AI-013): the verdict is the answer checker's, never the
//! model's. A wrong answer's tag comes from the drill's foreseen mistakes, else a
//! deterministic detector (sign error, reciprocal, power of ten), else — only then —
//! the model may pick one from the unit's fixed list. The model writes the feedback
//! words under a grammar; without a model, or when its words are unusable, the
//! feedback is deterministic.

use super::drill::DrillKey;
use super::error::TutorError;
pub use super::judge::grade_drill;
use super::messages::MESSAGES;
use super::phrase::judges;
pub use super::verdict::{check_drill, DrillVerdict, TagSource};
use lantern_core::answers::{DetectedMistake, Rejection};
use lantern_core::language::Language;
use lantern_core::llm::{parse_output, BoxFuture, CancelFlag, DeltaSink, Limits, Llm, LlmRequest};
use lantern_core::say;
use lantern_core::text::support::ReplyFilter;
use lantern_core::text::tidy::{detect_language, is_readable, strip_unsafe_chars};
use lantern_core::turn::LoopTurn;
use lantern_core::word_list;
use lantern_core::ErrorCode;
use lantern_packs::course::Unit;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::LazyLock;

/// Longest feedback the model may write, in characters.
pub const MAX_FEEDBACK_CHARS: usize = 240;
/// Fewest words of the model's feedback: a sentence, not a stray token.
pub const MIN_FEEDBACK_WORDS: usize = 3;

/// The tags a wrong answer on `unit` may carry: its misconceptions' tags, then the
/// generic detectors'.
pub fn unit_tags(unit: &Unit) -> Vec<String> {
    let mut tags: Vec<String> = unit.misconceptions.iter().map(|m| m.tag.clone()).collect();
    for detector in DetectedMistake::ALL {
        if !tags.iter().any(|t| t == detector.tag()) {
            tags.push(detector.tag().to_string());
        }
    }
    tags
}

/// The feedback the model writes (and, for an untagged wrong answer, its tag choice).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LlmDrillFeedback {
    /// One or two short sentences.
    pub feedback_text: String,
    /// One of the offered tags, or none.
    #[serde(default)]
    pub common_mistake_tag: Option<String>,
}

/// Feedback shown after grading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GradeFeedback {
    /// The words.
    pub text: String,
    /// The tag the model chose, if it was asked to.
    pub model_tag: Option<String>,
}

/// A graded drill waiting for its feedback: the model's or the deterministic one.
#[derive(Debug, Clone)]
pub struct PreparedGrade {
    /// The drill's instruction.
    pub prompt: String,
    /// The drill's question.
    pub question_latex: String,
    /// The student's answer.
    pub answer: String,
    /// The key.
    pub key: DrillKey,
    /// The checker's verdict.
    pub verdict: DrillVerdict,
    /// Tags the model may choose from (empty when it may not choose).
    pub offered_tags: Vec<String>,
    /// The thread's language.
    pub language: Language,
    /// The unit's anchor and misconceptions, which the feedback may rest on.
    pub unit_material: Vec<String>,
}

impl PreparedGrade {
    /// Grades `answer` on the drill and decides whether the model may pick a tag: only
    /// for a wrong answer without one, from the unit's list.
    pub fn new(
        prompt: &str,
        question_latex: &str,
        answer: &str,
        key: DrillKey,
        unit: Option<&Unit>,
        language: Language,
    ) -> Self {
        let verdict = grade_drill(&key, answer);
        let offered_tags = if verdict.is_correct || verdict.common_mistake_tag.is_some() {
            Vec::new()
        } else {
            unit.map(unit_tags).unwrap_or_default()
        };
        let unit_material = unit.map_or_else(Vec::new, |u| {
            std::iter::once(u.anchor.clone())
                .chain(u.misconceptions.iter().map(|m| m.text.clone()))
                .collect()
        });
        Self {
            prompt: prompt.to_string(),
            question_latex: question_latex.to_string(),
            answer: answer.to_string(),
            key,
            verdict,
            offered_tags,
            language,
            unit_material,
        }
    }

    /// The feedback grammar: the text, and the tag only when one may be chosen.
    pub fn schema(&self) -> Value {
        let text = json!({"type": "string", "minLength": 1, "maxLength": MAX_FEEDBACK_CHARS});
        if self.offered_tags.is_empty() {
            return json!({
                "type": "object",
                "properties": {"feedbackText": text},
                "required": ["feedbackText"],
                "additionalProperties": false
            });
        }
        json!({
            "type": "object",
            "properties": {
                "feedbackText": text,
                "commonMistakeTag": {"anyOf": [
                    {"type": "string", "enum": self.offered_tags},
                    {"type": "null"}
                ]}
            },
            "required": ["feedbackText", "commonMistakeTag"],
            "additionalProperties": false
        })
    }

    /// The grading prompt: the drill, the answer and the checker's verdict, which the
    /// feedback must explain, not question.
    pub fn request(&self) -> LlmRequest {
        let language = match self.language {
            Language::En => "English",
            Language::Es => "Spanish",
        };
        let system = format!(
            "You write feedback on a short drill (1-2 steps) for a secondary-school \
             student. The verdict is already decided by a checker; never contradict it. \
             Write one or two short, kind sentences in {language}: on a correct answer, \
             say briefly why it is right; on a wrong one, point to the step to fix \
             without lecturing. Return JSON only."
        );
        let verdict = if self.verdict.is_correct {
            "correct".to_string()
        } else {
            format!(
                "incorrect; expected {}; {}",
                self.verdict.expected, self.verdict.explanation
            )
        };
        let mut user = format!(
            "Drill: {}\nQuestion: {}\nStudent's answer: {}\nVerdict: {verdict}",
            self.prompt, self.question_latex, self.answer
        );
        if !self.offered_tags.is_empty() {
            user.push_str(&format!(
                "\nIf the mistake matches one of these tags, choose it, else null: {}",
                self.offered_tags.join(", ")
            ));
        }
        let mut request = LlmRequest::new(system, user);
        request.limits = Limits {
            max_tokens: 160,
            ..Limits::default()
        };
        request
    }

    /// The verdict line the app writes: right, or the expected answer.
    fn verdict_line(&self) -> String {
        let v = &self.verdict;
        let language = self.language;
        match (v.is_correct, v.reason) {
            (true, _) => say!(MESSAGES, language, "tutor-grade-correct"),
            (false, Some(Rejection::NotSimplified)) => say!(
                MESSAGES,
                language,
                "tutor-grade-not-simplified",
                expected = &v.expected
            ),
            (false, Some(Rejection::NotParseable)) => say!(
                MESSAGES,
                language,
                "tutor-grade-unreadable",
                expected = &v.expected
            ),
            (false, _) => say!(
                MESSAGES,
                language,
                "tutor-grade-not-quite",
                expected = &v.expected
            ),
        }
    }

    /// The deterministic feedback: the verdict, the expected answer when wrong, and the
    /// drill's explanation when it has one.
    pub fn deterministic(&self) -> GradeFeedback {
        let mut text = self.verdict_line();
        if let (false, Some(why)) = (self.verdict.is_correct, &self.key.explanation) {
            text.push(' ');
            text.push_str(why);
        }
        GradeFeedback {
            text,
            model_tag: None,
        }
    }

    /// The model's feedback checked: readable, a sentence within bounds, in the thread's
    /// language, not contradicting the verdict, and a tag only from the offered list.
    /// What is shown is the app's own feedback ([`Self::deterministic`]: the verdict and
    /// why) followed by the first model sentence that passes the shared filter, says
    /// nothing already said and passes no verdict of its own.
    pub fn accept(&self, raw: &LlmDrillFeedback) -> Result<GradeFeedback, String> {
        let text = strip_unsafe_chars(&raw.feedback_text).trim().to_string();
        if text.is_empty() || text.chars().count() > MAX_FEEDBACK_CHARS || !is_readable(&text) {
            return Err("the feedback is empty or unreadable".into());
        }
        if text.split_whitespace().count() < MIN_FEEDBACK_WORDS {
            return Err("the feedback is not a sentence".into());
        }
        if detect_language(&text).is_some_and(|l| l != self.language) {
            return Err("the feedback is not in the thread's language".into());
        }
        if contradicts(&text, self.verdict.is_correct) {
            return Err("the feedback contradicts the checker's verdict".into());
        }
        // The shared reply filter: no run of the prompt, no echo, only what the drill,
        // its answer and its explanation support.
        let request = self.request();
        let instructions: Vec<&str> = std::iter::once(request.system.as_str())
            .chain(request.messages.iter().map(|m| m.content.as_str()))
            .collect();
        let explanation = self.key.explanation.clone().unwrap_or_default();
        let material: Vec<&str> = [
            self.prompt.as_str(),
            self.question_latex.as_str(),
            self.verdict.expected.as_str(),
            self.verdict.explanation.as_str(),
            explanation.as_str(),
        ]
        .into_iter()
        .chain(self.unit_material.iter().map(String::as_str))
        .collect();
        let app = self.deterministic().text;
        let kept = ReplyFilter::new(Some(self.language), &material, &self.answer)
            .with_instructions(&instructions)
            .with_said(&[app.as_str()])
            .filter(&text);
        let explains: Vec<&String> = kept.kept.iter().filter(|s| !judges(s)).collect();
        if explains.is_empty() {
            let why: Vec<&str> = kept.dropped.iter().map(|(_, r)| r.check()).collect();
            return Err(format!(
                "no sentence passes the reply filter ({})",
                why.join(", ")
            ));
        }
        let text = format!("{app} {}", explains[0]);
        let model_tag = match &raw.common_mistake_tag {
            Some(tag) if self.offered_tags.contains(tag) => Some(tag.clone()),
            Some(tag) => return Err(format!("{tag:?} is not one of the offered tags")),
            None => None,
        };
        Ok(GradeFeedback { text, model_tag })
    }
}

/// Openings that announce a wrong answer (English and Spanish).
static WRONG_OPENINGS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("wrong-openings").collect());
/// Openings that announce a right answer.
static RIGHT_OPENINGS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("right-openings").collect());

/// Whether the feedback's opening announces the opposite of the verdict.
fn contradicts(text: &str, correct: bool) -> bool {
    let lower = text.to_lowercase();
    let opening: String = lower.chars().take(40).collect();
    let says_wrong = WRONG_OPENINGS.iter().any(|w| opening.contains(w));
    let says_right = RIGHT_OPENINGS.iter().any(|w| opening.contains(w));
    if correct {
        says_wrong
    } else {
        says_right && !says_wrong
    }
}

impl LoopTurn for PreparedGrade {
    type Reply = GradeFeedback;
    type Error = TutorError;

    fn ask<'a>(
        &'a self,
        llm: &'a dyn Llm,
        on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<GradeFeedback, TutorError>> {
        Box::pin(async move {
            // The model's words are checked whole before anything is shown, so what
            // streams is what stays: the accepted feedback goes out once.
            let schema = self.schema();
            let text = llm
                .complete_json(&self.request(), &schema, &mut |_| {}, cancel)
                .await?;
            let raw: LlmDrillFeedback = parse_output(&text, &schema)?;
            let feedback = self.accept(&raw).map_err(TutorError::PolicyViolation)?;
            on_text(&feedback.text);
            Ok(feedback)
        })
    }

    fn offline(&self) -> Result<GradeFeedback, TutorError> {
        Ok(self.deterministic())
    }

    fn is_broken_reply(&self, code: ErrorCode) -> bool {
        super::error::is_broken_reply(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drill::{DrillSource, ForeseenMistake};
    use proptest::prelude::*;

    fn key() -> DrillKey {
        DrillKey {
            unit_id: "U".into(),
            answer: "x = 4".into(),
            kind: None,
            simplified: false,
            source: DrillSource::Template,
            template_id: Some("t".into()),
            verified: true,
            mistakes: vec![ForeseenMistake {
                answer: "x = 14".into(),
                tag: "adds_instead".into(),
            }],
            explanation: None,
            choices: vec![],
        }
    }

    fn prepared(answer: &str) -> PreparedGrade {
        let unit = Unit {
            id: "U".into(),
            title: "T".into(),
            anchor: "Undo an addition by subtracting the same number from both sides.".into(),
            tags: vec![],
            misconceptions: vec![lantern_packs::course::Misconception {
                tag: "adds_instead".into(),
                text: "Adds.".into(),
            }],
            content: vec![],
            drills: vec![],
        };
        PreparedGrade::new(
            "Solve",
            "x + 5 = 9",
            answer,
            key(),
            Some(&unit),
            Language::En,
        )
    }

    #[test]
    fn the_verdict_is_the_checkers_and_a_foreseen_mistake_gives_its_tag() {
        assert!(prepared("4").verdict.is_correct);
        let foreseen = prepared("x = 14");
        assert_eq!(
            foreseen.verdict.common_mistake_tag.as_deref(),
            Some("adds_instead")
        );
        assert_eq!(foreseen.verdict.tag_source, Some(TagSource::Foreseen));
        assert!(foreseen.offered_tags.is_empty());
        let detected = prepared("x = -4");
        assert_eq!(
            detected.verdict.common_mistake_tag.as_deref(),
            Some("sign_error")
        );
        let unknown = prepared("x = 7");
        assert!(unknown.verdict.common_mistake_tag.is_none());
        assert!(unknown.offered_tags.contains(&"adds_instead".to_string()));
    }

    #[test]
    fn a_drill_card_of_words_is_graded_as_the_tutor_judges_a_typed_answer() {
        let true_false = DrillKey {
            answer: "true".into(),
            kind: Some(lantern_core::answers::AnswerKind::Text),
            source: DrillSource::TrueFalse,
            template_id: None,
            mistakes: vec![],
            ..key()
        };
        assert!(grade_drill(&true_false, "yes").is_correct);
        assert!(grade_drill(&true_false, "True, it is").is_correct);
        assert!(!grade_drill(&true_false, "no").is_correct);
        let step = DrillKey {
            answer: "no".into(),
            source: DrillSource::Misconception,
            mistakes: vec![ForeseenMistake {
                answer: "yes".into(),
                tag: "adds".into(),
            }],
            ..true_false.clone()
        };
        assert!(grade_drill(&step, "No, it is wrong").is_correct);
        assert_eq!(
            grade_drill(&step, "yes").common_mistake_tag.as_deref(),
            Some("adds")
        );
        let choice = DrillKey {
            answer: "B".into(),
            source: DrillSource::Choice,
            choices: vec![
                lantern_packs::course::AnswerOption {
                    id: "A".into(),
                    text: "A boiler".into(),
                },
                lantern_packs::course::AnswerOption {
                    id: "B".into(),
                    text: "A separate condenser".into(),
                },
            ],
            ..true_false
        };
        assert!(grade_drill(&choice, "b").is_correct);
        assert!(grade_drill(&choice, "a separate condenser").is_correct);
        assert!(!grade_drill(&choice, "A").is_correct);
    }

    #[test]
    fn feedback_copying_the_prompt_is_refused() {
        let p = prepared("x = 14");
        let raw = LlmDrillFeedback {
            feedback_text: "If the mistake matches one of these tags, choose it, else null.".into(),
            common_mistake_tag: None,
        };
        assert!(p.accept(&raw).is_err());
    }

    #[test]
    fn feedback_shorter_than_a_sentence_is_refused() {
        let wrong = prepared("x = 7");
        for stray in ["favrejB", "x = 4", "Subtract first"] {
            let raw = LlmDrillFeedback {
                feedback_text: stray.into(),
                common_mistake_tag: None,
            };
            assert!(wrong.accept(&raw).is_err(), "{stray}");
        }
    }

    #[test]
    fn feedback_in_the_other_language_is_refused() {
        let wrong = prepared("x = 7");
        let spanish = LlmDrillFeedback {
            feedback_text:
                "Revisa el paso de la resta: hay que restar tres en los dos lados de la ecuación."
                    .into(),
            common_mistake_tag: None,
        };
        assert!(wrong.accept(&spanish).is_err());
    }

    #[test]
    fn feedback_contradicting_the_verdict_or_an_unoffered_tag_is_refused() {
        let wrong = prepared("x = 7");
        let says_right = LlmDrillFeedback {
            feedback_text: "Correct! Well done.".into(),
            common_mistake_tag: None,
        };
        assert!(wrong.accept(&says_right).is_err());
        let bad_tag = LlmDrillFeedback {
            feedback_text: "Check the subtraction step.".into(),
            common_mistake_tag: Some("made_up".into()),
        };
        assert!(wrong.accept(&bad_tag).is_err());
        let fine = LlmDrillFeedback {
            feedback_text: "Check the subtraction step.".into(),
            common_mistake_tag: Some("adds_instead".into()),
        };
        assert_eq!(
            wrong.accept(&fine).unwrap().model_tag.as_deref(),
            Some("adds_instead")
        );
        let right = prepared("x = 4");
        assert!(right
            .accept(&LlmDrillFeedback {
                feedback_text: "Not quite, try again.".into(),
                common_mistake_tag: None
            })
            .is_err());
    }

    #[test]
    fn without_a_model_the_feedback_is_deterministic_and_gives_the_answer_when_wrong() {
        assert!(prepared("x = 7").deterministic().text.contains("x = 4"));
        assert!(prepared("4").deterministic().text.starts_with("Correct"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn any_feedback_is_either_accepted_within_bounds_or_refused(
            text in ".{0,300}",
            tag in proptest::option::of("[a-z_]{0,12}"),
            answer in ".{0,20}",
        ) {
            let p = prepared(&answer);
            let raw = LlmDrillFeedback { feedback_text: text, common_mistake_tag: tag };
            if let Ok(feedback) = p.accept(&raw) {
                prop_assert!(!feedback.text.is_empty());
                // The app's verdict line, then at most one model sentence of bounded size.
                let app = p.deterministic().text.chars().count();
                prop_assert!(feedback.text.chars().count() <= app + 1 + MAX_FEEDBACK_CHARS);
                if let Some(t) = feedback.model_tag {
                    prop_assert!(p.offered_tags.contains(&t));
                }
            }
        }

    }
}
