//! What the window may reach, checked against the real capability file and config: every
//! permission it holds has a use in the UI and every command the UI calls is granted; no
//! plugin that takes a path (store, dialog, fs) answers it; import and export commands take
//! no path from it — the Rust side opens the dialog —; and the asset protocol serves only
//! `$APPDATA/media/**`, also after a file was picked. The IPC tests answer dialogs through
//! `ScriptedPicks`, which only debug builds have.

mod common;

use lantern_app_lib::COMMAND_NAMES;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The repository root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Permissions of plugins the window holds, each with the UI code that needs it.
const PLUGIN_PERMISSIONS: &[(&str, &str)] = &[
    // `events.x.listen(...)` in the hooks (model status, imports, lists).
    ("core:event:allow-listen", ".listen("),
    // The function `listen` resolves to, called when a hook unmounts.
    ("core:event:allow-unlisten", "unlisten"),
];

/// The UI's own source files: not tests, mocks, the test backend or the generated bindings.
fn ui_sources() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, found: &mut Vec<(PathBuf, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if name != "testing" {
                    walk(&path, found);
                }
            } else if (name.ends_with(".ts") || name.ends_with(".tsx"))
                && !name.contains(".test.")
                && name != "mock.ts"
                && name != "bindings.ts"
            {
                found.push((path.clone(), std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    let mut found = Vec::new();
    walk(&root().join("ui/src"), &mut found);
    assert!(found.len() > 20, "the UI sources were not found");
    found
}

/// `reportsImportSpecs` → `reports_import_specs`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The commands the UI calls (`commands.name`, or `commands` then `.name` on the next
/// line, in its sources), by wire name.
fn commands_the_ui_calls() -> BTreeSet<String> {
    let mut called = BTreeSet::new();
    for (_, text) in ui_sources() {
        for (at, _) in text.match_indices("commands") {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            let Some(rest) = text[at + "commands".len()..].trim_start().strip_prefix('.') else {
                continue;
            };
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            if !name.is_empty() {
                called.insert(snake_case(&name));
            }
        }
    }
    called
}

/// The permissions of the main window's capability.
fn granted() -> BTreeSet<String> {
    let file = root().join("src-tauri/capabilities/default.json");
    let capability: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(capability["windows"], serde_json::json!(["main"]));
    capability["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().expect("permissions are plain names").to_string())
        .collect()
}

#[test]
fn every_granted_command_is_called_by_the_ui_and_every_call_is_granted() {
    let allowed: BTreeSet<String> = granted()
        .iter()
        .filter_map(|p| p.strip_prefix("allow-"))
        .map(|p| p.replace('-', "_"))
        .collect();
    let called = commands_the_ui_calls();
    let unused: Vec<_> = allowed.difference(&called).collect();
    assert!(
        unused.is_empty(),
        "granted but never called by the UI: {unused:?}"
    );
    let missing: Vec<_> = called.difference(&allowed).collect();
    assert!(
        missing.is_empty(),
        "called by the UI but not granted: {missing:?}"
    );
    let declared: BTreeSet<String> = COMMAND_NAMES.iter().map(|s| s.to_string()).collect();
    assert_eq!(allowed, declared, "every registered command is granted");
}

#[test]
fn every_plugin_permission_has_a_use_in_the_ui() {
    let plugins: BTreeSet<String> = granted()
        .into_iter()
        .filter(|p| !p.starts_with("allow-"))
        .collect();
    let expected: BTreeSet<String> = PLUGIN_PERMISSIONS
        .iter()
        .map(|(p, _)| p.to_string())
        .collect();
    assert_eq!(plugins, expected, "plugin permissions vs the allow-list");
    let sources = ui_sources();
    for (permission, used_by) in PLUGIN_PERMISSIONS {
        assert!(
            sources.iter().any(|(_, text)| text.contains(used_by)),
            "{permission}: no `{used_by}` in the UI"
        );
    }
}

#[test]
fn the_window_holds_no_permission_that_takes_a_path() {
    for permission in granted() {
        for plugin in [
            "store:",
            "dialog:",
            "fs:",
            "shell:",
            "opener:",
            "http:",
            "core:default",
        ] {
            assert!(!permission.starts_with(plugin), "{permission}");
        }
    }
}

/// Each command's parameters in the generated bindings, by command (camelCase).
fn command_parameters() -> Vec<(String, Vec<String>)> {
    let bindings = std::fs::read_to_string(root().join("ui/src/bindings.ts")).unwrap();
    let commands = bindings
        .split("export const commands = {")
        .nth(1)
        .and_then(|rest| rest.split("\n}").next())
        .expect("the bindings have a commands object");
    commands
        .lines()
        .filter_map(|line| {
            let (name, rest) = line.trim().split_once(": (")?;
            let (params, _) = rest.split_once(") =>")?;
            let names = params
                .split(", ")
                .filter_map(|p| p.split_once(':').map(|(n, _)| n.trim().to_string()))
                .collect();
            Some((name.to_string(), names))
        })
        .collect()
}

#[test]
fn no_command_takes_a_path_from_the_window() {
    let commands = command_parameters();
    assert!(
        commands.len() >= COMMAND_NAMES.len(),
        "every command's signature was read"
    );
    for (command, params) in &commands {
        for param in params {
            let lower = param.to_lowercase();
            assert!(
                !["path", "file", "folder", "dir"]
                    .iter()
                    .any(|w| lower.contains(w)),
                "{command} takes `{param}` from the window"
            );
        }
    }
    let params = |name: &str| commands.iter().find(|(c, _)| c == name).unwrap().1.clone();
    assert_eq!(params("coachExportFile"), ["id", "format", "language"]);
    assert_eq!(params("reportsExport"), ["id", "format", "language"]);
    assert_eq!(params("reportsImport"), ["projectId", "language"]);
    assert_eq!(
        params("reportsImportSpecs"),
        ["projectId", "language", "onProgress"]
    );
    assert_eq!(params("importCourse"), ["kind", "language"]);
    assert_eq!(params("modulesImport"), ["kind", "language"]);
    assert_eq!(params("modelsCheck"), ["language"]);
    assert_eq!(params("modelsImport"), ["copy"]);
}

#[test]
fn the_asset_protocol_is_configured_for_the_media_folder_only() {
    let config: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("tauri.conf.json")).unwrap())
            .unwrap();
    let asset = &config["app"]["security"]["assetProtocol"];
    assert_eq!(asset["scope"], serde_json::json!(["$APPDATA/media/**"]));
    // Nothing in the app widens it at run time.
    fn walk(dir: &Path) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path);
            } else {
                let text = std::fs::read_to_string(&path).unwrap();
                for call in ["allow_directory(", "allow_file(", "asset_protocol_scope("] {
                    assert!(!text.contains(call), "{} calls {call}", path.display());
                }
            }
        }
    }
    walk(&root().join("src-tauri/src"));
}

/// The commands through Tauri's IPC layer with the real capabilities (debug builds).
#[cfg(debug_assertions)]
mod through_ipc {
    use lantern_app_lib::picker::ScriptedPicks;
    use lantern_app_lib::{lantern_builder, state::AppState};
    use std::path::Path;
    use tauri::test::{get_ipc_response, mock_builder, MockRuntime};
    use tauri::Manager;

    use super::common::invoke_with as invoke;

    /// The app as `run` builds it (the store and dialog plugins too) on the mock runtime, with
    /// a fresh database in `data`, dialogs answered from the file `picks`, and its window.
    fn app_with_plugins(
        data: &Path,
        picks: &Path,
    ) -> (tauri::App<MockRuntime>, tauri::WebviewWindow<MockRuntime>) {
        let state = tauri::async_runtime::block_on(AppState::open(data, None, None)).unwrap();
        let app = mock_builder()
            .plugin(tauri_plugin_store::Builder::new().build())
            .plugin(tauri_plugin_dialog::init())
            .invoke_handler(lantern_builder!(MockRuntime).invoke_handler())
            .manage(state)
            .manage(ScriptedPicks::new(picks))
            .build(tauri::generate_context!())
            .expect("app builds with the real config");
        let window = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
            .build()
            .unwrap();
        (app, window)
    }

    /// The command's answer as JSON.
    fn answer(
        window: &tauri::WebviewWindow<MockRuntime>,
        cmd: &str,
        args: serde_json::Value,
    ) -> serde_json::Value {
        get_ipc_response(window, invoke(cmd, args))
            .unwrap_or_else(|e| panic!("{cmd} fails: {e}"))
            .deserialize()
            .unwrap()
    }

    #[test]
    fn the_window_cannot_call_the_store_or_dialog_plugins() {
        let data = tempfile::tempdir().unwrap();
        let (_app, window) = app_with_plugins(data.path(), &data.path().join("picks"));
        let outside = tempfile::tempdir().unwrap();
        let evil = outside.path().join("evil.json");
        // The store plugin resolves an absolute path as it is: a store anywhere on disk.
        let load = invoke(
            "plugin:store|load",
            serde_json::json!({ "path": evil, "options": { "defaults": {}, "autoSave": false } }),
        );
        let refused = get_ipc_response(&window, load).expect_err("the store plugin is refused");
        assert!(refused.to_string().contains("not allowed"), "{refused}");
        for (cmd, args) in [
            (
                "plugin:dialog|open",
                serde_json::json!({ "options": { "directory": true } }),
            ),
            ("plugin:dialog|save", serde_json::json!({ "options": {} })),
            (
                "plugin:fs|read_file",
                serde_json::json!({ "path": "/etc/passwd" }),
            ),
        ] {
            let refused = get_ipc_response(&window, invoke(cmd, args)).expect_err(cmd);
            assert!(
                refused.to_string().contains("not allowed"),
                "{cmd}: {refused}"
            );
        }
        assert!(!evil.exists());
    }

    #[test]
    fn an_export_writes_where_the_dialog_chose_and_ignores_a_path_from_the_window() {
        let data = tempfile::tempdir().unwrap();
        let picks = data.path().join("picks");
        let (_app, window) = app_with_plugins(data.path(), &picks);
        let session = answer(
            &window,
            "coach_create",
            serde_json::json!({ "title": "Homework should be banned", "language": "en" }),
        );
        let outside = tempfile::tempdir().unwrap();
        let crafted = outside.path().join("crafted.md");
        let chosen = outside.path().join("chosen.md");
        let export = serde_json::json!({
            "id": session["id"], "format": "markdown", "language": "en", "path": crafted,
        });
        // Cancelled: a normal answer, nothing written.
        assert_eq!(
            answer(&window, "coach_export_file", export.clone()),
            serde_json::Value::Null
        );
        std::fs::write(&picks, chosen.to_string_lossy().as_bytes()).unwrap();
        let saved = answer(&window, "coach_export_file", export);
        assert_eq!(saved, serde_json::json!(chosen.display().to_string()));
        assert!(std::fs::read_to_string(&chosen)
            .unwrap()
            .contains("Homework should be banned"));
        assert!(!crafted.exists(), "the window's path was used");
    }

    #[test]
    fn a_picked_file_is_imported_and_leaves_the_asset_scope_as_configured() {
        let data = tempfile::tempdir().unwrap();
        let picks = data.path().join("picks");
        let (app, window) = app_with_plugins(data.path(), &picks);
        let scope = app.asset_protocol_scope();
        let configured = scope.allowed_patterns();
        let outside = tempfile::tempdir().unwrap();
        let report = outside.path().join("survey.md");
        std::fs::write(&report, "# Survey\n\n## Method\n\nWe asked ten people.\n").unwrap();
        let crafted =
            serde_json::json!({ "projectId": null, "language": "en", "path": "/etc/passwd" });
        assert_eq!(
            answer(&window, "reports_import", crafted.clone()),
            serde_json::Value::Null
        );
        std::fs::write(&picks, report.to_string_lossy().as_bytes()).unwrap();
        let imported = answer(&window, "reports_import", crafted);
        assert_eq!(imported["title"], "Survey");
        // The exported copy goes where the dialog said, not where the window said.
        let exported = outside.path().join("out.docx");
        std::fs::write(&picks, exported.to_string_lossy().as_bytes()).unwrap();
        let crafted_out = outside.path().join("crafted.docx");
        let export = serde_json::json!({
            "id": imported["id"], "format": "docx", "language": "es", "path": crafted_out,
        });
        answer(&window, "reports_export", export);
        assert!(exported.is_file() && !crafted_out.exists());
        // Picking widened nothing: the picked folder and file stay outside the asset scope.
        assert_eq!(scope.allowed_patterns(), configured);
        assert!(!scope.is_allowed(&report));
        assert!(!scope.is_allowed(outside.path().join("picture.png")));
        let media = app
            .path()
            .app_data_dir()
            .unwrap()
            .join("media/reports/1/picture.png");
        assert!(scope.is_allowed(media), "the media folder is served");
    }
}
