/// Every command the app registers, by name. Shared with build.rs (which turns each into
/// an `allow-…` permission); a test checks this list, the registered commands and the
/// capability files agree.
pub const COMMAND_NAMES: &[&str] = &[
    "app_info",
    "model_status",
    "inspect_model_file",
    "reload_model",
    "get_settings",
    "save_settings",
    "list_profiles",
    "create_profile",
    "switch_profile",
    "list_courses",
    "import_course",
    "search_course",
    "coach_list",
    "coach_create",
    "coach_open",
    "coach_delete",
    "coach_send",
    "coach_retry",
    "coach_accept",
    "coach_reject",
    "coach_edit_draft",
    "coach_advance",
    "coach_export_file",
];
