//! Records which llama.cpp the runtime is built from, so `lantern bench llm` can build
//! llama.cpp's own `llama-bench` from the very same vendored source and flags.

use std::path::Path;

fn main() {
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock.display());
    let version = std::fs::read_to_string(&lock)
        .ok()
        .and_then(|text| sys_crate_version(&text))
        .unwrap_or_default();
    println!("cargo:rustc-env=LANTERN_LLAMA_SYS_VERSION={version}");
    // The GGML_* options llama-cpp-sys-2 passes on to cmake (from .cargo/config.toml).
    let mut flags: Vec<String> = std::env::vars()
        .filter(|(key, _)| key.starts_with("GGML_"))
        .map(|(key, value)| format!("-D{key}={value}"))
        .collect();
    flags.sort();
    for flag in &flags {
        let key = flag
            .trim_start_matches("-D")
            .split('=')
            .next()
            .unwrap_or_default();
        println!("cargo:rerun-if-env-changed={key}");
    }
    println!("cargo:rustc-env=LANTERN_GGML_FLAGS={}", flags.join(" "));
}

/// The locked version of `llama-cpp-sys-2` in a Cargo.lock.
fn sys_crate_version(lock: &str) -> Option<String> {
    let mut lines = lock.lines();
    lines.find(|l| l.trim() == "name = \"llama-cpp-sys-2\"")?;
    let line = lines.next()?;
    Some(
        line.trim()
            .strip_prefix("version = \"")?
            .trim_end_matches('"')
            .to_string(),
    )
}
