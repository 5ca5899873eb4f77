//! Property tests of the expenses turn against random and mutated model outputs: no
//! panic, and nothing may run unless it is a valid call that code grounded in the
//! student's words — a write the student did not state waits for a yes, a delete always
//! does, a viewer never writes.

use super::contract::{ExpenseAction, Role};
use super::facts::read_facts;
use super::plan::TurnPlan;
use super::rules::{canonical_call, validate_call};
use super::testing::{input, today};
use super::turn::run_expense_turn;
use lantern_core::llm::{CancelFlag, LlmError, ScriptedLlm};
use lantern_core::mutation::mutate;
use proptest::prelude::*;

/// Valid decisions the mutations start from.
const SEEDS: &[&str] = &[
    r#"{"type":"clarify","question":"What did you buy, and how much was it?"}"#,
    r#"{"type":"answer","content":"I can add, list and total your expenses."}"#,
    r#"{"type":"tool_call","tool":"add_expense","args":{"item":"lunch","amount":12.5,"count":1,"shared_by":1,"day":"yesterday","category":"food"}}"#,
    r#"{"type":"tool_call","tool":"add_expense","args":{"item":"gas bill","amount":80,"count":2,"shared_by":1,"day":"","category":"utilities"},"confirmationSuggested":false}"#,
    r#"{"type":"tool_call","tool":"spending_question","args":{"stat":"biggest","range":"this_month"}}"#,
    r#"{"type":"tool_call","tool":"not_spending","args":{"kind":"received"}}"#,
    r#"{"type":"tool_call","tool":"get_balance","args":{"range":"this_month"}}"#,
    r#"{"type":"tool_call","tool":"list_expenses","args":{"category":"food"}}"#,
    r#"{"type":"tool_call","tool":"update_expense","args":{"id":5,"amount":15}}"#,
    r#"{"type":"tool_call","tool":"delete_expense","args":{"id":7},"confirmationSuggested":false}"#,
];

/// Open messages (no intent code can read), some with an amount.
const MESSAGES: &[&str] = &[
    "hmm about that thing",
    "the lunch, 12.50 I think",
    "that gas bill thing",
    "ok so about the mechanic",
    "¿y lo de la comida?",
];

fn swaps() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("-5".to_string()),
        Just("0".to_string()),
        Just("999999999999".to_string()),
        Just("\"£20\"".to_string()),
        Just("\"2026-13-40\"".to_string()),
        Just("\"drop_table\"".to_string()),
        Just("null".to_string()),
        Just("true".to_string()),
        "[a-z_]{1,12}".prop_map(|s| format!("\"{s}\"")),
        (1i64..20).prop_map(|n| n.to_string()),
    ]
}

/// One model output: a seed, mutated by cuts and value swaps, or random text.
fn output() -> impl Strategy<Value = String> {
    let mutated = (
        0..SEEDS.len(),
        prop::collection::vec((0usize..400, 0usize..8, prop::char::range(' ', '~')), 0..3),
        prop::option::of((swaps(), 0usize..6)),
    )
        .prop_map(|(i, cuts, swap)| {
            let mut text = SEEDS[i].to_string();
            if let Some((value, nth)) = swap {
                // Replace the nth value after a colon.
                if let Some((pos, _)) = text.match_indices(':').nth(nth) {
                    let end = text[pos + 1..]
                        .find([',', '}'])
                        .map_or(text.len(), |e| pos + 1 + e);
                    text.replace_range(pos + 1..end, &value);
                }
            }
            mutate(&text, &cuts)
        });
    prop_oneof![4 => mutated, 1 => ".{0,80}"]
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, .. ProptestConfig::default() })]

    #[test]
    fn nothing_runs_unless_valid_grounded_and_confirmed_when_required(
        first in output(),
        second in output(),
        message in 0..MESSAGES.len(),
        viewer in any::<bool>(),
    ) {
        let role = if viewer { Role::Viewer } else { Role::Owner };
        let turn_input = input(MESSAGES[message], role);
        let context = turn_input.context;
        let llm = ScriptedLlm::new([Ok::<_, LlmError>(first), Ok(second)]);
        let outcome = runtime().block_on(run_expense_turn(turn_input, Some(&llm), &CancelFlag::default()));
        let plan = outcome.expect("an open message never fails").reply.plan;
        let facts = read_facts(MESSAGES[message], today());
        match plan {
            TurnPlan::Run { action } => {
                prop_assert_eq!(validate_call(&canonical_call(&action, today()), &context), Ok(action.clone()));
                match &action {
                    ExpenseAction::Balance(_) | ExpenseAction::List(_) => {}
                    ExpenseAction::Add(new) => {
                        prop_assert!(!viewer);
                        prop_assert!(facts.amounts.iter().any(|a| a.minor == new.amount.minor), "unstated money ran");
                        prop_assert!(facts.item.as_deref().is_some_and(|i| i.eq_ignore_ascii_case(&new.item)), "an unstated item ran");
                    }
                    ExpenseAction::Update { .. } | ExpenseAction::Delete { .. } => {
                        prop_assert!(false, "a change ran without a confirmation: {action:?}");
                    }
                }
            }
            TurnPlan::Propose { action, .. } => {
                prop_assert!(!viewer, "a viewer got a proposal");
                prop_assert_eq!(validate_call(&canonical_call(&action, today()), &context), Ok(action.clone()));
            }
            TurnPlan::Confirm { .. } | TurnPlan::Cancel { .. } => prop_assert!(false, "no proposal was waiting"),
            TurnPlan::Clarify { .. } | TurnPlan::Answer { .. } | TurnPlan::Refuse { .. } => {}
        }
    }
}
