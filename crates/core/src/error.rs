//! Stable error codes shared by every crate.
//!
//! Each crate has its own error enum; each enum implements [`Coded`], whose code is a
//! variant of [`ErrorCode`] — the one registry of every code Lantern can report. The
//! shell sends `{ code, message }` to the UI, which exports the registry as a union
//! type and has an English and a Spanish text for each code.

use serde::{Deserialize, Serialize};

/// An error with a stable, machine-readable code such as `model_not_found`.
pub trait Coded: std::error::Error {
    /// The stable code, never changed once shipped.
    fn code(&self) -> ErrorCode;
}

/// Declares [`ErrorCode`] with each variant's wire name, and the list of all of them.
macro_rules! error_codes {
    ($( $(#[$doc:meta])* $variant:ident = $code:literal, )*) => {
        /// Every error code Lantern reports: lowercase words joined by `_`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "specta", derive(specta::Type))]
        pub enum ErrorCode {
            $( $(#[$doc])* #[serde(rename = $code)] $variant, )*
        }

        impl ErrorCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [ErrorCode] = &[$(Self::$variant,)*];

            /// The code as sent to the UI and printed by the CLI.
            pub fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $code,)* }
            }
        }
    };
}

error_codes! {
    // The model and its runtime.
    /// No file at the configured model path.
    ModelNotFound = "model_not_found",
    /// The file is not a usable GGUF model.
    ModelInvalid = "model_invalid",
    /// Not enough free memory for the model.
    OutOfMemory = "out_of_memory",
    /// The model process died during a turn.
    ModelCrashed = "model_crashed",
    /// The model did not answer in time.
    ModelTimeout = "model_timeout",
    /// The student stopped the turn.
    ModelCancelled = "model_cancelled",
    /// The prompt could not be formatted for the model.
    ModelTemplateFailed = "model_template_failed",
    /// The answer's grammar could not be built.
    ModelGrammarFailed = "model_grammar_failed",
    /// The model's answer did not parse.
    ModelOutputInvalid = "model_output_invalid",
    /// Any other failure of the model runtime.
    ModelRuntimeFailed = "model_runtime_failed",
    /// No complete model pack was found.
    ModelPackMissing = "model_pack_missing",
    /// No model is loaded and ready.
    ModelNotReady = "model_not_ready",
    /// The CPU lacks an instruction set the bundled llama.cpp needs.
    ModelCpuUnsupported = "model_cpu_unsupported",
    /// The GGUF's architecture is unknown to the bundled llama.cpp.
    ModelArchitectureUnsupported = "model_architecture_unsupported",
    /// The worker would not load a draft for the model (another vocabulary, a bad file):
    /// the model runs alone.
    ModelDraftRefused = "model_draft_refused",
    /// The model needs more memory than this machine has at all.
    ModelTooLarge = "model_too_large",
    /// No model has this key (removed, never imported, or not in the pack).
    ModelUnknown = "model_unknown",
    /// The GGUF is already in the list.
    ModelAlreadyImported = "model_already_imported",
    /// Copying or recording an imported model failed.
    ModelImportFailed = "model_import_failed",
    /// Measuring a model's speed failed.
    ModelBenchmarkFailed = "model_benchmark_failed",
    /// Pack models cannot be removed from the list.
    ModelNotRemovable = "model_not_removable",
    /// An import was asked for with no model file picked and checked first.
    ModelNotChecked = "model_not_checked",
    // Signed updates.
    /// This build carries no update key, so it cannot accept any update.
    UpdateKeyMissing = "update_key_missing",
    /// The update location is not a folder or an http(s) address.
    UpdateLocationInvalid = "update_location_invalid",
    /// The update address resolves outside the local network.
    UpdateLocationNotLocal = "update_location_not_local",
    /// The update location could not be read.
    UpdateUnreachable = "update_unreachable",
    /// The update description (latest.json) is malformed.
    UpdateManifestInvalid = "update_manifest_invalid",
    /// The update offers no package for this platform.
    UpdateNoPackage = "update_no_package",
    /// The package's signature does not verify with this build's key.
    UpdateSignatureInvalid = "update_signature_invalid",
    /// This copy of Lantern was not installed from a package, so it cannot install one.
    UpdateInstallUnavailable = "update_install_unavailable",
    /// Installing the verified package failed or was refused.
    UpdateInstallFailed = "update_install_failed",
    /// The signed version is not newer than the one installed.
    UpdateDowngradeRefused = "update_downgrade_refused",
    /// The verified file is not a Lantern package.
    UpdatePackageInvalid = "update_package_invalid",
    /// The package is larger than its signed size or the limit.
    UpdateTooLarge = "update_too_large",
    /// Reading the update took longer than allowed.
    UpdateTimedOut = "update_timed_out",
    // Voice input.
    /// The speech model is not in the model pack.
    VoiceModelMissing = "voice_model_missing",
    /// No microphone was found, or access to it was refused.
    VoiceNoMicrophone = "voice_no_microphone",
    /// The microphone failed while recording.
    VoiceRecordingFailed = "voice_recording_failed",
    /// A recording is already running.
    VoiceAlreadyRecording = "voice_already_recording",
    /// Stop or cancel was asked with no recording running.
    VoiceNotRecording = "voice_not_recording",
    /// The audio could not be read (not a WAV file, or a broken one).
    VoiceAudioInvalid = "voice_audio_invalid",
    /// Nothing was heard in the recording.
    VoiceNoSpeech = "voice_no_speech",
    /// The audio is longer than the limit.
    VoiceTooLong = "voice_too_long",
    /// Transcription failed (the speech worker crashed or gave up); only this recording is lost.
    VoiceTranscriptionFailed = "voice_transcription_failed",
    // The coach.
    /// The reply stream to the window broke.
    CoachStreamFailed = "coach_stream_failed",
    /// The coach's reply broke the contract.
    CoachValidationFailed = "coach_validation_failed",
    /// The coach's reply had no text.
    CoachEmptyResponse = "coach_empty_response",
    /// A proposal or reply was for another step.
    CoachStepMismatch = "coach_step_mismatch",
    /// The step's text does not pass its checks yet.
    CoachStepIncomplete = "coach_step_incomplete",
    /// No such argument for this profile.
    CoachSessionNotFound = "coach_session_not_found",
    /// An argument title was empty or too long.
    CoachTitleInvalid = "coach_title_invalid",
    /// There is no unanswered message to answer.
    CoachNoMessage = "coach_no_message",
    /// There is no proposal to accept.
    CoachNoProposal = "coach_no_proposal",
    /// The student's message was empty.
    CoachMessageEmpty = "coach_message_empty",
    /// The student's message was too long.
    CoachMessageTooLong = "coach_message_too_long",
    /// A draft field was too long.
    CoachFieldTooLong = "coach_field_too_long",
    /// The argument is already complete.
    CoachSessionComplete = "coach_session_complete",
    // The tutor.
    /// No tutor thread with this id belongs to the profile.
    TutorThreadNotFound = "tutor_thread_not_found",
    /// No course with this id is imported.
    TutorCourseNotFound = "tutor_course_not_found",
    /// The course has no unit with this id.
    TutorUnitNotFound = "tutor_unit_not_found",
    /// The course has no exam question with this id.
    ExamQuestionNotFound = "exam_question_not_found",
    /// The option is not one of the question's.
    ExamInvalidOption = "exam_invalid_option",
    /// The question is locked for 24 hours after a wrong answer or a viewed support.
    ExamQuestionLocked = "exam_question_locked",
    /// The question was already passed.
    ExamAlreadyPassed = "exam_already_passed",
    /// The question has no video walkthrough.
    ExamSupportUnavailable = "exam_support_unavailable",
    /// The message is not a drill of the thread.
    TutorDrillNotFound = "tutor_drill_not_found",
    /// The drill was already answered.
    TutorDrillAlreadyGraded = "tutor_drill_already_graded",
    /// The student's message is empty.
    TutorMessageEmpty = "tutor_message_empty",
    /// The student's message is too long.
    TutorMessageTooLong = "tutor_message_too_long",
    /// The model's answer broke the turn's policy (answered by the fallback).
    TutorPolicyViolation = "tutor_policy_violation",
    /// The tutor's answer stream to the window failed.
    TutorStreamFailed = "tutor_stream_failed",
    // Reports.
    /// No report with this id belongs to the profile.
    ReportNotFound = "report_not_found",
    /// No project with this id belongs to the profile.
    ProjectNotFound = "project_not_found",
    /// The report has no section with this id.
    ReportSectionNotFound = "report_section_not_found",
    /// A section title was empty or too long.
    ReportTitleInvalid = "report_title_invalid",
    /// A section body was too long.
    ReportBodyTooLong = "report_body_too_long",
    /// The change would change nothing.
    ReportNoChange = "report_no_change",
    /// A section cannot move under itself or its subsections.
    ReportMoveIntoItself = "report_move_into_itself",
    /// Sections cannot nest that deep.
    ReportTooDeep = "report_too_deep",
    /// A tool's arguments were not valid.
    ReportArgumentsInvalid = "report_arguments_invalid",
    /// The model asked for a tool that is not offered.
    ReportToolUnknown = "report_tool_unknown",
    /// A report file could not be imported.
    ReportImportFailed = "report_import_failed",
    /// The student's message is empty.
    ReportMessageEmpty = "report_message_empty",
    /// The student's message is too long.
    ReportMessageTooLong = "report_message_too_long",
    /// The change is not waiting for review.
    ReportChangeNotPending = "report_change_not_pending",
    /// Deleting a section needs an explicit confirmation.
    ReportDeleteUnconfirmed = "report_delete_unconfirmed",
    /// There is no accepted change to undo.
    ReportNothingToUndo = "report_nothing_to_undo",
    /// The report has no such version.
    ReportVersionNotFound = "report_version_not_found",
    /// The report's answer stream to the window failed.
    ReportStreamFailed = "report_stream_failed",
    /// The model's tool loop ended with nothing the report editor could use (words
    /// without a change, the step limit, a repeated call, broken output).
    ReportReplyUnusable = "report_reply_unusable",
    // Expenses.
    /// No such expense for this profile.
    ExpenseNotFound = "expense_not_found",
    /// The profile's role may not use this tool.
    ExpenseForbidden = "expense_forbidden",
    /// A tool's arguments were not valid.
    ExpenseInvalid = "expense_invalid",
    /// A tool that does not exist.
    ExpenseToolUnknown = "expense_tool_unknown",
    /// No such proposal for this profile.
    ExpenseProposalNotFound = "expense_proposal_not_found",
    /// The proposal waited too long to be confirmed.
    ExpenseProposalExpired = "expense_proposal_expired",
    /// The proposal was already confirmed, cancelled or replaced.
    ExpenseProposalUsed = "expense_proposal_used",
    /// The arguments confirmed are not the ones proposed.
    ExpenseProposalMismatch = "expense_proposal_mismatch",
    /// An empty message.
    ExpenseMessageEmpty = "expense_message_empty",
    /// A message over the limit.
    ExpenseMessageTooLong = "expense_message_too_long",
    /// The model's answer could not be read, twice; nothing ran.
    ExpenseModelUnreadable = "expense_model_unreadable",
    /// The answer stream to the window failed.
    ExpenseStreamFailed = "expense_stream_failed",
    /// A change of the expense role came without the owner's PIN.
    ExpenseOwnerPinRequired = "expense_owner_pin_required",
    /// The PIN given to change the expense role is not the owner's.
    ExpenseOwnerPinWrong = "expense_owner_pin_wrong",
    /// The owner's PIN being chosen is the profile's own PIN.
    ExpenseOwnerPinSame = "expense_owner_pin_same",
    /// A teacher's file of category words could not be used (the line is named); the
    /// built-in table stays.
    ExpenseCategoryWordsInvalid = "expense_category_words_invalid",
    // Modules.
    /// No module with that id is imported.
    ModuleNotFound = "module_not_found",
    /// No such module session for this profile.
    ModuleSessionNotFound = "module_session_not_found",
    /// The module has no such section.
    ModuleSectionNotFound = "module_section_not_found",
    /// The module has no such form.
    ModuleFormNotFound = "module_form_not_found",
    /// A form's answers do not fit the form.
    ModuleFormInvalid = "module_form_invalid",
    /// An empty message.
    ModuleMessageEmpty = "module_message_empty",
    /// A message over the limit.
    ModuleMessageTooLong = "module_message_too_long",
    /// The model's reply could not be used (the guide answered).
    ModuleReplyUnusable = "module_reply_unusable",
    /// The answer stream to the window failed.
    ModuleStreamFailed = "module_stream_failed",
    /// A school's distress-words.txt could not be used (too large, too many phrases, a bad
    /// line, not text, or not a plain file); the built-in phrases stay.
    ModuleDistressWordsInvalid = "module_distress_words_invalid",
    // Turns.
    /// No running turn has that id.
    TurnNotFound = "turn_not_found",
    // Storage.
    /// The database could not be opened.
    StoreOpenFailed = "store_open_failed",
    /// The database could not be migrated.
    StoreMigrationFailed = "store_migration_failed",
    /// A database query failed.
    StoreQueryFailed = "store_query_failed",
    /// A stored value could not be read back.
    StoreCorrupt = "store_corrupt",
    /// The course catalog could not be written.
    StoreFailed = "store_failed",
    // Profiles and settings.
    /// A profile name was empty, too long or had control characters.
    ProfileNameInvalid = "profile_name_invalid",
    /// Another profile has that name.
    ProfileNameTaken = "profile_name_taken",
    /// No profile has that id.
    ProfileNotFound = "profile_not_found",
    /// The profile has a PIN and it was not entered.
    ProfileLocked = "profile_locked",
    /// The PIN entered is not the profile's.
    ProfilePinWrong = "profile_pin_wrong",
    /// A PIN must be 4 to 12 digits.
    ProfilePinInvalid = "profile_pin_invalid",
    /// Too many wrong PINs: the next try must wait.
    ProfilePinThrottled = "profile_pin_throttled",
    /// The action needs the profile's PIN and the profile has none.
    ProfilePinRequired = "profile_pin_required",
    /// A setting was out of range.
    SettingsInvalid = "settings_invalid",
    /// The settings file could not be written.
    SettingsSaveFailed = "settings_save_failed",
    // Course packs.
    /// No pack at that path.
    PackNotFound = "pack_not_found",
    /// The pack could not be read.
    PackUnreadable = "pack_unreadable",
    /// A file the pack names is missing.
    PackMissingFile = "pack_missing_file",
    /// A pack file is not valid JSON.
    PackInvalidJson = "pack_invalid_json",
    /// A pack field has a wrong value.
    PackInvalidField = "pack_invalid_field",
    /// An id is used twice.
    PackDuplicateId = "pack_duplicate_id",
    /// A unit id is not in the course.
    PackUnknownUnit = "pack_unknown_unit",
    /// The prerequisites form a cycle.
    PackCycle = "pack_cycle",
    /// A question has no correct option.
    PackMissingCorrectOption = "pack_missing_correct_option",
    /// A content file has a type Lantern cannot read.
    PackUnsupportedContent = "pack_unsupported_content",
    /// A PDF's text could not be read.
    PackPdfUnreadable = "pack_pdf_unreadable",
    /// A drill template does not render or its answer is wrong.
    PackInvalidDrill = "pack_invalid_drill",
    // Import limits (packs, reports, specifications; see `import_limits`).
    /// A file, or an archive's total, is larger than its limit.
    ImportTooLarge = "import_too_large",
    /// A zip holds more entries than the limit, or a larger directory.
    ImportTooManyEntries = "import_too_many_entries",
    /// A zip entry is compressed more than the limit allows (a zip bomb).
    ImportCompressionRatio = "import_compression_ratio",
    /// The same file is named twice (a content path, or a zip entry).
    ImportDuplicatePath = "import_duplicate_path",
    /// A list (units, questions, sections, media…) is longer than its limit.
    ImportTooManyItems = "import_too_many_items",
    /// A symbolic link, or a path that leads outside the pack or the report's folder.
    ImportSymlinkRefused = "import_symlink_refused",
    /// Reading a file (a PDF's text) took longer than the limit.
    ImportTimedOut = "import_timed_out",
    // Retrieval.
    /// The embedder or its runtime is unavailable.
    EmbedderUnavailable = "embedder_unavailable",
    /// The ONNX Runtime library is missing.
    EmbedderRuntimeMissing = "embedder_runtime_missing",
    /// The ONNX Runtime library is not usable.
    EmbedderRuntimeInvalid = "embedder_runtime_invalid",
    /// The embedding model files are missing.
    EmbedderModelMissing = "embedder_model_missing",
    /// Embedding a text failed.
    EmbedderFailed = "embedder_failed",
    /// The vector index failed.
    IndexFailed = "index_failed",
    // Progress hand-ins and the class view.
    /// The file is not a Lantern progress hand-in, or does not parse.
    HandinInvalid = "handin_invalid",
    /// The hand-in file is larger than any hand-in can be.
    HandinTooLarge = "handin_too_large",
    /// The hand-in was written by a newer Lantern.
    HandinVersionUnsupported = "handin_version_unsupported",
    /// There is nothing to hand in: no course, argument or module was worked on.
    HandinEmpty = "handin_empty",
    /// A hand-in lists more units, questions, statements … than any real one.
    HandinTooMany = "handin_too_many",
    /// A hand-in is dated after now.
    HandinFutureDated = "handin_future_dated",
    /// The class keeps no such hand-in of that student.
    HandinNotFound = "handin_not_found",
    /// A class command was given a student profile, or a class profile was asked to study.
    ClassProfileRequired = "class_profile_required",
    /// A class profile needs a PIN: it is created with one, cannot remove it, and one
    /// made without is asked for one before its class opens.
    ClassProfilePinRequired = "class_profile_pin_required",
    // The app and the command line.
    /// A file could not be written where the student chose.
    ExportFailed = "export_failed",
    /// A command was used with wrong arguments.
    UsageInvalid = "usage_invalid",
    /// A file given to a command could not be read.
    FileUnreadable = "file_unreadable",
    /// A JSON Schema file could not be read.
    SchemaUnreadable = "schema_unreadable",
    /// A JSON Schema file is not a schema.
    SchemaInvalid = "schema_invalid",
    /// An eval case file is not valid.
    EvalCasesInvalid = "eval_cases_invalid",
    /// A benchmark could not run.
    BenchFailed = "bench_failed",
    /// The async runtime could not start.
    RuntimeFailed = "runtime_failed",
    /// The app could not start (its window, data folder or database).
    AppStartFailed = "app_start_failed",
    /// The window could not reach the app's core.
    IpcFailed = "ipc_failed",
    /// A failure that is the app's fault, not the user's.
    InternalError = "internal_error",
}

impl ErrorCode {
    /// The code named `code`, if there is one.
    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.as_str() == code)
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for ErrorCode {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<str> for ErrorCode {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

/// Whether `code` has the shape of a stable error code (`[a-z]+(_[a-z0-9]+)*`).
pub fn is_well_formed_code(code: &str) -> bool {
    !code.is_empty()
        && code.split('_').all(|word| {
            !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
        && code.starts_with(|c: char| c.is_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_snake_case_codes() {
        assert!(is_well_formed_code("model_not_found"));
        assert!(is_well_formed_code("coach_stream_failed"));
        assert!(is_well_formed_code("pack_v2_missing"));
    }

    #[test]
    fn rejects_other_shapes() {
        for bad in [
            "",
            "Model",
            "model-not-found",
            "_model",
            "model_",
            "model__x",
            "2fast",
        ] {
            assert!(!is_well_formed_code(bad), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn every_registered_code_is_well_formed_distinct_and_round_trips() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            assert!(is_well_formed_code(code.as_str()), "{code}");
            assert!(seen.insert(code.as_str()), "{code} is registered twice");
            assert_eq!(ErrorCode::parse(code.as_str()), Some(*code));
            let json = serde_json::to_string(code).unwrap();
            assert_eq!(json, format!("\"{code}\""));
        }
        assert_eq!(ErrorCode::parse("no_such_code"), None);
    }
}
