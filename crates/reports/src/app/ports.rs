//! A turn's ports over the repository and the specifications' index: the conversation
//! before the request, the spec search, "undo" said in the chat, and each change saved
//! for review as the turn makes it (one transaction per tool call, so a kill mid-turn
//! keeps every change already proposed).

use super::{take_back, ReportsRepository};
use crate::ports::{ChatLine, ReportPorts, SpecPassage};
use crate::review::ChangeAuthor;
use crate::{project_owner, Report, ReportError, ReportOp};
use lantern_core::language::Language;
use lantern_core::llm::BoxFuture;
use lantern_core::retrieval::{search_chunks, Collection, Filter, Retriever};
use lantern_core::Coded;

/// Specification passages a turn's search returns.
const SPEC_HITS: usize = 3;

/// The repository's error as the turn's.
fn storage<E: Coded>(e: E) -> ReportError {
    ReportError::Storage(e.code(), e.to_string())
}

/// The repository and index behind one turn.
pub(super) struct RepositoryPorts<'a, R: ?Sized> {
    pub repo: &'a R,
    pub profile_id: i64,
    pub report_id: i64,
    pub project_id: i64,
    /// The request's message.
    pub message_id: i64,
    pub specs: Option<&'a dyn Retriever>,
}

impl<R: ReportsRepository + ?Sized> ReportPorts for RepositoryPorts<'_, R> {
    fn chat_history(&self) -> BoxFuture<'_, Result<Vec<ChatLine>, ReportError>> {
        Box::pin(async move {
            self.repo
                .chat_history(self.report_id, Some(self.message_id))
                .await
                .map_err(storage)
        })
    }

    fn search_specs<'a>(
        &'a self,
        query: &'a str,
    ) -> BoxFuture<'a, Result<Vec<SpecPassage>, ReportError>> {
        Box::pin(async move {
            let Some(retriever) = self.specs else {
                return Ok(Vec::new());
            };
            let filter = Filter::course(project_owner(self.project_id));
            let hits = search_chunks(
                retriever,
                Collection::ProjectSpecs,
                query,
                &filter,
                SPEC_HITS,
            )
            .await?;
            Ok(hits
                .into_iter()
                .map(|(c, _)| SpecPassage {
                    source: c.source_id,
                    text: c.text,
                })
                .collect())
        })
    }

    fn undo_last(
        &self,
        language: Language,
    ) -> BoxFuture<'_, Result<Option<(String, Report)>, ReportError>> {
        Box::pin(async move {
            take_back(self.repo, self.profile_id, self.report_id, language)
                .await
                .map_err(storage)
        })
    }

    fn record_changes<'a>(
        &'a self,
        ops: &'a [ReportOp],
        reason: &'a str,
        author: ChangeAuthor,
    ) -> BoxFuture<'a, Result<Vec<i64>, ReportError>> {
        Box::pin(async move {
            self.repo
                .record_changes(self.report_id, Some(self.message_id), ops, reason, author)
                .await
                .map_err(storage)
        })
    }
}
