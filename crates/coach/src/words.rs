//! The coach's authored words: what each step is, an example, what a fitting text does,
//! how a proposal is introduced, asked about and explained, the questions that follow
//! up a step, and the line that opens a step with the argument so far — read from the
//! coach's message files ([`MESSAGES`]). The model may phrase; these are correct by
//! construction.

use super::messages::MESSAGES;
use super::weak_text::Weakness;
use super::{Language, ToulminStep};
use lantern_core::say;
use lantern_core::text::social::Social;

/// What `step` is, in one sentence for the student.
pub fn step_meaning(step: ToulminStep, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "coach-step-meaning",
        step = step.as_str()
    )
}

/// The answer to thanks or a greeting (`kind`), in a few wordings so a session never
/// repeats one; the step's question follows it.
pub fn courtesy(kind: Social, language: Language) -> [String; 3] {
    if kind == Social::Thanks {
        [
            say!(MESSAGES, language, "coach-thanks-first"),
            say!(MESSAGES, language, "coach-thanks-second"),
            say!(MESSAGES, language, "coach-thanks-third"),
        ]
    } else {
        [
            say!(MESSAGES, language, "coach-greeting-first"),
            say!(MESSAGES, language, "coach-greeting-second"),
            say!(MESSAGES, language, "coach-greeting-third"),
        ]
    }
}

/// The answer to a goodbye ("chao", "ok bye"), in three wordings.
pub fn goodbye(language: Language) -> [String; 3] {
    [
        say!(MESSAGES, language, "coach-goodbye-first"),
        say!(MESSAGES, language, "coach-goodbye-second"),
        say!(MESSAGES, language, "coach-goodbye-third"),
    ]
}

/// The answer to a question about what a step allows ("can I use my own school?"): the
/// student decides, as long as the text does the step's job — which follows it.
pub fn your_choice(language: Language) -> String {
    say!(MESSAGES, language, "coach-your-choice")
}

/// Two ways of saying that a no takes nothing ("All right, we leave that text out").
pub fn declined(language: Language) -> [String; 2] {
    [
        say!(MESSAGES, language, "coach-declined-first"),
        say!(MESSAGES, language, "coach-declined-second"),
    ]
}

/// Why `step` matters to a reader, for a student who asks why it is needed.
pub fn step_purpose(step: ToulminStep, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "coach-step-purpose",
        step = step.as_str()
    )
}

/// An example of a text for `step`, on a topic of its own.
pub fn step_example(step: ToulminStep, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "coach-step-example",
        step = step.as_str()
    )
}

/// The step's name for the student.
pub fn step_name(step: ToulminStep, language: Language) -> String {
    say!(MESSAGES, language, "coach-step-name", step = step.as_str())
}

/// Where the argument stands: `step`, and its number among the seven parts.
pub fn where_we_are(step: ToulminStep, language: Language) -> String {
    let number = ToulminStep::ALL
        .iter()
        .position(|s| *s == step)
        .map_or(1, |at| at + 1);
    say!(
        MESSAGES,
        language,
        "coach-where-we-are",
        step = step.as_str(),
        number = number
    )
}

/// What a text that fits `step` does, said of the student's text.
pub fn fits(step: ToulminStep, language: Language) -> String {
    say!(MESSAGES, language, "coach-fits", step = step.as_str())
}

/// Introduces a proposal for `step` shown below the reply.
pub fn proposal_intro(step: ToulminStep, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "coach-proposal-intro",
        step = step.as_str()
    )
}

/// Introduces a proposal shown before, quoting its `value`.
pub fn proposal_intro_again(value: &str, language: Language) -> String {
    let value = value.trim().trim_end_matches('.');
    say!(
        MESSAGES,
        language,
        "coach-proposal-intro-again",
        value = value
    )
}

/// What a text that may be the other side's view needs if it is on the student's side:
/// what is weak in it as the step's text (`own`), or how it supports the claim.
pub fn perhaps_on_your_side(own: Option<Weakness>, language: Language) -> String {
    match own {
        Some(weakness) => {
            let explained = weakness.explain(language);
            let mut chars = explained.chars();
            let advice: String = chars
                .next()
                .map(|first| first.to_lowercase().chain(chars).collect())
                .unwrap_or_default();
            say!(
                MESSAGES,
                language,
                "coach-perhaps-on-your-side",
                advice = advice.as_str()
            )
        }
        None => say!(MESSAGES, language, "coach-perhaps-fits"),
    }
}

/// Reminds the student, at the rebuttal, of the other side's view `text` they gave at
/// an earlier step.
pub fn objection_kept(text: &str, language: Language) -> String {
    say!(MESSAGES, language, "coach-objection-kept", text = text)
}

/// Introduces a proposal a third time, once both other introductions were said.
pub fn proposal_intro_third(language: Language) -> String {
    say!(MESSAGES, language, "coach-proposal-intro-third")
}

/// The honest answer to "make my warrant for me" when there is nothing of the
/// student's to write it from and no usable proposal: how to start.
pub fn write_for_me(language: Language) -> String {
    say!(MESSAGES, language, "coach-write-for-me")
}

/// Says that a short reply to the coach's question was not read as a yes or a no.
pub fn unclear_reply(language: Language) -> String {
    say!(MESSAGES, language, "coach-unclear-reply")
}

/// Asks about a proposal for `step` shown below the reply a second time: whether to
/// save it and go on to the next part.
pub fn proposal_question_again(step: ToulminStep, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "coach-proposal-question-again",
        step = step.as_str()
    )
}

/// The question after a yes to a proposal once both proposal questions were asked.
pub fn proposal_question_third(language: Language) -> String {
    say!(MESSAGES, language, "coach-proposal-question-third")
}

/// Asks about a proposal for `step` shown below the reply.
pub fn proposal_question(step: ToulminStep, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "coach-proposal-question",
        step = step.as_str()
    )
}

/// Why a proposal for `step` fits, for a proposal that came without a reason.
pub fn rationale(step: ToulminStep, language: Language) -> String {
    say!(MESSAGES, language, "coach-rationale", step = step.as_str())
}

/// Three more questions for `step`, after its opening question.
pub fn follow_ups(step: ToulminStep, language: Language) -> [String; 3] {
    let step = step.as_str();
    [
        say!(MESSAGES, language, "coach-follow-up-first", step = step),
        say!(MESSAGES, language, "coach-follow-up-second", step = step),
        say!(MESSAGES, language, "coach-follow-up-third", step = step),
    ]
}

/// Asks the student to confirm the text their message offered for the step.
pub fn offer_question(step: ToulminStep, offered: &str, language: Language) -> String {
    let offered = offered.trim_end_matches('.');
    say!(
        MESSAGES,
        language,
        "coach-offer-question",
        offered = offered,
        name = &step_name(step, language)
    )
}

/// The question that helps with `weakness`.
pub fn weakness_question(weakness: Weakness, step: ToulminStep, language: Language) -> String {
    // Another step's job at the qualifier asks again for the qualifier: it builds no
    // evidence, which the steps of support ask for.
    let other_job = matches!(
        weakness,
        Weakness::RebuttalAtOtherStep | Weakness::ReplyAtOtherStep
    ) && step == ToulminStep::Qualifier;
    match weakness {
        Weakness::Empty | Weakness::TooShort | Weakness::PerhapsRebuttal => {
            opening_question(step, language)
        }
        _ if other_job => opening_question(step, language),
        _ => say!(
            MESSAGES,
            language,
            "coach-weakness-question",
            weakness = weakness.code()
        ),
    }
}

/// The line that opens `next` after `done` was completed with `text`: the argument so
/// far, in the student's own words (the quote closed before the full stop, so the line
/// stays one sentence of its own).
pub fn saved_line(done: ToulminStep, text: &str, language: Language) -> String {
    let text = text.trim().trim_end_matches('.');
    say!(
        MESSAGES,
        language,
        "coach-saved-line",
        step = done.as_str(),
        name = &step_name(done, language),
        text = text
    )
}

/// A line that carries the argument so far into `step` (the step being opened), for when
/// the text just completed was already quoted: what the new step adds to the student's
/// claim, without saying what the step's question will ask.
pub fn bridge(step: ToulminStep, claim: &str, language: Language) -> String {
    let claim = claim.trim().trim_end_matches('.');
    say!(
        MESSAGES,
        language,
        "coach-bridge",
        step = step.as_str(),
        claim = claim
    )
}

/// What the coach says once the last step is saved and the argument is complete.
pub fn argument_complete(language: Language) -> String {
    say!(MESSAGES, language, "coach-argument-complete")
}

/// The question that opens `step`.
pub fn opening_question(step: ToulminStep, language: Language) -> String {
    say!(
        MESSAGES,
        language,
        "coach-opening-question",
        step = step.as_str()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_text_perhaps_against_the_claim_needs_follows_its_own_weakness() {
        assert_eq!(
            perhaps_on_your_side(Some(Weakness::MissingHedge), Language::En),
            "If it is on your side, say how strongly you claim it, with a word such as usually, probably or in most cases."
        );
        assert_eq!(
            perhaps_on_your_side(None, Language::Es),
            "Si está de tu lado, explica cómo apoya tu tesis."
        );
    }

    #[test]
    fn every_step_has_an_opening_question_in_both_languages() {
        for step in ToulminStep::ALL {
            let (en, es) = (
                opening_question(step, Language::En),
                opening_question(step, Language::Es),
            );
            assert!(en.ends_with('?') && es.ends_with('?') && en != es);
        }
    }

    #[test]
    fn every_step_has_its_own_words_in_both_languages() {
        for step in ToulminStep::ALL {
            for language in [Language::En, Language::Es] {
                let [a, b, c] = follow_ups(step, language);
                assert!(a.ends_with('?') && b.ends_with('?') && c.ends_with('?') && a != b);
                assert!(proposal_question(step, language).ends_with('?'));
                assert!(proposal_question_again(step, language).ends_with('?'));
                for s in [
                    step_meaning(step, language),
                    step_purpose(step, language),
                    step_example(step, language),
                    fits(step, language),
                    proposal_intro(step, language),
                    rationale(step, language),
                ] {
                    assert!(s.ends_with(['.', '»', '"']) && !s.is_empty(), "{s}");
                }
            }
        }
    }

    #[test]
    fn no_authored_sentence_is_filler_or_copies_the_prompt() {
        use crate::filter::COACH_TALK;
        use crate::prompt::{instruction_texts, PROMPT_LABELS};
        use crate::weak_text::ALL_WEAKNESSES;
        use lantern_core::text::support::ReplyFilter;
        let mut bad = Vec::new();
        for step in ToulminStep::ALL {
            let instructions = instruction_texts(step);
            let refs: Vec<&str> = instructions.iter().map(String::as_str).collect();
            let leak = ReplyFilter::new(None, &[], "")
                .with_instructions(&refs)
                .with_labels(PROMPT_LABELS);
            let talk = ReplyFilter::new(None, &[], "").with_topic(&[COACH_TALK.as_str()]);
            for language in [Language::En, Language::Es] {
                let mut all: Vec<String> = [
                    step_meaning(step, language),
                    step_example(step, language),
                    fits(step, language),
                    proposal_intro(step, language),
                    proposal_question(step, language),
                    proposal_question_again(step, language),
                    rationale(step, language),
                ]
                .iter()
                .chain(follow_ups(step, language).iter())
                .map(|s| s.to_string())
                .collect();
                all.push(opening_question(step, language));
                for w in ALL_WEAKNESSES {
                    all.push(w.explain(language).to_string());
                    all.push(w.explain_again(language).to_string());
                    all.push(weakness_question(w, step, language));
                }
                for text in all {
                    let copies = matches!(
                        leak.check(&text),
                        Err(lantern_core::text::support::DropReason::Leak(_))
                    );
                    if talk.says_nothing(&text) || copies {
                        bad.push(text);
                    }
                }
            }
        }
        bad.dedup();
        assert!(bad.is_empty(), "{bad:#?}");
    }

    #[test]
    fn the_saved_line_quotes_the_students_text() {
        assert_eq!(
            saved_line(ToulminStep::Claim, "Zoos should close.", Language::En),
            "Your claim now reads: \"Zoos should close\"."
        );
        assert_eq!(
            saved_line(
                ToulminStep::Grounds,
                "Diez alumnos no desayunan.",
                Language::Es
            ),
            "Tus datos quedan así: «Diez alumnos no desayunan»."
        );
    }

    #[test]
    fn another_steps_job_asks_again_for_this_steps_own() {
        let at_grounds = weakness_question(
            Weakness::RebuttalAtOtherStep,
            ToulminStep::Grounds,
            Language::En,
        );
        assert!(at_grounds.contains("evidence"), "{at_grounds}");
        let at_qualifier = weakness_question(
            Weakness::ReplyAtOtherStep,
            ToulminStep::Qualifier,
            Language::En,
        );
        assert_eq!(
            at_qualifier,
            opening_question(ToulminStep::Qualifier, Language::En)
        );
    }
}
