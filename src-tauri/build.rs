//! Generates the Tauri context (config, capabilities, icons) at compile time, with an
//! `allow-<command>` permission for each of the app's commands so capabilities must
//! grant them one by one.

include!("src/command_names.rs");

fn main() {
    let attributes = tauri_build::Attributes::new()
        .app_manifest(tauri_build::AppManifest::new().commands(COMMAND_NAMES));
    if let Err(e) = tauri_build::try_build(attributes) {
        println!("cargo:warning=tauri build step failed: {e:#}");
        std::process::exit(1);
    }
}
