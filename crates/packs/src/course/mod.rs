//! Course packs: the format (`course.json`, `exams.json`, content files), its
//! validation with errors naming file and field, and chunking of content for the index.
//! Pure: the adapter reads the files and hands their text here. Documented in
//! docs/course-pack.md.

pub mod authoring;
mod bounded;
pub mod check;
mod chunk;
pub mod cloze;
mod dag;
mod documents;
pub mod drill;
mod drill_render;
mod drills;
mod error;
mod import;
mod limits;
mod misconception;
mod model;
mod param_values;
pub(crate) mod parse;
mod problems;
mod transcript;
pub(crate) mod validate;
mod vocabulary;

pub use chunk::{
    markdown_sections, plain_sections, split_text, Section, CHUNK_CHARS, CHUNK_OVERLAP,
};
pub use dag::find_cycle;
pub use documents::{index_documents, ContentFile};
pub use drill_render::{render_drill, RenderError, RenderedDrill};
pub use drills::{DrillTemplate, MistakePattern, ParamRange};
pub use error::{PackError, PackErrorKind};
pub use import::{
    import_course, import_owner, CatalogError, CourseCatalog, CoursePackContents, ImportError,
    ImportProgress, ImportStage, ImportSummary,
};
pub use limits::{MAX_CONCEPT_WORDS, MAX_KEY_IDEAS};
pub use misconception::{is_valid_tag, tag_untagged, Misconception};
pub use model::{
    is_video_path, media_path, AnswerOption, ContentKind, CourseManifest, Edge, ExamFile, Question,
    Unit, COURSE_MEDIA_FOLDER, FORMAT_VERSION,
};
pub use parse::{parse_course, parse_exams, COURSE_FILE, EXAMS_FILE};
pub use problems::Problems;
pub use transcript::{parse_transcript, transcript_sections, Cue, TRANSCRIPT_WINDOW_SECS};
pub use validate::{course_problems, exam_problems, validate_course, validate_exams};
pub use vocabulary::{vocabularies, vocabulary_of, UnitVocabulary};
