//! The spec's flow, step by step (003, "Flow Specification" 1–8), against a scripted
//! model: one test per step, plus the retry rule.

use super::contract::{ExpenseAction, Role};
use super::facts::Intent;
use super::gate::ConfirmReason;
use super::plan::{Draft, ExpenseTurnInput, ExpenseTurnOutcome, Pending, TurnPlan};
use super::testing::{input, today};
use super::turn::run_expense_turn;
use super::ExpenseError;
use lantern_core::llm::{CancelFlag, LlmError, ScriptedLlm};
use lantern_core::turn::{Answered, ReplyOrigin};

async fn turn(
    input: ExpenseTurnInput,
    replies: &[&str],
) -> (
    Result<Answered<ExpenseTurnOutcome>, ExpenseError>,
    ScriptedLlm,
) {
    let llm = ScriptedLlm::new(replies.iter().map(|r| Ok::<_, LlmError>(r.to_string())));
    let outcome = run_expense_turn(input, Some(&llm), &CancelFlag::default()).await;
    (outcome, llm)
}

/// An owner's `message` answered with no model.
async fn without_model(message: &str) -> Answered<ExpenseTurnOutcome> {
    let cancel = CancelFlag::default();
    let owner = input(message, Role::Owner);
    run_expense_turn(owner, None, &cancel).await.unwrap()
}

#[test]
fn step_1_an_empty_or_overlong_message_is_refused() {
    let empty = super::clean_message("   ");
    assert!(matches!(empty, Err(ExpenseError::MessageEmpty)));
    let long = super::clean_message(&"a".repeat(1_001));
    assert!(matches!(long, Err(ExpenseError::MessageTooLong(_))));
}

#[tokio::test]
async fn step_2_the_model_reads_today_the_tools_and_the_history() {
    let mut open = input("I am not sure where to begin today", Role::Viewer);
    open.history = vec![super::prompt::HistoryLine {
        from_student: true,
        text: "earlier words".into(),
    }];
    let (outcome, llm) = turn(
        open,
        &[r#"{"type":"answer","content":"I keep track of your spending for you."}"#],
    )
    .await;
    assert!(matches!(
        outcome.unwrap().reply.plan,
        TurnPlan::Answer { .. }
    ));
    let prompt = &llm.requests()[0].messages[0].content;
    assert!(prompt.contains("Today: 2026-11-23"), "{prompt}");
    assert!(
        prompt.contains("get_balance") && !prompt.contains("delete_expense"),
        "a viewer sees read tools only"
    );
    assert!(prompt.contains("earlier words"));
    let schema = llm.schemas()[0].to_string();
    assert!(
        !schema.contains("add_expense"),
        "the grammar offers a viewer no write tool"
    );
}

#[tokio::test]
async fn step_3_a_clarify_is_asked_and_nothing_runs() {
    let (outcome, _) = turn(
        input("hmm about that thing", Role::Owner),
        &[r#"{"type":"clarify","question":"Which mechanic fee do you mean by that thing?"}"#],
    )
    .await;
    let outcome = outcome.unwrap();
    assert!(matches!(outcome.reply.plan, TurnPlan::Clarify { .. }));
    assert!(outcome.reply.model_words);
    assert_eq!(outcome.origin, ReplyOrigin::Model);
}

#[tokio::test]
async fn a_question_the_checks_refuse_becomes_the_apps_question_quoting_the_student() {
    let (outcome, llm) = turn(
        input("hmm about that thing", Role::Owner),
        &[r#"{"type":"clarify","question":"What would you like me to do with it?"}"#],
    )
    .await;
    let outcome = outcome.unwrap();
    assert!(!outcome.reply.model_words);
    let TurnPlan::Clarify { question, .. } = &outcome.reply.plan else {
        panic!("a question")
    };
    assert!(question.contains("“hmm about that thing”"), "{question}");
    assert_eq!(llm.requests().len(), 1, "no retry");
}

#[tokio::test]
async fn step_4_a_clear_request_runs_its_tool() {
    let (outcome, llm) = turn(input("Add electricity bill £200 today", Role::Owner), &[]).await;
    let TurnPlan::Run {
        action: ExpenseAction::Add(new),
    } = outcome.unwrap().reply.plan
    else {
        panic!("a clear add runs")
    };
    assert_eq!(
        (new.item.as_str(), new.amount.minor, new.date),
        ("electricity bill", 20_000, today())
    );
    assert!(
        llm.requests().is_empty(),
        "code read the request; no guess was needed"
    );
}

#[tokio::test]
async fn step_5_a_request_missing_a_detail_gets_a_question_with_a_draft() {
    let (outcome, _) = turn(input("I want to add an item.", Role::Owner), &[]).await;
    let TurnPlan::Clarify {
        question,
        draft: Some(draft),
    } = outcome.unwrap().reply.plan
    else {
        panic!("a question")
    };
    assert!(question.ends_with('?'));
    assert_eq!(draft.intent, Some(Intent::Add));
}

#[tokio::test]
async fn step_6_the_answer_completes_the_request_and_a_no_asks_again() {
    let mut next = input("£45", Role::Owner);
    next.draft = Some(Draft {
        intent: Some(Intent::Add),
        item: Some("gas bill".into()),
        ..Draft::default()
    });
    let (outcome, _) = turn(next, &[]).await;
    assert!(
        matches!(outcome.unwrap().reply.plan, TurnPlan::Run { action: ExpenseAction::Add(ref n) } if n.item == "gas bill" && n.amount.minor == 4_500)
    );
    let mut no = input("no", Role::Owner);
    no.pending = Some(Pending {
        id: "p1".into(),
        draft: Draft::default(),
    });
    let (outcome, _) = turn(no, &[]).await;
    assert!(
        matches!(outcome.unwrap().reply.plan, TurnPlan::Cancel { ref proposal_id, .. } if proposal_id == "p1")
    );
}

#[tokio::test]
async fn step_7_a_delete_or_a_suggested_check_waits_and_yes_confirms() {
    let (outcome, _) = turn(input("delete the lunch", Role::Owner), &[]).await;
    assert!(matches!(
        outcome.unwrap().reply.plan,
        TurnPlan::Propose {
            reason: ConfirmReason::Delete,
            action: ExpenseAction::Delete { id: 5 },
            ..
        }
    ));
    let (outcome, llm) = turn(input("the lunch, 12", Role::Owner), &[]).await;
    assert!(
        matches!(
            outcome.unwrap().reply.plan,
            TurnPlan::Propose {
                reason: ConfirmReason::Vague,
                ..
            }
        ),
        "an add no word asked for waits"
    );
    assert!(llm.requests().is_empty());
    let mut yes = input("yes please", Role::Owner);
    yes.pending = Some(Pending {
        id: "p2".into(),
        draft: Draft::default(),
    });
    let (outcome, _) = turn(yes, &[]).await;
    assert!(
        matches!(outcome.unwrap().reply.plan, TurnPlan::Confirm { ref proposal_id } if proposal_id == "p2")
    );
}

#[tokio::test]
async fn step_8_reads_run_with_the_range_code_read() {
    let (outcome, _) = turn(
        input("How much have I spent this month?", Role::Viewer),
        &[],
    )
    .await;
    let TurnPlan::Run {
        action: ExpenseAction::Balance(query),
    } = outcome.unwrap().reply.plan
    else {
        panic!("a balance")
    };
    assert_eq!(
        query.range.map(|r| r.from.to_string()),
        Some("2026-11-01".into())
    );
}

#[tokio::test]
async fn an_unreadable_answer_is_retried_once_with_the_error_stated() {
    let (outcome, llm) = turn(
        input("hmm about that thing", Role::Owner),
        &[
            "{not json",
            r#"{"type":"answer","content":"I can add and list your expenses."}"#,
        ],
    )
    .await;
    let outcome = outcome.unwrap();
    assert!(matches!(outcome.reply.plan, TurnPlan::Answer { .. }));
    assert!(outcome.reply.retried.unwrap().starts_with("retried"));
    let retry = &llm.requests()[1];
    assert!(retry.messages.last().unwrap().content.contains("not valid"));
}

#[tokio::test]
async fn two_unreadable_answers_are_answered_by_the_guide_and_nothing_runs() {
    let (outcome, llm) = turn(
        input("hmm about that thing", Role::Owner),
        &["{not json", r#"{"type":"shout","content":"x"}"#],
    )
    .await;
    let outcome = outcome.unwrap();
    assert!(matches!(outcome.reply.plan, TurnPlan::Answer { .. }));
    assert_eq!(outcome.origin, ReplyOrigin::AfterBrokenReply);
    assert!(outcome
        .failure
        .is_some_and(|f| f.starts_with("expense_model_unreadable")));
    assert_eq!(llm.requests().len(), 2);
}

#[tokio::test]
async fn money_the_student_never_stated_is_asked_for_not_guessed() {
    let (outcome, _) = turn(
        input("hmm about that thing, the gas bill", Role::Owner),
        &[r#"{"type":"tool_call","tool":"add_expense","args":{"item":"gas bill","amount":80}}"#],
    )
    .await;
    assert!(matches!(
        outcome.unwrap().reply.plan,
        TurnPlan::Clarify { .. }
    ));
}

#[tokio::test]
async fn a_viewer_asking_to_write_is_refused_by_code() {
    let (outcome, _) = turn(input("Add lunch £12", Role::Viewer), &[]).await;
    assert!(matches!(
        outcome.unwrap().reply.plan,
        TurnPlan::Refuse {
            error: ExpenseError::Forbidden { .. }
        }
    ));
}

#[tokio::test]
async fn a_reference_matching_several_expenses_lists_them() {
    let (outcome, _) = turn(input("delete the mechanic fee", Role::Owner), &[]).await;
    let TurnPlan::Clarify {
        question,
        draft: Some(draft),
    } = outcome.unwrap().reply.plan
    else {
        panic!("which one?")
    };
    assert!(question.contains("#7") && question.contains("#3"));
    assert_eq!(draft.candidates, vec![7, 3]);
}

#[tokio::test]
async fn a_greeting_thanks_or_request_for_help_is_answered_by_code() {
    for message in ["Hi there!", "What can you do?", "gracias"] {
        let (outcome, llm) = turn(input(message, Role::Owner), &[]).await;
        let outcome = outcome.unwrap();
        assert!(
            matches!(outcome.reply.plan, TurnPlan::Answer { .. }),
            "{message}"
        );
        assert_eq!(outcome.origin, ReplyOrigin::App, "{message}");
        assert_eq!(llm.requests().len(), 0, "{message}");
    }
}

#[tokio::test]
async fn a_question_is_a_new_request_not_the_answer_to_a_waiting_one() {
    let mut next = input("what do you make of my spending?", Role::Owner);
    next.draft = Some(Draft {
        intent: Some(Intent::Add),
        ..Draft::default()
    });
    let (outcome, llm) = turn(
        next,
        &[r#"{"type":"clarify","question":"Which month of your spending do you mean?"}"#],
    )
    .await;
    assert_eq!(llm.requests().len(), 1, "the model reads the new request");
    assert!(matches!(
        outcome.unwrap().reply.plan,
        TurnPlan::Clarify { draft: None, .. }
    ));
}

/// Whether the model's `reply` to an owner's `message` ends in listing the records.
async fn lists_records(message: &str, reply: &str) -> bool {
    let (outcome, _) = turn(input(message, Role::Owner), &[reply]).await;
    matches!(
        outcome.unwrap().reply.plan,
        TurnPlan::Run {
            action: ExpenseAction::List(_)
        }
    )
}

#[tokio::test]
async fn a_question_answered_with_a_change_shows_the_records_instead() {
    assert!(
        lists_records(
            "what was that purchase at the market?",
            r#"{"type":"tool_call","tool":"add_expense","args":{"item":"purchase","amount":5}}"#,
        )
        .await
    );
}

#[tokio::test]
async fn questions_about_the_spending_and_money_received_are_answered_by_code() {
    for message in [
        "what was my most expensive purchase?",
        "¿en qué categoría gasté más?",
        "I got paid 100 from babysitting",
    ] {
        let (outcome, llm) = turn(input(message, Role::Owner), &[]).await;
        assert!(
            matches!(outcome.unwrap().reply.plan, TurnPlan::Answer { .. }),
            "{message}"
        );
        assert_eq!(llm.requests().len(), 0, "{message}");
    }
}

#[tokio::test]
async fn a_shared_cost_is_the_students_share_confirmed_and_an_unread_day_is_asked() {
    let (outcome, _) = turn(
        input(
            "dinner was 60 split between 4 of us, add my share",
            Role::Owner,
        ),
        &[],
    )
    .await;
    let TurnPlan::Propose {
        action: ExpenseAction::Add(new),
        ..
    } = outcome.unwrap().reply.plan
    else {
        panic!("a proposal")
    };
    assert_eq!(new.amount.minor, 1500);
    let (outcome, _) = turn(
        input("add gym 30, paid at the start of the month", Role::Owner),
        &[],
    )
    .await;
    assert!(matches!(
        outcome.unwrap().reply.plan,
        TurnPlan::Clarify { .. }
    ));
}

#[tokio::test]
async fn the_models_days_count_only_when_the_words_name_a_time_the_reader_missed() {
    let reply = r#"{"type":"tool_call","tool":"get_balance","args":{"range":"last_7_days"}}"#;
    for (message, kept) in [
        ("what have I been spending recently", true),
        ("I am curious what it all comes to", false),
    ] {
        let (outcome, _) = turn(input(message, Role::Owner), &[reply]).await;
        let TurnPlan::Run {
            action: ExpenseAction::Balance(query),
        } = outcome.unwrap().reply.plan
        else {
            panic!("a total for {message}")
        };
        assert_eq!(query.range.is_some(), kept, "{message}");
    }
}

#[tokio::test]
async fn the_model_cannot_change_an_expense_the_words_do_not_name() {
    let (outcome, _) = turn(
        input("my rent went up", Role::Owner),
        &[r#"{"type":"tool_call","tool":"delete_expense","args":{"id":5}}"#],
    )
    .await;
    let TurnPlan::Clarify { question, .. } = outcome.unwrap().reply.plan else {
        panic!("a question")
    };
    assert!(question.contains("“my rent went up”"), "{question}");
}

#[tokio::test]
async fn the_model_picks_a_read_but_the_filters_are_the_students() {
    let (outcome, _) = turn(
        input("I am curious about everything so far", Role::Owner),
        &[r#"{"type":"tool_call","tool":"list_expenses","args":{"category":"health"}}"#],
    )
    .await;
    let TurnPlan::Run {
        action: ExpenseAction::List(query),
    } = outcome.unwrap().reply.plan
    else {
        panic!("a list");
    };
    assert_eq!(query.category, None);
}

#[tokio::test]
async fn unusable_words_to_a_question_about_spending_show_the_records() {
    assert!(
        lists_records(
            "how are my finances looking?",
            r#"{"type":"answer","content":"You spent £9,999 on llamas."}"#,
        )
        .await
    );
}

#[tokio::test]
async fn without_a_model_a_question_still_gets_the_records_and_anything_else_help() {
    let question = without_model("how are my finances looking?").await;
    assert!(matches!(
        question.reply.plan,
        TurnPlan::Run {
            action: ExpenseAction::List(_)
        }
    ));
    let other = without_model("I am not sure where to begin today").await;
    assert!(matches!(other.reply.plan, TurnPlan::Answer { .. }));
}

#[tokio::test]
async fn a_crashed_model_is_answered_by_the_shared_guide_with_its_origin() {
    let llm = ScriptedLlm::new([Err::<String, _>(LlmError::Crashed("worker died".into()))]);
    let cancel = CancelFlag::default();
    let message = input("what do you make of my spending?", Role::Owner);
    let outcome = run_expense_turn(message, Some(&llm), &cancel)
        .await
        .unwrap();
    assert_eq!(outcome.origin, ReplyOrigin::AfterModelFailure);
    assert!(outcome
        .failure
        .is_some_and(|f| f.starts_with("model_crashed")));
    let offline = without_model("what do you make of my spending?").await;
    assert_eq!(offline.origin, ReplyOrigin::Offline);
}

#[tokio::test]
async fn a_question_the_model_reads_is_worked_out_by_code() {
    let (outcome, _) = turn(
        input("what was the priciest bit of all that", Role::Owner),
        &[r#"{"type":"tool_call","tool":"spending_question","args":{"stat":"biggest"}}"#],
    )
    .await;
    let TurnPlan::Answer { content } = outcome.unwrap().reply.plan else {
        panic!("an answer")
    };
    assert!(content.contains("£"), "{content}");
}

#[tokio::test]
async fn money_the_model_reads_as_not_spending_is_never_recorded() {
    let (outcome, _) = turn(
        input("my nan slipped me a tenner", Role::Owner),
        &[r#"{"type":"tool_call","tool":"not_spending","args":{"kind":"received"}}"#],
    )
    .await;
    assert!(matches!(
        outcome.unwrap().reply.plan,
        TurnPlan::Answer { .. }
    ));
}

#[tokio::test]
async fn the_models_reading_is_shown_with_the_arithmetic_code_checked() {
    let (outcome, _) = turn(
        input("grabbed 3 of those fancy croissants, 2.10 a pop", Role::Owner),
        &[
            r#"{"type":"tool_call","tool":"add_expense","args":{"item":"croissants","amount":2.10,"count":3,"shared_by":1,"day":"","category":"food"}}"#,
        ],
    )
    .await;
    let TurnPlan::Propose {
        action: ExpenseAction::Add(new),
        draft,
        ..
    } = outcome.unwrap().reply.plan
    else {
        panic!("a proposal")
    };
    assert_eq!((new.item.as_str(), new.amount.minor), ("croissants", 630));
    assert!(draft.working.is_some());
}

#[tokio::test]
async fn a_reading_with_a_price_the_student_never_wrote_is_asked_about() {
    let (outcome, _) = turn(
        input("grabbed 3 of those fancy croissants, 2.10 a pop", Role::Owner),
        &[
            r#"{"type":"tool_call","tool":"add_expense","args":{"item":"croissants","amount":6.50,"count":1,"shared_by":1,"day":"","category":"food"}}"#,
        ],
    )
    .await;
    let outcome = outcome.unwrap();
    assert!(matches!(outcome.reply.plan, TurnPlan::Clarify { .. }));
    assert!(outcome
        .reply
        .refused
        .is_some_and(|why| why.contains("amount")));
}

#[tokio::test]
async fn an_answer_to_the_models_question_is_shown_before_it_is_written() {
    let (outcome, _) = turn(
        input("got pizza with the flatmates last night", Role::Owner),
        &[r#"{"type":"clarify","question":"How much was the pizza?"}"#],
    )
    .await;
    let TurnPlan::Clarify { draft, .. } = outcome.unwrap().reply.plan else {
        panic!("a question")
    };
    let mut answer = input("14", Role::Owner);
    answer.draft = draft;
    let (outcome, _) = turn(answer, &[]).await;
    assert!(matches!(
        outcome.unwrap().reply.plan,
        TurnPlan::Propose { .. }
    ));
}

#[tokio::test]
async fn a_list_is_no_reading_of_a_purchase() {
    let (outcome, _) = turn(
        input("train to leeds on saturday, 23.50", Role::Owner),
        &[r#"{"type":"tool_call","tool":"list_expenses","args":{}}"#],
    )
    .await;
    assert!(matches!(
        outcome.unwrap().reply.plan,
        TurnPlan::Propose {
            action: ExpenseAction::Add(_),
            ..
        }
    ));
}
