//! Test-only ports for report turns: a conversation, specifications, and the changes
//! saved, in memory.

use super::contract::Report;
use super::error::ReportError;
use super::ops::ReportOp;
use super::ports::{ChatLine, ReportPorts, SpecPassage};
use super::review::ChangeAuthor;
use lantern_core::language::Language;
use lantern_core::llm::BoxFuture;
use std::sync::Mutex;

/// In-memory ports: every saved call is one entry of `saved`.
#[derive(Default)]
pub struct MemoryPorts {
    pub saved: Mutex<Vec<(Vec<ReportOp>, String, ChangeAuthor)>>,
    pub searches: Mutex<Vec<String>>,
    pub fail_saves: bool,
    /// The conversation before the turn (a default line when empty).
    pub history: Vec<ChatLine>,
}

impl MemoryPorts {
    /// Every saved change, in order.
    pub fn ops(&self) -> Vec<ReportOp> {
        self.saved
            .lock()
            .unwrap()
            .iter()
            .flat_map(|(ops, _, _)| ops.clone())
            .collect()
    }
}

impl ReportPorts for MemoryPorts {
    fn chat_history(&self) -> BoxFuture<'_, Result<Vec<ChatLine>, ReportError>> {
        Box::pin(async {
            if !self.history.is_empty() {
                return Ok(self.history.clone());
            }
            Ok(vec![ChatLine {
                from_student: true,
                text: "rename 1 to Scope".into(),
            }])
        })
    }

    fn undo_last(
        &self,
        _language: Language,
    ) -> BoxFuture<'_, Result<Option<(String, Report)>, ReportError>> {
        Box::pin(async {
            let taken = self.saved.lock().unwrap().pop();
            Ok(taken.map(|(_, reason, _)| (format!("took back: {reason}"), Report::default())))
        })
    }

    fn search_specs<'a>(
        &'a self,
        query: &'a str,
    ) -> BoxFuture<'a, Result<Vec<SpecPassage>, ReportError>> {
        Box::pin(async move {
            self.searches.lock().unwrap().push(query.to_string());
            Ok(vec![SpecPassage {
                source: "spec.md".into(),
                text: "Gutters: 100 mm minimum.".into(),
            }])
        })
    }

    fn record_changes<'a>(
        &'a self,
        ops: &'a [ReportOp],
        reason: &'a str,
        author: ChangeAuthor,
    ) -> BoxFuture<'a, Result<Vec<i64>, ReportError>> {
        Box::pin(async move {
            if self.fail_saves {
                return Err(ReportError::ArgumentsInvalid("disk full".into()));
            }
            let mut saved = self.saved.lock().unwrap();
            let first = saved.iter().map(|(o, _, _)| o.len()).sum::<usize>() as i64 + 1;
            saved.push((ops.to_vec(), reason.to_string(), author));
            Ok((first..first + ops.len() as i64).collect())
        })
    }
}

/// The eval's English lab report on paper towels (brands A–D in a table).
pub fn towels() -> Report {
    crate::markdown::import_markdown(
        include_str!("../../../tests/evals/reports/reports/paper-towels.md"),
        "towels",
    )
    .expect("the eval's report")
}

/// The eval's Spanish biology report on osmosis in potato (samples 1–5 in a table).
pub fn osmosis() -> Report {
    crate::markdown::import_markdown(
        include_str!("../../../tests/evals/reports/reports/osmosis-patata.md"),
        "osmosis",
    )
    .expect("the eval's report")
}
