//! llama.cpp's own `llama-bench`, built from the source vendored in `llama-cpp-sys-2`
//! (same commit, same GGML options), as the yardstick for Lantern's runtime. A
//! developer tool: it needs cmake, a C++ compiler and the cargo registry sources.

use crate::cli_error::CliError;
use lantern_core::ErrorCode;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Version of `llama-cpp-sys-2` this binary was built with.
const SYS_VERSION: &str = env!("LANTERN_LLAMA_SYS_VERSION");
/// GGML cmake options the runtime was built with.
const GGML_FLAGS: &str = env!("LANTERN_GGML_FLAGS");
/// PyPI source distribution whose vendored llama.cpp provides the llama-bench sources.
const TOOL_SDIST: &str = "llama-cpp-python==0.3.36";
/// The folder that distribution unpacks to.
const TOOL_SDIST_DIR: &str = "llama_cpp_python-0.3.36";

/// Throughput measured by llama-bench.
#[derive(Debug, Clone, Copy)]
pub struct Yardstick {
    /// Prompt processing, tokens per second.
    pub prompt_tps: f64,
    /// Generation, tokens per second.
    pub decode_tps: f64,
}

fn failed(message: impl Into<String>) -> CliError {
    CliError::new(ErrorCode::BenchFailed, message)
}

/// The vendored llama.cpp source in the cargo registry.
fn vendored_source() -> Result<PathBuf, CliError> {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| dirs::home_dir().map(|h| h.join(".cargo")))
        .ok_or_else(|| failed("cannot find the cargo home"))?;
    let wanted = format!("llama-cpp-sys-2-{SYS_VERSION}");
    let registries = std::fs::read_dir(cargo_home.join("registry/src"))
        .map_err(|e| failed(format!("cannot read the cargo registry: {e}")))?;
    registries
        .filter_map(Result::ok)
        .map(|entry| entry.path().join(&wanted).join("llama.cpp"))
        .find(|dir| dir.join("CMakeLists.txt").is_file())
        .ok_or_else(|| {
            failed(format!(
                "{wanted} is not in {}/registry/src",
                cargo_home.display()
            ))
        })
}

fn run(command: &mut Command, what: &str) -> Result<(), CliError> {
    let status = command
        .status()
        .map_err(|e| failed(format!("cannot run {what}: {e}")))?;
    if status.success() {
        Ok(())
    } else {
        Err(failed(format!("{what} failed ({status})")))
    }
}

/// The folder holding `llama-bench.cpp` and `main.cpp`. The crate's vendored copy of
/// llama.cpp leaves out the tools' sources; then they come from the llama.cpp that
/// PyPI's `llama-cpp-python` source distribution vendors (a nearby commit), and are
/// compiled against the crate's own libraries, so the engine measured is the same.
fn tool_source(vendored: &Path, cache: &Path) -> Result<PathBuf, CliError> {
    let own = vendored.join("tools/llama-bench");
    if own.join("llama-bench.cpp").is_file() {
        return Ok(own);
    }
    let extracted = cache
        .join(TOOL_SDIST_DIR)
        .join("vendor/llama.cpp/tools/llama-bench");
    if extracted.join("llama-bench.cpp").is_file() {
        return Ok(extracted);
    }
    std::fs::create_dir_all(cache).map_err(|e| failed(format!("{}: {e}", cache.display())))?;
    run(
        Command::new("python3")
            .args([
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--no-binary",
                ":all:",
                TOOL_SDIST,
                "-d",
            ])
            .arg(cache),
        "pip download",
    )?;
    run(
        Command::new("tar")
            .arg("-xzf")
            .arg(cache.join(format!("{TOOL_SDIST_DIR}.tar.gz")))
            .arg("-C")
            .arg(cache)
            .args(["--wildcards", "*/vendor/llama.cpp/tools/llama-bench/*.cpp"]),
        "tar",
    )?;
    Ok(extracted)
}

/// A cmake project: the vendored llama.cpp as a subproject, plus the llama-bench tool.
fn project_file(vendored: &Path, tool: &Path) -> String {
    format!(
        r#"cmake_minimum_required(VERSION 3.14)
project(lantern_llama_bench C CXX)
add_subdirectory("{vendored}" llama.cpp)
add_executable(llama-bench "{tool}/llama-bench.cpp" "{tool}/main.cpp")
target_include_directories(llama-bench PRIVATE "{tool}")
target_link_libraries(llama-bench PRIVATE llama-common llama ${{CMAKE_THREAD_LIBS_INIT}})
target_compile_features(llama-bench PRIVATE cxx_std_17)
set_target_properties(llama-bench PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${{CMAKE_BINARY_DIR}}/bin")
"#,
        vendored = vendored.display(),
        tool = tool.display()
    )
}

/// Builds `llama-bench` under `build_dir` unless it is already there; returns its path.
pub fn build(build_dir: &Path) -> Result<PathBuf, CliError> {
    let dir = build_dir.join(SYS_VERSION);
    let binary = dir.join("build/bin/llama-bench");
    if binary.is_file() {
        return Ok(binary);
    }
    let vendored = vendored_source()?;
    let cache = dirs::cache_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("lantern/llama-bench");
    let tool = tool_source(&vendored, &cache)?;
    let project = dir.join("project");
    std::fs::create_dir_all(&project).map_err(|e| failed(format!("{}: {e}", project.display())))?;
    std::fs::write(
        project.join("CMakeLists.txt"),
        project_file(&vendored, &tool),
    )
    .map_err(|e| failed(format!("{}: {e}", project.display())))?;
    eprintln!(
        "building llama-bench against {} (takes several minutes)",
        vendored.display()
    );
    let mut configure = Command::new("cmake");
    configure
        .arg("-S")
        .arg(&project)
        .arg("-B")
        .arg(dir.join("build"))
        .args([
            "-DCMAKE_BUILD_TYPE=Release",
            "-DBUILD_SHARED_LIBS=OFF",
            "-DGGML_NATIVE=OFF",
            "-DGGML_OPENMP=ON",
            "-DGGML_CCACHE=OFF",
            "-DLLAMA_BUILD_COMMON=ON",
            "-DLLAMA_CURL=OFF",
        ])
        .args(GGML_FLAGS.split_whitespace());
    run(&mut configure, "cmake configure")?;
    let jobs = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .to_string();
    run(
        Command::new("cmake")
            .arg("--build")
            .arg(dir.join("build"))
            .args(["--target", "llama-bench", "-j", &jobs]),
        "cmake build",
    )?;
    if binary.is_file() {
        Ok(binary)
    } else {
        Err(failed(format!("the build left no {}", binary.display())))
    }
}

/// Runs `llama-bench` (512-token prompt, 128 generated tokens) with `threads`.
pub fn measure(
    binary: &Path,
    model: &Path,
    threads: u32,
    runs: u32,
) -> Result<Yardstick, CliError> {
    let output = Command::new(binary)
        .arg("-m")
        .arg(model)
        .args(["-p", "512", "-n", "128", "-o", "json"])
        .args(["-t", &threads.to_string(), "-r", &runs.max(1).to_string()])
        .env("OMP_WAIT_POLICY", "PASSIVE")
        .output()
        .map_err(|e| failed(format!("cannot run llama-bench: {e}")))?;
    if !output.status.success() {
        return Err(failed(format!(
            "llama-bench failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        )));
    }
    parse_results(&String::from_utf8_lossy(&output.stdout))
}

/// Reads prompt and generation throughput from llama-bench's JSON output.
fn parse_results(json: &str) -> Result<Yardstick, CliError> {
    let rows: Vec<Value> = serde_json::from_str(json)
        .map_err(|e| failed(format!("unexpected llama-bench output ({e})")))?;
    let rate = |prompt: bool| {
        rows.iter()
            .find(|row| {
                let n_prompt = row["n_prompt"].as_u64().unwrap_or(0);
                let n_gen = row["n_gen"].as_u64().unwrap_or(0);
                if prompt {
                    n_prompt > 0 && n_gen == 0
                } else {
                    n_gen > 0 && n_prompt == 0
                }
            })
            .and_then(|row| row["avg_ts"].as_f64())
            .ok_or_else(|| failed("llama-bench reported no matching test"))
    };
    Ok(Yardstick {
        prompt_tps: rate(true)?,
        decode_tps: rate(false)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_prompt_and_generation_rows() {
        let json = r#"[{"n_prompt":512,"n_gen":0,"avg_ts":900.5},{"n_prompt":0,"n_gen":128,"avg_ts":80.25}]"#;
        let y = parse_results(json).unwrap();
        assert_eq!(y.prompt_tps, 900.5);
        assert_eq!(y.decode_tps, 80.25);
    }

    #[test]
    fn output_without_a_generation_row_is_an_error() {
        let json = r#"[{"n_prompt":512,"n_gen":0,"avg_ts":900.5}]"#;
        assert_eq!(parse_results(json).unwrap_err().code, "bench_failed");
    }
}
