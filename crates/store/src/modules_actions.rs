//! The module actions the app, the CLI and the evals share: start (or resume) a
//! session, one turn (a message, a form, a section picked), and the progress view. The
//! student's turn and the progress it made are saved before the model runs; the reply,
//! with the milestones it celebrates, in one transaction after — so a kill mid-turn
//! keeps the student's words and never celebrates a milestone no reply showed.

use crate::modules::{storage, ModuleMessage, ModuleSessionRow};
use crate::Store;
use lantern_core::language::Language;
use lantern_core::llm::{CancelFlag, ChatMessage, ChatRole, DeltaSink, Llm};
use lantern_core::retrieval::{search_chunks, Collection, Filter, Retriever};
use lantern_modules::prompt::Passage;
use lantern_modules::{
    opening_reply, prepare_module_turn, run_module_turn, ModuleError, ModuleProgress,
    ModuleTurnInput, StudentAct,
};
use lantern_packs::module::contract::{Milestone, ModuleReply};
use lantern_packs::module::{module_owner, ModuleManifest};
use serde::Serialize;

/// Messages of history given to the model.
const HISTORY: usize = 4;
/// Earlier replies searched for a form the student sends that the pack does not have,
/// and for sentences the model may not say again.
const RECENT_REPLIES: i64 = 20;
/// Passages retrieval adds for a message.
const PASSAGES: usize = 3;
/// Least similarity of a retrieved passage.
const MIN_SIMILARITY: f32 = 0.3;

/// A section as the section list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SectionView {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its phase's title.
    pub phase: String,
    /// Topics in it.
    pub topics: usize,
    /// Of which covered.
    pub covered: usize,
    /// Whether the student moved on from it.
    pub completed: bool,
    /// Whether it is the current one.
    pub current: bool,
}

/// A topic as progress lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TopicView {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its section's id.
    pub section: String,
    /// Whether it is covered.
    pub covered: bool,
}

/// The progress of a session, computed from the stored progress and the module.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressView {
    /// ⌊100 × covered ÷ topics⌋.
    pub percentage: u32,
    /// Covered topics.
    pub covered: usize,
    /// Topics in the module.
    pub total: usize,
    /// Every topic, in module order.
    pub topics: Vec<TopicView>,
    /// Every section, in order.
    pub sections: Vec<SectionView>,
    /// Milestones celebrated.
    pub celebrated: Vec<Milestone>,
    /// Whether the student moved on from the last section.
    pub finished: bool,
}

/// A session with its conversation and progress.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModuleSessionView {
    /// The session's id.
    pub session_id: i64,
    /// The module's id.
    pub module_id: String,
    /// The module's title.
    pub title: String,
    /// The conversation's language.
    pub language: Language,
    /// The index generation whose media folder holds the module's files.
    pub generation: String,
    /// The conversation, oldest first.
    pub messages: Vec<ModuleMessage>,
    /// The progress.
    pub progress: ProgressView,
}

/// What one turn saved.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModuleTurnSaved {
    /// The student's turn.
    pub student: ModuleMessage,
    /// The reply.
    pub reply: ModuleMessage,
    /// The progress after the turn.
    pub progress: ProgressView,
    /// Why the guide answered after the model was asked, for logs.
    pub failure: Option<String>,
}

/// One turn asked of a session.
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleRequest {
    /// The profile acting.
    pub profile_id: i64,
    /// Its session.
    pub session_id: i64,
    /// What the student did.
    pub act: StudentAct,
}

/// The progress view of `progress` in `module`.
pub fn progress_view(module: &ModuleManifest, progress: &ModuleProgress) -> ProgressView {
    let topics: Vec<TopicView> = module
        .sections()
        .iter()
        .flat_map(|s| {
            s.section.topics.iter().map(|t| TopicView {
                id: t.id.clone(),
                title: t.title.clone(),
                section: s.section.id.clone(),
                covered: progress.covered.contains(&t.id),
            })
        })
        .collect();
    let sections = module
        .sections()
        .iter()
        .map(|s| SectionView {
            id: s.section.id.clone(),
            title: s.section.title.clone(),
            phase: s.phase.title.clone(),
            topics: s.section.topics.len(),
            covered: topics
                .iter()
                .filter(|t| t.section == s.section.id && t.covered)
                .count(),
            completed: progress.completed_sections.contains(&s.section.id),
            current: progress.current_section == s.section.id,
        })
        .collect();
    ProgressView {
        percentage: progress.percentage(module),
        covered: topics.iter().filter(|t| t.covered).count(),
        total: topics.len(),
        topics,
        sections,
        celebrated: progress.celebrated.clone(),
        finished: progress.finished,
    }
}

/// The module's passages closest to `text`; none when the index cannot answer (the
/// keywords and the section's notes still ground the reply).
async fn passages(retriever: &dyn Retriever, module_id: &str, text: &str) -> Vec<Passage> {
    let filter = Filter::course(module_owner(module_id));
    search_chunks(
        retriever,
        Collection::ModuleContent,
        text,
        &filter,
        PASSAGES,
    )
    .await
    .unwrap_or_default()
    .into_iter()
    .filter(|(_, score)| *score >= MIN_SIMILARITY)
    .map(|(chunk, _)| Passage {
        source_id: chunk.source_id,
        title: chunk.section,
        text: chunk.text,
    })
    .collect()
}

impl Store {
    /// The profile's session of `module_id`, started with the module's opening when it
    /// has none, or started over when `restart`.
    pub async fn module_start(
        &self,
        profile_id: i64,
        module_id: &str,
        language: Language,
        restart: bool,
    ) -> Result<ModuleSessionView, ModuleError> {
        let (module, _) = self.module(module_id).await?;
        let existing = self.module_session_of(profile_id, module_id).await?;
        let id = match existing {
            Some(session) if !restart => session.id,
            _ => {
                let progress = ModuleProgress::start(&module);
                let opening = opening_reply(&module, &progress, language);
                self.create_module_session(profile_id, module_id, language, &progress, &opening)
                    .await?
            }
        };
        self.module_view(profile_id, id).await
    }

    /// A session with its conversation and progress.
    pub async fn module_view(
        &self,
        profile_id: i64,
        session_id: i64,
    ) -> Result<ModuleSessionView, ModuleError> {
        let session = self.module_session(profile_id, session_id).await?;
        let (module, generation) = self.module(&session.module_id).await?;
        Ok(ModuleSessionView {
            session_id,
            module_id: module.id.clone(),
            title: module.title.clone(),
            language: session.language,
            generation,
            messages: self.module_messages(session_id).await?,
            progress: progress_view(&module, &session.progress),
        })
    }

    /// The session's progress.
    pub async fn module_progress(
        &self,
        profile_id: i64,
        session_id: i64,
    ) -> Result<ProgressView, ModuleError> {
        let session = self.module_session(profile_id, session_id).await?;
        let (module, _) = self.module(&session.module_id).await?;
        Ok(progress_view(&module, &session.progress))
    }

    /// The session's latest replies, newest first: the forms they showed can be sent
    /// (a form the model wrote, like the pack's own), and their text blocks are what the
    /// model may not say again.
    async fn module_recent_replies(
        &self,
        session_id: i64,
    ) -> Result<Vec<ModuleReply>, ModuleError> {
        let replies: Vec<String> = sqlx::query_scalar(
            "SELECT reply FROM module_messages WHERE session_id = ? AND reply IS NOT NULL \
             ORDER BY id DESC LIMIT ?",
        )
        .bind(session_id)
        .bind(RECENT_REPLIES)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        Ok(replies
            .iter()
            .filter_map(|r| serde_json::from_str::<ModuleReply>(r).ok())
            .collect())
    }

    async fn module_history(&self, session_id: i64) -> Result<Vec<ChatMessage>, ModuleError> {
        let mut rows: Vec<(String, String)> = sqlx::query_as(
            "SELECT role, text FROM module_messages WHERE session_id = ? ORDER BY id DESC LIMIT ?",
        )
        .bind(session_id)
        .bind(i64::try_from(HISTORY).unwrap_or(4))
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        rows.reverse();
        Ok(rows
            .into_iter()
            .map(|(role, content)| ChatMessage {
                role: if role == "student" {
                    ChatRole::User
                } else {
                    ChatRole::Assistant
                },
                content,
            })
            .collect())
    }

    /// One turn: the act checked and applied to the progress, the student's turn saved,
    /// the reply (code's, the model's or the guide's) saved with the milestones it
    /// celebrates. Bad input is refused before anything is saved.
    pub async fn module_turn(
        &self,
        request: ModuleRequest,
        llm: Option<&dyn Llm>,
        retriever: Option<&dyn Retriever>,
        on_text: DeltaSink<'_>,
        cancel: &CancelFlag,
    ) -> Result<ModuleTurnSaved, ModuleError> {
        let ModuleRequest {
            profile_id,
            session_id,
            act,
        } = request;
        let session: ModuleSessionRow = self.module_session(profile_id, session_id).await?;
        let (module, _) = self.module(&session.module_id).await?;
        let found = match (&act, retriever) {
            (StudentAct::Say(text), Some(retriever)) => passages(retriever, &module.id, text).await,
            _ => Vec::new(),
        };
        let form_json = match &act {
            StudentAct::Form { form_id, answers } => {
                Some(serde_json::json!({"id": form_id, "answers": answers}))
            }
            _ => None,
        };
        let recent = self.module_recent_replies(session_id).await?;
        let input = ModuleTurnInput {
            module: module.clone(),
            progress: session.progress.clone(),
            language: session.language,
            act,
            history: self.module_history(session_id).await?,
            passages: found,
            forms_sent: session.forms_sent.clone(),
            forms_shown: recent
                .iter()
                .flat_map(|r| r.content.forms.clone())
                .collect(),
            said: recent
                .iter()
                .flat_map(|r| r.content.text_blocks.iter().map(|b| b.content.clone()))
                .collect(),
        };
        let prepared = prepare_module_turn(input)?;
        let mut before_reply = prepared.progress.clone();
        before_reply.celebrated = session.progress.celebrated.clone();
        let student_id = self
            .save_module_student_turn(
                session_id,
                &prepared.student_text,
                form_json.as_ref(),
                &before_reply,
                &prepared.forms_sent,
            )
            .await?;
        // The shared turn answers a missing, crashed or hung model with the guide.
        let outcome = run_module_turn(&prepared, llm, on_text, cancel).await?;
        let origin = outcome.origin.map_or("code", |o| o.as_str());
        let reply_id = self
            .save_module_reply(
                session_id,
                &outcome.reply,
                origin,
                outcome.model_read.as_ref(),
                &prepared.progress,
                &prepared.forms_sent,
            )
            .await?;
        let messages = self.module_messages(session_id).await?;
        let find = |id: i64| messages.iter().find(|m| m.id == id).cloned();
        let (Some(student), Some(reply)) = (find(student_id), find(reply_id)) else {
            return Err(storage(crate::StoreError::Corrupt(
                "a saved message is missing".into(),
            )));
        };
        Ok(ModuleTurnSaved {
            student,
            reply,
            progress: progress_view(&module, &prepared.progress),
            failure: outcome.failure,
        })
    }
}
