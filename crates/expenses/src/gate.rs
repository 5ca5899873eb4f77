//! The confirmation gate (spec 003, step 7): whether a call must be confirmed by the
//! student before it runs, and whether a confirmation may run the stored proposal.
//! Pure; the store keeps the proposal and marks it used in the transaction that runs it.

use super::contract::{ExpenseAction, ExpenseTool};
use super::error::ExpenseError;
use super::rules::{validate_call, CallContext};
use chrono::{DateTime, Duration, Utc};
use lantern_core::llm::tools::ToolCall;
use serde::{Deserialize, Serialize};

/// How long a proposal waits for its confirmation.
pub const PROPOSAL_LIFETIME: Duration = Duration::minutes(15);

/// Why a call waits for the student's yes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum ConfirmReason {
    /// The model asked to check first.
    Suggested,
    /// A value of the call was not in the student's words.
    Vague,
    /// Deleting always asks.
    Delete,
}

impl ConfirmReason {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Suggested => "suggested",
            Self::Vague => "vague",
            Self::Delete => "delete",
        }
    }
}

/// Whether a call of `tool` must be confirmed: always for a delete; for an add or an
/// update when the model suggested it or a value was inferred rather than stated; never
/// for a read, which changes nothing.
pub fn confirmation_needed(
    tool: ExpenseTool,
    suggested: bool,
    stated: bool,
) -> Option<ConfirmReason> {
    match tool {
        ExpenseTool::GetBalance | ExpenseTool::ListExpenses => None,
        ExpenseTool::DeleteExpense => Some(ConfirmReason::Delete),
        ExpenseTool::AddExpense | ExpenseTool::UpdateExpense if !stated => {
            Some(ConfirmReason::Vague)
        }
        ExpenseTool::AddExpense | ExpenseTool::UpdateExpense if suggested => {
            Some(ConfirmReason::Suggested)
        }
        ExpenseTool::AddExpense | ExpenseTool::UpdateExpense => None,
    }
}

/// Where a proposal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum ProposalStatus {
    /// Waiting for a yes or a no.
    Pending,
    /// Confirmed and run.
    Confirmed,
    /// The student said no.
    Cancelled,
    /// A later message or an edit replaced it.
    Superseded,
}

impl ProposalStatus {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Confirmed => "confirmed",
            Self::Cancelled => "cancelled",
            Self::Superseded => "superseded",
        }
    }

    /// The status with a stored name.
    pub fn from_name(name: &str) -> Option<Self> {
        [
            Self::Pending,
            Self::Confirmed,
            Self::Cancelled,
            Self::Superseded,
        ]
        .into_iter()
        .find(|s| s.as_str() == name)
    }
}

/// A proposal as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredProposal {
    /// Its id (random, single use).
    pub id: String,
    /// The call it runs, with canonical arguments.
    pub call: ToolCall,
    /// Where it stands.
    pub status: ProposalStatus,
    /// When it stops being confirmable.
    pub expires_at: DateTime<Utc>,
}

/// The action a confirmation may run: the stored call, only while pending and not
/// expired, and only when `presented` (the arguments the student confirmed, if sent)
/// means exactly the same action. The call is validated again against the role now.
pub fn check_confirmation(
    stored: &StoredProposal,
    presented: Option<&ToolCall>,
    now: DateTime<Utc>,
    context: &CallContext,
) -> Result<ExpenseAction, ExpenseError> {
    if stored.status != ProposalStatus::Pending {
        return Err(ExpenseError::ProposalUsed(
            stored.id.clone(),
            stored.status.as_str().into(),
        ));
    }
    if now >= stored.expires_at {
        return Err(ExpenseError::ProposalExpired(stored.id.clone()));
    }
    let action = validate_call(&stored.call, context)?;
    if let Some(presented) = presented {
        let same = presented.tool == stored.call.tool
            && validate_call(presented, context).is_ok_and(|a| a == action);
        if !same {
            return Err(ExpenseError::ProposalMismatch(stored.id.clone()));
        }
    }
    Ok(action)
}

/// A fresh proposal id: 16 random hexadecimal digits, so ids cannot be guessed in turn.
pub fn new_proposal_id() -> String {
    format!("{:016x}", fastrand::u64(..))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Role;
    use crate::money::Currency;
    use chrono::NaiveDate;
    use serde_json::json;

    const WRITES: [ExpenseTool; 2] = [ExpenseTool::AddExpense, ExpenseTool::UpdateExpense];

    #[test]
    fn a_delete_always_waits_for_a_yes() {
        for (suggested, stated) in [(false, true), (true, true), (false, false)] {
            assert_eq!(
                confirmation_needed(ExpenseTool::DeleteExpense, suggested, stated),
                Some(ConfirmReason::Delete)
            );
        }
    }

    #[test]
    fn an_add_or_update_waits_when_the_model_suggests_it() {
        for tool in WRITES {
            assert_eq!(
                confirmation_needed(tool, true, true),
                Some(ConfirmReason::Suggested)
            );
        }
    }

    #[test]
    fn an_add_or_update_waits_when_a_value_was_inferred() {
        for tool in WRITES {
            assert_eq!(
                confirmation_needed(tool, false, false),
                Some(ConfirmReason::Vague)
            );
            assert_eq!(
                confirmation_needed(tool, true, false),
                Some(ConfirmReason::Vague)
            );
        }
    }

    #[test]
    fn a_stated_add_or_update_runs_without_asking() {
        for tool in WRITES {
            assert_eq!(confirmation_needed(tool, false, true), None);
        }
    }

    #[test]
    fn a_read_never_waits() {
        for tool in [ExpenseTool::GetBalance, ExpenseTool::ListExpenses] {
            for (suggested, stated) in [(true, false), (false, false), (true, true)] {
                assert_eq!(confirmation_needed(tool, suggested, stated), None);
            }
        }
    }

    fn context(role: Role) -> CallContext {
        CallContext {
            role,
            today: NaiveDate::from_ymd_opt(2026, 11, 23).unwrap(),
            currency: Currency::Gbp,
        }
    }

    fn t(minutes: i64) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-23T12:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
            + Duration::minutes(minutes)
    }

    fn call(args: serde_json::Value) -> ToolCall {
        ToolCall {
            tool: "add_expense".into(),
            args: args.as_object().cloned().unwrap(),
        }
    }

    fn proposal(status: ProposalStatus) -> StoredProposal {
        StoredProposal {
            id: "abc".into(),
            call: call(
                json!({"item": "gas bill", "amount": "45.00", "currency": "GBP", "date": "2026-11-23"}),
            ),
            status,
            expires_at: t(0) + PROPOSAL_LIFETIME,
        }
    }

    #[test]
    fn a_pending_proposal_runs_exactly_as_stored() {
        let action = check_confirmation(
            &proposal(ProposalStatus::Pending),
            None,
            t(1),
            &context(Role::Owner),
        )
        .unwrap();
        assert!(
            matches!(action, ExpenseAction::Add(ref new) if new.amount.minor == 4_500 && new.item == "gas bill")
        );
    }

    #[test]
    fn a_used_proposal_cannot_run_again() {
        for status in [
            ProposalStatus::Confirmed,
            ProposalStatus::Cancelled,
            ProposalStatus::Superseded,
        ] {
            let err = check_confirmation(&proposal(status), None, t(1), &context(Role::Owner))
                .unwrap_err();
            assert!(matches!(err, ExpenseError::ProposalUsed(..)), "{status:?}");
        }
    }

    #[test]
    fn an_expired_proposal_cannot_run() {
        let p = proposal(ProposalStatus::Pending);
        let at_expiry = p.expires_at;
        let err = check_confirmation(&p, None, at_expiry, &context(Role::Owner)).unwrap_err();
        assert!(matches!(err, ExpenseError::ProposalExpired(_)));
        assert!(check_confirmation(
            &p,
            None,
            at_expiry - Duration::seconds(1),
            &context(Role::Owner)
        )
        .is_ok());
    }

    #[test]
    fn other_arguments_are_refused_but_the_same_values_written_otherwise_are_not() {
        let p = proposal(ProposalStatus::Pending);
        let other = call(
            json!({"item": "gas bill", "amount": 450, "currency": "GBP", "date": "2026-11-23"}),
        );
        let err = check_confirmation(&p, Some(&other), t(1), &context(Role::Owner)).unwrap_err();
        assert!(matches!(err, ExpenseError::ProposalMismatch(_)));
        let same = call(
            json!({"item": "gas bill", "amount": 45, "date": "2026-11-23", "currency": "GBP"}),
        );
        assert!(check_confirmation(&p, Some(&same), t(1), &context(Role::Owner)).is_ok());
    }

    #[test]
    fn a_role_that_lost_the_right_cannot_confirm() {
        let err = check_confirmation(
            &proposal(ProposalStatus::Pending),
            None,
            t(1),
            &context(Role::Viewer),
        )
        .unwrap_err();
        assert!(matches!(err, ExpenseError::Forbidden { .. }));
    }
}
