//! One module per group of subcommands; each prints its result on stdout.

mod bench_class;
mod bench_encoder;
mod bench_feedback;
mod bench_llm;
mod bench_mapping;
mod bench_pack_check;
mod bench_rag;
mod bench_speculative;
mod bench_speech;
mod bench_turns;
mod bench_tutor;
mod check_answer;
mod class;
mod coach;
mod course;
mod course_check;
mod course_new;
mod course_notes;
mod course_report;
mod eval;
mod expenses;
mod generate;
mod json;
mod llama_bench;
mod median;
mod model;
mod models;
mod module_check;
mod module_new;
pub(crate) mod modules;
mod pack;
mod peak_memory;
mod profiles;
mod progress;
mod project;
mod report;
mod transcribe;
mod tutor;
mod tutor_evidence;
mod tutor_print;
mod update;

pub use bench_class::{bench_class, BenchClassOptions};
pub use bench_encoder::{bench_encoder, BenchEncoderOptions};
pub use bench_feedback::{bench_feedback, BenchFeedbackOptions};
pub use bench_llm::{bench_llm, BenchLlmOptions};
pub use bench_mapping::{bench_mapping, BenchMappingOptions};
pub use bench_pack_check::{bench_pack_check, BenchPackCheckOptions};
pub use bench_rag::{bench_rag, BenchRagOptions};
pub use bench_speech::{bench_speech, BenchSpeechOptions};
pub use bench_tutor::{bench_tutor, BenchTutorOptions};
pub use check_answer::{check_answer, CheckAnswerOptions};
pub use class::{class, ClassOptions};
pub use coach::{coach, CoachOptions};
pub use course::{import as import_course, list as list_courses, search, SearchOptions};
pub use course_check::{course_check, CourseCheckOptions};
pub use course_new::{course_new, CourseNewOptions};
pub use eval::{eval, EvalOptions};
pub use expenses::{expenses, ExpensesOptions};
pub use generate::{generate, GenerateOptions};
pub use model::ModelOptions;
pub use models::{models, ModelsOptions};
pub use modules::{module, ModuleOptions};
pub use pack::{embed, inspect};
pub use profiles::{create_profile, list_profiles, remove_pin, set_pin};
pub use progress::{progress, ProgressOptions};
pub use project::{project, ProjectOptions};
pub use report::{report, ReportOptions};
pub use transcribe::{transcribe, TranscribeOptions};
pub use tutor::{tutor, TutorOptions};
pub use update::{update, UpdateOptions};

use crate::cli_error::CliError;
use crate::locations::Locations;
use lantern_core::ErrorCode;
use lantern_store::Store;

/// A Tokio runtime for one command.
fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::new(ErrorCode::RuntimeFailed, e.to_string()))
}

/// The database (migrated), with course media left in an earlier layout moved under
/// `media/courses/` to match the paths migration 0015 rewrote.
fn open_store(locations: &Locations, rt: &tokio::runtime::Runtime) -> Result<Store, CliError> {
    let store = rt.block_on(Store::open(&locations.database()))?;
    lantern_rag::move_legacy_course_media(&lantern_rag::media_root(&locations.index_dir()));
    Ok(store)
}
