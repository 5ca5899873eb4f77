//! What the operations hand the repository to write, and the version rows they decide
//! from.

use crate::outcome::TurnEnd;
use crate::{Report, ReportError, ReportOp};
use lantern_core::turn::ReplyOrigin;

use super::ReportState;

/// A version as the repository reads it to decide an undo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionRow {
    /// The version number, from 1.
    pub version: i64,
    /// What made it: `import`, `accept`, `edit`, `undo`, `restore`.
    pub cause: String,
    /// What changed, in words.
    pub summary: String,
    /// The version an undo took back.
    pub undoes: Option<i64>,
}

/// The tree a new version holds.
#[derive(Debug, Clone, PartialEq)]
pub enum VersionTree {
    /// This tree.
    Tree(Report),
    /// The tree of this earlier version (`VersionNotFound` when there is none).
    CopyOf(i64),
}

/// A new version of the report.
#[derive(Debug, Clone, PartialEq)]
pub struct NewVersion {
    /// Its tree.
    pub tree: VersionTree,
    /// What made it: `accept`, `edit`, `undo`, `restore`.
    pub cause: &'static str,
    /// What changed, in words.
    pub summary: String,
    /// The version an undo takes back.
    pub undoes: Option<i64>,
}

/// What one transaction writes, in this order: the new version, the waiting changes it
/// accepts, the changes rejected.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReportWrite {
    /// The new version, if any.
    pub version: Option<NewVersion>,
    /// Changes accepted in the new version.
    pub accepted: Vec<i64>,
    /// Waiting changes rejected.
    pub rejected: Vec<i64>,
}

/// Decides, from the report's state and versions (newest first) read inside the
/// transaction, what to write, and what to answer.
pub type Decide<'a, T> = Box<
    dyn FnOnce(&ReportState, &[VersionRow]) -> Result<(ReportWrite, T), ReportError> + Send + 'a,
>;

/// A rejected change the model has not heard of yet.
#[derive(Debug, Clone, PartialEq)]
pub struct UntoldRejection {
    /// The change's id.
    pub id: i64,
    /// What it would have done.
    pub op: ReportOp,
}

/// A turn's reply as saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplyToSave<'a> {
    /// The reply.
    pub text: &'a str,
    /// Who wrote it, as `answer_turn` decided.
    pub origin: ReplyOrigin,
    /// How the turn ended.
    pub end: TurnEnd,
    /// Why the app answered after asking the model, for the log.
    pub failure: Option<&'a str>,
}
