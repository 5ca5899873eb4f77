//! Property tests of the coach's validators: whatever the model answers — random texts
//! with control and bidirectional characters, out-of-range numbers, wrong steps, cut-off
//! JSON — a turn answers, and what the student sees keeps the contract.

use super::quality::score_reply;
use super::rules::FIRST_TURN_MIN_CONFIDENCE;
use super::weak_text::detect_weakness;
use super::{combined_text, CoachTurnInput, Language, ToulminDraft, ToulminStep};
use lantern_core::llm::{CancelFlag, ScriptedLlm};
use lantern_core::turn::answer_turn;
use proptest::prelude::*;

const MESSAGES: &[&str] = &[
    "I think homework should be banned because kids need time to play.",
    "yes",
    "ok?",
    "what is a warrant?",
    "Can you rewrite it?",
    "Phones help students look things up quickly in class.",
    "Creo que el uniforme debería ser opcional porque cuesta dinero.",
    "sí, esa me vale",
    "no sé",
    "Unless the homework is optional.",
];

fn text() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 ,.:;¿?¡!'\"ñé\u{0}\u{7}\u{202E}\u{2066}\n]{0,450}"
}

fn step() -> impl Strategy<Value = ToulminStep> {
    prop::sample::select(ToulminStep::ALL.to_vec())
}

/// A model's answer: a random reply object, possibly cut off anywhere.
fn model_output() -> impl Strategy<Value = String> {
    (
        text(),
        step(),
        prop::option::of(text()),
        prop::option::of((step(), text())),
        prop::option::of(-1.0f64..2.0),
        prop::option::of(any::<bool>()),
        prop::option::of(0usize..600),
    )
        .prop_map(
            |(reply, step, question, proposal, confidence, advance, cut)| {
                let mut value = serde_json::json!({ "assistantText": reply, "step": step });
                if let Some(q) = question {
                    value["nextQuestion"] = q.into();
                }
                if let Some((field, v)) = proposal {
                    value["proposedUpdate"] =
                        serde_json::json!({ "field": field, "value": v, "rationale": "" });
                }
                if let Some(c) = confidence {
                    value["confidence"] = c.into();
                }
                if let Some(a) = advance {
                    value["shouldAdvance"] = a.into();
                    value["isComplete"] = a.into();
                }
                let json = value.to_string();
                match cut {
                    Some(at) if at < json.len() => json.chars().take(at).collect(),
                    _ => json,
                }
            },
        )
}

fn turn_input() -> impl Strategy<Value = CoachTurnInput> {
    (
        step(),
        prop::sample::select(MESSAGES.to_vec()),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(step, message, first, spanish)| CoachTurnInput {
            current_step: step,
            draft: ToulminDraft::default(),
            history: Vec::new(),
            user_message: crate::clean_message(message).expect("a test message"),
            earlier_in_step: if first {
                Vec::new()
            } else {
                vec![MESSAGES[0].to_string()]
            },
            first_turn_for_step: first,
            language: if spanish { Language::Es } else { Language::En },
            last_proposal: None,
        })
}

fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n') || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn a_warrant_repeating_the_grounds_word_for_word_is_caught_and_none_repeats_nothing(
        grounds in "[a-z]{3,9}( [a-z]{3,9}){2,12}",
        claim in "[a-z]{3,9}( [a-z]{3,9}){2,8}",
    ) {
        let fresh = crate::step_checks::repeats_grounds(&grounds, "", &claim);
        prop_assert!(!fresh, "no grounds, nothing repeated");
        let has_new = !grounds.split(' ').all(|w| {
            claim.split(' ').any(|c| c == w)
                || lantern_core::text::terms::is_stop_word(w)
        });
        if has_new {
            prop_assert!(crate::step_checks::repeats_grounds(&grounds, &grounds, &claim));
        }
    }

    #[test]
    fn any_model_output_gets_a_reply_that_keeps_the_contract(
        input in turn_input(),
        output in model_output(),
    ) {
        // The same output for the judgement of the text's job (a bad answer there is
        // no judgement), its checks and the reply.
        let llm = ScriptedLlm::new(std::iter::repeat_n(output, 4).map(Ok));
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let answered = runtime
            .block_on(answer_turn(&input, Some(&llm), &mut |_| {}, &CancelFlag::default()))
            .expect("a broken reply is answered by the guide, never an error");
        let reply = answered.reply;
        let shown = combined_text(&reply);
        prop_assert!(shown.trim_end().ends_with('?'), "{shown:?}");
        prop_assert_eq!(shown.matches('?').count(), 1, "{:?}", shown);
        prop_assert!(!shown.chars().any(is_unsafe), "{shown:?}");
        prop_assert!(reply.assistant_text.chars().count() <= 400);
        prop_assert_eq!(reply.step, input.current_step);
        if let Some(p) = &reply.proposed_update {
            prop_assert_eq!(p.field, input.current_step);
            prop_assert!(detect_weakness(input.current_step, &p.value).is_none(), "{:?}", p.value);
            prop_assert!(!p.value.chars().any(is_unsafe));
            if input.first_turn_for_step && !input.rewrite_requested() && input.confirmed_text().is_none() {
                prop_assert!(reply.confidence.unwrap_or(0.0) >= FIRST_TURN_MIN_CONFIDENCE);
            }
        }
        let failed: Vec<_> = score_reply(&input, &reply)
            .into_iter()
            .filter(|c| !c.passed && c.name != "no_fragment" && c.name != "language_matches")
            .collect();
        prop_assert!(failed.is_empty(), "{failed:?}");
    }
}
