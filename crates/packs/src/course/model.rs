//! The course pack's files as Rust types (`course.json`, `exams.json`).

use super::drills::DrillTemplate;
use super::misconception::Misconception;
use lantern_core::retrieval::Tier;
use serde::{Deserialize, Serialize};

/// Name of the course manifest in a pack.
pub const COURSE_FILE: &str = "course.json";
/// Name of the exam file in a pack.
pub const EXAMS_FILE: &str = "exams.json";

/// The pack format version this build reads.
pub const FORMAT_VERSION: u32 = 1;

/// `course.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CourseManifest {
    /// Must be [`FORMAT_VERSION`].
    pub format_version: u32,
    /// Stable course id; re-importing the same id replaces the course.
    pub id: String,
    /// Title shown to students.
    pub title: String,
    /// Language of the material (BCP 47, e.g. `en`, `es`).
    #[serde(default = "default_language")]
    pub language: String,
    /// One paragraph about the course.
    #[serde(default)]
    pub description: String,
    /// The unit a new student starts with.
    pub entry_unit: String,
    /// The units, in the order a table of contents shows them.
    pub units: Vec<Unit>,
    /// Prerequisite edges: `from` must be mastered before `to`.
    #[serde(default)]
    pub prerequisites: Vec<Edge>,
}

fn default_language() -> String {
    "en".into()
}

/// One unit of the course.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Unit {
    /// Stable unit id, unique in the course.
    pub id: String,
    /// Title.
    pub title: String,
    /// Short canonical summary of what the unit teaches.
    pub anchor: String,
    /// Topic tags.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Common student errors, one sentence each, with the tags drill grading counts; at
    /// most [`MAX_MISCONCEPTIONS`](crate::import_limits::MAX_MISCONCEPTIONS).
    #[serde(default, deserialize_with = "super::bounded::misconceptions")]
    pub misconceptions: Vec<Misconception>,
    /// Content files, relative to the pack root.
    #[serde(default)]
    pub content: Vec<String>,
    /// Parameterised drills with computed answers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drills: Vec<DrillTemplate>,
}

impl Unit {
    /// The misconceptions' sentences, joined by spaces.
    pub fn misconception_text(&self) -> String {
        self.misconceptions
            .iter()
            .map(|m| m.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A prerequisite edge.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Edge {
    /// The prerequisite unit.
    pub from: String,
    /// The unit that needs it.
    pub to: String,
}

/// `exams.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExamFile {
    /// Must be [`FORMAT_VERSION`].
    pub format_version: u32,
    /// The multiple-choice questions.
    pub questions: Vec<Question>,
}

/// A multiple-choice exam question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Question {
    /// Stable question id, unique in the course.
    pub id: String,
    /// Units it examines (at least one).
    pub unit_ids: Vec<String>,
    /// Difficulty tier.
    pub tier: Tier,
    /// The question text; LaTeX between `$…$` or `$$…$$`.
    pub stem: String,
    /// The options (at least two).
    pub options: Vec<AnswerOption>,
    /// Id of the correct option.
    pub correct: String,
    /// Worked solution.
    pub memo: String,
    /// Topic tags.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Transcript of a video walkthrough, if there is one.
    #[serde(default)]
    pub transcript: Option<String>,
    /// A video walkthrough file in the pack (`.mp4`, `.webm`, `.ogv`, `.m4v`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video: Option<String>,
}

/// The folder of course media under the media folder (beside `reports/` and `modules/`).
pub const COURSE_MEDIA_FOLDER: &str = "courses";

/// Where a question's video is kept, relative to the media folder: `courses/`, the
/// course id (a pack id, so one plain folder name), the import generation, then its path
/// in the pack — so a re-import writes beside the published videos and removes them only
/// once published.
pub fn media_path(course_id: &str, generation: &str, path: &str) -> String {
    format!("{COURSE_MEDIA_FOLDER}/{course_id}/{generation}/{path}")
}

/// Whether `path` names a video file the workspace can play.
pub fn is_video_path(path: &str) -> bool {
    let extension = path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    matches!(extension.as_str(), "mp4" | "webm" | "ogv" | "m4v")
}

/// One option of a question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnswerOption {
    /// Option id (`A`, `B`, …), unique in the question.
    pub id: String,
    /// Option text.
    pub text: String,
}

/// The kinds of content file a unit can list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContentKind {
    /// `.md`, `.markdown`
    Markdown,
    /// `.txt`
    Text,
    /// `.vtt`
    WebVtt,
    /// `.srt`
    SubRip,
    /// `.pdf`
    Pdf,
}

impl ContentKind {
    /// The kind of `path` by its extension (case-insensitive), if supported.
    pub fn of(path: &str) -> Option<Self> {
        let extension = path.rsplit_once('.')?.1.to_ascii_lowercase();
        match extension.as_str() {
            "md" | "markdown" => Some(Self::Markdown),
            "txt" => Some(Self::Text),
            "vtt" => Some(Self::WebVtt),
            "srt" => Some(Self::SubRip),
            "pdf" => Some(Self::Pdf),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_kind_follows_the_extension() {
        assert_eq!(ContentKind::of("units/a.MD"), Some(ContentKind::Markdown));
        assert_eq!(ContentKind::of("t/lesson.vtt"), Some(ContentKind::WebVtt));
        assert_eq!(ContentKind::of("x.srt"), Some(ContentKind::SubRip));
        assert_eq!(ContentKind::of("x.pdf"), Some(ContentKind::Pdf));
        assert_eq!(ContentKind::of("x.docx"), None);
        assert_eq!(ContentKind::of("noextension"), None);
    }
}
