//! Expenses against a real SQLite file: a clear add runs and is worded from the stored
//! row; a delete waits for its proposal to be confirmed, once, before it expires, with
//! its own arguments; "no" and Cancel run nothing; an edited proposal is a new one; a
//! question's draft carries to the next turn; roles and profiles are enforced by the
//! service; the student's message is kept when the model crashes.

use chrono::{DateTime, Duration, Utc};
use lantern_core::language::Language;
use lantern_core::llm::tools::ToolCall;
use lantern_core::llm::{CancelFlag, LlmError, ScriptedLlm};
use lantern_core::Coded;
use lantern_expenses::app::{self, ExpenseReply, ExpenseRequest, ExpenseSettings, ProposalView};
use lantern_expenses::clean_message;
use lantern_expenses::gate::PROPOSAL_LIFETIME;
use lantern_expenses::money::Currency;
use lantern_expenses::{DecisionKind, ExpenseQuery, Role};
use lantern_store::Store;
use serde_json::json;

struct Fixture {
    store: Store,
    ana: i64,
    ben: i64,
    _dir: tempfile::TempDir,
}

fn at(minutes: i64) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-23T12:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
        + Duration::minutes(minutes)
}

async fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let ana = store.create_profile("Ana").await.unwrap().id;
    let ben = store.create_profile("Ben").await.unwrap().id;
    Fixture {
        store,
        ana,
        ben,
        _dir: dir,
    }
}

fn call(tool: &str, args: serde_json::Value) -> ToolCall {
    ToolCall {
        tool: tool.into(),
        args: args.as_object().cloned().unwrap(),
    }
}

impl Fixture {
    async fn say(&self, profile: i64, text: &str, minute: i64) -> ExpenseReply {
        let request = ExpenseRequest {
            profile_id: profile,
            message: clean_message(text).unwrap(),
            language: Language::En,
            now: at(minute),
            role: None,
        };
        app::send(&self.store, request, None, None, &CancelFlag::default())
            .await
            .unwrap()
    }

    /// The proposal a direct delete of `id` waits on.
    async fn propose_delete(&self, profile: i64, id: i64) -> ProposalView {
        app::tool(
            &self.store,
            profile,
            &call("delete_expense", json!({ "id": id })),
            at(0),
            Language::En,
            None,
        )
        .await
        .unwrap()
        .proposal
        .unwrap()
    }

    async fn add(&self, profile: i64, item: &str, amount: f64, date: &str) -> i64 {
        let reply = app::tool(
            &self.store,
            profile,
            &call(
                "add_expense",
                json!({"item": item, "amount": amount, "date": date}),
            ),
            at(0),
            Language::En,
            None,
        )
        .await
        .unwrap();
        reply.done.added.unwrap().id
    }

    async fn count(&self, profile: i64) -> usize {
        self.store
            .list_expenses(profile, &ExpenseQuery::default())
            .await
            .unwrap()
            .len()
    }
}

#[tokio::test]
async fn a_clear_add_runs_and_the_reply_states_the_stored_values() {
    let f = fixture().await;
    let reply = f.say(f.ana, "Add electricity bill £200 today", 0).await;
    assert_eq!(reply.kind, DecisionKind::ToolCall);
    assert!(!reply.confirmation_required);
    let added = reply.done.added.clone().unwrap();
    assert_eq!(
        (added.item.as_str(), added.amount.minor),
        ("electricity bill", 20_000)
    );
    assert!(
        reply.answer.contains("£200.00") && reply.answer.contains("2026-11-23"),
        "{}",
        reply.answer
    );
    assert_eq!(f.count(f.ana).await, 1);
    assert_eq!(f.count(f.ben).await, 0, "another profile sees none of it");
}

#[tokio::test]
async fn a_delete_runs_only_when_its_proposal_is_confirmed_once() {
    let f = fixture().await;
    f.add(f.ana, "taxi", 18.0, "2026-11-22").await;
    let asked = f.say(f.ana, "delete the taxi from yesterday", 1).await;
    assert!(asked.confirmation_required);
    assert_eq!(f.count(f.ana).await, 1, "nothing ran yet");
    let id = asked.proposal.unwrap().id;
    let done = app::confirm(&f.store, f.ana, &id, None, at(2), Language::En, None)
        .await
        .unwrap();
    assert!(done.done.deleted.is_some());
    assert_eq!(f.count(f.ana).await, 0);
    let again = app::confirm(&f.store, f.ana, &id, None, at(3), Language::En, None)
        .await
        .unwrap();
    assert_eq!(
        again.error.map(|c| c.as_str()),
        Some("expense_proposal_used")
    );
}

#[tokio::test]
async fn yes_in_words_confirms_and_no_runs_nothing() {
    let f = fixture().await;
    f.add(f.ana, "lunch", 12.0, "2026-11-20").await;
    assert!(
        f.say(f.ana, "remove the lunch", 1)
            .await
            .confirmation_required
    );
    let no = f.say(f.ana, "no", 2).await;
    assert_eq!(no.kind, DecisionKind::Clarify);
    assert_eq!(f.count(f.ana).await, 1);
    assert!(
        f.say(f.ana, "remove the lunch", 3)
            .await
            .confirmation_required
    );
    let yes = f.say(f.ana, "yes", 4).await;
    assert!(yes.done.deleted.is_some(), "{}", yes.answer);
    assert_eq!(f.count(f.ana).await, 0);
}

#[tokio::test]
async fn an_expired_or_altered_confirmation_runs_nothing() {
    let f = fixture().await;
    let id = f.add(f.ana, "rent", 400.0, "2026-11-01").await;
    let proposal = f.propose_delete(f.ana, id).await;
    let other = json!({"id": id + 1}).as_object().cloned();
    let altered = app::confirm(
        &f.store,
        f.ana,
        &proposal.id,
        other,
        at(1),
        Language::En,
        None,
    )
    .await
    .unwrap();
    assert_eq!(
        altered.error.map(|c| c.as_str()),
        Some("expense_proposal_mismatch")
    );
    let late = at(0) + PROPOSAL_LIFETIME;
    let expired = app::confirm(
        &f.store,
        f.ana,
        &proposal.id,
        None,
        late,
        Language::En,
        None,
    )
    .await
    .unwrap();
    assert_eq!(
        expired.error.map(|c| c.as_str()),
        Some("expense_proposal_expired")
    );
    assert_eq!(f.count(f.ana).await, 1);
}

#[tokio::test]
async fn an_edited_proposal_is_a_new_one_that_needs_its_own_yes() {
    let f = fixture().await;
    f.add(f.ana, "lunch", 12.0, "2026-11-20").await;
    let asked = f.say(f.ana, "change the lunch to £15", 1).await;
    let first = asked.proposal.unwrap();
    let revised = app::revise(
        &f.store,
        f.ana,
        &first.id,
        json!({"id": first.args["id"], "amount": "14.50"})
            .as_object()
            .cloned()
            .unwrap(),
        at(2),
        Language::En,
        None,
    )
    .await
    .unwrap();
    let second = revised.proposal.unwrap();
    assert_ne!(second.id, first.id);
    let old = app::confirm(&f.store, f.ana, &first.id, None, at(3), Language::En, None)
        .await
        .unwrap();
    assert_eq!(old.error.map(|c| c.as_str()), Some("expense_proposal_used"));
    let done = app::confirm(&f.store, f.ana, &second.id, None, at(4), Language::En, None)
        .await
        .unwrap();
    assert_eq!(done.done.updated.unwrap().amount.minor, 1_450);
}

#[tokio::test]
async fn a_question_s_draft_carries_to_the_answer() {
    let f = fixture().await;
    let asked = f.say(f.ana, "I paid the gas bill", 0).await;
    assert_eq!(asked.kind, DecisionKind::Clarify, "{}", asked.answer);
    let done = f.say(f.ana, "£45", 1).await;
    let added = done.done.added.unwrap();
    assert_eq!(
        (added.item.as_str(), added.amount.minor),
        ("gas bill", 4_500)
    );
}

#[tokio::test]
async fn several_matches_are_listed_and_the_choice_is_proposed() {
    let f = fixture().await;
    f.add(f.ana, "mechanic fee", 120.0, "2026-11-02").await;
    let second = f.add(f.ana, "mechanic fee", 80.0, "2026-11-20").await;
    let which = f.say(f.ana, "delete the mechanic fee", 1).await;
    assert_eq!(which.kind, DecisionKind::Clarify);
    let asked = f.say(f.ana, "the £80 one", 2).await;
    assert_eq!(asked.proposal.unwrap().args["id"], json!(second));
}

#[tokio::test]
async fn a_viewer_is_refused_by_the_service_and_may_still_read() {
    let f = fixture().await;
    f.add(f.ana, "lunch", 12.0, "2026-11-20").await;
    f.store
        .set_expense_settings(
            f.ana,
            ExpenseSettings {
                role: Role::Viewer,
                currency: Currency::Gbp,
            },
        )
        .await
        .unwrap();
    let refused = f.say(f.ana, "Add coffee £3", 1).await;
    assert_eq!(refused.error.map(|c| c.as_str()), Some("expense_forbidden"));
    let err = app::tool(
        &f.store,
        f.ana,
        &call("add_expense", json!({"item": "tea", "amount": 2})),
        at(1),
        Language::En,
        None,
    )
    .await
    .unwrap_err();
    assert_eq!(err.code().as_str(), "expense_forbidden");
    let total = f.say(f.ana, "how much have I spent this month?", 2).await;
    assert_eq!(total.done.balance.unwrap().count, 1);
    assert_eq!(f.count(f.ana).await, 1);
}

#[tokio::test]
async fn a_role_asked_for_can_only_restrict() {
    let f = fixture().await;
    let err = app::tool(
        &f.store,
        f.ana,
        &call("add_expense", json!({"item": "tea", "amount": 2})),
        at(0),
        Language::En,
        Some(Role::Viewer),
    )
    .await
    .unwrap_err();
    assert_eq!(err.code().as_str(), "expense_forbidden");
}

#[tokio::test]
async fn another_profile_s_expense_is_not_found() {
    let f = fixture().await;
    let bens = f.add(f.ben, "bike", 60.0, "2026-11-20").await;
    for tool_call in [
        call("delete_expense", json!({"id": bens})),
        call("update_expense", json!({"id": bens, "amount": 1})),
    ] {
        let err = app::tool(&f.store, f.ana, &tool_call, at(0), Language::En, None)
            .await
            .unwrap_err();
        assert_eq!(err.code().as_str(), "expense_not_found");
    }
    let proposal = f.propose_delete(f.ben, bens).await;
    let err = app::confirm(
        &f.store,
        f.ana,
        &proposal.id,
        None,
        at(1),
        Language::En,
        None,
    )
    .await
    .unwrap();
    assert_eq!(
        err.error.map(|c| c.as_str()),
        Some("expense_proposal_not_found")
    );
    assert_eq!(f.count(f.ben).await, 1);
}

#[tokio::test]
async fn a_new_request_replaces_the_waiting_proposal() {
    let f = fixture().await;
    f.add(f.ana, "lunch", 12.0, "2026-11-20").await;
    let first = f.say(f.ana, "delete the lunch", 1).await.proposal.unwrap();
    f.say(f.ana, "how much have I spent?", 2).await;
    let late = app::confirm(&f.store, f.ana, &first.id, None, at(3), Language::En, None)
        .await
        .unwrap();
    assert_eq!(
        late.error.map(|c| c.as_str()),
        Some("expense_proposal_used")
    );
}

#[tokio::test]
async fn the_message_is_kept_when_the_model_crashes() {
    let f = fixture().await;
    let llm = ScriptedLlm::new([Err(LlmError::Crashed("abort".into()))]);
    let request = ExpenseRequest {
        profile_id: f.ana,
        message: clean_message("hmm, that thing from before").unwrap(),
        language: Language::En,
        now: at(0),
        role: None,
    };
    let reply = app::send(&f.store, request, Some(&llm), None, &CancelFlag::default())
        .await
        .unwrap();
    assert_eq!(
        reply.origin,
        lantern_core::turn::ReplyOrigin::AfterModelFailure
    );
    assert!(reply.failure.unwrap().starts_with("model_crashed"));
    let messages = app::conversation(&f.store, f.ana, 10, at(1), Language::En)
        .await
        .unwrap();
    assert_eq!(messages.len(), 2);
    assert!(messages[0].from_student);
}
