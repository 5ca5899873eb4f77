//! Lantern's desktop shell: a thin layer of Tauri commands over the core.
//!
//! Commands live in [`commands`], one module per area; the state they share is
//! [`state::AppState`]; failures cross the bridge as [`error::IpcError`].

pub mod class;
pub mod clock;
pub mod coach;
mod command_names;
pub mod commands;
pub mod error;
pub mod expenses;
pub mod library;
pub mod model;
pub mod model_release;
mod model_turn;
pub mod models;
pub mod modules;
pub mod picker;
pub mod profile_lock;
pub mod progress;
pub mod reports;
pub mod row_id;
pub mod settings;
pub mod state;
pub mod turns;
pub mod tutor;
pub mod updates;
pub mod voice;

pub use command_names::COMMAND_NAMES;

use tauri::Manager;

/// The typed registry of commands and events for runtime `$runtime`; the app uses
/// [`specta_builder`], tests build it for Tauri's mock runtime.
#[macro_export]
macro_rules! lantern_builder {
    ($runtime:ty) => {
        tauri_specta::Builder::<$runtime>::new()
            .commands(tauri_specta::collect_commands![
                $crate::commands::system::app_info,
                $crate::commands::model::model_status,
                $crate::models::commands::models_list::<$runtime>,
                $crate::models::commands::models_activate::<$runtime>,
                $crate::models::commands::models_measure::<$runtime>,
                $crate::models::commands::models_check::<$runtime>,
                $crate::models::commands::models_import::<$runtime>,
                $crate::models::commands::models_remove::<$runtime>,
                $crate::commands::settings::get_settings::<$runtime>,
                $crate::commands::settings::save_settings::<$runtime>,
                $crate::updates::commands::updates_status::<$runtime>,
                $crate::updates::commands::updates_set_location::<$runtime>,
                $crate::updates::commands::updates_check::<$runtime>,
                $crate::updates::commands::updates_install::<$runtime>,
                $crate::voice::commands::voice_status,
                $crate::voice::commands::voice_start,
                $crate::voice::commands::voice_stop,
                $crate::voice::commands::voice_cancel,
                $crate::commands::profiles::list_profiles,
                $crate::commands::profiles::create_profile,
                $crate::commands::profiles::switch_profile::<$runtime>,
                $crate::commands::profile_pins::profile_set_pin,
                $crate::commands::profile_pins::profile_remove_pin,
                $crate::commands::profile_pins::profile_lock,
                $crate::commands::courses::list_courses,
                $crate::commands::courses::import_course::<$runtime>,
                $crate::commands::courses::search_course,
                $crate::commands::turns::cancel_turn,
                $crate::coach::commands::coach_list,
                $crate::coach::commands::coach_last,
                $crate::coach::commands::coach_create,
                $crate::coach::commands::coach_open,
                $crate::coach::commands::coach_delete,
                $crate::coach::commands::coach_send::<$runtime>,
                $crate::coach::commands::coach_retry::<$runtime>,
                $crate::coach::commands::coach_accept,
                $crate::coach::commands::coach_reject,
                $crate::coach::commands::coach_edit_draft,
                $crate::coach::commands::coach_save_unsent,
                $crate::coach::commands::coach_advance,
                $crate::coach::commands::coach_export_file::<$runtime>,
                $crate::tutor::commands::tutor_courses,
                $crate::tutor::commands::tutor_threads,
                $crate::tutor::commands::tutor_create,
                $crate::tutor::commands::tutor_open,
                $crate::tutor::commands::tutor_delete,
                $crate::tutor::commands::tutor_send::<$runtime>,
                $crate::tutor::commands::tutor_debug,
                $crate::tutor::evidence::tutor_grade_drill::<$runtime>,
                $crate::tutor::evidence::tutor_exam_question,
                $crate::tutor::evidence::tutor_exam_submit,
                $crate::tutor::evidence::tutor_exam_support,
                $crate::tutor::evidence::tutor_learning_path,
                $crate::tutor::evidence::tutor_progress,
                $crate::reports::commands::reports_list,
                $crate::reports::commands::reports_projects,
                $crate::reports::commands::reports_create_project,
                $crate::reports::commands::reports_import::<$runtime>,
                $crate::reports::commands::reports_open,
                $crate::reports::commands::reports_delete,
                $crate::reports::commands::reports_send::<$runtime>,
                $crate::reports::commands::reports_accept,
                $crate::reports::commands::reports_reject,
                $crate::reports::commands::reports_undo,
                $crate::reports::commands::reports_history,
                $crate::reports::commands::reports_restore,
                $crate::reports::commands::reports_edit_section,
                $crate::reports::commands::reports_export::<$runtime>,
                $crate::reports::specs::reports_spec_files,
                $crate::reports::specs::reports_import_specs::<$runtime>,
                $crate::expenses::commands::expenses_state::<$runtime>,
                $crate::expenses::commands::expenses_set_settings,
                $crate::expenses::commands::expenses_send::<$runtime>,
                $crate::expenses::commands::expenses_confirm,
                $crate::expenses::commands::expenses_cancel,
                $crate::expenses::commands::expenses_revise,
                $crate::expenses::commands::expenses_tool,
                $crate::expenses::commands::expenses_list,
                $crate::expenses::commands::expenses_balance,
                $crate::expenses::commands::expenses_months,
                $crate::modules::commands::modules_list,
                $crate::modules::commands::modules_import::<$runtime>,
                $crate::modules::commands::modules_start,
                $crate::modules::commands::modules_send::<$runtime>,
                $crate::commands::packs::packs_check::<$runtime>,
                $crate::commands::packs::packs_import_checked::<$runtime>,
                $crate::progress::commands::progress_preview,
                $crate::progress::commands::progress_save::<$runtime>,
                $crate::class::commands::class_import::<$runtime>,
                $crate::class::commands::class_view,
                $crate::class::commands::class_export::<$runtime>,
                $crate::class::commands::class_remove_student,
                $crate::class::commands::class_history,
                $crate::class::commands::class_choose,
                $crate::class::commands::class_export_summary::<$runtime>,
            ])
            .constant("ERROR_CODES", lantern_core::ErrorCode::ALL)
            .events(tauri_specta::collect_events![
                $crate::model::ModelStatusChanged,
                $crate::models::selection::ModelsChanged,
                $crate::models::selection::ModelImportProgress,
                $crate::library::CourseImportProgress,
                $crate::library::CoursesChanged,
                $crate::library::ModulesChanged
            ])
    };
}

/// The typed command registry of the app; also exports `ui/src/bindings.ts`.
pub fn specta_builder() -> tauri_specta::Builder<tauri::Wry> {
    lantern_builder!(tauri::Wry)
}

/// Folders that may hold the app's bundled resources: the installed resource folder,
/// and in development builds the repository itself.
fn resource_dir_candidates<R: tauri::Runtime>(app: &tauri::App<R>) -> Vec<std::path::PathBuf> {
    let mut dirs: Vec<_> = app.path().resource_dir().into_iter().collect();
    if cfg!(debug_assertions) {
        dirs.push(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
    }
    dirs
}

/// Starts the app (or, with `--llm-worker CONFIG` or `--speech-worker CONFIG`, a worker;
/// with `--install-update PACKAGE SIGNATURE`, run as root by pkexec, the update installer
/// with the key built into this binary); returns a failure exit code instead of panicking.
pub fn run() -> std::process::ExitCode {
    let context = tauri::generate_context!();
    let mut args = std::env::args().skip(1);
    match args.next().as_deref() {
        Some(model::WORKER_FLAG) => {
            return lantern_llm::run_worker(&args.next().unwrap_or_default())
        }
        Some(lantern_speech::WORKER_FLAG) => {
            return lantern_speech::run_worker(&args.next().unwrap_or_default())
        }
        Some(lantern_updates::INSTALL_FLAG) => {
            let key = updates::config::BuildUpdateConfig::from_config(context.config()).pubkey;
            return lantern_updates::run_installer(&args.collect::<Vec<_>>(), &key);
        }
        _ => {}
    }
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_env("LANTERN_LOG"))
        .init();
    let specta = specta_builder();
    let result = tauri::Builder::default()
        .plugin(tauri_plugin_store::Builder::new().build())
        .plugin(tauri_plugin_dialog::init())
        .invoke_handler(profile_lock::guard(specta.invoke_handler()))
        .setup(move |app| {
            specta.mount_events(app);
            // Debug builds only: the WebDriver tests answer file dialogs from a file.
            #[cfg(debug_assertions)]
            if let Some(script) = picker::ScriptedPicks::from_env() {
                app.manage(script);
            }
            let data_dir = app.path().app_data_dir()?;
            let resource_dir = app.path().resource_dir().ok();
            let saved = settings::load(app.handle());
            let state = tauri::async_runtime::block_on(state::AppState::open(
                &data_dir,
                resource_dir,
                saved.profile_id.map(|id| id.0),
            ))?;
            app.manage(state);
            models::selection::spawn_start(app.handle());
            model_release::spawn_idle_release(app.handle());
            commands::courses::spawn_sample_import(app.handle(), resource_dir_candidates(app));
            Ok(())
        })
        .run(context);
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error[{}]: {e}", lantern_core::ErrorCode::AppStartFailed);
            std::process::ExitCode::FAILURE
        }
    }
}
