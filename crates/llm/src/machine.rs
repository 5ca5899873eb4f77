//! What this machine offers a model: physical and free memory, and whether its CPU has
//! the instruction sets the bundled llama.cpp was compiled for.

use lantern_core::catalog::{missing_cpu_features, REQUIRED_X86_FEATURES};
use lantern_core::llm::LlmError;

/// `MemTotal` from /proc/meminfo in bytes, when the platform has it.
pub fn total_ram() -> Option<u64> {
    meminfo_field("MemTotal:")
}

/// `MemAvailable` from /proc/meminfo in bytes, when the platform has it.
pub fn available_ram() -> Option<u64> {
    meminfo_field("MemAvailable:")
}

fn meminfo_field(field: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_meminfo(&text, field)
}

/// A `kB` field of /proc/meminfo text, in bytes.
pub(crate) fn parse_meminfo(meminfo: &str, field: &str) -> Option<u64> {
    meminfo
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        })
        .map(|kib| kib * 1024)
}

/// Peak resident memory of process `pid` in bytes (`VmHWM`, Linux).
pub fn peak_rss(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    parse_meminfo(&status, "VmHWM:")
}

/// The CPU's model name (from /proc/cpuinfo), or the architecture.
pub fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|l| l.strip_prefix("model name"))
                .and_then(|rest| rest.split_once(':'))
                .map(|(_, name)| name.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

/// Whether the running CPU has the x86-64 feature `name` (other architectures: yes).
fn has_feature(name: &str) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        match name {
            "sse4.2" => std::arch::is_x86_feature_detected!("sse4.2"),
            "avx" => std::arch::is_x86_feature_detected!("avx"),
            "avx2" => std::arch::is_x86_feature_detected!("avx2"),
            "fma" => std::arch::is_x86_feature_detected!("fma"),
            "f16c" => std::arch::is_x86_feature_detected!("f16c"),
            "bmi2" => std::arch::is_x86_feature_detected!("bmi2"),
            _ => false,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = name;
        true
    }
}

/// The instruction sets this CPU lacks (empty when the model can run).
pub fn missing_cpu() -> Vec<&'static str> {
    if cfg!(target_arch = "x86_64") {
        missing_cpu_features(REQUIRED_X86_FEATURES, has_feature)
    } else {
        Vec::new()
    }
}

/// Fails with `model_cpu_unsupported` when this CPU cannot run the bundled llama.cpp.
pub fn check_cpu() -> Result<(), LlmError> {
    let missing = missing_cpu();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(LlmError::CpuUnsupported(missing.join(", ").to_uppercase()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meminfo_fields_are_read_in_bytes() {
        let text = "MemTotal:       24000000 kB\nMemAvailable:    1000 kB\n";
        assert_eq!(parse_meminfo(text, "MemAvailable:"), Some(1_024_000));
        assert_eq!(parse_meminfo(text, "MemTotal:"), Some(24_576_000_000));
        assert_eq!(parse_meminfo("MemFree: 1 kB", "MemTotal:"), None);
    }

    #[test]
    fn every_required_feature_has_a_detector() {
        // An unknown name would always read as missing and refuse every CPU.
        if cfg!(target_arch = "x86_64") && std::arch::is_x86_feature_detected!("avx2") {
            assert!(REQUIRED_X86_FEATURES.iter().all(|f| has_feature(f)));
        }
    }

    /// The list the check uses is the one llama.cpp was really compiled with: every
    /// `GGML_<FEATURE>` of the build's CMake cache that is ON is in the list, and back.
    #[test]
    fn required_features_match_the_build() {
        let target = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target");
        let cache = ["debug", "release"]
            .iter()
            .filter_map(|profile| std::fs::read_dir(target.join(profile).join("build")).ok())
            .flatten()
            .filter_map(Result::ok)
            .filter(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with("llama-cpp-sys-2-")
            })
            .map(|e| e.path().join("out/build/CMakeCache.txt"))
            .find(|p| p.is_file());
        let Some(cache) = cache else { return };
        let text = std::fs::read_to_string(cache).unwrap();
        let on: Vec<String> = [
            "SSE42", "AVX", "AVX2", "FMA", "F16C", "BMI2", "AVX512", "AVX_VNNI",
        ]
        .iter()
        .filter(|f| text.contains(&format!("GGML_{f}:BOOL=ON")))
        .map(|f| match *f {
            "SSE42" => "sse4.2".to_string(),
            other => other.to_lowercase(),
        })
        .collect();
        assert_eq!(on, REQUIRED_X86_FEATURES);
    }
}
